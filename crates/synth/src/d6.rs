//! Photos of six-sided dice on a table, with YOLO top-face labels, so the d6
//! reader can be measured on dice it was not trained on.
//!
//! A scene holds 1–14 cubes with rounded edges resting on a table, seen by a
//! pinhole camera tilted 0–45° from vertical at any yaw, lit by one lamp to
//! the side (soft shadows, optional glare), over wood, cloth, a white tray or
//! a tiled board. Each pixel is ray-marched in plain Rust ([`render`]); the
//! photographic losses (vignette, blur, sensor noise) are painted afterwards
//! and JPEG loss is added when the image is written ([`yolo`]).
//!
//! Three die sets ([`DieSet`]), face art drawn procedurally ([`art`]):
//! - `pips`: pips 1–6 (opposite faces sum to 7) on white, black, red, green,
//!   blue, yellow, purple, translucent or marbled bodies, with black, white,
//!   gold, red or coloured pips, whichever contrast with the body;
//! - `dungeon-roll`: white party dice (champion, fighter, cleric, mage,
//!   thief, scroll) and black dungeon dice (goblin, skeleton, ooze, chest,
//!   potion, dragon), six kinds on six faces each, as the rules list them;
//! - `pocket-dungeon-quest`: the Attack Die, ivory with faces one_sword,
//!   two_swords (twice), three_swords, a yellow flash and a red skull: the
//!   distribution the game crate assumes (`pocket-dungeon-quest/data/dice.json`),
//!   since the rules text lost the die's picture.
//!
//! Everything is a pure function of the seed. Dice may touch but never
//! overlap, and every top face lies wholly inside the image; a top face is
//! never hidden by another die because all dice of a scene share one size.

pub mod art;
pub mod render;
pub mod surface;
pub mod yolo;

use crate::camera::Camera;
use crate::math::*;
use crate::rng::Rng;
use surface::{Body, Table};

/// A die set the generator can draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieSet {
    Pips,
    DungeonRoll,
    PocketDungeonQuest,
}

impl DieSet {
    pub const ALL: [DieSet; 3] = [DieSet::Pips, DieSet::DungeonRoll, DieSet::PocketDungeonQuest];

    /// The set's command-line name.
    pub fn name(self) -> &'static str {
        match self {
            DieSet::Pips => "pips",
            DieSet::DungeonRoll => "dungeon-roll",
            DieSet::PocketDungeonQuest => "pocket-dungeon-quest",
        }
    }

    pub fn parse(text: &str) -> Option<DieSet> {
        DieSet::ALL.into_iter().find(|s| s.name() == text)
    }

    /// Class names, in YOLO class order (`classes.txt`).
    pub fn classes(self) -> &'static [&'static str] {
        match self {
            DieSet::Pips => &["1", "2", "3", "4", "5", "6"],
            DieSet::DungeonRoll => &[
                "champion", "fighter", "cleric", "mage", "thief", "scroll", "goblin", "skeleton",
                "ooze", "chest", "potion", "dragon",
            ],
            DieSet::PocketDungeonQuest => &["one_sword", "two_swords", "three_swords", "flash", "skull"],
        }
    }
}

/// Cube faces in the die's own frame: +X, −X, +Y, −Y, +Z, −Z. Faces 2k and
/// 2k+1 are opposite.
pub const CUBE_NORMALS: [V3; 6] = [
    [1.0, 0.0, 0.0],
    [-1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, -1.0, 0.0],
    [0.0, 0.0, 1.0],
    [0.0, 0.0, -1.0],
];

/// Class of each cube face (index into [`DieSet::classes`]) for a die kind:
/// pips put 1|6, 2|5, 3|4 opposite; `dark` picks Dungeon Roll's black die.
fn face_classes(set: DieSet, dark: bool) -> [usize; 6] {
    match set {
        DieSet::Pips => [0, 5, 1, 4, 2, 3],
        DieSet::DungeonRoll if !dark => [0, 5, 1, 4, 2, 3],
        DieSet::DungeonRoll => [6, 11, 7, 10, 8, 9],
        // one_sword | three_swords, two_swords | two_swords, flash | skull.
        DieSet::PocketDungeonQuest => [0, 2, 1, 1, 3, 4],
    }
}

