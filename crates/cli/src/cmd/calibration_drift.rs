//! `warden calibration drift`: has the board (or the camera) moved since
//! the calibration? Compares a frame with a reference frame taken at
//! calibration time (`tw_calibration::drift`), prints how far the board
//! moved and the verdict, and can write the profile re-registered to
//! where the board is now.
//!
//! The reference follows the board's own print: by default the round
//! board's disc (its bone rim) from the board geometry the profile names
//! (or the shipped Dungeon Fighter board when it names none), so a board
//! slid on a still table counts as moved; `--area calibrated` follows the
//! whole calibrated area instead (the marker sheet, or a board filling it).
//!
//! Exit status: 0 when the board was found (aligned or moved), 2 when it
//! was not (lost), 1 on an error (unreadable file, other frame size, …).

use anyhow::{bail, Context, Result};
use opencv::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_calibration::drift::{area_polygon, disc_polygon, reregistered};
use tw_calibration::{read_image, Alignment, BoardReference, CalibrationProfile, Verdict};

#[derive(clap::Args)]
pub struct DriftArgs {
    /// The calibration profile (its `table_to_image` is the board → image
    /// map of the reference frame).
    #[arg(long)]
    pub profile: PathBuf,
    /// The frame the calibration was made on (or one taken right after it,
    /// the board in place, ideally without dice).
    #[arg(long)]
    pub reference: PathBuf,
    /// The frame to check.
    #[arg(long)]
    pub image: PathBuf,
    /// What to follow: `board` (the round board's disc, from the board
    /// geometry) or `calibrated` (the calibrated area, grown by --margin-mm).
    #[arg(long, default_value = "board")]
    pub area: String,
    /// Board geometry file (default: the one the profile names, else the
    /// shipped Dungeon Fighter board).
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// With `--area calibrated`: millimetres added around the area (the
    /// corner markers reach about 40 mm out).
    #[arg(long, default_value_t = 40.0)]
    pub margin_mm: f64,
    /// Write the profile for the frame checked: re-registered when the
    /// board moved, unchanged when it is aligned (refused when it is lost).
    #[arg(long)]
    pub write_profile: Option<PathBuf>,
    /// Print the alignment as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The board area polygon (mm) to follow, and a line saying what it is.
fn area(a: &DriftArgs, profile: &CalibrationProfile) -> Result<(Vec<[f64; 2]>, String)> {
    match a.area.as_str() {
        "calibrated" => {
            if !(a.margin_mm.is_finite() && (0.0..=1000.0).contains(&a.margin_mm)) {
                bail!("--margin-mm must be 0 to 1000, got {}", a.margin_mm);
            }
            Ok((
                area_polygon(profile, a.margin_mm),
                format!(
                    "the calibrated area {} × {} mm grown by {} mm",
                    profile.area_mm[0], profile.area_mm[1], a.margin_mm
                ),
            ))
        }
        "board" => {
            let (board, name) = match (&a.board, &profile.board) {
                (Some(path), _) => (
                    tw_board::Board::load(path)
                        .with_context(|| format!("--board {}", path.display()))?,
                    path.display().to_string(),
                ),
                (None, Some(b)) => {
                    let path = b.geometry_path(&a.profile);
                    let board = tw_board::Board::load(&path).with_context(|| {
                        format!(
                            "{}: board.geometry names {}",
                            a.profile.display(),
                            path.display()
                        )
                    })?;
                    (board, path.display().to_string())
                }
                (None, None) => (
                    tw_board::Board::catacombs_default(),
                    "the shipped Dungeon Fighter board".into(),
                ),
            };
            let r = board.outer_radius();
            if !(r.is_finite() && r > 0.0) {
                bail!("{name}: the board has no outer radius to follow (use --area calibrated)");
            }
            Ok((
                disc_polygon(board.centre(), r, 64),
                format!(
                    "the board's disc (radius {r} mm about {:?} mm) from {name}",
                    board.centre()
                ),
            ))
        }
        other => bail!("--area: expected board or calibrated, got {other:?}"),
    }
}

/// Reads a frame, corrected for the profile's lens if it has one, and
/// checks it is the size the profile was made for.
fn frame(
    path: &Path,
    profile: &CalibrationProfile,
    profile_path: &Path,
) -> Result<opencv::core::Mat> {
    let mut img = read_image(path)?;
    let size = [img.cols() as u32, img.rows() as u32];
    if let Some(want) = profile.image_size {
        if size != want {
            bail!(
                "{} is {}×{} px but {} was made for {}×{} frames",
                path.display(),
                size[0],
                size[1],
                profile_path.display(),
                want[0],
                want[1]
            );
        }
    }
    if let Some(l) = &profile.lens {
        img = tw_calibration::lens::undistort_image(&img, l)
            .with_context(|| format!("{}: lens correction", path.display()))?;
    }
    Ok(img)
}

fn fmt_px(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.2}"))
}

pub fn run(a: DriftArgs) -> Result<ExitCode> {
    let profile = CalibrationProfile::load(&a.profile)?;
    let (poly, what) = area(&a, &profile)?;
    let reference = frame(&a.reference, &profile, &a.profile)?;
    let image = frame(&a.image, &profile, &a.profile)?;
    let r = BoardReference::new(&reference, &profile.table_to_image, &poly).with_context(|| {
        format!(
            "reference {} with {}",
            a.reference.display(),
            a.profile.display()
        )
    })?;
    let al: Alignment = r
        .check(&image)
        .with_context(|| format!("{}", a.image.display()))?;
    let lost = matches!(al.verdict, Verdict::Lost { .. });
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "profile": a.profile,
                "reference": a.reference,
                "image": a.image,
                "area": what,
                "alignment": al,
            }))?
        );
    } else {
        eprintln!("following {what}");
        println!("verdict: {}", al.verdict.name());
        match &al.verdict {
            Verdict::Aligned => println!("  the board is where the calibration put it"),
            Verdict::Moved { .. } => println!("  the board moved and was found again"),
            Verdict::Lost { why } => println!("  {why}"),
        }
        println!(
            "board displacement px: max {}, mean {} (uncertainty ±{})",
            fmt_px(al.max_px),
            fmt_px(al.mean_px),
            fmt_px(al.uncertainty_px)
        );
        println!(
            "features {}, matches {}, inliers {}, patches {} found / {} fitted, coverage {}",
            al.features,
            al.matches,
            al.inliers,
            al.patches_found,
            al.patch_inliers,
            al.coverage
                .map_or("-".into(), |c| format!("{:.0}%", 100.0 * c))
        );
        if let Some(d) = &al.delta {
            println!("delta (reference px → frame px): {:?}", d.0);
        }
    }
    if let Some(out) = &a.write_profile {
        let written = match &al.verdict {
            Verdict::Lost { why } => bail!(
                "not writing {}: the board was not found in {} ({why})",
                out.display(),
                a.image.display()
            ),
            Verdict::Aligned => profile.clone(),
            Verdict::Moved { .. } => {
                let delta = al.delta.context("a moved verdict carries its delta")?;
                reregistered(&profile, &delta)?
            }
        };
        written.save(out)?;
        eprintln!(
            "wrote {} ({})",
            out.display(),
            if matches!(al.verdict, Verdict::Moved { .. }) {
                "re-registered"
            } else {
                "unchanged: aligned"
            }
        );
    }
    Ok(if lost {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
