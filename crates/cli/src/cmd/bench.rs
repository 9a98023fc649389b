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
}

fn read(a: ReadArgs) -> Result<ExitCode> {
    if a.width < 320 || a.height < 240 || a.iterations == 0 {
        bail!("need --width ≥ 320, --height ≥ 240 and --iterations ≥ 1");
    }
    check_frame_pixels(a.width as u64, a.height as u64)?;
    let r = tw_vision::bench::run_read_bench(a.width, a.height, a.iterations)?;
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
