//! Setup checks, the Level Up variant, and the JSON face the replay CLI uses.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_fighter::model::{Ability, Phase};
use tw_dungeon_fighter::{DungeonFighter, Setup};
use tw_rules::{DynGame, Game, JsonGame};

fn setup_err(v: serde_json::Value) -> tw_rules::Refusal {
    let s: Setup = serde_json::from_value(v).unwrap();
    DungeonFighter::setup(&s).unwrap_err()
}

#[test]
fn starting_gold_is_players_minus_two_and_a_lone_player_takes_two_heroes() {
    let all = ["saul-baysar", "lianna-lightbringer", "lady-mary", "sir-moo"];
    for n in 2..=4 {
        let r = start(json!({"heroes": all[..n]}));
        assert_eq!(r.state().chest.gold, n as u32 - 2);
        assert_eq!(r.state().chest.white_dice, 2);
    }
    let custom: Vec<_> = (0..6)
        .map(|i| json!({"hero": format!("Guest {i}"), "abilities": {"red": "re_throw", "green": "pickpocket", "blue": "heal_party"}}))
        .collect();
    assert_eq!(
        start(json!({"heroes": custom})).state().chest.gold,
        4,
        "6 heroes with more boxes"
    );
    let solo = start(json!({"heroes": ["saul-baysar", "sir-moo"], "players": 1}));
    assert_eq!((solo.state().players, solo.state().chest.gold), (1, 0));
    assert!(setup_err(json!({"heroes": ["saul-baysar"]}))
        .reason
        .contains("2 to 6"));
    assert!(setup_err(json!({"heroes": all, "players": 1}))
        .rule
        .contains("choose heroes"));
    assert!(setup_err(json!({"heroes": ["sir-moo", "Sir Moo"]}))
        .reason
        .contains("already in the party"));
    assert!(setup_err(json!({"heroes": ["sir-moo", "Zorro"]}))
        .reason
        .contains("not a known hero"));
    assert!(setup_err(json!({"heroes": all, "leader": 4}))
        .rule
        .contains("leader"));
    assert!(
        setup_err(json!({"heroes": [{"hero": "sir-moo", "life": 10}, "lady-mary"]}))
            .reason
            .contains("1 to 9")
    );
}

#[test]
fn a_misspelt_hero_field_is_named_in_the_error() {
    let g = JsonGame::<DungeonFighter>::default();
    let r = g
        .setup(&json!({"heroes": [{"hero": "sir-moo", "lfe": 3}, "lady-mary"]}))
        .unwrap_err();
    assert!(r.reason.contains("lfe"), "{r:?}");
    let r = g.setup(&json!({"heroes": [7, "lady-mary"]})).unwrap_err();
    assert!(r.reason.contains("a name or an object"), "{r:?}");
}

#[test]
fn level_up_variant_gains_xp_levels_up_at_the_shop_and_spends_the_token() {
    let mut r = start(
        json!({"heroes": ["lianna-lightbringer", "lady-mary"], "leader": 1, "level_up_variant": true}),
    );
    assert_eq!(r.state().shop_icons_needed(), 11);
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 10}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 30, "damage": 1, "gold": 0}})).unwrap();
    // Icon declined: 1 XP. Icon that cannot activate (Piercing on a Miss): 1 XP.
    r.exec(throw("red", "icon", "score", Some(1))).unwrap();
    r.exec(json!({"type": "skip_ability"})).unwrap();
    r.exec(score("green", 1)).unwrap(); // Mary
    r.exec(throw("blue", "icon", "outside", None)).unwrap(); // Lianna: Death List needs a Hit
    assert_eq!(r.state().heroes[0].xp, 2);
    r.exec(json!({"type": "retrieve_dice"})).unwrap();
    r.exec(json!({"type": "use_item", "hero": 0, "item": "x"}))
        .unwrap_err();
    // Mary's throw; then Lianna lands the last hit: 3 XP.
    r.exec(score("red", 1)).unwrap();
    r.exec(throw("green", "blank", "bullseye", None)).unwrap();
    r.exec(score("blue", 10)).unwrap();
    r.exec(throw("white", "blank", "bullseye", None)).unwrap();
    assert!(matches!(r.state().phase, Phase::Resting(_)));
    assert_eq!(r.state().heroes[0].xp, 3, "the last hit");
    r.exec(json!({"type": "end_rest"})).unwrap();
    assert_eq!(
        r.state().phase,
        Phase::Dungeon,
        "10 icons are not enough with the variant"
    );
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 1, "damage": 1, "gold": 0}})).unwrap();
    r.exec(score("red", 1)).unwrap();
    r.exec(json!({"type": "end_rest"})).unwrap();
    assert!(matches!(r.state().phase, Phase::Shop(_)));
    assert!(r
        .refused(json!({"type": "level_up", "hero": 1, "colour": "red"}))
        .reason
        .contains("needs 3"));
    r.exec(json!({"type": "level_up", "hero": 0, "colour": "red"}))
        .unwrap();
    assert_eq!(r.state().heroes[0].xp, 0);
    r.exec(json!({"type": "leave_shop"})).unwrap();
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 30, "damage": 1, "gold": 0}})).unwrap();
    // Mary (the leader) sits right of Lianna: Lianna throws first.
    assert_eq!(active(&r), 0);
    let no_token = r.refused(json!({"type": "throw", "die": "blue", "face": "blank", "landing": {"value": 3, "kind": "score"}, "use_level_up": true}));
    assert!(no_token.reason.contains("no unused"), "{no_token:?}");
    // A token is not wasted on a throw its ability cannot act on (Piercing on a Miss).
    let miss = json!({"type": "throw", "die": "red", "face": "blank", "landing": {"value": null, "kind": "outside"}, "use_level_up": true});
    assert!(r.refused(miss).reason.contains("cannot act on this throw"));
    let ev = r
        .exec(json!({"type": "throw", "die": "red", "face": "blank", "landing": {"value": 3, "kind": "score"}, "use_level_up": true}))
        .unwrap();
    assert!(
        matches!(ev.last(), Some(tw_dungeon_fighter::Event::AbilityOffered { pending }) if pending.options == vec![Ability::PiercingDamage])
    );
    r.exec(json!({"type": "use_ability", "ability": "piercing_damage"}))
        .unwrap();
    assert_eq!(life(&r), 30 - 5, "3 + 2 Piercing");
    assert!(r.state().heroes[0].level_ups[0].used);
}

