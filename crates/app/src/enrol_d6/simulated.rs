//! Click enrolment on generated stills, for tests and `warden dice
//! click-eval`: a simulated player clicks each die of a `warden synth d6`
//! scene at its top face's centre and takes the proposed box when it fits
//! the die (overlap with the true top-face box at least
//! [`GOOD_PROPOSAL_IOU`]), else drags the true box by hand; the examples go
//! through [`super::enrol_and_save`] as the window's do, and fresh scenes
//! are read through [`crate::reader::TableReader::for_game`].

use super::{enrol_and_save, pick, propose, Example, Saved, Target};
use crate::reader::TableReader;
use opencv::core::Mat;
use std::path::Path;
use tw_synth::d6::render::render_d6;
use tw_synth::d6::yolo::to_bgr_mat;
use tw_synth::d6::{sample_d6_scene, top_box, D6Options, DieSet};
use tw_synth::write::scene_seed;

/// A proposal is taken when it overlaps the true box at least this much.
pub const GOOD_PROPOSAL_IOU: f32 = 0.5;

/// How the simulated player works.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Player {
    /// A proposal is taken when it overlaps the true box at least this
    /// much (above 1: every box is dragged).
    pub min_iou: f32,
    /// Stills used at least (more when a face still lacks examples).
    pub min_stills: usize,
}

impl Default for Player {
    fn default() -> Self {
        Player {
            min_iou: GOOD_PROPOSAL_IOU,
            min_stills: 1,
        }
    }
}

/// One generated still and its true top faces (box and face name).
pub struct Scene {
    pub frame: Mat,
    pub truth: Vec<([f32; 4], String)>,
}

/// The generator's set for a target kind.
pub fn synth_set(kind: &str) -> Result<DieSet, String> {
    match kind {
        "pips" => Ok(DieSet::Pips),
        k => {
            DieSet::parse(k).ok_or_else(|| format!("kind {k:?}: the generator draws no such dice"))
        }
    }
}

/// The `i`-th scene of a run seeded `seed` (as `warden synth d6 --seed`
/// numbers them), JPEG-compressed as a camera frame would be.
pub fn scene(set: DieSet, seed: u64, i: usize, opts: &D6Options) -> Result<Scene, String> {
    let s = sample_d6_scene(set, scene_seed(seed, i), opts);
    let img = render_d6(&s);
    let mat = to_bgr_mat(&img).map_err(|e| e.to_string())?;
    let mut jpeg = opencv::core::Vector::<u8>::new();
    let params = opencv::core::Vector::from_slice(&[
        opencv::imgcodecs::IMWRITE_JPEG_QUALITY,
        s.photo.jpeg_quality,
    ]);
    opencv::imgcodecs::imencode(".jpg", &mat, &mut jpeg, &params).map_err(|e| e.to_string())?;
    let frame = opencv::imgcodecs::imdecode(&jpeg, opencv::imgcodecs::IMREAD_COLOR)
        .map_err(|e| e.to_string())?;
    let (w, h) = (s.camera.width as f64, s.camera.height as f64);
    let classes = set.classes();
    let truth = s
        .dice
        .iter()
        .filter_map(|d| {
            let b = top_box(&s.camera, d)?;
            let b = [b[0].max(0.0), b[1].max(0.0), b[2].min(w), b[3].min(h)];
            (b[2] > b[0] && b[3] > b[1])
                .then(|| (b.map(|v| v as f32), classes[d.top_class()].to_string()))
        })
        .collect();
    Ok(Scene { frame, truth })
}

fn iou(a: [f32; 4], b: [f32; 4]) -> f32 {
    let i = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0) * (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    let area = |r: [f32; 4]| (r[2] - r[0]) * (r[3] - r[1]);
    i / (area(a) + area(b) - i).max(1e-6)
}

/// How the simulated player labelled the dice.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Clicks {
    pub stills: usize,
    /// Dice labelled by clicking a proposed box.
    pub proposed: usize,
    /// Dice labelled by dragging a box (no proposal fitted).
    pub dragged: usize,
}

