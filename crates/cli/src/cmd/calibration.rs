//! `warden calibration …`: the marker sheet, marker detection, the manual
//! four-point fallback, lens correction, and profile checks. Profiles are
//! documented in `calibration/README.md`.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_calibration::{
    calibrate_image, calibrate_image_with_lens, BoardLook, calibrate_lens, manual_profile, parse_pair, parse_points, read_image, write_sheet, CalibrationProfile,
    Placement, SheetLayout,
};

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand)]
pub enum What {
    /// Write the printable ArUco marker sheet (PNG).
    Sheet {
        #[arg(long)]
        out: PathBuf,
        /// Print resolution of the PNG.
        #[arg(long, default_value_t = 300.0)]
        dpi: f64,
    },
    /// Find the sheet's markers in a photo and compute image ↔ table mm.
    Detect {
        #[arg(long)]
        image: PathBuf,
        /// Markers cut out and centred on the corners of a W,H mm area
        /// (without it: the whole sheet lies on the table).
        #[arg(long, value_name = "W,H")]
        size_mm: Option<String>,
        /// Lens model to apply first: a profile file holding one.
        #[arg(long)]
        lens_from: Option<PathBuf>,
        /// Without `--lens-from`, a radial lens is estimated from the
        /// markers themselves and kept when it halves their reprojection
        /// error; this flag skips that (the profile then has no lens).
        #[arg(long)]
        no_lens_estimate: bool,
        /// Write the profile here (printed to stdout otherwise), with the
        /// image beside it as the calibration still (`NAME.reference.jpg`).
        /// The profile keeps the board's look either way.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Calibrate from four image points (top-left, top-right, bottom-right, bottom-left).
    Manual {
        #[arg(long, value_name = "x,y;x,y;x,y;x,y")]
        points: String,
        #[arg(long, value_name = "W,H")]
        size_mm: String,
        /// Camera frame size the points were clicked on.
        #[arg(long, value_name = "W,H")]
        image_size: Option<String>,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Fit lens distortion from chessboard photos and store it in a profile.
    Lens {
        /// Chessboard photos (files, or a directory of them).
        #[arg(long, required = true, num_args = 1..)]
        images: Vec<PathBuf>,
        /// Inner corners of the chessboard, columns,rows (e.g. 9,6).
        #[arg(long, value_name = "C,R")]
        corners: String,
        #[arg(long, default_value_t = 25.0)]
        square_mm: f64,
        /// Profile to add the lens model to (re-run `detect` afterwards so the
        /// homography uses corrected pixels); without it, print the model.
        #[arg(long)]
        profile: Option<PathBuf>,
    },
    /// Validate a profile file and print its summary.
    Check { file: PathBuf },
    /// Has the board or camera moved since calibration? Compare a frame with
    /// the calibration's reference frame; optionally write the profile
    /// re-registered. Exit status 2 when the board is not found.
    Drift(super::calibration_drift::DriftArgs),
}

pub fn run(a: Args) -> Result<ExitCode> {
    match a.what {
        What::Sheet { out, dpi } => sheet(&out, dpi),
        What::Detect { image, size_mm, lens_from, no_lens_estimate, out } => {
            detect(&image, size_mm.as_deref(), lens_from.as_deref(), !no_lens_estimate, out.as_deref())
        }
        What::Manual { points, size_mm, image_size, out } => manual(&points, &size_mm, image_size.as_deref(), out.as_deref()),
        What::Lens { images, corners, square_mm, profile } => lens(&images, &corners, square_mm, profile.as_deref()),
        What::Drift(d) => super::calibration_drift::run(d),
        What::Check { file } => {
            let p = CalibrationProfile::load(&file)?;
            // A board the profile names must be there and be a board: the
            // target reader would fail on it later, far from the cause.
            if let Some(b) = &p.board {
                let path = b.geometry_path(&file);
                tw_board::Board::load(&path).with_context(|| {
                    format!("{}: board.geometry names {}", file.display(), path.display())
                })?;
            }
            eprintln!("{}: valid", file.display());
            summarize(&p);
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn sheet(out: &Path, dpi: f64) -> Result<ExitCode> {
    let layout = SheetLayout::a4();
    write_sheet(&layout, dpi, out)?;
    eprintln!("wrote {} ({dpi} dpi)", out.display());
    for line in layout.caption() {
        eprintln!("  {line}");
    }
    Ok(ExitCode::SUCCESS)
}

fn mm_pair(text: &str, what: &str) -> Result<[f64; 2]> {
    let v = parse_pair(text).map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
    if !(v[0] > 0.0 && v[1] > 0.0) {
        bail!("{what}: both values must be positive, got {text:?}");
    }
    Ok(v)
}

/// Largest image side, in pixels, a profile may be made for.
const MAX_IMAGE_SIDE: f64 = 100_000.0;

/// One side of `--image-size`: a whole number of pixels, 1 to 100000 (an
/// `as u32` cast would turn 1e20 into 4294967295 without a word).
fn pixels(v: f64, text: &str) -> Result<u32> {
    if v.fract() != 0.0 || !(1.0..=MAX_IMAGE_SIDE).contains(&v) {
        bail!("--image-size: each side is a whole number of pixels from 1 to {MAX_IMAGE_SIDE}, got {text:?}");
    }
    Ok(v as u32)
}

fn detect(image: &Path, size_mm: Option<&str>, lens_from: Option<&Path>, estimate: bool, out: Option<&Path>) -> Result<ExitCode> {
    let placement = match size_mm {
        Some(s) => Placement::Corners(mm_pair(s, "--size-mm")?),
        None => Placement::Sheet,
    };
    let mut img = read_image(image)?;
    let as_seen = img.clone();
    let lens = match lens_from {
        Some(p) => Some(
            CalibrationProfile::load(p)?.lens.with_context(|| format!("{} holds no lens model", p.display()))?,
        ),
        None => None,
    };
    if let Some(l) = &lens {
        img = tw_calibration::lens::undistort_image(&img, l)?;
    }
    let name = image.display().to_string();
    let mut profile = if lens.is_none() && estimate {
        let (profile, est) = calibrate_image_with_lens(&img, &name, &SheetLayout::a4(), placement)?;
        match &est {
            Some(e) => eprintln!("lens estimate: {}", e.describe()),
            None => eprintln!("lens estimate: not tried (needs all four markers)"),
        }
        if let Some(l) = &profile.lens {
            img = tw_calibration::Undistorter::new(l)?.apply(&img)?;
        }
        profile
    } else {
        let mut p = calibrate_image(&img, &name, &SheetLayout::a4(), placement)?;
        p.lens = lens;
        p
    };
    // The board's colours as calibrated, neutralised on the markers, as
    // the app reads them from the still it keeps.
    let (look, gains) = BoardLook::of_calibration(&img, &profile).with_context(|| format!("{}: sampling the board look", image.display()))?;
    match gains {
        Some(g) => eprintln!("board look: light measured on the markers, gains blue {:.3} green {:.3} red {:.3}", g[0], g[1], g[2]),
        None => eprintln!("board look: the markers' black and white were not measurable; kept as seen"),
    }
    profile.board_look = Some(look);
    if let Some(path) = out {
        keep_still(&as_seen, path)?;
    }
    emit(&profile, out)
}

/// Writes the still a profile saved at `profile_path` was calibrated on
/// beside it (`NAME.json` → `NAME.reference.jpg`, as the app keeps it):
/// the target reader reads whole frames where they differ from it.
fn keep_still(still: &opencv::core::Mat, profile_path: &Path) -> Result<()> {
    let stem = profile_path.file_stem().unwrap_or_default().to_string_lossy();
    let to = profile_path.with_file_name(format!("{stem}.reference.jpg"));
    let params = opencv::core::Vector::<i32>::from_slice(&[opencv::imgcodecs::IMWRITE_JPEG_QUALITY, 95]);
    if !opencv::imgcodecs::imwrite(&to.to_string_lossy(), still, &params).with_context(|| format!("writing {}", to.display()))? {
        bail!("{}: the calibration still could not be written", to.display());
    }
    eprintln!("wrote {} (the calibration still)", to.display());
    Ok(())
}

fn manual(points: &str, size_mm: &str, image_size: Option<&str>, out: Option<&Path>) -> Result<ExitCode> {
    let pts = parse_points(points)?;
    let size = mm_pair(size_mm, "--size-mm")?;
    let image_size = match image_size {
        Some(s) => {
            let v = mm_pair(s, "--image-size")?;
            Some([pixels(v[0], s)?, pixels(v[1], s)?])
        }
        None => None,
    };
    emit(&manual_profile(pts, size, image_size)?, out)
}

fn lens(inputs: &[PathBuf], corners: &str, square_mm: f64, profile: Option<&Path>) -> Result<ExitCode> {
    let c = parse_pair(corners).map_err(|e| anyhow::anyhow!("--corners: {e}"))?;
    let mut files = Vec::new();
    for p in inputs {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot list {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| matches!(x.to_string_lossy().to_lowercase().as_str(), "png" | "jpg" | "jpeg" | "bmp")))
                .collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(p.clone());
        }
    }
    let mut images = Vec::new();
    for f in &files {
        images.push((f.display().to_string(), read_image(f)?));
    }
    let model = calibrate_lens(&images, (c[0] as i32, c[1] as i32), square_mm)?;
    eprintln!("lens: {} views, rms {:.3} px, k1 {:.4} k2 {:.4}", model.views, model.rms_px, model.distortion[0], model.distortion[1]);
    match profile {
        Some(p) => {
            let mut prof = CalibrationProfile::load(p)?;
            prof.lens = Some(model);
            prof.validate(p)?;
            prof.save(p)?;
            eprintln!("added the lens model to {}; re-run `warden calibration detect --lens-from {}` for a corrected homography", p.display(), p.display());
        }
        None => println!("{}", serde_json::to_string_pretty(&model)?),
    }
    Ok(ExitCode::SUCCESS)
}

fn emit(profile: &CalibrationProfile, out: Option<&Path>) -> Result<ExitCode> {
    summarize(profile);
    match out {
        Some(path) => {
            profile.save(path)?;
            eprintln!("wrote {}", path.display());
        }
        None => println!("{}", serde_json::to_string_pretty(profile)?),
    }
    Ok(ExitCode::SUCCESS)
}

fn summarize(p: &CalibrationProfile) {
    eprintln!(
        "calibration: {:?}, area {} × {} mm, {} points, rms {:.3} mm{}",
        p.method,
        p.area_mm[0],
        p.area_mm[1],
        p.image_points.len(),
        p.rms_error_mm,
        match &p.lens {
            Some(l) if l.estimated.is_some() => format!(", lens estimated from the still (k1 {:+.4})", l.distortion[0]),
            Some(_) => ", lens corrected".to_string(),
            None => String::new(),
        }
    );
}
