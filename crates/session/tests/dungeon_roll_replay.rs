//! `warden replay dr --script docs/replay-dungeon-roll.md's example` goes
//! through the registry and the replay module: found by its alias, run to
//! the end, and with `keep_going` a refusal is recorded, not fatal.

use serde_json::{json, Value};
use tw_session::{registry, replay};

const DOC: &str = include_str!("../../../docs/replay-dungeon-roll.md");

fn example() -> Value {
    let start = DOC.find("```json\n").expect("the doc has a json block") + "```json\n".len();
    let end = start + DOC[start..].find("```").expect("the json block is closed");
    serde_json::from_str(&DOC[start..end]).expect("valid JSON")
}

#[test]
fn the_dungeon_roll_example_replays_by_alias() {
    let game = registry::find("dr").expect("dungeon-roll is registered as dr");
    let script: replay::Script = serde_json::from_value(example()).unwrap();
    let out = replay::run(game.as_ref(), &script, false).unwrap();
    assert_eq!(out.game, "dungeon-roll");
    assert_eq!(out.steps.len(), script.commands.len());
    assert_eq!(out.state["finished"]["scores"][0]["total"], 7);
}

#[test]
fn a_refused_command_is_recorded_with_its_rule_when_going_on() {
    let game = registry::find("dungeon-roll").unwrap();
    let mut v = example();
    let cmds = v["commands"].as_array_mut().unwrap();
    cmds.insert(1, json!({"type": "retire"}));
    let script: replay::Script = serde_json::from_value(v.clone()).unwrap();
    let err = replay::run(game.as_ref(), &script, false).unwrap_err();
    assert!(
        matches!(err, replay::ReplayError::Refused { index: 1, .. }),
        "{err}"
    );
    let out = replay::run(game.as_ref(), &script, true).unwrap();
    let refusal = out.steps[1].refused.as_ref().expect("step 1 refused");
    assert_eq!(refusal.rule, "Regroup Phase");
    assert_eq!(
        out.state["finished"]["scores"][0]["total"], 7,
        "the rest of the game is unchanged"
    );
}
