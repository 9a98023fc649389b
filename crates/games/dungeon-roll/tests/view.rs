//! The view and offers a Dungeon Roll screen would read: every field is
//! checked for presence and type through a whole delve (start, monsters,
//! regroup, the next level, the end of the game), so a rename breaks this
//! test rather than a screen, and every ready offer is taken by the engine.

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_roll::{Command, DungeonRoll, State};
use tw_rules::Game;

use tw_rules::testing::expect_json as expect;

fn check(s: &State) {
    let v = DungeonRoll::view(s);
    for k in [
        "party_dice",
        "dungeon_dice",
        "max_level",
        "delves_per_player",
        "dragon_lair_to_appear",
    ] {
        expect(&v, &format!("rules.{k}"), "number");
    }
    expect(&v, "waiting_for", "string");
    expect(&v, "adventurer", "number");
    expect(&v, "dungeon_lord", "number");
    for k in ["side", "specialty", "ultimate"] {
        expect(&v, &format!("hero.{k}"), "string");
    }
    expect(&v, "hero.dragon_types", "number");
    expect(&v, "hero.ultimate_used", "bool");
    expect(&v, "treasure_box", "object");
    expect(&v, "treasure_left", "number");
    for p in v["players"].as_array().unwrap() {
        for k in ["seat", "xp", "delves", "delves_left", "score_so_far"] {
            expect(p, k, "number");
        }
        expect(p, "tokens", "object");
    }
    expect(&v, "delve", "object|null");
    if v["delve"].is_object() {
        for k in [
            "number",
            "level",
            "party_total",
            "graveyard",
            "monsters",
            "chests",
            "potions",
            "lair",
            "retire_xp",
        ] {
            expect(&v, &format!("delve.{k}"), "number");
        }
        for k in [
            "dragon_awake",
            "may_regroup",
            "stuff_of_legend",
            "formation_open",
        ] {
            expect(&v, &format!("delve.{k}"), "bool");
        }
        expect(&v, "delve.stage", "string");
        expect(&v, "delve.party.fighter", "number");
        expect(&v, "delve.dungeon", "object");
        expect(&v, "delve.next_level_dice", "number|null");
        expect(&v, "delve.proposal", "object|null");
    }
    expect(&v, "finished", "object|null");
    for o in DungeonRoll::offers(s) {
        for p in &o.fill {
            assert_eq!(o.command[p.as_str()], Value::Null, "{} {p}", o.key);
            assert!(o.inputs.contains_key(p), "{} {p}", o.key);
        }
        if o.fill.is_empty() {
            let c: Command = serde_json::from_value(o.command.clone()).unwrap();
            DungeonRoll::decide(s, &c).unwrap_or_else(|e| panic!("{}: {e}", o.key));
        }
    }
}

#[test]
fn every_field_a_screen_reads_through_a_whole_game() {
    let mut s = game(&["commander"]);
    let party = json!(["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"]);
    for delve in 1..=3 {
        check(&s);
        assert_eq!(DungeonRoll::view(&s)["waiting_for"], "start_delve");
        run(
            &mut s,
            json!({"type": "start_delve", "party": party, "dungeon": ["goblin"]}),
        );
        check(&s);
        let v = DungeonRoll::view(&s);
        assert_eq!(
            (v["waiting_for"].as_str(), v["delve"]["number"].as_u64()),
            (Some("monsters"), Some(delve))
        );
        run(&mut s, json!({"type": "accept_proposal"}));
        check(&s);
        assert_eq!(DungeonRoll::view(&s)["waiting_for"], "loot_or_regroup");
        run(&mut s, json!({"type": "retire"}));
    }
    check(&s);
    let v = DungeonRoll::view(&s);
    // Three delves retired at level 1: 1 XP each (XP equal to the level).
    assert_eq!(
        (v["waiting_for"].as_str(), v["players"][0]["xp"].as_u64()),
        (Some("over"), Some(3))
    );
    assert!(v["finished"].is_object());
    assert!(
        DungeonRoll::offers(&s).is_empty(),
        "nothing is offered after the last delve"
    );
}
