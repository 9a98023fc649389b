//! Rulebook 4.2, the Loot Phase: chests and the box, potions and the
//! Graveyard.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::event::{Event, XpReason};
use tw_dungeon_roll::{PartyFace, Stage, TreasureKind};

#[test]
fn a_thief_or_champion_opens_every_chest_others_open_one() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    set_dungeon(&mut s, &["chest", "chest", "chest"], 0);
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "fighter"}, "count": 2, "drawn": ["talisman", "talisman"]}),
    );
    assert_eq!(r.rule, "Loot Phase: Open Chests");
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "fighter"}, "drawn": ["talisman"]}),
    );
    assert_eq!(delve(&s).dungeon.chest, 2);
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["vorpal_sword", "town_portal"]}),
    );
    assert_eq!(delve(&s).dungeon.chest, 0);
    let p = &s.players[0];
    assert_eq!(p.tokens.total(), 3);
    assert_eq!(p.tokens.get(TreasureKind::TownPortal), 1);
    assert_eq!(s.treasure_box.total(), 33);
    assert_eq!(delve(&s).stage, Stage::Loot);
}

#[test]
fn each_chest_opened_draws_one_token_that_must_be_in_the_box() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    set_dungeon(&mut s, &["chest", "chest"], 0);
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "champion"}, "drawn": ["talisman"]}),
    );
    assert!(r.reason.contains("name the 2 token(s)"), "{r}");
    s.treasure_box.remove(TreasureKind::Talisman, 3);
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "champion"}, "drawn": ["talisman", "potion"]}),
    );
    assert!(r.reason.contains("box does not hold"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "scroll"}, "drawn": ["potion"]}),
    );
    assert!(r.reason.contains("Scroll opens no Chest"), "{r}");
}

#[test]
fn with_the_box_empty_a_chest_gives_one_xp() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    set_dungeon(&mut s, &["chest", "chest", "chest"], 0);
    s.treasure_box = tw_dungeon_roll::Tokens::default();
    s.treasure_box.add(TreasureKind::DragonBait, 1);
    let ev = run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["dragon_bait"]}),
    );
    assert!(ev.contains(&Event::XpGained {
        player: 0,
        amount: 2,
        reason: XpReason::EmptyBox
    }));
    assert_eq!(s.players[0].xp, 2);
    assert_eq!(s.treasure_box.total(), 0);
}

#[test]
fn loot_waits_until_every_monster_is_defeated() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "chest", "potion"], 0);
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    assert!(r.reason.contains("monsters still stand"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "quaff", "with": {"die": "scroll"}, "revive": []}),
    );
    assert_eq!(r.rule, "Loot Phase: Quaff Potions");
}

#[test]
fn a_quaffed_potion_revives_a_graveyard_die_with_a_chosen_face() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "skeleton", "potion", "potion"], 0);
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "cleric"}, "monster": "skeleton"}),
    );
    assert_eq!(delve(&s).graveyard, 2);
    // The Scroll quaffs both potions; it is in the Graveyard first, so three
    // dice lie there and two come back, faces chosen.
    let r = refused(
        &mut s,
        json!({"type": "quaff", "with": {"die": "scroll"}, "revive": ["champion"]}),
    );
    assert!(r.reason.contains("name 2 face(s)"), "{r}");
    run(
        &mut s,
        json!({"type": "quaff", "with": {"die": "scroll"}, "revive": ["champion", "thief"]}),
    );
    let d = delve(&s);
    assert_eq!((d.graveyard, d.dungeon.potion), (1, 0));
    assert_eq!(
        (
            d.party.get(PartyFace::Champion),
            d.party.get(PartyFace::Thief),
            d.party.get(PartyFace::Scroll)
        ),
        (2, 2, 0)
    );
    assert_eq!(d.party.total() + d.graveyard, 7);
}

#[test]
fn the_quaffing_die_can_revive_itself_and_revivals_stop_at_the_graveyard() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "potion");
    set_dungeon(&mut s, &["potion", "potion", "potion"], 0);
    // Nothing in the Graveyard but the quaffing Fighter: one die comes back.
    run(
        &mut s,
        json!({"type": "quaff", "with": {"die": "fighter"}, "revive": ["mage"]}),
    );
    assert_eq!(
        (delve(&s).graveyard, delve(&s).party.get(PartyFace::Mage)),
        (0, 2)
    );
}

#[test]
fn a_companion_token_can_quaff() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::VorpalSword, 1);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "potion"], 0);
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "quaff", "with": {"treasure": "vorpal_sword"}, "revive": ["fighter"]}),
    );
    assert_eq!(delve(&s).graveyard, 0);
    assert_eq!(s.players[0].tokens.total(), 0);
}

#[test]
fn loot_left_behind_goes_back_to_the_pool_at_the_next_level() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["goblin", "ooze"]}),
    );
    let d = delve(&s);
    assert_eq!(
        (d.level, d.dungeon.chest, d.dungeon.goblin, d.dungeon.ooze),
        (2, 0, 1, 1)
    );
}

#[test]
fn the_loot_phase_closes_once_the_dragon_is_fought() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    set_dungeon(&mut s, &["chest"], 3);
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "cleric"}}, {"with": {"die": "mage"}}], "drawn": "talisman"}),
    );
    let r = refused(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    assert!(r.reason.contains("Loot Phase of this level is over"), "{r}");
}

/// Rulebook 4.1 "Used dice go to the Graveyard before effect resolution",
/// the FAQ (a companion treasure "acts as a Party die") and 5 ("Return to
/// box after use"): a Thieves' Tools token opening chests is back in the
/// box before they are drawn for, so with the box otherwise empty it is
/// the token the first chest gives; the second chest gives 1 XP.
#[test]
fn a_token_opening_chests_is_back_in_the_box_before_the_draw() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::ThievesTools, 1);
    s.treasure_box = tw_dungeon_roll::Tokens::default();
    start(&mut s, &PARTY, "chest");
    set_dungeon(&mut s, &["chest", "chest"], 0);
    // The screen's picker says the same: the token opens 2 and draws 1.
    let v = <tw_dungeon_roll::DungeonRoll as tw_rules::Game>::view(&s);
    let tools = v["delve"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["with"] == json!({"treasure": "thieves_tools"}))
        .unwrap()
        .clone();
    assert_eq!(
        (tools["opens"].clone(), tools["draws"].clone()),
        (json!(2), json!(1))
    );
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"treasure": "thieves_tools"}, "drawn": ["thieves_tools"]}),
    );
    assert_eq!(s.players[0].tokens.get(TreasureKind::ThievesTools), 1);
    assert_eq!((s.players[0].xp, s.treasure_box.total()), (1, 0));
}

/// Rulebook 5 "usable at any time during a delve": an Elixir (the Potion
/// token) revives a die after the Dragon is slain, in the Regroup Phase.
#[test]
fn an_elixir_revives_in_the_regroup_phase_after_the_dragon() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Potion, 1);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "cleric"}}, {"with": {"die": "mage"}}], "drawn": "talisman"}),
    );
    assert_eq!(delve(&s).stage, Stage::Regroup);
    run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "potion", "revive": "cleric"}),
    );
    let d = delve(&s);
    assert_eq!((d.graveyard, d.party.get(PartyFace::Cleric)), (2, 1));
}
