//! Rulebook section 3, Setup, and the start of a delve.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::state::{PlayerSetup, Setup};
use tw_dungeon_roll::{DungeonRoll, PartyFace, Stage, TreasureKind};
use tw_rules::Game;

fn setup(heroes: &[&str], first: usize) -> Result<tw_dungeon_roll::State, tw_rules::Refusal> {
    let players = heroes
        .iter()
        .map(|h| PlayerSetup {
            name: (*h).into(),
            hero: (*h).into(),
        })
        .collect();
    DungeonRoll::setup(&Setup {
        players,
        first,
        twists: false,
        trading: false,
    })
}

#[test]
fn one_to_four_players_each_with_a_novice_hero_and_the_full_box() {
    for n in 1..=4 {
        let heroes = ["commander", "paladin", "battlemage", "necromancer"];
        let s = setup(&heroes[..n], 0).unwrap();
        assert_eq!(s.players.len(), n);
        assert!(s
            .players
            .iter()
            .all(|p| !p.master && p.xp == 0 && p.tokens.total() == 0));
        assert_eq!(s.treasure_box.total(), 36);
    }
    assert_eq!(setup(&[], 0).unwrap_err().rule, "Setup");
    let five = setup(
        &["commander", "paladin", "battlemage", "necromancer", "bard"],
        0,
    )
    .unwrap_err();
    assert!(five.reason.contains("1 to 4"), "{five}");
}

#[test]
fn the_box_holds_the_rulebook_counts() {
    let s = game(&["bard"]);
    let counts = [
        (TreasureKind::VorpalSword, 3),
        (TreasureKind::Talisman, 3),
        (TreasureKind::ScepterOfPower, 3),
        (TreasureKind::ThievesTools, 3),
        (TreasureKind::Scroll, 3),
        (TreasureKind::RingOfInvisibility, 4),
        (TreasureKind::DragonScales, 6),
        (TreasureKind::Potion, 3),
        (TreasureKind::DragonBait, 4),
        (TreasureKind::TownPortal, 4),
    ];
    for (k, n) in counts {
        assert_eq!(s.treasure_box.get(k), n, "{k:?}");
    }
}

#[test]
fn every_named_hero_card_can_be_dealt_once() {
    for h in [
        "commander",
        "paladin",
        "battlemage",
        "necromancer",
        "dragon_slayer",
        "half_goblin",
        "enchantress",
        "bard",
        "scout",
    ] {
        setup(&[h], 0).unwrap_or_else(|r| panic!("{h}: {r}"));
    }
    let unknown = setup(&["wizard"], 0).unwrap_err();
    assert!(
        unknown.reason.contains("players[0].hero") && unknown.reason.contains("wizard"),
        "{unknown}"
    );
    let twice = setup(&["bard", "bard"], 0).unwrap_err();
    assert!(twice.reason.contains("players[1].hero"), "{twice}");
}

#[test]
fn the_starting_adventurer_is_chosen_and_the_next_seat_is_dungeon_lord() {
    let s = setup(&["bard", "paladin", "commander"], 2).unwrap();
    assert_eq!(s.adventurer, 2);
    assert_eq!(s.dungeon_lord(), 0);
    assert!(setup(&["bard"], 1).unwrap_err().reason.contains("first"));
}

#[test]
fn a_delve_starts_with_seven_party_dice_and_one_dungeon_die_at_level_one() {
    let mut s = game(&["bard", "paladin"]);
    start(&mut s, &PARTY, "goblin");
    let d = delve(&s);
    assert_eq!(
        (d.level, d.stage, d.graveyard, d.lair),
        (1, Stage::Monster, 0, 0)
    );
    assert_eq!(d.party.total(), 7);
    assert_eq!(d.party.get(PartyFace::Fighter), 2);
    assert_eq!(d.dungeon.goblin, 1);

    let mut s = game(&["bard"]);
    let r = refused(
        &mut s,
        json!({"type": "start_delve", "party": vec!["fighter"; 6], "dungeon": ["goblin"]}),
    );
    assert_eq!(r.rule, "Setup");
    let r = refused(
        &mut s,
        json!({"type": "start_delve", "party": PARTY, "dungeon": ["goblin", "ooze"]}),
    );
    assert!(r.reason.contains("level 1 rolls 1"), "{r}");
}

#[test]
fn a_dragon_on_the_first_die_goes_straight_to_the_lair() {
    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "dragon");
    assert_eq!(delve(&s).lair, 1);
    assert_eq!(delve(&s).dungeon.total(), 0);
}

#[test]
fn a_second_delve_cannot_start_while_one_is_under_way() {
    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "chest");
    let r = refused(
        &mut s,
        json!({"type": "start_delve", "party": PARTY, "dungeon": ["goblin"]}),
    );
    assert_eq!(r.rule, "Gameplay Flow");
}

#[test]
fn commands_outside_a_delve_are_refused_by_the_flow() {
    let mut s = game(&["bard"]);
    for c in [
        json!({"type": "retire"}),
        json!({"type": "flee"}),
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    ] {
        assert_eq!(refused(&mut s, c).rule, "Gameplay Flow");
    }
}
