//! The example script in `docs/replay-dungeon-roll.md` runs through the
//! JSON adapter exactly as `warden replay dungeon-roll` runs it, and ends
//! where the walk-through says.

use serde_json::{json, Value};
use tw_dungeon_roll::DungeonRoll;
use tw_rules::{DynGame, JsonGame};

const DOC: &str = include_str!("../../../../docs/replay-dungeon-roll.md");

fn example_script() -> Value {
    let start = DOC.find("```json\n").expect("the doc has a json block") + "```json\n".len();
    let end = start + DOC[start..].find("```").expect("the json block is closed");
    serde_json::from_str(&DOC[start..end]).expect("the example script is valid JSON")
}

#[test]
fn the_documented_example_runs_without_refusal_and_ends_as_described() {
    let game = JsonGame::<DungeonRoll>::default();
    let script = example_script();
    let initial = game.setup(&script["setup"]).unwrap();
    let mut state = initial.clone();
    let mut events = Vec::new();
    let mut after = Vec::new();
    for (i, c) in script["commands"].as_array().unwrap().iter().enumerate() {
        let out = game
            .execute(&state, c)
            .unwrap_or_else(|r| panic!("command {i} {c} refused: {r}"));
        events.extend(out.events.clone());
        after.push((out.events, out.state.clone()));
        state = out.state;
    }
    // First delve: the Scroll's Dragon is in the Lair, the helper spent a
    // Fighter on the Ooze, the Potion revived a Thief, and she retired at 3.
    let (proposal_events, s) = &after[7];
    assert!(proposal_events
        .contains(&json!({"type": "unit_spent", "unit": {"die": "fighter"}, "as": "fighter"})));
    assert_eq!(s["delve"]["lair"], 1);
    let (_, s) = &after[8];
    assert_eq!(s["delve"]["graveyard"], 5);
    assert_eq!(s["delve"]["party"]["thief"], 1);
    assert_eq!(after[9].1["players"][0]["xp"], 3);
    // Second delve: the Dragon, then the flip to Master at 6 XP.
    assert!(after[12].0.iter().any(|e| e["type"] == "dragon_defeated"));
    assert!(after[13]
        .0
        .contains(&json!({"type": "leveled_up", "player": 0, "side": "Bard"})));
    // Third delve: fled with no XP; the game is over.
    assert!(after[17]
        .0
        .contains(&json!({"type": "delve_ended", "player": 0, "outcome": "fled"})));
    let p = &state["players"][0];
    assert_eq!(
        (p["xp"].clone(), p["master"].clone(), p["delves"].clone()),
        (json!(6), json!(true), json!(3))
    );
    assert_eq!(p["tokens"], json!({"dragon_scales": 1}));
    let f = &state["finished"];
    assert_eq!(f["scores"][0]["total"], 7);
    assert_eq!(f["winners"], json!([0]));
    // The events alone rebuild the final state (how the store resumes).
    assert_eq!(game.replay_events(&initial, &events).unwrap(), state);
}

#[test]
fn the_documented_refusal_is_the_one_given() {
    let game = JsonGame::<DungeonRoll>::default();
    let script = example_script();
    let s0 = game.setup(&script["setup"]).unwrap();
    let s1 = game.execute(&s0, &script["commands"][0]).unwrap().state;
    let r = game.execute(&s1, &json!({"type": "retire"})).unwrap_err();
    assert_eq!(r.rule, "Regroup Phase");
    assert!(
        DOC.contains(&format!("\"reason\": \"{}\"", r.reason)),
        "the doc quotes: {}",
        r.reason
    );
}

#[test]
fn misspelt_or_impossible_input_is_refused_as_input() {
    let game = JsonGame::<DungeonRoll>::default();
    let s0 = game.setup(&example_script()["setup"]).unwrap();
    for bad in [
        json!({"type": "start_delve", "party": ["fighter"], "dungeon": ["goblin"], "dungen": []}),
        json!({"type": "start_delve", "party": ["wizard"], "dungeon": ["goblin"]}),
        json!({"type": "fight", "with": {"dice": "fighter"}, "monster": "goblin"}),
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["excalibur"]}),
        json!({"type": "teleport"}),
    ] {
        let r = game.execute(&s0, &bad).unwrap_err();
        assert_eq!(r.rule, "Input", "{bad}: {r}");
        assert!(r.reason.contains("bad command"), "{bad}: {r}");
    }
    let r = game
        .setup(&json!({"players": [{"name": "A", "hero": "bard", "level": 3}]}))
        .unwrap_err();
    assert_eq!(r.rule, "Input");
}
