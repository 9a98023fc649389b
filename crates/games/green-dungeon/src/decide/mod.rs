//! Deciding what a command does.
//!
//! Each handler works on a scratch copy of the state: every event it emits
//! is folded in at once with [`crate::event::evolve`], so later steps see
//! its effect and `evolve` stays the only code that changes state. A
//! refusal anywhere simply drops the scratch copy: the caller's state is
//! untouched.

pub(crate) mod checks;
pub(crate) mod combat;
mod encounter;
pub(crate) mod explore;

use crate::command::Command;
use crate::data::rules;
use crate::event::{evolve, Event, Stat};
use crate::score::score;
use crate::state::{Idle, Outcome, Phase, State};
use crate::time::TimeReason;
use tw_rules::Refusal;

pub(crate) struct Ctx {
    pub s: State,
    pub events: Vec<Event>,
}

pub(crate) fn refuse<T>(rule: &str, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(rule, reason))
}

impl Ctx {
    pub fn emit(&mut self, e: Event) {
        evolve(&mut self.s, &e);
        self.events.push(e);
    }

    pub fn set_phase(&mut self, phase: Phase) {
        self.emit(Event::PhaseChanged { phase });
    }

    /// Change a player stat by `delta`, kept within 0 and its cap (maximum
    /// health, maximum magic, the luck limit). A gain never cuts a stat that
    /// already sits above its cap. Nothing is emitted for no change.
    pub fn adjust(&mut self, stat: Stat, delta: i32, cause: &str) {
        let p = &self.s.player;
        let (now, cap) = match stat {
            Stat::Health => (p.health, p.max_health),
            Stat::MaxHealth => (p.max_health, u8::MAX),
            Stat::Magic => (p.magic, p.max_magic),
            Stat::MaxMagic => (p.max_magic, u8::MAX),
            Stat::Treasure => (p.treasure, u8::MAX),
            Stat::Luck => (p.luck, rules().max_luck),
            Stat::Xp => (p.xp, u8::MAX),
            Stat::Level => (p.level, u8::MAX),
        };
        let now_i = now as i32;
        let target = if delta >= 0 {
            (now_i + delta).min(now_i.max(cap as i32))
        } else {
            (now_i + delta).max(0)
        };
        let change = target - now_i;
        if change != 0 {
            self.emit(Event::PlayerChanged {
                stat,
                change: change as i16,
                now: target as u8,
                cause: cause.to_string(),
            });
        }
    }

    /// Add cubes to the time track one at a time, placing event cubes and
    /// queuing checks as each multiple of 5 is reached.
    pub fn advance(&mut self, cubes: u8, reason: TimeReason, owed: bool) {
        for _ in 0..cubes {
            let tick = self.s.time.tick();
            self.emit(Event::TimeAdvanced {
                reason,
                main: tick.main,
                elapsed: tick.elapsed,
                owed,
            });
            if let Some(event_cubes) = tick.cube_placed {
                self.emit(Event::EventCubePlaced {
                    event_cubes,
                    checks_queued: event_cubes,
                });
            }
            if let Some(event_cubes) = tick.reset_to {
                self.emit(Event::MainTrackCleared { event_cubes });
            }
        }
    }

    pub fn owe(&mut self, cubes: u8, reason: TimeReason) {
        if cubes > 0 {
            self.emit(Event::TimeOwed { cubes, reason });
        }
    }

    pub fn game_over(&mut self, outcome: Outcome) {
        let score = score(&self.s);
        self.emit(Event::GameOver { outcome, score });
    }
}

/// Most entries a list in a command may hold, and the largest potion index:
/// positions, cards and dice are narrow types already (`u8`, `D6`).
const MAX_COUNT: usize = 99;

/// The numbers a command carries that its types do not bound.
fn check_numbers(command: &Command) -> Result<(), Refusal> {
    use tw_rules::limits::in_range;
    match command {
        Command::UsePotion { index } => in_range("index", *index, 0, MAX_COUNT),
        Command::Cards { cards } => in_range("cards (length)", cards.len(), 0, MAX_COUNT),
        Command::UseLuck { more, .. } => in_range("more (length)", more.len(), 0, MAX_COUNT),
        Command::Fight { dice, .. } | Command::Flee { dice } => {
            in_range("dice (length)", dice.len(), 0, MAX_COUNT)
        }
        _ => Ok(()),
    }
}

