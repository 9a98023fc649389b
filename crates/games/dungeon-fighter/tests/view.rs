//! The engine's view and offers for the Game screen: values checked against
//! the rulebook, every field the TypeScript (`ui/src/df-model.ts`,
//! `ui/src/game.ts`) reads checked for presence and type, and every ready
//! offer taken by the engine as it stands.

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::DungeonFighter;
use tw_rules::Game;

fn view(r: &Run) -> Value {
    DungeonFighter::view(r.state())
}

fn keys(r: &Run) -> Vec<String> {
    DungeonFighter::offers(r.state())
        .into_iter()
        .map(|o| o.key)
        .collect()
}

/// Every offer's fill path holds null (no invented value), and every ready
/// offer is a command the engine takes now.
fn offers_are_honest(r: &Run) {
    for o in DungeonFighter::offers(r.state()) {
        for p in &o.fill {
            let at = p.split('.').fold(&o.command, |v, k| &v[k]);
            assert_eq!(at, &Value::Null, "{} {p}", o.key);
            assert!(o.inputs.contains_key(p), "{} {p} has no input", o.key);
        }
        if o.fill.is_empty() {
            let cmd: tw_dungeon_fighter::Command =
                serde_json::from_value(o.command.clone()).unwrap();
            DungeonFighter::decide(r.state(), &cmd).unwrap_or_else(|e| panic!("{}: {e:?}", o.key));
        }
    }
}

#[test]
fn view_fields_the_screen_reads_have_their_types() {
    let r = start(party());
    let v = view(&r);
    for k in [
        "shop_icons_needed",
        "shops_before_boss",
        "white_die_price",
        "max_white_dice",
        "next_monster_level",
    ] {
        assert!(v[k].is_u64(), "{k}: {v}");
    }
    assert!(v["throwable"].is_array());
    for o in DungeonFighter::offers(r.state()) {
        let o = serde_json::to_value(o).unwrap();
        assert!(
            o["key"].is_string() && o["label"].is_string() && o["command"]["type"].is_string(),
            "{o}"
        );
    }
}

#[test]
fn shop_needs_ten_icons_or_eleven_with_level_up_and_a_white_die_costs_two() {
    let r = start(party());
    let v = view(&r);
    // Rulebook: a shop opens at 10 shop icons; white dice are bought for 2 gold each.
    assert_eq!(
        (
            v["shop_icons_needed"].as_u64(),
            v["white_die_price"].as_u64()
        ),
        (Some(10), Some(2))
    );
    assert_eq!(v["shops_before_boss"], 3);
    // The monster deck: three each of levels 1, 2, 3 first.
    assert_eq!(v["next_monster_level"], 1);
    let mut setup = party();
    setup["level_up_variant"] = json!(true);
    assert_eq!(view(&start(setup))["shop_icons_needed"], 11);
}

#[test]
fn each_phase_offers_its_commands_with_known_values_filled_in() {
    let mut r = start(party());
    assert_eq!(keys(&r), vec!["enter_dungeon"]);
    offers_are_honest(&r);
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Treasury", "shop_icons": 10, "gold_bonus": 5}})).unwrap();
    let reveal = DungeonFighter::offers(r.state()).remove(0);
    // The level is the deck's (known); life, damage and gold are read off the card.
    assert_eq!(reveal.label, "Reveal monster (level 1)…");
    assert_eq!(reveal.command["card"]["level"], 1);
    assert_eq!(
        reveal.fill,
        vec!["card.name", "card.life", "card.damage", "card.gold"]
    );
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Imp", "level": 1, "life": 5, "damage": 1, "gold": 2}})).unwrap();
    assert_eq!(keys(&r), vec!["back_down", "use_item"]);
    offers_are_honest(&r);
    r.exec(throw("red", "blank", "bullseye", None)).unwrap();
    offers_are_honest(&r);
    r.exec(json!({"type": "end_rest"})).unwrap();
    // In the shop with 8 gold: a white die (2 gold), healing, equipment, leave.
    let shop = DungeonFighter::offers(r.state());
    assert_eq!(
        shop.iter().map(|o| o.key.as_str()).collect::<Vec<_>>(),
        vec![
            "buy_white_die",
            "buy_healing",
            "buy_equipment",
            "leave_shop"
        ]
    );
    assert_eq!(shop[0].label, "Buy 1 white die (2 gold)");
    // No invented price: the player reads it off the card.
    assert_eq!(shop[2].command["card"]["price"], Value::Null);
    offers_are_honest(&r);
}

#[test]
fn the_now_line_names_who_acts_and_the_cards_offers_say_which_kind_they_carry() {
    let mut r = start(party());
    let leader = r.state().heroes[r.state().leader].name.clone();
    let now = |r: &Run| view(r)["now"].as_str().unwrap().to_string();
    assert_eq!(now(&r), format!("{leader} chooses a dungeon card and enters it."));
    let slot = |r: &Run, key: &str| {
        DungeonFighter::offers(r.state()).into_iter().find(|o| o.key == key).and_then(|o| o.card).map(|c| (c.path, c.kind))
    };
    assert_eq!(slot(&r, "enter_dungeon"), Some(("card".into(), "dungeon".into())));
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Treasury", "shop_icons": 10}})).unwrap();
    assert_eq!(now(&r), "Reveal the next monster (level 1).");
    assert_eq!(slot(&r, "reveal_monster"), Some(("card".into(), "monster".into())));
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Imp", "level": 1, "life": 9, "damage": 1, "gold": 2}})).unwrap();
    let active = r.state().combat.as_ref().unwrap().active;
    let thrower = r.state().heroes[active].name.clone();
    assert_eq!(now(&r), format!("{thrower} throws next: red, green, blue."));
    r.exec(score("red", 1)).unwrap();
    assert!(!now(&r).contains("red"), "a thrown die is not offered again: {}", now(&r));
    assert_eq!(slot(&r, "back_down"), None);
}

/// Views and offers of a game's phases, written for the UI's tests
/// (`ui/test/fixtures/df-phases.view.json`); regenerate with
/// `TW_UPDATE_FIXTURES=1 cargo test -p tw-dungeon-fighter --test view`.
#[test]
fn the_ui_fixture_of_each_phase_is_current() {
    let mut out = serde_json::Map::new();
    let mut put = |name: &str, r: &Run| {
        out.insert(
            name.into(),
            json!({"state": r.state(), "view": view(r), "offers": DungeonFighter::offers(r.state())}),
        );
    };
    let mut r = start(party());
    put("dungeon", &r);
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Treasury", "shop_icons": 10, "gold_bonus": 5}})).unwrap();
    put("monster", &r);
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Imp", "level": 1, "life": 5, "damage": 1, "gold": 2}})).unwrap();
    put("combat", &r);
    r.exec(throw("red", "blank", "bullseye", None)).unwrap();
    r.exec(json!({"type": "end_rest"})).unwrap();
    put("shop", &r);
    let mut setup = party();
    setup["level_up_variant"] = json!(true);
    put("level_up_variant", &start(setup));
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../ui/test/fixtures/df-phases.view.json");
    let text = serde_json::to_string_pretty(&Value::Object(out)).unwrap() + "\n";
    tw_rules::testing::fixture_current(&path, &text);
}
