//! `warden board …`: target-board geometry files (see `calibration/boards/README.md`).
//!
//! - `check FILE`: validate a geometry; every problem is listed with the file
//!   and the JSON field, exit status 1 if any.
//! - `overlay`: draw the geometry over an image through a calibration.
//! - `land --corners …`: apply the rulebook's landing rule to one die whose
//!   top-face corners are given in board millimetres.

use anyhow::{Context, Result};
use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use tw_board::{Board, Webs};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: BoardCommand,
}

#[derive(Subcommand)]
pub enum BoardCommand {
    /// Validate a board geometry file and summarise it.
    Check {
        /// Geometry JSON (e.g. calibration/boards/catacombs-default.json).
        file: PathBuf,
    },
    /// Draw the geometry over an image using a calibration's homography
    /// (over the image corrected for the calibration's lens, if it has one).
    Overlay {
        #[arg(long)]
        image: PathBuf,
        /// Calibration profile; its `board.geometry` names the board unless --board is given.
        #[arg(long)]
        calibration: PathBuf,
        #[arg(long)]
        board: Option<PathBuf>,
        /// Output PNG.
        #[arg(long)]
        out: PathBuf,
    },
    /// Rule where a die landed from its top-face corners in board mm.
    Land {
        /// Geometry JSON; the shipped default when omitted.
        #[arg(long)]
        board: Option<PathBuf>,
        /// Corners as "x,y;x,y;x,y;x,y" in board millimetres.
        #[arg(long)]
        corners: String,
        /// A hole covered by a spider web (repeatable).
        #[arg(long = "web")]
        webs: Vec<String>,
    },
}

pub fn run(a: Args) -> Result<ExitCode> {
    match a.command {
        BoardCommand::Check { file } => check(&file),
        BoardCommand::Overlay {
            image,
            calibration,
            board,
            out,
        } => overlay(&image, &calibration, board.as_deref(), &out),
        BoardCommand::Land {
            board,
            corners,
            webs,
        } => land(board.as_deref(), &corners, &webs),
    }
}

fn check(file: &std::path::Path) -> Result<ExitCode> {
    match Board::load(file) {
        Ok(b) => {
            let s = b.spec();
            let sections: usize = s.rings.iter().map(|r| r.sectors.len()).sum();
            println!(
                "{}: ok: {:?}, {} rings, {} sections, {} holes, bone rim {}..{} mm",
                file.display(),
                s.name,
                s.rings.len(),
                sections,
                s.holes.len(),
                s.bone_rim.inner_mm,
                s.bone_rim.outer_mm
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Loads the given geometry or the shipped default.
pub fn load_board(path: Option<&std::path::Path>) -> Result<Board> {
    match path {
        Some(p) => Ok(Board::load(p)?),
        None => Ok(Board::catacombs_default()),
    }
}

fn parse_corners(text: &str) -> Result<Vec<[f64; 2]>> {
    text.split(';')
        .filter(|s| !s.trim().is_empty())
        .enumerate()
        .map(|(i, p)| {
            let xy: Vec<&str> = p.split(',').map(str::trim).collect();
            let [x, y] = xy[..] else {
                anyhow::bail!("corner {i} ({p:?}) is not \"x,y\"")
            };
            let n = |s: &str| {
                s.parse::<f64>()
                    .with_context(|| format!("corner {i}: {s:?} is not a number"))
            };
            Ok([n(x)?, n(y)?])
        })
        .collect()
}

fn land(board: Option<&std::path::Path>, corners: &str, webs: &[String]) -> Result<ExitCode> {
    let b = load_board(board)?;
    let corners = parse_corners(corners).context("--corners")?;
    let webs = Webs::on(&b, webs)?;
    let l = b.landing(&corners, &webs)?;
    println!("{}", serde_json::to_string_pretty(&l)?);
    Ok(ExitCode::SUCCESS)
}

fn overlay(
    image: &std::path::Path,
    calibration: &std::path::Path,
    board: Option<&std::path::Path>,
    out: &std::path::Path,
) -> Result<ExitCode> {
    let profile = tw_calibration::CalibrationProfile::load(calibration)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let board = super::dice::board_for(&profile, calibration, board)?;
    let lens = profile.lens.as_ref();
    tw_target::overlay::overlay_file(image, lens, &profile.table_to_image.0, &board, None, out)
        .map_err(anyhow::Error::msg)?;
    println!(
        "{}: {} drawn over {}{}",
        out.display(),
        board.spec().name,
        image.display(),
        if lens.is_some() {
            " (corrected for the calibration's lens)"
        } else {
            ""
        }
    );
    Ok(ExitCode::SUCCESS)
}
