//! Face art of the generated dice, drawn from a few filled shapes on the
//! face square `u, v ∈ [-1, 1]` (v grows "down" the face). The glyphs are
//! this project's own simple designs, not copies of any printed die: a crown
//! for the champion, a triangle-headed goblin with two eyes, a chest with a
//! lid line, a potion as a round flask with a neck, and so on.

use super::DieSet;
use std::sync::OnceLock;

/// One filled shape.
#[derive(Debug, Clone)]
pub enum Shape {
    Disc { c: [f64; 2], r: f64 },
    Ellipse { c: [f64; 2], r: [f64; 2] },
    Ring { c: [f64; 2], r: f64, w: f64 },
    /// A stroke from `a` to `b` with round ends, `w` its half width.
    Seg { a: [f64; 2], b: [f64; 2], w: f64 },
    Rect { lo: [f64; 2], hi: [f64; 2] },
    /// Filled polygon (even–odd rule).
    Poly(Vec<[f64; 2]>),
}

impl Shape {
    pub fn contains(&self, p: [f64; 2]) -> bool {
        match self {
            Shape::Disc { c, r } => (p[0] - c[0]).hypot(p[1] - c[1]) <= *r,
            Shape::Ellipse { c, r } => ((p[0] - c[0]) / r[0]).powi(2) + ((p[1] - c[1]) / r[1]).powi(2) <= 1.0,
            Shape::Ring { c, r, w } => ((p[0] - c[0]).hypot(p[1] - c[1]) - r).abs() <= *w,
            Shape::Seg { a, b, w } => {
                let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
                let l2 = (dx * dx + dy * dy).max(1e-12);
                let t = (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2).clamp(0.0, 1.0);
                (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy) <= *w
            }
            Shape::Rect { lo, hi } => p[0] >= lo[0] && p[0] <= hi[0] && p[1] >= lo[1] && p[1] <= hi[1],
            Shape::Poly(pts) => {
                let mut inside = false;
                let n = pts.len();
                for i in 0..n {
                    let (a, b) = (pts[i], pts[(i + n - 1) % n]);
                    if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0] {
                        inside = !inside;
                    }
                }
                inside
            }
        }
    }
}

/// What a shape is painted with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paint {
    /// The die's ink colour.
    Ink,
    /// The die's body colour (a cut-out: eyes in a skull).
    Body,
    /// A fixed sRGB colour (the yellow flash, the red skull).
    Color([u8; 3]),
}

pub type Glyph = Vec<(Shape, Paint)>;

/// What paints point `p` of a face showing class `class` of `set`: the last
/// shape that contains it, or `None` for bare body.
pub fn paint_at(set: DieSet, class: usize, p: [f64; 2]) -> Option<Paint> {
    let g = glyphs(set).get(class)?;
    g.iter().rev().find(|(s, _)| s.contains(p)).map(|(_, paint)| *paint)
}

/// Glyphs of a set in class order.
pub fn glyphs(set: DieSet) -> &'static [Glyph] {
    static PIPS: OnceLock<Vec<Glyph>> = OnceLock::new();
    static DR: OnceLock<Vec<Glyph>> = OnceLock::new();
    static PDQ: OnceLock<Vec<Glyph>> = OnceLock::new();
    match set {
        DieSet::Pips => PIPS.get_or_init(|| (1..=6).map(pips).collect()),
        DieSet::DungeonRoll => DR.get_or_init(dungeon_roll),
        DieSet::PocketDungeonQuest => PDQ.get_or_init(pocket_dungeon_quest),
    }
}

fn disc(x: f64, y: f64, r: f64) -> Shape {
    Shape::Disc { c: [x, y], r }
}
fn ell(x: f64, y: f64, rx: f64, ry: f64) -> Shape {
    Shape::Ellipse { c: [x, y], r: [rx, ry] }
}
fn seg(a: [f64; 2], b: [f64; 2], w: f64) -> Shape {
    Shape::Seg { a, b, w }
}
fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Shape {
    Shape::Rect { lo: [x0, y0], hi: [x1, y1] }
}
fn poly(p: &[[f64; 2]]) -> Shape {
    Shape::Poly(p.to_vec())
}

