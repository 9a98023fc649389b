//! The geometry as lines to draw: ring and rim circles, sector borders,
//! holes, and where to print each section's value. Used by the overlay
//! (`warden board overlay`) and the scene generator, which map these board
//! millimetre points into an image with their own homography.

use crate::geometry::Board;

/// What a stroke outlines, so a renderer can style it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrokeKind {
    RingBorder,
    SectorBorder,
    Hole,
    BoneRim,
}

/// An open or closed polyline in board millimetres.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub kind: StrokeKind,
    pub points: Vec<[f64; 2]>,
    pub closed: bool,
}

/// A label (section value or hole name) anchored at a board point.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub at: [f64; 2],
    pub text: String,
}

/// Circles are drawn as polygons whose chords stay within `tol_mm` of the
/// true arc, so drawing cost scales with the board, not a fixed count.
fn circle(c: [f64; 2], r: f64, tol_mm: f64) -> Vec<[f64; 2]> {
    let tol = tol_mm.max(1e-3).min(r);
    let step = 2.0 * (1.0 - tol / r).acos();
    let n = ((std::f64::consts::TAU / step).ceil() as usize).clamp(12, 4096);
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        })
        .collect()
}

fn polar(c: [f64; 2], r: f64, deg: f64) -> [f64; 2] {
    let a = deg.to_radians();
    [c[0] + r * a.cos(), c[1] + r * a.sin()]
}

impl Board {
    /// All strokes of the geometry; `tol_mm` bounds the chord error of circles.
    pub fn strokes(&self, tol_mm: f64) -> Vec<Stroke> {
        let s = self.spec();
        let c = s.centre_mm;
        let mut out = Vec::new();
        for ring in &s.rings {
            if ring.inner_mm > 0.0 {
                out.push(Stroke {
                    kind: StrokeKind::RingBorder,
                    points: circle(c, ring.inner_mm, tol_mm),
                    closed: true,
                });
            }
            if ring.sectors.len() > 1 {
                for sec in &ring.sectors {
                    out.push(Stroke {
                        kind: StrokeKind::SectorBorder,
                        points: vec![
                            polar(c, ring.inner_mm, sec.from_deg),
                            polar(c, ring.outer_mm, sec.from_deg),
                        ],
                        closed: false,
                    });
                }
            }
        }
        out.push(Stroke {
            kind: StrokeKind::BoneRim,
            points: circle(c, s.bone_rim.inner_mm, tol_mm),
            closed: true,
        });
        out.push(Stroke {
            kind: StrokeKind::BoneRim,
            points: circle(c, s.bone_rim.outer_mm, tol_mm),
            closed: true,
        });
        for h in &s.holes {
            out.push(Stroke {
                kind: StrokeKind::Hole,
                points: circle(h.centre_mm, h.radius_mm, tol_mm),
                closed: true,
            });
        }
        out
    }

    /// One label per section (its value, at the middle of the sector) and
    /// per hole (its name).
    pub fn labels(&self) -> Vec<Label> {
        let s = self.spec();
        let c = s.centre_mm;
        let mut out = Vec::new();
        for ring in &s.rings {
            let r = if ring.inner_mm == 0.0 {
                0.0
            } else {
                0.5 * (ring.inner_mm + ring.outer_mm)
            };
            for sec in &ring.sectors {
                let mid = 0.5 * (sec.from_deg + sec.to_deg);
                out.push(Label {
                    at: polar(c, r, mid),
                    text: sec.value.to_string(),
                });
            }
        }
        for h in &s.holes {
            out.push(Label {
                at: h.centre_mm,
                text: h.name.clone(),
            });
        }
        out
    }
}
