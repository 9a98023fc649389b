//! Combat rules: dice, hits and misses, running out of dice, defeat.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_fighter::model::Phase;
use tw_dungeon_fighter::Event;

#[test]
fn misses_of_every_kind_cost_the_thrower_the_monster_damage() {
    for (cmd, why) in [
        (throw("red", "blank", "hole", None), "hole"),
        (throw("red", "blank", "bone", None), "bone"),
        (throw("red", "blank", "outside", None), "outside"),
        (
            json!({"type": "throw", "die": "red", "face": "blank", "landing": {"value": 5, "kind": "score"}, "no_bounce": true}),
            "bounce",
        ),
        (
            json!({"type": "throw", "die": "red", "face": "blank", "landing": {"value": 5, "kind": "score"}, "requirement_failed": true}),
            "Requirement",
        ),
    ] {
        let mut r = fight(party(), json!({"damage": 3}));
        let ev = r.exec(cmd).unwrap();
        let missed = ev.iter().find_map(|e| match e {
            Event::Missed { why, .. } => Some(why.clone()),
            _ => None,
        });
        assert!(missed.unwrap().contains(why), "{why}");
        assert_eq!(r.state().heroes[1].life, 6, "{why}: 9 - 3");
        assert_eq!(life(&r), 20);
        assert_eq!(active(&r), 2);
    }
}

#[test]
fn a_hit_deals_the_section_value_and_the_bullseye_ten() {
    let mut r = fight(party(), json!({}));
    r.exec(score("red", 4)).unwrap();
    assert_eq!(life(&r), 16);
    r.exec(throw("green", "blank", "bullseye", None)).unwrap();
    assert_eq!(life(&r), 6);
    assert!(r.state().heroes.iter().all(|h| h.life == 9));
}

#[test]
fn camera_readings_that_make_no_sense_are_refused() {
    let mut r = fight(party(), json!({}));
    assert_eq!(r.refused(throw("red", "blank", "score", None)).rule, "Hit");
    assert_eq!(
        r.refused(throw("red", "blank", "hole", Some(3))).rule,
        "Hit"
    );
    assert_eq!(
        r.refused(throw("red", "blank", "score", Some(0))).rule,
        "Hit"
    );
    assert_eq!(
        r.refused(throw("red", "blank", "web", None)).rule,
        "Spider webs"
    );
    assert_eq!(
        r.refused(throw("red", "blank", "treasure", None)).rule,
        "Templates"
    );
    let turn = r.refused(json!({"type": "throw", "hero": 0, "die": "red", "face": "blank", "landing": {"value": 2, "kind": "score"}}));
    assert!(turn.rule.contains("clockwise"), "{turn:?}");
    assert_eq!(
        r.refused(throw("pendulum", "blank", "score", Some(2))).rule,
        "Special dice"
    );
}

#[test]
fn white_dice_only_once_the_colour_dice_are_spent_and_retrieving_costs_the_level() {
    let mut r = fight(party(), json!({"level": 1}));
    let early = r.refused(score("white", 1));
    assert_eq!(early.rule, "Running out of colored dice");
    assert_eq!(
        r.refused(json!({"type": "retrieve_dice"})).rule,
        "Running out of colored dice"
    );
    r.exec(score("red", 1)).unwrap();
    r.exec(score("green", 1)).unwrap();
    r.exec(score("blue", 1)).unwrap();
    assert_eq!(
        r.refused(score("red", 1)).rule,
        "Combat: each die can be thrown just once per combat"
    );
    r.exec(json!({"type": "retrieve_dice"})).unwrap();
    assert!(
        r.state().heroes.iter().all(|h| h.life == 8),
        "every hero suffers the monster's level (1)"
    );
    r.exec(score("red", 1)).unwrap();
    assert_eq!(life(&r), 16);
    // Spend the chest's two white dice after the pool is empty again.
    r.exec(score("green", 1)).unwrap();
    r.exec(score("blue", 1)).unwrap();
    r.exec(score("white", 1)).unwrap();
    r.exec(score("white", 1)).unwrap();
    assert_eq!(r.state().chest.white_dice, 0);
    assert_eq!(r.refused(score("white", 1)).rule, "White bonus dice");
}

#[test]
fn insta_kill_on_bullseye_with_icon_is_an_epic_shot() {
    let mut r = fight(party(), json!({"life": 40, "gold": 2}));
    let gold = r.state().chest.gold;
    // Lianna's blue icon (Death List) cannot fit an untyped monster: no choice, resolves at once.
    let ev = r.exec(throw("blue", "icon", "bullseye", None)).unwrap();
    assert!(ev.contains(&Event::InstaKill { hero: 1 }));
    assert!(ev.contains(&Event::MonsterDefeated { epic_shot: true }));
    assert_eq!(
        r.state().chest.gold,
        gold + 1 + 2,
        "Epic Shot bonus + reward"
    );
}

