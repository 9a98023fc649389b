//! Extreme numbers in commands (issue 23, item 1): refused by field, never a
//! panic or a silent wrap, whatever the command and wherever the number.

mod common;
use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use tw_rules::Game;
use tw_silver_mine::{Command, SilverMine, State};

/// A warrior in the dungeon next to a goblin, a sack beside them.
fn table() -> State {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate",
        "gate",
        (0, 0),
        &["....", "....", "....", "...."],
    );
    hero(&mut s, "w", 1, 3, 3, 5);
    enter(&mut s, "w", (0, 1));
    enemy(&mut s, "g", "goblin", (1, 1), 1, 2, 2);
    ok(
        &mut s,
        json!({"type": "place_cube", "at": [0, 2], "cube": {"container": "sack"}}),
    );
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    s
}

#[test]
fn a_card_at_the_most_negative_origin_is_refused_naming_the_field() {
    let mut s = table();
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "h", "kind": "hall", "origin": [0, i32::MIN], "rows": ["."]}),
    );
    assert_eq!(r.rule, "Input: numbers");
    assert!(r.reason.starts_with("origin[1] is -2147483648"), "{r}");
}

#[test]
fn a_character_with_the_largest_attack_is_refused_naming_the_field() {
    let mut s = table();
    let r = refused(
        &mut s,
        json!({"type": "new_character", "id": "x", "player": "p", "character_type": "strength",
               "attrs": {"attack": i32::MAX, "move": 3, "torch": 3, "life": 5}}),
    );
    assert!(r.reason.starts_with("attrs.attack is 2147483647"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "place_enemy", "id": "o", "kind": "goblin", "at": [2, 2],
               "attrs": {"attack": 1, "move": 1, "torch": 0, "life": 2},
               "carries": [{"item": "coins", "amount": u32::MAX}]}),
    );
    assert!(
        r.reason.starts_with("carries[0].amount is 4294967295"),
        "{r}"
    );
    let r = refused(
        &mut s,
        json!({"type": "arena_ended", "defeats": {"w": u32::MAX}}),
    );
    assert!(r.reason.starts_with("defeats.w is 4294967295"), "{r}");
}

/// Commands of every shape with a numeric leaf put in turn to each of
/// these; whatever the engine says, it says it without panicking.
const EXTREMES: [i64; 8] = [
    i32::MIN as i64,
    -1_000_000,
    -1,
    0,
    99,
    1_000_000,
    i32::MAX as i64,
    u32::MAX as i64,
];

fn templates() -> Vec<Value> {
    vec![
        json!({"type": "place_card", "id": "h", "kind": "hall", "origin": [4, 0], "rows": ["....", "...."]}),
        json!({"type": "place_cube", "at": [2, 2], "cube": "trap"}),
        json!({"type": "place_enemy", "id": "o", "kind": "goblin", "at": [3, 3],
               "attrs": {"attack": 1, "move": 1, "torch": 0, "life": 2},
               "carries": [{"item": "weapon", "attribute": "attack", "bonus": 1}, {"item": "coins", "amount": 5}]}),
        json!({"type": "new_character", "id": "x", "player": "p", "character_type": "strength",
               "attrs": {"attack": 1, "move": 3, "torch": 3, "life": 5},
               "items": [{"item": "rune", "attribute": "life", "bonus": 1}, {"item": "master_key", "charges": 2}]}),
        json!({"type": "move", "character": "w", "path": [[0, 2], [0, 3]]}),
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
        json!({"type": "loot", "character": "w", "at": [0, 2], "roll": 6, "items": [{"item": "coins", "amount": 7}]}),
        json!({"type": "use_item", "character": "w", "index": 0}),
        json!({"type": "give", "from": "w", "to": "w", "index": 0}),
        json!({"type": "short_rest", "character": "w", "campfire": [3, 0]}),
        json!({"type": "dungeon_turn", "seed": 3, "dice": [{"character": 2, "enemy": 5}]}),
        json!({"type": "buy", "character": "w", "item": {"item": "weapon", "attribute": "attack", "bonus": 2}}),
        json!({"type": "choose_path", "character": "w", "path": "p", "prerequisite": "strength", "charges": 3}),
        json!({"type": "arena_ended", "defeats": {"w": 2}}),
    ]
}

/// Every numeric leaf of `v`, as a JSON pointer.
fn numeric_leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(k, x)| numeric_leaves(x, format!("{at}/{k}"), out)),
        Value::Object(o) => o
            .iter()
            .for_each(|(k, x)| numeric_leaves(x, format!("{at}/{k}"), out)),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn no_number_in_any_command_panics(t in 0usize..14, leaf in 0usize..16, x in 0usize..8, then_attack in any::<bool>()) {
        let mut v = templates()[t].clone();
        let mut leaves = vec![];
        numeric_leaves(&v, String::new(), &mut leaves);
        let p = &leaves[leaf % leaves.len()];
        *v.pointer_mut(p).unwrap() = json!(EXTREMES[x]);
        // A value serde takes (in the field's type) reaches `decide`.
        let Ok(c) = serde_json::from_value::<Command>(v) else { return Ok(()) };
        let mut s = table();
        let before = s.clone();
        match SilverMine::execute(&mut s, &c) {
            Err(r) => prop_assert_eq!(&s, &before, "refused ({}) but changed the state", r),
            // Accepted: the game goes on from there without a panic.
            Ok(_) if then_attack => {
                let a = json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 6}});
                let _ = SilverMine::execute(&mut s, &cmd(a));
                let _ = SilverMine::execute(&mut s, &cmd(json!({"type": "dungeon_turn", "roll_missing": true})));
            }
            Ok(_) => {}
        }
    }
}
