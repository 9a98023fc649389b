//! The choices a new game's setup form offers (heroes, player counts,
//! difficulties, modes, entrances), as each engine declares them
//! (`tw_rules::Game::setup_options`). The window's forms and `warden game
//! options` show these, so no form restates a rule.

use crate::error::AppError;
use serde_json::Value;

/// The setup choices of `game` (an engine name or alias).
pub fn setup_options(game: &str) -> Result<Value, AppError> {
    Ok(crate::game::engine(game)?.setup_options())
}

/// Every engine's setup choices by engine name, as the UI tests read them
/// (`ui/test/fixtures/setup-options.json`).
pub fn all() -> serde_json::Map<String, Value> {
    tw_session::registry::games()
        .iter()
        .map(|g| (g.name().to_string(), g.setup_options()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_alias_gives_the_engines_choices_and_an_unknown_game_is_the_callers_mistake() {
        assert_eq!(setup_options("df").unwrap(), setup_options("dungeon-fighter").unwrap());
        let df = setup_options("df").unwrap();
        // The heroes of the engine's data file, as the window's form listed them.
        assert_eq!(df["heroes"][0], json!({"key": "lianna-lightbringer", "name": "Lianna Lightbringer", "life": 9}));
        assert_eq!(setup_options("itdd").unwrap()["modes"].as_array().unwrap().len(), 4);
        let e = setup_options("chess").unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
    }

    /// Every engine declares its choices; the UI tests read this fixture,
    /// so a change to an engine's list shows there (regenerate with
    /// `TW_UPDATE_FIXTURES=1`).
    #[test]
    fn every_game_offers_choices_and_the_ui_fixture_is_current() {
        let all = all();
        assert_eq!(all.len(), tw_session::registry::names().len());
        for (game, o) in &all {
            assert!(o.as_object().is_some_and(|m| !m.is_empty()), "{game} declares no setup options");
        }
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui/test/fixtures/setup-options.json");
        let text = serde_json::to_string_pretty(&Value::Object(all)).unwrap() + "\n";
        tw_rules::testing::fixture_current(&path, &text);
    }
}
