//! The working copy a command is decided on.
//!
//! `decide` must not touch the real state, yet later steps of a command (the
//! fifth enemy of a dungeon turn) must see what earlier steps did. So each
//! command runs on a scratch copy: every event is folded into it as it is
//! emitted, and only the event list leaves. The real state then receives the
//! same events through `evolve`, which gives the same result by construction.

use crate::event::Event;
use crate::evolve::evolve;
use crate::model::{Attribute, Character, Enemy, State};
use tw_rules::Refusal;

pub struct Ctx {
    pub s: State,
    pub events: Vec<Event>,
}

impl Ctx {
    pub fn new(s: &State) -> Ctx {
        Ctx {
            s: s.clone(),
            events: Vec::new(),
        }
    }
    pub fn emit(&mut self, e: Event) {
        evolve(&mut self.s, &e);
        self.events.push(e);
    }

    pub fn character(&self, id: &str) -> Result<&Character, Refusal> {
        self.s
            .character(id)
            .ok_or_else(|| Refusal::new("Characters", format!("there is no character {id:?}")))
    }
    /// A living character standing in the dungeon.
    pub fn in_dungeon(&self, id: &str) -> Result<&Character, Refusal> {
        let c = self.character(id)?;
        if !c.alive {
            return Err(Refusal::new(
                "End Game",
                format!("{id} has died; make a new character"),
            ));
        }
        if c.pos.is_none() {
            return Err(Refusal::new(
                "Dungeon",
                format!("{id} is not in the dungeon"),
            ));
        }
        Ok(c)
    }
    /// In the dungeon and it is their turn (see `order`).
    pub fn acting(&self, id: &str) -> Result<&Character, Refusal> {
        self.in_dungeon(id)?;
        crate::order::on_turn(self, id)?;
        self.character(id)
    }
    /// Acting in their turn and free to act: not snared, not standing on an
    /// unresolved trap, not after a Run.
    pub fn can_act(&self, id: &str, what: &str) -> Result<&Character, Refusal> {
        let c = self.acting(id)?;
        if c.turn.stopped {
            return Err(Refusal::new(
                "Trap: Snared",
                format!("{id} is snared and can do nothing more this turn"),
            ));
        }
        if let Some(p) = c.on_trap {
            return Err(Refusal::new(
                "Trap",
                format!("{id} stands on the trap at {p}: disarm it with Tools or roll for it before {what}"),
            ));
        }
        if c.turn.ran && what != "moving" {
            return Err(Refusal::new(
                "Run",
                format!("{id} ran this turn and may take no other action"),
            ));
        }
        Ok(c)
    }
    pub fn enemy(&self, id: &str) -> Result<&Enemy, Refusal> {
        self.s.enemy(id).ok_or_else(|| {
            Refusal::new(
                "Enemies",
                format!("there is no enemy {id:?} in the dungeon"),
            )
        })
    }

    /// Set a character's Torch, calling a boss when the last one goes out.
    /// The boss enters at the Gate where the current player entered.
    pub fn set_torch(&mut self, id: &str, value: i32, why: &str) {
        let before = self.s.character(id).map(|c| c.attrs.torch).unwrap_or(0);
        self.emit(crate::event::Event::TorchSpent {
            character: id.to_string(),
            torch_left: value,
        });
        if before >= 1 && value <= 0 {
            let gate = self
                .s
                .current
                .as_deref()
                .and_then(|cur| self.s.character(cur))
                .and_then(|c| c.entry_gate.clone())
                .or_else(|| self.s.character(id).and_then(|c| c.entry_gate.clone()))
                .or_else(|| {
                    self.s
                        .cards
                        .iter()
                        .find(|c| c.kind == crate::model::CardKind::Gate)
                        .map(|c| c.id.clone())
                });
            if let Some(gate) = gate {
                self.emit(crate::event::Event::BossDue {
                    gate,
                    reason: format!("{id} spent the last Torch ({why})"),
                });
            }
        }
    }

    pub fn set_attr(&mut self, id: &str, attribute: Attribute, value: i32) {
        if attribute == Attribute::Torch {
            self.set_torch(id, value, "attribute change");
        } else {
            self.emit(crate::event::Event::AttributeSet {
                character: id.to_string(),
                attribute,
                value,
            });
        }
    }
}

pub fn refuse<T>(rule: &str, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(rule, reason))
}