#[test]
fn the_json_adapter_runs_the_rulebook_script_like_warden_replay() {
    let g = JsonGame::<DungeonFighter>::default();
    assert_eq!(g.name(), "dungeon-fighter");
    let (setup, cmds) = load("skeleton-goblin.json");
    let s0 = g.setup(&setup).unwrap();
    let mut state = s0.clone();
    let mut all_events = Vec::new();
    for c in &cmds {
        let out = g.execute(&state, c).unwrap();
        all_events.extend(out.events);
        state = out.state;
    }
    assert_eq!(state["chest"], json!({"gold": 3, "white_dice": 2}));
    assert_eq!(state["phase"], json!({"phase": "dungeon"}));
    // The stored events alone rebuild the same state (how the store resumes a game).
    assert_eq!(g.replay_events(&s0, &all_events).unwrap(), state);
    let bad = g
        .execute(&state, &json!({"type": "throw", "die": "purple"}))
        .unwrap_err();
    assert_eq!(bad.rule, "Input");
}

#[test]
fn example_script_in_the_docs_runs_to_its_end() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/first-room.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let g = JsonGame::<DungeonFighter>::default();
    let mut state = g.setup(&v["setup"]).unwrap();
    for c in v["commands"].as_array().unwrap() {
        state = g
            .execute(&state, c)
            .unwrap_or_else(|e| panic!("{c}: {e}"))
            .state;
    }
    assert_eq!(state["phase"]["phase"], "shop");
    // 1 start + 1 Pickpocket + 1 reward + 2 reward - 2 (a die) - 1 (healing).
    assert_eq!(state["chest"], json!({"gold": 2, "white_dice": 1}));
    assert_eq!(state["heroes"][1]["scars"], json!(["blue"]));
    assert_eq!(
        state["heroes"][2]["equipment"][0]["name"],
        "Spluttering Stick"
    );
    // Lianna: scarred back to 7, +1 healing is capped at 7; Saul 9-1-1+1; Mary 9-1+1.
    let lives: Vec<_> = state["heroes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["life"].as_u64().unwrap())
        .collect();
    assert_eq!(lives, vec![8, 7, 9]);
}

/// Level Up variant (l.624): XP for an icon comes when the hero "decides not
/// to use it OR the icon cannot be activated since it doesn't meet the
/// Hit/Miss requirement". A scarred colour has no ability left to decline or
/// to miss its requirement (Scars, l.391: "cannot activate that color's
/// special ability"), so its icon gives no XP.
#[test]
fn level_up_a_scarred_colour_showing_the_icon_gives_no_xp() {
    let mut r = start(json!({
        "heroes": [{"hero": "lianna-lightbringer", "scars": ["red"]}, "lady-mary"],
        "leader": 1, "level_up_variant": true
    }));
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 30, "damage": 1, "gold": 0}})).unwrap();
    r.exec(throw("red", "icon", "score", Some(1))).unwrap(); // scarred red
    assert_eq!(r.state().heroes[0].xp, 0);
    r.exec(score("green", 1)).unwrap(); // Mary
    r.exec(throw("blue", "icon", "outside", None)).unwrap(); // Death List needs a Hit
    assert_eq!(r.state().heroes[0].xp, 1);
}
