//! A white die read on its own foot, sought again beyond it.
//!
//! On pale print a white die's top hardly differs from the board, while
//! its shaded sides do; the edge fit can settle on those sides, a face
//! lower in the frame (nearer the camera) than the top, and the verifier
//! may still take it. Against the frame before the throw such a fit shows
//! itself: its top changed and is darker than the board was there
//! ([`Standing::below_its_die`]), which a white die's own top, lit from
//! above, never is. The die is then sought again a face's radius farther
//! from the camera (where the tilt puts its top), and a white fit found
//! there, on the same die (within two dice's spacing of the first), that
//! no longer lies below its die takes the first one's place, taken by the
//! verifier or not: that a die stands there the first fit and the change
//! already say, only where is asked. Without one the first reading is
//! kept: nothing is lost.
//! Figures: docs/measurements/2026-11-27-target-camouflage.md.

use crate::dieset::DieSet;
use crate::pose::Pose;
use crate::read::{Built, ReadError, TargetDie};
use crate::standing::{beyond, over_hole, standing};
use opencv::core::Mat;
use tw_board::{Board, Webs};

/// At most this many dice a throw are sought again (each a wide fit).
const MOST_RAISED: usize = 3;

/// `dice` (read in `now`, `was` the frame before the throw) with every
/// white die that lies on its own foot replaced by a white fit found
/// beyond it, within two dice's spacing of it, that does not lie on a
/// foot itself.
#[allow(clippy::too_many_arguments)]
pub(crate) fn raised(
    now: &Mat,
    was: &Mat,
    built: &Built,
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    dice: Vec<TargetDie>,
) -> Result<Vec<TargetDie>, ReadError> {
    let pose: &Pose = &built.pose;
    let eye = pose.eye();
    let spacing = set.die.min_spacing_mm();
    let mut low: Vec<(usize, [f64; 2])> = Vec::new();
    for (i, d) in dice.iter().enumerate() {
        if low.len() >= MOST_RAISED {
            break;
        }
        if d.color != "white" || over_hole(board, &set.die, d) {
            continue;
        }
        if !standing(now, was, d, &dice, pose, &set.die)?.below_its_die() {
            continue;
        }
        let c = crate::region::centroid(&d.corners_mm);
        if let Some(s) = beyond(c, [eye[0], eye[1]], set.die.face_radius_mm()) {
            low.push((i, s));
        }
    }
    if low.is_empty() {
        return Ok(dice);
    }
    let starts: Vec<[f64; 2]> = low.iter().map(|(_, s)| *s).collect();
    let (found, mut refused) = crate::read::fit_proposed(now, built, board, webs, set, &starts)?;
    refused.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out = dice.clone();
    for (i, _) in low {
        let others: Vec<TargetDie> = dice
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, d)| d.clone())
            .collect();
        let was_at = crate::region::centroid(&dice[i].corners_mm);
        let near = |d: &TargetDie| {
            let c = crate::region::centroid(&d.corners_mm);
            (c[0] - was_at[0]).hypot(c[1] - was_at[1]) < spacing
        };
        // The verifier's dice first, then the fits it refused, most
        // die-like first: that a die stands here the first fit and the
        // change already say, only where is asked.
        let mut cands: Vec<&TargetDie> = found.iter().filter(|d| near(d)).collect();
        cands.extend(refused.iter().filter(|(_, d)| near(d)).map(|(_, d)| d));
        for d in cands {
            if d.color != "white" || others.iter().any(|o| near_die(o, d, spacing)) {
                continue;
            }
            let st = standing(now, was, d, &others, pose, &set.die)?;
            if st.top.is_some() && !st.below_its_die() {
                out[i] = d.clone();
                break;
            }
        }
    }
    Ok(out)
}

/// Whether two dice lie closer than two dice can (`spacing`, mm).
fn near_die(a: &TargetDie, b: &TargetDie, spacing: f64) -> bool {
    let (p, q) = (
        crate::region::centroid(&a.corners_mm),
        crate::region::centroid(&b.corners_mm),
    );
    (p[0] - q[0]).hypot(p[1] - q[1]) < spacing
}
