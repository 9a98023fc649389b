//! Drive any engine through JSON, by name.
//!
//! The CLI's `replay`, the session layer and the store do not know each
//! game's types; they hold a `Box<dyn DynGame>` and exchange JSON values.

use crate::engine::{Game, Refusal};
use serde_json::Value;
use std::marker::PhantomData;

/// What one command did: its events and the state after it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Outcome {
    pub events: Vec<Value>,
    pub state: Value,
}

pub trait DynGame: Send + Sync {
    fn name(&self) -> &'static str;
    /// [`Game::CARD_KINDS`].
    fn card_kinds(&self) -> &'static [&'static str];
    /// [`Game::setup_options`].
    fn setup_options(&self) -> Value;
    fn setup(&self, setup: &Value) -> Result<Value, Refusal>;
    /// Apply a command to a state; `Err` leaves the caller's state as it was.
    fn execute(&self, state: &Value, command: &Value) -> Result<Outcome, Refusal>;
    /// Fold already-decided events into a state (used to resume from a log).
    fn replay_events(&self, state: &Value, events: &[Value]) -> Result<Value, Refusal>;
    /// [`Game::view`] of a state.
    fn view(&self, state: &Value) -> Result<Value, Refusal>;
    /// [`Game::offers`] of a state.
    fn offers(&self, state: &Value) -> Result<Vec<crate::offer::Offer>, Refusal>;
}

/// Adapter from a typed [`Game`] to [`DynGame`].
pub struct JsonGame<G>(PhantomData<fn() -> G>);

impl<G> Default for JsonGame<G> {
    fn default() -> Self {
        JsonGame(PhantomData)
    }
}

/// `v` as a `T`; the refusal names the field path and the type expected.
fn parse<T: serde::de::DeserializeOwned>(what: &str, v: &Value) -> Result<T, Refusal> {
    crate::json_error::from_value(v).map_err(|e| Refusal::new("Input", format!("bad {what}: {e}")))
}

fn to_value<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).expect("engine types serialise to JSON")
}

impl<G: Game> DynGame for JsonGame<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn card_kinds(&self) -> &'static [&'static str] {
        G::CARD_KINDS
    }

    fn setup_options(&self) -> Value {
        G::setup_options()
    }

    fn setup(&self, setup: &Value) -> Result<Value, Refusal> {
        let s: G::Setup = parse("setup", setup)?;
        Ok(to_value(&G::setup(&s)?))
    }

    fn execute(&self, state: &Value, command: &Value) -> Result<Outcome, Refusal> {
        let mut st: G::State = parse("state", state)?;
        let cmd: G::Command = parse("command", command)?;
        let events = G::execute(&mut st, &cmd)?;
        Ok(Outcome {
            events: events.iter().map(to_value).collect(),
            state: to_value(&st),
        })
    }

    fn replay_events(&self, state: &Value, events: &[Value]) -> Result<Value, Refusal> {
        let mut st: G::State = parse("state", state)?;
        for e in events {
            let ev: G::Event = parse("event", e)?;
            G::evolve(&mut st, &ev);
        }
        Ok(to_value(&st))
    }

    fn view(&self, state: &Value) -> Result<Value, Refusal> {
        let st: G::State = parse("state", state)?;
        Ok(G::view(&st))
    }

    fn offers(&self, state: &Value) -> Result<Vec<crate::offer::Offer>, Refusal> {
        let st: G::State = parse("state", state)?;
        Ok(G::offers(&st))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::History;
    use serde::{Deserialize, Serialize};

    /// A counter that may not go below zero: enough to exercise the contract.
    struct Counter;
    #[derive(Clone, Serialize, Deserialize, Debug, PartialEq)]
    enum Cmd {
        Add(i32),
    }
    #[derive(Clone, Serialize, Deserialize, Debug, PartialEq)]
    enum Ev {
        Added(i32),
    }
    impl Game for Counter {
        const NAME: &'static str = "counter";
        type Setup = i32;
        type State = i32;
        type Command = Cmd;
        type Event = Ev;
        fn setup(s: &i32) -> Result<i32, Refusal> {
            Ok(*s)
        }
        fn decide(state: &i32, c: &Cmd) -> Result<Vec<Ev>, Refusal> {
            let Cmd::Add(n) = c;
            if state + n < 0 {
                return Err(Refusal::new("Counter", "would go below zero"));
            }
            Ok(vec![Ev::Added(*n)])
        }
        fn evolve(state: &mut i32, e: &Ev) {
            let Ev::Added(n) = e;
            *state += n;
        }
    }

    #[test]
    fn refused_command_leaves_state_and_undo_restores() {
        let mut h = History::<Counter>::new(&1).unwrap();
        h.execute(Cmd::Add(2)).unwrap();
        assert_eq!(*h.state(), 3);
        let r = h.execute(Cmd::Add(-10)).unwrap_err();
        assert_eq!(r.rule, "Counter");
        assert_eq!(*h.state(), 3);
        assert_eq!(h.undo().unwrap(), Cmd::Add(2));
        assert_eq!(*h.state(), 1);
        assert!(h.undo().is_err());
    }

    #[test]
    fn json_adapter_round_trips_and_replays_events() {
        let g = JsonGame::<Counter>::default();
        let s0 = g.setup(&serde_json::json!(5)).unwrap();
        let out = g.execute(&s0, &serde_json::json!({"Add": 4})).unwrap();
        assert_eq!(out.state, serde_json::json!(9));
        assert_eq!(
            g.replay_events(&s0, &out.events).unwrap(),
            serde_json::json!(9)
        );
        let bad = g.execute(&s0, &serde_json::json!({"Jump": 1})).unwrap_err();
        assert!(bad.reason.contains("bad command"));
    }

    /// The adapter passes on the kinds and setup choices the engine
    /// declares; none by default.
    #[test]
    fn card_kinds_and_setup_options_are_the_engines_own() {
        struct Carded;
        impl Game for Carded {
            const NAME: &'static str = "carded";
            const CARD_KINDS: &'static [&'static str] = &["room", "foe"];
            type Setup = i32;
            fn setup_options() -> Value {
                serde_json::json!({"start": [0, 1]})
            }
            type State = i32;
            type Command = Cmd;
            type Event = Ev;
            fn setup(s: &i32) -> Result<i32, Refusal> {
                Counter::setup(s)
            }
            fn decide(state: &i32, c: &Cmd) -> Result<Vec<Ev>, Refusal> {
                Counter::decide(state, c)
            }
            fn evolve(state: &mut i32, e: &Ev) {
                Counter::evolve(state, e)
            }
        }
        assert_eq!(JsonGame::<Carded>::default().card_kinds(), ["room", "foe"]);
        assert!(JsonGame::<Counter>::default().card_kinds().is_empty());
        assert_eq!(JsonGame::<Carded>::default().setup_options(), serde_json::json!({"start": [0, 1]}));
        assert_eq!(JsonGame::<Counter>::default().setup_options(), serde_json::json!({}));
    }
}
