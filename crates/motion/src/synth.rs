//! A small, deterministic generator of throw sequences with ground truth.
//!
//! A die enters (thrown from a hand, or rolling in from the left edge),
//! tumbles — moving, spinning and changing its top face — decelerates at a
//! constant rate, and rests. Optional nuisances: auto-exposure flicker, a
//! hand that withdraws or stays in view with a tremor, and a soft shadow
//! drifting across the table. Frames are grey, the same for a given seed.
//!
//! This is deliberately simple: it exists to test and benchmark the motion
//! stage. Board scenes with perspective and colour come from the scene
//! generator of the Dungeon Fighter work.

use serde::{Deserialize, Serialize};

/// What the hand does in a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandMode {
    /// No hand: dice roll in from the left edge.
    None,
    /// The hand comes in from the bottom, throws, and pulls back out.
    Leaves,
    /// The hand throws and then stays where it was, trembling slightly.
    Stays,
}

/// Parameters of one sequence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ThrowSpec {
    pub width: usize,
    pub height: usize,
    pub fps: f64,
    pub seed: u64,
    /// Number of dice thrown (0: a sequence with nuisances only).
    pub dice: usize,
    /// Die edge in pixels; 0 means height / 14.
    pub die_px: f64,
    pub flicker: bool,
    pub hand: HandMode,
    pub shadow: bool,
    /// Still time before the throw, and after the last die stops.
    pub lead_in_ms: f64,
    pub tail_ms: f64,
}

impl Default for ThrowSpec {
    fn default() -> Self {
        ThrowSpec {
            width: 1280,
            height: 720,
            fps: 30.0,
            seed: 1,
            dice: 2,
            die_px: 0.0,
            flicker: false,
            hand: HandMode::None,
            shadow: false,
            lead_in_ms: 500.0,
            tail_ms: 1000.0,
        }
    }
}

/// Where and when one die came to rest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DieTruth {
    pub center: [f64; 2],
    pub edge_px: f64,
    pub angle_deg: f64,
    pub face: u8,
    /// When the die stopped moving (ms from the first frame).
    pub stop_ms: f64,
    /// When its remaining travel fell below one pixel.
    pub settled_ms: f64,
}

/// Ground truth of a sequence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThrowTruth {
    /// When the first die starts moving.
    pub throw_start_ms: f64,
    /// When the last die stops: "throw finished" is due from here on.
    pub last_stop_ms: f64,
    /// From here on no die moves by more than one pixel (corners included)
    /// before it stops: dice decelerate smoothly, so the last few
    /// milliseconds of motion are invisible to any camera. A "throw finished"
    /// before this instant is premature; between this and `last_stop_ms` it
    /// is fine.
    pub last_settled_ms: f64,
    pub dice: Vec<DieTruth>,
    pub frames: usize,
}

#[derive(Debug, Clone)]
struct DiePath {
    start: [f64; 2],
    end: [f64; 2],
    a0: f64,
    a1: f64,
    t0: f64,
    t1: f64,
    faces: Vec<u8>,
    dark: bool,
}

impl DiePath {
    /// Progress with constant deceleration: velocity falls linearly to 0 at t1.
    fn progress(&self, t: f64) -> f64 {
        let u = ((t - self.t0) / (self.t1 - self.t0)).clamp(0.0, 1.0);
        1.0 - (1.0 - u) * (1.0 - u)
    }

    /// The moment after which the die (corners included) still travels less
    /// than one pixel: remaining travel is `distance · (1 − u)²`.
    fn settled_at(&self, half_diagonal: f64) -> f64 {
        let travel = (self.end[0] - self.start[0]).hypot(self.end[1] - self.start[1])
            + (self.a1 - self.a0).abs().to_radians() * half_diagonal;
        let u = 1.0 - 1.0 / travel.max(1.0).sqrt();
        self.t0 + u * (self.t1 - self.t0)
    }

    fn pose(&self, t: f64) -> Option<([f64; 2], f64, u8)> {
        if t < self.t0 {
            return None;
        }
        let p = self.progress(t);
        let c = [
            self.start[0] + (self.end[0] - self.start[0]) * p,
            self.start[1] + (self.end[1] - self.start[1]) * p,
        ];
        let a = self.a0 + (self.a1 - self.a0) * p;
        // Tumbling: a new top face every 90 ms until 85 % of the way.
        let face = if p < 0.85 {
            let k = ((t - self.t0) / 90.0) as usize;
            self.faces[k % self.faces.len()]
        } else {
            *self.faces.last().expect("at least one face")
        };
        Some((c, a, face))
    }
}

