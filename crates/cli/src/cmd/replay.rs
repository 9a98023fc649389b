//! `warden replay GAME --script FILE`: see `docs/replay.md`.

use anyhow::{bail, Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_session::{registry, replay};

#[derive(clap::Args)]
pub struct Args {
    /// Game name (dungeon-fighter, silver-mine or itdd, green-dungeon, dungeon-roll or dr).
    pub game: String,
    /// JSON file: {"setup": …, "commands": […]}.
    #[arg(long)]
    pub script: PathBuf,
    /// Record refused commands and go on instead of stopping at the first.
    #[arg(long)]
    pub keep_going: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let Some(game) = registry::find(&a.game) else {
        bail!("unknown game {:?}; known games: {}", a.game, registry::names().join(", "));
    };
    let text = std::fs::read_to_string(&a.script).with_context(|| format!("cannot read script {}", a.script.display()))?;
    let script: replay::Script =
        serde_json::from_str(&text).with_context(|| format!("script {} is not a valid replay script", a.script.display()))?;
    let out = replay::run(game.as_ref(), &script, a.keep_going).with_context(|| format!("replaying {}", a.script.display()))?;
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(ExitCode::SUCCESS)
}
