//! `warden eval throws --scenes DIR`: the target reader against scenes with
//! ground truth (`warden synth`'s, or another generator's with the fields
//! listed in `models/dice-sets/README.md`). Prints % correct throw score
//! (section value or miss), icon/blank, both, border cases, a confusion table,
//! ms and CPU ms per scene (with `--verbose`, the three slowest
//! scenes by CPU), with the same figures by camera tilt band.
//!
//! `--empty-board` reads each scene as the live view reads a throw: the
//! motion stage first sees the empty board (`NAME.empty.jpg` or `.png`
//! beside the scene `NAME.jpg`/`.png`, from `warden synth --empty-board`), then the scene, and only the
//! regions it reports changed are read ([`tw_target::read_throw`]).

use anyhow::{Context, Result};
use opencv::core::Mat;
use opencv::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_board::Webs;
use tw_calibration::BoardLook;
use tw_motion::{Event, FrameView, MotionStage, RegionKind, StageConfig};
use tw_target::eval::EvalError;
use tw_target::{DieSet, Scope};

#[derive(clap::Args)]
pub struct Args {
    /// Folder of scenes: written by `warden synth`, or another generator's
    /// (format: models/dice-sets/README.md, "Scenes for `warden eval throws`").
    #[arg(long)]
    pub scenes: PathBuf,
    /// Die set name or path (default: dungeon-fighter).
    #[arg(long)]
    pub dice_set: Option<String>,
    /// Board geometry (default: the shipped one).
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// List every die read wrong.
    #[arg(long)]
    pub verbose: bool,
    /// Read each scene as the live view reads a throw onto an empty board:
    /// only what differs from `NAME.empty.EXT` beside `NAME.EXT`.
    #[arg(long)]
    pub empty_board: bool,
    /// Do not use the calibration stills kept beside the scenes
    /// (`NAME.calibration.reference.jpg`) to tell printed art from dice in
    /// a whole-frame read.
    #[arg(long)]
    pub no_still: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let board = super::board::load_board(a.board.as_deref())?;
    let set = super::dice::load_set(a.dice_set.as_deref())?;
    let whole = std::cell::RefCell::new(Vec::<String>::new());
    let shares = std::cell::RefCell::new(Vec::<f64>::new());
    let r = if a.empty_board {
        let read = |image: &Path,
                    img: &Mat,
                    h: &[[f64; 3]; 3],
                    look: Option<&BoardLook>,
                    webs: &Webs,
                    set: &DieSet| {
            let empty_path = empty_image_of(image);
            // Corrected for the scene's lens, as the scene's frame is.
            let empty = tw_target::eval::frame_beside(image, &empty_path)?;
            let changed = changed_since(&empty, img).map_err(|e| EvalError::File {
                file: empty_path.display().to_string(),
                reason: e,
            })?;
            // The frame before the throw was brought back to the light of
            // calibration when it was taken, as the live view does.
            let empty = tw_target::neutral_frame(&empty, h, look)?;
            let clock = tw_target::eval::Clock::start();
            let img = tw_target::neutral_frame(img, h, look)?;
            let got = tw_target::read_throw_since(
                &img,
                Some(&empty),
                h,
                &board,
                webs,
                set,
                &changed,
                None,
            )?;
            let spent = clock.spent();
            match &got.scope {
                Scope::Whole { why } => whole
                    .borrow_mut()
                    .push(format!("{}: whole frame read: {why}", image.display())),
                Scope::Changed { share, .. } => shares.borrow_mut().push(100.0 * share),
            }
            Ok((got.reading, spent))
        };
        tw_target::eval::evaluate_with(&a.scenes, &board, &set, &read)
    } else {
        tw_target::eval::evaluate_kept(&a.scenes, &board, &set, !a.no_still)
    }
    .with_context(|| format!("evaluating {}", a.scenes.display()))?;
    if a.verbose {
        for f in r.failures.iter().chain(&r.extras) {
            println!("{f}");
        }
        for s in tw_target::eval::slowest(&r, 3) {
            println!("slow: {}: {:.0} ms CPU, {} dice", s.scene, s.cpu_ms, s.dice);
        }
    }
    tw_target::eval::print_report(&r, &a.scenes);
    if a.empty_board {
        let whole = whole.into_inner();
        println!(
            "read as a throw onto the empty board: {} of {} scenes read from their changed regions, {} whole",
            r.scenes - whole.len(),
            r.scenes,
            whole.len()
        );
        let shares = shares.into_inner();
        if !shares.is_empty() {
            println!(
                "  area read: mean {:.1} %, max {:.1} % of the frame",
                shares.iter().sum::<f64>() / shares.len() as f64,
                shares.iter().copied().fold(0.0, f64::max)
            );
        }
        if a.verbose {
            for w in &whole {
                println!("  {w}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `scene-00001.jpg` → `scene-00001.empty.jpg`.
fn empty_image_of(image: &Path) -> PathBuf {
    let stem = image.file_stem().unwrap_or_default().to_string_lossy();
    let ext = image.extension().unwrap_or_default().to_string_lossy();
    image.with_file_name(format!("{stem}.empty.{ext}"))
}

/// The boxes the motion stage reports changed when it has watched the
/// empty board for a while and then sees `scene` (still): the regions of
/// the throw it calls finished, dice only (a hand's `large` regions
/// left out), as the live view hands them to the reader.
fn changed_since(empty: &Mat, scene: &Mat) -> Result<Vec<[f64; 4]>, String> {
    if (empty.cols(), empty.rows()) != (scene.cols(), scene.rows()) {
        return Err(format!(
            "the empty board is {}×{}, the scene {}×{}",
            empty.cols(),
            empty.rows(),
            scene.cols(),
            scene.rows()
        ));
    }
    let (w, h) = (scene.cols() as usize, scene.rows() as usize);
    let bytes = |m: &Mat| -> Result<Vec<u8>, String> {
        m.data_bytes()
            .map(|b| b.to_vec())
            .map_err(|e| e.to_string())
    };
    let (before, after) = (bytes(empty)?, bytes(scene)?);
    let mut stage = MotionStage::new(StageConfig::default());
    const FRAME_MS: f64 = 1000.0 / 30.0;
    // A second of the empty board, then up to four seconds of the scene.
    for k in 0..150 {
        let data = if k < 30 { &before } else { &after };
        let out = stage
            .process(&FrameView::bgr(w, h, data), k as f64 * FRAME_MS)
            .map_err(|e| e.to_string())?;
        for ev in out.events {
            if let Event::ThrowFinished { regions, .. } | Event::MotionTimeout { regions, .. } = ev
            {
                return Ok(regions
                    .iter()
                    .filter(|r| r.kind == RegionKind::Die)
                    .map(|r| [r.x as f64, r.y as f64, r.width as f64, r.height as f64])
                    .collect());
            }
        }
    }
    Ok(Vec::new())
}
