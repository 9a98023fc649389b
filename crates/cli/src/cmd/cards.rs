//! `warden cards list | save | delete`: the card library, cards copied from
//! the table once and offered by name again (`crates/store/SCHEMA.md`).

use anyhow::Result;
use std::path::PathBuf;
use std::process::ExitCode;
use tw_store::Store;

use super::campaign::app_error;

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
    /// The kept cards of a game, one JSON line each.
    List {
        /// The game (engine name), e.g. dungeon-fighter.
        #[arg(long)]
        game: String,
        /// Only this kind (monster, dungeon, equipment, boss, …).
        #[arg(long)]
        kind: Option<String>,
    },
    /// Keep a card (JSON with its `name`), replacing one of that name.
    Save {
        #[arg(long)]
        game: String,
        #[arg(long)]
        kind: String,
        /// The card as JSON, e.g. '{"name": "Cave Troll", "life": 7}'.
        #[arg(long)]
        card: String,
    },
    /// Forget a card.
    Delete {
        #[arg(long)]
        game: String,
        #[arg(long)]
        kind: String,
        #[arg(long)]
        name: String,
    },
}

pub fn run(a: Args) -> Result<ExitCode> {
    let reading = matches!(a.action, Action::List { .. });
    super::campaign::with_store(a.db.as_deref(), reading, |store| act(store, a.action))
}

fn act(store: &mut Store, action: Action) -> Result<ExitCode> {
    match action {
        Action::List { game, kind } => {
            let cards = tw_app::cards::list(store, &game).map_err(app_error)?;
            for c in cards.iter().filter(|c| kind.as_deref().is_none_or(|k| k == c.kind)) {
                println!("{}", serde_json::json!({"kind": c.kind, "card": c.card}));
            }
        }
        Action::Save { game, kind, card } => {
            let card = serde_json::from_str(&card)
                .map_err(|e| super::campaign::NotStore(format!("--card: not JSON: {e}")))?;
            let name = tw_app::cards::save(store, &game, &kind, &card).map_err(app_error)?;
            println!("kept the {kind} card {name:?}");
        }
        Action::Delete { game, kind, name } => {
            tw_app::cards::delete(store, &game, &kind, &name).map_err(app_error)?;
            println!("forgot the {kind} card {name:?}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
