//! The Table Warden store: everything a player's evenings leave behind, in one
//! SQLite file that survives crashes.
//!
//! - [`db`]: opening safely (refuse damaged or newer files untouched), WAL +
//!   `synchronous=FULL`, migrations with a backup before each.
//! - [`paths`]: where the database and its backups live.
//! - [`log`]: the append-only event log, snapshots, undo as an entry, resume.
//! - [`game_session`]: a session driven through any engine and persisted as it goes.
//! - [`throws`]: the camera's finished throws kept with their game, and what became of each.
//! - [`cards`]: the card library, cards copied from the table once and offered by name again.
//! - [`campaign`]: profiles, campaigns and each game's campaign record.
//! - [`exchange`]: versioned JSON export and import of a campaign.
//! - [`crash`]: the kill-at-random durability harness and its writer.
//! - [`bench`]: append and resume timings.
//!
//! The schema is documented in `SCHEMA.md` beside this crate.
//!
//! How the app drives a game through the store (any `DynGame` engine works;
//! [`tally`] is the store's own tiny test engine):
//!
//! ```
//! use serde_json::json;
//! use tw_store::{tally, GameSession, Provenance, Source, Store};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("warden.sqlite3");
//! let game = tally::game();
//! let id = {
//!     let mut store = Store::open(&path).unwrap();
//!     let mut s = GameSession::start(&mut store, &game, &json!({"start": 0}), None, 64).unwrap();
//!     s.execute(&mut store, &tally::add(5, 0), Source::Camera, Provenance::default()).unwrap();
//!     // The player says the camera misread a 5 that was really a 3.
//!     s.correct(&mut store, &tally::add(3, 0), json!({"faces": [5]}), None).unwrap();
//!     s.id()
//! }; // the app closes, or crashes
//! let store = Store::open(&path).unwrap();
//! let s = GameSession::resume(&store, &game, id).unwrap();
//! assert_eq!(s.state()["total"], json!(3));
//! assert_eq!(store.entries(id, 0, 99).unwrap().len(), 3); // camera, undo, correction
//! ```

pub mod bench;
pub mod campaign;
pub mod cards;
pub mod crash;
pub mod db;
pub mod error;
pub mod exchange;
pub mod game_session;
pub mod log;
pub mod paths;
pub mod tally;
pub mod throws;

pub use campaign::{Campaign, CampaignRecord};
pub use cards::CardRecord;
pub use db::{Store, SCHEMA_VERSION};
pub use error::{Result, StoreError};
pub use game_session::GameSession;
pub use log::{LogEntry, Provenance, SessionInfo, Source};
pub use throws::{ThrowRecord, ThrowStatus};

/// Milliseconds since the Unix epoch: the store's one clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
