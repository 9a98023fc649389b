//! `warden game`: a persisted Dungeon Fighter game driven from the command
//! line, with a camera observation, a correction and an undo, resumed by a
//! fresh process each time.

use serde_json::Value;
use std::process::Command;

fn warden(db: &std::path::Path, args: &[&str]) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_warden")).arg("game").arg("--db").arg(db).args(args).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let json = serde_json::from_str(&stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), json, String::from_utf8_lossy(&out.stderr).to_string())
}

const SETUP: &str = r#"{"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"], "leader": 0, "difficulty": "normal"}"#;

#[test]
fn camera_throw_correction_and_undo_are_logged_and_survive_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("warden.sqlite");
    let (rc, v, err) = warden(&db, &["new", "dungeon-fighter", "--setup", SETUP]);
    assert_eq!(rc, 0, "{err}");
    let id = v["session"].as_i64().unwrap().to_string();
    let cmds = [
        r#"{"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4}, "declined": "Dusty Crypt"}"#,
        r#"{"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}"#,
    ];
    for c in cmds {
        let (rc, _, err) = warden(&db, &["do", &id, c]);
        assert_eq!(rc, 0, "{err}");
    }
    // The camera saw a blue blank die in a 3 section: a hit for 3.
    let reading = r#"{"center":[10,10],"face":"blank","color":"blue","confidence":0.95,"section":{"value":3,"kind":"score"}}"#;
    let (rc, v, err) = warden(&db, &["observe", &id, reading]);
    assert_eq!(rc, 0, "{err}");
    let hit = v["events"].as_array().unwrap().iter().find(|e| e["type"] == "hit").expect("a hit event");
    assert_eq!(hit["damage"], 3);

    // The player says it was the 1 section: one action replaces it.
    let fix = r#"{"type": "throw", "die": "blue", "face": "blank", "landing": {"value": 1, "kind": "score"}}"#;
    let (rc, v, err) = warden(&db, &["correct", &id, fix]);
    assert_eq!(rc, 0, "{err}");
    let hit = v["events"].as_array().unwrap().iter().find(|e| e["type"] == "hit").unwrap();
    assert_eq!(hit["damage"], 1);

    // An unreadable face is put to the player and nothing is written.
    let unsure = r#"{"center":[10,10],"face":null,"color":"red","confidence":0.95,"section":{"value":3,"kind":"score"}}"#;
    let (rc, v, _) = warden(&db, &["observe", &id, unsure]);
    assert_eq!(rc, 3);
    assert!(v["ask_player"].as_str().unwrap().contains("icon or blank"));

    // Throwing the blue die again is refused by the rule, state unchanged.
    let (rc, _, err) = warden(&db, &["do", &id, fix]);
    assert_eq!(rc, 1);
    assert!(err.contains("thrown just once per combat"), "{err}");
    assert_eq!(err.matches("refused by rule").count(), 1, "error repeated: {err}");
    // A rule's refusal is an illegal move, not a database failure.
    assert!(
        err.starts_with("warden: illegal move: refused by rule"),
        "{err}"
    );
    assert!(!err.contains("database"), "{err}");

    let (_, shown, _) = warden(&db, &["show", &id]);
    let log: Vec<(String, bool)> = shown["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["source"].as_str().unwrap().to_string(), !e["original_reading"].is_null()))
        .collect();
    let sources: Vec<&str> = log.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(sources, ["manual", "manual", "camera", "undo", "correction"]);
    // The correction keeps the camera's reading beside it.
    assert!(log[4].1);
    let life_after_fix = shown["state"].clone();

    let (rc, v, _) = warden(&db, &["undo", &id]);
    assert_eq!(rc, 0);
    assert_eq!(v["reverted"], 5);
    assert_ne!(v["state"], life_after_fix);
}

#[test]
fn bad_input_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.sqlite");
    let (rc, _, err) = warden(&db, &["new", "chess", "--setup", "{}"]);
    assert_eq!(rc, 1);
    assert!(err.contains("unknown game \"chess\""), "{err}");
    let (rc, _, err) = warden(&db, &["new", "dungeon-fighter", "--setup", "/no/such/setup.json"]);
    assert_eq!(rc, 1);
    assert!(err.contains("/no/such/setup.json"), "{err}");
    let (rc, _, err) = warden(&db, &["show", "42"]);
    assert_eq!(rc, 1);
    assert!(!err.is_empty());
}

