//! What a new game's setup accepts, as the setup form offers it: the grid's
//! size, the corners the hero may enter by and the tile kinds an entrance
//! may be; setup checks the same rules.

use crate::grid::{Pos, TileKind, SIZE};
use serde_json::{json, Value};

pub fn setup_options() -> Value {
    let kinds: Vec<TileKind> = TileKind::ALL.into_iter().filter(|k| k.can_be_entrance()).collect();
    json!({"grid_size": SIZE, "entrance_corners": Pos::corners(), "entrance_kinds": kinds})
}

#[cfg(test)]
mod tests {
    use crate::{GreenDungeon, Setup};
    use serde_json::{json, Value};
    use tw_rules::Game;

    fn setup(at: &Value, kind: &str) -> Setup {
        serde_json::from_value(json!({"entrance": {"at": at, "kind": kind, "exits": "east_west"}})).unwrap()
    }

    /// Each corner and kind offered is an entrance setup takes; a square
    /// that is no corner, and the kind left out (Straw), are refused.
    #[test]
    fn what_the_form_offers_is_what_setup_accepts() {
        let o = GreenDungeon::setup_options();
        assert_eq!(o["grid_size"], 5);
        assert_eq!(o["entrance_corners"][3], json!({"row": 4, "col": 4}));
        let kinds = o["entrance_kinds"].as_array().unwrap();
        assert_eq!(kinds.len(), 5);
        assert!(!kinds.contains(&json!("straw")));
        for at in o["entrance_corners"].as_array().unwrap() {
            for k in kinds {
                GreenDungeon::setup(&setup(at, k.as_str().unwrap())).unwrap();
            }
        }
        assert!(GreenDungeon::setup(&setup(&json!({"row": 0, "col": 2}), "cog")).is_err());
        assert!(GreenDungeon::setup(&setup(&json!({"row": 0, "col": 0}), "straw")).is_err());
    }
}
