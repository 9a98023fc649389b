//! `warden eval`: measure readers against labelled data and print figures.

use anyhow::{Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_vision::baseline::blob_recipe;
use tw_vision::eval::{evaluate_dir, evaluate_dir_with, Miss};
use tw_vision::eval::ASK_BELOW;
use tw_vision::views::View;
use tw_vision::DiceReader;

#[derive(ClapArgs)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(Subcommand)]
enum What {
    /// Score the dice reader on images with YOLO top-face labels
    /// (class k = face k+1; a detection counts when its centre is in a box).
    Dice {
        /// Directory of images with one YOLO .txt label file per image.
        #[arg(long)]
        yolo: PathBuf,
        /// Also list every miss (missed, spurious, wrong face) per image.
        #[arg(long)]
        verbose: bool,
        /// Views of the frame pips are looked for in, comma-separated
        /// (gray, blue, green, red); all four by default.
        #[arg(long, value_delimiter = ',')]
        views: Option<Vec<String>>,
        /// Which reader: `warden` (the app's) or `blob` (the widely copied
        /// SimpleBlobDetector + clustering recipe, as a yardstick).
        #[arg(long, default_value = "warden")]
        reader: String,
        /// Read pips only: no body finder, no learned face classifier.
        #[arg(long)]
        pips_only: bool,
        /// Write every spurious detection as CSV (image, x, y, side) to this
        /// file: the hard negatives `models/d6-faces/train.py --hard` takes.
        #[arg(long)]
        spurious_out: Option<PathBuf>,
        /// Read with an enrolled d6 set (name or path; `warden dice enroll --yolo`).
        #[arg(long = "dice-set", conflicts_with = "pips_only")]
        dice_set: Option<String>,
    },
    /// Score the target-board reader on scenes with ground truth (`warden
    /// synth`'s or another generator's): throw score, icon/blank, border
    /// cases, confusion table, ms per scene.
    Throws(super::eval_throws::Args),
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.what {
        What::Dice {
            yolo,
            verbose,
            views,
            reader,
            pips_only,
            dice_set,
            spurious_out,
        } => dice(yolo, verbose, views, &reader, pips_only, dice_set.as_deref(), spurious_out),
        What::Throws(a) => super::eval_throws::run(a),
    }
}

fn dice(
    dir: PathBuf,
    verbose: bool,
    views: Option<Vec<String>>,
    which: &str,
    pips_only: bool,
    dice_set: Option<&str>,
    spurious_out: Option<PathBuf>,
) -> Result<ExitCode> {
    let mut reader: DiceReader = super::dice::d6_reader(dice_set)?;
    if pips_only {
        reader.net = None;
    }
    if let Some(names) = views {
        reader.params.views = names
            .iter()
            .map(|n| n.parse::<View>().map_err(anyhow::Error::msg))
            .collect::<Result<_>>()?;
    }
    let s = match which {
        "warden" => evaluate_dir(&dir, &reader),
        "blob" => evaluate_dir_with(&dir, blob_recipe),
        other => anyhow::bail!("--reader {other:?}: expected warden or blob"),
    }
    .with_context(|| format!("evaluating {}", dir.display()))?;
    if verbose {
        for (name, m) in &s.misses {
            match m {
                Miss::Missed { face, center } => println!("{name}: missed {face} at ({:.0},{:.0})", center.0, center.1),
                Miss::Spurious { face, center, .. } => {
                    println!("{name}: spurious {:?} at ({:.0},{:.0})", face, center.0, center.1)
                }
                Miss::WrongFace { expected, read, center } => {
                    println!("{name}: read {:?} for {expected} at ({:.0},{:.0})", read, center.0, center.1)
                }
            }
        }
    }
    if let Some(out) = spurious_out {
        let mut csv = String::from("image,x,y,side\n");
        for (name, m) in &s.misses {
            if let Miss::Spurious { center, side, .. } = m {
                csv += &format!("{},{:.1},{:.1},{:.1}\n", dir.join(name).display(), center.0, center.1, side);
            }
        }
        std::fs::write(&out, csv).with_context(|| format!("writing {}", out.display()))?;
    }
    let (mean, median, p95) = s.timing();
    println!("directory:       {}", dir.display());
    println!("images:          {}", s.images);
    println!("labelled faces:  {}", s.totals.labels);
    println!("detections:      {}", s.totals.detections);
    println!("recall:          {:.2}%", 100.0 * s.recall());
    println!("precision:       {:.2}%", 100.0 * s.precision());
    println!("face accuracy:   {:.2}% (of faces found)", 100.0 * s.face_accuracy());
    println!(
        "read right:      {:.2}% ({} of {} labelled faces)",
        100.0 * s.read_right(),
        s.totals.correct,
        s.totals.labels
    );
    println!(
        "read right, sure: {:.2}% (confidence {ASK_BELOW} or more; {} readings asked, {} wrong yet sure)",
        100.0 * s.read_right_sure(),
        s.totals.asked,
        s.totals.wrong_sure
    );
    println!("ms per image:    mean {mean:.2}  median {median:.2}  p95 {p95:.2}");
    Ok(ExitCode::SUCCESS)
}