#[test]
fn epic_shot_needs_minus_three_or_less() {
    for (hit, epic) in [(4, false), (5, true)] {
        let mut r = fight(party(), json!({"life": 2, "gold": 4}));
        let gold = r.state().chest.gold;
        r.exec(score("red", hit)).unwrap();
        let s = r.state();
        assert_eq!(s.chest.gold, gold + 4 + u32::from(epic), "hit {hit}");
    }
}

#[test]
fn all_heroes_fainted_loses_and_the_game_then_refuses_everything() {
    let mut r = fight(party(), json!({"damage": 9}));
    r.exec(throw("red", "blank", "outside", None)).unwrap();
    r.exec(throw("green", "blank", "outside", None)).unwrap();
    let ev = r.exec(throw("blue", "blank", "outside", None)).unwrap();
    let Some(Event::GameOver { ending }) = ev.last() else {
        panic!("game over expected: {ev:?}")
    };
    assert!(!ending.won);
    assert!(ending.reason.contains("fainted"));
    assert_eq!(
        r.refused(json!({"type": "retrieve_dice"})).rule,
        "End of the game"
    );
}

#[test]
fn fainted_heroes_are_skipped_and_scarred_at_rest() {
    let mut r = fight(party(), json!({"damage": 9, "life": 6}));
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Lianna faints
    assert!(r.state().heroes[1].fainted);
    r.exec(score("green", 1)).unwrap(); // Mary
    r.exec(score("blue", 1)).unwrap(); // Saul
    assert_eq!(active(&r), 2, "Lianna is skipped");
    r.exec(score("white", 5)).unwrap(); // Mary finishes it
    assert!(matches!(r.state().phase, Phase::Resting(_)));
    assert_eq!(r.state().leader, 2);
    assert_eq!(
        r.refused(json!({"type": "take_scar", "hero": 0, "colour": "red"}))
            .rule,
        "Resting: scars"
    );
    r.exec(json!({"type": "take_scar", "hero": 1, "colour": "green"}))
        .unwrap();
    assert_eq!(r.state().heroes[1].life, 7);
    r.exec(json!({"type": "end_rest"})).unwrap();
}

#[test]
fn a_hero_with_three_scars_who_faints_is_eliminated() {
    let setup = json!({"heroes": ["saul-baysar", {"hero": "lianna-lightbringer", "scars": ["red", "green", "blue"]}, "lady-mary"], "leader": 0});
    let mut r = fight(setup, json!({"damage": 9, "life": 2}));
    assert_eq!(r.state().heroes[1].life, 3, "9 - 3 scars x 2");
    r.exec(throw("red", "blank", "outside", None)).unwrap();
    r.exec(score("green", 3)).unwrap();
    assert!(r.state().heroes[1].eliminated);
    let Phase::Resting(rest) = &r.state().phase else {
        panic!()
    };
    assert!(rest.awaiting_scar.is_empty());
    r.exec(json!({"type": "end_rest"})).unwrap();
    // Eliminated heroes never take a turn again.
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 30, "damage": 1, "gold": 0}})).unwrap();
    assert_eq!(
        active(&r),
        0,
        "left of the leader (Mary) is Saul; Lianna is out"
    );
}

#[test]
fn a_second_scar_on_the_same_colour_is_refused() {
    let setup = json!({"heroes": ["saul-baysar", {"hero": "lianna-lightbringer", "scars": ["red"]}, "lady-mary"], "leader": 0});
    let mut r = fight(setup, json!({"damage": 9, "life": 2}));
    r.exec(throw("red", "blank", "outside", None)).unwrap();
    r.exec(score("green", 3)).unwrap();
    let rf = r.refused(json!({"type": "take_scar", "hero": 1, "colour": "red"}));
    assert!(rf.reason.contains("only 1 scar per colour"), "{rf:?}");
}

#[test]
fn monster_life_adds_room_advantage_and_difficulty() {
    let mut setup = party();
    setup["difficulty"] = json!("hard");
    let mut r = start(setup);
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}))
        .unwrap();
    assert_eq!(life(&r), 2 + 4 + 3);
    let mut setup = party();
    setup["monster_life_bonus"] = json!(5);
    let r = fight(setup, json!({"life": 10}));
    assert_eq!(life(&r), 15);
}

#[test]
fn the_monster_deck_goes_by_level() {
    let mut r = start(party());
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    let wrong = r.refused(json!({"type": "reveal_monster", "card": {"name": "Ogre", "level": 2, "life": 9, "damage": 2, "gold": 2}}));
    assert!(wrong.reason.contains("level 1"), "{wrong:?}");
    let missing =
        r.refused(json!({"type": "reveal_monster", "card": {"name": "Ogre", "level": 1}}));
    assert!(missing.reason.contains("life"), "{missing:?}");
}

