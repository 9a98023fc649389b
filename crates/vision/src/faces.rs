//! From pips to faces: grouping pips that belong to one face, telling a die's
//! top face from the side faces a tilted camera also sees, and recovering the
//! top face's outline from its pips.
//!
//! Pips of one face share a plane, so they have the same size and the same
//! foreshortening; pips of a side face are seen more edge-on (thinner,
//! smaller). A camera above the table always sees the top face at least as
//! squarely as any side face, so within one die the face whose pips are
//! largest and roundest is the top face.

use crate::geometry::face_geometry;
use crate::pips::{chroma, Pip, Polarity};

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
    /// Pips whose centres are closer than this many times the sum of their
    /// radii (along the line between them) overlap, which two pips of one
    /// face never do (the closest standard pair, a "6"'s column, is about
    /// 1.5 times apart): such blobs are pieces of one mark, not a pair.
    pub min_separation_pip_lengths: f32,
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
            min_separation_pip_lengths: 1.0,
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

/// Chroma difference always allowed between pips of one paint (sensor
/// noise, compression), in gray levels...
const PAINT_CHROMA_SLACK: f32 = 30.0;
/// ...plus this share of the stronger pip's own chroma (small pips blend
/// with the face around them, and a face's pips do so alike but not equally).
const PAINT_CHROMA_SHARE: f32 = 0.4;

/// Whether two pips look painted alike: their colours' departures from
/// gray differ by little next to how coloured they are. Gray pips (black or
/// white paint) always match each other; this tells coloured paint apart.
fn same_paint(a: &Pip, b: &Pip) -> bool {
    let (ca, cb) = (chroma(a.color), chroma(b.color));
    let norm = |c: [f32; 3]| (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt();
    let diff = norm([ca[0] - cb[0], ca[1] - cb[1], ca[2] - cb[2]]);
    diff <= PAINT_CHROMA_SLACK + PAINT_CHROMA_SHARE * norm(ca).max(norm(cb))
}

/// Radius of a pip's ellipse in direction `dir` (pixels).
pub(crate) fn radius_towards(p: &Pip, dir: (f32, f32)) -> f32 {
    let len = dir.0.hypot(dir.1);
    if len <= 0.0 {
        return p.major / 2.0;
    }
    let (c, s) = (p.angle.cos(), p.angle.sin());
    // Direction in the pip's own axes.
    let (u, v) = (
        (dir.0 * c + dir.1 * s) / len,
        (-dir.0 * s + dir.1 * c) / len,
    );
    let (a, b) = ((p.major / 2.0).max(0.5), (p.minor / 2.0).max(0.5));
    1.0 / ((u / a).powi(2) + (v / b).powi(2)).sqrt()
}

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
/// A group of more than six pips cannot be one face of a d6: it is faces
/// chained together, and is split (see [`split_groups`]).
pub fn group_faces(pips: &[Pip], params: &GroupParams) -> Vec<FaceCluster> {
    split_groups(pips, params, 0)
        .into_iter()
        .map(FaceCluster::new)
        .collect()
}

/// Link groups, with every group of more than six pips split in whichever
/// of three ways leaves parts that best fit standard layouts (the worst
/// part's fit decides): regrouping it with all tolerances halved (which
/// parts faces that differ a little in pip shape, such as a die's top and
/// front faces); cutting it along its spanning tree by layout fit (see
/// [`split_chain`]; this parts faces whose pips look alike but keeps a face
/// whole when its own pips differ a little); or taking out the largest set
/// of pips that fits a standard face well, again and again (see
/// [`extract_faces`]; this finds a face whose pips are closer to another
/// face's than to each other). Each way fails where another works, and
/// layout fit is the judge that does not depend on pip shape.
fn split_groups(pips: &[Pip], params: &GroupParams, depth: u32) -> Vec<Vec<Pip>> {
    let mut out = Vec::new();
    for g in link_groups(pips, params) {
        if g.len() <= 6 {
            out.push(g);
            continue;
        }
        let by_layout = split_chain(g.clone());
        if depth >= 2 {
            out.extend(by_layout);
            continue;
        }
        let tighter = GroupParams {
            max_area_ratio: 1.0 + (params.max_area_ratio - 1.0) / 2.0,
            max_roundness_diff: params.max_roundness_diff / 2.0,
            max_axis_difference: params.max_axis_difference / 2.0,
            max_face_level_step: params.max_face_level_step / 2.0,
            max_contrast_ratio: 1.0 + (params.max_contrast_ratio - 1.0) / 2.0,
            link_pip_lengths: params.link_pip_lengths * 0.75,
            ..params.clone()
        };
        let by_tolerance = split_groups(&g, &tighter, depth + 1);
        let by_extraction = extract_faces(g);
        let best = [by_layout, by_tolerance, by_extraction]
            .into_iter()
            .min_by(|a, b| partition_score(a).total_cmp(&partition_score(b)));
        out.extend(best.unwrap_or_default());
    }
    out
}

/// A set of pips fitting a standard layout this well (grid steps) is taken
/// for a face when taking faces out of a chain.
const GOOD_FIT: f32 = 0.15;
/// Longest chain searched by [`extract_faces`] (it tries every subset).
const MAX_EXTRACT_CHAIN: usize = 12;

/// Take faces out of a chain one at a time: each time, the largest set of
/// three to six pips that fits a standard layout within [`GOOD_FIT`] (the
/// best-fitting of that size). Explaining the most pips with one face first
/// keeps a "5" from lending pips to a neighbour. What is left when no set
/// fits stays as one part (the partition then scores badly and another way
/// of splitting wins).
fn extract_faces(pips: Vec<Pip>) -> Vec<Vec<Pip>> {
    let mut rest = pips;
    let mut parts = Vec::new();
    while rest.len() > 6 && rest.len() <= MAX_EXTRACT_CHAIN {
        let n = rest.len();
        let mut best: Option<(usize, f32, u32)> = None;
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones() as usize;
            if !(3..=6).contains(&size) || best.is_some_and(|(s, _, _)| size < s) {
                continue;
            }
            let subset: Vec<Pip> = (0..n)
                .filter(|&i| mask & (1 << i) != 0)
                .map(|i| rest[i].clone())
                .collect();
            let r = part_residual(&subset);
            if r <= GOOD_FIT && best.is_none_or(|(s, br, _)| size > s || r < br) {
                best = Some((size, r, mask));
            }
        }
        let Some((_, _, mask)) = best else {
            break;
        };
        type Numbered = Vec<(usize, Pip)>;
        let (taken, left): (Numbered, Numbered) = rest
            .into_iter()
            .enumerate()
            .partition(|(i, _)| mask & (1 << i) != 0);
        parts.push(taken.into_iter().map(|(_, p)| p).collect());
        rest = left.into_iter().map(|(_, p)| p).collect();
    }
    if !rest.is_empty() {
        parts.push(rest);
    }
    parts
}

