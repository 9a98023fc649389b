//! The per-frame motion stage: what changed since the previous frame, and
//! whether it looks like a die, a hand or arm, or a shadow.
//!
//! Steps, all on the coarse [`Grid`]:
//! 1. gain-corrected difference to the previous frame (flicker cancels);
//! 2. a threshold that grows with brightness (sensor noise does too);
//! 3. cells that have been changing for a long time ("restless": a hand
//!    resting with a tremor, a screen, a candle) are masked out, which is
//!    the background adaptation that stops the scene from "moving" forever;
//! 4. connected blobs are classified: too small is noise, too large is a hand
//!    or arm, a soft single-signed change within shadow ratios is a shadow,
//!    and die-sized blobs touching a hand are part of the hand.

use crate::blobs::{find_blobs, Blob};
use crate::frame::Grid;
use crate::gain::estimate_gain;
use serde::{Deserialize, Serialize};

/// Tuning of the motion stage. Defaults suit a webcam looking down at a table
/// from 40–120 cm, 640×480 to 1920×1080.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MotionConfig {
    /// Edge of a grid cell in frame pixels.
    pub cell_px: usize,
    /// A cell changed when |difference| > `diff_abs` + `diff_rel` × brightness.
    pub diff_abs: f32,
    pub diff_rel: f32,
    /// Blobs with fewer cells are noise.
    pub min_blob_cells: usize,
    /// Blobs covering more than this fraction of the frame are hands or arms.
    pub max_die_area_frac: f32,
    /// ...as are blobs longer than this fraction of the frame's short side,
    /// and blobs touching the edge of the view.
    pub max_die_extent_frac: f32,
    /// Die-sized blobs within this many cells of a hand belong to the hand
    /// (the fringe of a trembling hand looks like small moving things).
    pub hand_margin_cells: usize,
    /// A shadow darkens to no less than this ratio (or brightens to no more
    /// than its inverse when it leaves); darker changes are objects.
    pub shadow_min_ratio: f32,
    /// Single-signed blobs softer than this are shadows (see [`Blob::sharpness`]).
    pub shadow_max_sharpness: f32,
    /// Time constant of each cell's running motion average.
    pub restless_tau_ms: f64,
    /// A cell whose running average exceeds `restless_on` is ignored until it
    /// falls below `restless_off`.
    pub restless_on: f32,
    pub restless_off: f32,
    /// A hand-sized difference from the pre-throw scene is kept out of the
    /// reference (so its fringe keeps counting as "hand") until nothing in
    /// or around it has changed for this long; then it is taken as part of
    /// the table (a box put down for good). A hand that trembles is never
    /// wholly still, so it stays a hand for as long as it is there.
    pub absorb_large_after_ms: f64,
}

impl Default for MotionConfig {
    fn default() -> Self {
        MotionConfig {
            cell_px: 4,
            diff_abs: 8.0,
            diff_rel: 0.06,
            min_blob_cells: 3,
            max_die_area_frac: 0.02,
            max_die_extent_frac: 0.3,
            hand_margin_cells: 3,
            shadow_min_ratio: 0.4,
            shadow_max_sharpness: 0.4,
            restless_tau_ms: 1500.0,
            restless_on: 0.5,
            restless_off: 0.2,
            absorb_large_after_ms: 10_000.0,
        }
    }
}

/// What a changed region most likely is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RegionKind {
    /// Die-sized, with edges: counts as a die moving (or landed).
    Die,
    /// A hand, an arm, or something attached to one: never counts as a die.
    Large,
    /// A soft change in illumination: ignored.
    Shadow,
}

/// A changed region in frame pixels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Region {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
    /// Changed area in frame pixels (cells × cell area), not the box area.
    pub area_px: u32,
    pub kind: RegionKind,
}

/// The motion stage's verdict on one frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrameMotion {
    pub t_ms: f64,
    /// Exposure ratio to the previous frame that was cancelled out.
    pub gain: f32,
    /// Regions that changed since the previous frame (noise removed).
    pub regions: Vec<Region>,
    /// Cells currently ignored as restless.
    pub restless_cells: usize,
}

