//! From pips to faces: grouping pips that belong to one face, telling a die's
//! top face from the side faces a tilted camera also sees, and recovering the
//! top face's outline from its pips.
//!
//! Pips of one face share a plane, so they have the same size and the same
//! foreshortening; pips of a side face are seen more edge-on (thinner,
//! smaller). A camera above the table always sees the top face at least as
//! squarely as any side face, so within one die the face whose pips are
//! largest and roundest is the top face.

use crate::pips::{Pip, Polarity};

/// Tuning of pip grouping.
#[derive(Clone, Debug)]
pub struct GroupParams {
    /// Two pips of one face differ in area by at most this factor.
    pub max_area_ratio: f32,
    /// Two pips of one face differ in roundness by at most this much.
    pub max_roundness_diff: f32,
    /// Pips closer than this many pip lengths may share a face (a "2" has its
    /// pips in opposite corners, about four and a half pip lengths apart).
    pub link_pip_lengths: f32,
    /// Faces whose centres are closer than this many pip lengths are taken to
    /// be faces of one die (top and side).
    pub die_pip_lengths: f32,
    /// Factor by which the upper of two vertically stacked faces of one die
    /// is favoured as the top face.
    pub upper_face_bias: f32,
    /// Pips both rounder than this have no reliable axis to compare.
    pub orientation_roundness: f32,
    /// Largest difference of major-axis direction (radians) within one face.
    pub max_axis_difference: f32,
    /// Largest difference of face brightness around two pips of one face, as
    /// a fraction of the pips' contrast.
    pub max_face_level_step: f32,
    /// Largest ratio of pip contrasts within one face.
    pub max_contrast_ratio: f32,
}

impl Default for GroupParams {
    fn default() -> Self {
        GroupParams {
            max_area_ratio: 1.5,
            max_roundness_diff: 0.06,
            link_pip_lengths: 4.8,
            die_pip_lengths: 6.0,
            upper_face_bias: 2.0,
            orientation_roundness: 0.85,
            max_axis_difference: 0.35,
            max_face_level_step: 0.1,
            max_contrast_ratio: 1.3,
        }
    }
}

/// Pips taken to lie on one face.
#[derive(Clone, Debug)]
pub struct FaceCluster {
    pub pips: Vec<Pip>,
    /// Mean of pip centres: the face centre for every standard pip layout.
    pub center: (f32, f32),
    /// Median pip area, pixels.
    pub pip_area: f32,
    /// Median pip major axis, pixels.
    pub pip_length: f32,
    /// Median pip roundness.
    pub roundness: f32,
    pub polarity: Polarity,
    /// How squarely the face is seen; the top face scores highest on its die.
    pub squareness: f32,
}

fn median(mut v: Vec<f32>) -> f32 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

impl FaceCluster {
    pub(crate) fn new(pips: Vec<Pip>) -> FaceCluster {
        let n = pips.len() as f32;
        let cx = pips.iter().map(|p| p.center.0).sum::<f32>() / n;
        let cy = pips.iter().map(|p| p.center.1).sum::<f32>() / n;
        let pip_area = median(pips.iter().map(|p| p.area).collect());
        let pip_length = median(pips.iter().map(|p| p.major).collect());
        let roundness = median(pips.iter().map(|p| p.roundness()).collect());
        let polarity = pips[0].polarity;
        FaceCluster {
            squareness: pip_area.sqrt() * roundness * roundness,
            pips,
            center: (cx, cy),
            pip_area,
            pip_length,
            roundness,
            polarity,
        }
    }
}

/// Pixels of minor-axis measurement error allowed when comparing roundness.
const ROUNDNESS_PIXEL_SLACK: f32 = 1.0;

