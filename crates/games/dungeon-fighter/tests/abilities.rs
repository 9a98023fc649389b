//! Hero abilities activated by the die icon (page 16 and page 18).

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::model::{Ability, Phase};
use tw_dungeon_fighter::Event;

fn offered(ev: &[Event]) -> Vec<Ability> {
    match ev.last() {
        Some(Event::AbilityOffered { pending }) => pending.options.clone(),
        _ => Vec::new(),
    }
}

fn use_(a: &str) -> Value {
    json!({"type": "use_ability", "ability": a})
}

/// `first` throws first (the leader sits to their right).
fn party_with(first: Value, others: &[&str], monster: Value) -> Run {
    let mut heroes = vec![first];
    heroes.extend(others.iter().map(|h| json!(h)));
    let n = heroes.len();
    fight(json!({"heroes": heroes, "leader": n - 1}), monster)
}

#[test]
fn agile_instincts_dodges_a_miss_and_deals_two_without_weapon_bonus() {
    let mut r = party_with(
        json!({"hero": "saul-baysar", "equipment": [{"name": "Spluttering Stick"}]}),
        &["lady-mary"],
        json!({"damage": 4}),
    );
    let mut t = throw("red", "icon", "outside", None);
    t["weapons"] = json!(["Spluttering Stick"]);
    let ev = r.exec(t).unwrap();
    assert_eq!(offered(&ev), vec![Ability::AgileInstincts]);
    r.exec(use_("agile_instincts")).unwrap();
    assert_eq!(r.state().heroes[0].life, 9);
    assert_eq!(life(&r), 18);
    // On a hit it cannot activate: no choice is offered, the throw resolves.
    let mut r = party_with(json!("saul-baysar"), &["lady-mary"], json!({}));
    let ev = r.exec(throw("red", "icon", "score", Some(3))).unwrap();
    assert!(offered(&ev).is_empty());
    assert_eq!(life(&r), 17);
}

#[test]
fn piercing_adds_two_and_only_on_a_hit() {
    let mut r = party_with(json!("lianna-lightbringer"), &["lady-mary"], json!({}));
    let ev = r.exec(throw("red", "icon", "score", Some(3))).unwrap();
    assert_eq!(offered(&ev), vec![Ability::PiercingDamage]);
    let wrong = r.refused(use_("self_healing"));
    assert_eq!(wrong.rule, "Activating the die icon");
    let other = r.refused(score("green", 1));
    assert_eq!(
        other.rule, "Activating the die icon",
        "the pending icon must be settled first"
    );
    r.exec(use_("piercing_damage")).unwrap();
    assert_eq!(life(&r), 15);
}

#[test]
fn focused_damage_counts_the_section_as_five() {
    let mut r = party_with(json!("sir-moo"), &["lady-mary"], json!({}));
    r.exec(throw("green", "icon", "score", Some(1))).unwrap();
    r.exec(use_("focused_damage")).unwrap();
    assert_eq!(life(&r), 15);
}

#[test]
fn sworn_enemy_is_four_against_its_type_and_one_otherwise() {
    for (kind, dealt) in [("undead", 2 + 4), ("beast", 2 + 1)] {
        let mut r = party_with(json!("sir-moo"), &["lady-mary"], json!({"type": kind}));
        r.exec(throw("red", "icon", "score", Some(2))).unwrap();
        r.exec(use_("sworn_enemy")).unwrap();
        assert_eq!(life(&r), 20 - dealt, "{kind}");
    }
}

#[test]
fn self_healing_resolves_before_the_counter_attack() {
    // 8 life: healed to 9 (the top of the track), then the miss costs 2.
    let mut r = party_with(
        json!({"hero": "lianna-lightbringer", "life": 8}),
        &["lady-mary"],
        json!({"damage": 2}),
    );
    r.exec(throw("green", "icon", "hole", None)).unwrap();
    r.exec(use_("self_healing")).unwrap();
    assert_eq!(r.state().heroes[0].life, 7);
}

#[test]
fn heal_party_heals_every_standing_hero_by_one() {
    let mut r = fight(
        json!({"heroes": ["lady-mary", {"hero": "lianna-lightbringer", "life": 2}, "saul-baysar"], "leader": 2}),
        json!({"damage": 3}),
    );
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Mary 6
    r.exec(throw("blue", "blank", "outside", None)).unwrap(); // Lianna faints
    r.exec(throw("green", "blank", "outside", None)).unwrap(); // Saul 6
    let ev = r.exec(throw("white", "icon", "score", Some(1))).unwrap(); // Mary: any of her abilities
    assert_eq!(
        offered(&ev),
        vec![Ability::ReThrow, Ability::HealParty, Ability::Charming]
    );
    r.exec(use_("heal_party")).unwrap();
    let lives: Vec<u32> = r.state().heroes.iter().map(|h| h.life).collect();
    assert_eq!(
        lives,
        vec![7, 0, 7],
        "a fainted hero is not healed back into the fight"
    );
}

