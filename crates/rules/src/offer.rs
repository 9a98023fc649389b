//! A command the engine offers the player at this moment, in the shape a
//! screen turns into a button or a short form: the front end never decides
//! what is legal, it shows what the engine lists.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Offer {
    /// Stable key for tests and keyboard shortcuts (`"attack"`, `"rest"`).
    pub key: String,
    /// What the button says.
    pub label: String,
    /// The command as the engine takes it; fields named in `fill` hold
    /// placeholders the player supplies.
    pub command: Value,
    /// Dotted paths in `command` the player must fill before it is sent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fill: Vec<String>,
    /// How each `fill` path is asked for (a number, a flag, one of a list).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub inputs: std::collections::BTreeMap<String, Input>,
    /// Where the command carries a card the player copies from the table
    /// (a monster, a dungeon, a treasure): the app keeps such cards in its
    /// library and offers them by name next time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<CardSlot>,
}

/// A card inside an offer's command: the dotted path of the card object and
/// the kind of card it is (`monster`, `dungeon`, …), one library per kind.
/// The card object names itself in its `name` field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSlot {
    pub path: String,
    pub kind: String,
}

impl Offer {
    /// An offer that needs nothing more from the player.
    pub fn ready(key: &str, label: impl Into<String>, command: Value) -> Self {
        Offer {
            key: key.into(),
            label: label.into(),
            command,
            fill: Vec::new(),
            inputs: Default::default(),
            card: None,
        }
    }

    /// This offer, saying that the object at `path` of its command is a
    /// card of `kind` (see [`CardSlot`]).
    pub fn with_card(mut self, path: &str, kind: &str) -> Self {
        self.card = Some(CardSlot {
            path: path.into(),
            kind: kind.into(),
        });
        self
    }
}

/// How a screen asks for one `fill` path. A path with none is free text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Input {
    pub kind: InputKind,
    /// The only values the engine accepts here, when it can list them
    /// (heroes by index, items by name); the screen offers a choice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// What the form calls the field, when its path says it badly
    /// (`heals.1.amount` is "Lianna: life healed").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputKind {
    Text,
    Number,
    Flag,
    /// A list or object, typed as JSON.
    Json,
}

/// One value of a choice and the words for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub value: Value,
    pub label: String,
}

impl Input {
    pub fn text() -> Self {
        Input {
            kind: InputKind::Text,
            choices: Vec::new(),
            label: None,
        }
    }
    pub fn number() -> Self {
        Input {
            kind: InputKind::Number,
            choices: Vec::new(),
            label: None,
        }
    }
    pub fn flag() -> Self {
        Input {
            kind: InputKind::Flag,
            choices: Vec::new(),
            label: None,
        }
    }
    pub fn json() -> Self {
        Input {
            kind: InputKind::Json,
            choices: Vec::new(),
            label: None,
        }
    }
    /// One of `choices` (value, words).
    pub fn choice(kind: InputKind, choices: impl IntoIterator<Item = (Value, String)>) -> Self {
        Input {
            kind,
            choices: choices
                .into_iter()
                .map(|(value, label)| Choice { value, label })
                .collect(),
            label: None,
        }
    }

    /// This input, called `label` on the form.
    pub fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }
}

impl Offer {
    /// An offer the player completes: `fields` are the paths to fill, in the
    /// order a form shows them, with how each is asked for. The command
    /// should hold `null` at each path: nothing the engine does not know.
    pub fn form(
        key: &str,
        label: impl Into<String>,
        command: Value,
        fields: impl IntoIterator<Item = (impl Into<String>, Input)>,
    ) -> Self {
        let mut fill = Vec::new();
        let mut inputs = std::collections::BTreeMap::new();
        for (path, input) in fields {
            let path: String = path.into();
            fill.push(path.clone());
            inputs.insert(path, input);
        }
        Offer {
            key: key.into(),
            label: label.into(),
            command,
            fill,
            inputs,
            card: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_ready_offer_serialises_without_fill_or_inputs() {
        let o = Offer::ready("rest", "Rest", json!({"type": "rest"}));
        assert_eq!(
            serde_json::to_value(&o).unwrap(),
            json!({"key": "rest", "label": "Rest", "command": {"type": "rest"}})
        );
        // An offer written before `inputs` existed still reads.
        let old: Offer =
            serde_json::from_value(json!({"key": "k", "label": "L", "command": {}, "fill": ["a"]}))
                .unwrap();
        assert_eq!((old.fill, old.inputs.len()), (vec!["a".to_string()], 0));
    }

    #[test]
    fn a_form_lists_its_paths_in_order_with_their_inputs() {
        let o = Offer::form(
            "buy",
            "Buy…",
            json!({"type": "buy", "gold": null}),
            [("gold", Input::number())],
        );
        let v = serde_json::to_value(&o).unwrap();
        assert_eq!(v["fill"], json!(["gold"]));
        assert_eq!(v["inputs"]["gold"], json!({"kind": "number"}));
    }
}
