//! `warden campaign list | show | new | export | import`: the campaigns kept
//! in the store (see `crates/store/SCHEMA.md` for the export format).

use anyhow::{Context, Result};
use std::path::PathBuf;
use std::process::ExitCode;
use tw_store::campaign::NewCampaign;
use tw_store::{paths, Store};

#[derive(clap::Args)]
pub struct Args {
    /// The database file (default: $TABLE_WARDEN_DB, else the OS data directory).
    #[arg(long, global = true)]
    pub db: Option<PathBuf>,
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand)]
pub enum Action {
    /// List campaigns with their game, players and number of sessions.
    List,
    /// Show one campaign: players, record and sessions, as JSON.
    Show { name: String },
    /// Start a campaign with an empty record.
    New {
        name: String,
        /// silver-mine (itdd), pocket-dungeon-quest, dungeon-fighter, dungeon-roll, green-dungeon.
        #[arg(long)]
        game: String,
        /// A player profile (repeat for several).
        #[arg(long = "player")]
        players: Vec<String>,
    },
    /// Write a campaign with all its sessions as versioned JSON.
    Export {
        name: String,
        /// Output file (default: standard output).
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// Give a campaign another name; its games, players and record stay with it.
    Rename { name: String, new_name: String },
    /// Read an exported campaign; nothing is written unless all of it is valid.
    Import {
        file: PathBuf,
        /// Import under another name (e.g. beside the original).
        #[arg(long = "as")]
        rename: Option<String>,
    },
}

/// An error about what the player gave (text that is not JSON, a move a
/// rule forbids), not about the database: [`with_store`] does not put the
/// database's path before it.
#[derive(Debug)]
pub struct NotStore(pub String);

impl std::fmt::Display for NotStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotStore {}

/// An error of the application core, by its kind: a rule's refusal of a
/// command reads as an illegal move, a refused setup and the player's input
/// as what they are; none of them is the database's fault ([`NotStore`]).
/// A store error stays one, so [`with_store`] names the database unless it
/// is a field of the input.
pub fn app_error(e: tw_app::AppError) -> anyhow::Error {
    use tw_app::AppError;
    match e {
        AppError::Refused(r) => NotStore(format!("illegal move: {r}")).into(),
        AppError::Input(m) => NotStore(m).into(),
        e @ AppError::Setup {
            source: tw_store::StoreError::Refused(_),
            ..
        } => NotStore(e.to_string()).into(),
        AppError::Store(s) => s.into(),
        // A setup the store failed to keep, and the core's other errors.
        e => anyhow::Error::msg(e.to_string()),
    }
}

/// Runs `body` on the store. An error gets the database's path before it
/// (a full disk or a locked file otherwise shows as a bare SQLite message)
/// unless it names it already or comes from the input ([`NotStore`], a
/// field of a file refused). Commands that only read open it read-only when it may not be written.
pub fn with_store<T>(
    db: Option<&std::path::Path>,
    reading: bool,
    body: impl FnOnce(&mut Store) -> Result<T>,
) -> Result<T> {
    let path = paths::resolve_db_path(db)?;
    let result = if reading {
        Store::open_for_reading(&path)
    } else {
        Store::open(&path)
    }
    .map_err(anyhow::Error::from)
    .and_then(|mut store| body(&mut store));
    result.map_err(|e| {
        let named = format!("{e:#}").contains(&path.display().to_string());
        // A field of a file refused (an import) is the file's fault, not
        // the database's.
        let input = e.chain().any(|c| {
            c.is::<NotStore>()
                || matches!(
                    c.downcast_ref::<tw_store::StoreError>(),
                    Some(tw_store::StoreError::Invalid { .. })
                )
        });
        if named || input {
            e
        } else {
            e.context(format!("database {}", path.display()))
        }
    })
}

pub fn run(a: Args) -> Result<ExitCode> {
    let reading = matches!(
        a.action,
        Action::List | Action::Show { .. } | Action::Export { .. }
    );
    with_store(a.db.as_deref(), reading, |store| act(store, a.action))
}

fn act(store: &mut Store, action: Action) -> Result<ExitCode> {
    match action {
        Action::List => {
            let list = store.campaigns()?;
            if list.is_empty() {
                println!("no campaigns in {}", store.path().display());
            }
            for c in list {
                println!(
                    "{:<28} {:<22} {:>3} session(s)  players: {}",
                    c.name,
                    c.game,
                    c.sessions,
                    c.players.join(", ")
                );
            }
        }
        Action::Show { name } => {
            let c = store.campaign(&name)?;
            let sessions: Vec<_> = store
                .sessions(Some(c.id))?
                .into_iter()
                .map(|s| serde_json::json!({"id": s.id, "game": s.game, "entries": s.last_seq, "created_at_ms": s.created_at_ms}))
                .collect();
            let doc = serde_json::json!({
                "name": c.name, "game": c.game, "notes": c.notes, "players": c.players,
                "created_at_ms": c.created_at_ms, "updated_at_ms": c.updated_at_ms,
                "record": c.record.to_json(), "sessions": sessions,
            });
            println!("{}", serde_json::to_string_pretty(&doc)?);
        }
        Action::New {
            name,
            game,
            players,
        } => {
            let id = store.create_campaign(&NewCampaign::fresh(&name, &game, &players)?)?;
            println!(
                "created campaign {name:?} (#{id}) in {}",
                store.path().display()
            );
        }
        Action::Export { name, out } => {
            let doc = serde_json::to_string_pretty(&store.export_campaign(&name)?)?;
            match out {
                Some(p) => {
                    std::fs::write(&p, doc + "\n")
                        .with_context(|| format!("cannot write {}", p.display()))?;
                    eprintln!("exported {name:?} to {}", p.display());
                }
                None => println!("{doc}"),
            }
        }
        Action::Rename { name, new_name } => {
            let v = tw_app::campaigns::rename_campaign(store, &name, &new_name).map_err(anyhow::Error::msg)?;
            println!("campaign {name:?} is now {:?} ({} games)", v.name, v.sessions.len());
        }
        Action::Import { file, rename } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let id = store
                .import_campaign(&text, rename.as_deref(), &tw_session::registry::find)
                .with_context(|| {
                    format!("{} was not imported; nothing was changed", file.display())
                })?;
            let c = store.campaign_by_id(id)?;
            println!(
                "imported campaign {:?} ({}) from {}",
                c.name,
                c.game,
                file.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
