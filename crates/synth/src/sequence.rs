//! Throw sequences: a die enters from off the board, bounces and tumbles,
//! slides to its resting pose and stays there; dice from earlier throws lie
//! still. Each frame has ground truth; `rest_frame` is the first frame at
//! which every die is at rest.

use crate::die::{Face, Mesh};
use crate::rng::Rng;
use crate::scene::{
    icon_faces, sample_camera, sample_die, sample_look, webs_of, DieSpec, Options, Scene,
};
use serde::{Deserialize, Serialize};
use tw_board::Board;

/// Frames per second of a generated sequence.
pub const FPS: f64 = 30.0;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sequence {
    pub scenes: Vec<Scene>,
    /// Index of the first frame with every die at rest.
    pub rest_frame: usize,
}

/// Samples a throw of one die (plus 0–2 resting dice) over `moving` frames
/// followed by `still` frames at rest.
pub fn sample_throw(
    board: &Board,
    seed: u64,
    opts: &Options,
    moving: usize,
    still: usize,
) -> Sequence {
    let mut rng = Rng::new(seed);
    let mesh = Mesh::dodecahedron();
    let (camera, elevation_deg) = sample_camera(board, opts, &mut rng);
    let webs: Vec<usize> = (0..board.spec().holes.len())
        .filter(|_| rng.chance(opts.web_chance))
        .collect();
    let web_set = webs_of(board, &webs);
    let mut resting: Vec<DieSpec> = Vec::new();
    for _ in 0..rng.below(3) {
        if let Some(d) = sample_die(board, &mesh, &web_set, opts, &resting, &mut rng) {
            resting.push(d);
        }
    }
    let mut all = resting.clone();
    let thrown = loop {
        if let Some(d) = sample_die(board, &mesh, &web_set, opts, &all, &mut rng) {
            break d;
        }
        all.clear(); // crowded: drop the resting dice rather than loop forever
        resting.clear();
    };
    let mut look = sample_look(opts, &mut rng);
    look.blur_px = 0.0;
    let texture_seed = rng.below(1 << 30) as u64;
    let flight = Flight::sample(board, &thrown, seed, &mut rng);
    let mut scenes = Vec::new();
    for k in 0..moving + still {
        let mut dice = resting.clone();
        dice.push(flight.at(k, moving));
        scenes.push(Scene {
            seed,
            camera: camera.clone(),
            elevation_deg,
            webs: webs.clone(),
            dice,
            look: look.clone(),
            texture_seed,
            art: opts.art,
        });
    }
    Sequence {
        scenes,
        rest_frame: moving,
    }
}

/// How a thrown die flies to its resting pose: it enters off the board on a
/// random side, bounces and tumbles (the top face changing until the last
/// bounces), and slows to a stop.
#[derive(Debug, Clone)]
pub struct Flight {
    rest: DieSpec,
    start: [f64; 2],
    bounces: f64,
    spin: f64,
    seed: u64,
}

impl Flight {
    /// A flight ending at `rest`.
    pub fn sample(board: &Board, rest: &DieSpec, seed: u64, rng: &mut Rng) -> Flight {
        let c = board.centre();
        let a = rng.range(0.0, std::f64::consts::TAU);
        let r0 = board.outer_radius() + rng.range(40.0, 90.0);
        Flight {
            rest: rest.clone(),
            start: [c[0] + r0 * a.cos(), c[1] + r0 * a.sin()],
            bounces: 2.0 + rng.below(3) as f64,
            spin: rng.range(2.0, 6.0),
            seed,
        }
    }

    /// The die at frame `k` of a flight lasting `moving` frames (at rest from
    /// frame `moving` on).
    pub fn at(&self, k: usize, moving: usize) -> DieSpec {
        let mut d = self.rest.clone();
        if k >= moving {
            return d;
        }
        let (start, end) = (self.start, self.rest.pose.at);
        let t = k as f64 / moving as f64;
        let ease = 1.0 - (1.0 - t).powi(3);
        d.pose.at = [
            start[0] + (end[0] - start[0]) * ease,
            start[1] + (end[1] - start[1]) * ease,
        ];
        d.pose.lift_mm =
            60.0 * (1.0 - t).powi(2) * (std::f64::consts::PI * self.bounces * t).sin().abs();
        d.pose.yaw += self.spin * (1.0 - t).powi(2);
        d.pose.tilt = 0.9 * (1.0 - t) * (7.0 * t).sin();
        // Tumbling: the face on top changes on each bounce until the last.
        if t < 0.7 {
            d.pose.top_face = (k * 7 + self.seed as usize) % 12;
            d.face = if icon_faces(d.color).contains(&d.pose.top_face) {
                Face::Icon
            } else {
                Face::Blank
            };
        }
        let speed_mm = 3.0 * (1.0 - t).powi(2) * ((end[0] - start[0]).hypot(end[1] - start[1]))
            / moving as f64;
        d.moving_px = speed_mm.max(0.5);
        d
    }
}
