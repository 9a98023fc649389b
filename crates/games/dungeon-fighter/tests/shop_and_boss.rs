//! Resting into the shop, buying, the third shop, the final boss and the end score.

mod common;
use common::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::model::Phase;
use tw_dungeon_fighter::Event;

/// One quick round: a room worth 10 shop icons and 5 gold, a 5-life monster
/// killed by a bullseye from whoever is active (an Epic Shot: -5).
fn quick_round(r: &mut Run) {
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Treasury", "shop_icons": 10, "gold_bonus": 5}})).unwrap();
    let level = r.state().next_monster_level();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Imp", "level": level, "life": 5, "damage": 1, "gold": 2}}))
        .unwrap();
    r.exec(throw("red", "blank", "bullseye", None)).unwrap();
    r.exec(json!({"type": "end_rest"})).unwrap();
}

fn boss() -> Value {
    json!({"type": "reveal_boss", "card": {"name": "Skulletor", "life": 16, "damage": 2}})
}

#[test]
fn a_whole_game_to_victory_with_its_score_and_title() {
    let mut r = start(party());
    quick_round(&mut r);
    // 1 + 5 bonus + 1 epic + 2 reward.
    assert_eq!(r.state().chest.gold, 9);
    assert_eq!(r.state().leader, 1);
    assert_eq!(
        r.state().phase,
        Phase::Shop(tw_dungeon_fighter::model::Shop { cards_left: 5 }),
        "2 + 1 per hero"
    );

    let tenth = r.refused(json!({"type": "buy_white_dice", "count": 8}));
    assert!(tenth.reason.contains("at most 9"), "{tenth:?}");
    let poor = r.refused(json!({"type": "buy_white_dice", "count": 7}));
    assert!(poor.reason.contains("14 gold"), "{poor:?}");
    r.exec(json!({"type": "buy_white_dice", "count": 2}))
        .unwrap();
    assert_eq!((r.state().chest.gold, r.state().chest.white_dice), (5, 4));
    let helmet = |price: u32| json!({"type": "buy_equipment", "hero": 0, "card": {"name": "Tin Helmet", "kind": "armour", "prevent": 2, "price": price}});
    let too_dear = r.refused(helmet(6));
    assert!(
        too_dear
            .reason
            .contains("costs 6 gold and the chest holds 5"),
        "{too_dear:?}"
    );
    assert!(r.refused(json!({"type": "buy_equipment", "hero": 0, "card": {"name": "Tin Helmet", "kind": "armour", "prevent": 2}})).reason.contains("price"));
    r.exec(helmet(3)).unwrap();
    assert_eq!(r.state().chest.gold, 2);
    assert_eq!(r.state().heroes[0].equipment[0].name, "Tin Helmet");
    let second = r.refused(json!({"type": "buy_equipment", "hero": 0, "card": {"name": "Iron Helmet", "kind": "armour", "prevent": 1, "price": 0}}));
    assert_eq!(second.rule, "Equipment: type limits");
    r.exec(json!({"type": "leave_shop"})).unwrap();
    assert_eq!(
        (r.state().shop_icons, r.state().phase.clone()),
        (0, Phase::Dungeon),
        "dungeon cards discarded"
    );

    quick_round(&mut r);
    assert_eq!(r.state().leader, 2);
    r.exec(json!({"type": "buy_healing", "gold": 1})).unwrap();
    assert_eq!(r.state().chest.gold, 9);
    r.exec(json!({"type": "leave_shop"})).unwrap();

    quick_round(&mut r);
    assert_eq!(r.state().chest.gold, 17);
    assert_eq!(r.state().shops_visited, 3);
    for i in 0..5 {
        r.exec(json!({"type": "buy_equipment", "card": {"name": format!("Trinket {i}"), "kind": "relic", "effect": "gold", "amount": 0, "price": 0}}))
            .unwrap();
    }
    let sixth = r.refused(json!({"type": "buy_equipment", "card": {"name": "Trinket 6", "kind": "relic", "effect": "gold", "amount": 0, "price": 0}}));
    assert!(sixth.reason.contains("every card on display"));
    assert_eq!(r.state().relics.len(), 5);
    r.exec(json!({"type": "leave_shop"})).unwrap();
    assert_eq!(r.state().phase, Phase::Boss, "third shop: the final boss");
    assert!(
        r.state().monster_deck.is_empty(),
        "remaining monsters discarded"
    );

    r.exec(boss()).unwrap();
    assert_eq!(life(&r), 16);
    assert_eq!(active(&r), 1);
    r.exec(score("red", 5)).unwrap();
    r.exec(score("green", 5)).unwrap();
    r.exec(score("blue", 1)).unwrap();
    let no = r.refused(json!({"type": "retrieve_dice"}));
    assert_eq!(no.rule, "Final Boss combat");
    let gold_before = r.state().chest.gold;
    let ev = r.exec(throw("white", "blank", "bullseye", None)).unwrap();
    let Some(Event::GameOver { ending }) = ev.last() else {
        panic!("{ev:?}")
    };
    assert!(ending.won);
    assert_eq!(
        r.state().chest.gold,
        gold_before,
        "no reward, no Epic Shot gold, for the boss"
    );
    let s = &ending.score;
    // 17 gold + 3 x 3 white dice + 5 (no scar) + 5 (Normal).
    assert_eq!(
        (
            s.gold,
            s.white_dice,
            s.no_scar_bonus,
            s.scars,
            s.eliminated,
            s.difficulty
        ),
        (17, 9, 5, 0, 0, 5)
    );
    assert_eq!(s.total, 36);
    assert_eq!(s.title, "Epic Sourcebook Writers");
}

