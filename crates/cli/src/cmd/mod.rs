//! One module per command group.

pub mod board;
pub mod replay;