/// How well a partition fits standard layouts: its worst part's residual.
fn partition_score(parts: &[Vec<Pip>]) -> f32 {
    parts.iter().map(|p| part_residual(p)).fold(0.0, f32::max)
}

/// Pips linked into groups: the union of all pairs that look like
/// neighbours on one face.
fn link_groups(pips: &[Pip], params: &GroupParams) -> Vec<Vec<Pip>> {
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
            // Pips of one face share their paint: a glare spot beside
            // yellow pips, or a mark of another colour, does not.
            if !same_paint(a, b) {
                continue;
            }
            // Elongated pips of one face are stretched the same way.
            if a.roundness() < params.orientation_roundness
                && b.roundness() < params.orientation_roundness
                && axis_difference(a.angle, b.angle) > params.max_axis_difference
            {
                continue;
            }
            let d = dist(a.center, b.center);
            let reach = params.link_pip_lengths * (a.major + b.major) / 2.0;
            // Overlap is judged along the line between the two: the ratio of
            // their distance to their radii there survives any oblique view.
            let dir = (b.center.0 - a.center.0, b.center.1 - a.center.1);
            let apart = d
                >= params.min_separation_pip_lengths
                    * (radius_towards(a, dir) + radius_towards(b, dir));
            if d < reach && apart {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri] = rj;
            }
        }
    }
    let mut groups: Vec<Vec<Pip>> = Vec::new();
    let mut slot: Vec<Option<usize>> = vec![None; n];
    for (i, pip) in pips.iter().enumerate() {
        let r = find(&mut parent, i);
        match slot[r] {
            Some(g) => groups[g].push(pip.clone()),
            None => {
                slot[r] = Some(groups.len());
                groups.push(vec![pip.clone()]);
            }
        }
    }
    groups
}

/// Least residual charged to a part of one or two pips when scoring a
/// split: any single blob "fits" a "1" and any two a "2", so such parts
/// prove nothing and must not look perfect (else cutting a "4" into two
/// "2"s would always win).
const SMALL_PART_RESIDUAL: f32 = 0.25;
/// Residual charged to a part still too big to be one face.
const OVERSIZE_PART_RESIDUAL: f32 = 1.0;