/// A generated sequence; frames are rendered on demand.
#[derive(Debug, Clone)]
pub struct ThrowSequence {
    pub spec: ThrowSpec,
    pub truth: ThrowTruth,
    background: Vec<u8>,
    dice: Vec<DiePath>,
    hand_release: [f64; 2],
    die_px: f64,
}

/// The project's seeded generator (`tw_rules::SplitMix64`) with float draws.
#[derive(Debug, Clone)]
struct Rng(tw_rules::SplitMix64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(tw_rules::SplitMix64::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
}

fn hash2(x: u64, y: u64, seed: u64) -> u64 {
    Rng::new(
        x.wrapping_mul(0x1F1F_1F1F)
            .wrapping_add(y.wrapping_mul(0x7FEB_352D))
            ^ seed,
    )
    .next()
}

const PIPS: [&[(f64, f64)]; 6] = [
    &[(0.0, 0.0)],
    &[(-1.0, -1.0), (1.0, 1.0)],
    &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
    &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
    &[
        (-1.0, -1.0),
        (1.0, -1.0),
        (0.0, 0.0),
        (-1.0, 1.0),
        (1.0, 1.0),
    ],
    &[
        (-1.0, -1.0),
        (1.0, -1.0),
        (-1.0, 0.0),
        (1.0, 0.0),
        (-1.0, 1.0),
        (1.0, 1.0),
    ],
];

impl ThrowSequence {
    pub fn new(spec: ThrowSpec) -> Self {
        let mut rng = Rng::new(spec.seed ^ 0x5EED);
        let (w, h) = (spec.width as f64, spec.height as f64);
        let die_px = if spec.die_px > 0.0 {
            spec.die_px
        } else {
            h / 14.0
        };
        let background = table_texture(spec.width, spec.height, spec.seed);
        let throw_start = spec.lead_in_ms;
        let hand_release = [w * rng.range(0.35, 0.65), h * 0.8];
        let mut dice = Vec::new();
        let mut ends: Vec<[f64; 2]> = Vec::new();
        for i in 0..spec.dice {
            let mut end = [0.0, 0.0];
            for _ in 0..100 {
                end = [rng.range(0.12, 0.88) * w, rng.range(0.12, 0.6) * h];
                if ends
                    .iter()
                    .all(|e| (e[0] - end[0]).hypot(e[1] - end[1]) > die_px * 2.0)
                {
                    break;
                }
            }
            ends.push(end);
            let start = match spec.hand {
                HandMode::None => [-die_px, rng.range(0.2, 0.8) * h],
                _ => hand_release,
            };
            let t0 = throw_start + i as f64 * 40.0;
            let t1 = t0 + rng.range(600.0, 1200.0);
            let a0 = rng.range(0.0, 90.0);
            let faces: Vec<u8> = (0..8).map(|_| 1 + (rng.next() % 6) as u8).collect();
            dice.push(DiePath {
                start,
                end,
                a0,
                a1: a0 + rng.range(180.0, 720.0),
                t0,
                t1,
                faces,
                dark: i % 3 == 2,
            });
        }
        let last_stop = dice.iter().map(|d| d.t1).fold(throw_start, f64::max);
        let frames = ((last_stop + spec.tail_ms) * spec.fps / 1000.0).ceil() as usize + 1;
        let truth_dice: Vec<DieTruth> = dice
            .iter()
            .map(|d| {
                let (c, a, f) = d.pose(d.t1).expect("pose at rest");
                let settled_ms = d.settled_at(die_px * std::f64::consts::FRAC_1_SQRT_2);
                DieTruth {
                    center: c,
                    edge_px: die_px,
                    angle_deg: a.rem_euclid(360.0),
                    face: f,
                    stop_ms: d.t1,
                    settled_ms,
                }
            })
            .collect();
        let last_settled = truth_dice
            .iter()
            .map(|d: &DieTruth| d.settled_ms)
            .fold(throw_start, f64::max);
        let truth = ThrowTruth {
            throw_start_ms: throw_start,
            last_stop_ms: last_stop,
            last_settled_ms: last_settled,
            dice: truth_dice,
            frames,
        };
        ThrowSequence {
            spec,
            truth,
            background,
            dice,
            hand_release,
            die_px,
        }
    }

    pub fn frame_count(&self) -> usize {
        self.truth.frames
    }

    /// Timestamp of frame `i` in milliseconds.
    pub fn timestamp(&self, i: usize) -> f64 {
        i as f64 * 1000.0 / self.spec.fps
    }

    /// Renders frame `i` as packed grey pixels into `out`.
    pub fn render(&self, i: usize, out: &mut Vec<u8>) {
        let t = self.timestamp(i);
        let (w, h) = (self.spec.width, self.spec.height);
        let mut img: Vec<f32> = self.background.iter().map(|&p| p as f32).collect();
        if self.spec.shadow {
            self.draw_shadow(&mut img, t);
        }
        for d in &self.dice {
            if let Some((c, a, face)) = d.pose(t) {
                draw_die(&mut img, w, h, c, self.die_px, a, face, d.dark);
            }
        }
        if let Some(palm) = self.hand_position(t) {
            draw_hand(&mut img, w, h, palm, h as f64 * 0.11);
        }
        let gain = if self.spec.flicker {
            self.flicker_gain(i, t)
        } else {
            1.0
        };
        let mut noise = Rng::new(self.spec.seed.wrapping_mul(31).wrapping_add(i as u64));
        out.clear();
        out.reserve(w * h);
        let mut bits = 0u64;
        for (k, v) in img.iter().enumerate() {
            if k % 8 == 0 {
                bits = noise.next();
            }
            let n = ((bits >> ((k % 8) * 8)) & 0xFF) as f32 / 255.0 * 8.0 - 4.0;
            out.push((v * gain + n).clamp(0.0, 255.0) as u8);
        }
    }

    /// Auto-exposure hunting (slow swing) plus frame-to-frame gain jitter.
    fn flicker_gain(&self, i: usize, t: f64) -> f32 {
        let jitter = Rng::new(self.spec.seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407))
            .range(-0.06, 0.06);
        (1.0 + 0.12 * (t / 700.0 * std::f64::consts::TAU).sin() + jitter) as f32
    }

    fn hand_position(&self, t: f64) -> Option<[f64; 2]> {
        let h = self.spec.height as f64;
        let ts = self.truth.throw_start_ms;
        let below = [self.hand_release[0], h * 1.3];
        let lerp =
            |a: [f64; 2], b: [f64; 2], u: f64| [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
        match self.spec.hand {
            HandMode::None => None,
            _ if t < ts - 400.0 => None,
            _ if t < ts => Some(lerp(below, self.hand_release, (t - (ts - 400.0)) / 400.0)),
            HandMode::Leaves if t < ts + 500.0 => {
                Some(lerp(self.hand_release, below, (t - ts) / 500.0))
            }
            HandMode::Leaves => None,
            HandMode::Stays => {
                let s = t / 1000.0 * std::f64::consts::TAU;
                Some([
                    self.hand_release[0] + 2.0 * (7.0 * s).sin(),
                    self.hand_release[1] + 1.5 * (5.0 * s).cos(),
                ])
            }
        }
    }

    /// A soft shadow (e.g. a player leaning over) drifting across the table.
    fn draw_shadow(&self, img: &mut [f32], t: f64) {
        let (w, h) = (self.spec.width, self.spec.height);
        let (cx, cy) = (w as f64 * 0.2 + t * 0.06, h as f64 * 0.45);
        let (rx, ry, soft) = (h as f64 * 0.3, h as f64 * 0.22, h as f64 * 0.07);
        let x0 = (cx - rx - soft).max(0.0) as usize;
        let x1 = ((cx + rx + soft) as usize).min(w);
        let y0 = (cy - ry - soft).max(0.0) as usize;
        let y1 = ((cy + ry + soft) as usize).min(h);
        for y in y0..y1 {
            for x in x0..x1 {
                let (dx, dy) = ((x as f64 - cx) / rx, (y as f64 - cy) / ry);
                // Signed distance to the ellipse edge, roughly in pixels.
                let d = ((dx * dx + dy * dy).sqrt() - 1.0) * rx.min(ry);
                let u = (0.5 - d / soft).clamp(0.0, 1.0);
                let s = u * u * (3.0 - 2.0 * u);
                img[y * w + x] *= (1.0 - 0.35 * s) as f32;
            }
        }
    }
}

fn table_texture(w: usize, h: usize, seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let grain = 10.0 * ((x as f64) / 37.0 + (y as f64) / 91.0).sin()
                + 5.0 * ((y as f64) / 13.0).sin();
            let blotch = (hash2(x as u64 / 16, y as u64 / 16, seed) % 13) as f64 - 6.0;
            out.push((105.0 + grain + blotch).clamp(0.0, 255.0) as u8);
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn draw_die(
    img: &mut [f32],
    w: usize,
    h: usize,
    c: [f64; 2],
    edge: f64,
    angle_deg: f64,
    face: u8,
    dark: bool,
) {
    let (body, pip) = if dark { (35.0, 230.0) } else { (225.0, 30.0) };
    let half = edge / 2.0;
    let reach = half * std::f64::consts::SQRT_2 + 1.0;
    let (s, co) = angle_deg.to_radians().sin_cos();
    let corner = edge * 0.12;
    let pips = PIPS[(face.clamp(1, 6) - 1) as usize];
    let x0 = (c[0] - reach).max(0.0) as usize;
    let x1 = ((c[0] + reach).max(0.0) as usize).min(w);
    let y0 = (c[1] - reach).max(0.0) as usize;
    let y1 = ((c[1] + reach).max(0.0) as usize).min(h);
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f64 + 0.5 - c[0], y as f64 + 0.5 - c[1]);
            let (u, v) = (dx * co + dy * s, -dx * s + dy * co);
            // Rounded square: distance from the inner square of the corners.
            let (qu, qv) = (
                (u.abs() - (half - corner)).max(0.0),
                (v.abs() - (half - corner)).max(0.0),
            );
            if qu.hypot(qv) > corner {
                continue;
            }
            let on_pip = pips
                .iter()
                .any(|&(pu, pv)| (u - pu * edge * 0.27).hypot(v - pv * edge * 0.27) < edge * 0.09);
            img[y * w + x] = if on_pip { pip } else { body };
        }
    }
}

