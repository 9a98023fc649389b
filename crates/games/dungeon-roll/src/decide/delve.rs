//! A delve from start to end: forming the party, each level's dungeon roll,
//! and the Regroup Phase (retire, Stuff of Legend, Seek Glory) or flight.

use super::{refuse, Ctx, DRAGON, END, FLOW, LEGEND, REGROUP, SETUP, SPECIALTY};
use crate::command::Reroll;
use crate::data::rules;
use crate::event::{DelveOutcome, Event, XpReason};
use crate::faces::{DungeonDice, DungeonFace, PartyDice, PartyFace};
use crate::hero::SpecialtyEffect;
use crate::roll;
use tw_rules::Refusal;

pub(super) fn start(
    c: &mut Ctx,
    party: &[PartyFace],
    dungeon: &[DungeonFace],
    seed: Option<u64>,
) -> Result<(), Refusal> {
    if c.s.finished.is_some() {
        return refuse(END, "the game is over: every player has made their delves");
    }
    if c.s.delve.is_some() {
        return refuse(
            FLOW,
            "a delve is under way: it ends when the Adventurer retires or flees",
        );
    }
    let r = rules();
    // A seed rolls both: the party first, then the level-1 die (no dice
    // can be in the Lair before the delve starts).
    let mut rng = None;
    let party = &roll::faces_or_seed(
        party,
        seed,
        r.party_dice as usize,
        roll::party_faces(),
        &mut rng,
        SETUP,
    )?;
    let first = 1usize.min(r.dungeon_dice as usize);
    let dungeon =
        &roll::faces_or_seed(dungeon, seed, first, roll::dungeon_faces(), &mut rng, SETUP)?;
    if party.len() != r.party_dice as usize {
        return refuse(
            SETUP,
            format!(
                "the Adventurer rolls all {} Party dice, not {}",
                r.party_dice,
                party.len()
            ),
        );
    }
    let player = c.s.adventurer;
    let delve =
        c.s.players
            .get(player)
            .map(|p| p.delves.saturating_add(1))
            .unwrap_or(1);
    let side = c.side()?;
    c.emit(Event::DelveStarted { player, delve });
    c.emit(Event::PartyFormed {
        party: PartyDice::from_faces(party),
    });
    let scrolls = PartyDice::from_faces(party).scroll;
    if scrolls > 0 && side.has(&SpecialtyEffect::ScrollsToChampions) {
        c.emit(Event::ScrollsBecameChampions { count: scrolls });
    }
    roll_level(c, 1, dungeon, SETUP)
}

/// The Dungeon Lord rolls as many dice as the level, but only dice that are
/// not in the Dragon's Lair; dragons go to the Lair at once.
fn roll_level(c: &mut Ctx, level: u8, dungeon: &[DungeonFace], rule: &str) -> Result<(), Refusal> {
    let lair = c.delve()?.lair;
    let free = rules().dungeon_dice.saturating_sub(lair);
    let want = level.min(free);
    if dungeon.len() != want as usize {
        let why = if want < level {
            format!(
                "level {level} rolls {want} Dungeon dice ({lair} are in the Dragon's Lair), not {}",
                dungeon.len()
            )
        } else {
            format!(
                "level {level} rolls {want} Dungeon dice, not {}",
                dungeon.len()
            )
        };
        return refuse(rule, why);
    }
    let (dice, dragons) = DungeonDice::split_dragons(dungeon);
    c.emit(Event::DungeonRolled {
        level,
        dice,
        dragons,
    });
    Ok(())
}

pub(super) fn formation_reroll(c: &mut Ctx, r: &Reroll<PartyFace>) -> Result<(), Refusal> {
    let side = c.side()?;
    let d = c.delve()?;
    if !side.has(&SpecialtyEffect::RerollAtFormation) {
        return refuse(
            SPECIALTY,
            format!("the {} cannot reroll the party as it forms", side.name),
        );
    }
    if !d.formation_open {
        return refuse(
            SPECIALTY,
            "the party may be rerolled only as it forms, before anything else is done",
        );
    }
    check_party_reroll(&d.party, r, SPECIALTY)?;
    c.emit(Event::FormationRerolled {
        from: r.from.clone(),
        to: r.to.clone(),
    });
    Ok(())
}

/// The dice picked up are showing, and one result is given for each.
pub(crate) fn check_party_reroll(
    party: &PartyDice,
    r: &Reroll<PartyFace>,
    rule: &str,
) -> Result<(), Refusal> {
    if r.from.len() != r.to.len() {
        return refuse(
            rule,
            format!(
                "{} Party dice rerolled but {} results given",
                r.from.len(),
                r.to.len()
            ),
        );
    }
    if !party.contains_all(&r.from) {
        return refuse(
            rule,
            format!("the active party does not show all of {:?}", r.from),
        );
    }
    Ok(())
}

pub(crate) fn check_dungeon_reroll(
    dice: &DungeonDice,
    r: &Reroll<DungeonFace>,
    rule: &str,
) -> Result<(), Refusal> {
    if r.from.len() != r.to.len() {
        return refuse(
            rule,
            format!(
                "{} Dungeon dice rerolled but {} results given",
                r.from.len(),
                r.to.len()
            ),
        );
    }
    if r.from.contains(&DungeonFace::Dragon) {
        return refuse(
            rule,
            "Dragon faces cannot be rerolled: they are in the Dragon's Lair",
        );
    }
    if !dice.contains_all(&r.from) {
        return refuse(rule, format!("the level does not show all of {:?}", r.from));
    }
    Ok(())
}

/// Retiring or going deeper needs every monster gone and no Dragon waiting.
fn check_regroup(c: &Ctx) -> Result<(), Refusal> {
    let d = c.delve()?;
    if d.dungeon.monsters() > 0 {
        return refuse(REGROUP, "monsters still stand: defeat them, or flee");
    }
    if d.lair >= c.s.dragon_lair_needed() {
        return refuse(
            DRAGON,
            format!(
                "{} dice are in the Dragon's Lair: the Dragon appears; defeat it, or flee",
                d.lair
            ),
        );
    }
    Ok(())
}

pub(super) fn retire(c: &mut Ctx) -> Result<(), Refusal> {
    check_regroup(c)?;
    let level = c.delve()?.level;
    let (outcome, reason) = if level >= rules().max_level {
        (DelveOutcome::StuffOfLegend, XpReason::StuffOfLegend)
    } else {
        (DelveOutcome::Retired, XpReason::Retired)
    };
    c.end_delve(outcome, Some((level as u16, reason)));
    Ok(())
}

pub(super) fn seek_glory(
    c: &mut Ctx,
    dungeon: &[DungeonFace],
    seed: Option<u64>,
) -> Result<(), Refusal> {
    check_regroup(c)?;
    let d = c.delve()?;
    let level = d.level;
    if level >= rules().max_level {
        return refuse(
            LEGEND,
            "the Level Die shows 10: the Adventurer must retire (Stuff of Legend)",
        );
    }
    let n = crate::view::dice_for_level(d, level + 1) as usize;
    let dungeon = roll::faces_or_seed(dungeon, seed, n, roll::dungeon_faces(), &mut None, REGROUP)?;
    roll_level(c, level + 1, &dungeon, REGROUP)
}

pub(super) fn flee(c: &mut Ctx) -> Result<(), Refusal> {
    c.delve()?;
    c.end_delve(DelveOutcome::Fled, None);
    Ok(())
}
