//! Extreme numbers (issue 23, item 1): the numbers a command's types do not
//! bound are refused naming the field.

mod common;
use common::*;
use tw_green_dungeon::command::Command;
use tw_green_dungeon::{Exits, GreenDungeon, TileKind};
use tw_rules::Game;

#[test]
fn a_potion_index_beyond_any_hand_is_refused_naming_the_field() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    let before = s.clone();
    let r = GreenDungeon::execute(&mut s, &Command::UsePotion { index: usize::MAX }).unwrap_err();
    assert_eq!(r.rule, "Input: numbers");
    assert!(r.reason.starts_with("index is 18446744073709551615"), "{r}");
    assert_eq!(s, before);
}
