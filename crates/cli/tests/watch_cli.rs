//! `warden watch --source demo:combat`: the live pipeline with no window
//! reads the generated clip's three throws and, given a saved game, plays
//! them into it, as the window does.

use serde_json::Value;

mod common;

fn warden(db: &std::path::Path, args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().env("TABLE_WARDEN_DB", db).env_remove("TABLE_WARDEN_CALIBRATION").args(args))
}

#[test]
fn the_demo_clips_three_throws_are_scored_and_reach_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("warden.sqlite3");
    let setup = r#"{"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"], "leader": 0, "difficulty": "normal"}"#;
    let (rc, out, err) = warden(&db, &["game", "new", "df", "--setup", setup]);
    assert_eq!(rc, 0, "{err}");
    let id = serde_json::from_str::<Value>(&out).unwrap()["session"].as_i64().unwrap().to_string();
    for c in [
        r#"{"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}"#,
        r#"{"type": "reveal_monster", "card": {"name": "Cellar Brute", "level": 1, "life": 20, "damage": 1, "gold": 1}}"#,
    ] {
        let (rc, _, err) = warden(&db, &["game", "do", &id, c]);
        assert_eq!(rc, 0, "{err}");
    }

    let (rc, out, err) = warden(&db, &["watch", "--source", "demo:combat", "--game", &id]);
    assert_eq!(rc, 0, "{err}");
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let throws: Vec<&Value> = lines.iter().filter(|l| l.get("throw").is_some()).collect();
    assert_eq!(throws.len(), 3, "{out}\n{err}");
    // The clip's ground truth (crates/app/src/demo_combat.rs): red, green,
    // blue in the 5, 4 and 3 sections.
    // The green die's icon gives Lady Mary a choice: the blue throw that
    // lands meanwhile waits for it instead of vanishing.
    for (t, (colour, value, status)) in
        throws.iter().zip([("red", 5, "applied"), ("green", 4, "applied"), ("blue", 3, "waiting")])
    {
        let s = &t["scores"][0];
        assert_eq!((s["color"].as_str(), s["value"].as_u64()), (Some(colour), Some(value)), "{t}");
        assert_eq!(t["outcome"]["status"], status, "{t}");
    }
    assert!(throws[2]["outcome"]["reason"].as_str().unwrap().contains("icon ability choice"));

    // The player lets the icon go: the waiting throw is applied at once.
    let (rc, shown, err) = warden(&db, &["game", "do", &id, r#"{"type": "skip_ability"}"#]);
    assert_eq!(rc, 0, "{err}");
    let shown: Value = serde_json::from_str(&shown).unwrap();
    let camera = shown["log"].as_array().unwrap().iter().filter(|e| e["source"] == "camera").count();
    assert_eq!(camera, 3);
    let statuses: Vec<&str> = shown["throws"].as_array().unwrap().iter().map(|t| t["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["applied", "applied", "applied"]);
}
