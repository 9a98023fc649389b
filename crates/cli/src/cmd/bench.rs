//! `warden bench …`: benchmarks that print their figures. One subcommand per
//! stage (add yours to [`What`]); timings are single-threaded and only
//! meaningful in a release build (`cargo run --release -p warden -- bench …`).

use anyhow::{bail, Result};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand)]
pub enum What {
    /// Motion stage ms per frame, and "throw finished" latency on generated throws.
    Motion(MotionArgs),
    /// Dice reader ms per frame on a generated frame with fourteen dice.
    Read(ReadArgs),
    /// Dungeon Fighter target: die at rest → scored reading (settle, read,
    /// total ms) on generated throw clips, with the reading's accuracy.
    Throw(super::bench_throw::ThrowArgs),
    /// Board drift check: bumped boards found again (corner error in mm),
    /// false alarms on still frames, ms per check, on generated scenes.
    Drift(super::bench_drift::DriftArgs),
    /// Lens correction: one thread's CPU per frame corrected (remap), and
    /// the maps' cost once per camera, at 1280×720 and 1920×1080.
    Lens(super::bench_lens::LensArgs),
}

pub fn run(a: Args) -> Result<ExitCode> {
    if cfg!(debug_assertions) {
        eprintln!(
            "warden bench: note: debug build, timings are pessimistic (build with --release)"
        );
    }
    match a.what {
        What::Motion(m) => motion(m),
        What::Read(r) => read(r),
        What::Throw(t) => super::bench_throw::run(t),
        What::Drift(d) => super::bench_drift::run(d),
        What::Lens(l) => super::bench_lens::run(l),
    }
}

/// Targets from issue 3.
const STAGE_BUDGET_MS: f64 = 3.0;
const LATENCY_BUDGET_MS: f64 = 300.0;

#[derive(clap::Args)]
pub struct MotionArgs {
    #[arg(long, default_value_t = 1280)]
    pub width: usize,
    #[arg(long, default_value_t = 720)]
    pub height: usize,
    #[arg(long, default_value_t = 30.0)]
    pub fps: f64,
    /// Frames timed per pixel format (grey and BGR).
    #[arg(long, default_value_t = 300)]
    pub frames: usize,
    /// Generated throws for the latency figures (12 variants cycled: 1–3
    /// dice, ± flicker, no hand / hand leaves / hand stays, ± drifting
    /// shadow), plus as many sequences with the nuisances and no dice.
    #[arg(long, default_value_t = 24)]
    pub sequences: usize,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the report as JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

fn motion(a: MotionArgs) -> Result<ExitCode> {
    if a.width < 64 || a.height < 64 || a.frames == 0 || !(a.fps > 1.0) {
        bail!("need --width and --height ≥ 64, --frames ≥ 1 and --fps > 1");
    }
    check_frame_pixels(a.width as u64, a.height as u64)?;
    let cfg = tw_motion::bench::BenchConfig {
        width: a.width,
        height: a.height,
        fps: a.fps,
        frames: a.frames,
        sequences: a.sequences,
        seed: a.seed,
    };
    let r = tw_motion::bench::run(&cfg);
    if a.json {
        println!("{}", serde_json::to_string_pretty(&r)?);
        return Ok(ExitCode::SUCCESS);
    }
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "motion stage, {}×{}, one thread, {} frames per format",
        r.width, r.height, a.frames
    );
    for (name, cpu, wall) in [
        ("grey", r.stage_gray_cpu_ms, r.stage_gray_wall_ms),
        ("BGR", r.stage_bgr_cpu_ms, r.stage_bgr_wall_ms),
    ] {
        println!(
            "  {name:<4} CPU ms/frame: mean {:.3}, median {:.3}, p95 {:.3}, max {:.3}   (wall: median {:.3}, p95 {:.3})  [target ≤ {STAGE_BUDGET_MS} ms: {}]",
            cpu.mean,
            cpu.median,
            cpu.p95,
            cpu.max,
            wall.median,
            wall.p95,
            verdict(cpu.p95 <= STAGE_BUDGET_MS)
        );
    }
    let l = r.latency_ms;
    println!(
        "throw finished after the last die stops, {} generated throws at {} fps:",
        r.sequences, a.fps
    );
    println!(
        "  latency ms: mean {:.0}, median {:.0}, p95 {:.0}, min {:.0}, max {:.0}  [target ≤ {LATENCY_BUDGET_MS} ms: {}]",
        l.mean,
        l.median,
        l.p95,
        l.min,
        l.max,
        verdict(l.max <= LATENCY_BUDGET_MS && r.missed == 0)
    );
    println!(
        "  missed {}, premature (before the last die's remaining travel < 1 px) {}, extra finishes {}",
        r.missed, r.premature, r.extra_finishes
    );
    println!("  nuisance-only sequences (flicker / hand / shadow, no dice): {} run, {} false motion events", r.sequences, r.false_events);
    Ok(ExitCode::SUCCESS)
}

