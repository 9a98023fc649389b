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
