//! Where a saved game stands, in a few words for the saved-games list
//! ("Combat", "In town", "Level 2, Loot phase", "Won"), and each game's
//! name as the box says it.
//!
//! No engine's `view` names its phase yet, so the words are derived here
//! from the state each engine stores (its `phase`, `stage` or turn fields),
//! and never in the window.

use serde::Serialize;
use serde_json::Value;

/// The name of `game` (an engine name or alias) as players know it; an
/// unknown name is returned as it is.
pub fn game_title(game: &str) -> String {
    let canonical = tw_session::registry::find(game).map(|g| g.name()).unwrap_or(game);
    match canonical {
        "dungeon-fighter" => "Dungeon Fighter",
        "silver-mine" => "Into the Dark Dungeon: Silver Mine",
        "green-dungeon" => "Green Dungeon",
        "dungeon-roll" => "Dungeon Roll",
        "pocket-dungeon-quest" => "Pocket Dungeon Quest",
        other => other,
    }
    .to_string()
}

/// A game's phase in words, and whether the game is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Phase {
    pub label: String,
    pub over: bool,
}

impl Phase {
    fn at(label: impl Into<String>) -> Phase {
        Phase { label: label.into(), over: false }
    }
    fn over(label: impl Into<String>) -> Phase {
        Phase { label: label.into(), over: true }
    }
}

/// The phase of a state of `game` (engine name). A state whose phase field
/// is missing or unknown reads "In play", so a newer engine never breaks
/// the list.
pub fn phase_of(game: &str, state: &Value) -> Phase {
    let tag = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(str::to_owned);
    let phase = state.get("phase").cloned().unwrap_or(Value::Null);
    let phase_tag = tag(&phase, "phase");
    let found = match (game, phase_tag.as_deref()) {
        ("dungeon-fighter", Some(p)) => dungeon_fighter(p, &phase),
        ("green-dungeon", Some(p)) => green_dungeon(p, &phase),
        ("silver-mine", _) => Some(silver_mine(state)),
        ("dungeon-roll", _) => dungeon_roll(state),
        ("pocket-dungeon-quest", _) => pocket_dungeon_quest(state),
        _ => None,
    };
    found.unwrap_or_else(|| Phase::at("In play"))
}

fn won_or_lost(won: bool) -> Phase {
    Phase::over(if won { "Won" } else { "Lost" })
}

/// Dungeon Fighter's `phase` (tagged by `phase`).
fn dungeon_fighter(p: &str, phase: &Value) -> Option<Phase> {
    Some(match p {
        "dungeon" => Phase::at("Choosing a dungeon"),
        "monster" => Phase::at("Revealing a monster"),
        "combat" => Phase::at("Combat"),
        "resting" => Phase::at("Resting"),
        "shop" => Phase::at("Shop"),
        "boss" => Phase::at("Final boss"),
        "over" => won_or_lost(phase.get("won").and_then(Value::as_bool)?),
        _ => return None,
    })
}

/// Green Dungeon's `phase` (tagged by `phase`; idle by `idle`).
fn green_dungeon(p: &str, phase: &Value) -> Option<Phase> {
    Some(match p {
        "idle" => match phase.get("idle").and_then(Value::as_str)? {
            "resting" | "must_rest" => Phase::at("Resting"),
            _ => Phase::at("Exploring"),
        },
        "recover" => Phase::at("Recovering after a rest"),
        "cards" => Phase::at("Drawing an encounter"),
        "trap_roll" => Phase::at("Trap"),
        "final_boss_choice" => Phase::at("Final boss ahead"),
        "combat" => Phase::at("Combat"),
        "loot" => Phase::at("Taking treasure"),
        "clairvoyance" => Phase::at("Clairvoyance"),
        "over" => match phase.get("outcome").and_then(Value::as_str)? {
            "won" => Phase::over("Won"),
            _ => Phase::over("Died"),
        },
        _ => return None,
    })
}

/// Silver Mine has no phase: whose turn it is, else whether anyone is in
/// the dungeon (a character with a square) or everyone is in town.
fn silver_mine(state: &Value) -> Phase {
    let characters = state.get("characters").and_then(Value::as_array).cloned().unwrap_or_default();
    let name_of = |id: &str| {
        characters
            .iter()
            .find(|c| c.get("id").and_then(Value::as_str) == Some(id))
            .and_then(|c| c.get("name").and_then(Value::as_str))
            .unwrap_or(id)
            .to_string()
    };
    if let Some(id) = state.get("current").and_then(Value::as_str) {
        return Phase::at(format!("{}'s turn", name_of(id)));
    }
    let alive = |c: &&Value| c.get("alive").and_then(Value::as_bool).unwrap_or(true);
    if !characters.is_empty() && !characters.iter().any(|c| alive(&c)) {
        return Phase::at("Every character defeated");
    }
    let in_dungeon = characters.iter().filter(alive).any(|c| c.get("pos").is_some_and(|p| !p.is_null()));
    Phase::at(if in_dungeon { "In the dungeon" } else { "In town" })
}

/// Dungeon Roll: the delve's level and stage, or the final standings.
fn dungeon_roll(state: &Value) -> Option<Phase> {
    if state.get("finished").is_some_and(|f| !f.is_null()) {
        return Some(Phase::over("Finished"));
    }
    let Some(delve) = state.get("delve").filter(|d| !d.is_null()) else {
        return Some(Phase::at("Between delves"));
    };
    let level = delve.get("level").and_then(Value::as_u64)?;
    let stage = match delve.get("stage").and_then(Value::as_str)? {
        "monster" => "Monster phase",
        "loot" => "Loot phase",
        "dragon" => "Dragon phase",
        "regroup" => "Regroup phase",
        _ => return None,
    };
    Some(Phase::at(format!("Level {level}, {stage}")))
}

