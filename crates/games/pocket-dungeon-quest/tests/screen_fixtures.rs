//! The view and offers the Pocket Dungeon Quest screen reads (the mat, the
//! moves, the tiles left face down, the camera's target, the words, the use
//! offers), for states played through the engine: each is checked here and
//! written to `ui/test/fixtures/pocket-dungeon-quest-*.view.json` (with the
//! last command and its events) for the UI tests to feed the screen.
//! Regenerate after a deliberate change: `TW_UPDATE_FIXTURES=1 cargo test
//! -p tw-pocket-dungeon-quest --test screen_fixtures`.

mod common;
use common::*;
use serde_json::{json, Value};
use std::path::PathBuf;
use tw_pocket_dungeon_quest::tile::HeroKind::*;
use tw_pocket_dungeon_quest::tile::TileKind::*;
use tw_pocket_dungeon_quest::{Command, Event, PocketDungeonQuest, State};
use tw_rules::testing::expect_json as expect;
use tw_rules::Game;

fn fixture(name: &str, s: &State, command: Option<&Command>, events: &[Event]) -> Value {
    let v = PocketDungeonQuest::view(s);
    expect(&v, "mat.rows", "number");
    expect(&v, "mat.cells.0.0", "string");
    expect(&v, "mat.keys", "array");
    expect(&v, "moves", "array");
    expect(&v, "unrevealed", "object");
    expect(&v, "camera_target", "object|null");
    expect(&v, "merchant_pile", "array");
    expect(&v, "monster_pile", "array");
    expect(&v, "henchmen_called", "object");
    expect(&v, "die_faces.0.face", "string");
    expect(&v, "die_faces.0.kind", "string");
    expect(&v, "words.tiles.skelly_archer", "string");
    expect(&v, "words.heroes.warrior", "string");
    expect(&v, "rules.foresight_tiles", "number");
    expect(&v, "rules.merchant_draws", "number");
    for h in v["heroes"].as_array().unwrap() {
        expect(h, "effects", "array");
        expect(h, "pinned", "array");
        expect(h, "cooldowns", "object");
        expect(h, "shield", "bool");
        expect(h, "rerolls", "bool");
        expect(h, "disarms", "bool");
    }
    if v["boss"].is_object() {
        expect(&v, "boss.stack", "array");
        expect(&v, "boss.revealer", "string");
    }
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(s);
    let out = json!({
        "command": command,
        "events": events,
        "view": v,
        "offers": PocketDungeonQuest::offers(s),
    });
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../ui/test/fixtures")
        .join(format!("pocket-dungeon-quest-{name}.view.json"));
    let text = serde_json::to_string_pretty(&out).unwrap() + "\n";
    tw_rules::testing::fixture_current(&path, &text);
    v
}

fn keys(s: &State) -> Vec<String> {
    PocketDungeonQuest::offers(s)
        .into_iter()
        .map(|o| o.key)
        .collect()
}

fn offer(s: &State, key: &str) -> tw_rules::Offer {
    PocketDungeonQuest::offers(s)
        .into_iter()
        .find(|o| o.key == key)
        .unwrap_or_else(|| panic!("no {key} offer in {:?}", keys(s)))
}

fn run_kept(s: &mut State, c: Command) -> (Command, Vec<Event>) {
    let ev = run(s, c.clone());
    (c, ev)
}

#[test]
fn a_new_game_offers_every_entry_point_with_the_tiles_it_turns_up() {
    let s = game(&[Warrior, Rogue]);
    let v = fixture("start", &s, None, &[]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 40);
    assert_eq!(v["mat"]["cells"][3][3], "hidden");
    assert_eq!(v["camera_target"], Value::Null);
}

#[test]
fn in_a_fight_the_camera_attacks_the_first_monster_in_reading_order() {
    let mut s = game(&[Warrior, Rogue]);
    let c = go_cmd(
        &s,
        p(-1, 4),
        &[(p(0, 5), Goblin), (p(0, 3), Slime), (p(0, 4), Potion)],
    );
    let (c, ev) = run_kept(&mut s, c);
    let v = fixture("fight", &s, Some(&c), &ev);
    assert_eq!(v["waiting_for"], "attack");
    assert_eq!(v["mat"]["cells"][0][3], "slime");
    assert_eq!(v["mat"]["cells"][0][4], "potion");
    assert_eq!(v["camera_target"], json!({"row": 0, "col": 3}));
    assert_eq!(v["moves"], json!([]), "no moving mid-fight");
    // Two Slimes on the test mat, one now face up.
    assert_eq!(v["unrevealed"]["slime"], 1);
}

