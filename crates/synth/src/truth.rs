//! Ground truth written beside every generated image.

use crate::camera::Camera;
use crate::die::{DieColor, Face};
use serde::{Deserialize, Serialize};
use tw_board::Section;

pub const FORMAT: &str = "tw-synth/1";

/// One die as generated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DieTruth {
    pub color: DieColor,
    pub face: Face,
    /// Top-face pentagon corners in image pixels (5 points).
    pub corners_px: Vec<[f64; 2]>,
    /// The same corners projected straight down onto the board, mm.
    pub corners_mm: Vec<[f64; 2]>,
    /// Image pixel and board mm of the top face's centre.
    pub center_px: [f64; 2],
    pub center_mm: [f64; 2],
    /// Height of the top face above the board, mm.
    pub top_height_mm: f64,
    /// Where it landed by the rulebook, with the scene's webs.
    pub section: Section,
    /// Corners fell in more than one section.
    pub border: bool,
    /// The ruling was a tie resolved to the lower value.
    pub tie: bool,
    /// Smallest distance from a top corner to a section border, mm.
    pub corner_clearance_mm: f64,
    /// False while the die is still moving (throw sequences).
    pub at_rest: bool,
}

/// Ground truth for one image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneTruth {
    pub format: String,
    pub seed: u64,
    pub image: String,
    pub width: u32,
    pub height: u32,
    /// Board geometry file the board was drawn from.
    pub board: String,
    /// Holes covered by spider webs.
    pub webs: Vec<String>,
    pub camera: Camera,
    pub elevation_deg: f64,
    /// Board mm → image pixels (row-major), exact.
    pub board_to_image: [[f64; 3]; 3],
    /// Edge length of the d12s, mm.
    pub die_edge_mm: f64,
    pub dice: Vec<DieTruth>,
}
