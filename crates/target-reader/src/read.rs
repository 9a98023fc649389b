//! The whole reading of one frame: find dice, fit their top faces, rule the
//! landing section, read colour and icon/blank.

use crate::area::{in_any, PxRect};
use crate::detect::{coverage, find_candidates_in};
use crate::dieset::DieSet;
use crate::face::{describe, face_patch};
use crate::fit::{fit_die, Fit, Gradients, Search};
use crate::par::par_map;
use crate::pose::Pose;
use crate::shape::DieShape;
use opencv::core::Mat;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};
use tw_board::{Board, Landing, Webs};

/// Depths (mm below the board surface) tried for a die inside a hole.
const HOLE_DROPS_MM: [f64; 3] = [1.5, 3.0, 4.5];

/// Whether the die's whole footprint (its widest ring) lies in one hole.
fn wholly_over_hole(board: &Board, shape: &DieShape, fit: &crate::fit::Fit) -> bool {
    shape.vertices(fit.centre_mm, fit.yaw)[5..10]
        .iter()
        .all(|v| matches!(board.region_at([v[0], v[1]]), tw_board::Region::Hole(_)))
}

/// A fit whose image under the rim correlates this well with the rim
/// turned round the board's centre is print ([`crate::echo`]): rim tiles
/// mostly echo above it, dice below. Set on the painted drawing (figures:
/// docs/measurements/2026-11-26-target-reader-history.md).
pub const ECHO_MAX: f64 = 0.85;

