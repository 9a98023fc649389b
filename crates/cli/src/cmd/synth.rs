//! `warden synth`: generate target-board scenes (and throw sequences) with
//! ground truth, deterministic by seed. See `tw_synth::write` for the layout.
//! `warden synth d6 ...` draws six-sided dice photos instead (see `synth_d6`).

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_synth::write::{write_scenes_with, write_throws, Beside};
use tw_synth::Options;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    pub kind: Option<Kind>,
    /// Output folder (created if missing).
    #[arg(long, required = true)]
    pub out: Option<PathBuf>,
    /// Number of still scenes.
    #[arg(long, default_value_t = 20)]
    pub count: usize,
    /// Number of throw sequences (36 frames each at 30 fps).
    #[arg(long, default_value_t = 0)]
    pub throws: usize,
    /// Seed; the same seed gives the same images and truth.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Board geometry file; the shipped default when omitted.
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// Camera elevation range in degrees, "MIN,MAX" (35..90 by default).
    #[arg(long)]
    pub elevation: Option<String>,
    /// Dice per scene, "MIN,MAX" (1..4 by default).
    #[arg(long)]
    pub dice: Option<String>,
    /// No lighting gradient, glare, blur, noise or JPEG loss.
    #[arg(long)]
    pub clean: bool,
    /// How the board is drawn: `plain` (the drawing the reader was
    /// developed on), `painted` (other paints, ghosts, bones, font, web) or
    /// `ornate` (parchment or stone, hatching, ornaments, and die-sized
    /// printed pentagons, hexagons, gems, shields and coins in the dice's
    /// colours).
    #[arg(long, value_enum, default_value_t = ArtArg::Plain)]
    pub art: ArtArg,
    /// White-balance shift of up to this strength: each scene's light is
    /// warmed or cooled (red and blue gains 1 ± up to CAST) and tinted
    /// (green gain 1 ± up to CAST/2). 0.25 is a strong tungsten or shade
    /// cast; 0 (the default) is neutral light.
    #[arg(long, default_value_t = 0.0)]
    pub cast: f64,
    /// Also write each scene's board seen empty by the same camera
    /// (`scene-NNNNN.empty.jpg`), for `warden eval throws --empty-board`.
    #[arg(long)]
    pub empty_board: bool,
    /// Take each scene's calibration still (and the board look kept in its
    /// profile) under the scene's cast, as if the lamp was already on when
    /// the board was calibrated; by default it is taken under neutral light
    /// and the cast comes after.
    #[arg(long)]
    pub cast_at_calibration: bool,
}

#[derive(clap::Subcommand)]
pub enum Kind {
    /// Photos of six-sided dice on a table, as a YOLO folder of top-face labels.
    D6(super::synth_d6::Args),
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ArtArg {
    Plain,
    Painted,
    Ornate,
}

pub(crate) fn pair(text: &str, what: &str) -> Result<(f64, f64)> {
    let v: Vec<&str> = text.split(',').collect();
    let [a, b] = v[..] else {
        bail!("{what}: expected \"MIN,MAX\", got {text:?}")
    };
    let a: f64 = a
        .trim()
        .parse()
        .with_context(|| format!("{what}: {a:?} is not a number"))?;
    let b: f64 = b
        .trim()
        .parse()
        .with_context(|| format!("{what}: {b:?} is not a number"))?;
    if !(a <= b) {
        bail!("{what}: MIN must not exceed MAX ({text:?})");
    }
    Ok((a, b))
}

pub fn run(a: Args) -> Result<ExitCode> {
    if let Some(Kind::D6(d6)) = a.kind {
        return super::synth_d6::run(d6);
    }
    let Some(out) = a.out.clone() else {
        bail!("--out: the output folder is required")
    };
    let board = super::board::load_board(a.board.as_deref())?;
    // Profiles name a given board by its absolute path, so they read from
    // any folder; the shipped board by its name, which resolves to the
    // built-in geometry (`dice::board_for`).
    let board_file = a.board.as_deref().map_or(
        super::dice::SHIPPED_BOARD.to_string(),
        tw_app::paths::absolute,
    );
    let mut opts = Options::default();
    if let Some(e) = &a.elevation {
        let (lo, hi) = pair(e, "--elevation")?;
        if lo < 10.0 || hi > 90.0 {
            bail!("--elevation: degrees must lie within 10..90, got {e:?}");
        }
        opts.elevation_deg = (lo, hi);
    }
    if let Some(d) = &a.dice {
        let (lo, hi) = pair(d, "--dice")?;
        if lo < 0.0 || hi > 12.0 {
            bail!("--dice: between 0 and 12 dice per scene, got {d:?}");
        }
        opts.dice = (lo as usize, hi as usize);
    }
    if !(0.0..=0.6).contains(&a.cast) {
        bail!("--cast: a strength from 0 to 0.6, got {}", a.cast);
    }
    opts.cast = a.cast;
    opts.effects = !a.clean;
    opts.art = match a.art {
        ArtArg::Plain => tw_synth::scene::Art::Plain,
        ArtArg::Painted => tw_synth::scene::Art::Painted,
        ArtArg::Ornate => tw_synth::scene::Art::Ornate,
    };
    let t = std::time::Instant::now();
    let beside = Beside {
        empty_board: a.empty_board,
        cast_at_calibration: a.cast_at_calibration,
    };
    let truths = write_scenes_with(&board, &board_file, &out, a.seed, a.count, &opts, beside)?;
    let throws = write_throws(&board, &board_file, &out, a.seed, a.throws, &opts)?;
    let dice: usize = truths.iter().map(|t| t.dice.len()).sum();
    let border = truths
        .iter()
        .flat_map(|t| &t.dice)
        .filter(|d| d.border)
        .count();
    println!(
        "{}: {} scenes ({} dice, {} across a border), {} throw sequences, seed {}, {:.1} s",
        out.display(),
        truths.len(),
        dice,
        border,
        throws.len(),
        a.seed,
        t.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}
