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

/// Three heroes (Saul leads, so Lianna throws first, then Lady Mary, then Saul).
pub fn party() -> Value {
    serde_json::json!({"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"], "leader": 0})
}

/// Enter a plain dungeon and reveal a monster with the given extra fields.
pub fn fight(setup: Value, monster: Value) -> Run {
    let mut r = start(setup);
    r.exec(
        serde_json::json!({"type": "enter_dungeon", "card": {"name": "Corridor", "shop_icons": 3}}),
    )
    .unwrap();
    let mut card =
        serde_json::json!({"name": "Bat", "level": 1, "life": 20, "damage": 2, "gold": 2});
    for (k, v) in monster.as_object().unwrap() {
        card[k] = v.clone();
    }
    r.exec(serde_json::json!({"type": "reveal_monster", "card": card}))
        .unwrap();
    r
}

pub fn throw(die: &str, face: &str, kind: &str, value: Option<u32>) -> Value {
    serde_json::json!({"type": "throw", "die": die, "face": face, "landing": {"value": value, "kind": kind}})
}

pub fn score(die: &str, v: u32) -> Value {
    throw(die, "blank", "score", Some(v))
}

pub fn active(r: &Run) -> usize {
    r.state().combat.as_ref().unwrap().active
}