/// Below this face confidence the reading is flagged for the player, so
/// the face misreads seen on generated scenes are asked rather than
/// guessed (figures: docs/measurements/2026-11-26-target-reader-history.md).
pub const UNCERTAIN_BELOW: f64 = 0.7;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetDie {
    pub center: [f64; 2],
    /// Top-face corners, image pixels (5: the d12's pentagon).
    pub corners: Vec<[f64; 2]>,
    /// The same corners on the board, millimetres.
    pub corners_mm: Vec<[f64; 2]>,
    pub color: String,
    pub face: String,
    pub confidence: f64,
    /// The face reading is not sure enough to be used without asking.
    pub uncertain: bool,
    pub section: tw_board::Section,
    /// The landing was a tie resolved to the lower value.
    pub tie: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TargetReading {
    pub width: u32,
    pub height: u32,
    pub dice: Vec<TargetDie>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("the calibration's homography does not describe a camera looking at the board")]
    BadCalibration,
    #[error(
        "the image is {width}×{height} pixels; the target reader needs at least {} on each side",
        crate::check::MIN_SIDE_PX
    )]
    TooSmall { width: i32, height: i32 },
    #[error("the image is {width}×{height} pixels, over the {} megapixels the target reader takes", crate::check::MAX_PIXELS / 1_000_000)]
    TooLarge { width: i32, height: i32 },
    #[error("the image has {channels} channel(s); the target reader needs 8-bit BGR colour")]
    NotBgr { channels: i32 },
    #[error("the calibration's board_to_image homography is degenerate: {0}")]
    DegenerateHomography(&'static str),
    #[error("no part of the board falls inside the {width}×{height} image under the calibration (camera or board moved? calibrate again)")]
    BoardNotInView { width: i32, height: i32 },
    #[error("the die set's die edge length {0} mm is not a positive number")]
    BadDieSize(f64),
    #[error("image processing failed: {0}")]
    OpenCv(#[from] opencv::Error),
    #[error("correcting the frame's white balance failed: {0}")]
    Light(String),
}

/// Everything measured about one fitted candidate before it is accepted.
#[derive(Debug, Clone)]
pub struct Measured {
    pub fit: crate::fit::Fit,
    /// Fraction of the predicted silhouette that differs from the board.
    pub coverage: f64,
    /// Distance of the face colour to the nearest enrolled colour.
    pub color_dist: f64,
    /// Colour, face and confidence by the band terms alone
    /// ([`DieSet::classify_by_band`]): the verifier's inputs. An accepted
    /// die's face is read again by every term where it ends up.
    pub color: String,
    pub face: String,
    pub confidence: f64,
    /// Share of the face's band that is one paint ([`crate::face::band_uniformity`]).
    pub band_uniform: f64,
    /// Chroma distance of the side faces to the top face ([`crate::verify::side_match`]).
    pub side_match: f64,
    /// How far the side faces are from one paint each ([`crate::verify::side_spread`]).
    pub side_spread: f64,
}

/// Reads `img` (BGR) given `board_to_image` (board mm → pixels).
pub fn read_target(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
) -> Result<TargetReading, ReadError> {
    read_target_in(img, board_to_image, board, webs, set, None)
}

/// [`read_target`] limited to dice centred in `areas` (frame pixels;
/// `None`: the whole frame). Candidates are sought there only; fits,
/// refits and placements work on the whole frame's pixels, so a die in an
/// area is read as the whole-frame read would read it.
pub fn read_target_in(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    areas: Option<&[PxRect]>,
) -> Result<TargetReading, ReadError> {
    read_target_refusing(img, board_to_image, board, webs, set, areas, false).map(|(r, _, _)| r)
}

/// What a read built from its frame, handed on so that a later search of
/// the same frame ([`fit_proposed`]) does not build it again.
pub(crate) struct Built {
    pub grads: Gradients,
    /// The foreground mask the colour detector used: the whole frame's,
    /// or, for a read limited to areas, that of crops round them (zero
    /// elsewhere; see [`crate::detect::find_candidates_in`]). Proposed
    /// starts lie in those areas, so their fits are measured on it too.
    pub mask: Mat,
    pub pose: Pose,
}

/// What [`read_target_refusing`] gives: the reading, the refused fits
/// with their probability, and what it built.
pub(crate) type Refusing = (TargetReading, Vec<(f64, TargetDie)>, Built);

/// [`read_target_in`], and the fits the verifier refused (probability at
/// least [`STANDING_FLOOR`]), as dice where they lie, most die-like
/// first: a white die on ivory print looks like paper to the verifier, and
/// a coloured die on a band of its own paint like that band, so a read
/// given the frame before may take them by what changed
/// ([`crate::standing`]). With `refusing` false none are kept (no frame
/// before to judge them by: reading their faces would be wasted).
pub(crate) fn read_target_refusing(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    areas: Option<&[PxRect]>,
    refusing: bool,
) -> Result<Refusing, ReadError> {
    crate::check::frame(img, board_to_image, board, set)?;
    let (w, h) = (img.cols() as u32, img.rows() as u32);
    let (found, built) = measure_candidates_with(img, board_to_image, board, set, areas)?;
    let (grads, pose) = (&built.grads, &built.pose);
    let mut refused = Vec::new();
    for m in found.iter().filter(|m| refusing && !accepted(set, m)) {
        let p = die_likeness(set, m);
        if p < STANDING_FLOOR
            || areas.is_some_and(|a| !in_any(a, crate::region::centroid(&m.fit.corners_px)))
        {
            continue;
        }
        if let Some(d) = as_die(img, board, webs, set, &m.fit)? {
            refused.push((p, d));
        }
    }
    // A fit the verifier takes that is an echo of the rim's print (the
    // same patch recurs round the rim) is a tile, not a die.
    let accepted: Vec<Measured> = found
        .into_iter()
        .filter(|m| accepted(set, m))
        .filter(|m| {
            !crate::echo::rim_echo(grads, pose, board, &m.fit).is_some_and(|e| e >= ECHO_MAX)
        })
        .collect();
    // Accepted by its edge fit, a die is then placed by its regions and
    // its face read again there.
    let placed = par_map(&accepted, |m| {
        let reach = if die_likeness(set, m) < REFIT_CEILING {
            DOUBTED_REACH_MM
        } else {
            0.0
        };
        let placed = crate::region::place(grads, pose, &set.die, &m.fit, reach)?;
        // Where the regions and the edges disagree this much, the die is
        // not drawn as the region model has it: keep the edge fit.
        (placed.score >= EDGE_GUARD * m.fit.score).then_some(placed)
    });
    let mut dice: Vec<TargetDie> = Vec::new();
    for (m, placed) in accepted.into_iter().zip(placed) {
        // A fit the verifier only just took must, where it ends up, pass
        // the rescue's colour test too (judged after placing: a fit a few
        // mm off its die explains little until placed on it).
        let doubted = set.verifier.is_some() && die_likeness(set, &m) < RESCUE_MIN_P;
        let fit = placed.unwrap_or(m.fit);
        if doubted && !explained(grads, pose, set, &fit) {
            continue;
        }
        if areas.is_some_and(|a| !in_any(a, crate::region::centroid(&fit.corners_px))) {
            continue;
        }
        if let Some(d) = as_die(img, board, webs, set, &fit)? {
            dice.push(d);
        }
    }
    let reading = TargetReading {
        width: w,
        height: h,
        dice: kept_apart(dice, set.die.min_spacing_mm()),
    };
    Ok((reading, refused, built))
}

/// What [`fit_proposed`] found: the dice taken, and the refused fits
/// with their probability.
pub(crate) type Proposed = (Vec<TargetDie>, Vec<(f64, TargetDie)>);

/// Fits a die at each of `starts` (board mm, the die's centre) with the
/// wide search (a start from the change may lie 6–10 mm off the die, as a
/// doubted fit's does), and judges each: the dice the verifier takes
/// (placed by their regions, as [`read_target_refusing`] places them) and
/// the fits it refused, with their probability. For starts proposed
/// from outside the read (what a throw changed, [`crate::propose`]);
/// `built`: what the read of the same frame built.
pub(crate) fn fit_proposed(
    img: &Mat,
    built: &Built,
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    starts: &[[f64; 2]],
) -> Result<Proposed, ReadError> {
    let Built { grads, mask, pose } = built;
    let fits = par_map(starts, |s| {
        fit_at(grads, pose, &set.die, board, *s, Search::WIDE)
    });
    let (mut taken, mut refused) = (Vec::new(), Vec::new());
    for fit in fits.into_iter().flatten() {
        let m = measure(img, mask, grads, set, fit)?;
        let p = die_likeness(set, &m);
        if !accepted(set, &m) {
            if p >= STANDING_FLOOR {
                if let Some(d) = as_die(img, board, webs, set, &m.fit)? {
                    refused.push((p, d));
                }
            }
            continue;
        }
        if crate::echo::rim_echo(grads, pose, board, &m.fit).is_some_and(|e| e >= ECHO_MAX) {
            continue;
        }
        let reach = if p < REFIT_CEILING {
            DOUBTED_REACH_MM
        } else {
            0.0
        };
        let placed = crate::region::place(grads, pose, &set.die, &m.fit, reach)
            .filter(|pl| pl.score >= EDGE_GUARD * m.fit.score);
        let fit = placed.unwrap_or(m.fit);
        if set.verifier.is_some() && p < RESCUE_MIN_P && !explained(grads, pose, set, &fit) {
            continue;
        }
        if let Some(d) = as_die(img, board, webs, set, &fit)? {
            taken.push(d);
        }
    }
    Ok((kept_apart(taken, set.die.min_spacing_mm()), refused))
}

/// The die `fit` describes: its face read, its landing ruled (`None`
/// where it lands on no section).
fn as_die(
    img: &Mat,
    board: &Board,
    webs: &Webs,
    set: &DieSet,
    fit: &Fit,
) -> Result<Option<TargetDie>, ReadError> {
    let (color, face, confidence) = read_face(img, set, &fit.corners_px)?;
    let Ok(Landing { section, tie, .. }) = board.landing(&fit.corners_mm, webs) else {
        return Ok(None);
    };
    Ok(Some(TargetDie {
        center: crate::region::centroid(&fit.corners_px),
        corners: fit.corners_px.to_vec(),
        corners_mm: fit.corners_mm.to_vec(),
        color,
        face,
        confidence,
        uncertain: confidence < UNCERTAIN_BELOW,
        section,
        tie,
    }))
}

/// `dice` (most die-like first) without any that lies closer than two
/// dice can (`spacing`, mm, between the centres of their top faces
/// projected down) to one kept before it. Fits are kept apart before
/// they are placed by their regions; placing can bring two fits onto one
/// die (a die in a hole fitted at two depths), which this undoes. Two
/// real dice are never this close, so no die is lost.
fn kept_apart(dice: Vec<TargetDie>, spacing: f64) -> Vec<TargetDie> {
    let mut out: Vec<TargetDie> = Vec::with_capacity(dice.len());
    for d in dice {
        let c = crate::region::centroid(&d.corners_mm);
        if out.iter().any(|k| {
            let o = crate::region::centroid(&k.corners_mm);
            (o[0] - c[0]).hypot(o[1] - c[1]) < spacing
        }) {
            continue;
        }
        out.push(d);
    }
    out
}

/// Whether a candidate is taken as a die: by the die set's trained
/// verifier ([`crate::verify`]) when it has one, else by [`is_die`].
pub fn accepted(set: &DieSet, m: &Measured) -> bool {
    match &set.verifier {
        Some(v) => v.accepts(&crate::verify::features(m)),
        None => is_die(m),
    }
}

/// Fixed limits for a die set without a trained verifier: whether a
/// measured candidate is a die rather than a print, shadow or glare.
///
/// A die has edge evidence all round its top face and its silhouette, some
/// of its predicted silhouette differs from the board, and its face colour
/// is near an enrolled colour. The limits sit just below the weakest true
/// dice of generated scenes, so they drop few dice; they keep many
/// phantoms, and a white die on the ivory rim (coverage near 0) is lost:
/// train a verifier.
pub fn is_die(m: &Measured) -> bool {
    m.fit.top_edge >= 45.0
        && m.fit.outline_edge >= 45.0
        && m.coverage >= 0.1
        && m.color_dist <= 0.12
}

/// Every candidate fitted (several may fit one die), with what measuring
/// them needs.
struct Fitted {
    fits: Vec<Fit>,
    /// Second-rank ring proposals (board mm), not fitted: left to [`rescue`].
    second: Vec<[f64; 2]>,
    /// The foreground mask the colour detector used.
    mask: Mat,
    grads: Gradients,
    pose: Pose,
}

/// Finds and fits every candidate (centred in `areas`, if given).
fn fit_candidates(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
    areas: Option<&[PxRect]>,
) -> Result<Fitted, ReadError> {
    let (w, h) = (img.cols() as u32, img.rows() as u32);
    let pose = Pose::from_homography(board_to_image, w, h).ok_or(ReadError::BadCalibration)?;
    let shape = set.die;
    let (mut cands, mask) = find_candidates_in(img, board_to_image, &pose, &shape, board, areas)?;
    // Outline-based proposals catch what the colour test misses; the fit
    // and the die test judge both kinds alike.
    let (ring, second) = crate::ring::proposals_in(img, &pose, &shape, board, areas)?;
    cands.extend(ring);
    let grads = Gradients::new(img)?;
    // Each start with the changed area it was proposed in (the first that
    // holds it; one group for a whole-frame read).
    let (starts, groups): (Vec<[f64; 2]>, Vec<usize>) = cands
        .iter()
        .filter_map(|c| {
            let s = pose.unproject_at_height(c.centroid_px, shape.height_mm() / 2.0)?;
            let g = areas
                .and_then(|a| a.iter().position(|r| r.contains(c.centroid_px)))
                .unwrap_or(0);
            Some((s, g))
        })
        .unzip();
    let starts = most_die_like(&grads, &pose, &shape, starts, &groups, Caps::of(areas).fits);
    let fits = par_map(&starts, |s| {
        fit_at(&grads, &pose, &shape, board, *s, Search::NEAR)
    });
    let second = second
        .iter()
        .filter_map(|c| pose.unproject_at_height(c.centroid_px, shape.height_mm() / 2.0))
        .collect();
    Ok(Fitted {
        fits: fits.into_iter().flatten().collect(),
        second,
        mask,
        grads,
        pose,
    })
}

/// The most candidates a frame fits. A busy print can propose hundreds
/// (each costs a fit, and many a wider search and a placement after it),
/// while a table holds a dozen dice at most; past this the candidates
/// that look most like a die where they were proposed are fitted, so a
/// frame's time stays bounded whatever it shows.
pub const MAX_FITS: usize = 40;

/// The most fits a frame searches again, wider (the verifier's most
/// doubted last).
pub const MAX_REFITS: usize = 24;

/// The most refused fits and second-rank proposals a frame places by their
/// regions (the most die-like first).
pub const MAX_RESCUES: usize = 40;

/// How much work one read may do: candidates fitted, fits searched again
/// wider, refused fits placed by their regions; each list is cut after
/// its most die-like entries.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Caps {
    pub fits: usize,
    pub refits: usize,
    pub rescues: usize,
}

