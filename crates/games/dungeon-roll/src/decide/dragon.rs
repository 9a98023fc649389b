//! The Dragon Phase: three different companion types defeat the Dragon.

use super::{refuse, Ctx, DRAGON};
use crate::command::Use;
use crate::data::rules;
use crate::event::{Event, XpReason};
use crate::state::Stage;
use crate::treasure::TreasureKind;
use tw_rules::Refusal;

pub(super) fn slay(c: &mut Ctx, with: &[Use], drawn: Option<TreasureKind>) -> Result<(), Refusal> {
    let r = &rules().dragon;
    let d = c.delve()?;
    if d.dungeon.monsters() > 0 {
        return refuse(
            DRAGON,
            "monsters still stand: the Dragon Phase comes after the Monster and Loot Phases",
        );
    }
    let need = c.s.dragon_lair_needed();
    if d.lair < need {
        return refuse(
            DRAGON,
            format!(
                "the Dragon appears with {need} dice in the Lair; there are {}",
                d.lair
            ),
        );
    }
    let lair = d.lair;
    let side = c.side()?;
    let need = side.dragon_types(r.companion_types);
    if with.len() != need as usize {
        return refuse(
            DRAGON,
            format!(
                "the Dragon is defeated by {need} different companion types, {} used",
                with.len()
            ),
        );
    }
    c.enter(Stage::Dragon)?;
    let mut faces = Vec::new();
    for u in with {
        // Checked one by one after spending the previous ones, so two uses
        // of the same kind of die need two such dice.
        let f = c.check_use(u.with, u.as_face)?;
        if !f.is_companion() {
            return refuse(
                DRAGON,
                "a Scroll is no companion: the Dragon needs companions",
            );
        }
        if faces.contains(&f) {
            return refuse(DRAGON, format!("the companion types must differ: two {f}s"));
        }
        faces.push(f);
        c.spend(u.with, f);
    }
    let in_box = c.s.treasure_box.total();
    match drawn {
        None if in_box > 0 => {
            return refuse(
                DRAGON,
                "the Dragon's reward is a Treasure token: name the token drawn",
            )
        }
        Some(k) if in_box == 0 => {
            return refuse(DRAGON, format!("the box is empty: no {k} can be drawn"))
        }
        Some(k) if c.s.treasure_box.get(k) == 0 => {
            return refuse(DRAGON, format!("the box holds no {k}"))
        }
        _ => {}
    }
    c.emit(Event::DragonDefeated { lair });
    let player = c.s.adventurer;
    match drawn {
        Some(k) => c.emit(Event::TreasureGained {
            player,
            treasure: k,
        }),
        // Read as a chest with the box empty: 1 XP instead of the token.
        None => c.gain_xp(rules().empty_box_xp, XpReason::EmptyBox),
    }
    c.gain_xp(r.xp, XpReason::Dragon);
    c.enter(Stage::Regroup)?;
    Ok(())
}
