//! The session layer: between what the camera (or the player) says and what
//! the rules engines are asked to do.
//!
//! - [`registry`]: every game engine by its CLI name, behind [`tw_rules::DynGame`].
//! - [`replay`]: run a JSON script of commands through an engine.
//! - [`observation`]: the camera's readings (the `warden read` contract).
//! - [`correction`]: the player's one-action corrections, logged beside the
//!   original reading.
//! - [`assign`]: which of two rolled dice is whose (by colour or position).
//! - [`dungeon_fighter`]: a die at rest on the target → a `throw` command.
//! - [`dungeon_roll`]: Party and Dungeon dice read → the roll a delve waits for.
//! - [`pocket_dungeon_quest`]: the Attack Die at rest → the attack (or
//!   Poison) roll the game waits for; [`pocket_dungeon_quest::DIE_SET`] names
//!   the die set it is read with.
//! - [`throw_fixes`]: a logged Dungeon Fighter throw made a Miss (no
//!   bounce, a named requirement not respected) or not, for one-click fixes.
//! - [`throws`]: whether a finished throw counts in a game now: applied,
//!   waiting for a choice, put to the player, or ignored with the reason.

pub mod assign;
pub mod correction;
pub mod dungeon_fighter;
pub mod dungeon_roll;
pub mod observation;
pub mod pocket_dungeon_quest;
pub mod registry;
pub mod replay;
pub mod throw_fixes;
pub mod throws;
