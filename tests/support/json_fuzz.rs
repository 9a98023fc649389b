//! Strategies shared by the parsers' property tests (issue 23, "fuzzing
//! that stays"): arbitrary bytes, arbitrary JSON values, and valid
//! documents spoiled the way a hand edit or a bad tool spoils them.
//!
//! There is no crate for this: each crate's property test includes the file
//! with `#[path = "../../../tests/support/json_fuzz.rs"] mod json_fuzz;`,
//! so no production crate gains a dependency on proptest.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{json, Map, Value};

/// Cases per property: enough to find the usual suspects, few enough that
/// every crate's set runs in seconds.
pub fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Shrinking a JSON tree can take many steps; a failing case is kept
        // as a named test anyway.
        max_shrink_iters: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Bytes a file might hold: mostly noise, sometimes a JSON-ish prefix.
pub fn arb_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..512),
        (
            prop::sample::select(vec!["{", "[", "{\"format\":", "\u{feff}{", "null", "{\"a\":1}}"]),
            prop::collection::vec(any::<u8>(), 0..64),
        )
            .prop_map(|(head, tail)| {
                let mut b = head.as_bytes().to_vec();
                b.extend(tail);
                b
            }),
    ]
}

/// Numbers that break code which assumes "reasonable" values.
pub fn extreme_number() -> impl Strategy<Value = Value> {
    prop::sample::select(vec![
        json!(0),
        json!(-1),
        json!(2147483647),
        json!(-2147483648),
        json!(4294967295u64),
        json!(4294967296u64),
        json!(i64::MAX),
        json!(i64::MIN),
        json!(u64::MAX),
        json!(1e308),
        json!(-1e308),
        json!(1e-308),
        json!(0.5),
        json!(-0.0),
        json!("NaN"),
        json!("inf"),
        json!("-1"),
    ])
}

/// Field names the parsers use, so random objects sometimes look real.
const KEYS: &[&str] = &[
    "format", "version", "type", "setup", "commands", "mode", "seed", "id", "name", "game",
    "character", "origin", "rings", "sectors", "value", "method", "kind", "area_mm", "die",
    "edge_mm", "prototypes", "sessions", "entries", "seq", "state", "players", "heroes",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        // serde_json turns non-finite floats into null, which is fine here.
        any::<f64>().prop_map(|f| json!(f)),
        extreme_number(),
        "[a-z_-]{0,12}".prop_map(Value::String),
        prop::sample::select(KEYS).prop_map(|s| json!(s)),
        any::<String>().prop_map(Value::String),
    ]
}

/// Any JSON value, a few levels deep.
pub fn arb_json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![prop::sample::select(KEYS).prop_map(String::from), "[a-z]{1,6}"],
                    inner
                ),
                0..6
            )
            .prop_map(|kv| Value::Object(kv.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// One way to spoil a node of a document.
#[derive(Debug, Clone)]
pub enum Spoil {
    /// Remove it from its object or array (at the root: becomes null).
    Delete,
    /// Replace it by an extreme number (or a number spelled as a string).
    Extreme(Value),
    /// A number becomes its text, a string a number, anything else "x".
    SwapType,
    /// Empty an array or object; anything else becomes `[]`.
    Empty,
    /// Repeat an array's first element (or the node itself) `n` times.
    Huge(usize),
    /// Add a field no version of the format has.
    UnknownField,
    /// Replace it by an arbitrary value.
    Random(Value),
    /// Like `Extreme`, but picked among the document's numbers only.
    AtNumber(Value),
}

pub fn arb_spoil() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        3 => Just(Spoil::Delete),
        4 => extreme_number().prop_map(Spoil::Extreme),
        2 => Just(Spoil::SwapType),
        2 => Just(Spoil::Empty),
        1 => (200usize..2000).prop_map(Spoil::Huge),
        1 => Just(Spoil::UnknownField),
        2 => arb_json().prop_map(Spoil::Random),
    ]
}

/// Up to `max` extreme numbers, each replacing one of the document's numbers.
pub fn arb_number_spoils(max: usize) -> impl Strategy<Value = Vec<(Index, Spoil)>> {
    prop::collection::vec((any::<Index>(), extreme_number().prop_map(Spoil::AtNumber)), 1..=max)
}

/// Either kind: spoils anywhere, or extreme numbers in place of numbers.
pub fn arb_any_spoils(max: usize) -> impl Strategy<Value = Vec<(Index, Spoil)>> {
    prop_oneof![arb_spoils(max), arb_number_spoils(max)]
}

/// Up to `max` spoils, each at a node picked among all of the document's nodes.
pub fn arb_spoils(max: usize) -> impl Strategy<Value = Vec<(Index, Spoil)>> {
    prop::collection::vec((any::<Index>(), arb_spoil()), 1..=max)
}

/// A step into a JSON value.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    At(usize),
}

fn paths(v: &Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                here.push(Step::Key(k.clone()));
                paths(x, here, out);
                here.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                here.push(Step::At(i));
                paths(x, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k.as_str()),
        Step::At(i) => v.get_mut(*i),
    })
}

/// `doc` with each spoil applied in turn at the node its index picks
/// (among the nodes of the document as it is by then).
pub fn spoil(doc: &Value, spoils: &[(Index, Spoil)]) -> Value {
    let mut doc = doc.clone();
    for (at, how) in spoils {
        let mut all = Vec::new();
        paths(&doc, &mut Vec::new(), &mut all);
        if let Spoil::AtNumber(_) = how {
            all.retain(|p| node_mut(&mut doc, p).is_some_and(|n| n.is_number()));
            if all.is_empty() {
                continue;
            }
        }
        let path = at.get(&all).clone();
        if let Spoil::Delete = how {
            match path.split_last() {
                None => doc = Value::Null,
                Some((last, parent)) => match (node_mut(&mut doc, parent), last) {
                    (Some(Value::Object(m)), Step::Key(k)) => {
                        m.remove(k);
                    }
                    (Some(Value::Array(a)), Step::At(i)) => {
                        a.remove(*i);
                    }
                    _ => {}
                },
            }
            continue;
        }
        let Some(node) = node_mut(&mut doc, &path) else { continue };
        let new = match how {
            Spoil::Delete => unreachable!("handled above"),
            Spoil::Extreme(n) | Spoil::AtNumber(n) => n.clone(),
            Spoil::SwapType => match &*node {
                Value::Number(n) => Value::String(n.to_string()),
                Value::String(s) => s.parse::<f64>().map_or(json!(7), |f| json!(f)),
                _ => json!("x"),
            },
            Spoil::Empty => match &*node {
                Value::Object(_) => json!({}),
                _ => json!([]),
            },
            Spoil::Huge(n) => {
                let item = match &*node {
                    Value::Array(a) => a.first().cloned().unwrap_or(json!(0)),
                    other => other.clone(),
                };
                // Bounded by size, so that one spoil stays well under a megabyte.
                let each = item.to_string().len() + 1;
                Value::Array(vec![item; (*n).min(400_000 / each).max(2)])
            }
            Spoil::UnknownField => match &*node {
                Value::Object(m) => {
                    let mut m = m.clone();
                    m.insert("zz_not_a_field".into(), json!(1));
                    Value::Object(m)
                }
                other => other.clone(),
            },
            Spoil::Random(v) => v.clone(),
        };
        *node = new;
    }
    doc
}
