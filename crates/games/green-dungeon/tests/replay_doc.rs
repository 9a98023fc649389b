//! The example script in `docs/replay-green-dungeon.md` runs through the
//! JSON adapter exactly as `warden replay green-dungeon` runs it.

use serde_json::Value;
use tw_green_dungeon::GreenDungeon;
use tw_rules::{DynGame, JsonGame};

const DOC: &str = include_str!("../../../../docs/replay-green-dungeon.md");

fn example_script() -> Value {
    let start = DOC.find("```json\n").expect("the doc has a json block") + "```json\n".len();
    let end = start + DOC[start..].find("```").expect("the json block is closed");
    serde_json::from_str(&DOC[start..end]).expect("the example script is valid JSON")
}

#[test]
fn the_documented_example_runs_without_refusal() {
    let game = JsonGame::<GreenDungeon>::default();
    let script = example_script();
    let mut state = game.setup(&script["setup"]).unwrap();
    let initial = state.clone();
    let mut all_events = Vec::new();
    for (i, c) in script["commands"].as_array().unwrap().iter().enumerate() {
        let out = game
            .execute(&state, c)
            .unwrap_or_else(|r| panic!("command {i} {c} refused: {r}"));
        all_events.extend(out.events);
        state = out.state;
    }
    // The walk-through in the doc, checked.
    assert_eq!(state["time"]["main"], 8);
    assert_eq!(state["time"]["event_cubes"], 1);
    assert_eq!(state["player"]["weapon"], 2);
    assert_eq!(
        state["player"]["xp"], 2,
        "the room's monster and the wandering one"
    );
    assert_eq!(state["phase"]["phase"], "idle");
    let tile = &state["grid"]["rows"][0][1];
    assert_eq!(tile["meeple"]["reason"], "bribed");
    assert!(all_events.iter().any(|e| e["type"] == "rest_interrupted"));
    assert!(all_events.iter().any(|e| e["type"] == "tile_reset"));
    // The events alone rebuild the final state (how the store resumes).
    assert_eq!(game.replay_events(&initial, &all_events).unwrap(), state);
}

#[test]
fn the_documented_refusal_is_the_one_given() {
    let game = JsonGame::<GreenDungeon>::default();
    let state = game.setup(&example_script()["setup"]).unwrap();
    let r = game
        .execute(&state, &serde_json::json!({"type": "move", "dir": "north"}))
        .unwrap_err();
    assert_eq!(r.rule, "Movement in the Dungeon");
    assert!(DOC.contains(&r.reason), "the doc quotes: {}", r.reason);
}

#[test]
fn misspelt_or_impossible_input_is_refused_not_dropped() {
    let game = JsonGame::<GreenDungeon>::default();
    let state = game.setup(&example_script()["setup"]).unwrap();
    for bad in [
        serde_json::json!({"type": "move", "dir": "east", "door_rol": 5}),
        serde_json::json!({"type": "move", "dir": "up"}),
        serde_json::json!({"type": "event_check", "upkeep": [2, 7], "wandering": 1}),
        serde_json::json!({"type": "flip", "at": {"row": 5, "col": 0}, "kind": "drop", "exits": "east_west"}),
        serde_json::json!({"type": "teleport"}),
    ] {
        let r = game.execute(&state, &bad).unwrap_err();
        assert_eq!(r.rule, "Input", "{bad}: {r}");
        assert!(r.reason.contains("bad command"), "{bad}: {r}");
    }
}
