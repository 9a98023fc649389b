//! The geometry file as written on disk (`calibration/boards/*.json`).
//!
//! These types mirror the JSON one to one so a file round-trips unchanged
//! when the Calibration screen edits a radius or moves a hole. Nothing here
//! is trusted: [`crate::Board::from_spec`] validates it.

use serde::{Deserialize, Serialize};

/// The only format tag this crate reads; bumped on an incompatible change.
pub const FORMAT: &str = "tw-board/1";

/// A whole board geometry file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Must be [`FORMAT`].
    pub format: String,
    /// Human name, shown in the Calibration screen.
    pub name: String,
    /// Size of the calibrated board frame (width, height) in mm: the square
    /// whose corners carry the calibration markers. Used for drawing only.
    pub frame_mm: [f64; 2],
    /// Centre of the target in board millimetres.
    pub centre_mm: [f64; 2],
    /// Concentric rings from the centre outwards; together they must cover
    /// every radius from 0 to the bone rim without gaps or overlaps.
    pub rings: Vec<RingSpec>,
    /// The bone rim just outside the last ring: a die resting on it misses.
    pub bone_rim: RimSpec,
    /// Holes in the board; a die in one misses, unless a spider web covers it.
    #[serde(default)]
    pub holes: Vec<HoleSpec>,
}

/// One ring, split into angular sectors.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RingSpec {
    pub name: String,
    pub inner_mm: f64,
    pub outer_mm: f64,
    /// Sectors covering the full circle exactly once.
    pub sectors: Vec<SectorSpec>,
}

/// One scoring section: the part of a ring between two angles.
///
/// Angles are degrees measured from the board's +x axis towards its +y axis
/// (with y pointing down the printed sheet this is clockwise as seen from
/// above). `to_deg` may exceed 360 or `from_deg` be negative so that a sector
/// can straddle 0°.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectorSpec {
    pub name: String,
    pub from_deg: f64,
    pub to_deg: f64,
    /// Damage dealt by a hit here. Signed so that a negative value is
    /// reported as a bad value rather than as a parse error.
    pub value: i64,
    #[serde(default)]
    pub kind: SectorKind,
}

/// Whether a sector is an ordinary score or the bullseye (which makes an
/// icon face an insta-kill).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SectorKind {
    #[default]
    Score,
    Bullseye,
}

/// The bone rim annulus.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RimSpec {
    pub inner_mm: f64,
    pub outer_mm: f64,
}

/// A round hole in the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HoleSpec {
    pub name: String,
    pub centre_mm: [f64; 2],
    pub radius_mm: f64,
}
