//! Scripts in the `warden replay itdd` format, run through the same JSON
//! adapter the CLI uses.

use serde_json::{json, Value};
use tw_rules::{DynGame, JsonGame};
use tw_silver_mine::SilverMine;

/// Run a script; returns the events of each command and the final state.
fn replay(script: &Value) -> (Vec<Vec<Value>>, Value) {
    let g = JsonGame::<SilverMine>::default();
    let mut state = g.setup(&script["setup"]).expect("setup");
    let mut all = vec![];
    for (i, c) in script["commands"].as_array().unwrap().iter().enumerate() {
        let out = g
            .execute(&state, c)
            .unwrap_or_else(|r| panic!("command {i} refused: {r}"));
        state = out.state;
        all.push(out.events);
    }
    (all, state)
}

fn script() -> Value {
    serde_json::from_str(include_str!("scripts/combat_example.json")).unwrap()
}

/// Rulebook p.26: "The Warrior rolls 1d6 and gets 5, then adds the attack
/// attribute, which is currently 1. The Hit Score is 6. The Goblin rolls 3
/// plus the attack attribute, which is 1. The Hit Score is 4. The Goblin
/// Shaman loses 1 Life. Continue until one of the two reaches 0 Life."
#[test]
fn the_rulebook_combat_example() {
    let (events, state) = replay(&script());
    let combat = events[5]
        .iter()
        .find(|e| e["type"] == "combat")
        .expect("a combat event");
    assert_eq!(combat["character_roll"], 5);
    assert_eq!(combat["character_hit"], 6);
    assert_eq!(combat["enemy_roll"], 3);
    assert_eq!(combat["enemy_hit"], 4);
    assert_eq!(combat["loser"], json!({"enemy": "shaman"}));
    assert_eq!(combat["source"], "camera");
    assert!(events[5]
        .contains(&json!({"type": "life_lost", "who": {"enemy": "shaman"}, "life_left": 1})));

    // The dungeon turn: the shaman, already adjacent, strikes back: 4+1 against 2+1.
    let turn = &events[6];
    assert!(turn
        .iter()
        .any(|e| e["type"] == "combat" && e["enemy_hit"] == 5 && e["character_hit"] == 3));
    assert!(turn
        .contains(&json!({"type": "life_lost", "who": {"character": "warrior"}, "life_left": 4})));

    // ... until one reaches 0 Life.
    assert!(events[8]
        .iter()
        .any(|e| e["type"] == "enemy_defeated" && e["enemy"] == "shaman"));
    assert_eq!(state["enemies"], json!([]));
    assert_eq!(state["enemies_defeated"], 1);
}

#[test]
fn a_refused_command_names_its_rule_and_the_state_is_kept() {
    let g = JsonGame::<SilverMine>::default();
    let mut s = script();
    let cmds = s["commands"].as_array_mut().unwrap();
    cmds.truncate(5);
    let (_, state) = replay(&s);
    // A second attack in the same turn is refused by "Combat".
    let attack = json!({"type": "attack", "character": "warrior", "enemy": "shaman", "dice": {"character": 5, "enemy": 3}});
    let out = g.execute(&state, &attack).unwrap();
    let r = g.execute(&out.state, &attack).unwrap_err();
    assert_eq!(r.rule, "Combat");
    // A die showing 7 never reaches the engine.
    let bad = json!({"type": "attack", "character": "warrior", "enemy": "shaman", "dice": {"character": 7, "enemy": 3}});
    let r = g.execute(&state, &bad).unwrap_err();
    assert!(r.reason.contains("1 to 6"), "{r}");
}

#[test]
fn the_documented_example_script_runs() {
    let doc = include_str!("../../../../docs/replay-itdd.md");
    let start = doc
        .find("```json\n")
        .expect("docs/replay-itdd.md has a json example")
        + 8;
    let end = start + doc[start..].find("```").unwrap();
    let script: Value =
        serde_json::from_str(&doc[start..end]).expect("the documented script is valid JSON");
    let (events, state) = replay(&script);
    // Exploring spent a Torch, the sack gave 2 coins for a 4, the goblin attacked and lost.
    assert!(events[5]
        .iter()
        .any(|e| e["type"] == "torch_spent" && e["torch_left"] == 2));
    assert_eq!(state["characters"][0]["coins"], 2);
    assert!(events
        .concat()
        .iter()
        .any(|e| e["type"] == "combat" && e["source"] == "camera"));
}

#[test]
fn undo_restores_the_state_before_a_dungeon_turn() {
    use tw_rules::{Game, History};
    let script = script();
    let setup = serde_json::from_value(script["setup"].clone()).unwrap();
    let mut h = History::<SilverMine>::new(&setup).unwrap();
    for c in script["commands"].as_array().unwrap().iter().take(6) {
        h.execute(serde_json::from_value(c.clone()).unwrap())
            .unwrap();
    }
    let before = h.state().clone();
    let turn = serde_json::from_value(script["commands"][6].clone()).unwrap();
    h.execute(turn).unwrap();
    assert_ne!(*h.state(), before);
    h.undo().unwrap();
    assert_eq!(*h.state(), before);
    // Bad JSON input is a refusal, not a panic.
    let g = JsonGame::<SilverMine>::default();
    let state = serde_json::to_value(&before).unwrap();
    let r = g
        .execute(&state, &json!({"type": "summon_dragon"}))
        .unwrap_err();
    assert_eq!(r.rule, "Input");
    let r = g
        .execute(
            &state,
            &json!({"type": "move", "character": "warrior", "path": [[1]]}),
        )
        .unwrap_err();
    assert_eq!(r.rule, "Input");
    assert_eq!(<SilverMine as Game>::NAME, "silver-mine");
}
