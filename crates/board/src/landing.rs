//! Where a die landed, by the rulebook ("Section borders"): *the section with
//! the most corners of the die in it; when in doubt, the lower-value section.*
//!
//! Readings of the rule a player would make, and which this module follows:
//! - "Corners" are the corners of the die's top face, projected straight down
//!   onto the board (board millimetres). Any number ≥ 3 is accepted: the
//!   camera reports four, a d12's pentagonal face has five.
//! - Misses (hole, bone rim, outside) rank below every hit and a spider web
//!   (a hit worth 0) ranks below every scoring section, so a tie between a
//!   section and a hole is resolved as the miss — the doubt goes against the
//!   thrower, exactly as between two sections.
//! - A spider web turns the hole it covers into a "web" result worth 0.

use crate::geometry::{Board, Region};
use crate::spec::SectorKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// What a die landing counts as. Serialises to the CLI contract
/// `{"value": n | null, "kind": …, "name": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    /// Damage of the hit (0 on a web); `None` for a miss.
    pub value: Option<u32>,
    pub kind: SectionKind,
    /// The section's or hole's name from the geometry, or "bone rim" / "outside".
    pub name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SectionKind {
    Score,
    Bullseye,
    Hole,
    Web,
    Bone,
    Outside,
}

impl SectionKind {
    /// Whether this result is a miss in the rulebook's sense.
    pub fn is_miss(self) -> bool {
        matches!(
            self,
            SectionKind::Hole | SectionKind::Bone | SectionKind::Outside
        )
    }
}

impl Section {
    /// Order for "the lower-value section": misses < web (0) < 1 < … < 10.
    /// Ties among misses are broken by a fixed kind order, then by name, so
    /// the answer never depends on corner order.
    fn rank(&self) -> (i64, SectionKind, &str) {
        let v = match (self.kind.is_miss(), self.value) {
            (true, _) => -1,
            (false, Some(v)) => v as i64,
            (false, None) => -1,
        };
        (v, self.kind, self.name.as_str())
    }

    pub fn is_miss(&self) -> bool {
        self.kind.is_miss()
    }
}

/// Spider webs currently lying on holes (a game-state input, not geometry).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Webs(BTreeSet<usize>);

impl Webs {
    pub fn none() -> Webs {
        Webs::default()
    }

    /// Webs on the named holes; an unknown hole name is an error, not ignored.
    pub fn on(board: &Board, holes: &[impl AsRef<str>]) -> Result<Webs, crate::BoardError> {
        let mut set = BTreeSet::new();
        for h in holes {
            let name = h.as_ref();
            let i = board
                .hole_index(name)
                .ok_or_else(|| crate::BoardError::UnknownHole {
                    name: name.to_string(),
                    known: board
                        .spec()
                        .holes
                        .iter()
                        .map(|h| h.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })?;
            set.insert(i);
        }
        Ok(Webs(set))
    }

    pub fn covers(&self, hole: usize) -> bool {
        self.0.contains(&hole)
    }
}

/// How many corners fell in each section, for display and for doubt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub section: Section,
    pub corners: usize,
}

/// The ruling for one die.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    pub section: Section,
    /// Sections touched by at least one corner, most corners first.
    pub votes: Vec<Vote>,
    /// True when two or more sections held the most corners and the lower
    /// one was chosen: the reading is "in doubt" in the rulebook's words.
    pub tie: bool,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LandingError {
    #[error("a die's top face needs at least 3 corners, got {0}")]
    TooFewCorners(usize),
    #[error("corner {index} is not a finite point: {point:?}")]
    NotFinite { index: usize, point: [f64; 2] },
}

impl Board {
    /// The section a single point lies in, with webs applied.
    pub fn section_at(&self, p: [f64; 2], webs: &Webs) -> Section {
        self.section_of(self.region_at(p), webs)
    }

    /// Converts a region to the contract's section object.
    pub fn section_of(&self, region: Region, webs: &Webs) -> Section {
        let name = self.region_name(region).to_string();
        match region {
            Region::Section { .. } => {
                let (value, kind) = self.section_value(region).unwrap_or((0, SectorKind::Score));
                let kind = match kind {
                    SectorKind::Score => SectionKind::Score,
                    SectorKind::Bullseye => SectionKind::Bullseye,
                };
                Section {
                    value: Some(value),
                    kind,
                    name,
                }
            }
            Region::Hole(i) if webs.covers(i) => Section {
                value: Some(0),
                kind: SectionKind::Web,
                name,
            },
            Region::Hole(_) => Section {
                value: None,
                kind: SectionKind::Hole,
                name,
            },
            Region::Bone => Section {
                value: None,
                kind: SectionKind::Bone,
                name,
            },
            Region::Outside => Section {
                value: None,
                kind: SectionKind::Outside,
                name,
            },
        }
    }

    /// Applies the landing rule to a die whose top-face corners are given in
    /// board millimetres.
    pub fn landing(&self, corners: &[[f64; 2]], webs: &Webs) -> Result<Landing, LandingError> {
        if corners.len() < 3 {
            return Err(LandingError::TooFewCorners(corners.len()));
        }
        if let Some((index, point)) = corners
            .iter()
            .enumerate()
            .find(|(_, p)| !(p[0].is_finite() && p[1].is_finite()))
        {
            return Err(LandingError::NotFinite {
                index,
                point: *point,
            });
        }
        let mut votes: Vec<Vote> = Vec::new();
        for p in corners {
            let s = self.section_at(*p, webs);
            match votes.iter_mut().find(|v| v.section == s) {
                Some(v) => v.corners += 1,
                None => votes.push(Vote {
                    section: s,
                    corners: 1,
                }),
            }
        }
        // Most corners first; among equals the lower-ranked section first.
        votes.sort_by(|a, b| {
            b.corners
                .cmp(&a.corners)
                .then_with(|| a.section.rank().cmp(&b.section.rank()))
        });
        let tie = votes.len() > 1 && votes[1].corners == votes[0].corners;
        Ok(Landing {
            section: votes[0].section.clone(),
            votes,
            tie,
        })
    }
}
