//! Range checks on every number a command carries, before it is decided.
//!
//! The rules below work in `i32`/`u32` sums (Hit scores, coins, squares);
//! bounding each input to what a table can hold keeps those sums far from
//! overflow, and the refusal names the field so a typo is easy to find.

use crate::command::Command;
use crate::model::{Attributes, Item, Pos, MAX_COORD};
use tw_rules::limits::in_range;
use tw_rules::Refusal;

/// Largest attribute, bonus or charge count: printed values are single digits.
pub const MAX_ATTR: i32 = 99;
/// Largest coin card.
pub const MAX_COIN_CARD: u32 = 1_000;
/// Largest number of coins one command may move (far above any stash).
pub const MAX_COINS: u32 = 1_000_000;
/// Largest inventory index, path length or defeat count a command may name.
pub const MAX_COUNT: usize = 999;

fn pos(path: &str, p: Pos) -> Result<(), Refusal> {
    in_range(&format!("{path}[0]"), p.x, -MAX_COORD, MAX_COORD)?;
    in_range(&format!("{path}[1]"), p.y, -MAX_COORD, MAX_COORD)
}

fn attrs(path: &str, a: &Attributes) -> Result<(), Refusal> {
    for (name, v) in [
        ("attack", a.attack),
        ("move", a.move_),
        ("torch", a.torch),
        ("life", a.life),
    ] {
        in_range(&format!("{path}.{name}"), v, -MAX_ATTR, MAX_ATTR)?;
    }
    Ok(())
}

fn item(path: &str, i: &Item) -> Result<(), Refusal> {
    match i {
        Item::Weapon { bonus, .. } => {
            in_range(&format!("{path}.bonus"), *bonus, -MAX_ATTR, MAX_ATTR)
        }
        Item::Rune(r) => in_range(&format!("{path}.bonus"), r.bonus, -MAX_ATTR, MAX_ATTR),
        Item::MasterKey { charges } => {
            in_range(&format!("{path}.charges"), i32::from(*charges), 0, MAX_ATTR)
        }
        Item::Coins { amount } => in_range(&format!("{path}.amount"), *amount, 0, MAX_COIN_CARD),
        _ => Ok(()),
    }
}

fn items(path: &str, list: &[Item]) -> Result<(), Refusal> {
    in_range(&format!("{path} (length)"), list.len(), 0, MAX_COUNT)?;
    list.iter()
        .enumerate()
        .try_for_each(|(k, i)| item(&format!("{path}[{k}]"), i))
}

fn index(i: usize) -> Result<(), Refusal> {
    in_range("index", i, 0, MAX_COUNT)
}

/// Refuse `command` if any of its numbers lies outside what the game uses.
pub fn check(command: &Command) -> Result<(), Refusal> {
    match command {
        Command::PlaceCard { origin, .. } => pos("origin", *origin),
        Command::PlaceCube { at, .. } => pos("at", *at),
        Command::PlaceEnemy {
            at,
            attrs: a,
            carries,
            ..
        } => {
            pos("at", *at)?;
            attrs("attrs", a)?;
            items("carries", carries)
        }
        Command::NewCharacter {
            attrs: a,
            items: list,
            ..
        } => {
            attrs("attrs", a)?;
            items("items", list)
        }
        Command::EnterDungeon { at, .. } => pos("at", *at),
        Command::Move { path, .. } => {
            in_range("path (length)", path.len(), 0, MAX_COUNT)?;
            path.iter()
                .enumerate()
                .try_for_each(|(k, p)| pos(&format!("path[{k}]"), *p))
        }
        Command::Loot {
            at, items: list, ..
        } => {
            pos("at", *at)?;
            items("items", list)
        }
        Command::Unlock { at, .. } => pos("at", *at),
        Command::ShortRest { campfire, .. } => pos("campfire", *campfire),
        Command::UseItem { index: i, .. }
        | Command::Equip { index: i, .. }
        | Command::PickUp { index: i, .. }
        | Command::Drop { index: i, .. }
        | Command::Give { index: i, .. }
        | Command::Sell { index: i, .. } => index(*i),
        Command::GiveCoins { amount, .. } => in_range("amount", *amount, 0, MAX_COINS),
        Command::DungeonTurn { dice, .. } => in_range("dice (length)", dice.len(), 0, MAX_COUNT),
        Command::CompleteQuest { item: Some(i), .. } => item("item", i),
        Command::Buy { item: i, .. } => item("item", i),
        Command::ChoosePath { charges, .. } => {
            in_range("charges", i32::from(*charges), 0, MAX_ATTR)
        }
        Command::ArenaEnded { defeats } => defeats.iter().try_for_each(|(who, n)| {
            in_range(&format!("defeats.{who}"), *n as usize, 0, MAX_COUNT)
        }),
        _ => Ok(()),
    }
}
