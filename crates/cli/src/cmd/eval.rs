//! `warden eval`: measure readers against labelled data and print figures.

use anyhow::{Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_vision::eval::{evaluate_dir, Miss};
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
    },
    /// Score the target-board reader on scenes with ground truth (`warden
    /// synth`'s or another generator's): throw score, icon/blank, border
    /// cases, confusion table, ms per scene.
    Throws(super::eval_throws::Args),
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.what {
        What::Dice { yolo, verbose } => dice(yolo, verbose),
        What::Throws(a) => super::eval_throws::run(a),
    }
}

fn dice(dir: PathBuf, verbose: bool) -> Result<ExitCode> {
    let reader = DiceReader::default();
    let s = evaluate_dir(&dir, &reader).with_context(|| format!("evaluating {}", dir.display()))?;
    if verbose {
        for (name, m) in &s.misses {
            match m {
                Miss::Missed { face, center } => println!("{name}: missed {face} at ({:.0},{:.0})", center.0, center.1),
                Miss::Spurious { face, center } => {
                    println!("{name}: spurious {:?} at ({:.0},{:.0})", face, center.0, center.1)
                }
                Miss::WrongFace { expected, read, center } => {
                    println!("{name}: read {:?} for {expected} at ({:.0},{:.0})", read, center.0, center.1)
                }
            }
        }
    }
    let (mean, median, p95) = s.timing();
    println!("directory:       {}", dir.display());
    println!("images:          {}", s.images);
    println!("labelled faces:  {}", s.totals.labels);
    println!("detections:      {}", s.totals.detections);
    println!("recall:          {:.2}%", 100.0 * s.recall());
    println!("precision:       {:.2}%", 100.0 * s.precision());
    println!("face accuracy:   {:.2}%", 100.0 * s.face_accuracy());
    println!("ms per image:    mean {mean:.2}  median {median:.2}  p95 {p95:.2}");
    Ok(ExitCode::SUCCESS)
}