#[test]
fn charming_keeps_the_monster_for_a_later_combat() {
    let mut r = party_with(
        json!("lady-mary"),
        &["saul-baysar"],
        json!({"life": 3, "level": 1}),
    );
    r.exec(throw("blue", "icon", "score", Some(1))).unwrap();
    r.exec(use_("charming")).unwrap();
    assert_eq!(r.state().combat.as_ref().unwrap().charm_on_monster, Some(0));
    r.exec(score("red", 5)).unwrap();
    assert_eq!(r.state().heroes[0].charmed.len(), 1);
    assert_eq!(r.state().heroes[0].charmed[0].level, 1);
    r.exec(json!({"type": "end_rest"})).unwrap();
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 9, "damage": 1, "gold": 0}})).unwrap();
    let bad = r.refused(json!({"type": "discard_charmed", "hero": 1, "monster": "Bat"}));
    assert_eq!(bad.rule, "Charming");
    r.exec(json!({"type": "discard_charmed", "hero": 0, "monster": "bat"}))
        .unwrap();
    assert_eq!(life(&r), 8);
    assert!(r.state().heroes[0].charmed.is_empty());
}

#[test]
fn divine_intervention_heals_the_chosen_hero_by_the_damage_dealt() {
    let mut r = fight(
        json!({"heroes": ["sir-moo", {"hero": "lianna-lightbringer", "life": 2}], "leader": 1}),
        json!({}),
    );
    r.exec(throw("blue", "icon", "score", Some(4))).unwrap();
    assert_eq!(
        r.refused(use_("divine_intervention")).rule,
        "Divine Intervention"
    );
    r.exec(json!({"type": "use_ability", "ability": "divine_intervention", "target": 1}))
        .unwrap();
    assert_eq!(life(&r), 16);
    assert_eq!(r.state().heroes[1].life, 6);
}

#[test]
fn death_list_tokens_add_three_once_per_type() {
    let mut r = party_with(
        json!("lianna-lightbringer"),
        &["lady-mary"],
        json!({"type": "undead"}),
    );
    let ev = r.exec(throw("blue", "icon", "score", Some(2))).unwrap();
    assert_eq!(offered(&ev), vec![Ability::DeathList]);
    r.exec(use_("death_list")).unwrap();
    assert_eq!(life(&r), 15);
    assert!(!r.state().heroes[0]
        .death_list
        .contains(&"undead".to_string()));
    assert_eq!(r.state().heroes[0].death_list.len(), 5);
    r.exec(json!({"type": "retrieve_dice"})).unwrap_err();
}

#[test]
fn spirit_energy_shares_the_level_plus_one() {
    let mut r = fight(
        json!({"heroes": [{"hero": "saul-baysar", "life": 5}, {"hero": "lady-mary", "life": 5}], "leader": 1}),
        json!({"level": 1}),
    );
    r.exec(throw("blue", "icon", "outside", None)).unwrap();
    let short = r.refused(json!({"type": "use_ability", "ability": "spirit_energy", "heals": [{"hero": 0, "amount": 1}]}));
    assert!(short.reason.contains("exactly 2"), "{short:?}");
    r.exec(json!({"type": "use_ability", "ability": "spirit_energy", "heals": [{"hero": 0, "amount": 1}, {"hero": 1, "amount": 1}]}))
        .unwrap();
    // Saul: 5 + 1, then the miss costs 2.
    assert_eq!((r.state().heroes[0].life, r.state().heroes[1].life), (4, 6));
}

#[test]
fn spirit_energy_is_offered_as_an_amount_per_hero_and_an_empty_amount_heals_nobody() {
    use tw_rules::Game;
    let mut r = fight(
        json!({"heroes": [{"hero": "saul-baysar", "life": 5}, {"hero": "lady-mary", "life": 5}], "leader": 1}),
        json!({"level": 1}),
    );
    r.exec(throw("blue", "icon", "outside", None)).unwrap();
    let offer = tw_dungeon_fighter::DungeonFighter::offers(r.state())
        .into_iter()
        .find(|o| o.key == "use_spirit_energy")
        .expect("Spirit Energy offered");
    assert_eq!(offer.fill, ["heals.0.amount", "heals.1.amount"]);
    let labels: Vec<_> = offer.fill.iter().map(|p| offer.inputs[p].label.clone().unwrap()).collect();
    assert_eq!(labels, ["Saul Baysar: life healed", "Lady Mary: life healed"]);
    // The form fills Lady Mary's 2 and leaves Saul's empty (the field is dropped).
    let mut cmd = offer.command.clone();
    cmd["heals"][1]["amount"] = json!(2);
    cmd["heals"][0].as_object_mut().unwrap().remove("amount");
    r.exec(cmd).unwrap();
    // Saul: 5, then the miss costs 2; Lady Mary 5 + 2.
    assert_eq!((r.state().heroes[0].life, r.state().heroes[1].life), (3, 7));
}

