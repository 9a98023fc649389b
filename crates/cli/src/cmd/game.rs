//! `warden game …`: play a game that is saved as it goes.
//!
//! The same path the window takes: a command (typed, or made from a camera
//! reading by the session layer) goes to the engine, and what it accepts is
//! written to the store's event log before the answer is printed. Undo and
//! corrections are log entries too, so nothing is ever rewritten.

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tw_session::{correction::ReadingRecord, dungeon_fighter, observation::DieReading, registry};
use tw_store::{GameSession, Provenance, Source, Store};

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
}

/// Inline JSON, or the path of a file holding it.
fn json_arg(what: &str, text: &str) -> Result<Value> {
    let trimmed = text.trim_start();
    let (source, body) = if trimmed.starts_with('{') || trimmed.starts_with('[') {
        ("inline JSON".to_string(), text.to_string())
    } else {
        let p = Path::new(text);
        (
            p.display().to_string(),
            std::fs::read_to_string(p)
                .with_context(|| format!("cannot read {what} file {}", p.display()))?,
        )
    };
    serde_json::from_str(&body).with_context(|| format!("{what} ({source}) is not valid JSON"))
}

fn resume<'g>(
    store: &Store,
    id: i64,
    holder: &'g mut Option<Box<dyn tw_rules::DynGame>>,
) -> Result<GameSession<'g>> {
    let info = store.session(id)?;
    let game = registry::find(&info.game).with_context(|| {
        format!(
            "game {:?} of session {id} is unknown to this build",
            info.game
        )
    })?;
    *holder = Some(game);
    let holder: &'g Option<Box<dyn tw_rules::DynGame>> = holder;
    let game = holder.as_deref().expect("just set");
    Ok(GameSession::resume(store, game, id)?)
}

fn print(v: &Value) -> Result<ExitCode> {
    use std::io::Write;
    // A closed pipe (`| head`) is not an error worth a panic.
    let _ = writeln!(std::io::stdout(), "{}", serde_json::to_string_pretty(v)?);
    Ok(ExitCode::SUCCESS)
}

pub fn run(a: Args) -> Result<ExitCode> {
    let reading = matches!(a.action, Action::List | Action::Show { .. });
    super::campaign::with_store(a.db.as_deref(), reading, |store| act(store, a.action))
}

fn act(store: &mut Store, action: Action) -> Result<ExitCode> {
    let mut holder = None;
    match action {
        Action::New {
            game,
            setup,
            campaign,
        } => {
            let Some(engine) = registry::find(&game) else {
                bail!(
                    "unknown game {game:?}; known games: {}",
                    registry::names().join(", ")
                );
            };
            let setup = json_arg("setup", &setup)?;
            let campaign_id = match campaign {
                Some(name) => Some(store.campaign(&name)?.id),
                None => None,
            };
            let s = GameSession::start(
                store,
                engine.as_ref(),
                &setup,
                campaign_id,
                tw_store::log::DEFAULT_SNAPSHOT_EVERY,
            )?;
            print(&json!({"session": s.id(), "game": engine.name(), "state": s.state()}))
        }
        Action::List => {
            let list = store.sessions(None)?;
            if list.is_empty() {
                println!("no saved games in {}", store.path().display());
            }
            for s in list {
                println!("{:>5}  {:<16} {:>6} entries", s.id, s.game, s.last_seq);
            }
            Ok(ExitCode::SUCCESS)
        }
        Action::Show { id } => {
            let s = resume(store, id, &mut holder)?;
            let log = store.entries(id, 0, s.last_seq())?;
            print(&json!({"session": id, "state": s.state(), "log": log}))
        }
        Action::Do { id, command } => {
            let command = json_arg("command", &command)?;
            let mut s = resume(store, id, &mut holder)?;
            let out = s.execute(store, &command, Source::Manual, Provenance::default())?;
            print(&json!({"seq": s.last_seq(), "events": out.events, "state": out.state}))
        }
        Action::Observe { id, reading, image } => {
            let raw = json_arg("reading", &reading)?;
            let die: DieReading = serde_json::from_value(raw.clone())
                .context("the reading does not match the `warden read` die format")?;
            let mut s = resume(store, id, &mut holder)?;
            let game = store.session(id)?.game;
            if game != "dungeon-fighter" {
                bail!("camera observations are mapped for dungeon-fighter games only; this is {game} (use `warden game do`)");
            }
            let record = ReadingRecord::camera(die.clone());
            match dungeon_fighter::throw_from_reading(&die) {
                Ok(cmd) => {
                    let command = serde_json::to_value(cmd)?;
                    let prov = Provenance {
                        original_reading: Some(serde_json::to_value(&record)?),
                        image_path: image,
                    };
                    let out = s.execute(store, &command, Source::Camera, prov)?;
                    print(
                        &json!({"seq": s.last_seq(), "command": command, "events": out.events, "state": out.state}),
                    )
                }
                Err(ask) => {
                    // Nothing is written: the player answers, then `warden game do`.
                    print(&json!({"ask_player": ask.to_string(), "reading": raw}))?;
                    Ok(ExitCode::from(3))
                }
            }
        }
        Action::Correct {
            id,
            command,
            original,
        } => {
            let command = json_arg("command", &command)?;
            let mut s = resume(store, id, &mut holder)?;
            let original = match original {
                Some(o) => json_arg("original reading", &o)?,
                None => {
                    let last = s.undo_target().context("there is no action to correct")?;
                    let entry = store
                        .entries(id, last - 1, last)?
                        .pop()
                        .context("the last action is missing from the log")?;
                    entry
                        .original_reading
                        .or(entry.command)
                        .context("the last action has no reading to keep")?
                }
            };
            let out = s.correct(store, &command, original, None)?;
            print(&json!({"seq": s.last_seq(), "events": out.events, "state": out.state}))
        }
        Action::Undo { id } => {
            let mut s = resume(store, id, &mut holder)?;
            let reverted = s.undo(store)?;
            print(&json!({"reverted": reverted, "seq": s.last_seq(), "state": s.state()}))
        }
    }
}
