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
}

impl Offer {
    /// An offer that needs nothing more from the player.
    pub fn ready(key: &str, label: impl Into<String>, command: Value) -> Self {
        Offer { key: key.into(), label: label.into(), command, fill: Vec::new() }
    }
}