impl Caps {
    /// A whole frame: all of a busy print's candidates compete.
    pub const WHOLE: Caps = Caps {
        fits: MAX_FITS,
        refits: MAX_REFITS,
        rescues: MAX_RESCUES,
    };
    /// Only the areas a throw changed (or that differ from the calibration
    /// still): their candidates are the dice that landed and what lies
    /// round them. Dev scenes of one to four dice proposed up to 26
    /// candidates there and searched up to 16 again, their time growing
    /// with them, while every die was still found with these caps;
    /// placements cost little and keep their cap (figures:
    /// docs/measurements/2026-11-27-target-time-bound.md). The fits are
    /// dealt round the changed areas ([`best_of`]), so the cap bounds a
    /// four-dice throw without leaving one die's area unfitted; 8 fits
    /// lost a die (white, among three) on the dev sets, 10 did not
    /// (docs/measurements/2026-11-27-target-tail-bound.md).
    pub const CHANGED: Caps = Caps {
        fits: 10,
        refits: 4,
        rescues: MAX_RESCUES,
    };

    /// The caps of a read of `areas` (`None`: the whole frame).
    pub fn of(areas: Option<&[PxRect]>) -> Caps {
        if areas.is_some() {
            Caps::CHANGED
        } else {
            Caps::WHOLE
        }
    }
}

