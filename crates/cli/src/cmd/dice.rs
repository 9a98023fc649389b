//! `warden dice …`: die sets for the target board (see `models/README.md`).
//!
//! - `enroll`: learn a die set from labelled face crops or generated scenes
//!   and save it under `models/dice-sets/NAME.json`;
//! - `click-eval`: enrol a game's d6 dice by simulated clicks on generated
//!   stills, as the Calibration screen does, and read fresh scenes with them;
//! - `train-verifier`: train the die-or-phantom model of a set on
//!   generated scenes and store it in the set;
//! - `read`: read the dice on the target in one image: colour, icon/blank,
//!   top-face corners in pixels and board mm, and the landing section.

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_board::{Board, Webs};
use tw_calibration::CalibrationProfile;
use tw_target::{DieSet, DieShape};

/// The shipped board's name as profiles write it; it resolves to the
/// built-in geometry when no such file is found beside the profile or here.
pub const SHIPPED_BOARD: &str = "calibration/boards/catacombs-default.json";
/// The die set used when none is named.
pub const DEFAULT_SET: &str = "dungeon-fighter";

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: DiceCommand,
}

#[derive(Subcommand)]
pub enum DiceCommand {
    /// Learn a die set from labelled examples.
    Enroll {
        /// Name of the set (file models/dice-sets/NAME.json).
        #[arg(long)]
        name: String,
        /// Folder of face crops named <colour>-<icon|blank>[-…].png.
        #[arg(long, conflicts_with_all = ["scenes", "yolo"])]
        crops: Option<PathBuf>,
        /// Folder of photos of six-sided dice with YOLO top-face labels
        /// (class k = face k+1, or the faces named in its classes.txt):
        /// enrols a d6 set.
        #[arg(long, conflicts_with = "scenes")]
        yolo: Option<PathBuf>,
        /// With --yolo: enrol from at most this many photos (in name order).
        #[arg(long, requires = "yolo")]
        max_images: Option<usize>,
        /// Folder of `warden synth` scenes (labels from their ground truth).
        #[arg(long)]
        scenes: Option<PathBuf>,
        /// Edge length of the d12s in mm.
        #[arg(long, default_value_t = 11.0)]
        edge_mm: f64,
        /// Output file (default models/dice-sets/NAME.json).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Train the set's die-or-phantom verifier on `warden synth` scenes and save it in the set.
    TrainVerifier {
        /// Die set name or path (default: dungeon-fighter); rewritten with the verifier.
        #[arg(long)]
        dice_set: Option<String>,
        /// Folder of `warden synth` scenes (use seeds kept apart from
        /// evaluation); repeat to train on several, in the order given.
        #[arg(long, required = true)]
        scenes: Vec<PathBuf>,
        /// Share of the training dice the verifier must accept.
        #[arg(long, default_value_t = 0.995)]
        keep: f64,
        /// Accept at this probability instead of where `--keep` puts it
        /// (a lower one finds more dice and lets more phantoms through).
        #[arg(long)]
        threshold: Option<f64>,
        /// Board geometry (default: the shipped one).
        #[arg(long)]
        board: Option<PathBuf>,
        /// Also write the labelled measurements as CSV (one candidate a line).
        #[arg(long)]
        save_data: Option<PathBuf>,
    },
    /// Enrol a game's dice by simulated clicks on generated stills (as in
    /// the window) and read fresh generated scenes with them: faces read right.
    ClickEval(ClickEval),
    /// Read the dice on the target board in one image.
    Read {
        #[arg(long)]
        image: PathBuf,
        /// Calibration profile (board frame); its `board.geometry` names the board.
        #[arg(long)]
        calibration: PathBuf,
        /// Die set name or path (default: dungeon-fighter).
        #[arg(long)]
        dice_set: Option<String>,
        /// Board geometry, overriding the calibration's.
        #[arg(long)]
        board: Option<PathBuf>,
        /// A hole covered by a spider web (repeatable).
        #[arg(long = "web")]
        webs: Vec<String>,
        /// Also write the image with the geometry and readings drawn on it.
        #[arg(long)]
        overlay: Option<PathBuf>,
    },
}

pub fn run(a: Args) -> Result<ExitCode> {
    match a.command {
        DiceCommand::Enroll {
            name,
            crops,
            scenes,
            edge_mm,
            out,
            yolo,
            max_images,
        } => match yolo {
            Some(dir) => enroll_d6(&name, &dir, max_images, out),
            None => enroll(&name, crops, scenes, edge_mm, out),
        },
        DiceCommand::ClickEval(a) => click_eval(&a),
        DiceCommand::TrainVerifier {
            dice_set,
            scenes,
            keep,
            threshold,
            board,
            save_data,
        } => train_verifier(
            dice_set.as_deref(),
            &scenes,
            keep,
            threshold,
            board.as_deref(),
            save_data.as_deref(),
        ),
        DiceCommand::Read {
            image,
            calibration,
            dice_set,
            board,
            webs,
            overlay,
        } => read(
            &image,
            &calibration,
            dice_set.as_deref(),
            board.as_deref(),
            &webs,
            overlay.as_deref(),
        ),
    }
}

/// Checks a set name given on the command line.
fn check_name(name: &str) -> Result<()> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        bail!("--name {name:?}: use letters, digits, '-' or '_'");
    }
    Ok(())
}