/// Pocket Dungeon Quest: the outcome, a boss fight, or the round.
fn pocket_dungeon_quest(state: &Value) -> Option<Phase> {
    match state.get("outcome").and_then(Value::as_str) {
        Some("session_won") => return Some(Phase::over("Won")),
        Some("campaign_won") => return Some(Phase::over("Campaign won")),
        Some("campaign_lost") => return Some(Phase::over("Lost")),
        _ => {}
    }
    if state.get("boss").is_some_and(|b| !b.is_null()) {
        return Some(Phase::at("Boss fight"));
    }
    let round = state.get("round").and_then(Value::as_u64)?;
    Some(Phase::at(format!("Round {round}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A state the window's tests keep (ui/test/fixtures), from a real engine.
    fn fixture(name: &str) -> Value {
        let path = format!("{}/../../ui/test/fixtures/{name}.json", env!("CARGO_MANIFEST_DIR"));
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        doc["state"].clone()
    }

    fn setup(game: &str, setup: Value) -> Value {
        tw_session::registry::find(game).unwrap().setup(&setup).unwrap()
    }

    fn run(game: &str, state: Value, command: Value) -> Value {
        tw_session::registry::find(game).unwrap().execute(&state, &command).unwrap().state
    }

    #[test]
    fn every_game_has_its_boxes_name() {
        assert_eq!(game_title("dungeon-fighter"), "Dungeon Fighter");
        assert_eq!(game_title("itdd"), "Into the Dark Dungeon: Silver Mine");
        assert_eq!(game_title("pdq"), "Pocket Dungeon Quest");
        assert_eq!(game_title("chess"), "chess");
        for name in tw_session::registry::names() {
            assert!(!game_title(name).contains('-'), "{name} has no title");
        }
    }

    #[test]
    fn dungeon_fighter_phases_follow_the_game() {
        let df = "dungeon-fighter";
        let s = setup(df, json!({"heroes": ["saul-baysar", "lady-mary"], "leader": 0, "difficulty": "normal"}));
        assert_eq!(phase_of(df, &s), Phase::at("Choosing a dungeon"));
        let s = run(df, s, json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}));
        assert_eq!(phase_of(df, &s).label, "Revealing a monster");
        let s = run(df, s, json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}));
        assert_eq!(phase_of(df, &s).label, "Combat");
        let over = json!({"phase": {"phase": "over", "won": false, "reason": "x", "score": {}}});
        assert_eq!(phase_of(df, &over), Phase::over("Lost"));
    }

    #[test]
    fn green_dungeon_phases_are_read_from_real_states() {
        let gd = "green-dungeon";
        assert_eq!(phase_of(gd, &fixture("gd-start")), Phase::at("Exploring"));
        assert_eq!(phase_of(gd, &fixture("gd-check")).label, "Resting");
        assert_eq!(phase_of(gd, &fixture("gd-combat")).label, "Combat");
        assert_eq!(phase_of(gd, &fixture("gd-loot")).label, "Taking treasure");
        assert_eq!(phase_of(gd, &fixture("gd-cards")).label, "Drawing an encounter");
        assert_eq!(phase_of(gd, &fixture("gd-over")), Phase::over("Died"));
    }

    #[test]
    fn silver_mine_says_whose_turn_or_where_the_characters_are() {
        let sm = "silver-mine";
        assert_eq!(phase_of(sm, &fixture("itdd-town")), Phase::at("In town"));
        assert_eq!(phase_of(sm, &fixture("itdd-dungeon")).label, "Mage's turn");
        let mut s = fixture("itdd-dungeon");
        s["current"] = Value::Null;
        assert_eq!(phase_of(sm, &s).label, "In the dungeon");
    }

    #[test]
    fn dungeon_roll_and_pocket_dungeon_quest_phases() {
        let dr = "dungeon-roll";
        let s = setup(dr, json!({"players": [{"name": "Ada", "hero": "bard"}]}));
        assert_eq!(phase_of(dr, &s), Phase::at("Between delves"));
        let s = run(dr, s, json!({"type": "start_delve",
            "party": ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"], "dungeon": ["goblin"]}));
        assert_eq!(phase_of(dr, &s).label, "Level 1, Monster phase");
        let pdq = "pocket-dungeon-quest";
        let s = setup(pdq, json!({"heroes": ["warrior", "rogue"]}));
        assert!(phase_of(pdq, &s).label.starts_with("Round "), "{:?}", phase_of(pdq, &s));
        let mut won = s.clone();
        won["outcome"] = json!("session_won");
        assert_eq!(phase_of(pdq, &won), Phase::over("Won"));
    }

    #[test]
    fn an_unknown_shape_reads_in_play_and_never_panics() {
        for (game, state) in [
            ("dungeon-fighter", json!({"phase": {"phase": "teleporting"}})),
            ("dungeon-fighter", json!({"phase": {"phase": "over"}})),
            ("green-dungeon", json!(null)),
            ("dungeon-roll", json!({"delve": {"level": "x"}})),
            ("pocket-dungeon-quest", json!([])),
            ("chess", json!({})),
        ] {
            assert_eq!(phase_of(game, &state), Phase::at("In play"), "{game} {state}");
        }
    }
}
