//! Checks the engines' own tests share: the shape of a view's JSON, that
//! offers are honest (a placeholder for every value the player fills, every
//! ready offer taken by the engine), and UI fixtures kept current.

use crate::engine::Game;
use serde_json::Value;
use std::path::Path;

/// Asserts `v` at dotted `path` is of `kind`: `number`, `string`, `bool`,
/// `array`, `object` or `null`, or several joined by `|` (`number|null`).
/// A number in the path indexes an array (`moves.0.kind`).
pub fn expect_json(v: &Value, path: &str, kind: &str) {
    let at = path.split('.').fold(v, |v, k| {
        let next = match (v, k.parse::<usize>()) {
            (Value::Array(a), Ok(i)) => a.get(i),
            _ => v.get(k),
        };
        next.unwrap_or(&Value::Null)
    });
    let ok = kind.split('|').any(|k| match k {
        "number" => at.is_number(),
        "string" => at.is_string(),
        "bool" => at.is_boolean(),
        "array" => at.is_array(),
        "object" => at.is_object(),
        "null" => at.is_null(),
        _ => false,
    });
    assert!(ok, "{path} should be {kind}, is {at}");
}

/// Asserts every offer of `G` in `state` is honest: each path the player
/// fills holds null and says how it is asked for; each ready offer is a
/// command the engine accepts as it stands.
pub fn assert_offers_honest<G: Game>(state: &G::State) {
    for o in G::offers(state) {
        for p in &o.fill {
            let at = o.command.pointer(&format!("/{}", p.replace('.', "/")));
            assert_eq!(at, Some(&Value::Null), "{}: {p} should hold null", o.key);
            assert!(o.inputs.contains_key(p), "{}: no input for {p}", o.key);
        }
        if let Some(slot) = &o.card {
            let at = o.command.pointer(&format!("/{}", slot.path.replace('.', "/")));
            let named = at.and_then(|c| c.as_object()).is_some_and(|c| c.contains_key("name"));
            assert!(named, "{}: its card slot {} holds no card with a name", o.key, slot.path);
        }
        if o.fill.is_empty() {
            let c: G::Command = serde_json::from_value(o.command.clone())
                .unwrap_or_else(|e| panic!("{}: not a command: {e}", o.key));
            G::decide(state, &c).unwrap_or_else(|e| panic!("{}: {e}", o.key));
        }
    }
}

/// Writes `text` to the fixture at `path` when `TW_UPDATE_FIXTURES` is set;
/// otherwise asserts the file holds it (a stale fixture fails the test).
pub fn fixture_current(path: &Path, text: &str) {
    if std::env::var_os("TW_UPDATE_FIXTURES").is_some() {
        std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    } else {
        let old = std::fs::read_to_string(path).unwrap_or_default();
        assert_eq!(old, text, "{} is stale: regenerate with TW_UPDATE_FIXTURES=1", path.display());
    }
}