/// `dice enroll --yolo`: a d6 set from labelled photos, through the same
/// enrolment as the Calibration screen's clicked dice
/// ([`tw_app::enrol_d6::D6Enrolment`]). Nothing is written unless the whole
/// folder reads and every labelled face has enough examples.
fn enroll_d6(
    name: &str,
    dir: &Path,
    max_images: Option<usize>,
    out: Option<PathBuf>,
) -> Result<ExitCode> {
    check_name(name)?;
    if max_images == Some(0) {
        bail!("--max-images 0: enrol from at least one photo");
    }
    let names = tw_vision::faceset::class_names(dir)?;
    let mut images = tw_vision::eval::list_images(dir)?;
    if images.is_empty() {
        bail!(
            "{}: no .jpg, .jpeg or .png photos to enrol from",
            dir.display()
        );
    }
    if let Some(n) = max_images {
        images.truncate(n);
    }
    let mut enrolment =
        tw_app::enrol_d6::D6Enrolment::new(name, &names, false).map_err(anyhow::Error::msg)?;
    let mut faces = 0;
    for (i, img) in images.iter().enumerate() {
        let frame = tw_vision::image_io::load_bgr(img)?;
        let (w, h) = tw_vision::image_io::frame_size(&frame);
        let label_path = img.with_extension("txt");
        let text = match std::fs::read_to_string(&label_path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(e).with_context(|| format!("reading {}", label_path.display())),
        };
        let labels = tw_vision::eval::parse_yolo_named(&text, w, h, &names)
            .map_err(|reason| anyhow::anyhow!("{}: {reason}", label_path.display()))?;
        let examples: Vec<tw_app::enrol_d6::Example> = labels
            .into_iter()
            .map(|b| tw_app::enrol_d6::Example {
                still: i as u32,
                rect: [b.x0, b.y0, b.x1, b.y1],
                face: b.name,
            })
            .collect();
        faces += enrolment
            .add(i as u32, &frame, &examples, &img.display().to_string())
            .map_err(|e| anyhow::anyhow!("{}: {e}", label_path.display()))?;
    }
    let enrolled = enrolment
        .finish()
        .map_err(|e| anyhow::anyhow!("enrolling {}: {e}", dir.display()))?;
    let out = out.unwrap_or_else(|| tw_app::paths::dice_sets_dir().join(format!("{name}.json")));
    let saved = tw_app::enrol_d6::save(&enrolled, &out, name).map_err(anyhow::Error::msg)?;
    let set = &enrolled.set;
    println!(
        "{}: d6 set {name:?} from {faces} faces in {} photos:",
        out.display(),
        images.len()
    );
    println!("  {}", saved.summary);
    for f in &set.faces {
        println!(
            "  {:<10} {:>4} samples  least similarity {:.2}",
            f.face, f.samples, f.min_similarity
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `dice click-eval`: enrol a game's dice as a player would in the window
/// (every die of generated stills clicked, the proposed box taken when it
/// fits, else dragged), then read fresh generated scenes with the reader
/// the game gets. Prints faces read right.
fn click_eval(a: &ClickEval) -> Result<ExitCode> {
    use tw_app::enrol_d6::simulated::{enrol_by_clicks, read_fresh};
    if a.max_stills == 0 || a.min_stills > a.max_stills {
        bail!(
            "--min-stills {} --max-stills {}: give 1 ≤ min ≤ max",
            a.min_stills,
            a.max_stills
        );
    }
    if a.scenes == 0 {
        bail!("--scenes 0: read at least one fresh scene");
    }
    if a.fresh_seed == a.enrol_seed {
        bail!(
            "--fresh-seed {}: use a seed apart from --enrol-seed",
            a.fresh_seed
        );
    }
    let sets = match &a.sets_dir {
        Some(d) => d.clone(),
        None => std::env::temp_dir().join(format!("tw-click-eval-{}", std::process::id())),
    };
    let t = tw_app::enrol_d6::target(&a.game, &sets).map_err(anyhow::Error::msg)?;
    if t.kind == "pips" {
        bail!("--game pips: no game reads a pip set; give dungeon-roll or pocket-dungeon-quest");
    }
    let (w, h) = a.size;
    let opts = tw_synth::D6Options {
        sizes: vec![(w, h)],
        dice: (a.dice.0, a.dice.1),
        tilt_deg: (a.tilt.0, a.tilt.1),
        face_px: (a.face_px.0, a.face_px.1),
        effects: true,
    };
    let t0 = std::time::Instant::now();
    let player = tw_app::enrol_d6::simulated::Player {
        min_iou: a.min_iou,
        min_stills: a.min_stills,
    };
    let (saved, clicks) = enrol_by_clicks(&t, a.enrol_seed, a.max_stills, &opts, &sets, player)
        .map_err(anyhow::Error::msg)?;
    println!(
        "{} (seed {}, {} stills: {} dice clicked on a proposed box, {} dragged) in {:.1} s -> {}",
        saved.summary,
        a.enrol_seed,
        clicks.stills,
        clicks.proposed,
        clicks.dragged,
        t0.elapsed().as_secs_f64(),
        saved.path
    );
    let score =
        read_fresh(&t.kind, a.fresh_seed, a.scenes, &opts, &sets).map_err(anyhow::Error::msg)?;
    println!(
        "fresh seed {}: {} scenes, {} dice: read right {} ({:.2} %), right and sure {}, wrong yet sure {}",
        a.fresh_seed,
        score.scenes,
        score.labelled,
        score.right,
        100.0 * score.share_right(),
        score.right_sure,
        score.wrong_sure
    );
    if a.sets_dir.is_none() {
        let _ = std::fs::remove_dir_all(&sets);
    }
    Ok(ExitCode::SUCCESS)
}

/// Two numbers "A,B" (A ≤ B).
fn pair<T: std::str::FromStr + PartialOrd + Copy>(s: &str) -> Result<(T, T), String> {
    let (a, b) = s.split_once(',').ok_or("give two numbers as A,B")?;
    let p = |v: &str| {
        v.trim()
            .parse::<T>()
            .map_err(|_| format!("{v:?} is not a number"))
    };
    let (a, b) = (p(a)?, p(b)?);
    if a > b {
        return Err("the first number must not exceed the second".into());
    }
    Ok((a, b))
}

/// "WxH".
fn size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s.split_once('x').ok_or("give the size as WIDTHxHEIGHT")?;
    let p = |v: &str| {
        v.parse::<u32>()
            .ok()
            .filter(|v| (64..=4096).contains(v))
            .ok_or(format!("{v:?} is not a size from 64 to 4096"))
    };
    Ok((p(w)?, p(h)?))
}

#[derive(clap::Args)]
pub struct ClickEval {
    /// dungeon-roll or pocket-dungeon-quest.
    #[arg(long)]
    game: String,
    /// Seed of the stills enrolled from.
    #[arg(long)]
    enrol_seed: u64,
    /// Most stills to enrol from.
    #[arg(long, default_value_t = 12)]
    max_stills: usize,
    /// Fewest stills to enrol from (more, up to --max-stills, until every
    /// face has its examples).
    #[arg(long, default_value_t = 1)]
    min_stills: usize,
    /// Seed of the fresh scenes read (keep it apart from the enrolment's).
    #[arg(long)]
    fresh_seed: u64,
    /// Fresh scenes read.
    #[arg(long, default_value_t = 20)]
    scenes: usize,
    /// Frame size, WxH.
    #[arg(long, default_value = "1280x720", value_parser = size)]
    size: (u32, u32),
    /// Dice per scene, A,B.
    #[arg(long, default_value = "14,14", value_parser = pair::<usize>)]
    dice: (usize, usize),
    /// Top-face size in pixels, A,B.
    #[arg(long, default_value = "28,90", value_parser = pair::<f64>)]
    face_px: (f64, f64),
    /// Camera tilt from vertical in degrees, A,B.
    #[arg(long, default_value = "0,30", value_parser = pair::<f64>)]
    tilt: (f64, f64),
    /// The simulated player takes a proposed box when it overlaps the die's
    /// top face at least this much, else drags the box (above 1: drag every die).
    #[arg(long, default_value_t = tw_app::enrol_d6::simulated::GOOD_PROPOSAL_IOU)]
    min_iou: f32,
    /// Keep the enrolled set in this folder (default: a temporary one, removed).
    #[arg(long)]
    sets_dir: Option<PathBuf>,
}

/// A d6 reader for a set named on the command line: "d6-pips" (the
/// built-in reader) or an enrolled d6 set's name or path.
pub fn d6_reader(set: Option<&str>) -> Result<tw_vision::DiceReader> {
    match set {
        None | Some("d6-pips") => Ok(tw_vision::DiceReader::default()),
        Some(arg) => {
            let path = set_path(Some(arg));
            let set = tw_vision::faceset::FaceSet::load(&path)?;
            Ok(tw_vision::DiceReader::with_face_set(
                set,
                &path.display().to_string(),
            )?)
        }
    }
}

fn enroll(
    name: &str,
    crops: Option<PathBuf>,
    scenes: Option<PathBuf>,
    edge_mm: f64,
    out: Option<PathBuf>,
) -> Result<ExitCode> {
    check_name(name)?;
    let examples = match (crops, scenes) {
        (Some(dir), None) => tw_target::eval::examples_from_crops(&dir)?,
        (None, Some(dir)) => tw_target::eval::examples_from_scenes(&dir)?,
        _ => {
            bail!("give the examples with --crops DIR, --scenes DIR or (six-sided dice) --yolo DIR")
        }
    };
    let set = DieSet::enroll(name, DieShape { edge_mm }, &examples)?;
    let out = out.unwrap_or_else(|| tw_app::paths::dice_sets_dir().join(format!("{name}.json")));
    set.save(&out)?;
    println!(
        "{}: die set {name:?} from {} examples:",
        out.display(),
        examples.len()
    );
    for p in &set.prototypes {
        println!(
            "  {:<6} {:<5} {:>4} samples  glyph {:.2}",
            p.color, p.face, p.samples, p.glyph_fraction
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn train_verifier(
    set_arg: Option<&str>,
    scenes: &[PathBuf],
    keep: f64,
    threshold: Option<f64>,
    board: Option<&Path>,
    save_data: Option<&Path>,
) -> Result<ExitCode> {
    if !(0.5..=1.0).contains(&keep) {
        bail!("--keep {keep}: give the share of dice to accept, between 0.5 and 1");
    }
    if let Some(t) = threshold {
        if !(t > 0.0 && t < 1.0) {
            bail!("--threshold {t}: give a probability between 0 and 1");
        }
    }
    let path = set_path(set_arg);
    // The old model is replaced, so it is not read (it may be for other measurements).
    let mut set = DieSet::load_for_retraining(&path)?;
    let board = match board {
        Some(p) => Board::load(p)?,
        None => Board::catacombs_default(),
    };
    // Two passes. The first measures the candidates without a model (where
    // fits overlap, the best fit score wins); the second measures them as
    // the reader will, with overlaps settled by the first model, and the
    // model trained on that is the one kept.
    set.verifier = None;
    let folders = scenes
        .iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(" + ");
    let mut model = None;
    for pass in 1..=2 {
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for dir in scenes {
            let (x, y) = tw_target::eval::labelled_candidates(dir, &board, &set, 4.0)?;
            xs.extend(x);
            ys.extend(y);
        }
        let dice = ys.iter().filter(|y| **y).count();
        if let (Some(out), 2) = (save_data, pass) {
            let mut csv = format!("{},die\n", tw_target::verify::FEATURES.join(","));
            for (x, y) in xs.iter().zip(&ys) {
                let row: Vec<String> = x.iter().map(|v| format!("{v:.5}")).collect();
                csv += &format!("{},{}\n", row.join(","), *y as u8);
            }
            std::fs::write(out, csv).with_context(|| format!("{}", out.display()))?;
        }
        let Some(mut v) = tw_target::verify::Verifier::train(
            &xs,
            &ys,
            keep,
            &format!("{folders} ({} dice, {} phantoms)", dice, ys.len() - dice),
        ) else {
            bail!(
                "{folders}: need both dice and phantoms among the candidates (found {dice} dice of {})",
                ys.len()
            );
        };
        // Both passes use it: the second pass then measures (and searches
        // again) the candidates exactly as the reader will.
        if let Some(t) = threshold {
            v.threshold = t;
        }
        let (kept, passed) = v.tally(&xs, &ys);
        println!(
            "pass {pass}: trained on {} candidates: accepts {kept} of {dice} dice, {passed} of {} phantoms (threshold {:.3})",
            ys.len(),
            ys.len() - dice,
            v.threshold
        );
        set.verifier = Some(v.clone());
        model = Some(v);
    }
    let Some(v) = model else {
        unreachable!("two passes ran")
    };
    println!("{}: verifier saved", path.display());
    set.verifier = Some(v);
    set.save(&path)?;
    Ok(ExitCode::SUCCESS)
}

/// The file of a die-set name (under the `models/dice-sets` folder that
/// [`tw_app::paths::models_dir`] finds) or path (taken as given).
pub(crate) fn set_path(name_or_path: Option<&str>) -> PathBuf {
    let arg = name_or_path.unwrap_or(DEFAULT_SET);
    let p = Path::new(arg);
    if p.extension().is_some() || p.components().count() > 1 {
        p.to_path_buf()
    } else {
        tw_app::paths::dice_sets_dir().join(format!("{arg}.json"))
    }
}

/// Resolves a die-set name (under models/dice-sets) or path.
pub fn load_set(name_or_path: Option<&str>) -> Result<DieSet> {
    Ok(DieSet::load(&set_path(name_or_path))?)
}

/// The board named by a calibration profile (relative to its folder), or `over`, or the default.
pub fn board_for(
    profile: &CalibrationProfile,
    profile_path: &Path,
    over: Option<&Path>,
) -> Result<Board> {
    if let Some(p) = over {
        return Ok(Board::load(p)?);
    }
    match &profile.board {
        Some(b) => tw_app::paths::load_board(b, profile_path).map_err(anyhow::Error::msg),
        None => Ok(Board::catacombs_default()),
    }
}

fn read(
    image: &Path,
    calibration: &Path,
    set: Option<&str>,
    board: Option<&Path>,
    webs: &[String],
    overlay: Option<&Path>,
) -> Result<ExitCode> {
    let profile = CalibrationProfile::load(calibration).map_err(|e| anyhow::anyhow!("{e}"))?;
    let board = board_for(&profile, calibration, board)?;
    let set = load_set(set)?;
    let webs = Webs::on(&board, webs)?;
    // With a lens model the frame is read corrected for it, as `warden
    // read` does; the JSON's pixels are mapped back to the image as given,
    // the overlay is drawn over the corrected frame.
    let lens = profile.lens.as_ref();
    let img = tw_target::io::load_frame_through_lens(image, lens).map_err(anyhow::Error::msg)?;
    let t = std::time::Instant::now();
    let reading = tw_target::read_target(&img, &profile.table_to_image.0, &board, &webs, &set)?;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut as_seen = reading.clone();
    if let Some(l) = lens {
        for d in &mut as_seen.dice {
            d.center = l.distort(d.center);
            d.corners.iter_mut().for_each(|c| *c = l.distort(*c));
        }
    }
    let mut v = serde_json::to_value(&as_seen)?;
    v["image"] = serde_json::json!(image.display().to_string());
    v["elapsed_ms"] = serde_json::json!(ms);
    println!("{}", serde_json::to_string_pretty(&v)?);
    if let Some(out) = overlay {
        tw_target::overlay::overlay_file(
            image,
            lens,
            &profile.table_to_image.0,
            &board,
            Some(&reading),
            out,
        )
        .map_err(anyhow::Error::msg)?;
    }
    Ok(ExitCode::SUCCESS)
}
