//! The view and offers the Silver Mine screen reads, for the states of the
//! UI's test fixtures (`ui/test/fixtures/itdd-*.json`, real replays): every
//! field the TypeScript (`ui/src/screens/itdd/`) reads is checked for
//! presence and type here, so a rename breaks this test rather than the
//! screen, and the views are written next to the fixtures (`*.view.json`)
//! for the UI tests to feed the screen. Regenerate after a deliberate
//! change: `TW_UPDATE_FIXTURES=1 cargo test -p tw-silver-mine --test view_fixtures`.

use serde_json::{json, Value};
use std::path::PathBuf;
use tw_rules::Game;
use tw_silver_mine::{SilverMine, State};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../ui/test/fixtures")
}

use tw_rules::testing::expect_json as expect;

fn each<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    let list = v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} should be an array"));
    assert!(!list.is_empty(), "{key} is empty");
    list
}

fn check_view(v: &Value) {
    for k in [
        "boss_goblin",
        "run_bonus",
        "giant_strength_bonus",
        "max_books",
        "trader_adjustment",
        "inn_recover",
        "inn_rumor",
        "arena_bonus",
        "arena_per_defeat",
        "max_card_side",
        "path_charges",
        "item_defaults.bonus",
        "item_defaults.master_key_charges",
    ] {
        expect(v, &format!("rules.{k}"), "number");
    }
    expect(v, "rules.starting_items", "array");
    expect(v, "starting_items_allowed", "number");
    for k in each(v, "enemy_kinds") {
        expect(k, "kind", "string");
        expect(k, "reach", "string");
        expect(k, "crosses_traps", "bool");
        expect(k, "opens_locked_doors", "bool");
        expect(k, "inflicts", "string|null");
    }
    for m in each(v, "merchant") {
        expect(m, "item", "string");
        expect(m, "buy", "number");
        expect(m, "sell", "number");
    }
    for b in each(v, "books") {
        for (k, t) in [
            ("id", "string"),
            ("name", "string"),
            ("tier", "number"),
            ("price", "number"),
            ("types", "array"),
        ] {
            expect(b, k, t);
        }
    }
    for q in each(v, "quests") {
        expect(q, "id", "string");
        expect(q, "difficulty", "string");
        expect(q, "target", "number");
        expect(q, "tally", "string");
        expect(q, "container", "string|null");
    }
    for t in each(v, "titles") {
        expect(t, "title", "string");
        expect(t, "needs", "string");
    }
    for c in each(v, "containers") {
        expect(c, "kind", "string");
        expect(c, "threshold", "number|null");
        expect(c, "needs_key", "bool");
        expect(c, "items", "number");
    }
    for t in each(v, "traps") {
        expect(t, "roll", "number");
        expect(t, "text", "string");
    }
    let chars = v["characters"]
        .as_object()
        .expect("characters is an object");
    assert!(!chars.is_empty());
    for c in chars.values() {
        expect(c, "capacity", "number");
        expect(c, "buy", "object");
        expect(c, "sell", "array");
        for p in c["sell"].as_array().unwrap() {
            assert!(p.is_number() || p.is_null(), "sell price {p}");
        }
        for k in ["books_for_sale", "reward_books", "open_quests"] {
            expect(c, k, "array");
        }
        expect(c, "stash_full", "bool");
        expect(c, "quest", "object|null");
        if c["quest"].is_object() {
            expect(c, "quest.id", "string");
            expect(c, "quest.difficulty", "string|null");
            expect(c, "quest.target", "number|null");
            expect(c, "quest.progress", "number");
            expect(c, "quest.reward", "object|null");
            if c["quest"]["reward"].is_object() {
                expect(c, "quest.reward.items", "number");
                expect(c, "quest.reward.book", "bool");
            }
        }
        expect(c, "next_title", "object|null");
        expect(c, "path_charges", "number|null");
    }
}

#[test]
fn views_of_the_ui_fixtures_have_the_fields_the_screen_reads() {
    let mut seen = 0;
    let mut entries: Vec<_> = std::fs::read_dir(fixtures())
        .expect("ui/test/fixtures")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let name = e.file_name().to_string_lossy().to_string();
        if !name.starts_with("itdd-") || name.ends_with(".view.json") {
            continue;
        }
        let fixture: Value =
            serde_json::from_str(&std::fs::read_to_string(e.path()).unwrap()).unwrap();
        let state: State = serde_json::from_value(fixture["state"].clone()).unwrap();
        let view = SilverMine::view(&state);
        check_view(&view);
        for o in SilverMine::offers(&state) {
            let o = serde_json::to_value(o).unwrap();
            assert!(
                o["key"].is_string() && o["label"].is_string() && o["command"]["type"].is_string(),
                "{o}"
            );
        }
        let out = json!({ "view": view, "offers": SilverMine::offers(&state) });
        let path = e.path().with_extension("view.json");
        let text = serde_json::to_string_pretty(&out).unwrap() + "\n";
        tw_rules::testing::fixture_current(&path, &text);
        seen += 1;
    }
    assert!(
        seen >= 2,
        "the Silver Mine fixtures are missing ({seen} read)"
    );
}
