//! Materials: value noise, die bodies (solid, translucent, marbled) and the
//! table surfaces (wood, cloth, white tray, tiled board). Colours are linear
//! RGB in 0..1; `srgb` converts the usual 0..255 values.

use crate::math::V3;
use crate::rng::Rng;

pub fn srgb(c: [u8; 3]) -> V3 {
    c.map(|x| (x as f64 / 255.0).powf(2.2))
}

fn mix(a: V3, b: V3, t: f64) -> V3 {
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

fn hash3(x: i64, y: i64, z: i64, seed: u64) -> f64 {
    let mut h = seed ^ (x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= (y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    h ^= (z as u64).wrapping_mul(0x1656_67B1_9E37_79F9);
    h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 29)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((h ^ (h >> 32)) >> 11) as f64 / (1u64 << 53) as f64
}

/// Smooth value noise in [0, 1].
pub fn noise3(p: V3, seed: u64) -> f64 {
    let f = p.map(f64::floor);
    let t = [p[0] - f[0], p[1] - f[1], p[2] - f[2]].map(|t| t * t * (3.0 - 2.0 * t));
    let (x, y, z) = (f[0] as i64, f[1] as i64, f[2] as i64);
    let mut acc = 0.0;
    for dz in 0..2 {
        for dy in 0..2 {
            for dx in 0..2 {
                let w = (if dx == 1 { t[0] } else { 1.0 - t[0] })
                    * (if dy == 1 { t[1] } else { 1.0 - t[1] })
                    * (if dz == 1 { t[2] } else { 1.0 - t[2] });
                acc += w * hash3(x + dx, y + dy, z + dz, seed);
            }
        }
    }
    acc
}

/// Four octaves of [`noise3`], in about [0, 1].
pub fn fbm(p: V3, seed: u64) -> f64 {
    let (mut a, mut s, mut sum, mut norm) = (1.0, 1.0, 0.0, 0.0);
    for o in 0..4 {
        sum += a * noise3([p[0] * s, p[1] * s, p[2] * s], seed.wrapping_add(o));
        norm += a;
        a *= 0.5;
        s *= 2.03;
    }
    sum / norm
}

/// What a die's plastic looks like.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Solid(V3),
    /// Lets light through: flatter shading, a lighter tinted shadow.
    Translucent(V3),
    /// Two colours swirled by noise in the die's own frame.
    Marbled(V3, V3),
}

impl Body {
    pub fn solid(c: V3) -> Body {
        Body::Solid(c)
    }
    /// Mean colour (for contrast decisions).
    pub fn base(&self) -> V3 {
        match self {
            Body::Solid(c) | Body::Translucent(c) => *c,
            Body::Marbled(a, b) => mix(*a, *b, 0.4),
        }
    }
    /// Colour at a point of the die (die frame, in edge lengths).
    pub fn at(&self, p: V3, seed: u64) -> V3 {
        match self {
            Body::Solid(c) | Body::Translucent(c) => *c,
            Body::Marbled(a, b) => {
                let w = fbm([p[0] * 3.0, p[1] * 3.0, p[2] * 3.0], seed);
                let v = ((p[0] + p[1] * 0.6) * 7.0 + w * 9.0).sin();
                mix(*a, *b, (v * 0.5 + 0.5).powf(3.0))
            }
        }
    }
    pub fn translucent(&self) -> bool {
        matches!(self, Body::Translucent(_))
    }
}

/// Relative luminance of a linear colour.
pub fn luma(c: V3) -> f64 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

const BODIES: [[u8; 3]; 8] = [
    [238, 236, 230], // white
    [30, 30, 34],    // black
    [190, 30, 35],   // red
    [30, 130, 60],   // green
    [35, 70, 170],   // blue
    [235, 200, 40],  // yellow
    [110, 50, 150],  // purple
    [225, 120, 30],  // orange
];
const INKS: [[u8; 3]; 7] = [
    [20, 20, 22],    // black
    [245, 245, 240], // white
    [212, 170, 60],  // gold
    [200, 25, 30],   // red
    [40, 90, 200],   // blue
    [40, 160, 70],   // green
    [250, 220, 60],  // yellow
];

/// A kind of pip-die body that `--body` can ask for: one of the solid
/// colours, or any translucent or marbled body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// Index into the solid colours, in [`BodyKind::NAMES`] order.
    Solid(usize),
    Translucent,
    Marbled,
}

