//! Equipment, relics, templates, spider webs, special dice and monster abilities.

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::model::Phase;
use tw_dungeon_fighter::Event;

fn armed(equipment: Value, monster: Value) -> Run {
    fight(
        json!({"heroes": [{"hero": "saul-baysar", "equipment": equipment}, "lady-mary"], "leader": 1}),
        monster,
    )
}

fn with(mut t: Value, k: &str, v: Value) -> Value {
    t[k] = v;
    t
}

#[test]
fn weapons_combine_on_a_hit_and_do_nothing_on_a_miss() {
    let eq = json!([{"name": "Spluttering Stick"}, {"name": "Bone Club", "kind": "weapon", "bonus": 3, "requirement": "ear"}]);
    let mut r = armed(eq.clone(), json!({"damage": 1}));
    r.exec(with(
        score("red", 2),
        "weapons",
        json!(["Spluttering Stick", "Bone Club"]),
    ))
    .unwrap();
    assert_eq!(life(&r), 20 - 7);
    r.exec(score("green", 1)).unwrap();
    r.exec(with(
        throw("blue", "blank", "outside", None),
        "weapons",
        json!(["Bone Club"]),
    ))
    .unwrap();
    assert_eq!(life(&r), 20 - 8);
    let mut r = armed(eq, json!({}));
    let twice = r.refused(with(
        score("red", 2),
        "weapons",
        json!(["Bone Club", "Bone Club"]),
    ));
    assert_eq!(twice.rule, "Equipment: weapons");
    let not_his = r.refused(with(score("red", 2), "weapons", json!(["Excalibur"])));
    assert!(not_his.reason.contains("no weapon named Excalibur"));
}

#[test]
fn a_hero_cannot_carry_two_weapons_of_the_same_name() {
    let setup = json!({"heroes": [{"hero": "saul-baysar", "equipment": [{"name": "Spluttering Stick"}, {"name": "Spluttering Stick"}]}, "lady-mary"]});
    let s: tw_dungeon_fighter::Setup = serde_json::from_value(setup).unwrap();
    let r = tw_rules::History::<tw_dungeon_fighter::DungeonFighter>::new(&s).unwrap_err();
    assert_eq!(r.rule, "Equipment: weapons");
}

#[test]
fn armour_prevents_damage_once_per_combat() {
    let mut r = armed(
        json!([{"name": "Tin Helmet", "kind": "armour", "prevent": 2}]),
        json!({"damage": 3}),
    );
    r.exec(with(
        throw("red", "blank", "outside", None),
        "armour",
        json!("Tin Helmet"),
    ))
    .unwrap();
    assert_eq!(r.state().heroes[0].life, 8);
    r.exec(score("green", 1)).unwrap();
    let again = r.refused(with(
        throw("blue", "blank", "outside", None),
        "armour",
        json!("Tin Helmet"),
    ));
    assert!(again.reason.contains("once per combat"));
    // Realigned during the resting phase.
    r.exec(throw("blue", "icon", "bullseye", None)).unwrap();
    r.exec(json!({"type": "skip_ability"})).unwrap(); // Saul's Spirit Energy unused; insta-kill
    assert!(matches!(r.state().phase, Phase::Resting(_)));
    r.exec(json!({"type": "end_rest"})).unwrap();
    assert!(r.state().heroes[0].armour_used.is_empty());
}

#[test]
fn spendables_are_discarded_and_relics_work_once_per_combat() {
    let mut r = armed(
        json!([{"name": "Potion", "kind": "spendable", "effect": "heal_hero", "amount": 4}]),
        json!({"damage": 5}),
    );
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Saul 4
                                                             // Any hero, any time: Lady Mary is active but Saul drinks.
    let no_target = r.refused(json!({"type": "use_item", "hero": 0, "item": "Potion"}));
    assert!(no_target.reason.contains("target"));
    r.exec(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 0}))
        .unwrap();
    assert_eq!(r.state().heroes[0].life, 8);
    assert!(r.state().heroes[0].equipment.is_empty());
    assert_eq!(
        r.refused(json!({"type": "use_item", "hero": 0, "item": "Potion", "target": 0}))
            .rule,
        "Equipment: spendables"
    );

    // A relic bought earlier belongs to the party.
    let mut r = start(
        json!({"heroes": ["saul-baysar", "lady-mary"], "chest": {"gold": 9, "white_dice": 2}}),
    );
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Vault", "shop_icons": 10}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 1, "damage": 1, "gold": 0}})).unwrap();
    r.exec(score("red", 1)).unwrap();
    r.exec(json!({"type": "end_rest"})).unwrap();
    r.exec(json!({"type": "buy_equipment", "card": {"name": "Skull Bell", "kind": "relic", "effect": "damage_monster", "amount": 2, "price": 4}})).unwrap();
    assert_eq!(r.state().chest.gold, 5);
    let outside = r.refused(json!({"type": "use_item", "item": "Skull Bell"}));
    assert_eq!(outside.rule, "Relics");
    r.exec(json!({"type": "leave_shop"})).unwrap();
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 9, "damage": 1, "gold": 0}})).unwrap();
    r.exec(json!({"type": "use_item", "item": "Skull Bell"}))
        .unwrap();
    assert_eq!(life(&r), 7);
    assert!(r
        .refused(json!({"type": "use_item", "item": "Skull Bell"}))
        .reason
        .contains("already used"));
}