impl FrameMotion {
    /// Whether anything die-like moved: the only motion that keeps a throw going.
    pub fn die_motion(&self) -> bool {
        self.regions.iter().any(|r| r.kind == RegionKind::Die)
    }

    /// Whether a hand or arm moved.
    pub fn large_motion(&self) -> bool {
        self.regions.iter().any(|r| r.kind == RegionKind::Large)
    }
}

/// Result of comparing two grids: the changed cells, their blobs, and what
/// each blob is taken to be (`None`: noise).
pub(crate) struct Comparison {
    pub gain: f32,
    /// Cells over the threshold, before ignored cells are removed.
    pub changed: Vec<bool>,
    pub blobs: Vec<Blob>,
    pub kinds: Vec<Option<RegionKind>>,
    factor: usize,
}

impl Comparison {
    /// Cells of the blobs taken for hands or arms.
    pub fn large_cells(&self, n: usize) -> Vec<bool> {
        let mut m = vec![false; n];
        for (b, k) in self.blobs.iter().zip(&self.kinds) {
            if *k == Some(RegionKind::Large) {
                b.cells.iter().for_each(|&c| m[c] = true);
            }
        }
        m
    }

    /// Cells of any blob, noise included.
    pub fn all_cells(&self, n: usize) -> Vec<bool> {
        let mut m = vec![false; n];
        self.blobs
            .iter()
            .for_each(|b| b.cells.iter().for_each(|&c| m[c] = true));
        m
    }

    /// Cells of the large blobs whose `edges` cells (outline cells from an
    /// `outlines_only` comparison) inside them still span more than a die
    /// or reach the edge of the view: a hand's outline does, even broken
    /// into pieces; a soft shadow that merged with a die leaves only the
    /// die's outline.
    pub fn large_cells_confirmed_by(
        &self,
        cfg: &MotionConfig,
        grid: &Grid,
        edges: &[bool],
        frame_w: usize,
        frame_h: usize,
    ) -> Vec<bool> {
        let max_extent = cfg.max_die_extent_frac * frame_w.min(frame_h) as f32;
        let mut m = vec![false; edges.len()];
        for (b, k) in self.blobs.iter().zip(&self.kinds) {
            if *k != Some(RegionKind::Large) {
                continue;
            }
            let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
            for &c in b.cells.iter().filter(|&&c| edges[c]) {
                let (x, y) = (c % grid.width, c / grid.width);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            }
            if x0 == usize::MAX {
                continue;
            }
            let extent = ((x1 - x0 + 1).max(y1 - y0 + 1) * grid.factor) as f32;
            let border = x0 == 0 || y0 == 0 || x1 + 1 == grid.width || y1 + 1 == grid.height;
            if extent > max_extent || border {
                b.cells.iter().for_each(|&c| m[c] = true);
            }
        }
        m
    }

    /// Cells of large blobs in whose bounding box (plus one cell) no cell has
    /// changed since `now - after`, according to `last_change` (per cell).
    pub fn settled_large_cells(
        &self,
        grid: &Grid,
        last_change: &[f64],
        now: f64,
        after: f64,
    ) -> Vec<bool> {
        let mut m = vec![false; grid.len()];
        for (b, k) in self.blobs.iter().zip(&self.kinds) {
            if *k != Some(RegionKind::Large) {
                continue;
            }
            let (x0, y0) = (b.bbox.0.saturating_sub(1), b.bbox.1.saturating_sub(1));
            let (x1, y1) = (
                (b.bbox.2 + 1).min(grid.width - 1),
                (b.bbox.3 + 1).min(grid.height - 1),
            );
            let still = (y0..=y1)
                .all(|y| (x0..=x1).all(|x| now - last_change[y * grid.width + x] >= after));
            if still {
                b.cells.iter().for_each(|&c| m[c] = true);
            }
        }
        m
    }

    /// Relabels die-sized blobs near any cell of `hand` as part of the hand.
    pub fn attach_to(&mut self, cfg: &MotionConfig, grid: &Grid, hand: &[bool]) {
        attach_to_hands(cfg, grid, &self.blobs, &mut self.kinds, hand);
    }

