//! Rulebook 4.4, the Regroup Phase (retire, Stuff of Legend, Seek Glory),
//! levelling up, and three delves per player.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::event::{DelveOutcome, Event, XpReason};
use tw_dungeon_roll::TreasureKind;

#[test]
fn retiring_to_the_tavern_gains_xp_equal_to_the_level() {
    let mut s = game(&["necromancer", "bard"]);
    start(&mut s, &PARTY, "chest");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "potion"]}),
    );
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "potion", "chest"]}),
    );
    let ev = run(&mut s, json!({"type": "retire"}));
    assert!(ev.contains(&Event::XpGained {
        player: 0,
        amount: 3,
        reason: XpReason::Retired
    }));
    assert!(ev.contains(&Event::DelveEnded {
        player: 0,
        outcome: DelveOutcome::Retired
    }));
    assert!(ev.contains(&Event::TurnPassed { adventurer: 1 }));
    assert_eq!(s.players[0].xp, 3);
}

#[test]
fn seeking_glory_rolls_one_more_die_and_the_party_carries_over() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    let r = refused(&mut s, json!({"type": "seek_glory", "dungeon": ["goblin"]}));
    assert!(r.reason.contains("level 2 rolls 2"), "{r}");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["skeleton", "dragon"]}),
    );
    let d = delve(&s);
    assert_eq!(
        (
            d.level,
            d.graveyard,
            d.party.total(),
            d.lair,
            d.dungeon.skeleton
        ),
        (2, 1, 6, 1, 1)
    );
}

#[test]
fn the_party_can_seek_glory_with_no_active_dice() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    s.delve.as_mut().unwrap().party = Default::default();
    s.delve.as_mut().unwrap().graveyard = 7;
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "chest"]}),
    );
    assert_eq!(delve(&s).level, 2);
}

#[test]
fn stuff_of_legend_at_level_ten_must_retire_for_ten_xp() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "chest");
    for level in 2..=10u8 {
        let dice = vec!["chest"; level.min(7) as usize];
        run(&mut s, json!({"type": "seek_glory", "dungeon": dice}));
    }
    assert_eq!(delve(&s).level, 10);
    let r = refused(
        &mut s,
        json!({"type": "seek_glory", "dungeon": vec!["chest"; 7]}),
    );
    assert_eq!(r.rule, "Regroup Phase: Stuff of Legend");
    let ev = run(&mut s, json!({"type": "retire"}));
    assert!(ev.contains(&Event::DelveEnded {
        player: 0,
        outcome: DelveOutcome::StuffOfLegend
    }));
    assert!(ev.contains(&Event::XpGained {
        player: 0,
        amount: 10,
        reason: XpReason::StuffOfLegend
    }));
}

#[test]
fn the_hero_flips_to_master_at_once_but_the_ultimate_stays_spent() {
    let mut s = game(&["commander"]);
    s.players[0].xp = 4;
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "chest"], 3);
    run(&mut s, json!({"type": "ultimate", "monsters": ["goblin"]}));
    s.treasure_box = tw_dungeon_roll::Tokens::default();
    // The empty box pays 1 XP for the chest: the fifth, and the card flips.
    let ev = run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}}),
    );
    assert!(ev.contains(&Event::LeveledUp {
        player: 0,
        side: "Commander".into()
    }));
    assert!(s.players[0].master);
    assert_eq!(s.side().unwrap().name, "Commander");
    assert!(
        delve(&s).ultimate_used,
        "the flip does not refresh the Ultimate"
    );
}

#[test]
fn retiring_past_the_threshold_levels_up_too() {
    let mut s = game(&["enchantress"]);
    s.players[0].xp = 3;
    start(&mut s, &PARTY, "chest");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "chest"]}),
    );
    let ev = run(&mut s, json!({"type": "retire"}));
    assert!(ev.contains(&Event::LeveledUp {
        player: 0,
        side: "Beguiler".into()
    }));
}

#[test]
fn each_player_makes_three_delves_in_clockwise_order_then_the_game_ends() {
    let mut s = game(&["necromancer", "bard", "paladin"]);
    s.adventurer = 1;
    let mut order = Vec::new();
    for _ in 0..9 {
        order.push(s.adventurer);
        quiet_delve(&mut s);
    }
    assert_eq!(order, [1, 2, 0, 1, 2, 0, 1, 2, 0]);
    let f = s.finished.as_ref().expect("the game has ended");
    assert_eq!(f.scores.len(), 3);
    assert!(s.players.iter().all(|p| p.delves == 3 && p.xp == 3));
    let r = refused(
        &mut s,
        json!({"type": "start_delve", "party": PARTY, "dungeon": ["chest"]}),
    );
    assert_eq!(r.rule, "Scoring & End Game");
}