#[test]
fn free_equipment_and_moving_equipment_respect_the_sheet_limits() {
    let mut r = start(json!({"heroes": ["saul-baysar", "lady-mary"]}));
    let room = json!({"name": "Armoury", "shop_icons": 1, "free_equipment": true});
    let ask = r.refused(json!({"type": "enter_dungeon", "card": room}));
    assert!(ask.reason.contains("which card and which hero"));
    r.exec(json!({"type": "enter_dungeon", "card": room, "free_equipment": {"hero": 1, "card": {"name": "Spluttering Stick"}}}))
        .unwrap();
    assert_eq!(r.state().heroes[1].equipment[0].name, "Spluttering Stick");
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 1, "damage": 1, "gold": 0}})).unwrap();
    r.exec(score("red", 1)).unwrap();
    r.exec(json!({"type": "move_equipment", "from": 1, "to": 0, "item": "Spluttering Stick"}))
        .unwrap();
    assert_eq!(r.state().heroes[0].equipment.len(), 1);
    assert!(r.state().heroes[1].equipment.is_empty());
}

#[test]
fn dungeon_effects_gold_healing_and_dice_apply_when_revealed() {
    let mut r = start(
        json!({"heroes": [{"hero": "saul-baysar", "life": 4}, "lady-mary"], "chest": {"gold": 0, "white_dice": 8}}),
    );
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Shrine", "shop_icons": 2, "gold_bonus": 3, "heal_party": 2, "gain_dice": 2}}))
        .unwrap();
    let s = r.state();
    assert_eq!(
        (
            s.chest.gold,
            s.chest.white_dice,
            s.heroes[0].life,
            s.heroes[1].life
        ),
        (3, 9, 6, 9),
        "never more than 9 dice"
    );
}

#[test]
fn spider_webs_are_hits_worth_zero_that_cost_a_white_die() {
    let mut r = party_hit(json!({"spider_webs": true}));
    assert_eq!(r.state().combat.as_ref().unwrap().spider_webs, 4);
    r.exec(throw("red", "icon", "web", None)).unwrap();
    r.exec(json!({"type": "use_ability", "ability": "piercing_damage"}))
        .unwrap();
    let s = r.state();
    assert_eq!(
        s.combat.as_ref().unwrap().life,
        18,
        "a Hit of 0, +2 Piercing"
    );
    assert_eq!(s.chest.white_dice, 1);
    assert_eq!(s.combat.as_ref().unwrap().spider_webs, 3);
}

fn party_hit(monster: Value) -> Run {
    fight(
        json!({"heroes": ["lianna-lightbringer", "lady-mary"], "leader": 1}),
        monster,
    )
}

#[test]
fn templates_treasure_compass_and_backstab() {
    let mut r = party_hit(json!({"templates": ["treasure", "compass"]}));
    let gold = r.state().chest.gold;
    r.exec(throw("red", "blank", "treasure", None)).unwrap();
    assert_eq!(r.state().chest.gold, gold + 3);
    assert!(!r
        .state()
        .combat
        .as_ref()
        .unwrap()
        .templates
        .contains(&tw_dungeon_fighter::cards::Template::Treasure));
    assert_eq!(
        r.refused(throw("green", "blank", "treasure", None)).rule,
        "Templates"
    );
    // Compass: the shop icons revealed so far (the Corridor has 3).
    r.exec(throw("green", "blank", "compass", None)).unwrap();
    assert_eq!(life(&r), 17);
    // Backstab flipped in by the players: doubles the section its blade points to.
    r.exec(json!({"type": "place_template", "template": "backstab"}))
        .unwrap();
    r.exec(with(score("blue", 4), "backstab_doubled", json!(true)))
        .unwrap();
    assert_eq!(life(&r), 9);
    r.exec(throw("white", "blank", "backstab", None)).unwrap();
    assert_eq!(life(&r), 9, "on the dagger itself: a Hit of 0");
    assert!(r
        .state()
        .combat
        .as_ref()
        .unwrap()
        .templates
        .iter()
        .all(|t| *t != tw_dungeon_fighter::cards::Template::Backstab));
    let active = active(&r);
    let before = r.state().heroes[active].life;
    r.exec(json!({"type": "template_flip_failed"})).unwrap();
    assert_eq!(r.state().heroes[active].life, before - 1);
}

