//! Replay and setup errors say where (issue 23, item 5): the command's
//! index, the field's path and the type expected; a Silver Mine setup with
//! a misspelt field or of the wrong shape is refused, not run on defaults.

use serde_json::json;
use tw_session::registry::find;
use tw_session::replay::{run, Script};

fn script(setup: serde_json::Value, commands: serde_json::Value) -> Script {
    serde_json::from_value(json!({"setup": setup, "commands": commands})).unwrap()
}

#[test]
fn a_wrong_type_in_a_command_names_its_index_path_and_expected_type() {
    let g = find("silver-mine").unwrap();
    let s = script(
        json!({"mode": "solo"}),
        json!([
            {"type": "place_card", "id": "g", "kind": "gate", "origin": [0, 0], "rows": [".."]},
            {"type": "new_character", "id": "w", "player": "p", "character_type": "strength",
             "attrs": {"attack": "x", "move": 3, "torch": 3, "life": 5}}
        ]),
    );
    let e = run(g.as_ref(), &s, false).unwrap_err().to_string();
    assert!(e.starts_with("command 1 refused"), "{e}");
    assert!(
        e.contains("attrs.attack: invalid type: string \"x\", expected i32"),
        "{e}"
    );
    let g = find("dungeon-fighter").unwrap();
    let s = script(
        json!({"heroes": ["saul-baysar", "lady-mary"]}),
        json!([{"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4}},
               {"type": "throw", "die": "red", "face": "icon", "landing": {"value": "two", "kind": "score"}}]),
    );
    let e = run(g.as_ref(), &s, false).unwrap_err().to_string();
    assert!(e.starts_with("command 1 refused"), "{e}");
    assert!(e.contains("landing.value: invalid type: string \"two\""), "{e}");
}

#[test]
fn a_silver_mine_setup_refuses_unknown_fields_and_wrong_shapes() {
    let g = find("itdd").unwrap();
    let e = g.setup(&json!({"mdoe": "duo"})).unwrap_err().reason;
    assert!(e.contains("unknown field `mdoe`"), "{e}");
    let e = g.setup(&json!([])).unwrap_err().reason;
    assert!(e.contains("expected a map"), "{e}");
    let e = g.setup(&json!({"mode": "solo", "seed": "x"})).unwrap_err().reason;
    assert!(e.contains("seed"), "{e}");
    assert!(g.setup(&json!({"mode": "cooperative", "seed": 3})).is_ok());
    assert!(g.setup(&json!({})).is_ok());
}