    pub fn regions(&self) -> Vec<Region> {
        let f = self.factor as u32;
        self.blobs
            .iter()
            .zip(&self.kinds)
            .filter_map(|(b, k)| {
                Some(Region {
                    x: b.bbox.0 as u32 * f,
                    y: b.bbox.1 as u32 * f,
                    width: (b.bbox.2 - b.bbox.0 + 1) as u32 * f,
                    height: (b.bbox.3 - b.bbox.1 + 1) as u32 * f,
                    area_px: b.cells.len() as u32 * f * f,
                    kind: (*k)?,
                })
            })
            .collect()
    }
}

/// Compares `current` with `previous`, ignoring cells flagged in `ignore`.
/// `frame_w`/`frame_h` are the frame's pixel size (for the size limits).
pub(crate) fn compare(
    cfg: &MotionConfig,
    current: &Grid,
    previous: &Grid,
    ignore: Option<&[bool]>,
    frame_w: usize,
    frame_h: usize,
    outlines_only: bool,
) -> Comparison {
    let gain = estimate_gain(current, previous);
    let n = current.len();
    let mut diff = vec![0f32; n];
    let mut changed = vec![false; n];
    let mut mask = vec![false; n];
    for i in 0..n {
        let c = current.cells[i];
        let p = previous.cells[i] * gain;
        let d = c - p;
        diff[i] = d;
        let thr = cfg.diff_abs + cfg.diff_rel * c.max(p);
        changed[i] = d.abs() > thr;
        mask[i] = changed[i] && !ignore.is_some_and(|ig| ig[i]);
    }
    if outlines_only {
        drop_smooth_cells(cfg, current, previous, gain, &diff, &mut mask);
    }
    let blobs = find_blobs(
        &mask,
        &diff,
        &previous.cells,
        gain,
        current.width,
        current.height,
    );
    let mut kinds = classify(cfg, current, &blobs, frame_w, frame_h);
    let own_large = {
        let mut m = vec![false; n];
        for (b, k) in blobs.iter().zip(&kinds) {
            if *k == Some(RegionKind::Large) {
                b.cells.iter().for_each(|&c| m[c] = true);
            }
        }
        m
    };
    attach_to_hands(cfg, current, &blobs, &mut kinds, &own_large);
    Comparison {
        gain,
        changed,
        blobs,
        kinds,
        factor: current.factor,
    }
}

/// Unmarks cells whose change looks like lighting: within shadow ratios and
/// varying smoothly from all four neighbours. What is left of an object is
/// its outline (a hand's outline is still hand-sized; a die's is die-sized),
/// and a shadow, soft everywhere, disappears, so a die resting inside a
/// shadow that moved is not merged with it into one "large" region.
fn drop_smooth_cells(
    cfg: &MotionConfig,
    current: &Grid,
    previous: &Grid,
    gain: f32,
    diff: &[f32],
    mask: &mut [bool],
) {
    let (w, h) = (current.width, current.height);
    let keep: Vec<bool> = (0..mask.len())
        .map(|i| {
            if !mask[i] {
                return false;
            }
            let base = previous.cells[i] * gain + 1.0;
            let ratio = (base + diff[i]) / base;
            if ratio < cfg.shadow_min_ratio || ratio > 1.0 / cfg.shadow_min_ratio {
                return true;
            }
            let (x, y) = (i % w, i / w);
            let limit = SMOOTH_STEP * diff[i].abs();
            let step = |j: usize| (diff[i] - diff[j]).abs() > limit;
            (x > 0 && step(i - 1))
                || (x + 1 < w && step(i + 1))
                || (y > 0 && step(i - w))
                || (y + 1 < h && step(i + w))
        })
        .collect();
    mask.copy_from_slice(&keep);
}

/// A neighbour step above this fraction of a cell's own change is an edge.
/// A die edge steps by at least half its contrast within a 4-pixel cell; a
/// soft shadow's penumbra (several cells wide) by much less.
const SMOOTH_STEP: f32 = 0.45;

