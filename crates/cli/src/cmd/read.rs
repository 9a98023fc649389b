//! `warden read`: read the dice in one still image and print them as JSON.
//!
//! The output is a stable contract other tools parse:
//! `{"image", "width", "height", "elapsed_ms", "dice": [{"center", "corners",
//! "face", "color", "confidence", "cocked"}]}`.

use anyhow::{bail, Context, Result};
use clap::Args as ClapArgs;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use tw_vision::{image_io::load_bgr, DiceReader, Die};

#[derive(ClapArgs)]
pub struct Args {
    /// Image file to read (JPEG, PNG, ...).
    #[arg(long)]
    image: PathBuf,
    /// Table calibration profile (see calibration/README.md). It is loaded and
    /// validated, and must match the image size; board sections are not
    /// reported yet.
    #[arg(long)]
    calibration: Option<PathBuf>,
    /// Die set to read with. Only the built-in "d6-pips" set exists so far.
    #[arg(long = "dice-set")]
    dice_set: Option<String>,
}

#[derive(Serialize)]
struct Output<'a> {
    image: String,
    width: u32,
    height: u32,
    elapsed_ms: f64,
    dice: &'a [Die],
}

pub fn run(args: Args) -> Result<ExitCode> {
    let calibration = match &args.calibration {
        Some(path) => Some((path, tw_calibration::CalibrationProfile::load(path)?)),
        None => None,
    };
    let reader = DiceReader::default();
    if let Some(set) = &args.dice_set {
        if set != reader.face_reader.name() {
            bail!(
                "unknown die set {set:?}: only {:?} is available so far",
                reader.face_reader.name()
            );
        }
    }
    let frame = load_bgr(&args.image)?;
    let (w, h) = tw_vision::image_io::frame_size(&frame);
    if let Some((path, profile)) = &calibration {
        if let Some([pw, ph]) = profile.image_size {
            if [pw, ph] != [w, h] {
                bail!(
                    "calibration {} was made for {pw}×{ph} images but {} is {w}×{h}",
                    path.display(),
                    args.image.display()
                );
            }
        }
    }
    let start = Instant::now();
    let reading = reader
        .read(&frame)
        .with_context(|| format!("reading dice in {}", args.image.display()))?;
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let out = Output {
        image: args.image.display().to_string(),
        width: reading.width,
        height: reading.height,
        elapsed_ms: (elapsed_ms * 1000.0).round() / 1000.0,
        dice: &reading.dice,
    };
    println!("{}", serde_json::to_string(&out)?);
    Ok(ExitCode::SUCCESS)
}
