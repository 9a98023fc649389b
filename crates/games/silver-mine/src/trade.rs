//! Trading between characters: items (`give`, in `actions`) and coins.
//!
//! The rulebook allows it in two places. In the dungeon (p.20, Pick up/Drop/
//! Trade): "Trade with other characters by being on adjacent squares.
//! Exchange an item or more for free or agree on a price." In town (p.32,
//! The Merchant): "You can trade items with other characters", and of coins
//! (p.30, Items): "Coins can be used at the town or traded between
//! characters." Readings taken here, each tested:
//! - In the dungeon a trade is an action of the giver, so it needs the
//!   giver's turn (and their freedom to act: not snared, not after a Run);
//!   the receiver only has to stand next to them. Like any action but
//!   moving, it closes Run for the rest of the turn.
//! - Coins in the dungeon are the coins carried. In town every coin is in the
//!   stash (carried coins go there on leaving), so a gift in town moves coins
//!   from the giver's player's stash to the receiver's. Two characters of one
//!   player share a stash, so there is nothing to give between them.
//! - One in the dungeon and one in town cannot trade; nor can the dead.

use crate::ctx::{refuse, Ctx};
use crate::event::Event;
use tw_rules::Refusal;

const RULE: &str = "Pick up/Drop/Trade";

/// Where two characters meet to trade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meeting {
    /// Adjacent squares in the dungeon.
    Dungeon,
    /// Both in Crossroads Town.
    Town,
}

/// May `from` trade with `to` now, and where? `what` names the action in
/// the refusals.
pub fn meet(cx: &Ctx, from: &str, to: &str, what: &str) -> Result<Meeting, Refusal> {
    let a = cx.character(from)?;
    let b = cx.character(to)?;
    if from == to {
        return refuse(RULE, format!("{from} cannot trade with themself"));
    }
    if !a.alive || !b.alive {
        let dead = if a.alive { to } else { from };
        return refuse(
            RULE,
            format!("{dead} has died; both characters must be alive to trade"),
        );
    }
    match (a.pos, b.pos) {
        (Some(p), Some(q)) => {
            cx.can_act(from, what)?;
            if !p.adjacent(q) {
                return refuse(
                    RULE,
                    format!(
                        "{from} at {p} and {to} at {q} must stand on adjacent squares to trade"
                    ),
                );
            }
            Ok(Meeting::Dungeon)
        }
        (None, None) => Ok(Meeting::Town),
        _ => refuse(
            RULE,
            format!(
                "{from} and {to} must both be in the dungeon (on adjacent squares) or both in town"
            ),
        ),
    }
}

/// Give `amount` coins from one character to another.
pub fn give_coins(cx: &mut Ctx, from: &str, to: &str, amount: u32) -> Result<(), Refusal> {
    let place = meet(cx, from, to, "trading")?;
    if amount == 0 {
        return refuse(RULE, "amount is 0; give at least 1 coin");
    }
    let (a, b) = (cx.character(from)?.clone(), cx.character(to)?.clone());
    match place {
        Meeting::Dungeon => {
            if amount > a.coins {
                return refuse(
                    RULE,
                    format!(
                        "amount is {amount} but {from} carries {} coin(s) (the stash stays in town)",
                        a.coins
                    ),
                );
            }
            cx.emit(Event::CoinsGiven {
                from: from.to_string(),
                to: to.to_string(),
                amount,
            });
            cx.emit(Event::CoinsChanged {
                character: from.to_string(),
                coins: a.coins - amount,
            });
            cx.emit(Event::CoinsChanged {
                character: to.to_string(),
                coins: b.coins.saturating_add(amount),
            });
            crate::actions::flag_acted(cx, from);
        }
        Meeting::Town => {
            if a.player == b.player {
                return refuse(
                    "Stash",
                    format!(
                        "{from} and {to} both belong to {} and share one stash",
                        a.player
                    ),
                );
            }
            let give = cx.s.stashes.get(&a.player).cloned().unwrap_or_default();
            if amount > give.coins {
                return refuse(
                    "Stash",
                    format!(
                        "amount is {amount} but {}'s stash holds {} coin(s)",
                        a.player, give.coins
                    ),
                );
            }
            let take = cx.s.stashes.get(&b.player).cloned().unwrap_or_default();
            cx.emit(Event::CoinsGiven {
                from: from.to_string(),
                to: to.to_string(),
                amount,
            });
            cx.emit(Event::StashChanged {
                player: a.player.clone(),
                coins: give.coins - amount,
                books: give.books,
            });
            cx.emit(Event::StashChanged {
                player: b.player.clone(),
                coins: take.coins.saturating_add(amount),
                books: take.books,
            });
        }
    }
    Ok(())
}