#[test]
fn backing_down_shames_every_hero_and_draws_the_next_monster() {
    let mut r = fight(party(), json!({"level": 1}));
    r.exec(json!({"type": "back_down"})).unwrap();
    assert!(r.state().heroes.iter().all(|h| h.life == 8));
    assert!(matches!(r.state().phase, Phase::Monster));
    assert_eq!(r.state().next_monster_level(), 1, "two level-1 cards left");
}

#[test]
fn undo_restores_the_state_before_the_last_command() {
    let mut r = fight(party(), json!({}));
    let before = serde_json::to_value(r.state()).unwrap();
    r.exec(score("red", 4)).unwrap();
    assert_ne!(before, serde_json::to_value(r.state()).unwrap());
    r.history.undo().unwrap();
    assert_eq!(before, serde_json::to_value(r.state()).unwrap());
}

#[test]
fn throwable_dice_follow_the_pool_and_the_chest() {
    use tw_dungeon_fighter::model::Die;
    let mut r = fight(party(), json!({"special_dice": ["pendulum"]}));
    assert_eq!(
        r.state().throwable_dice(),
        vec![Die::Red, Die::Green, Die::Blue, Die::Pendulum]
    );
    r.exec(score("red", 1)).unwrap();
    r.exec(score("green", 1)).unwrap();
    r.exec(score("blue", 1)).unwrap();
    assert_eq!(r.state().throwable_dice(), vec![Die::Pendulum]);
    r.exec(score("pendulum", 1)).unwrap();
    assert_eq!(r.state().throwable_dice(), vec![Die::White]);
    assert_eq!(Die::try_from(tw_rules::DieColor::White), Ok(Die::White));
    assert!(Die::try_from(tw_rules::DieColor::Black)
        .unwrap_err()
        .contains("black"));
}

/// Insta-kill (rulebook l.325): "If a die lands in the bullseye showing the
/// special icon ... the Monster is immediately defeated" — but only a valid
/// throw lands: a throw that breaks a Specific Throw Requirement "counts as
/// a Miss" (Miss, l.289), even in the bullseye with the icon up.
#[test]
fn insta_kill_needs_a_valid_throw_a_failed_requirement_is_a_miss() {
    let mut r = fight(party(), json!({"life": 40, "damage": 2}));
    let mut t = throw("blue", "icon", "bullseye", None);
    t["requirement_failed"] = json!(true);
    let ev = r.exec(t).unwrap();
    assert!(!ev.iter().any(|e| matches!(e, Event::InstaKill { .. })));
    assert_eq!(life(&r), 40, "no damage from a Miss");
    assert_eq!(r.state().heroes[1].life, 7, "Lianna takes the strike back");
    assert!(matches!(r.state().phase, Phase::Combat));
}

/// Moving on (l.397-398) and 2 • Combat (l.211): the hero who threw the
/// last die takes the Leader token, and the next combat starts with the
/// hero to the left of that new Leader.
#[test]
fn turn_order_the_next_combat_starts_left_of_whoever_threw_the_last_die() {
    let mut r = fight(party(), json!({"life": 4}));
    assert_eq!(active(&r), 1, "Lianna sits left of the leader Saul");
    r.exec(score("red", 1)).unwrap();
    r.exec(score("green", 3)).unwrap(); // Lady Mary (2) finishes it
    assert_eq!(r.state().leader, 2);
    r.exec(json!({"type": "end_rest"})).unwrap();
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 9, "damage": 1, "gold": 0}})).unwrap();
    assert_eq!(active(&r), 0, "Saul sits left of Lady Mary");
}

/// Running out of colored dice (l.253): retrieving costs "the entire
/// party" the monster's level, then "the Active Hero proceeds with the Combat
/// phase as normal": the same hero throws next. A fainted hero, already at 0,
/// loses nothing more and stays down.
#[test]
fn running_out_of_dice_the_retriever_keeps_the_turn_and_the_fainted_stay_down() {
    let mut r = fight(party(), json!({"damage": 9, "level": 1}));
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Lianna faints
    r.exec(score("green", 1)).unwrap(); // Lady Mary
    r.exec(score("blue", 1)).unwrap(); // Saul
    assert_eq!(active(&r), 2, "Lianna is skipped: Lady Mary");
    r.exec(json!({"type": "retrieve_dice"})).unwrap();
    let s = r.state();
    assert_eq!(
        (s.heroes[0].life, s.heroes[1].life, s.heroes[2].life),
        (8, 0, 8)
    );
    assert!(s.heroes[1].fainted);
    assert_eq!(active(&r), 2, "Lady Mary proceeds with her turn");
    r.exec(score("red", 1)).unwrap();
    assert_eq!(active(&r), 0);
}
