//! The Loot Phase: opening chests and quaffing potions.

use super::monster::holds_all;
use super::{refuse, Ctx, CHESTS, POTIONS};
use crate::command::Unit;
use crate::data::rules;
use crate::event::{Event, XpReason};
use crate::faces::{DungeonFace, PartyFace};
use crate::state::Stage;
use crate::table::opens;
use crate::treasure::TreasureKind;
use tw_rules::Refusal;

/// The Loot Phase follows the Monster Phase and comes before the Dragon.
fn enter_loot(c: &mut Ctx, rule: &str) -> Result<(), Refusal> {
    let d = c.delve()?;
    if d.dungeon.monsters() > 0 {
        return refuse(
            rule,
            "monsters still stand: the Loot Phase follows the Monster Phase",
        );
    }
    if d.stage > Stage::Loot {
        return refuse(rule, "the Loot Phase of this level is over");
    }
    c.enter(Stage::Loot)
}

pub(super) fn open(
    c: &mut Ctx,
    with: Unit,
    as_face: Option<PartyFace>,
    count: Option<u8>,
    drawn: &[TreasureKind],
) -> Result<(), Refusal> {
    let chests = c.delve()?.dungeon.get(DungeonFace::Chest);
    if chests == 0 {
        return refuse(CHESTS, "there is no Chest in this level");
    }
    let face = c.check_use(with, as_face)?;
    let Some(cap) = opens(face, chests) else {
        return refuse(
            CHESTS,
            format!("a {face} opens no Chest: only companions do"),
        );
    };
    let n = count.unwrap_or(cap);
    if n == 0 || n > cap {
        return refuse(
            CHESTS,
            format!("a {face} opens {cap} of the {chests} Chest(s) here, not {n}"),
        );
    }
    enter_loot(c, CHESTS)?;
    // The unit goes first ("Used dice go to the Graveyard before effect
    // resolution"); a token acting as a die is back in the box before the
    // draw, as it is for the Dragon. A refusal below drops this scratch.
    c.spend(with, face);
    // One token per chest while the box lasts; 1 XP for each chest after.
    let in_box = c.s.treasure_box.total();
    let tokens = (n as u16).min(in_box) as usize;
    if drawn.len() != tokens {
        return refuse(
            CHESTS,
            format!("{n} Chest(s) opened with {in_box} token(s) in the box: name the {tokens} token(s) drawn, not {}", drawn.len()),
        );
    }
    if !holds_all(&c.s.treasure_box, drawn) {
        return refuse(CHESTS, format!("the box does not hold all of {drawn:?}"));
    }
    c.emit(Event::ChestsOpened { count: n });
    let player = c.s.adventurer;
    for k in drawn {
        c.emit(Event::TreasureGained {
            player,
            treasure: *k,
        });
    }
    let short = (n as u16).saturating_sub(tokens as u16);
    c.gain_xp(
        short.saturating_mul(rules().empty_box_xp),
        XpReason::EmptyBox,
    );
    Ok(())
}

pub(super) fn quaff(
    c: &mut Ctx,
    with: Unit,
    as_face: Option<PartyFace>,
    revive: &[PartyFace],
) -> Result<(), Refusal> {
    let potions = c.delve()?.dungeon.get(DungeonFace::Potion);
    if potions == 0 {
        return refuse(POTIONS, "there is no Potion in this level");
    }
    // Any Party die quaffs, a Scroll included; so does a token that acts as one.
    let face = c.check_use(with, as_face)?;
    enter_loot(c, POTIONS)?;
    // The die that quaffs is in the Graveyard already, so it may come back.
    c.spend(with, face);
    let grave = c.delve()?.graveyard;
    let n = potions.min(grave) as usize;
    if revive.len() != n {
        return refuse(
            POTIONS,
            format!("{potions} Potion(s) with {grave} die(s) in the Graveyard revive {n}: name {n} face(s), not {}", revive.len()),
        );
    }
    c.emit(Event::PotionsQuaffed { count: potions });
    if n > 0 {
        c.emit(Event::Revived {
            faces: revive.to_vec(),
        });
    }
    Ok(())
}
