//! `warden synth d6`: photos of six-sided dice on a table with YOLO top-face
//! labels (`tw_synth::d6`), to measure the d6 reader on dice it was not
//! trained on: `warden eval dice --yolo OUT [--dice-set NAME]`.

use super::synth::pair;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_synth::d6::yolo::write_d6;
use tw_synth::{D6Options, DieSet};

#[derive(clap::Args)]
pub struct Args {
    /// Die set: pips, dungeon-roll or pocket-dungeon-quest.
    #[arg(long)]
    pub set: String,
    /// Output folder (created if missing).
    #[arg(long)]
    pub out: PathBuf,
    /// Number of images.
    #[arg(long, default_value_t = 50)]
    pub count: usize,
    /// Seed; the same seed gives the same images and labels.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Image size "WxH" (by default 1280x720, 1024x768 or 1280x960).
    #[arg(long)]
    pub size: Option<String>,
    /// Dice per image, "MIN,MAX" (1..14 by default).
    #[arg(long)]
    pub dice: Option<String>,
    /// Camera tilt from vertical in degrees, "MIN,MAX" (0..45 by default).
    #[arg(long)]
    pub tilt: Option<String>,
    /// No glare, blur, noise or vignette (JPEG quality 95).
    #[arg(long)]
    pub clean: bool,
}

fn size(text: &str) -> Result<(u32, u32)> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .with_context(|| format!("--size: expected \"WxH\", got {text:?}"))?;
    let w: u32 = w.trim().parse().with_context(|| format!("--size: width {w:?} is not a whole number"))?;
    let h: u32 = h.trim().parse().with_context(|| format!("--size: height {h:?} is not a whole number"))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        bail!("--size: width and height must lie within 64..8192, got {text:?}");
    }
    Ok((w, h))
}

pub fn run(a: Args) -> Result<ExitCode> {
    let Some(set) = DieSet::parse(&a.set) else {
        let names: Vec<&str> = DieSet::ALL.iter().map(|s| s.name()).collect();
        bail!("--set: unknown die set {:?} (known: {})", a.set, names.join(", "));
    };
    let mut opts = D6Options::default();
    if let Some(s) = &a.size {
        opts.sizes = vec![size(s)?];
    }
    if let Some(d) = &a.dice {
        let (lo, hi) = pair(d, "--dice")?;
        if lo < 1.0 || hi > 14.0 || lo.fract() != 0.0 || hi.fract() != 0.0 {
            bail!("--dice: whole numbers of dice within 1..14, got {d:?}");
        }
        opts.dice = (lo as usize, hi as usize);
    }
    if let Some(t) = &a.tilt {
        let (lo, hi) = pair(t, "--tilt")?;
        if lo < 0.0 || hi > 60.0 {
            bail!("--tilt: degrees from vertical within 0..60, got {t:?}");
        }
        opts.tilt_deg = (lo, hi);
    }
    opts.effects = !a.clean;
    let t = std::time::Instant::now();
    let w = write_d6(&a.out, set, a.seed, a.count, &opts)?;
    let per: Vec<String> = set.classes().iter().zip(&w.per_class).map(|(n, k)| format!("{n} {k}")).collect();
    println!(
        "{}: {} images of {} dice ({}), {} dice [{}], seed {}, {:.1} s",
        a.out.display(),
        w.images,
        set.name(),
        opts.sizes.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join("/"),
        w.dice,
        per.join(", "),
        a.seed,
        t.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
