//! Reading dice on the Dungeon Fighter target board.
//!
//! Given a frame, the calibration's board ↔ image homography, the board
//! geometry and an enrolled die set:
//! 1. [`pose`]: recover the camera pose from the homography (for parallax:
//!    a die's top face is ~25 mm above the board);
//! 2. [`detect`]: find die-sized objects against a local median background;
//! 3. [`fit`]: fit the d12's top pentagon (centre and turn) to image edges;
//! 4. rule the landing section with `tw_board`, and read colour and
//!    icon/blank with the die set ([`dieset`], [`face`]).

pub mod detect;
pub mod dieset;
pub mod eval;
pub mod face;
pub mod fit;
pub mod io;
pub mod overlay;
pub mod pose;
pub mod read;
pub mod shape;

pub use dieset::{DieSet, DieSetError, Example};
pub use read::{read_target, ReadError, TargetDie, TargetReading};
pub use shape::DieShape;
