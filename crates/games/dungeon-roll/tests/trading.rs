//! Rulebook 5, Twist Cards, "Advanced: Players may trade Twist cards and
//! treasures" (readings in `src/decide/trade.rs`).

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::TreasureKind::{DragonBait, DragonScales, TownPortal, VorpalSword};

#[test]
fn tokens_change_hands_both_ways_in_one_trade() {
    let mut s = trading_game(&["bard", "paladin", "commander"], false);
    give(&mut s, VorpalSword, 2);
    s.players[2].tokens.add(DragonBait, 1);
    run(
        &mut s,
        json!({"type": "trade", "from": 0, "to": 2,
               "give": {"treasure": ["vorpal_sword", "vorpal_sword"]},
               "take": {"treasure": ["dragon_bait"]}}),
    );
    assert_eq!(s.players[0].tokens.get(VorpalSword), 0);
    assert_eq!(s.players[0].tokens.get(DragonBait), 1);
    assert_eq!(s.players[2].tokens.get(VorpalSword), 2);
    assert_eq!(s.players[2].tokens.get(DragonBait), 0);
    // A gift: nothing handed back.
    run(&mut s, json!({"type": "trade", "from": 2, "to": 1, "give": {"treasure": ["vorpal_sword"]}}));
    assert_eq!((s.players[1].tokens.get(VorpalSword), s.players[2].tokens.get(VorpalSword)), (1, 1));
}

#[test]
fn the_engine_refuses_what_a_player_does_not_hold_and_touches_nothing() {
    let mut s = trading_game(&["bard", "paladin"], false);
    give(&mut s, DragonScales, 1);
    let before = s.clone();
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 1, "give": {"treasure": ["dragon_scales", "dragon_scales"]}}));
    assert_eq!(r.rule, "Twist Cards: Advanced (trading)");
    assert!(r.reason.contains("give: P1 holds 1 Dragon Scales token(s), not 2"), "{r}");
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 1, "give": {"treasure": ["dragon_scales"]}, "take": {"treasure": ["town_portal"]}}));
    assert!(r.reason.contains("take: P2 holds 0"), "{r}");
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 0, "give": {"treasure": ["dragon_scales"]}}));
    assert!(r.reason.contains("another player"), "{r}");
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 4, "give": {"treasure": ["dragon_scales"]}}));
    assert!(r.reason.contains("to: seat 4 does not exist"), "{r}");
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 1}));
    assert!(r.reason.contains("name what changes hands"), "{r}");
    // Twist cards only in a game played with them.
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 1, "give": {"twists": ["lucky-charm"]}}));
    assert!(r.reason.contains("without the Twist cards"), "{r}");
    assert_eq!(s, before);
}

#[test]
fn without_the_advanced_rule_nothing_is_traded() {
    let mut s = game(&["bard", "paladin"]);
    give(&mut s, TownPortal, 1);
    let r = refused(&mut s, json!({"type": "trade", "from": 0, "to": 1, "give": {"treasure": ["town_portal"]}}));
    assert_eq!(r.rule, "Twist Cards: Advanced (trading)");
    assert!(r.reason.contains("without trading"), "{r}");
    let view = <tw_dungeon_roll::DungeonRoll as tw_rules::Game>::view(&s);
    assert_eq!(view["trading"], false);
    assert!(!<tw_dungeon_roll::DungeonRoll as tw_rules::Game>::offers(&s).iter().any(|o| o.key == "trade"));
}

#[test]
fn twist_cards_are_traded_by_id_or_name_for_treasure_during_a_delve() {
    let mut s = trading_game(&["bard", "paladin"], true);
    run(&mut s, json!({"type": "draw_twist", "player": 1, "card": "lucky-charm"}));
    give(&mut s, TownPortal, 1);
    start(&mut s, &["fighter", "fighter", "cleric", "mage", "thief", "scroll", "champion"], "goblin");
    run(
        &mut s,
        json!({"type": "trade", "from": 0, "to": 1,
               "give": {"treasure": ["town_portal"]}, "take": {"twists": ["Lucky Charm"]}}),
    );
    assert_eq!(s.players[0].twists, ["lucky-charm"]);
    assert!(s.players[1].twists.is_empty());
    assert_eq!(s.players[1].tokens.get(TownPortal), 1);
    let view = <tw_dungeon_roll::DungeonRoll as tw_rules::Game>::view(&s);
    assert_eq!(view["trading"], true);
    assert!(<tw_dungeon_roll::DungeonRoll as tw_rules::Game>::offers(&s).iter().any(|o| o.key == "trade"));
    let r = refused(&mut s, json!({"type": "trade", "from": 1, "to": 0, "give": {"twists": ["no-such-card"]}}));
    assert!(r.reason.contains("give.twists: no Twist card"), "{r}");
}
