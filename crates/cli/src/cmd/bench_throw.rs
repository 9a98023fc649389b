//! `warden bench throw`: from a die coming to rest to its scored reading,
//! on generated Dungeon Fighter clips (`tw_synth::combat_clip`: one fixed
//! camera at 1280×720, dice thrown in turn, each landing beside the dice
//! already there).
//!
//! Every frame goes through the motion stage as the live view's would.
//! On "throw finished" the table is read from the changed regions only
//! (`tw_target::read_throw`, keeping the dice read after the previous
//! throw), and, for comparison, read whole as the fallback reads it: over
//! the clip's calibration still (`read_over_still`; without it with
//! `--whole-without-still`). Printed:
//! - settle: frame time from the thrown die's first frame at rest to the
//!   frame that finished the throw (the motion stage's rest window), plus
//!   the stage's own CPU on that frame;
//! - read: wall time of the changed-region read (all cores, as live);
//! - total: settle + read, the die-at-rest → score-published latency;
//! - early: the same latency when the read starts on the first still
//!   frame (the stage's Settling event, which carries the changed regions)
//!   and is published when the throw finishes, so it overlaps the rest
//!   window;
//! - with `--cast`, every frame is read brought back to the light of
//!   calibration by the board look sampled from the clip's calibration
//!   still (`tw_target::neutral_frame`), the app's path;
//! - accuracy of both readings against the frame's truth: every die on
//!   the table matched within 12 mm, section value, icon/blank, colour,
//!   and dice reported where none lies.
//! - total and early total by the camera's tilt from vertical (each clip
//!   draws its camera within `--elevation`).

use anyhow::{bail, Result};
use opencv::prelude::*;
use std::process::ExitCode;
use std::time::Instant;
use tw_board::{Board, Webs};
use tw_calibration::BoardLook;
use tw_motion::bench::Stats;
use tw_motion::{Event, FrameView, MotionStage, RegionKind, StageConfig, State};
use tw_synth::combat_clip::combat_clip;
use tw_synth::rng::Rng;
use tw_synth::scene::{render_with, Art, Options};
use tw_synth::{DieColor, Face, SceneTruth};
use tw_target::{read_over_still, read_throw_since, DieSet, Scope, TargetReading};

/// Target from issue 26: die at rest → scored reading, 95th percentile.
const TOTAL_BUDGET_MS: f64 = 300.0;
/// Target from issue 26: whole-frame read, mean.
const WHOLE_BUDGET_MS: f64 = 250.0;

#[derive(clap::Args)]
pub struct ThrowArgs {
    /// Generated clips (one camera and board look each).
    #[arg(long, default_value_t = 8)]
    pub clips: usize,
    /// Throws per clip (colours cycle red, green, blue, white).
    #[arg(long, default_value_t = 3)]
    pub throws: usize,
    /// Seed of the first clip; clip k uses seed + k.
    #[arg(long, default_value_t = 26_000_001)]
    pub seed: u64,
    /// Board drawing: plain, painted or ornate.
    #[arg(long, default_value = "plain")]
    pub art: String,
    /// Skip the whole-frame reads (faster; no whole-frame figures).
    #[arg(long)]
    pub no_whole: bool,
    /// Read the whole frames without the clip's calibration still (the
    /// board as calibrated, no dice): every candidate of the frame is
    /// fitted, as before the still was used.
    #[arg(long)]
    pub whole_without_still: bool,
    /// White-balance shift of up to this strength in every clip, as
    /// `warden synth --cast`; frames are read brought back to the light of
    /// calibration by the board look, as the app reads them.
    #[arg(long, default_value_t = 0.0)]
    pub cast: f64,
    /// The clip's calibration still (and its look) taken under the cast,
    /// as `warden synth --cast-at-calibration`.
    #[arg(long)]
    pub cast_at_calibration: bool,
    /// Camera elevation range in degrees above the table, "MIN,MAX", as
    /// `warden synth --elevation` (35..90 by default; 55,90 is the issue's
    /// 0–35° from vertical).
    #[arg(long)]
    pub elevation: Option<String>,
    /// Die set name or path (default: dungeon-fighter).
    #[arg(long)]
    pub dice_set: Option<String>,
    /// Print every throw's figures.
    #[arg(long)]
    pub verbose: bool,
    /// Write the frame each throw finished on here
    /// (`clip-SEED-throw-N.jpg`), to look at what was read.
    #[arg(long)]
    pub save_frames: Option<std::path::PathBuf>,
}

