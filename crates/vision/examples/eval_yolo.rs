//! Development helper: `cargo run -p tw-vision --example eval_yolo -- DIR [-v]`
//! prints the same figures as `warden eval dice --yolo DIR` without building the CLI.

use tw_vision::eval::evaluate_dir;
use tw_vision::DiceReader;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: eval_yolo DIR [-v]");
        std::process::exit(2);
    };
    let verbose = args.next().is_some();
    let mut reader = DiceReader::default();
    // Tuning knobs for development sweeps.
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f32>().ok());
    if let Some(v) = env("TW_UPPER_BIAS") {
        reader.params.grouping.upper_face_bias = v;
    }
    if let Some(v) = env("TW_DIE_REACH") {
        reader.params.grouping.die_pip_lengths = v;
    }
    if let Some(v) = env("TW_AXIS_ROUND") {
        reader.params.grouping.orientation_roundness = v;
    }
    if let Some(v) = env("TW_AXIS_DIFF") {
        reader.params.grouping.max_axis_difference = v;
    }
    if let Some(v) = env("TW_LEVEL_STEP") {
        reader.params.grouping.max_face_level_step = v;
    }
    if let Some(v) = env("TW_CONTRAST_RATIO") {
        reader.params.grouping.max_contrast_ratio = v;
    }
    if let Some(v) = env("TW_LINK") {
        reader.params.grouping.link_pip_lengths = v;
    }
    if let Some(v) = env("TW_AREA_RATIO") {
        reader.params.grouping.max_area_ratio = v;
    }
    if let Some(v) = env("TW_ROUND_DIFF") {
        reader.params.grouping.max_roundness_diff = v;
    }
    if let Some(v) = env("TW_CONTRAST") {
        reader.params.pips.min_local_contrast = v as u8;
    }
    if let Some(v) = env("TW_RING") {
        reader.params.pips.min_ring_contrast = v;
    }
    if let Some(v) = env("TW_RING_LOW") {
        reader.params.pips.min_ring_low_contrast = v;
    }
    if let Some(v) = env("TW_MIN_ROUND") {
        reader.params.pips.min_roundness = v;
    }
    if let Some(v) = env("TW_WINDOW") {
        reader.params.pips.window_frac = v;
    }
    let s = match evaluate_dir(std::path::Path::new(&dir), &reader) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    if verbose {
        for (name, m) in &s.misses {
            println!("{name}: {m:?}");
        }
    }
    let (mean, median, p95) = s.timing();
    println!(
        "images {} labels {} dets {} recall {:.2}% precision {:.2}% face accuracy {:.2}% ms mean {mean:.2} median {median:.2} p95 {p95:.2}",
        s.images,
        s.totals.labels,
        s.totals.detections,
        100.0 * s.recall(),
        100.0 * s.precision(),
        100.0 * s.face_accuracy()
    );
}
