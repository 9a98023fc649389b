//! The Pocket Dungeon Quest doc's scripts through the registry and the
//! replay runner, as `warden replay pdq --script` runs them.

use serde_json::{json, Value};
use tw_session::{registry, replay};

const DOC: &str = include_str!("../../../docs/replay-pocket-dungeon-quest.md");

fn scripts() -> Vec<replay::Script> {
    DOC.split("```json\n")
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("```").unwrap()]).unwrap())
        .collect()
}

#[test]
fn every_documented_script_replays_by_alias() {
    let game = registry::find("pdq").expect("registered as pdq");
    for (i, s) in scripts().iter().enumerate() {
        let out =
            replay::run(game.as_ref(), s, false).unwrap_or_else(|e| panic!("script {i}: {e}"));
        assert_eq!(out.game, "pocket-dungeon-quest");
        assert!(out.steps.iter().all(|st| st.refused.is_none()));
    }
}

#[test]
fn keep_going_records_a_refusal_and_leaves_the_state() {
    let game = registry::find("pocket-dungeon-quest").unwrap();
    let mut script: Value = json!({"setup": {"heroes": ["warrior"]}, "commands": [
        {"type": "move", "to": {"row": 1, "col": 4}},
        {"type": "move", "to": {"row": -1, "col": 0}, "reveal": [
            {"at": {"row": 0, "col": 0}, "tile": "floor"}, {"at": {"row": 0, "col": 1}, "tile": "wall"}]}
    ]});
    let s: replay::Script = serde_json::from_value(script.take()).unwrap();
    let out = replay::run(game.as_ref(), &s, true).unwrap();
    assert_eq!(
        out.steps[0].refused.as_ref().unwrap().rule,
        "Moving & Revealing"
    );
    assert!(out.steps[1].events.is_some());
    assert_eq!(out.state["heroes"][0]["pos"], json!({"row": -1, "col": 0}));
}
