//! The view and offers a Pocket Dungeon Quest screen would read: every field
//! is checked for presence and type as a turn moves from entering to a
//! fight to looting and the next hero, so a rename breaks this test rather
//! than a screen, and every ready offer is taken by the engine.

mod common;
use common::*;
use serde_json::Value;
use tw_pocket_dungeon_quest::tile::HeroKind::*;
use tw_pocket_dungeon_quest::tile::TileKind::*;
use tw_pocket_dungeon_quest::{Command, PocketDungeonQuest, State};
use tw_rules::Game;

use tw_rules::testing::expect_json as expect;

fn check(s: &State) -> Value {
    let v = PocketDungeonQuest::view(s);
    for k in [
        "hearts",
        "hit_swords",
        "merchant_price",
        "sell_price",
        "max_gear",
        "relics_needed",
    ] {
        expect(&v, &format!("rules.{k}"), "number");
    }
    expect(&v, "waiting_for", "string");
    expect(&v, "turn.hero", "string");
    expect(&v, "turn.step", "string");
    expect(&v, "turn.round", "number");
    for h in v["heroes"].as_array().unwrap() {
        for k in [
            "hearts",
            "max_hearts",
            "inventory_limit",
            "xp",
            "keys",
            "level",
            "uses_per_turn",
        ] {
            expect(h, k, "number");
        }
        for k in ["dead", "poisoned", "can_level_up"] {
            expect(h, k, "bool");
        }
        expect(h, "inventory", "array");
        expect(h, "gear", "array");
        expect(h, "next_level", "object|null");
        expect(h, "pos", "object|null");
    }
    expect(&v, "to_fight", "array");
    for k in [
        "relics_found",
        "gem_pile",
        "hidden_tiles",
        "piles.monster",
        "piles.merchant",
    ] {
        expect(&v, k, "number");
    }
    expect(&v, "exit_found", "bool");
    expect(&v, "boss", "object|null");
    expect(&v, "outcome", "string|null");
    for o in PocketDungeonQuest::offers(s) {
        for p in &o.fill {
            assert_eq!(o.command[p.as_str()], Value::Null, "{} {p}", o.key);
            assert!(o.inputs.contains_key(p), "{} {p}", o.key);
        }
        if o.fill.is_empty() {
            let c: Command = serde_json::from_value(o.command.clone()).unwrap();
            PocketDungeonQuest::decide(s, &c).unwrap_or_else(|e| panic!("{}: {e}", o.key));
        }
    }
    v
}

fn keys(s: &State) -> Vec<String> {
    PocketDungeonQuest::offers(s)
        .into_iter()
        .map(|o| o.key)
        .collect()
}

#[test]
fn every_field_a_screen_reads_through_a_turn() {
    let mut s = game(&[Warrior, Rogue]);
    assert_eq!(check(&s)["waiting_for"], "move");
    // The Warrior enters above column 4 and turns up a Goblin in sight.
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin)]);
    let v = check(&s);
    assert_eq!(v["waiting_for"], "attack");
    assert_eq!(v["to_fight"].as_array().unwrap().len(), 1);
    let attack = PocketDungeonQuest::offers(&s)
        .into_iter()
        .find(|o| o.key == "attack")
        .unwrap();
    assert_eq!(
        attack.inputs["target"].choices.len(),
        1,
        "the one Monster in sight"
    );
    assert!(
        keys(&s).iter().all(|k| k != "end_turn"),
        "every Monster in sight is fought before the turn ends"
    );
}

#[test]
fn an_empty_circle_of_sight_lets_the_turn_end() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 1), &[]);
    let v = check(&s);
    assert_eq!(v["waiting_for"], "loot_or_end_turn");
    assert!(keys(&s).contains(&"end_turn".to_string()));
    end(&mut s);
    let v = check(&s);
    assert_eq!(
        (v["waiting_for"].as_str(), v["turn"]["hero"].as_str()),
        (Some("move"), Some("rogue"))
    );
}
