//! Views of a frame that pips are looked for in, and the merge of the dice
//! each view shows.
//!
//! Gray mixes a pixel's three planes, so pips whose paint differs from the
//! die's body in hue more than in brightness (red pips on a blue die, yellow
//! on green, gold on black marble) fade in it. Each of the blue, green and
//! red planes keeps one of those contrasts whole. The reader reads each view
//! on its own; one die seen in several views is one die.

use crate::error::{Result, VisionError};
use crate::gray::GrayImage;
use crate::reader::Die;
use opencv::{core::Mat, prelude::*};

/// One single-plane view of a BGR frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Gray,
    Blue,
    Green,
    Red,
}

impl View {
    /// Every view, gray first (its reading wins ties).
    pub const ALL: [View; 4] = [View::Gray, View::Blue, View::Green, View::Red];

    /// This view of a BGR frame as plain bytes.
    pub fn plane(self, frame: &Mat) -> Result<GrayImage> {
        let channel = match self {
            View::Gray => return GrayImage::from_mat(frame),
            View::Blue => 0,
            View::Green => 1,
            View::Red => 2,
        };
        if frame.channels() != 3 || frame.depth() != opencv::core::CV_8U {
            return Err(VisionError::BadFrame(
                "a colour view needs an 8-bit 3-channel frame".into(),
            ));
        }
        let (w, h) = (frame.cols() as usize, frame.rows() as usize);
        if w == 0 || h == 0 {
            return Err(VisionError::BadFrame("frame has no pixels".into()));
        }
        let owned;
        let bytes = if frame.is_continuous() {
            frame.data_bytes()?
        } else {
            owned = frame.try_clone()?;
            owned.data_bytes()?
        };
        let data = bytes.chunks_exact(3).map(|p| p[channel]).collect();
        Ok(GrayImage {
            width: w,
            height: h,
            data,
        })
    }
}

impl std::str::FromStr for View {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<View, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "gray" | "grey" => Ok(View::Gray),
            "blue" => Ok(View::Blue),
            "green" => Ok(View::Green),
            "red" => Ok(View::Red),
            other => Err(format!("unknown view {other:?} (gray, blue, green or red)")),
        }
    }
}

/// Whether point `p` lies inside the convex quadrilateral `q`.
fn inside(q: &[[f32; 2]; 4], p: [f32; 2]) -> bool {
    let mut sign = 0.0f32;
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        let cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
        if cross != 0.0 {
            if sign != 0.0 && cross.signum() != sign {
                return false;
            }
            sign = cross.signum();
        }
    }
    true
}

/// Two readings are of one die when either's centre lies in the other's outline.
fn same_die(a: &Die, b: &Die) -> bool {
    inside(&a.corners, b.center) || inside(&b.corners, a.center)
}

/// The dice of all views, each die once. Where views read one die
/// differently, the surest reading is kept and its confidence lowered by
/// the surest rival's, so a die the views argue over is put to the player.
pub fn merge_views(per_view: Vec<Vec<Die>>) -> Vec<Die> {
    let mut groups: Vec<Vec<Die>> = Vec::new();
    for die in per_view.into_iter().flatten() {
        match groups.iter_mut().find(|g| g.iter().any(|d| same_die(d, &die))) {
            Some(g) => g.push(die),
            None => groups.push(vec![die]),
        }
    }
    groups
        .into_iter()
        .filter_map(|g| {
            let best = g
                .iter()
                .enumerate()
                .max_by(|(i, a), (j, b)| {
                    a.confidence
                        .total_cmp(&b.confidence)
                        .then(j.cmp(i)) // earlier view wins a tie
                })
                .map(|(_, d)| d.clone())?;
            let rival = g
                .iter()
                .filter(|d| d.face != best.face)
                .map(|d| d.confidence)
                .fold(0.0f32, f32::max);
            Some(Die {
                confidence: (best.confidence - rival).max(0.0),
                ..best
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(x: f32, face: &str, confidence: f32) -> Die {
        Die {
            center: [x, 50.0],
            corners: [[x - 10.0, 40.0], [x + 10.0, 40.0], [x + 10.0, 60.0], [x - 10.0, 60.0]],
            face: Some(face.into()),
            color: "white".into(),
            confidence,
            cocked: false,
        }
    }

    #[test]
    fn one_die_seen_in_two_views_is_one_die() {
        let merged = merge_views(vec![vec![die(50.0, "3", 0.9)], vec![die(52.0, "3", 0.8)]]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].confidence, 0.9);
    }

    #[test]
    fn dice_apart_stay_apart() {
        let merged = merge_views(vec![vec![die(50.0, "3", 0.9)], vec![die(90.0, "5", 0.8)]]);
        assert_eq!(merged.len(), 2);
    }

    #[test]
    fn views_that_disagree_keep_the_surer_reading_but_doubt_it() {
        let merged = merge_views(vec![vec![die(50.0, "4", 0.5)], vec![die(51.0, "5", 0.9)]]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].face.as_deref(), Some("5"));
        assert!((merged[0].confidence - 0.4).abs() < 1e-6);
    }
}
