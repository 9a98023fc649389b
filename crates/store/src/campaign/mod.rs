//! Player profiles and campaigns, several side by side.
//!
//! A campaign belongs to one game, has its players (profiles) and one
//! [`CampaignRecord`]; its game sessions link to it. Profiles are shared
//! across campaigns so a player's history can be followed.

pub mod records;

use crate::db::Store;
use crate::error::{Result, StoreError};
pub use records::{canonical_game, CampaignRecord, CAMPAIGN_GAMES};
use rusqlite::{params, OptionalExtension, Transaction};

/// Longest campaign or player name, in characters: a name is shown on one
/// line of a list; a 10 MB name was imported without complaint.
pub const MAX_NAME_CHARS: usize = 200;

/// `name` checked as a campaign or player name: not blank, at most
/// [`MAX_NAME_CHARS`] characters.
fn check_name(field: &str, name: &str) -> Result<()> {
    if name.trim().is_empty() {
        return Err(StoreError::invalid(field, "must not be empty"));
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(StoreError::invalid(
            field,
            format!("is {n} characters long; names are at most {MAX_NAME_CHARS}"),
        ));
    }
    Ok(())
}

/// A campaign as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub notes: String,
    /// Profile names, in seating order.
    pub players: Vec<String>,
    pub record: CampaignRecord,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// A campaign's contents without its identity: what a caller creates.
#[derive(Debug, Clone, PartialEq)]
pub struct NewCampaign {
    pub name: String,
    pub game: String,
    pub notes: String,
    pub players: Vec<String>,
    pub record: CampaignRecord,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

impl NewCampaign {
    /// A fresh campaign of `game` with an empty record.
    pub fn fresh(name: &str, game: &str, players: &[String]) -> Result<Self> {
        let record = CampaignRecord::new_for(game)?;
        let now = crate::now_ms();
        Ok(NewCampaign {
            name: name.to_string(),
            game: record.game().to_string(),
            notes: String::new(),
            players: players.to_vec(),
            record,
            created_at_ms: now,
            updated_at_ms: now,
        })
    }

    /// Every check a campaign must pass before it is written; `field` prefixes error paths.
    pub fn validate(&self, field: &str) -> Result<()> {
        let at = |f: &str| {
            if field.is_empty() {
                f.to_string()
            } else {
                format!("{field}.{f}")
            }
        };
        check_name(&at("name"), &self.name)?;
        let game = canonical_game(&self.game)
            .ok_or_else(|| records::unknown_game(&at("game"), &self.game))?;
        if game != self.record.game() {
            return Err(StoreError::invalid(
                at("record"),
                format!("is a {} record, not {game}", self.record.game()),
            ));
        }
        let mut seen = std::collections::HashSet::new();
        for (i, p) in self.players.iter().enumerate() {
            check_name(&at(&format!("players[{i}]")), p)?;
            if !seen.insert(p.trim().to_lowercase()) {
                return Err(StoreError::invalid(
                    at(&format!("players[{i}]")),
                    format!("{p:?} is listed twice"),
                ));
            }
        }
        self.record.validate(&at("record"), &self.players)
    }
}

/// One line of `campaign list`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CampaignSummary {
    pub id: i64,
    pub name: String,
    pub game: String,
    pub players: Vec<String>,
    pub sessions: i64,
    pub updated_at_ms: i64,
}

impl Store {
    /// Add a player profile (or return the existing one's id).
    pub fn ensure_profile(&mut self, name: &str) -> Result<i64> {
        let tx = self.write_transaction()?;
        let id = ensure_profile(&tx, name)?;
        tx.commit()?;
        Ok(id)
    }