fn classify(
    cfg: &MotionConfig,
    grid: &Grid,
    blobs: &[Blob],
    frame_w: usize,
    frame_h: usize,
) -> Vec<Option<RegionKind>> {
    let cell_area = (grid.factor * grid.factor) as f32;
    let max_area = cfg.max_die_area_frac * (frame_w * frame_h) as f32;
    let max_extent = cfg.max_die_extent_frac * frame_w.min(frame_h) as f32;
    blobs
        .iter()
        .map(|b| {
            let area = b.cells.len() as f32 * cell_area;
            let extent =
                ((b.bbox.2 - b.bbox.0 + 1).max(b.bbox.3 - b.bbox.1 + 1) * grid.factor) as f32;
            if b.cells.len() < cfg.min_blob_cells {
                None
            } else if is_shadow(cfg, b) {
                Some(RegionKind::Shadow)
            } else if area > max_area || extent > max_extent || touches_border(b, grid) {
                Some(RegionKind::Large)
            } else {
                Some(RegionKind::Die)
            }
        })
        .collect()
}

/// Arms always reach in from the edge of the view, and a hand entering first
/// shows as a die-sized sliver there; a die is only counted once it is wholly
/// inside (which costs nothing in settle timing: dice stop inside the view).
fn touches_border(b: &Blob, grid: &Grid) -> bool {
    b.bbox.0 == 0 || b.bbox.1 == 0 || b.bbox.2 + 1 == grid.width || b.bbox.3 + 1 == grid.height
}

/// Shadows only darken (arriving) or only brighten (leaving), by a bounded
/// ratio, with soft edges. Dice moving show both signs (old place and new),
/// and black dice darken beyond the shadow ratio.
fn is_shadow(cfg: &MotionConfig, b: &Blob) -> bool {
    let single_signed = b.brighter == 0 || b.darker == 0;
    let bounded = b.min_ratio >= cfg.shadow_min_ratio && b.max_ratio <= 1.0 / cfg.shadow_min_ratio;
    single_signed && bounded && b.sharpness < cfg.shadow_max_sharpness
}

/// Relabels die-sized blobs that lie within the hand margin of a `hand` cell.
fn attach_to_hands(
    cfg: &MotionConfig,
    grid: &Grid,
    blobs: &[Blob],
    kinds: &mut [Option<RegionKind>],
    hand: &[bool],
) {
    if !hand.iter().any(|&h| h) {
        return;
    }
    let m = cfg.hand_margin_cells;
    for (i, b) in blobs.iter().enumerate() {
        if kinds[i] != Some(RegionKind::Die) {
            continue;
        }
        let touches = b.cells.iter().any(|&c| {
            let (x, y) = (c % grid.width, c / grid.width);
            (y.saturating_sub(m)..=(y + m).min(grid.height - 1)).any(|ny| {
                (x.saturating_sub(m)..=(x + m).min(grid.width - 1))
                    .any(|nx| hand[ny * grid.width + nx])
            })
        });
        if touches {
            kinds[i] = Some(RegionKind::Large);
        }
    }
}

/// Per-cell running average of "this cell changed", with hysteresis.
#[derive(Debug, Clone)]
pub(crate) struct Restless {
    activity: Vec<f32>,
    pub flagged: Vec<bool>,
}

impl Restless {
    pub fn new(n: usize) -> Self {
        Restless {
            activity: vec![0.0; n],
            flagged: vec![false; n],
        }
    }

    pub fn update(&mut self, cfg: &MotionConfig, changed: &[bool], dt_ms: f64) {
        let alpha = (1.0 - (-dt_ms / cfg.restless_tau_ms.max(1.0)).exp()) as f32;
        for ((a, f), &c) in self
            .activity
            .iter_mut()
            .zip(self.flagged.iter_mut())
            .zip(changed)
        {
            *a += alpha * ((c as u8 as f32) - *a);
            if *a > cfg.restless_on {
                *f = true;
            } else if *a < cfg.restless_off {
                *f = false;
            }
        }
    }

    pub fn count(&self) -> usize {
        self.flagged.iter().filter(|&&f| f).count()
    }
}