/// How well a set of pips fits one standard face (layout residual, grid steps).
fn part_residual(pips: &[Pip]) -> f32 {
    match pips.len() {
        0 => f32::INFINITY,
        1 => SMALL_PART_RESIDUAL,
        2 => face_geometry(&FaceCluster::new(pips.to_vec()))
            .layout_residual
            .max(SMALL_PART_RESIDUAL),
        3..=6 => face_geometry(&FaceCluster::new(pips.to_vec())).layout_residual,
        _ => OVERSIZE_PART_RESIDUAL,
    }
}

/// A group of more than six pips cannot be one face of a d6: faces of
/// neighbouring dice (or a die's top and side) chained together through a
/// pair of pips that happened to look alike. The chain is cut along links
/// of its shortest spanning tree (the links that hold it together) into the
/// parts that best fit standard layouts: the partition whose worst-fitting
/// part fits best wins (the longer cut link on ties). Cutting by layout
/// rather than by tighter tolerances keeps a true face whole even when its
/// own pips differ a little.
fn split_chain(pips: Vec<Pip>) -> Vec<Vec<Pip>> {
    if pips.len() <= 6 {
        return vec![pips];
    }
    let mut budget = PARTITION_BUDGET;
    partition(&pips, &mut budget).1
}

/// Most part fits one chain's search may try; long chains (clutter, not
/// dice) fall back to cutting their longest links.
const PARTITION_BUDGET: u32 = 4000;

/// Best partition of `pips` into parts of at most six (see [`split_chain`]):
/// the worst part's residual, and the parts.
fn partition(pips: &[Pip], budget: &mut u32) -> (f32, Vec<Vec<Pip>>) {
    let n = pips.len();
    if n <= 6 {
        return (part_residual(pips), vec![pips.to_vec()]);
    }
    let edges = spanning_tree(pips);
    let sides: Vec<(f32, Vec<bool>)> = edges
        .iter()
        .enumerate()
        .map(|(cut, &(_, _, length))| (length, side_of_cut(n, &edges, cut)))
        .collect();
    let part = |side: &[bool], want: bool| -> Vec<Pip> {
        (0..n)
            .filter(|&i| side[i] == want)
            .map(|i| pips[i].clone())
            .collect()
    };
    if *budget == 0 {
        // Out of search: cut the longest link and go on.
        let Some((_, side)) = sides.iter().max_by(|a, b| a.0.total_cmp(&b.0)) else {
            return (OVERSIZE_PART_RESIDUAL, vec![pips.to_vec()]);
        };
        let (ra, mut a) = partition(&part(side, true), budget);
        let (rb, b) = partition(&part(side, false), budget);
        a.extend(b);
        return (ra.max(rb), a);
    }
    let mut best: Option<(f32, f32, Vec<Vec<Pip>>)> = None;
    for (length, side) in &sides {
        *budget = budget.saturating_sub(1);
        let (ra, mut a) = partition(&part(side, true), budget);
        let (rb, b) = partition(&part(side, false), budget);
        let score = ra.max(rb);
        let better = match &best {
            None => true,
            Some((s, l, _)) => score < *s || (score == *s && length > l),
        };
        if better {
            a.extend(b);
            best = Some((score, *length, a));
        }
    }
    match best {
        Some((score, _, parts)) => (score, parts),
        None => (OVERSIZE_PART_RESIDUAL, vec![pips.to_vec()]),
    }
}

/// Links of the shortest spanning tree of the pips (Prim), as (a, b, length
/// in mean pip lengths).
fn spanning_tree(pips: &[Pip]) -> Vec<(usize, usize, f32)> {
    let n = pips.len();
    let weight = |i: usize, j: usize| {
        dist(pips[i].center, pips[j].center) / ((pips[i].major + pips[j].major) / 2.0).max(1.0)
    };
    let mut in_tree = vec![false; n];
    let mut best: Vec<(f32, usize)> = (0..n).map(|j| (weight(0, j), 0)).collect();
    in_tree[0] = true;
    let mut edges = Vec::with_capacity(n.saturating_sub(1));
    for _ in 1..n {
        let Some(next) = (0..n)
            .filter(|&j| !in_tree[j])
            .min_by(|&a, &b| best[a].0.total_cmp(&best[b].0))
        else {
            break;
        };
        in_tree[next] = true;
        edges.push((best[next].1, next, best[next].0));
        for j in 0..n {
            if !in_tree[j] {
                let w = weight(next, j);
                if w < best[j].0 {
                    best[j] = (w, next);
                }
            }
        }
    }
    edges
}