fn to_boss(setup: Value) -> Run {
    let mut r = start(setup);
    for _ in 0..3 {
        quick_round(&mut r);
        r.exec(json!({"type": "leave_shop"})).unwrap();
    }
    r.exec(boss()).unwrap();
    r
}

#[test]
fn out_of_white_dice_against_the_boss_loses() {
    let mut setup = party();
    setup["chest"] = json!({"gold": 0, "white_dice": 0});
    let mut r = to_boss(setup);
    r.exec(score("red", 1)).unwrap();
    r.exec(score("green", 1)).unwrap();
    let ev = r.exec(score("blue", 1)).unwrap();
    let Some(Event::GameOver { ending }) = ev.last() else {
        panic!("{ev:?}")
    };
    assert!(!ending.won);
    assert!(ending.reason.contains("white bonus dice"));
}

#[test]
fn insta_kill_also_beats_the_boss() {
    let mut r = to_boss(party());
    let ev = r.exec(throw("blue", "icon", "bullseye", None)).unwrap();
    assert!(matches!(ev.last(), Some(Event::GameOver { ending }) if ending.won));
}

#[test]
fn scars_and_eliminations_count_against_the_score() {
    let mut setup = party();
    setup["difficulty"] = json!("inferno");
    setup["heroes"] = json!(["saul-baysar", {"hero": "lianna-lightbringer", "scars": ["red", "green", "blue"]}, "lady-mary"]);
    let mut r = start(setup);
    r.exec(json!({"type": "enter_dungeon", "card": {"name": "Hall", "shop_icons": 1}}))
        .unwrap();
    r.exec(json!({"type": "reveal_monster", "card": {"name": "Rat", "level": 1, "life": 1, "damage": 9, "gold": 0}})).unwrap();
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Lianna faints with 3 scars
    r.exec(throw("green", "blank", "outside", None)).unwrap(); // Mary faints
    r.exec(score("blue", 7)).unwrap(); // Saul wins: 1 life + 6 (Inferno)
    r.exec(json!({"type": "take_scar", "hero": 2, "colour": "blue"}))
        .unwrap();
    let s = tw_dungeon_fighter::scoring::score(r.state());
    // Lianna's 3 scars (brought into the resumed game) and Mary's new one.
    assert_eq!(s.scars, -4);
    assert_eq!(s.no_scar_bonus, 0);
    assert_eq!(s.eliminated, -5);
    assert_eq!(s.difficulty, 25);
    assert_eq!(s.gold + s.white_dice, 1 + 6);
    assert_eq!(s.total, 7 - 4 - 5 + 25);
    assert_eq!(s.title, "Average Warriors", "23 points");
}

/// Spirit Energy (l.672): "X = the Monster's level +1. Bosses are
/// considered to be Level 4 Monsters": against the boss Saul shares 5.
#[test]
fn spirit_energy_against_the_boss_shares_level_four_plus_one() {
    let mut r = to_boss(party());
    assert_eq!(active(&r), 1);
    r.exec(throw("red", "blank", "outside", None)).unwrap(); // Lianna 7
    r.exec(throw("green", "blank", "outside", None)).unwrap(); // Lady Mary 7
    let ev = r.exec(throw("blue", "icon", "score", Some(1))).unwrap(); // Saul
    assert!(matches!(ev.last(), Some(Event::AbilityOffered { .. })));
    let heal = |a: u32, b: u32| json!({"type": "use_ability", "ability": "spirit_energy", "heals": [{"hero": 1, "amount": a}, {"hero": 2, "amount": b}]});
    assert_eq!(r.refused(heal(2, 2)).rule, "Spirit Energy");
    assert_eq!(r.refused(heal(3, 3)).rule, "Spirit Energy");
    r.exec(heal(2, 3)).unwrap();
    let s = r.state();
    assert_eq!((s.heroes[1].life, s.heroes[2].life), (9, 9));
}

/// The boss "provide[s] no reward" (l.481) and defeating it wins at once
/// (l.488): the Epic Shot bonus is a Resting step (l.377-379) that never
/// comes, so an insta-kill on the boss adds no gold to the final score.
#[test]
fn boss_insta_kill_wins_without_epic_or_reward_gold() {
    let mut r = to_boss(party());
    let gold = r.state().chest.gold;
    // Lianna's blue icon (Death List) fits no untyped boss: no choice to make.
    let ev = r.exec(throw("blue", "icon", "bullseye", None)).unwrap();
    let Some(Event::GameOver { ending }) = ev.last() else {
        panic!("{ev:?}")
    };
    assert!(ending.won);
    assert_eq!(ending.score.gold, gold as i32);
    assert_eq!(r.state().chest.gold, gold);
}
