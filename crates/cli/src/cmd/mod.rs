//! One module per command group.

pub mod board;
pub mod campaign;
pub mod eval;
pub mod read;
pub mod replay;
pub mod store;