/// Target from issue 3: full read of a 1280×720 frame with 14 dice.
const READ_BUDGET_MS: f64 = 25.0;

#[derive(clap::Args)]
pub struct ReadArgs {
    #[arg(long, default_value_t = 1280)]
    pub width: i32,
    #[arg(long, default_value_t = 720)]
    pub height: i32,
    /// Timed reads of the frame.
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
    /// Print the report as JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Time an enrolled set of art dice (name or path) instead, on the
    /// labelled photos of --yolo (`warden synth d6`), each read
    /// --iterations times.
    #[arg(long, requires = "yolo")]
    pub dice_set: Option<String>,
    /// With --dice-set: folder of photos with YOLO top-face labels.
    #[arg(long, requires = "dice_set")]
    pub yolo: Option<std::path::PathBuf>,
}

fn read(a: ReadArgs) -> Result<ExitCode> {
    // One thread, whatever OPENCV_FOR_THREADS_NUM says.
    opencv::core::set_num_threads(1)?;
    if let (Some(set), Some(dir)) = (&a.dice_set, &a.yolo) {
        return read_art(set, dir, a.iterations);
    }
    if a.width < 320 || a.height < 240 || a.iterations == 0 {
        bail!("need --width ≥ 320, --height ≥ 240 and --iterations ≥ 1");
    }
    check_frame_pixels(a.width as u64, a.height as u64)?;
    let r = tw_vision::bench::run_read_bench_with(
        a.width,
        a.height,
        a.iterations,
        super::eval::thread_cpu_ms,
    )?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&r)?);
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "dice reader, {}×{} generated frame, {} dice ({} found, {} read correctly), one thread, {} reads",
        r.width, r.height, r.dice_in_frame, r.dice_found, r.dice_read_correctly, r.iterations
    );
    println!(
        "  ms/frame: mean {:.2}, median {:.2}, p95 {:.2}, max {:.2}  [target ≤ {READ_BUDGET_MS} ms: {}]",
        r.mean_ms,
        r.median_ms,
        r.p95_ms,
        r.max_ms,
        if r.p95_ms <= READ_BUDGET_MS { "met" } else { "MISSED" }
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "  thread CPU ms/frame: median {:.2}, p95 {:.2}  (load average {})",
        r.cpu_median_ms,
        r.cpu_p95_ms,
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(ExitCode::SUCCESS)
}

/// Benchmark frames obey the same 50-megapixel cap as images read from disk:
/// a bigger one would take gigabytes before the first figure.
fn check_frame_pixels(w: u64, h: u64) -> Result<()> {
    let max = tw_vision::image_io::MAX_PIXELS;
    if w.saturating_mul(h) > max {
        bail!(
            "--width {w} --height {h} is {:.0} megapixels; benchmark frames are at most {} megapixels",
            w as f64 * h as f64 / 1e6,
            max / 1_000_000
        );
    }
    Ok(())
}

