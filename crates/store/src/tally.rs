//! Tally: a deliberately tiny engine used by the durability harness, the
//! benchmark and the tests, so they exercise the store through the same
//! `DynGame` interface as the real games without depending on any of them.

use serde::{Deserialize, Serialize};
use tw_rules::{Game, JsonGame, Refusal};

pub struct Tally;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TallySetup {
    pub start: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TallyState {
    pub total: i64,
    pub commands: u64,
    /// The last few amounts, so states differ in shape as well as value.
    pub recent: Vec<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TallyCommand {
    /// Add `amount` (negative to take away); `note` pads the entry to a
    /// realistic size (a camera reading with positions is a few hundred bytes).
    Add { amount: i64, note: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TallyEvent {
    Added { amount: i64 },
}

const RECENT: usize = 8;

impl Game for Tally {
    const NAME: &'static str = "tally";
    type Setup = TallySetup;
    type State = TallyState;
    type Command = TallyCommand;
    type Event = TallyEvent;

    fn setup(s: &TallySetup) -> Result<TallyState, Refusal> {
        if s.start < 0 {
            return Err(Refusal::new("Tally", "the tally starts at zero or more"));
        }
        Ok(TallyState {
            total: s.start,
            commands: 0,
            recent: Vec::new(),
        })
    }

    fn decide(state: &TallyState, c: &TallyCommand) -> Result<Vec<TallyEvent>, Refusal> {
        let TallyCommand::Add { amount, .. } = c;
        if state.total + amount < 0 {
            return Err(Refusal::new(
                "Tally",
                format!("the tally is {} and cannot go below zero", state.total),
            ));
        }
        Ok(vec![TallyEvent::Added { amount: *amount }])
    }

    fn evolve(state: &mut TallyState, e: &TallyEvent) {
        let TallyEvent::Added { amount } = e;
        state.total += amount;
        state.commands += 1;
        state.recent.push(*amount);
        if state.recent.len() > RECENT {
            state.recent.remove(0);
        }
    }
}

/// The tally engine behind the JSON interface the store uses.
pub fn game() -> JsonGame<Tally> {
    JsonGame::default()
}

/// A command adding `amount`, padded with a note of about `pad` bytes.
pub fn add(amount: i64, pad: usize) -> serde_json::Value {
    serde_json::to_value(TallyCommand::Add {
        amount,
        note: "x".repeat(pad),
    })
    .expect("serialisable")
}
