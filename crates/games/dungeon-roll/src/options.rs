//! What a new game's setup accepts, as the setup form offers it: the hero
//! cards of `data/heroes.json` (both sides' names) and how many players may
//! sit, from `data/rules.json`, the same tables setup checks against.

use crate::data::{heroes, rules};
use serde_json::{json, Value};

pub fn setup_options() -> Value {
    let cards: Vec<Value> = heroes()
        .iter()
        .map(|h| json!({"id": h.id, "novice": h.novice.name, "master": h.master.name}))
        .collect();
    let p = &rules().players;
    json!({"heroes": cards, "players": {"min": p.min, "max": p.max}})
}

#[cfg(test)]
mod tests {
    use crate::{DungeonRoll, Setup};
    use serde_json::json;
    use tw_rules::Game;

    fn setup(heroes: &[&str]) -> Setup {
        let players: Vec<_> = heroes.iter().enumerate().map(|(i, h)| json!({"name": format!("P{i}"), "hero": h})).collect();
        serde_json::from_value(json!({"players": players})).unwrap()
    }

    /// Every card offered is one setup deals, and the seat counts offered
    /// are exactly the ones setup takes.
    #[test]
    fn what_the_form_offers_is_what_setup_accepts() {
        let o = DungeonRoll::setup_options();
        let ids: Vec<&str> = o["heroes"].as_array().unwrap().iter().map(|h| h["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), 9);
        assert_eq!(o["heroes"][0], json!({"id": "commander", "novice": "Mercenary", "master": "Commander"}));
        assert_eq!(o["players"], json!({"min": 1, "max": 4}));
        for id in &ids {
            DungeonRoll::setup(&setup(&[*id])).unwrap();
        }
        DungeonRoll::setup(&setup(&ids[..4])).unwrap();
        assert!(DungeonRoll::setup(&setup(&ids[..5])).is_err());
        assert!(DungeonRoll::setup(&setup(&[])).is_err());
    }
}