/// A palm (ellipse) with a forearm reaching to the bottom edge.
fn draw_hand(img: &mut [f32], w: usize, h: usize, palm: [f64; 2], r: f64) {
    let (rx, ry) = (r * 1.2, r);
    let arm_half = r * 0.7;
    for y in ((palm[1] - ry).max(0.0) as usize).min(h)..h {
        for x in ((palm[0] - rx).max(0.0) as usize).min(w)..((palm[0] + rx) as usize).min(w) {
            let (dx, dy) = ((x as f64 - palm[0]) / rx, (y as f64 - palm[1]) / ry);
            let in_palm = dx * dx + dy * dy <= 1.0;
            let in_arm = y as f64 >= palm[1] && (x as f64 - palm[0]).abs() <= arm_half;
            if in_palm || in_arm {
                img[y * w + x] = 170.0 - 25.0 * dx.abs() as f32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_frames_other_seed_differs() {
        let spec = ThrowSpec {
            width: 160,
            height: 120,
            seed: 7,
            ..ThrowSpec::default()
        };
        let (a, b) = (
            ThrowSequence::new(spec.clone()),
            ThrowSequence::new(spec.clone()),
        );
        let c = ThrowSequence::new(ThrowSpec { seed: 8, ..spec });
        let (mut fa, mut fb, mut fc) = (Vec::new(), Vec::new(), Vec::new());
        a.render(20, &mut fa);
        b.render(20, &mut fb);
        c.render(20, &mut fc);
        assert_eq!(fa, fb);
        assert_ne!(fa, fc);
        assert_eq!(a.truth, b.truth);
    }

    #[test]
    fn dice_are_still_after_their_stop_time() {
        let seq = ThrowSequence::new(ThrowSpec {
            width: 320,
            height: 240,
            dice: 3,
            ..ThrowSpec::default()
        });
        for d in &seq.dice {
            assert_eq!(d.pose(d.t1), d.pose(d.t1 + 500.0));
            assert_ne!(d.pose(d.t1 - 100.0).unwrap().0, d.pose(d.t1).unwrap().0);
        }
        assert_eq!(
            seq.truth.last_stop_ms,
            seq.dice.iter().map(|d| d.t1).fold(0.0, f64::max)
        );
        // The sequence runs for the tail after the last stop.
        assert!(seq.timestamp(seq.frame_count() - 1) >= seq.truth.last_stop_ms + seq.spec.tail_ms);
    }
}
