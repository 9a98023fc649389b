//! Hero Down! and spendables used "immediately before a Hero faints"
//! (Combat: Hero Down!; Equipment: Spendables).

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::event::Event;
use tw_dungeon_fighter::model::{AfterFaint, Phase};

fn potion(name: &str, amount: u32) -> Value {
    json!({"name": name, "kind": "spendable", "effect": "heal_hero", "amount": amount})
}

/// Saul (life 2, with `saul`) and Lady Mary (with `mary`); Mary leads, so
/// Saul throws first. The monster strikes back for 3 on a Miss.
fn duel(saul: Value, mary: Value) -> Run {
    fight(
        json!({"heroes": [{"hero": "saul-baysar", "life": 2, "equipment": saul},
                          {"hero": "lady-mary", "equipment": mary}], "leader": 1}),
        json!({"damage": 3}),
    )
}

fn miss() -> Value {
    throw("red", "blank", "outside", None)
}

fn fainting(r: &Run) -> Option<(Vec<usize>, AfterFaint)> {
    r.state()
        .combat
        .as_ref()
        .and_then(|c| c.fainting.as_ref())
        .map(|f| (f.heroes.clone(), f.then))
}

/// "Spendables ... can be used at anytime, even by non-Active Heroes or
/// immediately before a Hero faints." A Miss takes Saul to 0: the game waits,
/// and his potion keeps him in the fight.
#[test]
fn spendables_a_potion_drunk_before_fainting_saves_the_hero() {
    let mut r = duel(json!([potion("Potion", 4)]), json!([]));
    let ev = r.exec(miss()).unwrap();
    assert!(ev.contains(&Event::FaintPending {
        heroes: vec![0],
        then: AfterFaint::EndOfThrow
    }));
    assert!(!ev.iter().any(|e| matches!(e, Event::HeroFainted { .. })));
    let hero = &r.state().heroes[0];
    assert_eq!((hero.life, hero.fainted), (0, false));
    assert_eq!(active(&r), 0, "the turn waits with the faint");
    assert!(r.state().throwable_dice().is_empty());
    // The view (the state as JSON) shows who is about to faint.
    let view = serde_json::to_value(r.state()).unwrap();
    assert_eq!(
        view["combat"]["fainting"],
        json!({"heroes": [0], "then": "end_of_throw"})
    );

    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 0}))
        .unwrap();
    assert!(ev.contains(&Event::FaintAverted { hero: 0 }));
    assert!(ev.contains(&Event::TurnPassed { to: 1 }));
    let hero = &r.state().heroes[0];
    assert_eq!((hero.life, hero.fainted), (4, false));
    assert_eq!(fainting(&r), None);
    r.exec(score("green", 3)).unwrap(); // Mary plays on
}

/// "Any time a Hero has less than 1 life point, they faint ... and cannot
/// act again during that combat." Accepting the faint fells Saul; his unused
/// potion is now out of his reach for this combat.
#[test]
fn hero_down_accepting_the_faint_fells_the_hero_and_passes_the_turn() {
    let mut r = duel(json!([potion("Potion", 4)]), json!([]));
    let no_window = r.refused(json!({"type": "accept_faint"}));
    assert_eq!(no_window.rule, "Hero Down!");
    assert!(no_window.reason.contains("no hero is about to faint"));
    r.exec(miss()).unwrap();
    let ev = r.exec(json!({"type": "accept_faint"})).unwrap();
    assert_eq!(ev[0], Event::HeroFainted { hero: 0 });
    assert!(ev.contains(&Event::TurnPassed { to: 1 }));
    assert!(r.state().heroes[0].fainted);
    assert_eq!(fainting(&r), None);
    let late = r.refused(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 0}));
    assert_eq!(late.rule, "Hero Down!");
    assert!(late.reason.contains("has fainted"), "{late}");
}

/// While a hero is about to faint only a spendable or the faint itself goes:
/// no throw, no retrieving dice, no relic, no backing down.
#[test]
fn hero_down_other_commands_wait_for_the_faint() {
    let mut r = duel(json!([potion("Potion", 4)]), json!([]));
    r.exec(miss()).unwrap();
    for c in [
        score("green", 3),
        json!({"type": "retrieve_dice"}),
        json!({"type": "back_down"}),
        json!({"type": "template_flip_failed"}),
        json!({"type": "use_item", "item": "Skull Bell"}),
    ] {
        let refusal = r.refused(c.clone());
        assert_eq!(refusal.rule, "Hero Down!", "{c}");
        assert!(
            refusal.reason.contains("Saul Baysar about to faint"),
            "{c}: {refusal}"
        );
    }
}

/// "even by non-Active Heroes": Lady Mary's potion saves Saul.
#[test]
fn spendables_another_hero_may_spend_for_the_one_about_to_faint() {
    let mut r = duel(json!([]), json!([potion("Tonic", 2)]));
    r.exec(miss()).unwrap();
    assert_eq!(fainting(&r), Some((vec![0], AfterFaint::EndOfThrow)));
    r.exec(json!({"type": "use_item", "hero": 1, "item": "Tonic", "target": 0}))
        .unwrap();
    assert_eq!(r.state().heroes[0].life, 2);
    assert!(!r.state().heroes[0].fainted);
    assert_eq!(active(&r), 1);
}

