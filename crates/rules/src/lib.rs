//! Shared vocabulary of the Table Warden rules engines.
//!
//! Every game engine is a pure function from (state, command) to events, and
//! from (state, event) to the next state. No I/O happens here: dice values and
//! random seeds arrive inside commands so a replay of the same commands always
//! reproduces the same game.
//!
//! - [`engine`]: the [`Game`] trait every engine implements, and [`Refusal`],
//!   the error that names the rule forbidding a command.
//! - [`history`]: a command log with undo by snapshot restore.
//! - [`dice`]: die values and colours read from the table or rolled virtually.
//! - [`json_error`]: JSON parse errors that name the field path.
//! - [`limits`]: range checks for numbers in commands, refusals naming the field.
//! - [`offer`]: a command a screen offers the player (label and template).
//! - [`testing`]: checks the engines' tests share (view shape, honest offers, fixtures).
//! - [`rng`]: a small seeded generator that lives inside game state.
//! - [`dynamic`]: a JSON-facing adapter so the CLI, session and store can drive
//!   any engine by name.

pub mod dice;
pub mod dynamic;
pub mod engine;
pub mod history;
pub mod json_error;
pub mod limits;
pub mod offer;
pub mod rng;
pub mod testing;

pub use dice::{DieColor, D6};
pub use dynamic::{DynGame, JsonGame, Outcome};
pub use engine::{Game, Refusal};
pub use history::History;
pub use offer::{CardSlot, Choice, Input, InputKind, Offer};
pub use rng::SplitMix64;
