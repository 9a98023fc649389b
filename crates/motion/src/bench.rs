//! The measurements behind `warden bench motion`: stage time per frame, and
//! how long after the last die stops "throw finished" comes, on generated
//! throw sequences. Figures only; nothing here asserts a target.

use crate::synth::{HandMode, ThrowSequence, ThrowSpec};
use crate::{Event, FrameView, MotionStage, StageConfig};
use serde::Serialize;
use std::time::Instant;

/// What to measure.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    pub width: usize,
    pub height: usize,
    pub fps: f64,
    /// Frames timed per pixel format.
    pub frames: usize,
    /// Generated throws for the latency figures, cycling 12 variants
    /// (1–3 dice, ± flicker, no hand / hand leaves / hand stays, ± shadow);
    /// as many nuisance-only sequences (same variants, no dice) are run too.
    pub sequences: usize,
    pub seed: u64,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            width: 1280,
            height: 720,
            fps: 30.0,
            frames: 300,
            sequences: 24,
            seed: 1,
        }
    }
}

/// Mean, median, 95th percentile and maximum of a set of samples.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Stats {
    pub mean: f64,
    pub median: f64,
    pub p95: f64,
    pub min: f64,
    pub max: f64,
}

impl Stats {
    pub fn of(mut v: Vec<f64>) -> Stats {
        if v.is_empty() {
            return Stats {
                mean: f64::NAN,
                median: f64::NAN,
                p95: f64::NAN,
                min: f64::NAN,
                max: f64::NAN,
            };
        }
        v.sort_by(f64::total_cmp);
        let pct = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        Stats {
            mean: v.iter().sum::<f64>() / v.len() as f64,
            median: pct(0.5),
            p95: pct(0.95),
            min: v[0],
            max: v[v.len() - 1],
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct BenchReport {
    pub width: usize,
    pub height: usize,
    /// Milliseconds per frame of `MotionStage::process`, grey and BGR input,
    /// as CPU time of the benchmarking thread (what the stage costs, whatever
    /// else the machine is doing) and as wall-clock time.
    pub stage_gray_cpu_ms: Stats,
    pub stage_bgr_cpu_ms: Stats,
    pub stage_gray_wall_ms: Stats,
    pub stage_bgr_wall_ms: Stats,
    pub sequences: usize,
    /// "Throw finished" time minus the last die's stop time, ms.
    pub latency_ms: Stats,
    /// Throws with no "throw finished" at all.
    pub missed: usize,
    /// Finished before the last die's remaining travel fell below a pixel.
    pub premature: usize,
    /// More than one "throw finished" for one throw.
    pub extra_finishes: usize,
    /// Motion-started or finished events in sequences without dice.
    pub false_events: usize,
}

/// Runs the whole benchmark (single thread).
pub fn run(cfg: &BenchConfig) -> BenchReport {
    let ((stage_gray_cpu_ms, stage_gray_wall_ms), (stage_bgr_cpu_ms, stage_bgr_wall_ms)) =
        stage_timing(cfg);
    let (mut lat, mut missed, mut premature, mut extra) = (Vec::new(), 0, 0, 0);
    for k in 0..cfg.sequences {
        let seq = ThrowSequence::new(variant(cfg, k));
        let finishes: Vec<f64> = play(&seq)
            .iter()
            .filter_map(|e| match e {
                Event::ThrowFinished { t_ms, .. } => Some(*t_ms),
                _ => None,
            })
            .collect();
        match finishes.as_slice() {
            [] => missed += 1,
            [t, rest @ ..] => {
                extra += rest.len();
                premature += usize::from(*t < seq.truth.last_settled_ms);
                lat.push(t - seq.truth.last_stop_ms);
            }
        }
    }
    let mut false_events = 0;
    for k in 0..cfg.sequences {
        let seq = ThrowSequence::new(ThrowSpec {
            dice: 0,
            tail_ms: 3000.0,
            ..variant(cfg, k)
        });
        false_events += play(&seq)
            .iter()
            .filter(|e| matches!(e, Event::MotionStarted { .. } | Event::ThrowFinished { .. }))
            .count();
    }
    BenchReport {
        width: cfg.width,
        height: cfg.height,
        stage_gray_cpu_ms,
        stage_bgr_cpu_ms,
        stage_gray_wall_ms,
        stage_bgr_wall_ms,
        sequences: cfg.sequences,
        latency_ms: Stats::of(lat),
        missed,
        premature,
        extra_finishes: extra,
        false_events,
    }
}

fn variant(cfg: &BenchConfig, k: usize) -> ThrowSpec {
    ThrowSpec {
        width: cfg.width,
        height: cfg.height,
        fps: cfg.fps,
        seed: cfg.seed.wrapping_mul(1000).wrapping_add(k as u64),
        dice: 1 + k % 3,
        hand: [HandMode::None, HandMode::Leaves, HandMode::Stays][k % 3],
        flicker: (k / 3) % 2 == 1,
        shadow: (k / 6) % 2 == 1,
        ..ThrowSpec::default()
    }
}

fn play(seq: &ThrowSequence) -> Vec<Event> {
    let mut stage = MotionStage::new(StageConfig::default());
    let (mut buf, mut events) = (Vec::new(), Vec::new());
    for i in 0..seq.frame_count() {
        seq.render(i, &mut buf);
        if let Ok(out) = stage.process(
            &FrameView::gray(seq.spec.width, seq.spec.height, &buf),
            seq.timestamp(i),
        ) {
            events.extend(out.events);
        }
    }
    events
}

/// Times `process` alone on pre-rendered frames of a busy sequence (three
/// dice, a hand, flicker and a shadow).
fn stage_timing(cfg: &BenchConfig) -> ((Stats, Stats), (Stats, Stats)) {
    let seq = ThrowSequence::new(ThrowSpec {
        width: cfg.width,
        height: cfg.height,
        fps: cfg.fps,
        seed: cfg.seed,
        dice: 3,
        flicker: true,
        shadow: true,
        hand: HandMode::Leaves,
        ..ThrowSpec::default()
    });
    let n = seq.frame_count();
    let gray: Vec<Vec<u8>> = (0..n)
        .map(|i| {
            let mut f = Vec::new();
            seq.render(i, &mut f);
            f
        })
        .collect();
    let bgr: Vec<Vec<u8>> = gray
        .iter()
        .map(|f| f.iter().flat_map(|&g| [g, g, g]).collect())
        .collect();
    (
        time_stage(cfg, &seq, &gray, FrameView::gray),
        time_stage(cfg, &seq, &bgr, FrameView::bgr),
    )
}

fn time_stage<'a>(
    cfg: &BenchConfig,
    seq: &ThrowSequence,
    frames: &'a [Vec<u8>],
    view: fn(usize, usize, &'a [u8]) -> FrameView<'a>,
) -> (Stats, Stats) {
    let n = frames.len();
    let mut stage = MotionStage::new(StageConfig::default());
    let (mut cpu, mut wall) = (
        Vec::with_capacity(cfg.frames),
        Vec::with_capacity(cfg.frames),
    );
    for k in 0..cfg.frames {
        if k % n == 0 {
            stage.reset();
        }
        let v = view(cfg.width, cfg.height, &frames[k % n]);
        let (c0, start) = (thread_cpu_ms(), Instant::now());
        let out = stage.process(&v, seq.timestamp(k % n));
        wall.push(start.elapsed().as_secs_f64() * 1000.0);
        cpu.push(thread_cpu_ms() - c0);
        std::hint::black_box(out.ok());
    }
    (Stats::of(cpu), Stats::of(wall))
}

/// CPU time consumed by this thread, in ms (NaN where unsupported). The
/// benchmarks and evaluations of every crate time their work with it.
#[cfg(unix)]
pub fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return f64::NAN;
    }
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

#[cfg(not(unix))]
pub fn thread_cpu_ms() -> f64 {
    f64::NAN
}
