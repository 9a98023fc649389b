//! The Monster Phase: scrolls, fights, the helper's proposal and the
//! hero's Ultimate.

use super::delve::{check_dungeon_reroll, check_party_reroll};
use super::{refuse, Ctx, MONSTER, SCROLLS, ULTIMATE};
use crate::command::{Reroll, Unit};
use crate::event::Event;
use crate::faces::{DungeonFace, PartyFace};
use crate::helper::propose;
use crate::hero::UltimateEffect;
use crate::state::Stage;
use crate::table::defeats;
use crate::treasure::{Tokens, TreasureKind};
use tw_rules::Refusal;

fn in_monster_phase(c: &Ctx, rule: &str) -> Result<(), Refusal> {
    if c.delve()?.stage != Stage::Monster {
        return refuse(rule, "the Monster Phase of this level is over");
    }
    Ok(())
}

pub(super) fn scroll(
    c: &mut Ctx,
    with: Unit,
    as_face: Option<PartyFace>,
    party: &Reroll<PartyFace>,
    dungeon: &Reroll<DungeonFace>,
) -> Result<(), Refusal> {
    in_monster_phase(c, SCROLLS)?;
    let face = c.check_use(with, as_face)?;
    if face != PartyFace::Scroll {
        return refuse(SCROLLS, format!("only a Scroll rerolls dice, not a {face}"));
    }
    if party.is_empty() && dungeon.is_empty() {
        return refuse(SCROLLS, "name the Party or Dungeon dice to reroll");
    }
    // The Scroll goes to the Graveyard first: it cannot reroll itself.
    c.spend(with, face);
    let d = c.delve()?;
    check_party_reroll(&d.party, party, SCROLLS)?;
    check_dungeon_reroll(&d.dungeon, dungeon, SCROLLS)?;
    c.emit(Event::Rerolled {
        party_from: party.from.clone(),
        party_to: party.to.clone(),
        dungeon_from: dungeon.from.clone(),
        dungeon_to: dungeon.to.clone(),
    });
    Ok(())
}

pub(super) fn fight(
    c: &mut Ctx,
    with: Unit,
    as_face: Option<PartyFace>,
    monster: DungeonFace,
    count: Option<u8>,
) -> Result<(), Refusal> {
    in_monster_phase(c, MONSTER)?;
    if !monster.is_monster() {
        return refuse(
            MONSTER,
            format!("a {monster} is no monster: chests and potions wait for the Loot Phase"),
        );
    }
    let present = c.delve()?.dungeon.get(monster);
    if present == 0 {
        return refuse(MONSTER, format!("no {monster} stands in this level"));
    }
    let face = c.check_use(with, as_face)?;
    let Some(cap) = defeats(face, monster, present) else {
        return refuse(MONSTER, format!("a {face} defeats no monster"));
    };
    let n = count.unwrap_or(cap);
    if n == 0 || n > cap {
        return refuse(
            MONSTER,
            format!("a {face} defeats {cap} of the {present} {monster}(s) here, not {n}"),
        );
    }
    c.spend(with, face);
    c.emit(Event::MonstersDefeated { monster, count: n });
    Ok(())
}

pub(super) fn accept_proposal(c: &mut Ctx) -> Result<(), Refusal> {
    in_monster_phase(c, MONSTER)?;
    if c.delve()?.dungeon.monsters() == 0 {
        return refuse(MONSTER, "no monster stands: there is nothing to propose");
    }
    let p = propose(&c.s)?;
    if !p.feasible {
        return refuse(
            MONSTER,
            p.reason
                .unwrap_or_else(|| "the party cannot defeat every monster".into()),
        );
    }
    for a in p.fights {
        c.spend(a.with, a.as_face);
        c.emit(Event::MonstersDefeated {
            monster: a.monster,
            count: a.count,
        });
    }
    Ok(())
}

pub(super) struct UltimateArgs<'a> {
    pub monsters: &'a [DungeonFace],
    pub revive: &'a [PartyFace],
    pub pay: &'a [TreasureKind],
    pub party: &'a Reroll<PartyFace>,
    pub dungeon: &'a Reroll<DungeonFace>,
}

impl UltimateArgs<'_> {
    /// Refuse fields this Ultimate does not take, so a mistaken command is
    /// reported rather than half-used.
    fn only(&self, name: &str, allowed: &[&str]) -> Result<(), Refusal> {
        let given = [
            ("monsters", !self.monsters.is_empty()),
            ("revive", !self.revive.is_empty()),
            ("pay", !self.pay.is_empty()),
            ("party", !self.party.is_empty()),
            ("dungeon", !self.dungeon.is_empty()),
        ];
        for (field, set) in given {
            if set && !allowed.contains(&field) {
                return refuse(ULTIMATE, format!("{name} takes no {field}"));
            }
        }
        Ok(())
    }
}

/// Named monsters must be monsters, and standing.
fn check_targets(c: &Ctx, monsters: &[DungeonFace], most: u8, name: &str) -> Result<(), Refusal> {
    if monsters.is_empty() || monsters.len() > most as usize {
        return refuse(
            ULTIMATE,
            format!("{name} takes 1 to {most} monsters, not {}", monsters.len()),
        );
    }
    if let Some(m) = monsters.iter().find(|m| !m.is_monster()) {
        return refuse(ULTIMATE, format!("{name} targets monsters; a {m} is none"));
    }
    if !c.delve()?.dungeon.contains_all(monsters) {
        return refuse(
            ULTIMATE,
            format!("the level does not show all of {monsters:?}"),
        );
    }
    Ok(())
}