/// How one die looks.
#[derive(Debug, Clone, PartialEq)]
pub struct DieLook {
    pub body: Body,
    /// Colour of the face art in linear RGB (glyphs with their own colour,
    /// like Pocket Dungeon Quest's yellow flash, ignore it).
    pub ink: V3,
    /// Class of each cube face, see [`CUBE_NORMALS`].
    pub faces: [usize; 6],
    /// Highlight strength and sharpness of the plastic.
    pub gloss: f64,
    pub shininess: f64,
}

/// One die resting on the table.
#[derive(Debug, Clone, PartialEq)]
pub struct D6Die {
    pub look: DieLook,
    /// Cube face pointing up.
    pub up: usize,
    /// Centre of the footprint on the table (mm) and edge length (mm).
    pub at: [f64; 2],
    pub edge: f64,
    /// Die frame → world rotation.
    pub orient: M3,
    /// Turn about the vertical, radians (the footprint's orientation).
    pub yaw: f64,
}

impl D6Die {
    /// Class shown on top.
    pub fn top_class(&self) -> usize {
        self.look.faces[self.up]
    }
    /// World position of the die's centre (world z points into the table).
    pub fn centre(&self) -> V3 {
        [self.at[0], self.at[1], -self.edge / 2.0]
    }
    /// The top face's four corners in world millimetres.
    pub fn top_corners(&self) -> [V3; 4] {
        let h = self.edge / 2.0;
        let (s, c) = self.yaw.sin_cos();
        let (u, v) = ([c, s], [-s, c]);
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)].map(|(a, b)| {
            [
                self.at[0] + h * (a * u[0] + b * v[0]),
                self.at[1] + h * (a * u[1] + b * v[1]),
                -self.edge,
            ]
        })
    }
}

/// The lamp: a disc of `radius` mm at `pos`, and the room's ambient light.
#[derive(Debug, Clone, PartialEq)]
pub struct Light {
    pub pos: V3,
    pub radius: f64,
    pub color: V3,
    pub ambient: f64,
}

/// Photographic losses applied after rendering.
#[derive(Debug, Clone, PartialEq)]
pub struct Photo {
    pub exposure: f64,
    pub vignette: f64,
    pub blur_px: f64,
    pub noise: f64,
    /// Extra lamp reflection on dice and glossy tables.
    pub glare: f64,
    pub jpeg_quality: i32,
}

/// A scene ready to render.
#[derive(Debug, Clone, PartialEq)]
pub struct D6Scene {
    pub set: DieSet,
    pub camera: Camera,
    pub dice: Vec<D6Die>,
    pub light: Light,
    pub table: Table,
    pub photo: Photo,
    /// Seed of the noise patterns (table grain, marbling, sensor noise).
    pub seed: u64,
}

/// Knobs of the generator.
#[derive(Debug, Clone, PartialEq)]
pub struct D6Options {
    /// Candidate image sizes.
    pub sizes: Vec<(u32, u32)>,
    /// Dice per scene (inclusive).
    pub dice: (usize, usize),
    /// Camera tilt from vertical, degrees.
    pub tilt_deg: (f64, f64),
    /// Top-face edge in pixels (roughly; perspective varies it).
    pub face_px: (f64, f64),
    /// Photographic effects on/off (off: no glare, blur, noise, vignette).
    pub effects: bool,
}

impl Default for D6Options {
    fn default() -> D6Options {
        D6Options {
            sizes: vec![(1280, 720), (1024, 768), (1280, 960)],
            dice: (1, 14),
            tilt_deg: (0.0, 45.0),
            face_px: (15.0, 150.0),
            effects: true,
        }
    }
}

const UP: V3 = [0.0, 0.0, -1.0];

/// The look of die `index` of a bag of dice fixed by `bag`: the same dice
/// whatever the scene's seed, so one seed's photos can enrol the dice
/// another seed's photos show.
pub fn bag_look(set: DieSet, bag: u64, index: usize) -> DieLook {
    sample_look(set, &mut Rng::new(bag ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)))
}