/// How one reading compares with the truth of its frame.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    dice: usize,
    found: usize,
    section_ok: usize,
    face_ok: usize,
    color_ok: usize,
    extra: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.dice += o.dice;
        self.found += o.found;
        self.section_ok += o.section_ok;
        self.face_ok += o.face_ok;
        self.color_ok += o.color_ok;
        self.extra += o.extra;
    }
}

/// Matches each true die to the nearest unused read die within 12 mm
/// (centre of the top-face corners on the board), as `warden eval throws`.
fn tally(truth: &SceneTruth, reading: &TargetReading) -> Tally {
    let mut used = vec![false; reading.dice.len()];
    let mut t = Tally::default();
    for d in &truth.dice {
        t.dice += 1;
        let Some(i) = tw_target::eval::nearest_unused(reading, &used, d.center_mm) else {
            continue;
        };
        used[i] = true;
        let x = &reading.dice[i];
        t.found += 1;
        t.section_ok += usize::from(x.section.value == d.section.value);
        let face = match d.face {
            Face::Icon => "icon",
            Face::Blank => "blank",
        };
        t.face_ok += usize::from(x.face == face);
        t.color_ok += usize::from(x.color == d.color.name());
    }
    t.extra = used.iter().filter(|u| !**u).count();
    t
}

/// The read dice that match no die of the truth, as `colour face at
/// (x, y) px`, matched as [`tally`] matches them.
fn extras(truth: &SceneTruth, reading: &TargetReading) -> Vec<String> {
    let mut used = vec![false; reading.dice.len()];
    for d in &truth.dice {
        if let Some(i) = tw_target::eval::nearest_unused(reading, &used, d.center_mm) {
            used[i] = true;
        }
    }
    reading
        .dice
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(x, _)| format!("{} {} at ({:.0}, {:.0}) px, confidence {:.2}", x.color, x.face, x.center[0], x.center[1], x.confidence))
        .collect()
}

/// CPU time of the whole process (all threads), ms: with the wall time
/// it tells a busy machine (wall well above CPU / cores) from a slow read.
pub(crate) use tw_target::eval::process_cpu_ms;


/// The boxes (x, y, width, height) of die regions, as the live view reads them.
fn die_boxes(regions: &[tw_motion::Region]) -> Vec<[f64; 4]> {
    regions
        .iter()
        .filter(|r| r.kind == RegionKind::Die)
        .map(|r| [r.x as f64, r.y as f64, r.width as f64, r.height as f64])
        .collect()
}

