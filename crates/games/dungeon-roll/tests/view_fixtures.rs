//! The views the Dungeon Roll screen reads, written next to the UI's test
//! fixtures (`ui/test/fixtures/dungeon-roll-*.view.json`) as the window's
//! `GameView` would carry them: state, view, offers and the log of the
//! commands that led there. Every field the screen reads is checked here,
//! so a rename breaks this test rather than the screen. Regenerate after a
//! deliberate change: `TW_UPDATE_FIXTURES=1 cargo test -p tw-dungeon-roll
//! --test view_fixtures`.

mod common;
use common::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use tw_dungeon_roll::{DungeonRoll, State};
use tw_rules::testing::{expect_json as expect, fixture_current};
use tw_rules::Game;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../ui/test/fixtures")
}

/// A game played through `commands`, as the window's GameView of it.
fn game_view(commands: &[Value]) -> Value {
    played(game(&["commander", "bard"]), commands)
}

/// The same from a given table (e.g. one playing with the Twist cards).
fn played(mut s: State, commands: &[Value]) -> Value {
    let mut log = Vec::new();
    for (i, c) in commands.iter().enumerate() {
        let events = run(&mut s, c.clone());
        log.push(json!({
            "seq": i + 1, "at_ms": 0, "source": "manual", "command": c,
            "events": events, "original_reading": null, "image_path": null, "reverts_seq": null,
        }));
    }
    let n = commands.len();
    json!({
        "session": 1, "game": "dungeon-roll", "campaign_id": null, "last_seq": n,
        "can_undo": n > 0, "undo_target": if n > 0 { json!(n) } else { Value::Null },
        "state": s, "view": DungeonRoll::view(&s), "offers": DungeonRoll::offers(&s),
        "events": log.last().map(|l| l["events"].clone()).unwrap_or(json!([])),
        "command": commands.last(), "ask_player": null, "log": log, "throws": [],
    })
}

fn start(party: &[&str], dungeon: &[&str]) -> Value {
    json!({"type": "start_delve", "party": party, "dungeon": dungeon})
}

fn check(g: &Value) {
    let v = &g["view"];
    expect(v, "waiting_for", "string");
    expect(v, "adventurer", "number");
    expect(v, "dungeon_lord", "number");
    expect(v, "players.0.name", "string");
    expect(v, "players.0.hero_name", "string");
    expect(v, "players.0.xp", "number");
    expect(v, "players.0.tokens", "object");
    expect(v, "players.0.delves_left", "number");
    expect(v, "players.0.score_so_far", "number");
    expect(v, "treasure_left", "number");
    expect(v, "faces.party.0.face", "string");
    expect(v, "faces.party.0.name", "string");
    expect(v, "faces.dungeon.5.name", "string");
    expect(v, "faces.dungeon.0.monster", "bool");
    expect(v, "faces.party.0.companion", "bool");
    expect(v, "treasure_kinds.0.kind", "string");
    expect(v, "treasure_kinds.0.name", "string");
    expect(v, "treasure_kinds.0.own_effect", "bool");
    expect(v, "rules.party_dice", "number");
    expect(v, "rules.delves_per_player", "number");
    if v["finished"].is_null() {
        expect(v, "hero.side", "string");
        expect(v, "hero.ultimate", "string");
        expect(v, "hero.ultimate_text", "string");
        expect(v, "hero.dragon_types", "number");
    } else {
        expect(v, "finished.scores.0.total", "number");
        expect(v, "finished.winners", "array");
    }
    if let Some(r) = v["roll_wanted"].as_object() {
        assert!(r["kind"].is_string() && r["party"].is_u64() && r["dungeon"].is_u64());
    }
    if !v["delve"].is_null() {
        for k in [
            "level",
            "graveyard",
            "lair",
            "monsters",
            "chests",
            "potions",
            "retire_xp",
            "party_total",
        ] {
            expect(v, &format!("delve.{k}"), "number");
        }
        expect(v, "delve.party.fighter", "number");
        expect(v, "delve.dungeon.goblin", "number");
        expect(v, "delve.stage", "string");
        expect(v, "delve.dragon_awake", "bool");
        expect(v, "delve.units", "array");
        expect(v, "delve.usable_treasures", "array");
        expect(v, "delve.ultimate_inputs", "object");
        expect(v, "delve.hero_units", "array");
        for u in v["delve"]["units"].as_array().unwrap() {
            for (k, t) in [
                ("with", "object"),
                ("name", "string"),
                ("as", "array"),
                ("fights", "array"),
                ("opens", "number"),
                ("draws", "number"),
                ("quaff_revives", "number"),
            ] {
                expect(u, k, t);
            }
        }
        if v["delve"]["monsters"].as_u64() > Some(0) {
            expect(v, "delve.proposal.feasible", "bool");
            expect(v, "delve.proposal.fights", "array");
        }
    }
    for o in g["offers"].as_array().unwrap() {
        expect(o, "key", "string");
        expect(o, "label", "string");
    }
}

