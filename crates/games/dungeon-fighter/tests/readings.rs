//! The readings of unclear rules documented in docs/replay-dungeon-fighter.md.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_fighter::model::Phase;
use tw_dungeon_fighter::Event;

#[test]
fn a_charmed_monster_discarded_after_the_throw_counts_toward_the_epic_shot() {
    let setup = json!({"heroes": ["saul-baysar", {"hero": "lady-mary", "charmed": [{"name": "Classy Orc", "level": 2}]}], "leader": 1});
    let mut r = fight(setup, json!({"life": 5, "gold": 1}));
    r.exec(score("red", 4)).unwrap();
    let gold = r.state().chest.gold;
    let ev = r
        .exec(json!({"type": "discard_charmed", "hero": 1, "monster": "Classy Orc"}))
        .unwrap();
    // 5 - 4 - 2 = -1: defeated but not epic.
    assert!(ev.contains(&Event::MonsterDefeated { epic_shot: false }));
    assert_eq!(r.state().chest.gold, gold + 1);
    assert_eq!(r.state().leader, 0, "Saul threw the last die");
}

#[test]
fn the_difficulty_bonus_applies_to_the_boss_and_the_compass_is_worth_five_there() {
    let mut r = start(
        json!({"heroes": ["lianna-lightbringer", "lady-mary"], "leader": 1, "difficulty": "hard"}),
    );
    for _ in 0..3 {
        r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 10}}))
            .unwrap();
        let level = r.state().next_monster_level();
        r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": level, "life": 1, "damage": 1, "gold": 0}})).unwrap();
        let a = active(&r);
        r.exec(json!({"type": "throw", "hero": a, "die": "green", "face": "blank", "landing": {"value": null, "kind": "bullseye"}}))
            .unwrap();
        r.exec(json!({"type": "end_rest"})).unwrap();
        r.exec(json!({"type": "leave_shop"})).unwrap();
    }
    r.exec(json!({"type": "reveal_boss", "card": {"name": "Skulletor", "life": 20, "damage": 1, "templates": ["compass"]}})).unwrap();
    assert_eq!(life(&r), 23);
    let a = active(&r);
    r.exec(json!({"type": "throw", "hero": a, "die": "red", "face": "blank", "landing": {"value": null, "kind": "compass"}})).unwrap();
    assert_eq!(life(&r), 18);
}

#[test]
fn heroes_who_fainted_before_backing_down_stay_down_for_the_next_monster() {
    let mut r = fight(party(), json!({"damage": 9, "level": 1}));
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Lianna faints
    r.exec(json!({"type": "back_down"})).unwrap();
    assert!(matches!(r.state().phase, Phase::Monster));
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 3, "damage": 1, "gold": 0}})).unwrap();
    assert!(r.state().heroes[1].fainted);
    assert_eq!(active(&r), 2, "Lianna is skipped");
    r.exec(score("red", 3)).unwrap();
    let Phase::Resting(rest) = &r.state().phase else {
        panic!()
    };
    assert_eq!(rest.awaiting_scar, vec![1]);
}

/// Epic Shot (l.379): "if the last Hit on the Monster managed to reduce its
/// life to -3 or less". A spendable is no Hit: a bomb that takes the monster
/// from 2 to -3 wins the fight but gives no Epic Shot gold, and (Level Up,
/// l.623, "deals the last Hit") no XP to anyone. The Leader token still goes
/// to Saul, who threw the last die.
#[test]
fn epic_shot_a_spendable_that_finishes_the_monster_is_no_last_hit() {
    let bomb =
        json!({"name": "Bomb", "kind": "spendable", "effect": "damage_monster", "amount": 5});
    let setup = json!({"heroes": [{"hero": "saul-baysar", "equipment": [bomb]}, "lady-mary"],
                       "leader": 1, "level_up_variant": true});
    let mut r = fight(setup, json!({"life": 5, "gold": 1}));
    r.exec(score("red", 3)).unwrap();
    assert_eq!(life(&r), 2);
    let (gold, xp) = (r.state().chest.gold, r.state().heroes[0].xp);
    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Bomb"}))
        .unwrap();
    assert_eq!(r.state().combat.as_ref().unwrap().life, -3);
    assert!(ev.contains(&Event::MonsterDefeated { epic_shot: false }));
    assert_eq!(r.state().chest.gold, gold + 1, "the reward only");
    assert!(!ev.iter().any(|e| matches!(e, Event::XpGained { .. })));
    assert_eq!(r.state().heroes[0].xp, xp);
    assert_eq!(r.state().leader, 0, "Saul threw the last die");
}

/// The combat example (l.467): a charmed monster discarded after a throw
/// "increas[es] the value of the attack", so the thrower still deals the
/// last Hit: 5 - 4 - 4 = -3 is an Epic Shot, and with the Level Up variant
/// Saul gains the XP for it.
#[test]
fn level_up_a_charmed_monster_after_the_throw_leaves_the_last_hit_to_the_thrower() {
    let setup = json!({"heroes": ["saul-baysar", {"hero": "lady-mary", "charmed": [{"name": "Ogre", "level": 4}]}],
                       "leader": 1, "level_up_variant": true});
    let mut r = fight(setup, json!({"life": 5, "gold": 1}));
    r.exec(score("red", 4)).unwrap();
    let (gold, xp) = (r.state().chest.gold, r.state().heroes[0].xp);
    let ev = r
        .exec(json!({"type": "discard_charmed", "hero": 1, "monster": "Ogre"}))
        .unwrap();
    assert!(ev.contains(&Event::MonsterDefeated { epic_shot: true }));
    assert_eq!(r.state().chest.gold, gold + 2, "Epic Shot + reward");
    assert!(ev.contains(&Event::XpGained { hero: 0 }));
    assert_eq!(r.state().heroes[0].xp, xp + 1);
    assert_eq!(r.state().heroes[1].xp, 0, "Lady Mary threw nothing");
}

/// A charmed monster discarded before anyone has thrown is no Hit either.
#[test]
fn epic_shot_a_charmed_monster_before_any_throw_is_no_last_hit() {
    let setup = json!({"heroes": ["saul-baysar", {"hero": "lady-mary", "charmed": [{"name": "Ogre", "level": 4}]}],
                       "leader": 1, "level_up_variant": true});
    let mut r = fight(setup, json!({"life": 1, "gold": 1}));
    let ev = r
        .exec(json!({"type": "discard_charmed", "hero": 1, "monster": "Ogre"}))
        .unwrap();
    assert!(ev.contains(&Event::MonsterDefeated { epic_shot: false }));
    assert!(!ev.iter().any(|e| matches!(e, Event::XpGained { .. })));
}
