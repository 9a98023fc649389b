//! Whose turn it is (rulebook p.13 Initiative, p.19 Actions, Character Turn).
//!
//! "Roll to determine which player goes first ... Players take their turns in
//! clockwise order. After all characters have taken their turns, it is then
//! the dungeon's turn." The engine does not know where the players sit, so it
//! learns the order from play. Readings taken here, each tested:
//! - The first round of an exploration fixes the order: whoever starts the
//!   first turn won the initiative, and the others follow as they take their
//!   first turn. Every later round repeats that order. A new exploration
//!   (`new_dungeon`) rolls initiative again, so the order is learned afresh.
//! - A character starts their turn only once per round, and only after every
//!   character before them in the order who is still in the dungeon has had
//!   theirs. Skipping a turn ("perform ... none at all, and skip your turn")
//!   is starting it and doing nothing, so nobody is passed over silently.
//! - A character who has not taken a turn yet this exploration (one who
//!   entered late, or skipped the first round) joins the order at its end.
//! - The dungeon turn ends the round: a character who has not started a turn
//!   by then skipped it. From then on it is nobody's turn until the next
//!   `start_turn`. With no enemy on the table the dungeon turn has nothing to
//!   do ("nothing happens", p.28), so once everyone has had a turn the first
//!   character in the order may simply start the next round.
//! - Every action of a character in the dungeon — moving, fighting, looting,
//!   traps, items, trading, exploring, leaving, special powers — needs it to
//!   be that character's turn. Town has no turns.

use crate::ctx::{refuse, Ctx};
use tw_rules::Refusal;

const RULE: &str = "Initiative: turn order";

/// May `id` start a turn now? (`id` is known to be in the dungeon.)
pub fn check_start(cx: &Ctx, id: &str) -> Result<(), Refusal> {
    let s = &cx.s;
    if s.turns_taken.iter().any(|t| t == id) {
        if !round_over_without_enemies(cx) {
            return refuse(
                RULE,
                format!("{id} has already had a turn this round; the dungeon turn comes next"),
            );
        }
        // No enemy on the table: the dungeon turn passes with nothing to do,
        // and this turn opens the next round (see `evolve`).
        return first_in_order(cx, id);
    }
    // Those before `id` in the order: all of it for a character not in it yet.
    let before = match s.turn_order.iter().position(|t| t == id) {
        Some(i) => &s.turn_order[..i],
        None => &s.turn_order[..],
    };
    let waiting = before
        .iter()
        .find(|w| !s.turns_taken.contains(w) && s.character(w).is_some_and(|c| c.in_dungeon()));
    if let Some(w) = waiting {
        return refuse(
            RULE,
            format!(
                "it is {w}'s turn before {id}'s (order this exploration: {}); {w} starts a turn first, and may end it at once to skip",
                s.turn_order.join(", ")
            ),
        );
    }
    Ok(())
}

/// Every character still in the dungeon has had this round's turn and no
/// enemy is left to act: "If there are no enemies left, nothing happens on
/// the dungeon turn" (p.28), so the next round may begin without one.
pub fn round_over_without_enemies(cx: &Ctx) -> bool {
    let s = &cx.s;
    s.enemies.is_empty()
        && s.characters
            .iter()
            .filter(|c| c.in_dungeon())
            .all(|c| s.turns_taken.contains(&c.id))
}

/// A new round opens with the first character in the order still in the dungeon.
fn first_in_order(cx: &Ctx, id: &str) -> Result<(), Refusal> {
    let s = &cx.s;
    let first = s
        .turn_order
        .iter()
        .find(|t| s.character(t).is_some_and(|c| c.in_dungeon()));
    match first {
        Some(f) if f != id => refuse(
            RULE,
            format!(
                "a new round begins with {f} (order this exploration: {})",
                s.turn_order.join(", ")
            ),
        ),
        _ => Ok(()),
    }
}

/// Is it `id`'s turn? Refuses an action taken in another character's turn,
/// or while it is nobody's turn.
pub fn on_turn(cx: &Ctx, id: &str) -> Result<(), Refusal> {
    match cx.s.current.as_deref() {
        Some(cur) if cur == id => Ok(()),
        Some(cur) => refuse(
            "Actions, Character Turn",
            format!("it is {cur}'s turn; {id} cannot act in another character's turn"),
        ),
        None => refuse(
            "Actions, Character Turn",
            format!("it is nobody's turn: start {id}'s turn first (start_turn)"),
        ),
    }
}