fn write(name: &str, g: &Value) {
    check(g);
    let path = fixtures().join(format!("dungeon-roll-{name}.view.json"));
    fixture_current(&path, &(serde_json::to_string_pretty(g).unwrap() + "\n"));
}

#[test]
fn the_screen_fixtures_are_current() {
    let party = [
        "fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll",
    ];
    write("start", &game_view(&[]));
    // Level 3: two goblins and a skeleton stand beside a chest and a potion.
    let mut cmds = vec![
        start(&party, &["chest"]),
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["vorpal_sword"]}),
        json!({"type": "seek_glory", "dungeon": ["potion", "dragon"]}),
        json!({"type": "quaff", "with": {"die": "scroll"}, "revive": ["thief"]}),
        json!({"type": "seek_glory", "dungeon": ["goblin", "goblin", "skeleton"]}),
    ];
    write("monsters", &game_view(&cmds));
    cmds.push(json!({"type": "accept_proposal"}));
    write("regroup", &game_view(&cmds));
    // The Dragon wakes with three dice in the Lair.
    write(
        "dragon",
        &game_view(&[
            start(&party, &["dragon"]),
            json!({"type": "seek_glory", "dungeon": ["dragon", "dragon"]}),
        ]),
    );
    // Every delve fled: the game ends and the standings are shown.
    let mut over = Vec::new();
    for _ in 0..6 {
        over.push(start(&party, &["goblin"]));
        over.push(json!({"type": "flee"}));
    }
    let g = game_view(&over);
    assert_eq!(g["view"]["waiting_for"], "over");
    write("over", &g);
    // With the Twist cards and trading: hands drawn, a Town Portal held, a
    // level with monsters not yet fought.
    let mut table = trading_game(&["commander", "bard"], true);
    give(&mut table, tw_dungeon_roll::TreasureKind::TownPortal, 1);
    let g = played(
        table,
        &[
            json!({"type": "draw_twist", "player": 1, "card": "scatter-in-fear"}),
            json!({"type": "draw_twist", "player": 1, "card": "distractions"}),
            json!({"type": "draw_twist", "player": 0, "card": "lucky-charm"}),
            start(&party, &["goblin"]),
            json!({"type": "seek_glory", "dungeon": []}),
        ][..4],
    );
    let v = &g["view"];
    expect(v, "twists.playable", "bool");
    expect(v, "twists.cards.0.needs", "string");
    expect(v, "twists.hands.1.cards.0.effect.kind", "string");
    expect(v, "twists.hands.0.draws_due", "number");
    expect(v, "delve.dragon_lair_needed", "number");
    expect(v, "trading", "bool");
    write("twists", &g);
}

#[test]
fn a_seeded_roll_is_logged_as_its_seed_and_replays_the_same_faces() {
    let mut a = game(&["commander", "bard"]);
    let mut b = a.clone();
    let ev = run(&mut a, json!({"type": "start_delve", "seed": 42}));
    run(&mut b, json!({"type": "start_delve", "seed": 42}));
    assert_eq!(a, b);
    let d = a.delve.as_ref().unwrap();
    assert_eq!(d.party.total(), 7);
    assert_eq!(d.dungeon.total() + d.lair, 1);
    // The faces drawn are in the events, so the log shows them.
    assert!(ev
        .iter()
        .any(|e| matches!(e, tw_dungeon_roll::Event::PartyFormed { .. })));
    // Another seed, another roll (over a handful of seeds at least one differs).
    let differs = (43..48).any(|seed| {
        let mut c: State = game(&["commander", "bard"]);
        run(&mut c, json!({"type": "start_delve", "seed": seed}));
        c.delve != a.delve
    });
    assert!(differs);
}
