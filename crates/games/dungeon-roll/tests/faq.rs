//! Rulebook 7, FAQ and edge cases, one test each.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::{PartyFace, TreasureKind};

#[test]
fn faq_a_companion_treasure_can_quaff_a_potion() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Talisman, 1);
    start(&mut s, &PARTY, "potion");
    run(
        &mut s,
        json!({"type": "quaff", "with": {"treasure": "talisman"}, "revive": []}),
    );
    assert_eq!(delve(&s).dungeon.potion, 0);
}

#[test]
fn faq_a_scroll_treasure_can_quaff_a_potion() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Scroll, 1);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "potion"], 0);
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "quaff", "with": {"treasure": "scroll"}, "revive": ["cleric"]}),
    );
    assert_eq!(
        (delve(&s).graveyard, delve(&s).party.get(PartyFace::Cleric)),
        (0, 2)
    );
}

#[test]
fn faq_an_elixir_needs_no_die() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Potion, 1);
    start(&mut s, &PARTY, "goblin");
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "champion"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "potion", "revive": "champion"}),
    );
    assert_eq!(delve(&s).party.total(), 7);
}

#[test]
fn faq_dragon_bait_only_on_your_own_turn() {
    // The Dungeon Lord holds the Bait; in the Adventurer's delve it is not
    // theirs to play: tokens are always the Adventurer's.
    let mut s = game(&["necromancer", "bard"]);
    s.treasure_box.remove(TreasureKind::DragonBait, 1);
    s.players[1].tokens.add(TreasureKind::DragonBait, 1);
    start(&mut s, &PARTY, "goblin");
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "dragon_bait"}),
    );
    assert!(r.reason.contains("holds no Dragon Bait"), "{r}");
}

#[test]
fn faq_the_scouts_ultimate_cannot_avoid_the_dragon() {
    let mut s = game(&["scout"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &["goblin"], 3);
    let r = refused(
        &mut s,
        json!({"type": "ultimate", "dungeon": {"from": ["dragon"], "to": ["goblin"]}}),
    );
    assert!(r.reason.contains("Dragon faces cannot be rerolled"), "{r}");
    run(
        &mut s,
        json!({"type": "ultimate", "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert_eq!(
        delve(&s).lair,
        3,
        "the Dragon still comes in the Dragon Phase"
    );
    assert_eq!(
        refused(&mut s, json!({"type": "retire"})).rule,
        "Dragon Phase"
    );
}

#[test]
fn faq_seek_glory_with_no_active_party_dice() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &["thief"; 7], "skeleton");
    set_dungeon(&mut s, &["skeleton"; 7], 0);
    for _ in 0..7 {
        run(
            &mut s,
            json!({"type": "fight", "with": {"die": "thief"}, "monster": "skeleton"}),
        );
    }
    assert_eq!((delve(&s).party.total(), delve(&s).graveyard), (0, 7));
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["ooze", "chest"]}),
    );
    assert_eq!(delve(&s).level, 2);
}

#[test]
fn faq_a_ring_of_invisibility_is_not_a_defeat() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::RingOfInvisibility, 1);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "ring_of_invisibility"}),
    );
    assert_eq!((s.players[0].xp, s.players[0].tokens.total()), (0, 0));
}
