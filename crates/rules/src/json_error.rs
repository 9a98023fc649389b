//! Parse errors that say where: the field path and what was expected.
//!
//! serde's own message ("invalid type: string "x", expected u32") names no
//! field. `serde_path_to_error` tracks the path through plain structs, but
//! not inside internally tagged enums (every engine's `Command`), whose body
//! serde buffers first. There the path is found in the input instead: the
//! one place that holds the value, or the key, the message names.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// `v` as a `T`, or a message naming the path of the offending field.
pub fn from_value<T: DeserializeOwned>(v: &Value) -> Result<T, String> {
    let e = match serde_path_to_error::deserialize::<_, T>(v) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let tracked = e.path().to_string();
    let inner = e.into_inner().to_string();
    // Start the search where the tracked path ends (inside a tagged enum it
    // ends at the enum).
    let base = if tracked == "." {
        String::new()
    } else {
        tracked.clone()
    };
    let here = pointer_of(&base).and_then(|p| v.pointer(&p)).unwrap_or(v);
    let found = locate(here, &inner);
    let path = match (base.is_empty(), found.as_slice()) {
        (_, [one]) if base.is_empty() => one.clone(),
        (false, [one]) => format!("{base}.{one}").replace(".[", "["),
        (true, _) => return Err(inner),
        (false, _) => base,
    };
    Err(format!("{path}: {inner}"))
}

/// serde_path_to_error's `a.b[2].c` as a JSON pointer.
fn pointer_of(path: &str) -> Option<String> {
    if path.is_empty() {
        return Some(String::new());
    }
    let mut out = String::new();
    for part in path.split('.') {
        let (key, rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push('/');
            out.push_str(&key.replace('~', "~0").replace('/', "~1"));
        }
        for idx in rest.split('[').filter(|s| !s.is_empty()) {
            out.push('/');
            out.push_str(idx.trim_end_matches(']'));
        }
    }
    Some(out)
}

/// Paths in `v` that the error message `msg` points at: a key it calls
/// unknown, or a leaf holding the value it calls invalid.
fn locate(v: &Value, msg: &str) -> Vec<String> {
    let quoted = |after: &str| -> Option<String> {
        let s = msg.split_once(after)?.1;
        let s = s.strip_prefix('`')?;
        Some(s[..s.find('`')?].to_string())
    };
    let mut out = Vec::new();
    if let Some(key) = quoted("unknown field ") {
        walk(v, String::new(), &mut |p, k, _| {
            if k == Some(key.as_str()) {
                out.push(p.to_string())
            }
        });
        return out;
    }
    // serde writes the unexpected value as `string "x"`, `integer `7``,
    // `floating point `1.5``, `boolean `true``, or names a map or sequence.
    let unexpected = msg
        .split_once("invalid type: ")
        .or_else(|| msg.split_once("invalid value: "))
        .map(|(_, s)| s.split(", expected").next().unwrap_or(s).to_string());
    let variant = quoted("unknown variant ");
    walk(v, String::new(), &mut |p, _, x| {
        let hit = match (&unexpected, &variant, x) {
            (_, Some(name), Value::String(s)) => s == name,
            (Some(u), _, Value::String(s)) => *u == format!("string {s:?}"),
            (Some(u), _, Value::Number(n)) => {
                *u == format!("integer `{n}`") || *u == format!("floating point `{n}`")
            }
            (Some(u), _, Value::Bool(b)) => *u == format!("boolean `{b}`"),
            (Some(u), _, Value::Null) => u == "null" || u == "unit value",
            (Some(u), _, Value::Array(_)) => u == "sequence",
            (Some(u), _, Value::Object(_)) => u == "map",
            _ => false,
        };
        if hit && !p.is_empty() {
            out.push(p.to_string())
        }
    });
    out
}

/// Calls `f(path, key, value)` for every value under `v` (path `a.b[2]`).
fn walk(v: &Value, at: String, f: &mut dyn FnMut(&str, Option<&str>, &Value)) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                let p = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                f(&p, Some(k), x);
                walk(x, p, f);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                let p = format!("{at}[{i}]");
                f(&p, None, x);
                walk(x, p, f);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Attrs {
        attack: u32,
        life: u32,
    }
    #[derive(Deserialize, Debug)]
    #[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
    #[allow(dead_code)]
    enum Cmd {
        Hire {
            id: String,
            attrs: Attrs,
            items: Vec<Attrs>,
        },
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Script {
        commands: Vec<Cmd>,
    }

    #[test]
    fn a_wrong_type_inside_a_tagged_command_is_named_by_its_path() {
        let bad =
            json!({"type": "hire", "id": "a", "attrs": {"attack": "x", "life": 2}, "items": []});
        let e = from_value::<Cmd>(&bad).unwrap_err();
        assert_eq!(e, "attrs.attack: invalid type: string \"x\", expected u32");
        let bad = json!({"type": "hire", "id": "a", "attrs": {"attack": 1, "life": 2},
                         "items": [{"attack": 1, "life": 2}, {"attack": 1, "lfe": 2}]});
        let e = from_value::<Cmd>(&bad).unwrap_err();
        assert!(e.starts_with("items[1].lfe: unknown field `lfe`"), "{e}");
        let e = from_value::<Cmd>(&json!({"type": "fire"})).unwrap_err();
        assert!(e.starts_with("type: unknown variant `fire`"), "{e}");
    }

    #[test]
    fn a_tracked_path_is_kept_and_extended_into_the_command() {
        let bad = json!({"commands": [
            {"type": "hire", "id": "a", "attrs": {"attack": 1, "life": 2}, "items": []},
            {"type": "hire", "id": "b", "attrs": {"attack": 1, "life": -3}, "items": []}]});
        let e = from_value::<Script>(&bad).unwrap_err();
        assert_eq!(
            e,
            "commands[1].attrs.life: invalid value: integer `-3`, expected u32"
        );
    }

    #[test]
    fn an_error_with_no_single_place_keeps_serde_words() {
        // Both fields hold "x": the message cannot say which one, so it names none.
        let bad =
            json!({"type": "hire", "id": "a", "attrs": {"attack": "x", "life": "x"}, "items": []});
        assert_eq!(
            from_value::<Cmd>(&bad).unwrap_err(),
            "invalid type: string \"x\", expected u32"
        );
    }
}