/// Draws one die's look for the set.
fn sample_look(set: DieSet, rng: &mut Rng) -> DieLook {
    let gloss = rng.range(0.15, 0.6);
    let shininess = rng.range(25.0, 90.0);
    match set {
        DieSet::Pips => {
            let body = surface::sample_pip_body(rng);
            let ink = surface::sample_pip_ink(&body, rng);
            DieLook { body, ink, faces: face_classes(set, false), gloss, shininess }
        }
        DieSet::DungeonRoll => {
            let dark = rng.chance(0.5);
            let (body, ink) = if dark {
                (Body::solid(surface::srgb([28, 28, 32])), surface::srgb([235, 235, 228]))
            } else {
                (Body::solid(surface::srgb([238, 236, 228])), surface::srgb([20, 20, 24]))
            };
            DieLook { body, ink, faces: face_classes(set, dark), gloss, shininess }
        }
        DieSet::PocketDungeonQuest => DieLook {
            body: Body::solid(surface::srgb([240, 232, 210])),
            ink: surface::srgb([25, 22, 20]),
            faces: face_classes(set, false),
            gloss,
            shininess,
        },
    }
}

/// Do two upright squares (centre, half edge, yaw) overlap by more than a
/// hair? Touching is allowed. Separating-axis test on the four edge normals.
pub fn footprints_overlap(a: ([f64; 2], f64, f64), b: ([f64; 2], f64, f64)) -> bool {
    let axes = |yaw: f64| {
        let (s, c) = yaw.sin_cos();
        [[c, s], [-s, c]]
    };
    let corners = |(p, h, yaw): ([f64; 2], f64, f64)| {
        let [u, v] = axes(yaw);
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| [p[0] + h * (x * u[0] + y * v[0]), p[1] + h * (x * u[1] + y * v[1])])
    };
    let (ca, cb) = (corners(a), corners(b));
    for ax in axes(a.2).into_iter().chain(axes(b.2)) {
        let proj = |cs: &[[f64; 2]; 4]| {
            cs.iter().map(|c| c[0] * ax[0] + c[1] * ax[1]).fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
        };
        let ((alo, ahi), (blo, bhi)) = (proj(&ca), proj(&cb));
        if ahi <= blo + 1e-6 || bhi <= alo + 1e-6 {
            return false;
        }
    }
    true
}

/// The table point seen at image pixel `px` (world z = 0), if any.
pub fn unproject_to_table(cam: &Camera, px: [f64; 2]) -> Option<[f64; 2]> {
    let d = render::ray_dir(cam, px[0], px[1]);
    if d[2] <= 1e-9 {
        return None;
    }
    let t = -cam.eye[2] / d[2];
    Some([cam.eye[0] + t * d[0], cam.eye[1] + t * d[1]])
}

