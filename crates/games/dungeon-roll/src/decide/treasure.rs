//! Treasure tokens with effects of their own, usable at any time during
//! the Adventurer's delve. Tokens that stand in for a Party die are used
//! wherever a die is (`with: {"treasure": …}`).

use super::{refuse, Ctx, TREASURE};
use crate::event::{DelveOutcome, Event, XpReason};
use crate::faces::{DungeonFace, PartyFace};
use crate::treasure::TreasureKind;
use tw_rules::Refusal;

pub(super) fn use_treasure(
    c: &mut Ctx,
    k: TreasureKind,
    revive: Option<PartyFace>,
) -> Result<(), Refusal> {
    let d = c.delve()?.clone();
    let player = c.s.adventurer;
    if c.s.current().map(|p| p.tokens.get(k)).unwrap_or(0) == 0 {
        return refuse(TREASURE, format!("the Adventurer holds no {k} token"));
    }
    if revive.is_some() && k != TreasureKind::Potion {
        return refuse(TREASURE, format!("{k} revives no die"));
    }
    let returned = Event::TreasureReturned {
        player,
        treasure: k,
    };
    match k {
        TreasureKind::Potion => {
            let Some(face) = revive else {
                return refuse(
                    TREASURE,
                    "the Elixir revives one die: name its face (revive)",
                );
            };
            if d.graveyard == 0 {
                return refuse(
                    TREASURE,
                    "the Graveyard is empty: there is no die to revive",
                );
            }
            c.emit(returned);
            c.emit(Event::Revived { faces: vec![face] });
        }
        TreasureKind::RingOfInvisibility => {
            if d.lair == 0 {
                return refuse(TREASURE, "the Dragon's Lair is empty");
            }
            c.emit(returned);
            c.emit(Event::LairEmptied { count: d.lair });
        }
        TreasureKind::DragonBait => {
            if d.dungeon.monsters() == 0 {
                return refuse(
                    TREASURE,
                    "Dragon Bait turns monsters into Dragons: no monster stands",
                );
            }
            let from: Vec<DungeonFace> = DungeonFace::MONSTERS
                .iter()
                .flat_map(|m| std::iter::repeat_n(*m, d.dungeon.get(*m) as usize))
                .collect();
            c.emit(returned);
            c.emit(Event::MonstersTransformed {
                from,
                to: DungeonFace::Dragon,
            });
        }
        TreasureKind::TownPortal => {
            c.emit(returned);
            c.end_delve(
                DelveOutcome::TownPortal,
                Some((d.level as u16, XpReason::TownPortal)),
            );
        }
        TreasureKind::DragonScales => {
            return refuse(
                TREASURE,
                "Dragon Scales have no effect in play: they score 2 XP a pair at the end",
            );
        }
        _ => {
            return refuse(
                TREASURE,
                format!("{k} acts as a Party die: use it with \"with\": {{\"treasure\": …}}"),
            );
        }
    }
    Ok(())
}
