//! Hero Down!, with the moment before it.
//!
//! "Any time a Hero has less than 1 life point, they faint ... and cannot act
//! again during that combat" (Hero Down!), but Spendables "can be used at
//! anytime, even by non-Active Heroes or immediately before a Hero faints"
//! (Equipment).
//! Readings taken here, each tested:
//! - Damage that takes a hero below 1 life point leaves them *about to
//!   faint* once the command's damage is all dealt (a Miss's strike back, a
//!   failed template flip, retrieving the dice, backing down). While any
//!   hero carries a spendable the game waits (`combat.fainting`): any hero
//!   still standing, the fainting ones included, may `use_item` a spendable,
//!   or the players `accept_faint`. Nothing else is accepted meanwhile.
//! - A spendable that brings a hero back to 1 life point or more saves them
//!   (`faint_averted`); the others still wait. When every waiting hero is
//!   saved, or nobody has a spendable left, the window closes by itself.
//! - With no spendable in the party there is nothing to decide: the hero
//!   faints at once, as before.
//! - Relics are not spendables; they wait for the window to close.
//! - Death Touch fells the hero "as if reduced to 0 life points" at once:
//!   it is not damage, so no spendable can stop it.
//! - Once the window closes, play goes on as the command would have: the
//!   throw's turn ends (or the monster falls to a spendable's damage), or
//!   the backed-down monster leaves.

use super::{combat, Tx};
use crate::cards::EquipmentKind;
use crate::command::Command;
use crate::event::Event;
use crate::model::{AfterFaint, Fainting, Phase, State};
use tw_rules::Refusal;

const RULE: &str = "Hero Down!";

fn open(s: &State) -> Option<&Fainting> {
    s.combat
        .as_ref()
        .filter(|_| matches!(s.phase, Phase::Combat))
        .and_then(|c| c.fainting.as_ref())
}

fn names(s: &State, f: &Fainting) -> String {
    f.heroes
        .iter()
        .map(|&h| s.heroes[h].name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// While heroes are about to faint, only a spendable or `accept_faint` goes.
pub fn waiting_to_faint(s: &State, command: &Command) -> Result<(), Refusal> {
    let Some(f) = open(s) else {
        return match command {
            Command::AcceptFaint => Err(Refusal::new(RULE, "no hero is about to faint")),
            _ => Ok(()),
        };
    };
    match command {
        Command::AcceptFaint | Command::UseItem { hero: Some(_), .. } => Ok(()),
        Command::UseItem { hero: None, .. } => Err(Refusal::new(
            RULE,
            format!(
                "{} about to faint: only a hero's spendable may be used now, not a relic",
                names(s, f)
            ),
        )),
        _ => Err(Refusal::new(
            RULE,
            format!(
                "{} about to faint: use a spendable now (use_item) or let them faint (accept_faint)",
                names(s, f)
            ),
        )),
    }
}

/// Does a hero still standing (or about to faint) carry a spendable?
fn spendable_left(s: &State) -> bool {
    s.heroes.iter().any(|h| {
        h.can_act()
            && h.equipment
                .iter()
                .any(|e| matches!(e.kind, EquipmentKind::Spendable { .. }))
    })
}

/// The command's damage is dealt: heroes below 1 life point faint now, or
/// wait for a spendable; then play goes on with `then`.
pub fn settle(tx: &mut Tx, then: AfterFaint) {
    let mut heroes = std::mem::take(&mut tx.about_to_faint);
    heroes.retain(|&h| tx.s.heroes[h].can_act() && tx.s.heroes[h].life < 1);
    if heroes.is_empty() {
        return go_on(tx, then);
    }
    if !spendable_left(&tx.s) {
        for hero in heroes {
            tx.emit(Event::HeroFainted { hero });
        }
        return go_on(tx, then);
    }
    tx.emit(Event::FaintPending { heroes, then });
}

/// After a spendable in the window: who is saved, and whether it closes.
pub fn review(tx: &mut Tx) {
    let Some(f) = open(&tx.s).cloned() else {
        return;
    };
    for &hero in &f.heroes {
        if tx.s.heroes[hero].life >= 1 {
            tx.emit(Event::FaintAverted { hero });
        }
    }
    if let Some(left) = open(&tx.s).cloned() {
        if spendable_left(&tx.s) {
            return;
        }
        for hero in left.heroes {
            tx.emit(Event::HeroFainted { hero });
        }
    }
    go_on(tx, f.then);
}

/// The players let the waiting heroes faint.
pub fn accept_faint(tx: &mut Tx) -> Result<(), Refusal> {
    let f = open(&tx.s)
        .cloned()
        .ok_or_else(|| Refusal::new(RULE, "no hero is about to faint"))?;
    for &hero in &f.heroes {
        tx.emit(Event::HeroFainted { hero });
    }
    go_on(tx, f.then);
    Ok(())
}

/// Is a faint window open in this transaction?
pub fn is_open(tx: &Tx) -> bool {
    open(&tx.s).is_some()
}

fn go_on(tx: &mut Tx, then: AfterFaint) {
    match then {
        AfterFaint::EndOfThrow => combat::end_of_turn(tx, true),
        AfterFaint::OtherDamage => combat::end_of_turn(tx, false),
        AfterFaint::BackDown => combat::sent_away(tx),
    }
}