/// Samples the scene of one seed.
pub fn sample_d6_scene(set: DieSet, seed: u64, opts: &D6Options) -> D6Scene {
    let mut rng = Rng::new(seed);
    let (w, h) = *rng.pick(&opts.sizes);
    let lo = opts.dice.0.max(1);
    let n_want = lo + rng.below(opts.dice.1.max(lo) - lo + 1);
    // Keep the dice's combined area to about a third of the frame.
    let cap = ((w as f64 * h as f64) * 0.3 / (n_want as f64 * 2.5)).sqrt();
    let hi_px = opts.face_px.1.min(cap).max(opts.face_px.0);
    let face_px = (opts.face_px.0.ln() + rng.unit() * (hi_px.ln() - opts.face_px.0.ln())).exp();
    let edge = match set {
        DieSet::Pips => rng.range(12.0, 19.0),
        _ => 16.0,
    };
    let hfov = rng.range(45.0f64, 70.0).to_radians();
    let focal = w as f64 / 2.0 / (hfov / 2.0).tan();
    let tilt = rng.range(opts.tilt_deg.0, opts.tilt_deg.1);
    let distance = focal * edge / face_px + edge;
    let camera = Camera::orbit(w, h, focal, [0.0, 0.0], distance, 90.0 - tilt, rng.range(0.0, 360.0), rng.range(-4.0, 4.0));

    let mut dice: Vec<D6Die> = Vec::new();
    let margin = 3.0;
    for _ in 0..n_want {
        for _attempt in 0..60 {
            let yaw;
            let at;
            if !dice.is_empty() && rng.chance(0.35) {
                // Against a neighbour: same turn (nearly), a hair apart.
                let nb = &dice[rng.below(dice.len())];
                yaw = nb.yaw + rng.range(-0.04, 0.04);
                let side = rng.below(4) as f64 * std::f64::consts::FRAC_PI_2 + nb.yaw;
                let (s, c) = side.sin_cos();
                let along = (nb.edge + edge) / 2.0 + rng.range(0.05, 0.6);
                let slide = rng.range(-0.6, 0.6) * edge;
                at = [nb.at[0] + c * along - s * slide, nb.at[1] + s * along + c * slide];
            } else {
                yaw = rng.range(0.0, std::f64::consts::TAU);
                let px = [rng.range(margin, w as f64 - margin), rng.range(margin, h as f64 - margin)];
                match unproject_to_table(&camera, px) {
                    Some(p) => at = p,
                    None => continue,
                }
            }
            if dice.iter().any(|d| footprints_overlap((d.at, d.edge / 2.0, d.yaw), (at, edge / 2.0, yaw))) {
                continue;
            }
            let look = sample_look(set, &mut rng);
            let up = rng.below(6);
            // Turn face `up` to the ceiling (sides stay on the world axes), then
            // about the vertical so the footprint's edges follow `yaw`.
            let orient = mul(&axis_angle([0.0, 0.0, 1.0], yaw), &rotate_onto(CUBE_NORMALS[up], UP));
            let die = D6Die { look, up, at, edge, orient, yaw };
            let inside = die.top_corners().iter().all(|c| {
                camera.project(*c).is_some_and(|p| {
                    p[0] >= margin && p[1] >= margin && p[0] <= w as f64 - margin && p[1] <= h as f64 - margin
                })
            });
            if inside {
                dice.push(die);
                break;
            }
        }
    }

    let light_az = rng.range(0.0, std::f64::consts::TAU);
    let light_el = rng.range(25.0f64, 70.0).to_radians();
    let light_dist = rng.range(400.0, 1200.0);
    let light = Light {
        pos: [
            light_dist * light_el.cos() * light_az.cos(),
            light_dist * light_el.cos() * light_az.sin(),
            -light_dist * light_el.sin(),
        ],
        radius: rng.range(20.0, 120.0),
        color: [1.0, rng.range(0.9, 1.0), rng.range(0.75, 1.0)],
        ambient: rng.range(0.18, 0.4),
    };
    let table = surface::sample_table(&mut rng);
    let photo = if opts.effects {
        Photo {
            exposure: rng.range(0.85, 1.2),
            vignette: rng.range(0.0, 0.35),
            blur_px: if rng.chance(0.3) { 0.0 } else { rng.range(0.3, 1.4) },
            noise: rng.range(0.5, 5.0),
            glare: if rng.chance(0.35) { rng.range(0.5, 1.5) } else { 0.0 },
            jpeg_quality: rng.range(55.0, 95.0) as i32,
        }
    } else {
        Photo { exposure: 1.0, vignette: 0.0, blur_px: 0.0, noise: 0.0, glare: 0.0, jpeg_quality: 95 }
    };
    D6Scene { set, camera, dice, light, table, photo, seed: rng.unit().to_bits() }
}

/// Image box of a die's top face: `[x0, y0, x1, y1]` in pixels.
pub fn top_box(cam: &Camera, die: &D6Die) -> Option<[f64; 4]> {
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for c in die.top_corners() {
        let p = cam.project(c)?;
        b = [b[0].min(p[0]), b[1].min(p[1]), b[2].max(p[0]), b[3].max(p[1])];
    }
    Some(b)
}
