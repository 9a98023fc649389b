//! What a new game's setup accepts, as the setup form offers it: the four
//! modes (characters are made after setup, on the board).

use crate::model::Mode;
use serde_json::{json, Value};

pub fn setup_options() -> Value {
    let modes: Vec<Value> = Mode::ALL.iter().map(|m| json!({"key": m, "name": m.title()})).collect();
    json!({"modes": modes})
}

#[cfg(test)]
mod tests {
    use crate::command::Setup;
    use crate::SilverMine;
    use serde_json::json;
    use tw_rules::Game;

    /// Every mode offered is one setup takes, and it is the mode played.
    #[test]
    fn every_mode_offered_sets_up_a_game_of_that_mode() {
        let o = SilverMine::setup_options();
        let modes = o["modes"].as_array().unwrap();
        assert_eq!(modes.len(), 4);
        assert_eq!(modes[0], json!({"key": "solo", "name": "Solo"}));
        for m in modes {
            let s: Setup = serde_json::from_value(json!({"mode": m["key"]})).unwrap();
            let state = SilverMine::setup(&s).unwrap();
            assert_eq!(serde_json::to_value(state.mode).unwrap(), m["key"]);
        }
    }
}