/// With no spendable in the party there is nothing to wait for.
#[test]
fn hero_down_without_spendables_the_hero_faints_at_once() {
    let mut r = duel(json!([]), json!([]));
    let ev = r.exec(miss()).unwrap();
    assert!(ev.contains(&Event::HeroFainted { hero: 0 }));
    assert!(!ev.iter().any(|e| matches!(e, Event::FaintPending { .. })));
    assert_eq!(fainting(&r), None);
    assert_eq!(active(&r), 1);
}

/// A spendable that heals nobody does not save; once the party has no
/// spendable left, the faint happens by itself.
#[test]
fn spendables_the_window_closes_when_none_is_left() {
    let purse = json!({"name": "Purse", "kind": "spendable", "effect": "gold", "amount": 2});
    let mut r = duel(json!([purse, potion("Potion", 1)]), json!([]));
    r.exec(miss()).unwrap();
    let gold = r.state().chest.gold;
    r.exec(json!({"type": "use_item", "hero": 0, "item": "Purse"}))
        .unwrap();
    assert_eq!(r.state().chest.gold, gold + 2);
    assert_eq!(
        fainting(&r),
        Some((vec![0], AfterFaint::EndOfThrow)),
        "the potion is still there"
    );
    // The potion goes to Lady Mary (full life: heals nothing), the last spendable.
    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 1}))
        .unwrap();
    assert!(ev.contains(&Event::HeroFainted { hero: 0 }));
    assert!(r.state().heroes[0].fainted);
    assert_eq!(active(&r), 1);
}

/// A spendable's damage may still win the fight before the hero faints; the
/// hero at 0 faints all the same and takes a scar at rest.
#[test]
fn spendables_a_bomb_before_fainting_can_win_but_the_hero_still_faints() {
    let bomb =
        json!({"name": "Bomb", "kind": "spendable", "effect": "damage_monster", "amount": 20});
    let mut r = duel(json!([bomb]), json!([]));
    r.exec(miss()).unwrap();
    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Bomb"}))
        .unwrap();
    assert!(ev.contains(&Event::HeroFainted { hero: 0 }));
    let Phase::Resting(rest) = &r.state().phase else {
        panic!("the monster fell: {:?}", r.state().phase)
    };
    assert_eq!(rest.awaiting_scar, vec![0]);
}

/// Retrieving the dice can fell several heroes at once; each is settled on
/// its own. Saul's potion saves Lady Mary; with no spendable left, Saul faints.
#[test]
fn hero_down_retrieving_dice_settles_every_hero_about_to_faint() {
    let mut r = fight(
        json!({"heroes": [{"hero": "saul-baysar", "life": 1, "equipment": [potion("Potion", 2)]},
                          {"hero": "lady-mary", "life": 1}], "leader": 1}),
        json!({"damage": 0, "level": 1}),
    );
    r.exec(score("red", 1)).unwrap();
    r.exec(score("green", 1)).unwrap();
    r.exec(score("blue", 1)).unwrap();
    r.exec(json!({"type": "retrieve_dice"})).unwrap();
    assert_eq!(fainting(&r), Some((vec![0, 1], AfterFaint::OtherDamage)));
    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 1}))
        .unwrap();
    assert!(ev.contains(&Event::FaintAverted { hero: 1 }));
    assert!(ev.contains(&Event::HeroFainted { hero: 0 }));
    assert_eq!(
        (r.state().heroes[0].fainted, r.state().heroes[1].life),
        (true, 2)
    );
    assert!(matches!(r.state().phase, Phase::Combat));
    assert_eq!(active(&r), 1, "Lady Mary, still standing, keeps the turn");
}

/// Backing down: a potion keeps a hero up and the monster leaves; letting
/// everyone faint loses the game.
#[test]
fn hero_down_backing_down_waits_for_the_faint_too() {
    let setup = || {
        json!({"heroes": [{"hero": "saul-baysar", "life": 1, "equipment": [potion("Potion", 2)]},
                          {"hero": "lady-mary", "life": 1}], "leader": 1})
    };
    let mut r = fight(setup(), json!({"level": 1}));
    r.exec(json!({"type": "back_down"})).unwrap();
    assert_eq!(fainting(&r), Some((vec![0, 1], AfterFaint::BackDown)));
    r.exec(json!({"type": "accept_faint"})).unwrap();
    let Phase::Over(end) = &r.state().phase else {
        panic!("everyone fainted: {:?}", r.state().phase)
    };
    assert!(!end.won);

    let mut r = fight(setup(), json!({"level": 1}));
    r.exec(json!({"type": "back_down"})).unwrap();
    let ev = r
        .exec(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 0}))
        .unwrap();
    assert!(ev.contains(&Event::HeroFainted { hero: 1 }));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::MonsterSentAway { .. })));
    assert!(matches!(r.state().phase, Phase::Monster));
    assert_eq!(r.state().heroes[0].life, 2);
}