/// `starts` (board mm) if there are no more than `most`, else `most` of
/// them by [`crate::fit::quick_score`], in their first order. `groups`:
/// the changed area of each start; the fits are dealt round the areas
/// (see [`best_of`]).
fn most_die_like(
    grads: &Gradients,
    pose: &Pose,
    shape: &DieShape,
    starts: Vec<[f64; 2]>,
    groups: &[usize],
    most: usize,
) -> Vec<[f64; 2]> {
    if starts.len() <= most {
        return starts;
    }
    let scores = par_map(&starts, |s| crate::fit::quick_score(grads, pose, shape, *s));
    best_of(&starts, &scores, groups, most, DUPLICATE_MM)
        .into_iter()
        .map(|i| starts[i])
        .collect()
}

/// Over the cap, proposals closer than this (mm) are taken for one die
/// (a blob and an outline of it), so the fits go to distinct places.
const DUPLICATE_MM: f64 = 3.0;

/// Indices of `most` starts (ascending), skipping any start within
/// `apart` mm of a better one taken. Dealt round the groups (each a
/// changed area, where a die landed): every group's best start, then
/// every group's second best, and so on, each round best score first
/// (ties to the earlier; a score that is not a number ranks last). So a
/// busy print in one area cannot take the fits of a die in another, and
/// the cap can be low without leaving an area unread.
fn best_of(
    starts: &[[f64; 2]],
    scores: &[f64],
    groups: &[usize],
    most: usize,
    apart: f64,
) -> Vec<usize> {
    let key = |i: usize| {
        if scores[i].is_nan() {
            f64::NEG_INFINITY
        } else {
            scores[i]
        }
    };
    let mut order: Vec<usize> = (0..scores.len()).collect();
    order.sort_by(|&a, &b| key(b).total_cmp(&key(a)).then(a.cmp(&b)));
    // Rank of each start within its group, then deal by rank.
    let mut seen: std::collections::HashMap<usize, usize> = Default::default();
    let mut rank = vec![0usize; scores.len()];
    for &i in &order {
        let n = seen.entry(groups.get(i).copied().unwrap_or(0)).or_insert(0);
        rank[i] = *n;
        *n += 1;
    }
    order.sort_by_key(|&i| rank[i]);
    let mut taken: Vec<usize> = Vec::with_capacity(most);
    for i in order {
        if taken.len() == most {
            break;
        }
        let (p, q) = (starts[i], &starts);
        if taken
            .iter()
            .all(|&t| (q[t][0] - p[0]).hypot(q[t][1] - p[1]) >= apart)
        {
            taken.push(i);
        }
    }
    taken.sort_unstable();
    taken
}

