//! `warden read`: read the dice in one still image and print them as JSON.
//!
//! The output is a stable contract other tools parse:
//! `{"image", "width", "height", "elapsed_ms", "dice": [{"center", "corners",
//! "face", "color", "confidence", "cocked"}]}`.
//!
//! When `--calibration` names a profile that holds a target board
//! (`board.geometry`), the dice are read as Dungeon Fighter d12s on that
//! board with an enrolled die set (`tw_target`), and every die carries, on
//! top of the fields above:
//! - `"section": {"value": n | null, "kind": "score" | "bullseye" | "hole" |
//!   "web" | "bone" | "outside", "name": …}` — where it landed by the
//!   rulebook's most-corners rule (ties go to the lower value);
//! - `"board_corners_mm"`: the top face's corners on the board, millimetres;
//! - `"tie"`: the ruling was a tie resolved to the lower value;
//! - `"uncertain"`: the icon/blank reading is below the confidence threshold
//!   and must be confirmed by the player.
//!
//! For a d12 `corners` holds the five corners of its pentagonal top face
//! (a d6 has four), `face` is `"icon"` or `"blank"`, and `cocked` is always
//! false (the reader only fits dice lying flat).
//!
//! A profile with a lens model (`calibration lens`, or one estimated by
//! `calibration detect`) is read on the frame corrected for it; pixel
//! coordinates in the output are those of the image as given.

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use opencv::prelude::MatTraitConst;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use tw_calibration::CalibrationProfile;
use tw_vision::{image_io::load_bgr, DiceReader, Die};

#[derive(ClapArgs)]
pub struct Args {
    /// Image file to read (JPEG, PNG, ...).
    #[arg(long)]
    image: PathBuf,
    /// Table calibration profile (see calibration/README.md). It is loaded and
    /// validated, and must match the image size. If it holds a target board
    /// (`board.geometry`), each die also gets its landing section.
    #[arg(long)]
    calibration: Option<PathBuf>,
    /// Die set to read with: without a board "d6-pips" (built in) or an
    /// enrolled d6 set's name or path (`warden dice enroll --yolo`); with a
    /// board, an enrolled d12 set name or path (default "dungeon-fighter").
    #[arg(long = "dice-set")]
    dice_set: Option<String>,
    /// A hole of the board covered by a spider web (repeatable): a die in it
    /// is a hit worth 0 instead of a miss.
    #[arg(long = "web")]
    webs: Vec<String>,
}

#[derive(Serialize)]
struct Output<'a, D: Serialize> {
    image: String,
    width: u32,
    height: u32,
    elapsed_ms: f64,
    dice: &'a [D],
}

/// One d12 on the target board, in the contract's shape.
#[derive(Serialize)]
struct BoardDie {
    center: [f64; 2],
    corners: Vec<[f64; 2]>,
    face: Option<String>,
    color: String,
    confidence: f64,
    cocked: bool,
    uncertain: bool,
    section: tw_board::Section,
    tie: bool,
    board_corners_mm: Vec<[f64; 2]>,
}

fn rounded(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

pub fn run(args: Args) -> Result<ExitCode> {
    let calibration = match &args.calibration {
        Some(path) => Some((path, CalibrationProfile::load(path)?)),
        None => None,
    };
    if let Some((path, profile)) = &calibration {
        if profile.board.is_some() {
            return read_board(&args, path, profile);
        }
    }
    if !args.webs.is_empty() {
        bail!("--web needs a calibration that holds a target board (its `board.geometry`)");
    }
    let reader: DiceReader = super::dice::d6_reader(args.dice_set.as_deref())?;
    let frame = load_bgr(&args.image)?;
    let (w, h) = tw_vision::image_io::frame_size(&frame);
    if let Some((path, profile)) = &calibration {
        check_size(path, profile, &args.image, w, h)?;
    }
    let start = Instant::now();
    let reading = reader
        .read(&frame)
        .with_context(|| format!("reading dice in {}", args.image.display()))?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let out: Output<Die> = Output {
        image: args.image.display().to_string(),
        width: reading.width,
        height: reading.height,
        elapsed_ms: rounded(elapsed_ms),
        dice: &reading.dice,
    };
    println!("{}", serde_json::to_string(&out)?);
    Ok(ExitCode::SUCCESS)
}

fn check_size(
    path: &Path,
    profile: &CalibrationProfile,
    image: &Path,
    w: u32,
    h: u32,
) -> Result<()> {
    if let Some([pw, ph]) = profile.image_size {
        if [pw, ph] != [w, h] {
            bail!(
                "calibration {} was made for {pw}×{ph} images but {} is {w}×{h}",
                path.display(),
                image.display()
            );
        }
    }
    Ok(())
}

/// Reads d12s on the board the calibration holds.
fn read_board(args: &Args, path: &Path, profile: &CalibrationProfile) -> Result<ExitCode> {
    let board = super::dice::board_for(profile, path, None)?;
    if args.dice_set.as_deref() == Some("d6-pips") {
        bail!("die set \"d6-pips\" reads pip d6s; the target board needs an enrolled d12 set (e.g. \"dungeon-fighter\")");
    }
    let set = super::dice::load_set(args.dice_set.as_deref())?;
    let webs = tw_board::Webs::on(&board, &args.webs)
        .with_context(|| format!("--web for the board of {}", path.display()))?;
    let img = tw_target::io::load_frame(&args.image).map_err(anyhow::Error::msg)?;
    check_size(
        path,
        profile,
        &args.image,
        img.cols() as u32,
        img.rows() as u32,
    )?;
    let start = Instant::now();
    // With a lens model the frame is corrected first: the profile's
    // homography holds on undistorted pixels. Pixels in the output are
    // mapped back to the image as given.
    let img = tw_target::io::through_lens(&img, profile.lens.as_ref())
        .map_err(|e| anyhow::anyhow!("{}: lens correction: {e}", args.image.display()))?;
    let reading = tw_target::read_target(&img, &profile.table_to_image.0, &board, &webs, &set)
        .with_context(|| format!("reading dice in {}", args.image.display()))?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let seen = |p: [f64; 2]| profile.lens.as_ref().map_or(p, |l| l.distort(p));
    let dice: Vec<BoardDie> = reading
        .dice
        .into_iter()
        .map(|d| BoardDie {
            center: seen(d.center),
            corners: d.corners.into_iter().map(seen).collect(),
            face: Some(d.face),
            color: d.color,
            confidence: d.confidence,
            cocked: false,
            uncertain: d.uncertain,
            section: d.section,
            tie: d.tie,
            board_corners_mm: d.corners_mm,
        })
        .collect();
    let out = Output {
        image: args.image.display().to_string(),
        width: reading.width,
        height: reading.height,
        elapsed_ms: rounded(elapsed_ms),
        dice: &dice,
    };
    println!("{}", serde_json::to_string(&out)?);
    Ok(ExitCode::SUCCESS)
}