pub fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
    check_numbers(command)?;
    if state.is_over() {
        return refuse(
            "Game over",
            "the adventure has ended; start a new game to play on",
        );
    }
    let mut cx = Ctx {
        s: state.clone(),
        events: Vec::new(),
    };
    let checks_due = state.time.pending_checks.len();
    match command {
        Command::UseLuck { roll, more } => explore::use_luck(&mut cx, *roll, more)?,
        Command::Perish => explore::perish(&mut cx)?,
        _ if state.player.health == 0 => {
            return refuse(
                "Luck Points",
                "the hero is at 0 health: spend a luck cube (use_luck) or accept death (perish)",
            )
        }
        Command::EventCheck { upkeep, wandering } => {
            checks::event_check(&mut cx, *upkeep, *wandering)?
        }
        // A potion is drunk "at the end of any turn, prior to advancing the
        // time tracker" (Treasures). The cube owed for the turn is added as
        // soon as the hero stands still, so a potion drunk while its checks
        // are due is one drunk before that cube: it does not wait for them.
        _ if checks_due > 0
            && state.idle().is_some()
            && !matches!(command, Command::UsePotion { .. }) =>
        {
            return refuse(
                "The Time Track and Events",
                format!(
                "{checks_due} event check(s) are due: roll them (event_check) before anything else"
            ),
            )
        }
        Command::Flip { at, kind, exits } => explore::flip(&mut cx, *at, *kind, *exits)?,
        Command::Move { dir, door_roll } => explore::move_to(&mut cx, *dir, *door_roll)?,
        Command::Rest => explore::rest(&mut cx)?,
        Command::Recover {
            health,
            magic,
            level_up,
        } => explore::recover(&mut cx, *health, *magic, *level_up)?,
        Command::UsePotion { index } => explore::use_potion(&mut cx, *index)?,
        Command::Cards { cards } => encounter::cards(&mut cx, cards)?,
        Command::TrapRoll { die } => encounter::trap_roll(&mut cx, *die)?,
        Command::FaceBoss => encounter::face_boss(&mut cx)?,
        Command::Retreat => encounter::retreat(&mut cx)?,
        Command::Treasure {
            card,
            keep_new_weapon,
        } => encounter::treasure(&mut cx, *card, *keep_new_weapon)?,
        Command::EndVision => encounter::end_vision(&mut cx)?,
        Command::Fight {
            action,
            dice,
            spell_roll,
            monster_spell_roll,
        } => combat::fight(&mut cx, *action, dice, *spell_roll, *monster_spell_roll)?,
        Command::Flee { dice } => combat::flee(&mut cx, dice)?,
        Command::Bribe => combat::bribe(&mut cx)?,
    }
    settle(&mut cx);
    Ok(cx.events)
}

/// Bring the game to its next waiting point: end it at 0 health with no
/// luck left; add owed time when the player stands idle; finish a rest once
/// its event checks are done.
fn settle(cx: &mut Ctx) {
    loop {
        if cx.s.is_over() {
            return;
        }
        if cx.s.player.health == 0 {
            if cx.s.player.luck == 0 {
                cx.game_over(Outcome::Died);
            }
            return;
        }
        let Some(idle) = cx.s.idle() else { return };
        if !cx.s.time.pending_checks.is_empty() {
            return;
        }
        match idle {
            Idle::Exploring | Idle::MustRest if !cx.s.time.owed.is_empty() => {
                for reason in cx.s.time.owed.clone() {
                    cx.advance(1, reason, true);
                }
            }
            Idle::Resting { interrupted: true } => {
                cx.emit(Event::RestInterrupted);
                cx.set_phase(Phase::Idle(Idle::Exploring));
            }
            Idle::Resting { interrupted: false } => cx.set_phase(Phase::Recover),
            _ => return,
        }
    }
}
