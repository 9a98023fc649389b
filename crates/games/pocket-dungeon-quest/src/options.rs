//! What a new game's setup accepts, as the setup form offers it: every
//! hero, in the rulebook's order, and whether it needs the Don't Go Alone
//! expansion (setup refuses it otherwise).

use crate::tile::HeroKind;
use serde_json::{json, Value};

pub fn setup_options() -> Value {
    let heroes: Vec<Value> = HeroKind::ALL
        .iter()
        .map(|h| json!({"key": h, "name": h.name(), "expansion": h.expansion()}))
        .collect();
    json!({"heroes": heroes})
}

#[cfg(test)]
mod tests {
    use crate::setup::Setup;
    use crate::PocketDungeonQuest;
    use serde_json::json;
    use tw_rules::Game;

    fn setup(hero: &str, expansion: bool) -> Setup {
        serde_json::from_value(json!({"heroes": [hero], "expansion": expansion})).unwrap()
    }

    /// Each hero offered is one setup takes, without the expansion exactly
    /// when it is not marked as the expansion's.
    #[test]
    fn what_the_form_offers_is_what_setup_accepts() {
        let o = PocketDungeonQuest::setup_options();
        let heroes = o["heroes"].as_array().unwrap();
        assert_eq!(heroes.len(), 6);
        assert_eq!(heroes[0], json!({"key": "warrior", "name": "Warrior", "expansion": false}));
        assert_eq!(heroes[5], json!({"key": "farmer", "name": "Farmer", "expansion": true}));
        for h in heroes {
            let key = h["key"].as_str().unwrap();
            PocketDungeonQuest::setup(&setup(key, true)).unwrap();
            let base = PocketDungeonQuest::setup(&setup(key, false));
            assert_eq!(base.is_err(), h["expansion"] == true, "{key}");
        }
    }
}
