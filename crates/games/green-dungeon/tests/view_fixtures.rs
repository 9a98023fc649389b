//! The view and offers the screen reads, for the states of the UI's test
//! fixtures (`ui/test/fixtures/gd-*.json`, real replays): every field the
//! TypeScript reads is checked for presence and type here, so a rename
//! breaks this test rather than the screen, and the views are written next
//! to the fixtures (`*.view.json`) for the UI tests to feed the screen.
//! Regenerate after a deliberate change: `TW_UPDATE_FIXTURES=1 cargo test
//! -p tw-green-dungeon --test view_fixtures`.

use serde_json::{json, Value};
use std::path::PathBuf;
use tw_green_dungeon::{GreenDungeon, State};
use tw_rules::Game;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../ui/test/fixtures")
}

use tw_rules::testing::expect_json as expect;

fn check_view(v: &Value) {
    expect(v, "grid_size", "number");
    expect(v, "flippable", "array");
    expect(v, "edges.0.kind", "string");
    expect(v, "edges.0.dir", "string");
    expect(v, "upkeep_preview.0.0.upkeep", "string");
    for k in [
        "event_every",
        "reset_at",
        "event_cubes_removed_at_reset",
        "rest_cubes",
        "level_up_xp",
        "spell_cost",
        "power_cost",
        "max_luck",
        "card_min",
        "card_max",
        "score.per_card",
        "score.per_level",
        "score.per_luck",
        "score.per_face_down_tile",
        "score.per_fled_meeple",
        "score.per_event_cube",
        "treasure_cubes.cog",
        "treasure_cubes.drop",
    ] {
        expect(v, &format!("rules.{k}"), "number");
    }
    expect(v, "to_next_event", "number");
    for k in ["drop", "hammer", "wood", "brick", "cog", "straw"] {
        expect(v, &format!("tiles_left.{k}"), "number");
    }
    expect(v, "between_encounters", "bool");
    expect(v, "can_use_luck", "bool");
    expect(v, "can_level_up", "bool");
    expect(v, "rest_why", "string|null");
    expect(v, "moves", "array");
    for m in v["moves"].as_array().unwrap() {
        expect(m, "dir", "string");
        expect(m, "to.row", "number");
        expect(m, "kind", "string");
        if m["kind"] == "door_roll" {
            expect(m, "needed_above", "number");
        }
    }
    expect(v, "cards", "object|null");
    if v["cards"].is_object() {
        expect(v, "cards.deck", "string");
        expect(v, "cards.count", "number");
        expect(v, "cards.nasty", "array");
        expect(v, "cards.cog_guards_treasure", "bool");
    }
    expect(v, "fight", "object|null");
    if v["fight"].is_object() {
        for k in ["monster_bonus", "hero_melee_bonus", "hero_hit_damage", "spell_damage"] {
            expect(v, &format!("fight.{k}"), "number");
        }
        expect(v, "fight.monster_action", "string");
        expect(v, "fight.bribe_cost", "number|null");
        for k in ["bribe_why", "flee_why", "spell_why", "power_spell_why"] {
            expect(v, &format!("fight.{k}"), "string|null");
        }
    }
}

#[test]
fn views_of_the_ui_fixtures_have_the_fields_the_screen_reads() {
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(fixtures()).expect("ui/test/fixtures").flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        if !name.starts_with("gd-") || name.ends_with(".view.json") {
            continue;
        }
        let fixture: Value = serde_json::from_str(&std::fs::read_to_string(e.path()).unwrap()).unwrap();
        let state: State = serde_json::from_value(fixture["state"].clone()).unwrap();
        let view = GreenDungeon::view(&state);
        check_view(&view);
        let out = json!({ "view": view, "offers": GreenDungeon::offers(&state) });
        let path = e.path().with_extension("view.json");
        let text = serde_json::to_string_pretty(&out).unwrap() + "\n";
        tw_rules::testing::fixture_current(&path, &text);
        seen += 1;
    }
    assert!(seen >= 10, "the Green Dungeon fixtures are missing ({seen} read)");
    // The cards view of every kind of draw, for the preview the screen
    // shows while cards are tapped in (the fixtures pass through several).
    let start: Value = serde_json::from_str(&std::fs::read_to_string(fixtures().join("gd-start.json")).unwrap()).unwrap();
    let mut by_purpose = serde_json::Map::new();
    for purpose in ["drop_monster", "hammer_monster", "mini_boss", "final_boss", "wood_magic", "brick_trap"] {
        let mut st = start["state"].clone();
        st["phase"] = json!({"phase": "cards", "purpose": {"for": purpose}});
        let state: State = serde_json::from_value(st).unwrap();
        by_purpose.insert(purpose.into(), GreenDungeon::view(&state)["cards"].clone());
    }
    let mut st = start["state"].clone();
    st["phase"] = json!({"phase": "cards", "purpose": {"for": "wandering_monster", "resume": {"idle": "exploring"}}});
    let state: State = serde_json::from_value(st).unwrap();
    by_purpose.insert("wandering_monster".into(), GreenDungeon::view(&state)["cards"].clone());
    let path = fixtures().join("gd-cards-by-purpose.view.json");
    let text = serde_json::to_string_pretty(&Value::Object(by_purpose)).unwrap() + "\n";
    tw_rules::testing::fixture_current(&path, &text);
}
