//! A validated board and the question "what is under this point?".

use crate::error::BoardError;
use crate::spec::{BoardSpec, SectorKind};
use crate::validate::{dist, validate};
use std::path::Path;

/// The default geometry shipped with the app, fitted to the printed
/// Catacombs of Gloomy Ghosts target. Players adjust a copy of it.
pub const CATACOMBS_DEFAULT: &str =
    include_str!("../../../calibration/boards/catacombs-default.json");

/// What lies under one point of the board plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Region {
    /// Sector `sector` of ring `ring` (indices into the spec).
    Section { ring: usize, sector: usize },
    /// Hole `0` (index into the spec's holes).
    Hole(usize),
    /// The bone rim at the edge of the target.
    Bone,
    /// Off the target altogether.
    Outside,
}

/// A board geometry that passed validation; lookups on it cannot fail.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    spec: BoardSpec,
}

impl Board {
    /// Validates `spec`; `file` only names the source in errors.
    pub fn from_spec(spec: BoardSpec, file: &str) -> Result<Board, BoardError> {
        let issues = validate(&spec);
        if issues.is_empty() {
            Ok(Board { spec })
        } else {
            Err(BoardError::Invalid {
                file: file.to_string(),
                issues,
            })
        }
    }

    /// Parses and validates JSON text; `file` only names the source in errors.
    pub fn from_json(text: &str, file: &str) -> Result<Board, BoardError> {
        let spec: BoardSpec = serde_json::from_str(text).map_err(|e| BoardError::Parse {
            file: file.to_string(),
            line: e.line(),
            column: e.column(),
            reason: e.to_string(),
        })?;
        Board::from_spec(spec, file)
    }

    /// Reads, parses and validates a geometry file.
    pub fn load(path: &Path) -> Result<Board, BoardError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| BoardError::Read {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        Board::from_json(&text, &file)
    }

    /// The shipped default geometry.
    pub fn catacombs_default() -> Board {
        // The embedded file is covered by a test; failing here is a build defect.
        Board::from_json(
            CATACOMBS_DEFAULT,
            "calibration/boards/catacombs-default.json",
        )
        .expect("shipped default board geometry is valid")
    }

    /// The geometry as written to disk (for editing and saving back).
    pub fn spec(&self) -> &BoardSpec {
        &self.spec
    }

    pub fn centre(&self) -> [f64; 2] {
        self.spec.centre_mm
    }

    /// Radius of the outer edge of the last scoring ring.
    pub fn scoring_radius(&self) -> f64 {
        self.spec.rings.last().map(|r| r.outer_mm).unwrap_or(0.0)
    }

    /// Outer radius of the bone rim: beyond it is the table.
    pub fn outer_radius(&self) -> f64 {
        self.spec.bone_rim.outer_mm
    }

    /// What lies under `p` (board mm). Borders belong to the region on their
    /// outer / counter-clockwise side (half-open intervals), so every point
    /// has exactly one answer. Holes are cut out of the sections they sit in.
    pub fn region_at(&self, p: [f64; 2]) -> Region {
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Region::Outside;
        }
        if let Some(i) = self
            .spec
            .holes
            .iter()
            .position(|h| dist(p, h.centre_mm) < h.radius_mm)
        {
            return Region::Hole(i);
        }
        let c = self.spec.centre_mm;
        let r = dist(p, c);
        if r >= self.spec.bone_rim.outer_mm {
            return Region::Outside;
        }
        if r >= self.spec.bone_rim.inner_mm {
            return Region::Bone;
        }
        let Some(ring) = self
            .spec
            .rings
            .iter()
            .position(|g| r >= g.inner_mm && r < g.outer_mm)
        else {
            // Unreachable for a validated board (rings tile 0..rim); be safe.
            return Region::Bone;
        };
        let theta = (p[1] - c[1])
            .atan2(p[0] - c[0])
            .to_degrees()
            .rem_euclid(360.0);
        let sectors = &self.spec.rings[ring].sectors;
        let sector = sectors
            .iter()
            .position(|s| (theta - s.from_deg).rem_euclid(360.0) < s.to_deg - s.from_deg)
            .unwrap_or(0);
        Region::Section { ring, sector }
    }

    /// Value and kind of a section region; `None` for holes, bones, outside.
    pub fn section_value(&self, region: Region) -> Option<(u32, SectorKind)> {
        match region {
            Region::Section { ring, sector } => {
                let s = &self.spec.rings[ring].sectors[sector];
                Some((s.value as u32, s.kind))
            }
            _ => None,
        }
    }

    /// Name shown to the player for a region.
    pub fn region_name(&self, region: Region) -> &str {
        match region {
            Region::Section { ring, sector } => &self.spec.rings[ring].sectors[sector].name,
            Region::Hole(i) => &self.spec.holes[i].name,
            Region::Bone => "bone rim",
            Region::Outside => "outside",
        }
    }

    /// Index of the hole called `name`.
    pub fn hole_index(&self, name: &str) -> Option<usize> {
        self.spec.holes.iter().position(|h| h.name == name)
    }
}