#[test]
fn a_town_portal_ends_the_delve_with_the_level_in_xp_even_among_monsters() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::TownPortal, 1);
    start(&mut s, &PARTY, "chest");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["ooze", "ooze"]}),
    );
    let ev = run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "town_portal"}),
    );
    assert!(ev.contains(&Event::DelveEnded {
        player: 0,
        outcome: DelveOutcome::TownPortal
    }));
    assert_eq!(s.players[0].xp, 2);
    assert_eq!(s.players[0].tokens.total(), 0);
    assert_eq!(s.treasure_box.get(TreasureKind::TownPortal), 4);
}

#[test]
fn fleeing_keeps_the_tokens_and_xp_already_taken() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &["chest"], 3);
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    run(
        &mut s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": "fighter"}}, {"with": {"die": "cleric"}}, {"with": {"die": "mage"}}], "drawn": "potion"}),
    );
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["skeleton", "skeleton"]}),
    );
    run(&mut s, json!({"type": "flee"}));
    assert_eq!(s.players[0].xp, 1, "the dragon's XP stays; no retire XP");
    assert_eq!(s.players[0].tokens.total(), 2);
}

fn slay_for_talisman(s: &mut tw_dungeon_roll::State, a: &str, b: &str, c: &str) {
    run(
        s,
        json!({"type": "slay_dragon", "with": [{"with": {"die": a}}, {"with": {"die": b}}, {"with": {"die": c}}], "drawn": "talisman"}),
    );
}

/// Rulebook 5 "When XP meets threshold on Hero card, flip to Master side"
/// and the FAQ "Flip Hero card immediately": the Master Specialty works
/// from the next die used, in the same delve (the Chieftain's Thief is a
/// Champion; the Half-Goblin's was not).
#[test]
fn a_hero_flipped_mid_delve_uses_the_master_specialty_at_once() {
    let mut s = game(&["half_goblin"]);
    s.players[0].xp = 4;
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin"], 3);
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "as": "champion", "monster": "goblin"}),
    );
    assert_eq!(r.rule, "Hero Abilities: Specialty");
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    slay_for_talisman(&mut s, "fighter", "cleric", "mage");
    assert!(s.players[0].master);
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["skeleton", "skeleton"]}),
    );
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "as": "champion", "monster": "skeleton", "count": 2}),
    );
    assert_eq!(delve(&s).dungeon.monsters(), 0);
}

/// The FAQ: the Ultimate "is not refreshed until next delve" on a level-up;
/// one not yet used this delve is still there, and it is the Master
/// side's (the Necromancer revives two dice, the Occultist one).
#[test]
fn an_ultimate_unused_before_the_flip_is_the_master_ultimate() {
    let mut s = game(&["necromancer"]);
    s.players[0].xp = 4;
    start(&mut s, &PARTY, "dragon");
    set_dungeon(&mut s, &[], 3);
    slay_for_talisman(&mut s, "fighter", "cleric", "mage");
    assert!(s.players[0].master);
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["potion", "chest"]}),
    );
    let ev = run(
        &mut s,
        json!({"type": "ultimate", "revive": ["fighter", "cleric"]}),
    );
    assert!(ev.contains(&Event::Revived {
        faces: vec![
            tw_dungeon_roll::PartyFace::Fighter,
            tw_dungeon_roll::PartyFace::Cleric
        ]
    }));
    assert_eq!(delve(&s).graveyard, 1);
}

/// Rulebook 5 (Town Portal: "Gain XP equal to Level Die; end delve") with
/// the level-up rule: a Dragon waiting in the Lair does not stop it, and
/// the XP flips the card.
#[test]
fn a_town_portal_escapes_a_waiting_dragon_and_can_level_up() {
    let mut s = game(&["necromancer", "bard"]);
    s.players[0].xp = 3;
    give(&mut s, TreasureKind::TownPortal, 1);
    start(&mut s, &PARTY, "goblin");
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["ooze", "ooze"]}),
    );
    set_dungeon(&mut s, &["ooze", "ooze"], 3);
    let ev = run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "town_portal"}),
    );
    assert!(ev.contains(&Event::DelveEnded {
        player: 0,
        outcome: DelveOutcome::TownPortal
    }));
    assert_eq!((s.players[0].xp, s.players[0].master), (5, true));
    assert!(s.delve.is_none());
    assert_eq!(s.adventurer, 1);
}

/// Rulebook 6: the game ends after each player's third delve, and the
/// final score counts the XP that ended it (a Town Portal used on the
/// last delve scores its level, and is no longer an unused token).
#[test]
fn a_town_portal_on_the_last_delve_scores_its_level_not_two() {
    let mut s = game(&["necromancer"]);
    s.players[0].delves = 2;
    give(&mut s, TreasureKind::TownPortal, 1);
    start(&mut s, &PARTY, "potion");
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "chest"]}),
    );
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["chest", "chest", "chest"]}),
    );
    let ev = run(
        &mut s,
        json!({"type": "use_treasure", "treasure": "town_portal"}),
    );
    let Some(Event::GameEnded { standings }) = ev.last() else {
        panic!("the last delve ends the game: {ev:?}");
    };
    assert_eq!(
        (
            standings.scores[0].xp,
            standings.scores[0].token_xp,
            standings.scores[0].total
        ),
        (3, 0, 3)
    );
}