/// Fits a die around `start` (board mm); one wholly over a hole is also
/// tried lower, fallen through to the table.
fn fit_at(
    grads: &Gradients,
    pose: &Pose,
    shape: &DieShape,
    board: &Board,
    start: [f64; 2],
    search: Search,
) -> Option<Fit> {
    let mut fit = fit_die(grads, pose, shape, start, search, 0.0)?;
    if wholly_over_hole(board, shape, &fit) {
        // The board's thickness is not in the geometry (card boards are a
        // few mm), so try several depths.
        for drop in HOLE_DROPS_MM {
            if let Some(f) = fit_die(grads, pose, shape, fit.centre_mm, Search::LOCAL, drop) {
                if f.score > fit.score {
                    fit = f;
                }
            }
        }
    }
    Some(fit)
}

/// Finds, fits and measures every candidate; one per die. Where several
/// fits lie closer than two dice can ([`DieShape::min_spacing_mm`]), or
/// overlap one die (a blob and a ring proposal, a die tried on and
/// under the board), the most die-like wins: the verifier's probability
/// when the set has one, else the fit score. (By fit score alone, a fit
/// half on a die and half on a hole's rim could outscore the right one.)
pub fn measure_candidates(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
) -> Result<Vec<Measured>, ReadError> {
    Ok(measure_candidates_with(img, board_to_image, board, set, None)?.0)
}

/// [`measure_candidates`], with what was built from the frame.
fn measure_candidates_with(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
    areas: Option<&[PxRect]>,
) -> Result<(Vec<Measured>, Built), ReadError> {
    let shape = set.die;
    let (all, built) = measure_all_with(img, board_to_image, board, set, areas)?;
    let mut all = all
        .into_iter()
        .map(|m| (die_likeness(set, &m), m))
        .collect::<Vec<_>>();
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut out: Vec<Measured> = Vec::new();
    for (_, m) in all {
        if out.iter().any(|o| {
            let c = o.fit.centre_mm;
            (c[0] - m.fit.centre_mm[0]).hypot(c[1] - m.fit.centre_mm[1]) < shape.min_spacing_mm()
        }) {
            continue;
        }
        out.push(m);
    }
    Ok((out, built))
}

/// Below this verifier probability a fit is taken for a phantom outright;
/// between it and [`REFIT_CEILING`] (or the verifier's threshold, if
/// higher) it is searched again, wider. Low on purpose: a die whose first
/// fit started far off can rate far below the threshold.
const REFIT_FLOOR: f64 = 0.001;

