//! The one-click corrections of a logged Dungeon Fighter throw that are not
//! about where the die lay: "it did not bounce" and "a throw requirement was
//! not respected" (naming the requirement and the card it is printed on), and
//! their reverse. Each is the same throw with one flag changed; the app
//! offers them on the throw's log entry and replaces the throw with it.

use serde_json::Value;
use tw_dungeon_fighter::cards::SpecificThrow;
use tw_dungeon_fighter::model::Foe;
use tw_dungeon_fighter::{Command, State};

/// One correction of a throw: `throw` replaces the logged one.
#[derive(Debug, Clone, PartialEq)]
pub struct ThrowFix {
    /// Stable name of the correction (`no_bounce`, `bounced`, …).
    pub key: String,
    /// What the button says.
    pub label: String,
    pub throw: Value,
}

/// The corrections of `throw` (a logged `throw` command) as thrown on
/// `before` (the game state it was applied to). Nothing for a command that
/// is not a throw or a state that does not read as Dungeon Fighter's.
pub fn throw_fixes(before: &Value, throw: &Value) -> Vec<ThrowFix> {
    let Ok(Command::Throw(t)) = serde_json::from_value::<Command>(throw.clone()) else {
        return Vec::new();
    };
    let with = |field: &str, on: bool| {
        let mut c = throw.clone();
        if let Some(o) = c.as_object_mut() {
            if on {
                o.insert(field.to_string(), Value::Bool(true));
            } else {
                o.remove(field);
            }
        }
        c
    };
    let mut out = Vec::new();
    out.push(if t.no_bounce {
        ThrowFix {
            key: "bounced".into(),
            label: "it bounced".into(),
            throw: with("no_bounce", false),
        }
    } else {
        ThrowFix {
            key: "no_bounce".into(),
            label: "no bounce (a Miss)".into(),
            throw: with("no_bounce", true),
        }
    });
    if t.requirement_failed {
        out.push(ThrowFix {
            key: "requirement_met".into(),
            label: "requirement met".into(),
            throw: with("requirement_failed", false),
        });
    } else {
        let reqs = requirements(before);
        if !reqs.is_empty() {
            out.push(ThrowFix {
                key: "requirement_failed".into(),
                label: format!("requirement failed: {} (a Miss)", reqs.join("; ")),
                throw: with("requirement_failed", true),
            });
        }
    }
    out
}

/// The throw requirements in force, each as "chopstick (Skeleton Goblin)":
/// the requirement and the card that prints it.
fn requirements(before: &Value) -> Vec<String> {
    let Ok(s) = serde_json::from_value::<State>(before.clone()) else {
        return Vec::new();
    };
    let Some(c) = &s.combat else {
        return Vec::new();
    };
    let foe_req = match &c.foe {
        Foe::Monster(m) => m.requirement,
        Foe::Boss(b) => b.requirement,
    };
    let dungeon = s.dungeon.as_ref();
    c.requirements
        .iter()
        .map(|r| {
            let mut cards = Vec::new();
            if dungeon.and_then(|d| d.requirement) == Some(*r) {
                cards.push(dungeon.map(|d| d.name.clone()).unwrap_or_default());
            }
            if foe_req == Some(*r) {
                cards.push(c.foe.name().to_string());
            }
            let name = words(*r);
            if cards.is_empty() {
                name
            } else {
                format!("{name} ({})", cards.join(", "))
            }
        })
        .collect()
}

fn words(r: SpecificThrow) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
        .unwrap_or_else(|| format!("{r:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A combat against a monster that requires a chopstick throw, in a
    /// dungeon that requires a blow, as the engine sets it up.
    fn combat() -> Value {
        let g = crate::registry::find("dungeon-fighter").unwrap();
        let mut s = g
            .setup(&json!({"heroes": ["saul-baysar", "lady-mary"]}))
            .unwrap();
        for c in [
            json!({"type": "enter_dungeon", "card": {"name": "Windy Hall", "shop_icons": 2, "requirement": "blow"}}),
            json!({"type": "reveal_monster", "card": {"name": "Rice Eater", "level": 1, "life": 9, "damage": 1, "gold": 1, "requirement": "chopstick"}}),
        ] {
            s = g
                .execute(&s, &c)
                .unwrap_or_else(|e| panic!("{c}: {e}"))
                .state;
        }
        s
    }

    #[test]
    fn a_throw_can_be_made_a_miss_by_bounce_or_by_a_named_requirement() {
        let before = combat();
        let t = json!({"type": "throw", "die": "red", "face": "blank", "landing": {"kind": "score", "value": 3}});
        let fixes = throw_fixes(&before, &t);
        let keys: Vec<&str> = fixes.iter().map(|f| f.key.as_str()).collect();
        assert_eq!(keys, ["no_bounce", "requirement_failed"]);
        assert_eq!(fixes[0].throw["no_bounce"], true);
        assert_eq!(
            fixes[1].label,
            "requirement failed: blow (Windy Hall); chopstick (Rice Eater) (a Miss)"
        );
        assert_eq!(fixes[1].throw["requirement_failed"], true);
        // The rest of the throw is untouched, and the engine takes each fix as a Miss.
        let g = crate::registry::find("dungeon-fighter").unwrap();
        for f in &fixes {
            assert_eq!(f.throw["landing"], t["landing"]);
            let out = g.execute(&before, &f.throw).unwrap();
            assert!(
                out.events.iter().any(|e| e["type"] == "missed"),
                "{}: {:?}",
                f.key,
                out.events
            );
        }
    }

    #[test]
    fn a_miss_by_flag_can_be_taken_back() {
        let t = json!({"type": "throw", "die": "red", "face": "blank", "landing": {"kind": "score", "value": 3}, "no_bounce": true, "requirement_failed": true});
        let fixes = throw_fixes(&combat(), &t);
        assert_eq!(
            fixes.iter().map(|f| f.key.as_str()).collect::<Vec<_>>(),
            ["bounced", "requirement_met"]
        );
        assert!(fixes[0].throw.get("no_bounce").is_none());
        assert!(fixes[1].throw.get("requirement_failed").is_none());
    }

    #[test]
    fn no_requirement_in_force_offers_none_and_other_commands_have_no_fixes() {
        let g = crate::registry::find("dungeon-fighter").unwrap();
        let before = g
            .setup(&json!({"heroes": ["saul-baysar", "lady-mary"]}))
            .unwrap();
        let t = json!({"type": "throw", "die": "red", "face": "blank", "landing": {"kind": "score", "value": 3}});
        assert_eq!(throw_fixes(&before, &t).len(), 1);
        assert!(throw_fixes(&before, &json!({"type": "skip_ability"})).is_empty());
        assert!(throw_fixes(&json!("not a state"), &json!({"type": "nonsense"})).is_empty());
    }
}
