//! Checking a command against the rules and listing the events it causes.
//!
//! A command is worked out on a scratch copy of the state ([`Tx`]): each
//! event is applied as soon as it is emitted, so later steps of the same
//! command see its effects (a heal before the counter-attack, a die spent
//! before the pool is checked). The caller's state is never touched; a
//! refusal simply drops the copy.

mod camp;
mod combat;
mod faint;
pub mod setup;

use crate::command::Command;
use crate::event::Event;
use crate::evolve::evolve;
use crate::model::{Ending, Phase, State};
use tw_rules::Refusal;

pub(crate) struct Tx {
    pub s: State,
    pub events: Vec<Event>,
    /// Heroes this command brought below 1 life point; they faint, or wait
    /// for a spendable, when the command settles them (`combat::settle`).
    pub about_to_faint: Vec<usize>,
}

impl Tx {
    pub fn emit(&mut self, e: Event) {
        evolve(&mut self.s, &e);
        self.events.push(e);
    }

    pub fn hero(&self, i: usize) -> Result<&crate::model::Hero, Refusal> {
        self.s.heroes.get(i).ok_or_else(|| {
            Refusal::new(
                "Heroes",
                format!(
                    "there is no hero {i}; heroes are numbered 0 to {}",
                    self.s.heroes.len() - 1
                ),
            )
        })
    }

    /// Heal a hero who is still standing, up to their (scarred) maximum.
    pub fn heal(&mut self, hero: usize, amount: u32) {
        let h = &self.s.heroes[hero];
        if !h.can_act() {
            return;
        }
        let gained = amount.min(h.max_life().saturating_sub(h.life));
        if gained > 0 {
            self.emit(Event::HeroHealed {
                hero,
                amount: gained,
            });
        }
    }

    /// Damage a hero. Below 1 life point they are about to faint (Hero
    /// Down!); the command settles that once its damage is all dealt.
    pub fn damage(&mut self, hero: usize, amount: u32, why: &str) {
        let h = &self.s.heroes[hero];
        if !h.can_act() || amount == 0 {
            return;
        }
        let lost = amount.min(h.life);
        self.emit(Event::HeroDamaged {
            hero,
            amount: lost,
            why: why.to_string(),
        });
        if self.s.heroes[hero].life < 1 && !self.about_to_faint.contains(&hero) {
            self.about_to_faint.push(hero);
        }
    }

    pub fn gain_white_dice(&mut self, count: u32, why: &str) {
        let room = crate::data::rules()
            .max_white_dice
            .saturating_sub(self.s.chest.white_dice);
        let count = count.min(room);
        if count > 0 {
            self.emit(Event::WhiteDiceGained {
                count,
                why: why.to_string(),
            });
        }
    }

    pub fn lose_white_die(&mut self, why: &str) {
        if self.s.chest.white_dice > 0 {
            self.emit(Event::WhiteDieLost {
                why: why.to_string(),
            });
        }
    }

    pub fn game_over(&mut self, won: bool, reason: &str) {
        let score = crate::scoring::score(&self.s);
        self.emit(Event::GameOver {
            ending: Ending {
                won,
                reason: reason.to_string(),
                score,
            },
        });
    }
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Dungeon => "the dungeon phase (choose a dungeon card)",
        Phase::Monster => "revealing the monster",
        Phase::Combat => "combat",
        Phase::Resting(_) => "the resting phase",
        Phase::Shop(_) => "the shop",
        Phase::Boss => "revealing the final boss",
        Phase::Over(_) => "the end of the game",
    }
}

/// Refuse unless the game is in the phase `want` names.
pub(crate) fn expect(s: &State, ok: bool, rule: &str, doing: &str) -> Result<(), Refusal> {
    if ok {
        Ok(())
    } else {
        Err(Refusal::new(
            rule,
            format!("cannot {doing} during {}", phase_name(&s.phase)),
        ))
    }
}

pub fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
    crate::limits::check(command)?;
    if let Phase::Over(e) = &state.phase {
        return Err(Refusal::new(
            "End of the game",
            format!(
                "the game is over ({}): {}",
                if e.won { "won" } else { "lost" },
                e.reason
            ),
        ));
    }
    faint::waiting_to_faint(state, command)?;
    let mut tx = Tx {
        s: state.clone(),
        events: Vec::new(),
        about_to_faint: Vec::new(),
    };
    use Command::*;
    match command {
        EnterDungeon {
            card,
            declined,
            free_equipment,
        } => camp::enter_dungeon(&mut tx, card, declined, free_equipment)?,
        RevealMonster { card } => camp::reveal_monster(&mut tx, card)?,
        RevealBoss { card } => camp::reveal_boss(&mut tx, card)?,
        PlaceTemplate { template } => combat::place_template(&mut tx, *template)?,
        TemplateFlipFailed => combat::template_flip_failed(&mut tx)?,
        AddSpecialDie { die } => combat::add_special_die(&mut tx, *die)?,
        Throw(t) => combat::throw(&mut tx, t)?,
        UseAbility {
            ability,
            target,
            heals,
        } => combat::use_ability(&mut tx, *ability, *target, heals)?,
        SkipAbility => combat::skip_ability(&mut tx)?,
        RetrieveDice => combat::retrieve_dice(&mut tx)?,
        DiscardCharmed { hero, monster } => combat::discard_charmed(&mut tx, *hero, monster)?,
        UseItem { hero, item, target } => combat::use_item(&mut tx, *hero, item, *target)?,
        BackDown => combat::back_down(&mut tx)?,
        AcceptFaint => faint::accept_faint(&mut tx)?,
        TakeScar { hero, colour } => camp::take_scar(&mut tx, *hero, *colour)?,
        MoveEquipment { from, to, item } => camp::move_equipment(&mut tx, *from, *to, item)?,
        EndRest => camp::end_rest(&mut tx)?,
        BuyEquipment { card, hero } => camp::buy_equipment(&mut tx, card, *hero)?,
        BuyHealing { gold } => camp::buy_healing(&mut tx, *gold)?,
        BuyWhiteDice { count } => camp::buy_white_dice(&mut tx, *count)?,
        LevelUp { hero, colour } => camp::level_up(&mut tx, *hero, *colour)?,
        LeaveShop => camp::leave_shop(&mut tx)?,
    }
    Ok(tx.events)
}