/// Refused fits down to this probability are handed to the standing
/// test ([`crate::standing`]), which judges them by what changed round
/// them, not by the verifier: a white die on white print rates
/// 0.0001–0.001 there (figures: docs/measurements/2026-11-27-white-lit-sides.md),
/// a coloured die on a band of its own paint 0.004–0.14
/// (docs/measurements/2026-11-27-target-camouflage.md).
/// Well below the refit floor, not zero: a fit on nothing like a die is
/// not read at all.
const STANDING_FLOOR: f64 = 0.00001;

/// Up to this probability a fit is searched again too, though accepted: a
/// fit on a white die's side face, or 3–5 mm off on a small die, can rate
/// 0.4–0.8 and read the wrong face. Not every fit (a ceiling of 1): a
/// second fit of a well placed die can win the overlap and move its
/// border ruling.
const REFIT_CEILING: f64 = 0.9;

/// The least share of its edge fit's edge evidence a die placed by its
/// regions must keep. The region model (flat faces of one paint each) is
/// right for the rulebook dice; a die drawn otherwise (rounded, glossy)
/// may lead it astray, where the edges still hold. Placed poses of
/// generated dice keep nearly all their edge evidence, so the guard costs
/// nothing there.
const EDGE_GUARD: f64 = 0.9;

/// How far (mm) from an accepted fit the verifier doubted its die is
/// sought by its regions.
const DOUBTED_REACH_MM: f64 = 9.0;

/// Doubted fits closer than this (mm) share one wide search.
const REFIT_SPACING_MM: f64 = 4.0;

/// How die-like a measured fit is: the verifier's probability when the
/// set has one, else the fit score.
fn die_likeness(set: &DieSet, m: &Measured) -> f64 {
    match &set.verifier {
        Some(v) => v.probability(&crate::verify::features(m)),
        None => m.fit.score,
    }
}

/// Fits and measures every candidate, overlapping ones included. With a
/// verifier, a fit it is not sure of is searched again over a wider area
/// ([`Search::WIDE`]) and the new fit is added beside the old: a die whose
/// proposal was a partial blob is often fitted a few mm off, on part of
/// its outline and part of the board, and measures like a phantom (or,
/// on a side face, reads the wrong face). Refused fits and second-rank
/// ring proposals that then prove clearly a die when placed by their
/// regions are added too ([`rescue`]).
pub fn measure_all(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
) -> Result<Vec<Measured>, ReadError> {
    Ok(measure_all_with(img, board_to_image, board, set, None)?.0)
}

/// [`measure_all`], with what was built from the frame.
fn measure_all_with(
    img: &Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    set: &DieSet,
    areas: Option<&[PxRect]>,
) -> Result<(Vec<Measured>, Built), ReadError> {
    let f = fit_candidates(img, board_to_image, board, set, areas)?;
    let mut all = f
        .fits
        .into_iter()
        .map(|fit| measure(img, &f.mask, &f.grads, set, fit))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(v) = &set.verifier {
        let caps = Caps::of(areas);
        // A doubted fit closer to a sure one than two dice can lie is on
        // that die: the sure fit wins the overlap whatever a wider search
        // finds, so none is made there.
        let sure: Vec<[f64; 2]> = all
            .iter()
            .filter(|m| die_likeness(set, m) >= REFIT_CEILING.max(v.threshold))
            .map(|m| m.fit.centre_mm)
            .collect();
        let near_sure = |c: [f64; 2]| {
            sure.iter()
                .any(|s| (s[0] - c[0]).hypot(s[1] - c[1]) < set.die.min_spacing_mm())
        };
        let mut doubtful: Vec<(f64, [f64; 2])> = all
            .iter()
            .map(|m| (die_likeness(set, m), m.fit.centre_mm))
            .filter(|(p, _)| (REFIT_FLOOR..REFIT_CEILING.max(v.threshold)).contains(p))
            .filter(|(_, c)| !near_sure(*c))
            .collect();
        doubtful.sort_by(|a, b| b.0.total_cmp(&a.0));
        // One wide search covers its neighbours' starts too.
        let mut starts: Vec<[f64; 2]> = Vec::new();
        for (_, c) in doubtful {
            if starts
                .iter()
                .all(|s| (s[0] - c[0]).hypot(s[1] - c[1]) > REFIT_SPACING_MM)
            {
                starts.push(c);
            }
        }
        starts.truncate(caps.refits);
        let doubtful = starts;
        let refits = par_map(&doubtful, |s| {
            fit_at(&f.grads, &f.pose, &set.die, board, *s, Search::WIDE)
        });
        for fit in refits.into_iter().flatten() {
            all.push(measure(img, &f.mask, &f.grads, set, fit)?);
        }
        let seen = (&f.mask, &f.grads, &f.pose);
        let rescued = rescue(img, seen, set, v, &all, &f.second, caps.rescues)?;
        all.extend(rescued);
    }
    let built = Built {
        grads: f.grads,
        mask: f.mask,
        pose: f.pose,
    };
    Ok((all, built))
}

