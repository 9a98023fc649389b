//! Running replay scripts (`{"setup": …, "commands": […]}`) in tests.
#![allow(dead_code)]

use serde_json::Value;
use tw_dungeon_fighter::{Command, DungeonFighter, Event, Setup, State};
use tw_rules::{History, Refusal};

pub struct Run {
    pub history: History<DungeonFighter>,
    /// Events of each command, in order.
    pub steps: Vec<Vec<Event>>,
}

impl Run {
    pub fn state(&self) -> &State {
        self.history.state()
    }
    pub fn exec(&mut self, c: Value) -> Result<Vec<Event>, Refusal> {
        let cmd: Command =
            serde_json::from_value(c.clone()).unwrap_or_else(|e| panic!("bad command {c}: {e}"));
        let ev = self.history.execute(cmd)?;
        self.steps.push(ev.clone());
        Ok(ev)
    }
    /// Run a command that must be refused; checks the state did not change.
    pub fn refused(&mut self, c: Value) -> Refusal {
        let before = serde_json::to_value(self.state()).unwrap();
        let r = self
            .exec(c.clone())
            .expect_err(&format!("{c} should be refused"));
        assert_eq!(
            before,
            serde_json::to_value(self.state()).unwrap(),
            "a refusal leaves the state unchanged"
        );
        r
    }
}

pub fn start(setup: Value) -> Run {
    let s: Setup = serde_json::from_value(setup).expect("setup parses");
    Run {
        history: History::new(&s).expect("setup accepted"),
        steps: Vec::new(),
    }
}

pub fn load(name: &str) -> (Value, Vec<Value>) {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    (
        v["setup"].clone(),
        v["commands"].as_array().unwrap().clone(),
    )
}

/// Monster life on the tracker.
pub fn life(r: &Run) -> i32 {
    r.state().combat.as_ref().expect("in combat").life
}
