//! `warden eval throws --scenes DIR`: the target reader against scenes with
//! ground truth (`warden synth`'s, or another generator's with the fields
//! listed in `models/dice-sets/README.md`). Prints % correct throw score
//! (section value or miss), icon/blank, both, border cases, a confusion table
//! and ms per scene.

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Folder of scenes: written by `warden synth`, or another generator's
    /// (format: models/dice-sets/README.md, "Scenes for `warden eval throws`").
    #[arg(long)]
    pub scenes: PathBuf,
    /// Die set name or path (default: dungeon-fighter).
    #[arg(long)]
    pub dice_set: Option<String>,
    /// Board geometry (default: the shipped one).
    #[arg(long)]
    pub board: Option<PathBuf>,
    /// List every die read wrong.
    #[arg(long)]
    pub verbose: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let board = super::board::load_board(a.board.as_deref())?;
    let set = super::dice::load_set(a.dice_set.as_deref())?;
    let r = tw_target::eval::evaluate(&a.scenes, &board, &set)
        .with_context(|| format!("evaluating {}", a.scenes.display()))?;
    if a.verbose {
        for f in r.failures.iter().chain(&r.extras) {
            println!("{f}");
        }
    }
    tw_target::eval::print_report(&r, &a.scenes);
    Ok(ExitCode::SUCCESS)
}
