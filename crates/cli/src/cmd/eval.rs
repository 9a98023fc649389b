//! `warden eval`: measure readers against labelled data and print figures.

use anyhow::{Context, Result};
use clap::{Args as ClapArgs, Subcommand};
use std::cell::RefCell;
use std::path::PathBuf;
use std::process::ExitCode;
use tw_vision::baseline::blob_recipe;
use tw_vision::eval::{ASK_BELOW, SIZE_BANDS_PX};
use tw_vision::eval::{evaluate_dir_with, Miss};
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
        /// With `--reader warden`: do not also time the blob recipe on the
        /// same images (it is timed beside the reader by default).
        #[arg(long)]
        no_blob: bool,
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
            no_blob,
        } => dice(
            yolo,
            verbose,
            views,
            &reader,
            pips_only,
            dice_set.as_deref(),
            spurious_out,
            !no_blob,
        ),
        What::Throws(a) => super::eval_throws::run(a),
    }
}

/// Wall and thread CPU time of each read, ms.
#[derive(Default)]
struct ReadTimes {
    wall: Vec<f64>,
    cpu: Vec<f64>,
}

impl ReadTimes {
    /// Time one read.
    fn time<T>(&mut self, read: impl FnOnce() -> T) -> T {
        let (start, cpu) = (std::time::Instant::now(), thread_cpu_ms());
        let out = read();
        self.wall.push(start.elapsed().as_secs_f64() * 1000.0);
        self.cpu.push(thread_cpu_ms() - cpu);
        out
    }

    /// Median and 95th percentile of wall and CPU time.
    fn quantiles(&self) -> [f64; 4] {
        let q = |v: &[f64], at: f64| {
            let mut v = v.to_vec();
            v.sort_by(|a, b| a.total_cmp(b));
            v.get(((v.len().max(1) - 1) as f64 * at).round() as usize)
                .copied()
                .unwrap_or(f64::NAN)
        };
        [
            q(&self.wall, 0.5),
            q(&self.wall, 0.95),
            q(&self.cpu, 0.5),
            q(&self.cpu, 0.95),
        ]
    }
}

/// CPU time of the calling thread, ms (NaN where there is no such clock).
pub(crate) use tw_motion::bench::thread_cpu_ms;

#[allow(clippy::too_many_arguments)]
fn dice(
    dir: PathBuf,
    verbose: bool,
    views: Option<Vec<String>>,
    which: &str,
    pips_only: bool,
    dice_set: Option<&str>,
    spurious_out: Option<PathBuf>,
    beside_blob: bool,
) -> Result<ExitCode> {
    // Figures are for one thread, whatever OPENCV_FOR_THREADS_NUM says.
    opencv::core::set_num_threads(1)?;
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
    // Each image is read by the reader and, by default, by the blob recipe
    // beside it (decoding excluded), so the two times are of the same images
    // under the same load.
    let (times, blob_times) = (
        RefCell::new(ReadTimes::default()),
        RefCell::new(ReadTimes::default()),
    );
    let s = match which {
        "warden" => evaluate_dir_with(&dir, |frame| {
            if beside_blob {
                blob_times.borrow_mut().time(|| blob_recipe(frame))?;
            }
            times.borrow_mut().time(|| reader.read(frame))
        }),
        "blob" => evaluate_dir_with(&dir, |frame| times.borrow_mut().time(|| blob_recipe(frame))),
        other => anyhow::bail!("--reader {other:?}: expected warden or blob"),
    }
    .with_context(|| format!("evaluating {}", dir.display()))?;
    if verbose {
        for (name, m) in &s.misses {
            match m {
                Miss::Missed { face, center } => {
                    println!("{name}: missed {face} at ({:.0},{:.0})", center.0, center.1)
                }
                Miss::Spurious {
                    face,
                    center,
                    side,
                    confidence,
                } => {
                    println!(
                        "{name}: spurious {:?} at ({:.0},{:.0}) side {side:.0} confidence {confidence:.2}",
                        face, center.0, center.1
                    )
                }
                Miss::WrongFace {
                    expected,
                    read,
                    center,
                    label_center,
                    confidence,
                } => {
                    println!(
                        "{name}: read {:?} for {expected} at ({:.0},{:.0}) label ({:.0},{:.0}) confidence {confidence:.2}",
                        read, center.0, center.1, label_center.0, label_center.1
                    )
                }
            }
        }
    }
    if let Some(out) = spurious_out {
        let mut csv = String::from("image,x,y,side\n");
        for (name, m) in &s.misses {
            if let Miss::Spurious { center, side, .. } = m {
                csv += &format!(
                    "{},{:.1},{:.1},{:.1}\n",
                    dir.join(name).display(),
                    center.0,
                    center.1,
                    side
                );
            }
        }
        std::fs::write(&out, csv).with_context(|| format!("writing {}", out.display()))?;
    }
    println!("directory:       {}", dir.display());
    println!("images:          {}", s.images);
    println!("labelled faces:  {}", s.totals.labels);
    println!("detections:      {}", s.totals.detections);
    println!("recall:          {:.2}%", 100.0 * s.recall());
    println!("precision:       {:.2}%", 100.0 * s.precision());
    println!(
        "face accuracy:   {:.2}% (of faces found)",
        100.0 * s.face_accuracy()
    );
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
    let [missed, misread_sure, misread_asked, spurious, spurious_sure] = s.totals.error_kinds();
    println!(
        "errors by kind:  {missed} missed, {misread_sure} misread sure, {misread_asked} misread asked, {spurious} spurious ({spurious_sure} sure)"
    );
    // Read right by the labelled face's side (px): small faces are where
    // a generated bag and a far webcam lose most.
    let bands: Vec<String> = s
        .totals
        .by_size
        .iter()
        .enumerate()
        .filter(|(_, b)| b.labels > 0)
        .map(|(i, b)| {
            let name = match i {
                0 => format!("<{:.0} px", SIZE_BANDS_PX[0]),
                3 => format!("≥{:.0} px", SIZE_BANDS_PX[2]),
                _ => format!("{:.0}–{:.0} px", SIZE_BANDS_PX[i - 1], SIZE_BANDS_PX[i]),
            };
            let pct = |n: usize| 100.0 * n as f64 / b.labels as f64;
            format!("{name} {:.1}% of {} ({:.1}% sure)", pct(b.correct), b.labels, pct(b.correct_sure))
        })
        .collect();
    println!("by face size:    {}", bands.join("; "));
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    let [wall, wall_95, cpu, cpu_95] = times.borrow().quantiles();
    println!(
        "ms per image:    {which}: median {wall:.2}  p95 {wall_95:.2} wall, median {cpu:.2}  p95 {cpu_95:.2} thread CPU (reading only, one thread, load average {})",
        load.join(" ")
    );
    if which == "warden" && beside_blob {
        let [b_wall, b_wall_95, b_cpu, b_cpu_95] = blob_times.borrow().quantiles();
        println!(
            "                 blob recipe on the same images: median {b_wall:.2}  p95 {b_wall_95:.2} wall, median {b_cpu:.2}  p95 {b_cpu_95:.2} thread CPU"
        );
        println!(
            "                 blob / warden, median thread CPU: {:.2}× (issue 20's target: ≥ 3×)",
            b_cpu / cpu
        );
    }
    Ok(ExitCode::SUCCESS)
}
