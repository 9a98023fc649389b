//! Rulebook 5, Treasure Tokens: one-time effects, usable at any time during
//! the Adventurer's own delve, returned to the box after use.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::{PartyFace, TreasureKind};

#[test]
fn an_elixir_revives_a_die_without_a_die_to_drink_it() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Potion, 1);
    start(&mut s, &PARTY, "goblin");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "potion", "revive": "champion"}),
    );
    assert!(r.reason.contains("Graveyard is empty"), "{r}");
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "potion"}),
    );
    assert!(r.reason.contains("name its face"), "{r}");
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "potion", "revive": "champion"}),
    );
    let d = delve(&s);
    assert_eq!(
        (
            d.graveyard,
            d.party.get(PartyFace::Champion),
            d.party.total()
        ),
        (0, 2, 7)
    );
    assert_eq!(s.treasure_box.get(TreasureKind::Potion), 3);
}

#[test]
fn companion_tokens_fight_in_place_of_a_die() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::ScepterOfPower, 1);
    give(&mut s, TreasureKind::ThievesTools, 1);
    start(&mut s, &["scroll"; 7], "ooze");
    set_dungeon(&mut s, &["ooze", "ooze", "chest", "chest"], 0);
    run(
        &mut s,
        json!({"type": "fight", "with": {"treasure": "scepter_of_power"}, "monster": "ooze"}),
    );
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"treasure": "thieves_tools"}, "drawn": ["talisman", "talisman"]}),
    );
    assert_eq!(delve(&s).dungeon.total(), 0);
    assert_eq!(delve(&s).graveyard, 0);
    assert_eq!(s.players[0].tokens.get(TreasureKind::Talisman), 2);
    assert_eq!(s.players[0].tokens.total(), 2);
}

#[test]
fn tokens_must_be_held_and_used_the_way_they_work() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::VorpalSword, 1);
    give(&mut s, TreasureKind::DragonScales, 1);
    give(&mut s, TreasureKind::RingOfInvisibility, 1);
    start(&mut s, &PARTY, "goblin");
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"treasure": "talisman"}, "monster": "goblin"}),
    );
    assert!(r.reason.contains("holds no Talisman"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "vorpal_sword"}),
    );
    assert!(r.reason.contains("acts as a Party die"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "dragon_scales"}),
    );
    assert!(r.reason.contains("2 XP a pair"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"treasure": "dragon_scales"}, "monster": "goblin"}),
    );
    assert!(r.reason.contains("use_treasure"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "ring_of_invisibility"}),
    );
    assert!(r.reason.contains("Lair is empty"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "ring_of_invisibility", "revive": "mage"}),
    );
    assert!(r.reason.contains("revives no die"), "{r}");
    assert_eq!(r.rule, "Treasure Tokens");
}

#[test]
fn tokens_are_only_played_during_a_delve() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::TownPortal, 1);
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "town_portal"}),
    );
    assert_eq!(r.rule, "Gameplay Flow");
}