#[test]
fn white_die_icon_offers_any_unscarred_ability_and_scars_silence_a_colour() {
    let setup = json!({"heroes": [{"hero": "lianna-lightbringer", "scars": ["green"]}, "lady-mary"], "leader": 1});
    let mut r = fight(setup, json!({"type": "undead"}));
    // Red icon: Piercing (unscarred).
    let ev = r.exec(throw("green", "icon", "score", Some(1))).unwrap();
    assert!(
        offered(&ev).is_empty(),
        "green is scarred: nothing to choose"
    );
    r.exec(score("red", 1)).unwrap(); // Mary
    r.exec(score("blue", 1)).unwrap(); // Lianna
    r.exec(score("white", 1)).unwrap(); // Mary
    let ev = r.exec(throw("white", "icon", "score", Some(1))).unwrap();
    assert_eq!(
        offered(&ev),
        vec![Ability::PiercingDamage, Ability::DeathList]
    );
}

#[test]
fn re_throwing_a_white_die_does_not_spend_another() {
    let mut r = party_with(json!("lady-mary"), &["saul-baysar"], json!({}));
    for d in ["red", "green", "blue"] {
        r.exec(score(d, 1)).unwrap();
    }
    assert_eq!(active(&r), 1);
    r.exec(score("white", 1)).unwrap(); // Saul
    let ev = r.exec(throw("white", "icon", "outside", None)).unwrap(); // Mary
    assert!(offered(&ev).contains(&Ability::ReThrow));
    r.exec(use_("re_throw")).unwrap();
    assert_eq!(r.state().chest.white_dice, 0);
    r.exec(score("white", 2)).unwrap();
    assert_eq!(life(&r), 20 - 6);
    assert!(matches!(r.state().phase, Phase::Combat));
}

/// Charming (l.654) lets Lady Mary discard a Charmed Monster "at any time
/// during a later combat", but Hero Down! (l.295) says a fainted hero
/// "cannot act again during that combat": once she faints, her charmed
/// monsters wait for the next combat.
#[test]
fn charming_a_fainted_lady_mary_cannot_discard_a_charmed_monster() {
    let mut r = party_with(
        json!({"hero": "lady-mary", "life": 1, "charmed": [{"name": "Classy Orc", "level": 2}]}),
        &["saul-baysar"],
        json!({"damage": 2}),
    );
    r.exec(throw("red", "blank", "outside", None)).unwrap();
    assert!(r.state().heroes[0].fainted);
    let no = r.refused(json!({"type": "discard_charmed", "hero": 0, "monster": "Classy Orc"}));
    assert_eq!(no.rule, "Hero Down!");
    assert_eq!(life(&r), 20);
    assert_eq!(r.state().heroes[0].charmed.len(), 1, "kept for later");
}

/// Death Touch (l.694) fells a hero whose die falls in a hole; Re-throw
/// (l.579) says "Ignore the result from the first throw". Reading: the
/// hole is part of that ignored result, so Lady Mary re-throws and stays up.
#[test]
fn re_throw_ignores_a_death_touch_hole() {
    let mut r = party_with(
        json!("lady-mary"),
        &["saul-baysar"],
        json!({"ability": "death_touch", "damage": 1}),
    );
    let ev = r.exec(throw("red", "icon", "hole", None)).unwrap();
    assert_eq!(offered(&ev), vec![Ability::ReThrow]);
    r.exec(use_("re_throw")).unwrap();
    assert!(!r.state().heroes[0].fainted);
    r.exec(score("red", 2)).unwrap();
    assert_eq!((life(&r), r.state().heroes[0].life), (18, 9));
    // Without the re-throw the hole fells her.
    let mut r = party_with(
        json!("lady-mary"),
        &["saul-baysar"],
        json!({"ability": "death_touch", "damage": 1}),
    );
    r.exec(throw("red", "icon", "hole", None)).unwrap();
    r.exec(json!({"type": "skip_ability"})).unwrap();
    assert!(r.state().heroes[0].fainted);
}

/// Agile Instincts (l.575) is "Activated only when the Hero Misses": the
/// throw stays a Miss, so a Toxic monster (l.696, "The first time a Hero
/// Misses") still costs the party a white die though the hero takes no damage.
#[test]
fn agile_instincts_dodges_the_damage_but_the_miss_still_feeds_toxic() {
    let mut r = party_with(
        json!("saul-baysar"),
        &["lady-mary"],
        json!({"ability": "toxic", "damage": 4}),
    );
    r.exec(throw("red", "icon", "outside", None)).unwrap();
    r.exec(use_("agile_instincts")).unwrap();
    let s = r.state();
    assert_eq!((s.heroes[0].life, life(&r), s.chest.white_dice), (9, 18, 1));
}