impl BodyKind {
    /// Names, the solid colours first in the order of `BODIES`.
    pub const NAMES: [&'static str; 10] =
        ["white", "black", "red", "green", "blue", "yellow", "purple", "orange", "translucent", "marbled"];

    pub fn parse(text: &str) -> Option<BodyKind> {
        match Self::NAMES.iter().position(|n| *n == text)? {
            8 => Some(BodyKind::Translucent),
            9 => Some(BodyKind::Marbled),
            i => Some(BodyKind::Solid(i)),
        }
    }

    /// The kind `body` is, as [`sample_pip_body`] and [`sample_pip_body_of`]
    /// draw it (a solid body of another colour than the list's has none).
    pub fn of(body: &Body) -> Option<BodyKind> {
        match body {
            Body::Solid(c) => BODIES.iter().position(|b| srgb(*b) == *c).map(BodyKind::Solid),
            Body::Translucent(_) => Some(BodyKind::Translucent),
            Body::Marbled(..) => Some(BodyKind::Marbled),
        }
    }
}

const TRANSLUCENT: [[u8; 3]; 6] = [[200, 40, 45], [40, 150, 90], [60, 100, 210], [230, 190, 60], [150, 80, 190], [200, 205, 210]];

/// A pip die's body of the given kind; colours of translucent and marbled
/// bodies are drawn as [`sample_pip_body`] draws them.
pub fn sample_pip_body_of(kind: BodyKind, rng: &mut Rng) -> Body {
    match kind {
        BodyKind::Solid(i) => Body::Solid(srgb(BODIES[i.min(BODIES.len() - 1)])),
        BodyKind::Translucent => Body::Translucent(srgb(*rng.pick(&TRANSLUCENT))),
        BodyKind::Marbled => Body::Marbled(srgb(*rng.pick(&BODIES)), srgb(*rng.pick(&BODIES))),
    }
}

/// A pip die's body: mostly solid colours, some translucent or marbled.
pub fn sample_pip_body(rng: &mut Rng) -> Body {
    let c = srgb(*rng.pick(&BODIES));
    let r = rng.unit();
    if r < 0.65 {
        Body::Solid(c)
    } else if r < 0.82 {
        Body::Translucent(srgb(*rng.pick(&TRANSLUCENT)))
    } else {
        Body::Marbled(c, srgb(*rng.pick(&BODIES)))
    }
}

/// Pips that stand out from the body: a random ink whose brightness differs
/// enough, else black or white, whichever contrasts more.
pub fn sample_pip_ink(body: &Body, rng: &mut Rng) -> V3 {
    let b = luma(body.base());
    for _ in 0..8 {
        let ink = srgb(*rng.pick(&INKS));
        let (hi, lo) = (luma(ink).max(b), luma(ink).min(b));
        if (hi + 0.05) / (lo + 0.05) > 3.0 {
            return ink;
        }
    }
    if b > 0.2 {
        srgb([20, 20, 22])
    } else {
        srgb([245, 245, 240])
    }
}

/// The table the dice lie on.
#[derive(Debug, Clone, PartialEq)]
pub enum Table {
    /// Planks of `width` mm turned by `angle`, light and dark grain colours.
    Wood { light: V3, dark: V3, angle: f64, width: f64 },
    /// Felt or cloth with a weave of `pitch` mm.
    Cloth { color: V3, pitch: f64 },
    /// A plain white plastic tray.
    Tray { color: V3 },
    /// A printed board of square tiles (`tile` mm) with grout lines.
    Board { a: V3, b: V3, grout: V3, tile: f64, angle: f64 },
}

pub fn sample_table(rng: &mut Rng) -> Table {
    match rng.below(4) {
        0 => {
            let tone = rng.range(0.6, 1.2);
            Table::Wood {
                light: srgb([196, 150, 100]).map(|x| (x * tone).min(1.0)),
                dark: srgb([120, 78, 45]).map(|x| (x * tone).min(1.0)),
                angle: rng.range(0.0, std::f64::consts::PI),
                width: rng.range(80.0, 160.0),
            }
        }
        1 => Table::Cloth {
            color: srgb(*rng.pick(&[[40, 100, 60], [30, 50, 110], [120, 30, 35], [60, 60, 65], [20, 20, 24], [150, 130, 100]])),
            pitch: rng.range(0.4, 1.2),
        },
        2 => Table::Tray { color: srgb([232, 232, 228]).map(|x| x * rng.range(0.9, 1.0)) },
        _ => Table::Board {
            a: srgb(*rng.pick(&[[120, 110, 95], [90, 100, 110], [140, 120, 90]])),
            b: srgb(*rng.pick(&[[80, 72, 62], [60, 70, 80], [110, 95, 70]])),
            grout: srgb([40, 36, 32]),
            tile: rng.range(20.0, 45.0),
            angle: rng.range(0.0, std::f64::consts::PI),
        },
    }
}

impl Table {
    /// Colour at table point `p` (mm).
    pub fn albedo(&self, p: [f64; 2], seed: u64) -> V3 {
        match self {
            Table::Wood { light, dark, angle, width } => {
                let (s, c) = angle.sin_cos();
                let (x, y) = (c * p[0] + s * p[1], -s * p[0] + c * p[1]);
                let plank = (y / width).floor();
                let off = hash3(plank as i64, 0, 0, seed) * 1000.0;
                // Growth rings: wavy, unevenly spaced bands along the plank,
                // over fine fibres and a few broad blotches.
                let warp = fbm([(x + off) * 0.002, y * 0.02, plank], seed);
                let bands = y * 0.25 + warp * 12.0 + plank * 3.0;
                let grain = ((bands + 2.0 * noise3([bands * 0.3, 0.0, plank], seed ^ 5)).sin() * 0.5 + 0.5).powf(4.0);
                let fibre = noise3([(x + off) * 0.01, y * 1.5, plank], seed ^ 7);
                let blotch = fbm([(x + off) * 0.01, y * 0.01, plank + 0.5], seed ^ 9);
                let t = 0.15 + grain * 0.35 + fibre * 0.25 + (blotch - 0.5) * 0.5;
                let mut col = mix(*light, *dark, t.clamp(0.0, 1.0));
                let shade = 0.85 + 0.3 * hash3(plank as i64, 1, 0, seed);
                col = col.map(|v| v * shade);
                let edge = (y - plank * width).min((plank + 1.0) * width - y);
                if edge < 0.6 {
                    col = col.map(|v| v * 0.35);
                }
                col
            }
            Table::Cloth { color, pitch } => {
                let weave = ((p[0] / pitch * std::f64::consts::PI).sin() * (p[1] / pitch * std::f64::consts::PI).sin()).abs();
                let f = 0.85 + 0.2 * fbm([p[0] * 0.03, p[1] * 0.03, 0.0], seed) + 0.08 * weave
                    + 0.1 * (noise3([p[0] * 2.0, p[1] * 2.0, 1.0], seed ^ 3) - 0.5);
                color.map(|v| v * f)
            }
            Table::Tray { color } => {
                let f = 0.95 + 0.06 * fbm([p[0] * 0.01, p[1] * 0.01, 2.0], seed);
                color.map(|v| v * f)
            }
            Table::Board { a, b, grout, tile, angle } => {
                let (s, c) = angle.sin_cos();
                let (x, y) = ((c * p[0] + s * p[1]) / tile, (-s * p[0] + c * p[1]) / tile);
                let (i, j) = (x.floor(), y.floor());
                let (fx, fy) = (x - i, y - j);
                if fx.min(1.0 - fx).min(fy.min(1.0 - fy)) * tile < 0.7 {
                    return *grout;
                }
                let base = if (i + j) as i64 % 2 == 0 { *a } else { *b };
                let stain = 0.8 + 0.35 * fbm([x * 1.5, y * 1.5, 3.0], seed) + 0.15 * (hash3(i as i64, j as i64, 5, seed) - 0.5);
                let mut col = base.map(|v| v * stain);
                // A printed rune in some tiles: a ring of darker ink.
                if hash3(i as i64, j as i64, 9, seed) < 0.25 && ((fx - 0.5).hypot(fy - 0.5) - 0.28).abs() < 0.03 {
                    col = col.map(|v| v * 0.45);
                }
                col
            }
        }
    }
    /// Strength of the lamp's mirror reflection off the table.
    pub fn gloss(&self) -> f64 {
        match self {
            Table::Wood { .. } => 0.25,
            Table::Cloth { .. } => 0.0,
            Table::Tray { .. } => 0.35,
            Table::Board { .. } => 0.2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_body_name_parses_to_a_kind_its_bodies_are_of() {
        let mut rng = Rng::new(7);
        for name in BodyKind::NAMES {
            let kind = BodyKind::parse(name).expect(name);
            for _ in 0..20 {
                let body = sample_pip_body_of(kind, &mut rng);
                assert_eq!(BodyKind::of(&body), Some(kind), "{name}: {body:?}");
            }
        }
        assert_eq!(BodyKind::parse("Black"), None);
        assert_eq!(BodyKind::parse(""), None);
    }

    #[test]
    fn the_usual_draw_gives_every_kind_and_each_has_contrasting_ink() {
        let mut rng = Rng::new(11);
        let mut seen = [0usize; 10];
        for _ in 0..2000 {
            let body = sample_pip_body(&mut rng);
            let kind = BodyKind::of(&body).expect("a drawn body has a kind");
            let i = match kind {
                BodyKind::Solid(i) => i,
                BodyKind::Translucent => 8,
                BodyKind::Marbled => 9,
            };
            seen[i] += 1;
            let ink = sample_pip_ink(&body, &mut rng);
            let (a, b) = (luma(ink), luma(body.base()));
            assert!((a.max(b) + 0.05) / (a.min(b) + 0.05) > 1.5, "{body:?} with ink {ink:?}");
        }
        assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
    }
}
