//! Small builders shared by the integration tests.
#![allow(dead_code)]

use serde_json::{json, Value};
use tw_rules::{Game, Refusal};
use tw_silver_mine::{Command, Event, SilverMine, State};

pub fn new_game(seed: u64) -> State {
    SilverMine::setup(&serde_json::from_value(json!({"seed": seed})).unwrap()).unwrap()
}

pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("bad test command {v}: {e}"))
}

/// Run a command that must succeed.
pub fn ok(s: &mut State, v: Value) -> Vec<Event> {
    let c = cmd(v.clone());
    SilverMine::execute(s, &c).unwrap_or_else(|r| panic!("command {v} refused: {r}"))
}

/// Run a command that must be refused; checks the state did not change.
pub fn refused(s: &mut State, v: Value) -> Refusal {
    let before = s.clone();
    let c = cmd(v.clone());
    let r = SilverMine::execute(s, &c).expect_err(&format!("command {v} should be refused"));
    assert_eq!(*s, before, "a refused command changed the state");
    r
}

pub fn card(s: &mut State, id: &str, kind: &str, origin: (i32, i32), rows: &[&str]) {
    ok(
        s,
        json!({"type": "place_card", "id": id, "kind": kind, "origin": [origin.0, origin.1], "rows": rows}),
    );
}

pub fn hero(s: &mut State, id: &str, attack: i32, mv: i32, torch: i32, life: i32) {
    ok(
        s,
        json!({"type": "new_character", "id": id, "player": format!("p-{id}"), "character_type": "strength",
               "attrs": {"attack": attack, "move": mv, "torch": torch, "life": life}}),
    );
}

pub fn enter(s: &mut State, id: &str, at: (i32, i32)) {
    ok(
        s,
        json!({"type": "enter_dungeon", "character": id, "at": [at.0, at.1]}),
    );
}

pub fn enemy(s: &mut State, id: &str, kind: &str, at: (i32, i32), attack: i32, mv: i32, life: i32) {
    ok(
        s,
        json!({"type": "place_enemy", "id": id, "kind": kind, "at": [at.0, at.1],
               "attrs": {"attack": attack, "move": mv, "torch": 0, "life": life}}),
    );
}

/// Teleport a character for a test set-up (cards laid out after entering).
pub fn put(s: &mut State, id: &str, at: (i32, i32)) {
    s.character_mut(id).unwrap().pos = Some(tw_silver_mine::Pos::new(at.0, at.1));
}

pub fn turn(s: &mut State, seed: u64, dice: &[(u8, u8)]) -> Vec<Event> {
    let dice: Vec<Value> = dice
        .iter()
        .map(|(c, e)| json!({"character": c, "enemy": e, "source": "virtual"}))
        .collect();
    ok(
        s,
        json!({"type": "dungeon_turn", "seed": seed, "dice": dice}),
    )
}

pub fn moves(events: &[Event], enemy: &str) -> Vec<tw_silver_mine::Pos> {
    events
        .iter()
        .find_map(|e| match e {
            Event::EnemyMoved { enemy: x, path } if x == enemy => Some(path.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

pub fn target_of(events: &[Event], enemy: &str) -> Option<String> {
    events.iter().find_map(|e| match e {
        Event::TargetChosen {
            enemy: x, target, ..
        } if x == enemy => Some(target.clone()),
        _ => None,
    })
}

pub fn life(s: &State, id: &str) -> i32 {
    s.character(id)
        .map(|c| c.attrs.life)
        .or_else(|| s.enemy(id).map(|e| e.attrs.life))
        .unwrap()
}
