//! The read-speed benchmark behind `warden bench read`: a generated
//! 1280×720 frame with fourteen dice of every style, read repeatedly on one
//! thread. Figures are printed by the caller, never asserted in tests.

use crate::error::Result;
use crate::reader::DiceReader;
use crate::synth::{render, DieSpec, Scene, ALL_STYLES};
use std::time::Instant;

/// Fourteen dice in two loose rows, every style, every face, varied pose.
pub fn fourteen_dice_scene(width: i32, height: i32) -> Scene {
    let (w, h) = (width as f32, height as f32);
    let size = w / 21.0;
    let dice = (0..14u8)
        .map(|i| {
            let col = (i % 7) as f32;
            let row = (i / 7) as f32;
            DieSpec {
                value: i % 6 + 1,
                center: (
                    w * (0.08 + col * 0.14),
                    h * (0.3 + row * 0.4) + (col * 7.0) % 23.0,
                ),
                size,
                rotation: i as f32 * 0.41,
                tilt: 0.2 + 0.04 * (i % 5) as f32,
                style: ALL_STYLES[i as usize % ALL_STYLES.len()],
                glare: i % 4 == 0,
            }
        })
        .collect();
    Scene {
        width,
        height,
        table: [110, 140, 160],
        dice,
        seed: 11,
    }
}

/// Timing figures of one benchmark run, milliseconds per frame.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReadBench {
    pub width: i32,
    pub height: i32,
    pub dice_in_frame: usize,
    /// Dice found whose face matches the generated one.
    pub dice_read_correctly: usize,
    pub dice_found: usize,
    pub iterations: usize,
    pub mean_ms: f64,
    pub median_ms: f64,
    pub p95_ms: f64,
    pub max_ms: f64,
    /// The reading thread's CPU time per frame (null without a clock).
    pub cpu_median_ms: f64,
    pub cpu_p95_ms: f64,
}

/// Render the scene, then time `iterations` full reads of it on one thread.
pub fn run_read_bench(width: i32, height: i32, iterations: usize) -> Result<ReadBench> {
    run_read_bench_with(width, height, iterations, || f64::NAN)
}

/// [`run_read_bench`], also timing each read by `thread_cpu_ms` (the
/// calling thread's CPU time in ms; this crate has no such clock of its own).
pub fn run_read_bench_with(
    width: i32,
    height: i32,
    iterations: usize,
    thread_cpu_ms: fn() -> f64,
) -> Result<ReadBench> {
    opencv::core::set_num_threads(1)?;
    let scene = fourteen_dice_scene(width, height);
    let frame = render(&scene)?;
    let reader = DiceReader::default();
    // One untimed read to warm caches and check the frame reads.
    let reading = reader.read(&frame)?;
    let correct = scene
        .dice
        .iter()
        .filter(|s| {
            reading.dice.iter().any(|d| {
                (d.center[0] - s.center.0).hypot(d.center[1] - s.center.1) < s.size * 0.3
                    && d.face.as_deref() == Some(s.value.to_string().as_str())
            })
        })
        .count();
    let mut times = Vec::with_capacity(iterations);
    let mut cpu = Vec::with_capacity(iterations);
    for _ in 0..iterations.max(1) {
        let (start, cpu_start) = (Instant::now(), thread_cpu_ms());
        let r = reader.read(&frame)?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        cpu.push(thread_cpu_ms() - cpu_start);
        std::hint::black_box(r);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    cpu.sort_by(|a, b| a.total_cmp(b));
    let pick = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let pick_cpu = |q: f64| cpu[((cpu.len() - 1) as f64 * q).round() as usize];
    Ok(ReadBench {
        width,
        height,
        dice_in_frame: scene.dice.len(),
        dice_read_correctly: correct,
        dice_found: reading.dice.len(),
        iterations: times.len(),
        mean_ms: times.iter().sum::<f64>() / times.len() as f64,
        median_ms: pick(0.5),
        p95_ms: pick(0.95),
        max_ms: *times.last().unwrap_or(&0.0),
        cpu_median_ms: pick_cpu(0.5),
        cpu_p95_ms: pick_cpu(0.95),
    })
}
