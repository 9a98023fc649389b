//! The engine contract: command → events → state.

use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// Why a command was refused: the rule that forbids it and a plain reason.
///
/// `rule` is a short citation a player can find in the rulebook (for example
/// `"Shop: white dice"`); `reason` explains this case ("the chest already
/// holds 9 white dice").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Refusal {
    pub rule: String,
    pub reason: String,
}

impl Refusal {
    pub fn new(rule: impl Into<String>, reason: impl Into<String>) -> Self {
        Refusal {
            rule: rule.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "refused by rule \"{}\": {}", self.rule, self.reason)
    }
}

impl std::error::Error for Refusal {}

/// A deterministic rules engine.
///
/// `decide` validates a command against the state and returns the events it
/// causes, or a [`Refusal`]; it never changes anything. `evolve` folds one
/// event into the state. Keeping the two apart lets the store persist events
/// and rebuild state from them exactly.
pub trait Game {
    /// Stable name used by the CLI and the store (`"dungeon-fighter"`).
    const NAME: &'static str;
    type Setup: Serialize + DeserializeOwned;
    type State: Clone + Serialize + DeserializeOwned;
    type Command: Clone + Serialize + DeserializeOwned;
    type Event: Clone + Serialize + DeserializeOwned;

    /// The kinds of card this game's commands carry or lay (the `kind` of
    /// its offers' card slots): the only kinds its card library keeps. None
    /// for a game whose commands hold no card.
    const CARD_KINDS: &'static [&'static str] = &[];

    /// The state at the start of a game.
    fn setup(setup: &Self::Setup) -> Result<Self::State, Refusal>;
    /// Validate `command` and list what happens; the state is not touched.
    fn decide(state: &Self::State, command: &Self::Command) -> Result<Vec<Self::Event>, Refusal>;
    /// Apply one event.
    fn evolve(state: &mut Self::State, event: &Self::Event);

    /// What a screen shows of a state beyond the state itself: the values the
    /// rules derive (costs, thresholds, counts), so no front end restates a
    /// rule. An object; empty unless the engine says more.
    fn view(_state: &Self::State) -> serde_json::Value {
        serde_json::Value::Object(Default::default())
    }

    /// The choices a new game's setup accepts, as a setup form offers them
    /// (heroes, player counts, difficulties, modes): the engine's own lists,
    /// so no form restates a rule before a game exists. An object; empty
    /// unless the engine says more.
    fn setup_options() -> serde_json::Value {
        serde_json::Value::Object(Default::default())
    }

    /// The commands open to the player now, as the screen offers them.
    fn offers(_state: &Self::State) -> Vec<crate::offer::Offer> {
        Vec::new()
    }

    /// decide + evolve for every event; the state is left unchanged when refused.
    fn execute(
        state: &mut Self::State,
        command: &Self::Command,
    ) -> Result<Vec<Self::Event>, Refusal> {
        let events = Self::decide(state, command)?;
        for e in &events {
            Self::evolve(state, e);
        }
        Ok(events)
    }
}
