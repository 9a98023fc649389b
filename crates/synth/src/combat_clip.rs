//! A demo clip of one Dungeon Fighter combat seen by one fixed camera: the
//! red, green and blue dice are thrown in turn, each flying in, tumbling and
//! coming to rest beside the dice already on the board. The window plays it
//! as its target-board demo source, so the whole camera path (motion stage,
//! "throw finished", target reader, game) runs without a camera or a board.

use crate::die::{DieColor, Face, Mesh};
use crate::rng::Rng;
use crate::scene::{icon_faces, sample_camera, sample_die, sample_look, webs_of, DieSpec, Options, Scene};
use crate::art::render_board;
use crate::scene::render_with;
use crate::sequence::Flight;
use crate::truth::SceneTruth;
use crate::write::{true_calibration, write_image, write_json, WriteError};
use serde::{Deserialize, Serialize};
use std::path::Path;
use tw_board::Board;

/// Frames of a generated clip are meant to play at this rate.
pub const FPS: f64 = 30.0;

#[derive(Debug, Clone)]
pub struct CombatClip {
    pub scenes: Vec<Scene>,
    /// Per throw, the first frame at which the thrown die lies still.
    pub rest_frames: Vec<usize>,
    /// The thrown dice as they come to rest, in throw order.
    pub thrown: Vec<DieSpec>,
}

/// Samples a clip: `lead_in` frames of the empty board, then for each of
/// `throws` (colour and face) a flight of `moving` frames and `still`
/// frames at rest. Same seed, same clip.
pub fn combat_clip(
    board: &Board,
    seed: u64,
    opts: &Options,
    throws: &[(DieColor, Face)],
    lead_in: usize,
    moving: usize,
    still: usize,
) -> CombatClip {
    let mut rng = Rng::new(seed);
    let mesh = Mesh::dodecahedron();
    let (camera, elevation_deg) = sample_camera(board, opts, &mut rng);
    // No webs: the demo game starts with none on the board.
    let webs = webs_of(board, &[]);
    let mut look = sample_look(opts, &mut rng);
    look.blur_px = 0.0;
    let texture_seed = rng.below(1 << 30) as u64;
    let scene = |dice: Vec<DieSpec>| Scene {
        seed,
        camera: camera.clone(),
        elevation_deg,
        webs: Vec::new(),
        dice,
        look: look.clone(),
        texture_seed,
        art: opts.art,
    };
    let mut scenes: Vec<Scene> = (0..lead_in).map(|_| scene(Vec::new())).collect();
    let mut resting: Vec<DieSpec> = Vec::new();
    let mut rest_frames = Vec::new();
    for &(color, face) in throws {
        // A resting pose clear of the dice already there; the sampler
        // picks colour and face at random, so set the ones asked for.
        let mut die = loop {
            if let Some(d) = sample_die(board, &mesh, &webs, opts, &resting, &mut rng) {
                break d;
            }
        };
        let wanted: Vec<usize> = (0..12)
            .filter(|f| icon_faces(color).contains(f) == (face == Face::Icon))
            .collect();
        die.color = color;
        die.face = face;
        die.pose.top_face = *rng.pick(&wanted);
        let flight = Flight::sample(board, &die, seed ^ rest_frames.len() as u64, &mut rng);
        for k in 0..moving + still {
            let mut dice = resting.clone();
            dice.push(flight.at(k, moving));
            scenes.push(scene(dice));
        }
        rest_frames.push(scenes.len() - still);
        resting.push(die);
    }
    CombatClip {
        scenes,
        rest_frames,
        thrown: resting,
    }
}

/// Ground truth of a written clip (`truth.json`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ClipTruth {
    pub fps: f64,
    pub rest_frames: Vec<usize>,
    /// Truth of the last frame: every thrown die at rest, in throw order.
    pub end: SceneTruth,
}

/// Renders `clip` into `dir` as `frame-NNNN.jpg`, with `calibration.json`
/// (the exact calibration, holding the board `board_file`) and `truth.json`.
pub fn write_combat_clip(board: &Board, board_file: &str, dir: &Path, clip: &CombatClip) -> Result<ClipTruth, WriteError> {
    std::fs::create_dir_all(dir).map_err(|e| crate::write::io(dir, e))?;
    let first = clip.scenes.first().ok_or_else(|| crate::write::io(dir, "the clip has no frames"))?;
    let mut rng = Rng::new(first.texture_seed);
    let tex = render_board(board, &first.webs, &mut rng)?;
    let mut end = None;
    for (k, scene) in clip.scenes.iter().enumerate() {
        let name = format!("frame-{k:04}.jpg");
        let (img, truth) = render_with(board, board_file, scene, &name, &tex, &mut rng.clone())?;
        write_image(&dir.join(&name), &img, scene.look.jpeg_quality)?;
        end = Some(truth);
    }
    let end = end.ok_or_else(|| crate::write::io(dir, "the clip has no frames"))?;
    write_json(&dir.join("calibration.json"), &true_calibration(board, board_file, &clip.scenes[0])?)?;
    let truth = ClipTruth {
        fps: FPS,
        rest_frames: clip.rest_frames.clone(),
        end,
    };
    write_json(&dir.join("truth.json"), &truth)?;
    Ok(truth)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clip(seed: u64) -> CombatClip {
        let throws = [
            (DieColor::Red, Face::Icon),
            (DieColor::Green, Face::Blank),
            (DieColor::Blue, Face::Icon),
        ];
        combat_clip(&Board::catacombs_default(), seed, &Options::default(), &throws, 5, 12, 10)
    }

    #[test]
    fn one_camera_sees_every_throw_land_beside_the_earlier_dice() {
        let c = clip(7);
        assert_eq!(c.scenes.len(), 5 + 3 * 22);
        assert_eq!(c.rest_frames, vec![17, 39, 61]);
        let cam = &c.scenes[0].camera;
        assert!(c.scenes.iter().all(|s| &s.camera == cam), "the camera never moves");
        assert!(c.scenes[..5].iter().all(|s| s.dice.is_empty()));
        // After each throw the dice so far lie exactly where they came to rest.
        for (i, &r) in c.rest_frames.iter().enumerate() {
            let last = &c.scenes[r + 9];
            assert_eq!(last.dice.len(), i + 1);
            assert_eq!(last.dice[..], c.thrown[..=i]);
        }
        let faces: Vec<_> = c.thrown.iter().map(|d| (d.color, d.face)).collect();
        assert_eq!(faces, vec![(DieColor::Red, Face::Icon), (DieColor::Green, Face::Blank), (DieColor::Blue, Face::Icon)]);
        for d in &c.thrown {
            assert_eq!(icon_faces(d.color).contains(&d.pose.top_face), d.face == Face::Icon);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_clip() {
        assert_eq!(clip(3).thrown, clip(3).thrown);
        assert_ne!(clip(3).thrown, clip(4).thrown);
    }
}