/// Which pips stay with pip 0 when tree link `cut` is removed.
fn side_of_cut(n: usize, edges: &[(usize, usize, f32)], cut: usize) -> Vec<bool> {
    let mut side = vec![false; n];
    side[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for (k, &(a, b, _)) in edges.iter().enumerate() {
            if k != cut && side[a] != side[b] {
                side[a] = true;
                side[b] = true;
                changed = true;
            }
        }
    }
    side
}

/// A face judged to be a die's top face.
#[derive(Clone, Debug)]
pub struct TopFace {
    pub face: FaceCluster,
    /// Another face of the same die is seen nearly as squarely: the die may
    /// be leaning (on another die, a wall, the board edge) rather than flat.
    pub rival_ratio: f32,
}

/// Pips of one die differ in length by less than this factor.
const ONE_DIE_PIP_RATIO: f32 = 2.5;

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
            // A face only suppresses faces within its own die's reach. A
            // "pip" several times longer than the other face's pips is no pip
            // of that face's die (a whole die taken for a "1", say): it hides
            // only faces lying on the blob itself, not the dice around it.
            let reach = if o.pip_length > ONE_DIE_PIP_RATIO * f.pip_length {
                o.pip_length
            } else {
                params.die_pip_lengths * o.pip_length
            };
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pip(x: f32, y: f32, major: f32, roundness: f32, angle: f32) -> Pip {
        Pip {
            center: (x, y),
            area: 0.8 * major * major * roundness,
            major,
            minor: major * roundness,
            angle,
            contrast: 180.0,
            ring_level: 188.0,
            polarity: Polarity::Dark,
            color: [30.0; 3],
        }
    }

    fn sizes(faces: &[FaceCluster]) -> Vec<usize> {
        let mut v: Vec<usize> = faces.iter().map(|f| f.pips.len()).collect();
        v.sort_unstable();
        v
    }

    /// Two touching dice as a tilted webcam saw them: a "4" whose pips'
    /// axes differ by up to 0.34 rad (nearly round pips have a poorly
    /// measured axis) and a "5" beside it, one of its pips in linking reach
    /// of the "4". Cutting by layout keeps both faces whole.
    #[test]
    fn a_chain_of_a_four_and_a_five_splits_into_both_faces() {
        let pips = vec![
            pip(147.0, 138.0, 9.4, 0.81, -0.98),
            pip(165.0, 133.0, 9.9, 0.77, -0.99),
            pip(146.0, 158.0, 10.2, 0.78, -1.05),
            pip(165.0, 154.0, 9.9, 0.77, -0.71),
            pip(191.0, 208.0, 10.4, 0.86, -1.13),
            pip(212.0, 207.0, 10.9, 0.82, -1.01),
            pip(203.0, 196.0, 10.0, 0.86, -0.86),
            pip(194.0, 185.0, 10.7, 0.85, -1.05),
            pip(214.0, 184.0, 10.4, 0.85, -1.14),
        ];
        let faces = group_faces(&pips, &GroupParams::default());
        assert_eq!(sizes(&faces), vec![4, 5]);
        let four = faces.iter().find(|f| f.pips.len() == 4).expect("a four");
        assert!((four.center.0 - 155.75).abs() < 0.5 && (four.center.1 - 145.75).abs() < 0.5);
    }

    #[test]
    fn overlapping_blobs_are_not_paired_even_when_foreshortened() {
        // Two blobs 3 px apart (one glyph seen as two) never make a "2".
        let glyph = vec![
            pip(114.0, 16.0, 12.0, 0.7, 0.0),
            pip(117.0, 15.0, 12.0, 0.7, 0.0),
        ];
        assert_eq!(
            sizes(&group_faces(&glyph, &GroupParams::default())),
            vec![1, 1]
        );
        // A side face seen steeply: pips 12 px wide but only 4 px tall, 7 px
        // apart vertically, are separate pips of one column.
        let column = vec![
            pip(100.0, 100.0, 12.0, 0.33, 0.0),
            pip(100.0, 107.0, 12.0, 0.33, 0.0),
            pip(100.0, 114.0, 12.0, 0.33, 0.0),
        ];
        assert_eq!(
            sizes(&group_faces(&column, &GroupParams::default())),
            vec![3]
        );
    }

    #[test]
    fn a_face_joined_to_its_neighbour_by_both_columns_is_taken_out_whole() {
        // A dark die seen ~38° off (rendered, measured): the top "4"'s
        // columns each sit closer to the front "5" than to each other, so no
        // single cut of the chain's spanning tree frees the "4".
        let shaped = |x: f32, y: f32, major: f32, roundness: f32, angle: f32, contrast: f32| Pip {
            contrast,
            ring_level: 255.0 - if contrast > 200.0 { 30.0 } else { 24.0 },
            polarity: Polarity::Bright,
            ..pip(x, y, major, roundness, angle)
        };
        let pips = vec![
            shaped(193.0, 315.0, 11.2, 0.71, -0.17, 187.0),
            shaped(226.0, 312.0, 12.0, 0.67, -0.13, 187.0),
            shaped(209.0, 303.0, 12.5, 0.63, -0.16, 187.0),
            shaped(193.0, 294.0, 11.7, 0.68, -0.16, 187.0),
            shaped(227.0, 292.0, 12.2, 0.65, -0.17, 187.0),
            shaped(192.0, 276.0, 12.9, 0.73, -0.07, 205.0),
            shaped(225.0, 273.0, 12.4, 0.78, -0.04, 205.0),
            shaped(188.0, 250.0, 11.5, 0.87, 0.26, 205.0),
            shaped(222.0, 247.0, 12.0, 0.77, -0.12, 205.0),
        ];
        let faces = group_faces(&pips, &GroupParams::default());
        assert_eq!(sizes(&faces), vec![4, 5]);
    }

    #[test]
    fn a_glare_spot_beside_coloured_pips_is_not_one_of_them() {
        let yellow = |x: f32, y: f32| Pip {
            color: [60.0, 225.0, 245.0],
            polarity: Polarity::Bright,
            ..pip(x, y, 10.0, 0.95, 0.0)
        };
        // A pinkish-white highlight on a red die, shaped like a pip.
        let glare = Pip {
            color: [167.0, 165.0, 227.0],
            ..yellow(120.0, 100.0)
        };
        let faces = group_faces(
            &[yellow(100.0, 100.0), yellow(130.0, 130.0), glare],
            &GroupParams::default(),
        );
        assert_eq!(sizes(&faces), vec![1, 2]);
        // Gray pips (white paint) match each other whatever their level.
        let white = |x: f32, y: f32, v: f32| Pip {
            color: [v; 3],
            ..yellow(x, y)
        };
        let faces = group_faces(
            &[white(100.0, 100.0, 230.0), white(130.0, 130.0, 180.0)],
            &GroupParams::default(),
        );
        assert_eq!(sizes(&faces), vec![2]);
    }

    #[test]
    fn a_chain_of_three_faces_splits_into_all_three() {
        // A "4", a "3" and a "5" in a row, each in linking reach of the next:
        // one cut cannot leave faces only, so the cutting goes on.
        let mut pips = Vec::new();
        for (dx, dy) in [(0.0, 0.0), (20.0, 0.0), (0.0, 20.0), (20.0, 20.0)] {
            pips.push(pip(100.0 + dx, 100.0 + dy, 6.0, 1.0, 0.0));
        }
        for i in 0..3 {
            let t = 10.0 * i as f32;
            pips.push(pip(145.0 + t, 120.0 - t, 6.0, 1.0, 0.0));
        }
        for (dx, dy) in [
            (0.0, 0.0),
            (20.0, 0.0),
            (10.0, 10.0),
            (0.0, 20.0),
            (20.0, 20.0),
        ] {
            pips.push(pip(190.0 + dx, 100.0 + dy, 6.0, 1.0, 0.0));
        }
        let faces = group_faces(&pips, &GroupParams::default());
        assert_eq!(sizes(&faces), vec![3, 4, 5]);
    }

    /// A dark die whose pips vanish into its body in gray is one blob, 27 px
    /// long, taken for a "1"; a "3" of 5 px pips 140 px away is another die's
    /// face and stays, while a face lying on the blob itself is still hidden.
    #[test]
    fn a_whole_die_taken_for_a_pip_hides_only_faces_on_itself() {
        let blob = FaceCluster::new(vec![pip(245.0, 304.0, 27.5, 0.92, 0.0)]);
        let three = FaceCluster::new(vec![
            pip(361.0, 385.0, 5.2, 0.9, 0.0),
            pip(363.0, 377.0, 5.2, 0.9, 0.0),
            pip(365.0, 370.0, 5.2, 0.9, 0.0),
        ]);
        assert!(blob.squareness > three.squareness);
        let kept = top_faces(vec![blob.clone(), three.clone()], &GroupParams::default());
        assert_eq!(kept.iter().map(|t| t.face.pips.len()).collect::<Vec<_>>(), vec![1, 3]);
        let on_blob = FaceCluster::new(
            three.pips.iter().map(|p| pip(p.center.0 - 118.0, p.center.1 - 73.0, 5.2, 0.9, 0.0)).collect(),
        );
        let kept = top_faces(vec![blob, on_blob], &GroupParams::default());
        assert_eq!(kept.iter().map(|t| t.face.pips.len()).collect::<Vec<_>>(), vec![1]);
    }

}