#[test]
fn death_touch_faints_the_thrower_in_a_hole() {
    let mut r = party_hit(json!({"ability": "death_touch", "damage": 1}));
    r.exec(throw("red", "blank", "hole", None)).unwrap();
    assert!(r.state().heroes[0].fainted);
    let mut r = party_hit(json!({"ability": "death_touch", "damage": 1}));
    r.exec(throw("red", "blank", "outside", None)).unwrap();
    assert_eq!(r.state().heroes[0].life, 8, "only a hole triggers it");
}

#[test]
fn toxic_takes_a_die_on_the_first_miss_and_super_toxic_on_every_miss() {
    for (ability, left) in [("toxic", 1), ("super_toxic", 0)] {
        let mut r = party_hit(json!({"ability": ability, "damage": 1}));
        r.exec(throw("red", "blank", "outside", None)).unwrap();
        r.exec(throw("green", "blank", "outside", None)).unwrap();
        assert_eq!(r.state().chest.white_dice, left, "{ability}");
    }
}

#[test]
fn special_dice_join_the_pool_and_their_icon_acts_like_a_white_die() {
    let mut r = party_hit(json!({"special_dice": ["pendulum"]}));
    for d in ["red", "green", "blue"] {
        r.exec(score(d, 1)).unwrap();
    }
    assert_eq!(
        r.refused(score("white", 1)).rule,
        "Running out of colored dice"
    );
    let ev = r.exec(throw("pendulum", "icon", "score", Some(2))).unwrap();
    let Some(Event::AbilityOffered { pending }) = ev.last() else {
        panic!("{ev:?}")
    };
    assert_eq!(pending.options.len(), 3, "Lady Mary's three abilities");
    r.exec(json!({"type": "skip_ability"})).unwrap();
    assert!(r.state().combat.as_ref().unwrap().pool_empty());
    r.exec(json!({"type": "add_special_die", "die": "destiny_coin"}))
        .unwrap();
    r.exec(score("destiny_coin", 1)).unwrap();
    assert_eq!(life(&r), 20 - 6);
}

/// Toxic (l.696): "The first time a Hero Misses, the party must discard 1
/// white die from the Chest (if they have any)." The first Miss spends the
/// ability even with an empty chest; a die gained later is not taken.
#[test]
fn toxic_is_spent_by_the_first_miss_even_with_an_empty_chest() {
    let mut r = fight(
        json!({"heroes": [
            {"hero": "saul-baysar", "equipment": [{"name": "Dice Bag", "kind": "spendable", "effect": "white_dice", "count": 1}]},
            "lady-mary"], "leader": 1, "chest": {"gold": 0, "white_dice": 0}}),
        json!({"ability": "toxic", "damage": 1}),
    );
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Saul: first Miss
    assert!(r.state().combat.as_ref().unwrap().toxic_spent);
    r.exec(json!({"type": "use_item", "hero": 0, "item": "Dice Bag"}))
        .unwrap();
    assert_eq!(r.state().chest.white_dice, 1);
    r.exec(throw("green", "blank", "outside", None)).unwrap(); // Lady Mary
    assert_eq!(r.state().chest.white_dice, 1, "Toxic acts only once");
}

/// Backstab (l.804) "doubles the value of the Target section its blade is
/// pointing to"; Piercing Damage (l.587) adds 2 "to the value of the
/// section the die lands in". Reading: the blade doubles the printed section,
/// then abilities and weapons add their bonus: 3 x 2 + 2 = 8, not (3 + 2) x 2.
#[test]
fn backstab_doubles_the_printed_section_before_piercing_adds_two() {
    let mut r = party_hit(json!({"templates": ["backstab"]}));
    r.exec(with(
        throw("red", "icon", "score", Some(3)),
        "backstab_doubled",
        json!(true),
    ))
    .unwrap();
    r.exec(json!({"type": "use_ability", "ability": "piercing_damage"}))
        .unwrap();
    assert_eq!(life(&r), 20 - 8);
}

/// Focused Damage (l.595): "Consider the value of the Target board section
/// the die lands on as a 5"; Backstab (l.804) "doubles the value of the
/// Target section its blade is pointing to". Both speak of the section's
/// value: Sir Moo's 1 is worth 5, and the blade doubles it to 10 (it used to
/// count 5, the doubling lost).
#[test]
fn backstab_doubles_the_five_of_focused_damage() {
    let mut r = fight(
        json!({"heroes": ["sir-moo", "lady-mary"], "leader": 1}),
        json!({"templates": ["backstab"]}),
    );
    r.exec(with(
        throw("green", "icon", "score", Some(1)),
        "backstab_doubled",
        json!(true),
    ))
    .unwrap();
    r.exec(json!({"type": "use_ability", "ability": "focused_damage"}))
        .unwrap();
    assert_eq!(life(&r), 20 - 10);
}