    /// All profile names, alphabetically.
    pub fn profiles(&self) -> Result<Vec<String>> {
        Ok(self
            .conn
            .prepare("SELECT name FROM profiles ORDER BY name")?
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// Create a campaign (its players become profiles if new); returns its id.
    pub fn create_campaign(&mut self, c: &NewCampaign) -> Result<i64> {
        c.validate("")?;
        let tx = self.write_transaction()?;
        let id = insert_campaign(&tx, c)?;
        tx.commit()?;
        Ok(id)
    }

    /// Campaigns, by name.
    pub fn campaigns(&self) -> Result<Vec<CampaignSummary>> {
        let rows: Vec<(i64, String, String, i64, i64)> = self
            .conn
            .prepare(
                "SELECT c.id, c.name, c.game, c.updated_at_ms, (SELECT count(*) FROM sessions s WHERE s.campaign_id = c.id)
                 FROM campaigns c ORDER BY c.name",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(id, name, game, updated_at_ms, sessions)| {
                Ok(CampaignSummary {
                    id,
                    players: self.players_of(id)?,
                    name,
                    game,
                    sessions,
                    updated_at_ms,
                })
            })
            .collect()
    }

    fn players_of(&self, campaign: i64) -> Result<Vec<String>> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT p.name FROM campaign_players cp JOIN profiles p ON p.id = cp.profile_id
                 WHERE cp.campaign_id = ?1 ORDER BY cp.position",
            )?
            .query_map([campaign], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?)
    }

    /// The campaign called `name` (case-insensitive).
    pub fn campaign(&self, name: &str) -> Result<Campaign> {
        let id: i64 = self
            .conn
            .query_row(
                "SELECT id FROM campaigns WHERE name = ?1",
                [name.trim()],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| StoreError::UnknownCampaign(name.to_string()))?;
        self.campaign_by_id(id)
    }

    pub fn campaign_by_id(&self, id: i64) -> Result<Campaign> {
        let (name, game, notes, record, created_at_ms, updated_at_ms): (String, String, String, String, i64, i64) = self
            .conn
            .query_row(
                "SELECT name, game, notes, record, created_at_ms, updated_at_ms FROM campaigns WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)),
            )
            .optional()?
            .ok_or_else(|| StoreError::UnknownCampaign(format!("#{id}")))?;
        let value: serde_json::Value = serde_json::from_str(&record)
            .map_err(|e| StoreError::invalid(format!("campaign {name:?} record"), e.to_string()))?;
        let record = CampaignRecord::from_json(&game, &value, "record")?;
        Ok(Campaign {
            id,
            players: self.players_of(id)?,
            name,
            game,
            notes,
            record,
            created_at_ms,
            updated_at_ms,
        })
    }

    /// Rename the campaign called `name` (case-insensitive) to `new_name`;
    /// returns its id. Its games, players and record stay with it. A name
    /// another campaign already has is refused; changing only the case of
    /// the campaign's own name is allowed.
    pub fn rename_campaign(&mut self, name: &str, new_name: &str) -> Result<i64> {
        let new_name = new_name.trim();
        check_name("new_name", new_name)?;
        let id = self.campaign(name)?.id;
        let tx = self.write_transaction()?;
        // Names are UNIQUE NOCASE, so this finds a clash whatever its case.
        let holder: Option<i64> = tx
            .query_row("SELECT id FROM campaigns WHERE name = ?1", [new_name], |r| r.get(0))
            .optional()?;
        if holder.is_some_and(|other| other != id) {
            return Err(StoreError::CampaignExists(new_name.to_string()));
        }
        tx.execute(
            "UPDATE campaigns SET name = ?2, updated_at_ms = ?3 WHERE id = ?1",
            params![id, new_name, crate::now_ms()],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Replace a campaign's record after validating it against the campaign.
    pub fn save_record(&mut self, campaign_id: i64, record: &CampaignRecord) -> Result<()> {
        let c = self.campaign_by_id(campaign_id)?;
        if record.game() != c.game {
            return Err(StoreError::invalid(
                "record",
                format!("is a {} record, not {}", record.game(), c.game),
            ));
        }
        record.validate("record", &c.players)?;
        let tx = self.write_transaction()?;
        tx.execute(
            "UPDATE campaigns SET record = ?2, updated_at_ms = ?3 WHERE id = ?1",
            params![campaign_id, record.to_json().to_string(), crate::now_ms()],
        )?;
        tx.commit()?;
        Ok(())
    }
}

pub(crate) fn ensure_profile(tx: &Transaction<'_>, name: &str) -> Result<i64> {
    let name = name.trim();
    if name.is_empty() {
        return Err(StoreError::invalid("profile", "a profile needs a name"));
    }
    if let Some(id) = tx
        .query_row("SELECT id FROM profiles WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .optional()?
    {
        return Ok(id);
    }
    tx.execute(
        "INSERT INTO profiles (name, created_at_ms) VALUES (?1, ?2)",
        params![name, crate::now_ms()],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Insert a validated campaign inside the caller's transaction.
pub(crate) fn insert_campaign(tx: &Transaction<'_>, c: &NewCampaign) -> Result<i64> {
    let name = c.name.trim();
    let exists: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM campaigns WHERE name = ?1)",
        [name],
        |r| r.get(0),
    )?;
    if exists {
        return Err(StoreError::CampaignExists(name.to_string()));
    }
    tx.execute(
        "INSERT INTO campaigns (name, game, notes, record, created_at_ms, updated_at_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![name, c.record.game(), c.notes, c.record.to_json().to_string(), c.created_at_ms, c.updated_at_ms],
    )?;
    let id = tx.last_insert_rowid();
    for (pos, p) in c.players.iter().enumerate() {
        let pid = ensure_profile(tx, p)?;
        tx.execute(
            "INSERT INTO campaign_players (campaign_id, profile_id, position) VALUES (?1, ?2, ?3)",
            params![id, pid, pos as i64],
        )?;
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("warden.sqlite3")).unwrap();
        (dir, store)
    }

    #[test]
    fn a_campaign_is_renamed_with_its_games_and_record() {
        let (_dir, mut store) = store();
        let players = vec!["Ann".to_string()];
        let id = store
            .create_campaign(&NewCampaign::fresh("Tuesday", "itdd", &players).unwrap())
            .unwrap();
        let other = store
            .create_campaign(&NewCampaign::fresh("Friday", "dungeon-fighter", &[]).unwrap())
            .unwrap();
        let session = store
            .create_session("silver-mine", Some(id), &serde_json::json!({}), &serde_json::json!({}), 64)
            .unwrap();
        let before = store.campaign("Tuesday").unwrap();

        assert_eq!(store.rename_campaign("tuesday", "  Crypt nights ").unwrap(), id);
        let after = store.campaign("Crypt nights").unwrap();
        assert_eq!((after.id, &after.players, &after.record), (id, &before.players, &before.record));
        assert!(after.updated_at_ms >= before.updated_at_ms);
        assert_eq!(store.session(session).unwrap().campaign_id, Some(id));
        assert!(matches!(store.campaign("Tuesday"), Err(StoreError::UnknownCampaign(_))));

        // Only the case of its own name changes: allowed.
        store.rename_campaign("Crypt nights", "CRYPT NIGHTS").unwrap();
        assert_eq!(store.campaign_by_id(id).unwrap().name, "CRYPT NIGHTS");

        // Another campaign's name, an empty name, an unknown campaign: refused, nothing changes.
        let e = store.rename_campaign("crypt nights", "friday").unwrap_err();
        assert!(matches!(e, StoreError::CampaignExists(ref n) if n == "friday"), "{e}");
        let e = store.rename_campaign("crypt nights", "   ").unwrap_err();
        assert!(matches!(e, StoreError::Invalid { ref field, .. } if field == "new_name"), "{e}");
        let e = store.rename_campaign("Nobody", "Else").unwrap_err();
        assert!(matches!(e, StoreError::UnknownCampaign(_)), "{e}");
        assert_eq!(store.campaign_by_id(id).unwrap().name, "CRYPT NIGHTS");
        assert_eq!(store.campaign_by_id(other).unwrap().name, "Friday");
    }

    /// Bad-input sweep, 2026-11-27: a 10 MB campaign name was imported.
    #[test]
    fn names_longer_than_the_limit_are_refused_naming_the_field() {
        let (_dir, mut store) = store();
        let long = "n".repeat(MAX_NAME_CHARS + 1);
        let ok = "é".repeat(MAX_NAME_CHARS);
        let e = NewCampaign::fresh(&long, "itdd", &[])
            .unwrap()
            .validate("campaign")
            .unwrap_err();
        assert!(
            matches!(e, StoreError::Invalid { ref field, .. } if field == "campaign.name"),
            "{e}"
        );
        let e = NewCampaign::fresh("Tuesday", "itdd", &[long.clone()])
            .unwrap()
            .validate("")
            .unwrap_err();
        assert!(
            matches!(e, StoreError::Invalid { ref field, .. } if field == "players[0]"),
            "{e}"
        );
        let id = store
            .create_campaign(&NewCampaign::fresh(&ok, "itdd", &[]).unwrap())
            .unwrap();
        let e = store.rename_campaign(&ok, &long).unwrap_err();
        assert!(
            matches!(e, StoreError::Invalid { ref field, .. } if field == "new_name"),
            "{e}"
        );
        assert_eq!(store.campaign_by_id(id).unwrap().name, ok);
    }
}