/// Refused fits placed by their regions must rate at least this with the
/// verifier to be kept: more than its threshold, as the verifier never saw
/// region-placed fits in training. With [`RESCUE_MIN_EXPLAINED`] it let
/// no placed phantom through on development scenes, while the missed dice
/// came back above it (figures:
/// docs/measurements/2026-11-26-target-reader-history.md).
const RESCUE_MIN_P: f64 = 0.4;

/// The least share of colour ([`crate::region::explained`]) a rescued
/// die's faces must explain. A die at its true pose nearly always explains
/// more; a placed phantom mostly explains less, often less than nothing
/// (print the die model cuts across).
const RESCUE_MIN_EXPLAINED: f64 = 0.2;

/// Whether a die's faces, where it ends up, explain at least
/// [`RESCUE_MIN_EXPLAINED`] of the colour round it: the rescue's second
/// test, also put to fits the verifier takes with less than
/// [`RESCUE_MIN_P`]. Print the verifier only just takes (a ghost, a web
/// ring) is seldom flat paint face by face.
fn explained(g: &Gradients, pose: &Pose, set: &DieSet, fit: &Fit) -> bool {
    crate::region::explained(g, pose, &set.die, fit).is_some_and(|e| e >= RESCUE_MIN_EXPLAINED)
}

/// Refused fits no accepted fit lies near, each placed by its regions over
/// [`DOUBTED_REACH_MM`] and measured again; those then clearly a die are
/// returned. A white die with its star on top is often proposed 4–12 mm
/// off (its outline meets the pale rim, its star gives edges of its own),
/// and the edge fit, held near the proposal, settles on a phantom's
/// measures; at its true pose the verifier takes it. At most `most`
/// are placed, the most die-like first.
fn rescue(
    img: &Mat,
    (mask, grads, pose): (&Mat, &Gradients, &Pose),
    set: &DieSet,
    v: &crate::verify::Verifier,
    all: &[Measured],
    second: &[[f64; 2]],
    most: usize,
) -> Result<Vec<Measured>, ReadError> {
    let near = |a: [f64; 2], b: [f64; 2], d: f64| (a[0] - b[0]).hypot(a[1] - b[1]) <= d;
    let scored: Vec<(f64, &Fit)> = all.iter().map(|m| (die_likeness(set, m), &m.fit)).collect();
    let sure: Vec<[f64; 2]> = scored
        .iter()
        .filter(|(p, _)| *p >= v.threshold)
        .map(|(_, fit)| fit.centre_mm)
        .collect();
    let mut refused: Vec<&(f64, &Fit)> = scored
        .iter()
        .filter(|(p, fit)| {
            *p < v.threshold
                && !sure
                    .iter()
                    .any(|c| near(*c, fit.centre_mm, 1.5 * set.die.face_radius_mm()))
        })
        .collect();
    refused.sort_by(|a, b| b.0.total_cmp(&a.0));
    // One placement covers its neighbours' starts too.
    let mut starts: Vec<&Fit> = Vec::new();
    for (_, fit) in refused {
        if !starts
            .iter()
            .any(|s| near(s.centre_mm, fit.centre_mm, REFIT_SPACING_MM))
        {
            starts.push(fit);
        }
    }
    // Second-rank ring proposals away from every fit start as a die laid
    // there unturned; the placement searches the turn.
    let laid: Vec<Fit> = second
        .iter()
        .filter(|c| {
            !all.iter()
                .any(|m| near(m.fit.centre_mm, **c, REFIT_SPACING_MM))
        })
        .filter_map(|c| crate::fit::fit_at_pose(grads, pose, &set.die, *c, 0.0, 0.0))
        .collect();
    starts.extend(laid.iter());
    starts.truncate(most);
    let placed = par_map(&starts, |fit| {
        let placed = crate::region::place(grads, pose, &set.die, fit, DOUBTED_REACH_MM)?;
        explained(grads, pose, set, &placed).then_some(placed)
    });
    let mut out = Vec::new();
    for fit in placed.into_iter().flatten() {
        let m = measure(img, mask, grads, set, fit)?;
        if die_likeness(set, &m) >= RESCUE_MIN_P {
            out.push(m);
        }
    }
    Ok(out)
}