/// The player's examples on one still: every die clicked.
pub fn click_every_die(
    still: u32,
    s: &Scene,
    player: Player,
    clicks: &mut Clicks,
) -> Result<Vec<Example>, String> {
    let proposals = propose(&s.frame)?;
    let mut out = Vec::new();
    for (truth, face) in &s.truth {
        let centre = [(truth[0] + truth[2]) / 2.0, (truth[1] + truth[3]) / 2.0];
        let rect = match pick(&proposals, centre) {
            Some(p) if iou(p.rect, *truth) >= player.min_iou => {
                clicks.proposed += 1;
                p.rect
            }
            _ => {
                clicks.dragged += 1;
                *truth
            }
        };
        out.push(Example {
            still,
            rect,
            face: face.clone(),
        });
    }
    Ok(out)
}

/// Enrols `target` from stills `0..` of run `seed`, adding stills until
/// every face has its examples or `max_stills` are used, and saves it in `sets_dir`.
pub fn enrol_by_clicks(
    target: &Target,
    seed: u64,
    max_stills: usize,
    opts: &D6Options,
    sets_dir: &Path,
    player: Player,
) -> Result<(Saved, Clicks), String> {
    let set = synth_set(&target.kind)?;
    let mut frames = Vec::new();
    let mut examples = Vec::new();
    let mut clicks = Clicks::default();
    for i in 0..max_stills {
        let s = scene(set, seed, i, opts)?;
        examples.extend(click_every_die(i as u32, &s, player, &mut clicks)?);
        frames.push((i as u32, s.frame));
        clicks.stills += 1;
        let counts = super::coverage(&target.faces, &examples, target.min_per_face);
        if super::missing(&counts).is_none() && clicks.stills >= player.min_stills {
            break;
        }
    }
    let stills: Vec<(u32, &Mat)> = frames.iter().map(|(i, f)| (*i, f)).collect();
    let saved = enrol_and_save(target, &target.set_name, &stills, &examples, sets_dir)?;
    Ok((saved, clicks))
}

/// Faces read right on fresh scenes.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Score {
    pub scenes: usize,
    pub labelled: usize,
    /// Labelled dice read with their true face.
    pub right: usize,
    /// Of those, read sure (the player is not asked).
    pub right_sure: usize,
    /// Read with another face yet sure: errors nobody is asked about.
    pub wrong_sure: usize,
}

impl Score {
    pub fn share_right(&self) -> f64 {
        self.right as f64 / self.labelled.max(1) as f64
    }
}

/// Reads scenes `0..count` of run `seed` with the reader `game` gets from
/// the sets in `sets_dir` and scores them against the truth. A reading
/// counts for the label whose box holds its centre (nearest centre first;
/// each label once).
pub fn read_fresh(
    game: &str,
    seed: u64,
    count: usize,
    opts: &D6Options,
    sets_dir: &Path,
) -> Result<Score, String> {
    let (reader, why) = TableReader::for_game(None, Path::new(""), Some(game), sets_dir)?;
    if let Some(why) = why {
        return Err(why);
    }
    let set = synth_set(game)?;
    let mut score = Score::default();
    for i in 0..count {
        let s = scene(set, seed, i, opts)?;
        let frame = tw_capture::Frame::from_mat(&s.frame, i as u64, std::time::Duration::ZERO)
            .map_err(|e| e.to_string())?;
        let dice = reader.read(&frame)?;
        let mut used = vec![false; dice.len()];
        for (b, face) in &s.truth {
            let c = [(b[0] + b[2]) as f64 / 2.0, (b[1] + b[3]) as f64 / 2.0];
            let hit = dice
                .iter()
                .enumerate()
                .filter(|(k, d)| {
                    !used[*k]
                        && (b[0] as f64..=b[2] as f64).contains(&d.center[0])
                        && (b[1] as f64..=b[3] as f64).contains(&d.center[1])
                })
                .min_by(|(_, a), (_, d)| {
                    let da = (a.center[0] - c[0]).hypot(a.center[1] - c[1]);
                    let dd = (d.center[0] - c[0]).hypot(d.center[1] - c[1]);
                    da.total_cmp(&dd)
                });
            score.labelled += 1;
            if let Some((k, d)) = hit {
                used[k] = true;
                let sure = d.confidence >= tw_session::observation::CONFIDENCE_THRESHOLD;
                if d.face.as_deref() == Some(face.as_str()) {
                    score.right += 1;
                    score.right_sure += sure as usize;
                } else if sure {
                    score.wrong_sure += 1;
                }
            }
        }
        score.scenes += 1;
    }
    Ok(score)
}
