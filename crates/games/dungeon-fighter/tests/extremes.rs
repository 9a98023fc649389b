//! Extreme numbers (issue 23, item 1): a number a table cannot hold is
//! refused naming its field, in a setup, a command or a typed card, and a
//! monster of the largest life the cards allow still sums without a wrap.

mod common;
use common::start;
use serde_json::json;
use tw_dungeon_fighter::{DungeonFighter, Setup};
use tw_rules::Game;

fn party() -> serde_json::Value {
    json!({"heroes": ["saul-baysar", "lianna-lightbringer"], "leader": 0})
}

#[test]
fn a_typed_card_value_beyond_any_card_is_refused_naming_it() {
    let mut run = start(party());
    let r = run.refused(json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4, "gold_bonus": u32::MAX}}));
    assert_eq!(r.rule, "Input: numbers");
    assert!(
        r.reason
            .starts_with("card \"Rotten Food\": gold_bonus is 4294967295"),
        "{r}"
    );
    run.exec(json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 4, "monster_advantage": 999}}))
        .unwrap();
    let r = run.refused(json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1, "life": i32::MAX}}));
    assert!(
        r.reason
            .starts_with("card \"Skeleton Goblin\": life is 2147483647"),
        "{r}"
    );
    // The largest values allowed sum without overflow: 999 + 999 + bonus.
    run.exec(json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1, "life": 999}}))
        .unwrap();
}

#[test]
fn command_and_setup_numbers_are_refused_naming_the_field() {
    let mut run = start(party());
    let r = run.refused(json!({"type": "buy_white_dice", "count": u32::MAX}));
    assert!(r.reason.starts_with("count is 4294967295"), "{r}");
    let r = run.refused(json!({"type": "take_scar", "hero": usize::MAX, "colour": "red"}));
    assert!(r.reason.starts_with("hero is 18446744073709551615"), "{r}");
    let mut s = party();
    s["chest"] = json!({"gold": u32::MAX, "white_dice": 2});
    let setup: Setup = serde_json::from_value(s).unwrap();
    let r = DungeonFighter::setup(&setup).err().expect("refused");
    assert!(r.reason.starts_with("chest.gold is 4294967295"), "{r}");
    let mut s = party();
    s["heroes"][1] = json!({"hero": "lady-mary", "life": u32::MAX});
    let r = DungeonFighter::setup(&serde_json::from_value(s).unwrap())
        .err()
        .expect("refused");
    assert!(r.reason.starts_with("heroes[1].life is 4294967295"), "{r}");
}
