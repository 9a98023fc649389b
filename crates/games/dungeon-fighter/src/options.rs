//! What a new game's setup accepts, as the setup form offers it: the heroes
//! of the data file, how many may form a party, solo play and the
//! difficulties. Setup checks the same constants, so the form cannot offer
//! what setup refuses.

use crate::data;
use crate::model::Difficulty;
use serde_json::{json, Value};

/// A party has this many heroes at least (rulebook: Setup).
pub const PARTY_MIN: usize = 2;
/// A party has this many heroes at most.
pub const PARTY_MAX: usize = 6;
/// A lone player controls this many heroes.
pub const SOLO_HEROES: usize = 2;

pub fn setup_options() -> Value {
    let heroes: Vec<Value> = data::heroes()
        .iter()
        .map(|h| json!({"key": h.key, "name": h.name, "life": h.life}))
        .collect();
    let difficulties: Vec<Value> = Difficulty::ALL
        .iter()
        .map(|d| json!({"key": d.key(), "name": d.title()}))
        .collect();
    json!({
        "heroes": heroes,
        "party": {"min": PARTY_MIN, "max": PARTY_MAX},
        "solo": {"players": 1, "heroes": SOLO_HEROES},
        "difficulties": difficulties,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::Setup;
    use tw_rules::Game;

    fn setup(heroes: &[&str], players: Option<u32>, difficulty: &str) -> Setup {
        serde_json::from_value(json!({"heroes": heroes, "leader": 0, "players": players, "difficulty": difficulty})).unwrap()
    }

    /// Every hero and difficulty offered is one setup takes, and the party
    /// sizes offered are the ones it takes.
    #[test]
    fn what_the_form_offers_is_what_setup_accepts() {
        let o = crate::DungeonFighter::setup_options();
        let keys: Vec<&str> = o["heroes"].as_array().unwrap().iter().map(|h| h["key"].as_str().unwrap()).collect();
        assert_eq!(keys, ["lianna-lightbringer", "lady-mary", "saul-baysar", "sir-moo"]);
        assert_eq!(o["party"], json!({"min": 2, "max": 6}));
        assert_eq!(o["solo"], json!({"players": 1, "heroes": 2}));
        let diffs: Vec<&str> = o["difficulties"].as_array().unwrap().iter().map(|d| d["key"].as_str().unwrap()).collect();
        assert_eq!(diffs, ["normal", "hard", "inferno"]);
        assert_eq!(o["difficulties"][0]["name"], "Normal");
        for d in &diffs {
            crate::DungeonFighter::setup(&setup(&keys[..2], None, d)).unwrap();
        }
        crate::DungeonFighter::setup(&setup(&keys[..SOLO_HEROES], Some(1), "normal")).unwrap();
        assert!(crate::DungeonFighter::setup(&setup(&keys[..1], None, "normal")).is_err());
    }
}
