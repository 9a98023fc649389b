//! The Table Warden store: everything a player's evenings leave behind, in one
//! SQLite file that survives crashes.
//!
//! - [`db`]: opening safely (refuse damaged or newer files untouched), WAL +
//!   `synchronous=FULL`, migrations with a backup before each.
//! - [`paths`]: where the database and its backups live.
//! - [`log`]: the append-only event log, snapshots, undo as an entry, resume.
//! - [`game_session`]: a session driven through any engine and persisted as it goes.
//! - [`campaign`]: profiles, campaigns and each game's campaign record.
//! - [`exchange`]: versioned JSON export and import of a campaign.
//! - [`crash`]: the kill-at-random durability harness and its writer.
//! - [`bench`]: append and resume timings.
//!
//! The schema is documented in `SCHEMA.md` beside this crate.

pub mod bench;
pub mod campaign;
pub mod crash;
pub mod db;
pub mod error;
pub mod exchange;
pub mod game_session;
pub mod log;
pub mod paths;
pub mod tally;

pub use campaign::{Campaign, CampaignRecord};
pub use db::{Store, SCHEMA_VERSION};
pub use error::{Result, StoreError};
pub use game_session::GameSession;
pub use log::{LogEntry, Provenance, SessionInfo, Source};

/// Milliseconds since the Unix epoch: the store's one clock.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
