//! `warden dice …`: die sets for the target board (see `models/README.md`).
//!
//! - `enroll`: learn a die set from labelled face crops or generated scenes
//!   and save it under `models/dice-sets/NAME.json`;
//! - `read`: read the dice on the target in one image: colour, icon/blank,
//!   top-face corners in pixels and board mm, and the landing section.

use anyhow::{bail, Context, Result};
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_board::{Board, Webs};
use tw_calibration::CalibrationProfile;
use tw_target::{DieSet, DieShape};

/// Where die sets live, relative to the repository / app data root.
pub const DICE_SETS_DIR: &str = "models/dice-sets";
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
        #[arg(long, conflicts_with = "scenes")]
        crops: Option<PathBuf>,
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
        } => enroll(&name, crops, scenes, edge_mm, out),
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

fn enroll(
    name: &str,
    crops: Option<PathBuf>,
    scenes: Option<PathBuf>,
    edge_mm: f64,
    out: Option<PathBuf>,
) -> Result<ExitCode> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        bail!("--name {name:?}: use letters, digits, '-' or '_'");
    }
    let examples = match (crops, scenes) {
        (Some(dir), None) => tw_target::eval::examples_from_crops(&dir)?,
        (None, Some(dir)) => tw_target::eval::examples_from_scenes(&dir)?,
        _ => bail!("give the examples with --crops DIR or --scenes DIR"),
    };
    let set = DieSet::enroll(name, DieShape { edge_mm }, &examples)?;
    let out = out.unwrap_or_else(|| Path::new(DICE_SETS_DIR).join(format!("{name}.json")));
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

/// Resolves a die-set name (under models/dice-sets) or path.
pub fn load_set(name_or_path: Option<&str>) -> Result<DieSet> {
    let arg = name_or_path.unwrap_or(DEFAULT_SET);
    let p = Path::new(arg);
    let path = if p.extension().is_some() || p.components().count() > 1 {
        p.to_path_buf()
    } else {
        Path::new(DICE_SETS_DIR).join(format!("{arg}.json"))
    };
    Ok(DieSet::load(&path)?)
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
        Some(b) => {
            let path = b.geometry_path(profile_path);
            Board::load(&path)
                .with_context(|| format!("{}: board.geometry", profile_path.display()))
        }
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
    let img = tw_target::io::load_image(image).map_err(anyhow::Error::msg)?;
    let t = std::time::Instant::now();
    let reading = tw_target::read_target(&img, &profile.table_to_image.0, &board, &webs, &set)?;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let mut v = serde_json::to_value(&reading)?;
    v["image"] = serde_json::json!(image.display().to_string());
    v["elapsed_ms"] = serde_json::json!(ms);
    println!("{}", serde_json::to_string_pretty(&v)?);
    if let Some(out) = overlay {
        tw_target::overlay::overlay_file(
            image,
            &profile.table_to_image.0,
            &board,
            Some(&reading),
            out,
        )
        .map_err(anyhow::Error::msg)?;
    }
    Ok(ExitCode::SUCCESS)
}