/// Pips of face `n`: the usual 3×3 grid of positions.
fn pips(n: usize) -> Glyph {
    let o = 0.5;
    let at: &[[f64; 2]] = match n {
        1 => &[[0.0, 0.0]],
        2 => &[[-o, -o], [o, o]],
        3 => &[[-o, -o], [0.0, 0.0], [o, o]],
        4 => &[[-o, -o], [o, -o], [-o, o], [o, o]],
        5 => &[[-o, -o], [o, -o], [0.0, 0.0], [-o, o], [o, o]],
        _ => &[[-o, -o], [o, -o], [-o, 0.0], [o, 0.0], [-o, o], [o, o]],
    };
    let r = if n == 1 { 0.24 } else { 0.17 };
    at.iter().map(|p| (disc(p[0], p[1], r), Paint::Ink)).collect()
}

/// A sword centred at `c`, pointing along `angle` (radians, 0 = up the face).
fn sword(c: [f64; 2], angle: f64, len: f64, paint: Paint) -> Glyph {
    let d = [angle.sin(), -angle.cos()];
    let n = [-d[1], d[0]];
    let at = |k: f64, s: f64| [c[0] + d[0] * k * len + n[0] * s * len, c[1] + d[1] * k * len + n[1] * s * len];
    vec![
        (poly(&[at(-0.18, -0.06), at(0.4, -0.06), at(0.52, 0.0), at(0.4, 0.06), at(-0.18, 0.06)]), paint),
        (seg(at(-0.18, -0.17), at(-0.18, 0.17), 0.045 * len), paint),
        (seg(at(-0.18, 0.0), at(-0.4, 0.0), 0.04 * len), paint),
        (disc(at(-0.44, 0.0)[0], at(-0.44, 0.0)[1], 0.06 * len), paint),
    ]
}

fn skull(paint: Paint) -> Glyph {
    vec![
        (disc(0.0, -0.15, 0.5), paint),
        (rect(-0.28, 0.1, 0.28, 0.55), paint),
        (disc(-0.2, -0.15, 0.13), Paint::Body),
        (disc(0.2, -0.15, 0.13), Paint::Body),
        (poly(&[[0.0, 0.02], [-0.08, 0.17], [0.08, 0.17]]), Paint::Body),
        (seg([-0.1, 0.38], [-0.1, 0.56], 0.03), Paint::Body),
        (seg([0.1, 0.38], [0.1, 0.56], 0.03), Paint::Body),
    ]
}