#[test]
fn a_critical_miss_is_kept_with_its_effect_and_the_items_can_be_used() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Minotaur), (p(0, 5), Bomb)]);
    s.hero_mut(Warrior).unwrap().inventory = vec![Potion];
    let (c, ev) = run_kept(&mut s, attack(p(0, 3), "skull"));
    assert!(ev.iter().any(
        |e| matches!(e, Event::Attacked { result, .. } if format!("{result:?}") == "CriticalMiss")
    ));
    let v = fixture("critical", &s, Some(&c), &ev);
    // The Minotaur's Critical Miss: a Heart more than the miss itself.
    assert_eq!(v["heroes"][0]["hearts"], 1);
    // Only legal choices are listed: the Rogue has every Heart already.
    let potion = offer(&s, "potion");
    assert_eq!(potion.inputs["hero"].choices.len(), 1);
    assert_eq!(potion.inputs["hero"].choices[0].label, "Warrior");
    assert_eq!(
        offer(&s, "take").inputs["at"].choices[0].label,
        "the Bomb at row 1, column 6"
    );
    let give = offer(&s, "give_potion");
    assert_eq!(give.inputs["to"].choices.len(), 1, "to the other hero only");
}

#[test]
fn a_bomb_is_offered_at_the_monster_being_fought_and_walls_in_sight() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Wall)]);
    s.hero_mut(Warrior).unwrap().inventory = vec![Bomb, ExtraMove];
    let bomb = offer(&s, "bomb");
    let at: Vec<Value> = bomb.inputs["at"]
        .choices
        .iter()
        .map(|c| c.value.clone())
        .collect();
    assert_eq!(
        at,
        vec![json!({"row": 0, "col": 3}), json!({"row": 0, "col": 5})]
    );
    assert_eq!(bomb.inputs["at"].choices[0].label, "row 1, column 4");
    assert!(keys(&s).contains(&"extra_move".to_string()));
    // Used once: the Warrior's one use this turn is spent.
    run(&mut s, Command::ExtraMove);
    assert!(!keys(&s).contains(&"bomb".to_string()), "{:?}", keys(&s));
}

#[test]
fn the_boss_stack_is_shown_with_the_top_last() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    run(&mut s, attack(p(0, 3), "two_swords"));
    run(&mut s, attack(p(0, 5), "two_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Boss), (p(0, 9), Potion)]);
    let v = fixture("henchmen", &s, None, &[]);
    assert_eq!(v["waiting_for"], "henchmen");
    assert_eq!(v["monster_pile"], json!(["goblin", "slime"]));
    assert_eq!(v["henchmen_called"]["two_swords"], 2);
    let (c, ev) = run_kept(
        &mut s,
        Command::Henchmen {
            roll: "two_swords".into(),
            chosen: vec![Goblin, Slime],
        },
    );
    let v = fixture("boss", &s, Some(&c), &ev);
    assert_eq!(v["waiting_for"], "boss_attack");
    assert_eq!(v["boss"]["stack"], json!(["goblin", "slime"]));
    assert_eq!(v["camera_target"], json!({"row": 0, "col": 8}));
}

#[test]
fn a_campaign_hero_sees_keys_xp_and_the_level_offer() {
    let mut s = campaign(&[Warrior, Farmer]);
    mv(&mut s, p(-1, 2), &[(p(0, 2), Goblin)]);
    let (c, ev) = run_kept(&mut s, attack(p(0, 2), "two_swords"));
    let h = s.hero_mut(Warrior).unwrap();
    h.xp = 3;
    h.keys = 1;
    let v = fixture("campaign", &s, Some(&c), &ev);
    assert_eq!(v["campaign_session"], 1);
    assert_eq!(v["mat"]["keys"].as_array().unwrap().len(), 4);
    assert!(keys(&s).contains(&"level_up".to_string()));
    assert_eq!(offer(&s, "level_up").label, "Warrior: level up…");
    // Gear another hero holds is not offered; with the most Gear, none is asked.
    s.hero_mut(Farmer).unwrap().gear = vec![tw_pocket_dungeon_quest::Gear::Torch];
    let choices: Vec<Value> = offer(&s, "level_up").inputs["gear"]
        .choices
        .iter()
        .map(|c| c.value.clone())
        .collect();
    assert!(!choices.contains(&json!("torch")) && choices.contains(&json!("shield")));
    use tw_pocket_dungeon_quest::Gear::*;
    s.hero_mut(Warrior).unwrap().gear = vec![Shield, Boomerang, MagicRing];
    let lv = offer(&s, "level_up");
    assert!(lv.fill.is_empty(), "{lv:?}");
    run(&mut s, serde_json::from_value(lv.command).unwrap());
    assert_eq!(s.hero(Warrior).unwrap().level, 1);
}

#[test]
fn a_won_session_offers_the_next() {
    let mut s = campaign(&[Warrior, Farmer]);
    mv(
        &mut s,
        p(-1, 2),
        &[
            (p(0, 1), RelicCircle),
            (p(0, 2), RelicSquare),
            (p(0, 3), RelicTriangle),
        ],
    );
    end(&mut s);
    let c = go_cmd(&s, p(-1, 6), &[(p(0, 6), Exit)]);
    let (c, ev) = run_kept(&mut s, c);
    let v = fixture("won", &s, Some(&c), &ev);
    assert_eq!(v["outcome"], "session_won");
    assert_eq!(keys(&s), vec!["next_session".to_string()]);
}
