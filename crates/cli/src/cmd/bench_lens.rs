//! `warden bench lens`: what correcting a frame for the lens costs (one
//! thread's CPU per frame, and once per camera for the maps), at the sizes
//! a webcam gives, with a lens bent as much as render2's strongest.

use anyhow::{bail, Result};
use opencv::core::{Mat, Scalar, CV_8UC3};
use std::process::ExitCode;
use tw_calibration::{LensModel, Undistorter};
use tw_motion::bench::{thread_cpu_ms, Stats};

#[derive(clap::Args)]
pub struct LensArgs {
    /// Frame sizes, "WxH" (repeatable; default 1280x720 and 1920x1080).
    #[arg(long = "size")]
    pub sizes: Vec<String>,
    /// Frames corrected per size.
    #[arg(long, default_value_t = 100)]
    pub frames: usize,
}

fn parse_size(s: &str) -> Result<(i32, i32)> {
    let bad = || anyhow::anyhow!("--size {s:?}: expected WxH, e.g. 1280x720, each 64..=8192");
    let (w, h) = s.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (w, h): (i32, i32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

pub fn run(a: LensArgs) -> Result<ExitCode> {
    opencv::core::set_num_threads(1)?;
    if a.frames == 0 {
        bail!("--frames must be at least 1");
    }
    let sizes = if a.sizes.is_empty() {
        vec!["1280x720".to_string(), "1920x1080".to_string()]
    } else {
        a.sizes.clone()
    };
    let sizes = sizes
        .iter()
        .map(|s| parse_size(s))
        .collect::<Result<Vec<_>>>()?;
    println!(
        "lens correction (Undistorter), one thread, {} frames a size",
        a.frames
    );
    for (w, h) in sizes {
        // Focal length about the frame's width, k1 −0.15 in those units
        // (render2's barrel lenses reach about that).
        let lens = LensModel::radial(
            [w as u32, h as u32],
            [(w as f64 - 1.0) / 2.0, (h as f64 - 1.0) / 2.0],
            w as f64,
            -0.15,
        );
        let mut frame = Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::all(0.0))?;
        opencv::core::randu(&mut frame, &Scalar::all(0.0), &Scalar::all(255.0))?;
        let c0 = thread_cpu_ms();
        let u = Undistorter::new(&lens)?;
        let build = thread_cpu_ms() - c0;
        let mut cpu = Vec::with_capacity(a.frames);
        for _ in 0..a.frames {
            let c0 = thread_cpu_ms();
            let out = u.apply(&frame)?;
            cpu.push(thread_cpu_ms() - c0);
            std::hint::black_box(out);
        }
        let st = Stats::of(cpu);
        println!(
            "  {w}×{h}: CPU ms/frame mean {:.2}, median {:.2}, p95 {:.2}; maps built once in {build:.1} ms",
            st.mean, st.median, st.p95
        );
    }
    Ok(ExitCode::SUCCESS)
}