fn dungeon_roll() -> Vec<Glyph> {
    use Paint::*;
    let champion = vec![
        (poly(&[[-0.6, 0.35], [-0.6, -0.35], [-0.3, 0.0], [0.0, -0.5], [0.3, 0.0], [0.6, -0.35], [0.6, 0.35]]), Ink),
        (rect(-0.6, 0.43, 0.6, 0.58), Ink),
        (disc(0.0, -0.55, 0.09), Ink),
        (disc(-0.6, -0.4, 0.08), Ink),
        (disc(0.6, -0.4, 0.08), Ink),
        (disc(0.0, 0.12, 0.09), Body),
    ];
    let fighter = sword([0.0, 0.0], 0.0, 1.4, Ink);
    let cleric = vec![
        (Shape::Ring { c: [0.0, 0.0], r: 0.72, w: 0.06 }, Ink),
        (rect(-0.12, -0.55, 0.12, 0.55), Ink),
        (rect(-0.42, -0.27, 0.42, -0.03), Ink),
    ];
    let mage = vec![
        (poly(&[[-0.45, 0.42], [0.12, -0.75], [0.45, 0.42]]), Ink),
        (seg([-0.72, 0.47], [0.72, 0.47], 0.08), Ink),
        (disc(0.02, 0.05, 0.08), Body),
        (disc(-0.05, -0.28, 0.05), Body),
    ];
    let thief = vec![
        (ell(0.0, -0.1, 0.72, 0.28), Ink),
        (disc(-0.3, -0.12, 0.12), Body),
        (disc(0.3, -0.12, 0.12), Body),
        (seg([-0.68, -0.05], [-0.9, -0.35], 0.05), Ink),
        (seg([-0.3, 0.52], [0.5, 0.52], 0.05), Ink),
        (seg([-0.3, 0.38], [-0.3, 0.66], 0.05), Ink),
        (seg([-0.3, 0.52], [-0.55, 0.52], 0.04), Ink),
    ];
    let scroll = vec![
        (rect(-0.45, -0.5, 0.45, 0.5), Ink),
        (ell(0.0, -0.55, 0.6, 0.13), Ink),
        (ell(0.0, 0.55, 0.6, 0.13), Ink),
        (seg([-0.28, -0.25], [0.28, -0.25], 0.035), Body),
        (seg([-0.28, 0.0], [0.28, 0.0], 0.035), Body),
        (seg([-0.28, 0.25], [0.12, 0.25], 0.035), Body),
    ];
    let goblin = vec![
        (poly(&[[-0.5, -0.35], [0.5, -0.35], [0.0, 0.6]]), Ink),
        (poly(&[[-0.42, -0.3], [-0.88, -0.62], [-0.25, -0.35]]), Ink),
        (poly(&[[0.42, -0.3], [0.88, -0.62], [0.25, -0.35]]), Ink),
        (disc(-0.17, -0.13, 0.08), Body),
        (disc(0.17, -0.13, 0.08), Body),
    ];
    let skeleton = skull(Ink);
    let ooze = vec![
        (ell(0.0, 0.2, 0.68, 0.4), Ink),
        (disc(0.0, -0.2, 0.32), Ink),
        (disc(-0.48, 0.62, 0.08), Ink),
        (disc(0.32, 0.68, 0.07), Ink),
        (disc(-0.15, 0.0, 0.08), Body),
        (disc(0.15, 0.0, 0.08), Body),
    ];
    let chest = vec![
        (ell(0.0, -0.32, 0.6, 0.18), Ink),
        (rect(-0.6, -0.32, 0.6, 0.45), Ink),
        (seg([-0.6, -0.1], [0.6, -0.1], 0.04), Body),
        (rect(-0.08, -0.14, 0.08, 0.1), Body),
    ];
    let potion = vec![
        (disc(0.0, 0.22, 0.45), Ink),
        (rect(-0.12, -0.55, 0.12, -0.1), Ink),
        (rect(-0.18, -0.74, 0.18, -0.55), Ink),
        (disc(-0.15, 0.1, 0.08), Body),
        (disc(0.12, 0.35, 0.05), Body),
    ];
    let dragon = vec![
        (seg([-0.72, 0.45], [-0.38, -0.15], 0.09), Ink),
        (seg([-0.38, -0.15], [0.0, 0.35], 0.09), Ink),
        (seg([0.0, 0.35], [0.35, -0.2], 0.09), Ink),
        (seg([0.35, -0.2], [0.55, 0.0], 0.09), Ink),
        (poly(&[[0.45, -0.12], [0.88, -0.05], [0.6, 0.18]]), Ink),
        (poly(&[[-0.3, -0.25], [0.0, -0.75], [0.12, -0.25]]), Ink),
    ];
    vec![champion, fighter, cleric, mage, thief, scroll, goblin, skeleton, ooze, chest, potion, dragon]
}

fn pocket_dungeon_quest() -> Vec<Glyph> {
    use std::f64::consts::FRAC_PI_4;
    let one = sword([0.0, 0.0], FRAC_PI_4, 1.5, Paint::Ink);
    let mut two = sword([0.0, 0.0], FRAC_PI_4, 1.45, Paint::Ink);
    two.extend(sword([0.0, 0.0], -FRAC_PI_4, 1.45, Paint::Ink));
    let mut three = sword([0.0, 0.0], 0.0, 1.3, Paint::Ink);
    three.extend(sword([-0.1, 0.05], -0.6, 1.2, Paint::Ink));
    three.extend(sword([0.1, 0.05], 0.6, 1.2, Paint::Ink));
    let flash = vec![(
        poly(&[[0.12, -0.82], [-0.42, 0.1], [-0.05, 0.1], [-0.22, 0.82], [0.45, -0.15], [0.08, -0.15], [0.32, -0.82]]),
        Paint::Color([240, 200, 30]),
    )];
    let skull = skull(Paint::Color([200, 30, 30]));
    vec![one, two, three, flash, skull]
}