pub fn run(a: ThrowArgs) -> Result<ExitCode> {
    if a.clips == 0 || a.throws == 0 {
        bail!("need --clips ≥ 1 and --throws ≥ 1");
    }
    let art = match a.art.as_str() {
        "plain" => Art::Plain,
        "painted" => Art::Painted,
        "ornate" => Art::Ornate,
        other => bail!("--art: unknown drawing {other:?} (plain, painted or ornate)"),
    };
    let board = Board::catacombs_default();
    let set: DieSet = super::dice::load_set(a.dice_set.as_deref())?;
    let webs = Webs::none();
    if !(0.0..=0.9).contains(&a.cast) {
        bail!("--cast: a strength from 0 to 0.9, got {}", a.cast);
    }
    let mut opts = Options {
        sizes: vec![(1280, 720)],
        art,
        cast: a.cast,
        ..Options::default()
    };
    if let Some(e) = &a.elevation {
        let (lo, hi) = super::synth::pair(e, "--elevation")?;
        if !(10.0..=90.0).contains(&lo) || !(lo..=90.0).contains(&hi) {
            bail!("--elevation: degrees within 10..90, smallest first, got {e:?}");
        }
        opts.elevation_deg = (lo, hi);
    }
    let colours = DieColor::ALL;
    let (mut settle, mut read, mut total, mut whole_ms) = (vec![], vec![], vec![], vec![]);
    let (mut roi, mut whole) = (Tally::default(), Tally::default());
    let (mut throws, mut finished, mut extra_events, mut fell_back) = (0, 0, 0, 0);
    let mut shares = Vec::new();
    let (mut read_cpu, mut whole_cpu) = (vec![], vec![]);
    // Per finished throw: whether only the changed regions were read.
    let mut local: Vec<bool> = Vec::new();
    // Per finished throw: the clip camera's tilt from vertical, degrees.
    let mut tilts: Vec<f64> = Vec::new();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let (mut early, mut early_tally, mut wasted) = (vec![], Tally::default(), 0usize);
    for k in 0..a.clips {
        let seed = a.seed + k as u64;
        let mut pick = Rng::new(seed ^ 0x26);
        let plan: Vec<(DieColor, Face)> = (0..a.throws)
            .map(|i| {
                let face = if pick.chance(0.5) {
                    Face::Icon
                } else {
                    Face::Blank
                };
                (colours[(i + k) % colours.len()], face)
            })
            .collect();
        let clip = combat_clip(&board, seed, &opts, &plan, 5, 12, 12);
        throws += plan.len();
        let first = &clip.scenes[0];
        let mut rng = Rng::new(first.texture_seed);
        let tex = match art {
            Art::Plain => tw_synth::art::render_board(&board, &first.webs, &mut rng)?,
            Art::Painted => tw_synth::painted::render_painted(&board, &first.webs, &mut rng)?,
            Art::Ornate => tw_synth::ornate::render_ornate(&board, &first.webs, &mut rng)?,
        };
        // The board as calibrated (no dice; neutral light unless
        // `--cast-at-calibration`): what the app keeps beside its profile,
        // samples the board look from and reads whole frames over.
        let still_seen = tw_synth::write::calibration_still(
            &board,
            "catacombs-default.json",
            first,
            &tex,
            a.cast_at_calibration,
        )?;
        let cal = tw_synth::write::true_calibration(&board, "catacombs-default.json", first)?;
        let look = BoardLook::of_calibration(&still_seen, &cal)?.0;
        let calibration = (!a.whole_without_still)
            .then(|| tw_target::neutral_still(Some(still_seen), &cal.table_to_image.0, Some(&look)))
            .transpose()?
            .flatten();
        let mut stage = MotionStage::new(StageConfig::default());
        let mut before: Option<TargetReading> = None;
        let mut done = 0usize;
        let mut pending: Option<(f64, f64, TargetReading)> = None;
        // The last frame with nothing moving: the scene before a throw, as
        // the live view keeps it.
        let mut still: Option<opencv::core::Mat> = None;
        let ms_of = |i: usize| i as f64 * 1000.0 / tw_synth::combat_clip::FPS;
        for (i, scene) in clip.scenes.iter().enumerate() {
            let (img, truth) = render_with(
                &board,
                "catacombs-default.json",
                scene,
                "frame",
                &tex,
                &mut rng.clone(),
            )?;
            let t_ms = ms_of(i);
            let data = img.data_bytes()?;
            let view = FrameView::bgr(img.cols() as usize, img.rows() as usize, data);
            let t0 = Instant::now();
            let out = stage.process(&view, t_ms)?;
            let stage_ms = t0.elapsed().as_secs_f64() * 1000.0;
            let h = truth.board_to_image;
            if out.events.is_empty() && matches!(out.state, State::Idle | State::AtRest) {
                // Kept in the light of calibration, as the live view's.
                still = Some(tw_target::neutral_frame(&img, &h, Some(&look))?.into_owned());
            }
            // The reads below see the frame in the light of calibration;
            // the motion stage sees it as the camera gave it.
            let raw = img;
            for ev in out.events {
                let regions = match ev {
                    Event::ThrowFinished { regions, .. } | Event::MotionTimeout { regions, .. } => {
                        regions
                    }
                    Event::Settling { regions, .. } => {
                        // Read now, publish when the throw finishes.
                        let t1 = Instant::now();
                        let img = tw_target::neutral_frame(&raw, &h, Some(&look))?;
                        let got = read_throw_since(
                            &img,
                            still.as_ref(),
                            &truth.board_to_image,
                            &board,
                            &webs,
                            &set,
                            &die_boxes(&regions),
                            before.as_ref(),
                        )?;
                        let read_ms = t1.elapsed().as_secs_f64() * 1000.0;
                        pending = Some((t_ms + stage_ms, read_ms, got.reading));
                        continue;
                    }
                    Event::MotionResumed { .. } => {
                        if pending.take().is_some() {
                            wasted += 1;
                        }
                        continue;
                    }
                    Event::MotionStarted { .. } => continue,
                };
                // Which throw this is: the last one whose die was at rest by now.
                let Some(n) = clip.rest_frames.iter().rposition(|&r| r <= i) else {
                    extra_events += 1;
                    continue;
                };
                if n < done {
                    extra_events += 1;
                    continue;
                }
                done = n + 1;
                finished += 1;
                let changed = die_boxes(&regions);
                let (t1, c1) = (Instant::now(), process_cpu_ms());
                let img = tw_target::neutral_frame(&raw, &h, Some(&look))?;
                let got = read_throw_since(
                    &img,
                    still.as_ref(),
                    &h,
                    &board,
                    &webs,
                    &set,
                    &changed,
                    before.as_ref(),
                )?;
                let read_ms = t1.elapsed().as_secs_f64() * 1000.0;
                read_cpu.push(process_cpu_ms() - c1);
                let settle_ms = t_ms - ms_of(clip.rest_frames[n]) + stage_ms;
                let tr = tally(&truth, &got.reading);
                roi.add(tr);
                match &got.scope {
                    Scope::Changed { share, .. } => {
                        shares.push(100.0 * share);
                        local.push(true);
                    }
                    Scope::Whole { why } => {
                        fell_back += 1;
                        local.push(false);
                        if a.verbose {
                            println!("  clip {seed} throw {n}: whole frame read: {why}");
                        }
                    }
                }
                tilts.push(90.0 - first.elevation_deg);
                settle.push(settle_ms);
                read.push(read_ms);
                total.push(settle_ms + read_ms);
                match pending.take() {
                    Some((t_s, ms, reading)) => {
                        // Published at the finish, or when the early read ends.
                        let published = (t_ms + stage_ms).max(t_s + ms);
                        early.push(published - ms_of(clip.rest_frames[n]));
                        early_tally.add(tally(&truth, &reading));
                    }
                    // No settling seen first: published as read at the finish.
                    None => early.push(settle_ms + read_ms),
                }
                if let Some(dir) = &a.save_frames {
                    std::fs::create_dir_all(dir)?;
                    let path = dir.join(format!("clip-{seed}-throw-{n}.jpg"));
                    tw_synth::write::write_image(&path, &raw, 95)?;
                }
                let mut whole_line = String::new();
                if !a.no_whole {
                    let (t2, c2) = (Instant::now(), process_cpu_ms());
                    let (img, over) = tw_target::neutral_with_still(&raw, calibration.as_ref(), &h, Some(&look))?;
                    let w = read_over_still(&img, over.as_deref(), &h, &board, &webs, &set)?;
                    whole_ms.push(t2.elapsed().as_secs_f64() * 1000.0);
                    whole_cpu.push(process_cpu_ms() - c2);
                    let tw = tally(&truth, &w);
                    whole.add(tw);
                    whole_line = format!(
                        "; whole frame {:.0} ms ({:.0} ms CPU), {}/{} found, {} extra",
                        whole_ms.last().copied().unwrap_or(f64::NAN),
                        whole_cpu.last().copied().unwrap_or(f64::NAN),
                        tw.found,
                        tw.dice,
                        tw.extra
                    );
                    if a.verbose {
                        for x in extras(&truth, &w) {
                            whole_line.push_str(&format!("\n    whole-frame extra: {x}"));
                        }
                    }
                }
                if a.verbose {
                    println!(
                        "  clip {seed} throw {n}: settle {settle_ms:.0} ms, read {read_ms:.0} ms, {} dice on the table ({} read now), {}/{} found, {} extra{whole_line}",
                        got.reading.dice.len(),
                        got.read_now.len(),
                        tr.found,
                        tr.dice,
                        tr.extra
                    );
                    for x in extras(&truth, &got.reading) {
                        println!("    extra: {x}");
                    }
                }
                before = Some(got.reading);
            }
        }
    }
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    let line = |name: &str, s: Stats| {
        if s.mean.is_nan() {
            return println!("  {name:<12} ms: no throws");
        }
        println!(
            "  {name:<12} ms: mean {:.0}, median {:.0}, p95 {:.0}, max {:.0}",
            s.mean, s.median, s.p95, s.max
        )
    };
    // Figures over the throws read from their changed regions, and over
    // the rest (read whole: the change was not local).
    let part = |v: &[f64], want: bool| -> Stats {
        Stats::of(
            v.iter()
                .zip(&local)
                .filter(|(_, l)| **l == want)
                .map(|(x, _)| *x)
                .collect(),
        )
    };
    println!(
        "throw → scored reading, {} generated clips ({} drawing{}, 1280×720, seeds {}..{}), {} throws, {} finished, {} extra finishes, {} core(s)",
        a.clips,
        a.art,
        if a.cast > 0.0 {
            format!(", cast {}{}", a.cast, if a.cast_at_calibration { " already at calibration" } else { "" })
        } else {
            String::new()
        },
        a.seed,
        a.seed + a.clips as u64 - 1,
        throws,
        finished,
        extra_events,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    if let Some(l) = load.split_whitespace().next() {
        println!(
            "  load average at the start: {l} (wall figures grow with it; CPU figures much less)"
        );
    }
    let n_local = local.iter().filter(|l| **l).count();
    let sh = Stats::of(shares);
    println!(
        "  {n_local} throws read from their changed regions (mean {:.1} %, max {:.1} % of the frame):",
        sh.mean, sh.max
    );
    line("settle", part(&settle, true));
    line("read", part(&read, true));
    line("read CPU", part(&read_cpu, true));
    let t = part(&total, true);
    line("total", t);
    let e = part(&early, true);
    line("early total", e);
    println!(
        "  [target p95 ≤ {TOTAL_BUDGET_MS} ms: total {}, early total {}]",
        verdict(t.p95 <= TOTAL_BUDGET_MS && finished == throws),
        verdict(e.p95 <= TOTAL_BUDGET_MS && finished == throws)
    );
    println!("  {fell_back} throws read whole (the change was not local):");
    line("settle", part(&settle, false));
    line("read", part(&read, false));
    line("read CPU", part(&read_cpu, false));
    line("total", part(&total, false));
    line("early total", part(&early, false));
    // The latency by the camera's tilt, over the throws read from their
    // changed regions (the app's path).
    println!("  by camera tilt from vertical (throws read from their changed regions):");
    for (lo, hi) in [(0.0, 15.0), (15.0, 25.0), (25.0, 35.0), (35.0, 90.0)] {
        let pick = |v: &[f64]| -> Stats {
            Stats::of(
                v.iter()
                    .zip(&local)
                    .zip(&tilts)
                    .filter(|((_, l), t)| **l && (lo..hi).contains(*t))
                    .map(|((x, _), _)| *x)
                    .collect(),
            )
        };
        let n = local.iter().zip(&tilts).filter(|(l, t)| **l && (lo..hi).contains(*t)).count();
        let (t, e) = (pick(&total), pick(&early));
        if n == 0 {
            println!("    {lo:>2.0}–{hi:.0}°: no throws");
        } else {
            println!(
                "    {lo:>2.0}–{hi:.0}°: {n} throws, total p95 {:.0} max {:.0} ms, early total p95 {:.0} max {:.0} ms",
                t.p95, t.max, e.p95, e.max
            );
        }
    }
    println!("  early total: the read starts on the first still frame (the stage's Settling event) and the reading is published when the throw finishes; {wasted} early reads thrown away as motion resumed");
    let acc = |name: &str, t: Tally| {
        let pct = |n: usize| 100.0 * n as f64 / t.dice.max(1) as f64;
        println!(
            "  {name}: dice on the table {}, found {:.1} %, section {:.1} %, icon/blank {:.1} %, colour {:.1} %, extra dice {}",
            t.dice,
            pct(t.found),
            pct(t.section_ok),
            pct(t.face_ok),
            pct(t.color_ok),
            t.extra
        )
    };
    acc("reading as published  ", roi);
    acc("early reading         ", early_tally);
    if !a.no_whole {
        acc("whole-frame reading   ", whole);
        let w = Stats::of(whole_ms);
        line("whole", w);
        line("whole CPU", Stats::of(whole_cpu));
        println!(
            "  [target whole-frame mean ≤ {WHOLE_BUDGET_MS} ms: {}]",
            verdict(w.mean <= WHOLE_BUDGET_MS)
        );
    }
    Ok(ExitCode::SUCCESS)
}
