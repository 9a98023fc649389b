//! `warden game …`: play a game that is saved as it goes.
//!
//! Argument parsing plus one call into the application core
//! (`tw_app::game`), the same call the window makes; every answer is the
//! game's view (state, what the engine derives, the commands open now, the
//! log and the camera's throws). Undo and corrections are log entries too,
//! so nothing is ever rewritten.

use anyhow::{Error, Result};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_app::game::{self, GameView};
use tw_store::Store;

use super::campaign::{app_error as core, NotStore};

#[derive(clap::Args)]
pub struct Args {
    /// Database file (default: TABLE_WARDEN_DB, else the OS data folder).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// Start a game: GAME and its setup (a JSON file or inline JSON).
    New {
        game: String,
        #[arg(long)]
        setup: String,
        /// Attach the game to this campaign.
        #[arg(long)]
        campaign: Option<String>,
    },
    /// List saved games, newest first.
    List,
    /// Print a game's state and its log.
    Show { id: i64 },
    /// Run one command (a JSON file or inline JSON) typed by the player.
    Do { id: i64, command: String },
    /// Turn a camera reading of a die at rest (the `warden read` JSON of one
    /// die) into the game's command and run it. Dungeon Fighter only for now.
    Observe {
        id: i64,
        reading: String,
        /// Snapshot image of the table kept with the entry.
        #[arg(long)]
        image: Option<String>,
    },
    /// Replace the last action with the player's command, keeping the
    /// camera's reading beside it.
    Correct {
        id: i64,
        command: String,
        /// The reading being corrected (default: the last entry's reading).
        #[arg(long)]
        original: Option<String>,
    },
    /// Undo the last action (logged as an undo entry).
    Undo { id: i64 },
    /// Print what GAME's setup accepts, as the window's new-game form offers
    /// it (heroes, player counts, difficulties, modes), as JSON from the
    /// engine. Opens no database.
    Options { game: String },
}

/// Inline JSON, or the path of a file holding it. Text that is neither
/// (`'not json'`) is said to be neither, with serde's position, rather
/// than reported as a missing file. Errors here are the player's input,
/// never the database's ([`NotStore`]).
fn json_arg(what: &str, text: &str) -> Result<Value> {
    let trimmed = text.trim_start();
    let inline = trimmed.starts_with('{') || trimmed.starts_with('[');
    let p = Path::new(text);
    let (source, body) = if inline {
        ("inline JSON".to_string(), text.to_string())
    } else if p.exists() {
        let body = std::fs::read_to_string(p)
            .map_err(|e| NotStore(format!("cannot read {what} file {}: {e}", p.display())))?;
        (p.display().to_string(), body)
    } else {
        return serde_json::from_str(text).map_err(|e| {
            Error::new(NotStore(format!(
                "{what} {text:?} is neither valid JSON ({e}) nor an existing file"
            )))
        });
    };
    serde_json::from_str(&body).map_err(|e| {
        Error::new(NotStore(format!(
            "{what} ({source}) is not valid JSON: {e}"
        )))
    })
}

fn print(v: &Value) -> Result<ExitCode> {
    use std::io::Write;
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(v)?);
    Ok(ExitCode::SUCCESS)
}

pub fn run(a: Args) -> Result<ExitCode> {
    if let Action::Options { game } = &a.action {
        return print(&tw_app::setup_options::setup_options(game).map_err(core)?);
    }
    let reading = matches!(a.action, Action::List | Action::Show { .. });
    super::campaign::with_store(a.db.as_deref(), reading, |store| act(store, a.action))
}

fn act(store: &mut Store, action: Action) -> Result<ExitCode> {
    let view = |v: &GameView| serde_json::to_value(v).map_err(anyhow::Error::from);
    match action {
        Action::New { game, setup, campaign } => {
            let setup = json_arg("setup", &setup)?;
            print(&view(
                &game::new_game(store, &game, &setup, campaign.as_deref()).map_err(core)?,
            )?)
        }
        Action::List => {
            let list = game::list_sessions(store, None).map_err(Error::msg)?;
            if list.is_empty() {
                println!("no saved games in {}", store.path().display());
            }
            for s in list {
                println!("{:>5}  {:<16} {:>6} entries", s.id, s.game, s.entries);
            }
            Ok(ExitCode::SUCCESS)
        }
        Action::Show { id } => print(&view(&game::show(store, id).map_err(core)?)?),
        Action::Do { id, command } => {
            let command = json_arg("command", &command)?;
            let v = game::run_command_with_reading(store, id, &command, "manual", None)
                .map_err(core)?;
            print(&view(&v)?)
        }
        Action::Observe { id, reading, image } => {
            let raw = json_arg("reading", &reading)?;
            let v = game::observe_with_image(store, id, &raw, image).map_err(core)?;
            print(&view(&v)?)?;
            // Nothing was written: the player answers, then `warden game do`.
            Ok(if v.ask_player.is_some() { ExitCode::from(3) } else { ExitCode::SUCCESS })
        }
        Action::Correct { id, command, original } => {
            let command = json_arg("command", &command)?;
            let original = original
                .map(|o| json_arg("original reading", &o))
                .transpose()?;
            print(&view(
                &game::correct_keeping(store, id, &command, original).map_err(core)?,
            )?)
        }
        Action::Undo { id } => {
            let reverted = game::show(store, id).map_err(core)?.undo_target;
            let mut v = view(&game::undo(store, id).map_err(core)?)?;
            v["reverted"] = json!(reverted);
            print(&v)
        }
        Action::Options { .. } => unreachable!("answered in run without a store"),
    }
}