pub(super) fn ultimate(c: &mut Ctx, a: UltimateArgs) -> Result<(), Refusal> {
    in_monster_phase(c, ULTIMATE)?;
    let side = c.side()?;
    let name = side.ultimate.name.as_str();
    if c.delve()?.ultimate_used {
        return refuse(
            ULTIMATE,
            format!("{name} has been used this delve: it is refreshed at the next delve"),
        );
    }
    let used = Event::UltimateUsed {
        name: name.to_string(),
    };
    match &side.ultimate.effect {
        UltimateEffect::DefeatMonsters { count } => {
            a.only(name, &["monsters"])?;
            check_targets(c, a.monsters, *count, name)?;
            c.emit(used);
            for m in DungeonFace::MONSTERS {
                let n = a.monsters.iter().filter(|t| **t == m).count() as u8;
                if n > 0 {
                    c.emit(Event::MonstersDefeated {
                        monster: m,
                        count: n,
                    });
                }
            }
        }
        UltimateEffect::DefeatAllOf { monsters } => {
            a.only(name, &[])?;
            c.emit(used);
            for m in monsters.iter().filter(|m| m.is_monster()) {
                let n = c.delve()?.dungeon.get(*m);
                if n > 0 {
                    c.emit(Event::MonstersDefeated {
                        monster: *m,
                        count: n,
                    });
                }
            }
        }
        UltimateEffect::RerollAll => {
            a.only(name, &["party", "dungeon"])?;
            if a.party.is_empty() && a.dungeon.is_empty() {
                return refuse(ULTIMATE, format!("{name}: name the dice to reroll"));
            }
            let d = c.delve()?;
            check_party_reroll(&d.party, a.party, ULTIMATE)?;
            check_dungeon_reroll(&d.dungeon, a.dungeon, ULTIMATE)?;
            c.emit(used);
            c.emit(Event::Rerolled {
                party_from: a.party.from.clone(),
                party_to: a.party.to.clone(),
                dungeon_from: a.dungeon.from.clone(),
                dungeon_to: a.dungeon.to.clone(),
            });
        }
        UltimateEffect::ClearLair => {
            a.only(name, &[])?;
            let lair = c.delve()?.lair;
            if lair == 0 {
                return refuse(ULTIMATE, format!("{name}: the Dragon's Lair is empty"));
            }
            c.emit(used);
            c.emit(Event::LairEmptied { count: lair });
        }
        UltimateEffect::DiscardDungeon { cost_treasure } => {
            a.only(name, &["pay"])?;
            if a.pay.len() != *cost_treasure as usize {
                return refuse(
                    ULTIMATE,
                    format!(
                        "{name} costs {cost_treasure} Treasure token(s), {} named",
                        a.pay.len()
                    ),
                );
            }
            let held = c.s.current().map(|p| p.tokens.clone()).unwrap_or_default();
            if !holds_all(&held, a.pay) {
                return refuse(
                    ULTIMATE,
                    format!("the Adventurer does not hold all of {:?}", a.pay),
                );
            }
            let player = c.s.adventurer;
            c.emit(used);
            for k in a.pay {
                c.emit(Event::TreasureReturned {
                    player,
                    treasure: *k,
                });
            }
            let d = c.delve()?;
            let (dice, lair) = (d.dungeon, d.lair);
            c.emit(Event::DungeonDiscarded { dice, lair });
        }
        UltimateEffect::MonstersToPotions { count } => {
            a.only(name, &["monsters"])?;
            check_targets(c, a.monsters, *count, name)?;
            c.emit(used);
            c.emit(Event::MonstersTransformed {
                from: a.monsters.to_vec(),
                to: DungeonFace::Potion,
            });
        }
        UltimateEffect::Revive { count } => {
            a.only(name, &["revive"])?;
            let grave = c.delve()?.graveyard;
            let most = (*count).min(grave);
            if a.revive.is_empty() || a.revive.len() > most as usize {
                return refuse(
                    ULTIMATE,
                    format!("{name} revives 1 to {count} dice and {grave} are in the Graveyard; {} named", a.revive.len()),
                );
            }
            c.emit(used);
            c.emit(Event::Revived {
                faces: a.revive.to_vec(),
            });
        }
        UltimateEffect::MonstersToDragons => {
            a.only(name, &[])?;
            let d = c.delve()?.dungeon;
            let from: Vec<DungeonFace> = DungeonFace::MONSTERS
                .iter()
                .flat_map(|m| std::iter::repeat_n(*m, d.get(*m) as usize))
                .collect();
            c.emit(used);
            c.emit(Event::MonstersTransformed {
                from,
                to: DungeonFace::Dragon,
            });
        }
        UltimateEffect::ActAs { faces } => {
            a.only(name, &[])?;
            c.emit(used);
            c.emit(Event::HeroJoined {
                faces: faces.clone(),
            });
        }
    }
    Ok(())
}

pub(crate) fn holds_all(held: &Tokens, wanted: &[TreasureKind]) -> bool {
    let mut need = Tokens::default();
    wanted.iter().for_each(|k| need.add(*k, 1));
    need.0.iter().all(|(k, n)| held.get(*k) >= *n)
}