#[test]
fn a_card_typed_once_is_kept_and_completes_the_next_card_of_that_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("warden.sqlite");
    let start = |db: &std::path::Path| {
        let (rc, v, err) = warden(db, &["new", "dungeon-fighter", "--setup", SETUP]);
        assert_eq!(rc, 0, "{err}");
        let id = v["session"].as_i64().unwrap().to_string();
        let (rc, _, err) = warden(db, &["do", &id, r#"{"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4}}"#]);
        assert_eq!(rc, 0, "{err}");
        id
    };
    let first = start(&db);
    let troll = r#"{"type": "reveal_monster", "card": {"name": "Cave Troll", "level": 1, "life": 7, "damage": 2, "gold": 3}}"#;
    let (rc, v, err) = warden(&db, &["do", &first, troll]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v["state"]["combat"]["foe"]["life"], 7, "{}", v["state"]["combat"]);

    // The next game: the name alone brings the kept card's values.
    let second = start(&db);
    let (rc, v, err) = warden(&db, &["do", &second, r#"{"type": "reveal_monster", "card": {"name": "cave troll", "level": 1}}"#]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v["state"]["combat"]["foe"]["life"], 7, "{}", v["state"]["combat"]);
    // The log holds the whole card, so the game replays without the library.
    let logged = &v["log"].as_array().unwrap().last().unwrap()["command"]["card"];
    assert_eq!(logged["damage"], 2, "{logged}");

    // The library lists both cards by kind; a typed value wins over a kept one.
    let out = Command::new(env!("CARGO_BIN_EXE_warden"))
        .args(["cards", "--db"]).arg(&db).args(["list", "--game", "dungeon-fighter"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains(r#""kind":"monster""#) && text.contains("Cave Troll") && text.contains("Rotten Food"), "{text}");
    let third = start(&db);
    let (rc, v, err) = warden(&db, &["do", &third, r#"{"type": "reveal_monster", "card": {"name": "Cave Troll", "level": 1, "life": 9}}"#]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v["state"]["combat"]["foe"]["life"], 9);
}

/// `game undo` with nothing to undo read "database PATH: nothing to undo"
/// (2026-11-28): it is the player's mistake, named with the game.
#[test]
fn undo_with_nothing_to_undo_names_the_game_not_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("warden.sqlite");
    let (rc, v, err) = warden(&db, &["new", "df", "--setup", SETUP]);
    assert_eq!(rc, 0, "{err}");
    let id = v["session"].as_i64().unwrap().to_string();
    let (rc, _, err) = warden(&db, &["undo", &id]);
    assert_eq!(rc, 1);
    assert_eq!(
        err.trim_end(),
        format!("warden: nothing to undo in game session {id} (Dungeon Fighter): no action has been played since it was set up")
    );
    assert!(!err.contains("database") && !err.contains("warden.sqlite"), "{err}");
}

/// `cards save --game df` kept the card under `df`, so `--game
/// dungeon-fighter` never listed it (2026-11-28): every cards command
/// takes the aliases the game commands take.
#[test]
fn cards_resolve_game_aliases_to_the_engine_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("warden.sqlite");
    let cards = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_warden")).args(["cards", "--db"]).arg(&db).args(args).output().unwrap();
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).to_string(), String::from_utf8_lossy(&out.stderr).to_string())
    };
    let (rc, _, err) = cards(&["save", "--game", "df", "--kind", "monster", "--card", r#"{"name": "Cave Troll", "life": 7, "damage": 2, "gold": 3}"#]);
    assert_eq!(rc, 0, "{err}");
    let (rc, _, err) = cards(&["save", "--game", "itdd", "--kind", "gate", "--card", r#"{"name": "Twin doors", "rows": ["..", ".."]}"#]);
    assert_eq!(rc, 0, "{err}");
    for game in ["dungeon-fighter", "df"] {
        let (rc, out, err) = cards(&["list", "--game", game]);
        assert_eq!(rc, 0, "{err}");
        assert_eq!(out.trim_end(), r#"{"card":{"damage":2,"gold":3,"life":7,"name":"Cave Troll"},"kind":"monster"}"#, "--game {game}");
    }
    let (_, out, _) = cards(&["list", "--game", "silver-mine"]);
    assert!(out.contains("Twin doors"), "{out}");
    // The card a game remembers in play is the same one: `new df` completes it.
    let (rc, v, err) = warden(&db, &["new", "df", "--setup", SETUP]);
    assert_eq!(rc, 0, "{err}");
    let id = v["session"].as_i64().unwrap().to_string();
    warden(&db, &["do", &id, r#"{"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4}}"#]);
    let (rc, v, err) = warden(&db, &["do", &id, r#"{"type": "reveal_monster", "card": {"name": "Cave Troll", "level": 1}}"#]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v["state"]["combat"]["foe"]["life"], 7);
    let (rc, out, err) = cards(&["delete", "--game", "df", "--kind", "monster", "--name", "Cave Troll"]);
    assert_eq!(rc, 0, "{err}");
    assert!(out.contains("forgot the monster card"), "{out}");
    let (_, out, _) = cards(&["list", "--game", "dungeon-fighter", "--kind", "monster"]);
    assert!(!out.contains("Cave Troll"), "{out}");
    // An unknown game is named, as the game commands name it.
    let (rc, _, err) = cards(&["list", "--game", "chess"]);
    assert_eq!(rc, 1);
    assert!(err.contains("unknown game \"chess\""), "{err}");
}

/// `game options GAME`: the engine's setup choices as JSON, by name or
/// alias, with no database touched.
#[test]
fn options_print_the_engines_setup_choices() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.sqlite");
    let (rc, df, err) = warden(&db, &["options", "df"]);
    assert_eq!(rc, 0, "{err}");
    let keys: Vec<&str> = df["heroes"].as_array().unwrap().iter().map(|h| h["key"].as_str().unwrap()).collect();
    assert_eq!(keys, ["lianna-lightbringer", "lady-mary", "saul-baysar", "sir-moo"]);
    assert_eq!(df["party"], serde_json::json!({"min": 2, "max": 6}));
    assert_eq!(df["difficulties"][2]["key"], "inferno");
    let (rc, dr, err) = warden(&db, &["options", "dungeon-roll"]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(dr["players"], serde_json::json!({"min": 1, "max": 4}));
    assert!(!db.exists(), "options opened the database");
    // The heroes offered start a game as they are listed.
    let setup = serde_json::json!({"heroes": &keys[..2], "leader": 1, "difficulty": df["difficulties"][1]["key"]}).to_string();
    let (rc, v, err) = warden(&db, &["new", "df", "--setup", &setup]);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v["state"]["difficulty"], "hard");
    let (rc, _, err) = warden(&db, &["options", "chess"]);
    assert_eq!(rc, 1);
    assert!(err.starts_with("warden: unknown game \"chess\""), "{err}");
}