/// `bench read --dice-set SET --yolo DIR`: an art set's read of every photo
/// of DIR, `iterations` times each: wall, process CPU and the reading
/// thread's CPU ms per frame (a busy machine inflates the first, less the
/// second, least the third, which the target is judged on: one read on one
/// thread), where the time goes, and faces read right on the first read of
/// each photo.
fn read_art(set: &str, dir: &std::path::Path, iterations: usize) -> Result<ExitCode> {
    use tw_vision::artface::{read_timed, Stages};
    use tw_vision::eval::{list_images, parse_yolo_named, score_image};
    if iterations == 0 {
        bail!("need --iterations ≥ 1");
    }
    let path = super::dice::set_path(Some(set));
    let face_set = tw_vision::faceset::FaceSet::load(&path)?;
    let Some(art) = face_set.art.as_ref() else {
        bail!(
            "{}: the set has no `art` section (pip sets: `warden bench read` without --dice-set)",
            path.display()
        );
    };
    let names = tw_vision::faceset::class_names(dir)?;
    let images = list_images(dir)?;
    if images.is_empty() {
        bail!("{}: no images", dir.display());
    }
    let colors = tw_vision::color::ColorTable::builtin();
    let (mut wall, mut cpu, mut stages) = (Vec::new(), Vec::new(), Vec::<Stages>::new());
    let mut thread = Vec::new();
    let (mut labelled, mut right, mut dice) = (0, 0, 0);
    for img in &images {
        let frame = tw_vision::image_io::load_bgr(img)?;
        let (w, h) = tw_vision::image_io::frame_size(&frame);
        let label_path = img.with_extension("txt");
        let text = std::fs::read_to_string(&label_path)
            .map_err(|e| anyhow::anyhow!("{}: {e}", label_path.display()))?;
        let labels = parse_yolo_named(&text, w, h, &names)
            .map_err(|e| anyhow::anyhow!("{}: {e}", label_path.display()))?;
        for i in 0..iterations {
            let (t, c, tc) = (
                std::time::Instant::now(),
                super::bench_throw::process_cpu_ms(),
                super::eval::thread_cpu_ms(),
            );
            let (read, st) = read_timed(&frame, art, &colors)?;
            thread.push(super::eval::thread_cpu_ms() - tc);
            wall.push(t.elapsed().as_secs_f64() * 1000.0);
            cpu.push(super::bench_throw::process_cpu_ms() - c);
            stages.push(st);
            if i == 0 {
                let (score, _) = score_image(&labels, &read);
                labelled += score.labels;
                right += score.correct;
                dice += read.len();
            }
        }
    }
    let stat = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        (at(0.5), at(0.95))
    };
    let (wm, wp) = stat(&mut wall);
    let (cm, cp) = stat(&mut cpu);
    let (tm, tp) = stat(&mut thread);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "art dice reader, set {}, {} photos of {}, {} reads each, one thread (load average {})",
        path.display(),
        images.len(),
        dir.display(),
        iterations,
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "  ms/frame thread CPU: median {tm:.1}, p95 {tp:.1}  [target: median ≤ {READ_BUDGET_MS} ms: {}]",
        if tm <= READ_BUDGET_MS { "met" } else { "MISSED" }
    );
    println!(
        "  ms/frame wall: median {wm:.1}, p95 {wp:.1}; process CPU: median {cm:.1}, p95 {cp:.1}"
    );
    let part = |f: fn(&Stages) -> f64| stat(&mut stages.iter().map(f).collect()).0;
    println!(
        "  stages, median wall ms: prepare {:.1}, find {:.1}, free reads {:.1}, settle {:.1}",
        part(|s| s.prepare),
        part(|s| s.find),
        part(|s| s.free),
        part(|s| s.settle)
    );
    println!(
        "  first reads: {dice} dice reported, {right} of {labelled} labelled faces read right ({:.2} %)",
        100.0 * right as f64 / labelled.max(1) as f64
    );
    Ok(ExitCode::SUCCESS)
}
