//! Rulebook 4.3, the Dragon Phase, and the Dragon's Lair.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::event::{Event, XpReason};
use tw_dungeon_roll::{Stage, TreasureKind};

fn three(a: &str, b: &str, c: &str) -> serde_json::Value {
    json!([{"with": {"die": a}}, {"with": {"die": b}}, {"with": {"die": c}}])
}

#[test]
fn three_different_companions_defeat_the_dragon_for_a_token_and_one_xp() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    let ev = run(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "thief", "mage"), "drawn": "dragon_scales"}),
    );
    assert!(ev.contains(&Event::DragonDefeated { lair: 3 }));
    assert!(ev.contains(&Event::XpGained {
        player: 0,
        amount: 1,
        reason: XpReason::Dragon
    }));
    let d = delve(&s);
    assert_eq!((d.lair, d.graveyard, d.stage), (0, 3, Stage::Regroup));
    assert_eq!(s.players[0].tokens.get(TreasureKind::DragonScales), 1);
    assert_eq!(s.players[0].xp, 1);
    run(&mut s, json!({"type": "retire"}));
    assert_eq!(s.players[0].xp, 2);
}

#[test]
fn the_dragon_needs_three_different_types_and_no_scroll() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "fighter", "mage"), "drawn": "talisman"}),
    );
    assert_eq!(r.rule, "Dragon Phase");
    assert!(r.reason.contains("must differ"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "scroll", "mage"), "drawn": "talisman"}),
    );
    assert!(r.reason.contains("Scroll is no companion"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "mage"}}], "drawn": "talisman"}),
    );
    assert!(r.reason.contains("3 different"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage")}),
    );
    assert!(r.reason.contains("name the token drawn"), "{r}");
}

#[test]
fn treasure_companions_count_as_dragon_fighters() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Talisman, 1);
    start(
        &mut s,
        &[
            "fighter", "fighter", "fighter", "fighter", "mage", "scroll", "scroll",
        ],
        "dragon",
    );
    set_dungeon(&mut s, &[], 3);
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"treasure": "talisman"}}, {"with": {"die": "mage"}}], "drawn": "potion"}),
    );
    assert_eq!(delve(&s).lair, 0);
    assert_eq!(s.players[0].tokens.get(TreasureKind::Talisman), 0);
}

#[test]
fn a_specialty_face_counts_as_its_type_against_the_dragon() {
    // Occultist: a Mage used as a Cleric makes the third type.
    let mut s = game(&["necromancer"]);
    start(
        &mut s,
        &[
            "fighter", "mage", "mage", "scroll", "scroll", "scroll", "scroll",
        ],
        "dragon",
    );
    set_dungeon(&mut s, &[], 3);
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "mage"}}, {"with": {"die": "mage"}, "as": "cleric"}], "drawn": "potion"}),
    );
}

#[test]
fn the_dragon_slayer_needs_only_two_types() {
    let mut s = game(&["dragon_slayer"]);
    s.players[0].master = true;
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 4);
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "mage"}}], "drawn": "potion"}),
    );
    assert_eq!(delve(&s).lair, 0);
}

#[test]
fn the_dragon_appears_only_at_three_dice_and_after_the_monsters() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 2);
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage"), "drawn": "potion"}),
    );
    assert!(r.reason.contains("there are 2"), "{r}");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["goblin", "goblin"]}),
    );
    set_dungeon(&mut s, &["goblin"], 1);
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage"), "drawn": "potion"}),
    );
    assert!(r.reason.contains("monsters still stand"), "{r}");
}

#[test]
fn an_undefeated_dragon_forbids_regrouping_so_the_adventurer_flees() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &["fighter"; 7], "dragon");
    set_dungeon(&mut s, &[], 3);
    assert_eq!(
        refused(&mut s, json!({"type": "retire"})).rule,
        "Dragon Phase"
    );
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "seek_glory", "dungeon": ["goblin", "goblin"]})
        )
        .rule,
        "Dragon Phase"
    );
    run(&mut s, json!({"type": "flee"}));
    assert_eq!(s.players[0].xp, 0);
}

#[test]
fn dice_in_the_lair_are_not_rolled_at_the_next_level() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 2);
    // Level 6 would roll 6, but only 5 dice are out of the Lair.
    s.delve.as_mut().unwrap().level = 5;
    let r = refused(
        &mut s,
        json!({"type": "seek_glory", "dungeon": vec!["goblin"; 6]}),
    );
    assert!(
        r.reason.contains("level 6 rolls 5") && r.reason.contains("2 are in the Dragon's Lair"),
        "{r}"
    );
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["goblin", "goblin", "dragon", "chest", "chest"]}),
    );
    assert_eq!(
        (delve(&s).level, delve(&s).lair, delve(&s).dungeon.total()),
        (6, 3, 4)
    );
}

