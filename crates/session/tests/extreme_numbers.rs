//! Every registered engine, driven through JSON as the CLI, the store and the
//! window drive it, takes extreme numbers without a panic (issue 23, item 1):
//! each game's example script (its replay doc's, or Dungeon Fighter's
//! `examples/first-room.json`, a whole cycle) is replayed with one number, in the
//! setup or in one command, put to an extreme, and the rest replayed after it.
//! Card fields typed into Dungeon Fighter commands get extreme numbers too.

use proptest::prelude::*;
use serde_json::{json, Value};

const DOCS: [(&str, &str); 3] = [
    ("dungeon-fighter", include_str!("../../games/dungeon-fighter/examples/first-room.json")),
    ("green-dungeon", include_str!("../../../docs/replay-green-dungeon.md")),
    ("silver-mine", include_str!("../../../docs/replay-itdd.md")),
];

const EXTREMES: [i64; 9] = [
    i32::MIN as i64,
    -1_000_000,
    -1,
    0,
    7,
    1_000_000,
    i32::MAX as i64,
    u32::MAX as i64,
    i64::MAX,
];

/// A script file, or the first JSON block of a replay doc.
fn example(doc: &str) -> Value {
    if doc.starts_with('{') {
        return serde_json::from_str(doc).expect("the script is JSON");
    }
    let start = doc.find("```json\n").expect("a json block") + "```json\n".len();
    let end = start + doc[start..].find("```").expect("closed");
    serde_json::from_str(&doc[start..end]).expect("the example is JSON")
}

/// Every numeric leaf under `v`, as a JSON pointer below `at`.
fn leaves(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at),
        Value::Array(a) => a.iter().enumerate().for_each(|(k, x)| leaves(x, format!("{at}/{k}"), out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| leaves(x, format!("{at}/{k}"), out)),
        _ => {}
    }
}

/// Objects with a `name` that are cards typed in Dungeon Fighter commands.
fn cards(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            if o.get("name").is_some_and(Value::is_string) {
                out.push(at.clone());
            }
            o.iter().for_each(|(k, x)| cards(x, format!("{at}/{k}"), out))
        }
        Value::Array(a) => a.iter().enumerate().for_each(|(k, x)| cards(x, format!("{at}/{k}"), out)),
        _ => {}
    }
}

/// Replays `script` and goes on past refusals; panics are the failure.
fn replay(game: &str, script: &Value) {
    let g = tw_session::registry::find(game).unwrap();
    let Ok(mut state) = g.setup(&script["setup"]) else { return };
    for c in script["commands"].as_array().unwrap() {
        if let Ok(out) = g.execute(&state, c) {
            state = out.state;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn one_extreme_number_anywhere_in_an_example_never_panics(
        game in 0usize..3, pick in any::<usize>(), x in 0usize..EXTREMES.len(),
    ) {
        let (name, doc) = DOCS[game];
        let mut script = example(doc);
        let mut at = vec![];
        leaves(&script, String::new(), &mut at);
        let p = &at[pick % at.len()];
        *script.pointer_mut(p).unwrap() = json!(EXTREMES[x]);
        replay(name, &script);
    }

    #[test]
    fn extreme_card_values_never_panic(
        pick in any::<usize>(), field in 0usize..8, x in 0usize..EXTREMES.len(),
    ) {
        let mut script = example(DOCS[0].1);
        let mut at = vec![];
        cards(&script["commands"], "/commands".into(), &mut at);
        let p = &at[pick % at.len()];
        let key = ["life", "damage", "gold", "level", "shop_icons", "gold_bonus", "heal_party", "monster_advantage"][field];
        script.pointer_mut(p).unwrap()[key] = json!(EXTREMES[x]);
        replay(DOCS[0].0, &script);
    }
}

/// The numbers most likely to wrap, at every leaf in turn (not sampled).
#[test]
fn the_largest_and_smallest_numbers_at_every_leaf_never_panic() {
    for (name, doc) in DOCS {
        let base = example(doc);
        let mut at = vec![];
        leaves(&base, String::new(), &mut at);
        for p in &at {
            for x in [i32::MIN as i64, i32::MAX as i64, u32::MAX as i64] {
                let mut script = base.clone();
                *script.pointer_mut(p).unwrap() = json!(x);
                replay(name, &script);
            }
        }
    }
}
