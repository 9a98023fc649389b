//! Target-board geometry for Dungeon Fighter, as data, and the rulebook's
//! landing rule.
//!
//! A board is a JSON file (format documented in `calibration/boards/README.md`)
//! of concentric rings split into valued sectors, a bullseye, round holes and
//! a bone rim, in board millimetres — the frame the table calibration maps
//! camera pixels into. This crate is pure: no images, no I/O beyond reading
//! a geometry file, so the scoring rule can be tested exhaustively.
//!
//! - [`Board::region_at`]: what lies under a point.
//! - [`Board::landing`]: where a die counts as having landed, given the
//!   corners of its top face.
//! - [`outline`]: polylines for drawing the geometry (overlay, scene synth).

mod error;
mod geometry;
mod landing;
pub mod outline;
pub mod spec;
mod validate;

pub use error::{BoardError, Issue};
pub use geometry::{Board, Region, CATACOMBS_DEFAULT};
pub use landing::{Landing, LandingError, Section, SectionKind, Vote, Webs};
pub use spec::{BoardSpec, HoleSpec, RimSpec, RingSpec, SectorKind, SectorSpec, FORMAT};
pub use validate::{validate, MAX_FRAME_MM, MAX_VALUE};
