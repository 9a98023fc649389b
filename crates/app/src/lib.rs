//! The application core: everything the window and the `warden` CLI do,
//! so each of them is argument parsing plus one call.
//!
//! - Frames to throws: [`pipeline`] (one frame at a time: the reader the
//!   calibration calls for, [`early_read`] and [`watcher`] for "throw
//!   finished", [`board_watch`] for drift), [`reader`] (pips or target),
//!   [`reading`] (the one die reading), [`snapshot`] (the throw's thumbnail).
//! - Throws to the game: [`inbox`] keeps every finished throw with the game
//!   being played and applies it, holds it until a pending choice is made,
//!   asks, or says why it does not count.
//! - Games: [`game`] (new/do/observe/correct/undo/resume over the store, the
//!   engine's view and offers, campaigns), [`entry_fix`] (the one-click
//!   corrections of a throw from its log entry), [`cards`] (the card library: a
//!   card typed once is kept and completes the next one of that name),
//!   [`snapshot_file`] (which logged image paths may be read); [`setup_options`]
//!   (what each engine's new-game form offers); [`error`] (the
//!   games' and the card library's typed error: a rule's refusal, the
//!   caller's input, the store's failure).
//! - Campaigns and saved games in the window: [`campaigns`] (create,
//!   import, rename, export to a file, the saved-games list and the last
//!   game), [`phase`] (a game's phase in words and its name on the box),
//!   [`campaign_feed`] (what a game takes from its campaign's record and
//!   leaves in it: Pocket Dungeon Quest's heroes, Dungeon Fighter's titles,
//!   the score books).
//! - Sources: [`sources`] (a source by name, with the calibration it brings).
//! - Calibration: [`calibrate`] (the Calibration screen's work on a still:
//!   markers or four corners, the fitted board, dice enrolment);
//!   [`enrol_d6`] (a game's six-sided dice enrolled from boxes clicked on
//!   stills or labelled photos, saved where the game's reader loads them).
//! - Where things live: [`paths`] (data folder, active calibration, shipped
//!   die sets and boards, from any working directory); [`demo_combat`] (the
//!   generated Dungeon Fighter clip).

pub mod board_watch;
pub mod calibrate;
pub mod campaign_feed;
pub mod campaigns;
pub mod cards;
pub mod demo_combat;
pub mod early_read;
pub mod enrol_d6;
pub mod entry_fix;
pub mod error;
pub mod game;
pub mod inbox;
pub mod paths;
pub mod phase;
pub mod pipeline;
pub mod reader;
pub mod reading;
pub mod setup_options;
pub mod snapshot;
pub mod snapshot_file;
pub mod sources;
pub mod watcher;

pub use error::AppError;
pub use game::{GameState, GameView};
pub use pipeline::{Pipeline, PipelineEvent};
pub use watcher::ThrowReading;

/// A store in a fresh temporary folder, for the unit tests (the folder
/// lives as long as the returned guard).
#[cfg(test)]
pub(crate) mod test_store {
    pub fn temp() -> (tempfile::TempDir, tw_store::Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = tw_store::Store::open(dir.path().join("warden.sqlite3")).unwrap();
        (dir, store)
    }
}