#[test]
fn a_ring_of_invisibility_empties_the_lair_without_a_reward() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::RingOfInvisibility, 1);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    let ev = run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "ring_of_invisibility"}),
    );
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::DragonDefeated { .. } | Event::XpGained { .. } | Event::TreasureGained { .. }
    )));
    assert_eq!(delve(&s).lair, 0);
    assert_eq!(s.treasure_box.get(TreasureKind::RingOfInvisibility), 4);
    run(&mut s, json!({"type": "retire"}));
    assert_eq!(s.players[0].xp, 1);
}

#[test]
fn dragon_bait_sends_every_monster_to_the_lair() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::DragonBait, 1);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "skeleton", "ooze", "chest"], 0);
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "dragon_bait"}),
    );
    assert_eq!(
        (
            delve(&s).dungeon.monsters(),
            delve(&s).lair,
            delve(&s).dungeon.chest
        ),
        (0, 3, 1)
    );
    let r = refused(
        &mut s,
        json!({"type": "use_treasure", "treasure": "dragon_bait"}),
    );
    assert_eq!(r.rule, "Treasure Tokens");
}

#[test]
fn with_the_box_empty_the_dragon_gives_xp_for_its_token() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    s.treasure_box = tw_dungeon_roll::Tokens::default();
    let r = refused(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage"), "drawn": "potion"}),
    );
    assert!(r.reason.contains("box is empty"), "{r}");
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage")}),
    );
    assert_eq!(s.players[0].xp, 2);
}

/// Rulebook 4.3 "Treasure tokens acting as companions count" with 4.1
/// "Used dice go to the Graveyard before effect resolution": a Vorpal
/// Sword spent on the Dragon is back in the box before the Dragon's token
/// is drawn, so with the box otherwise empty it is drawn again (the same
/// order as a token opening chests).
#[test]
fn a_token_spent_on_the_dragon_is_back_in_the_box_for_its_reward() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::VorpalSword, 1);
    s.treasure_box = tw_dungeon_roll::Tokens::default();
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    let with = json!([{"with": {"treasure": "vorpal_sword"}}, {"with": {"die": "cleric"}}, {"with": {"die": "mage"}}]);
    let r = refused(&mut s, json!({"type": "slay_dragon", "with": with}));
    assert!(r.reason.contains("name the token drawn"), "{r}");
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": with, "drawn": "vorpal_sword"}),
    );
    assert_eq!(s.players[0].tokens.get(TreasureKind::VorpalSword), 1);
    assert_eq!(s.players[0].xp, 1);
}

/// Rulebook 4.1 b (the Ultimate in the Monster Phase) and 4.3 "three
/// different Companion types": the Crusader's Ultimate makes the hero a
/// Fighter and a Cleric for the level, and those count against the Dragon.
#[test]
fn the_hero_joined_as_companions_counts_against_the_dragon() {
    let mut s = game(&["paladin"]);
    start(
        &mut s,
        &[
            "scroll", "scroll", "scroll", "scroll", "scroll", "scroll", "mage",
        ],
        "dragon",
    );
    set_dungeon(&mut s, &[], 3);
    run(&mut s, json!({"type": "ultimate"}));
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"hero": "fighter"}}, {"with": {"hero": "cleric"}}, {"with": {"die": "mage"}}], "drawn": "talisman"}),
    );
    assert_eq!((delve(&s).lair, s.players[0].xp), (0, 1));
}

/// Rulebook 5 (Dragon Bait: "Turn all monsters into Dragons, move to
/// Lair") then 4.2 and 4.3: with no monster left the chests open, and the
/// Dragon the bait called is fought after the loot for its token and XP.
#[test]
fn dragon_bait_clears_the_way_to_the_loot_then_the_dragon() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::DragonBait, 1);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "skeleton", "chest"], 1);
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "dragon_bait"}),
    );
    assert_eq!((delve(&s).lair, delve(&s).dungeon.monsters()), (3, 0));
    let r = refused(&mut s, json!({"type": "retire"}));
    assert_eq!(r.rule, "Dragon Phase");
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": three("fighter", "cleric", "mage"), "drawn": "scroll"}),
    );
    run(&mut s, json!({"type": "retire"}));
    assert_eq!(s.players[0].xp, 2);
    assert_eq!(s.players[0].tokens.total(), 2);
}