/// Difference between two axis directions (radians), modulo half a turn.
fn axis_difference(a: f32, b: f32) -> f32 {
    let d = (a - b).rem_euclid(std::f32::consts::PI);
    d.min(std::f32::consts::PI - d)
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Group pips into faces (union of all pairs that look like neighbours on one face).
///
/// A group of more than six pips cannot be one face of a d6: it is two faces
/// (or two dice) that chained together, so it is regrouped with tolerances
/// halved, up to twice.
pub fn group_faces(pips: &[Pip], params: &GroupParams) -> Vec<FaceCluster> {
    group_faces_at(pips, params, 0)
}

fn group_faces_at(pips: &[Pip], params: &GroupParams, depth: u32) -> Vec<FaceCluster> {
    let n = pips.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..n {
        for j in i + 1..n {
            let (a, b) = (&pips[i], &pips[j]);
            if a.polarity != b.polarity {
                continue;
            }
            if a.area.max(b.area) > params.max_area_ratio * a.area.min(b.area) {
                continue;
            }
            // Roundness of a small blob is only known to about a pixel of its
            // minor axis, so the tolerance widens for small pips.
            let tolerance =
                params.max_roundness_diff + ROUNDNESS_PIXEL_SLACK / a.major.min(b.major).max(1.0);
            if (a.roundness() - b.roundness()).abs() > tolerance {
                continue;
            }
            // Pips of one face are cut to the same depth and lit alike.
            if a.contrast.max(b.contrast) > params.max_contrast_ratio * a.contrast.min(b.contrast) {
                continue;
            }
            // One face is lit evenly; a die's edge between two faces usually
            // shows as a step in brightness of the face around the pips.
            let level_step = (a.ring_level - b.ring_level).abs();
            if level_step > params.max_face_level_step * a.contrast.min(b.contrast) {
                continue;
            }
            // Elongated pips of one face are stretched the same way.
            if a.roundness() < params.orientation_roundness
                && b.roundness() < params.orientation_roundness
                && axis_difference(a.angle, b.angle) > params.max_axis_difference
            {
                continue;
            }
            let reach = params.link_pip_lengths * (a.major + b.major) / 2.0;
            if dist(a.center, b.center) < reach {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri] = rj;
            }
        }
    }
    let mut groups: Vec<Vec<Pip>> = Vec::new();
    let mut slot: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        let r = find(&mut parent, i);
        match slot[r] {
            Some(g) => groups[g].push(pips[i].clone()),
            None => {
                slot[r] = Some(groups.len());
                groups.push(vec![pips[i].clone()]);
            }
        }
    }
    let mut out = Vec::with_capacity(groups.len());
    for g in groups {
        if g.len() > 6 && depth < 2 {
            let tighter = GroupParams {
                max_area_ratio: 1.0 + (params.max_area_ratio - 1.0) / 2.0,
                max_roundness_diff: params.max_roundness_diff / 2.0,
                max_axis_difference: params.max_axis_difference / 2.0,
                max_face_level_step: params.max_face_level_step / 2.0,
                max_contrast_ratio: 1.0 + (params.max_contrast_ratio - 1.0) / 2.0,
                link_pip_lengths: params.link_pip_lengths * 0.75,
                ..params.clone()
            };
            out.extend(group_faces_at(&g, &tighter, depth + 1));
        } else {
            out.push(FaceCluster::new(g));
        }
    }
    out
}

/// A face judged to be a die's top face.
#[derive(Clone, Debug)]
pub struct TopFace {
    pub face: FaceCluster,
    /// Another face of the same die is seen nearly as squarely: the die may
    /// be leaning (on another die, a wall, the board edge) rather than flat.
    pub rival_ratio: f32,
}

/// Keep, for each die, the face seen most squarely; drop the side faces.
pub fn top_faces(clusters: Vec<FaceCluster>, params: &GroupParams) -> Vec<TopFace> {
    let mut out = Vec::new();
    for (i, f) in clusters.iter().enumerate() {
        let mut beaten = false;
        let mut rival: f32 = 0.0;
        for (j, o) in clusters.iter().enumerate() {
            if i == j || o.polarity != f.polarity {
                continue;
            }
            // A face only suppresses faces within its own die's reach.
            let reach = params.die_pip_lengths * o.pip_length;
            if dist(f.center, o.center) >= reach {
                continue;
            }
            // A tilted camera sees the front face hanging below the top face,
            // so between two faces of one die stacked vertically in the image
            // the upper one is favoured; side by side, squareness alone decides.
            let (dx, dy) = (f.center.0 - o.center.0, f.center.1 - o.center.1);
            let bias = if dy > dx.abs() {
                params.upper_face_bias
            } else if -dy > dx.abs() {
                1.0 / params.upper_face_bias
            } else {
                1.0
            };
            let o_score = o.squareness * bias;
            if o_score > f.squareness || (o_score == f.squareness && j < i) {
                beaten = true;
                break;
            }
            rival = rival.max(o.squareness / f.squareness);
        }
        if !beaten {
            out.push(TopFace {
                face: f.clone(),
                rival_ratio: rival,
            });
        }
    }
    out
}
