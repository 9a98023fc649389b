//! The session layer: between what the camera (or the player) says and what
//! the rules engines are asked to do.
//!
//! - [`registry`]: every game engine by its CLI name, behind [`tw_rules::DynGame`].
//! - [`replay`]: run a JSON script of commands through an engine.

pub mod registry;
pub mod replay;