/// Colour, face and confidence of the top face with these corners: by the
/// set's prototypes, a "white" reading overruled where the face holds a
/// coloured die's paint, and a coloured "blank" where a light glyph takes
/// the paint from its centre ([`crate::paint`]).
fn read_face(
    img: &Mat,
    set: &DieSet,
    corners_px: &[[f64; 2]; 5],
) -> Result<(String, String, f64), ReadError> {
    Ok(crate::paint::read_patch(
        set,
        &face_patch(img, corners_px)?,
    )?)
}

/// Measures one fit for the verifier and reads its face (`mask` from
/// [`crate::detect::foreground`]).
pub fn measure(
    img: &Mat,
    mask: &Mat,
    grads: &Gradients,
    set: &DieSet,
    fit: Fit,
) -> Result<Measured, ReadError> {
    let patch = face_patch(img, &fit.corners_px)?;
    let desc = describe(&patch)?;
    // The verifier was trained on the band terms' confidence; the face the
    // player sees is read again by `read_face` where the die ends up.
    let (color, face, confidence) = set.classify_by_band(&desc);
    Ok(Measured {
        band_uniform: crate::face::band_uniformity(&patch, desc.bgr)?,
        side_match: crate::verify::side_match(img, &fit.corners_px, &fit.silhouette_px, desc.bgr)?,
        coverage: coverage(mask, &fit.silhouette_px)?,
        side_spread: crate::verify::side_spread(grads, &fit.corners_px),
        color_dist: set.color_distance(&desc),
        fit,
        color,
        face,
        confidence,
    })
}

#[cfg(test)]
mod tests {
    use super::{best_of, kept_apart, TargetDie};

    #[test]
    fn two_placed_dice_closer_than_two_dice_can_lie_are_one() {
        let die = |x: f64, color: &str| TargetDie {
            center: [x, 0.0],
            corners: vec![[x, 0.0]; 5],
            corners_mm: (0..5)
                .map(|k| {
                    let a = k as f64 * std::f64::consts::TAU / 5.0;
                    [x + 8.0 * a.cos(), 8.0 * a.sin()]
                })
                .collect(),
            color: color.into(),
            face: "icon".into(),
            confidence: 0.9,
            uncertain: false,
            section: tw_board::Section {
                value: None,
                kind: tw_board::SectionKind::Outside,
                name: "outside".into(),
            },
            tie: false,
        };
        // One die fitted at two depths 7 mm apart, and a die 30 mm away.
        let got = kept_apart(
            vec![die(0.0, "white"), die(7.0, "red"), die(30.0, "blue")],
            20.0,
        );
        let colours: Vec<&str> = got.iter().map(|d| d.color.as_str()).collect();
        assert_eq!(colours, ["white", "blue"]);
    }

    #[test]
    fn the_best_distinct_starts_are_kept_in_their_first_order() {
        let starts: Vec<[f64; 2]> = (0..7).map(|k| [10.0 * k as f64, 0.0]).collect();
        let scores = [3.0, 9.0, 1.0, 9.0, 7.0, f64::NAN, 2.0];
        let one = [0; 7];
        assert_eq!(best_of(&starts, &scores, &one, 3, 3.0), vec![1, 3, 4]);
        assert_eq!(best_of(&starts, &scores, &one, 1, 3.0), vec![1]);
        assert_eq!(best_of(&starts, &scores, &one, 0, 3.0), Vec::<usize>::new());
        assert_eq!(
            best_of(&starts[..2], &scores[..2], &one, 5, 3.0),
            vec![0, 1]
        );
        // A start 2 mm from a better one is the same die: the next best
        // distinct one takes its place.
        let mut near = starts.clone();
        near[3] = [12.0, 0.0];
        assert_eq!(best_of(&near, &scores, &one, 3, 3.0), vec![0, 1, 4]);
    }

    #[test]
    fn the_fits_are_dealt_round_the_changed_areas() {
        let starts: Vec<[f64; 2]> = (0..7).map(|k| [10.0 * k as f64, 0.0]).collect();
        // Area 0 holds four strong starts (busy print), area 1 two weak
        // ones, area 2 one: each area's best is fitted before any area's
        // second.
        let scores = [9.0, 8.0, 7.0, 6.0, 2.0, 1.0, 0.5];
        let groups = [0, 0, 0, 0, 1, 1, 2];
        assert_eq!(best_of(&starts, &scores, &groups, 3, 3.0), vec![0, 4, 6]);
        assert_eq!(
            best_of(&starts, &scores, &groups, 5, 3.0),
            vec![0, 1, 4, 5, 6]
        );
        // By score alone the weak areas would get nothing.
        assert_eq!(best_of(&starts, &scores, &[0; 7], 3, 3.0), vec![0, 1, 2]);
    }
}
