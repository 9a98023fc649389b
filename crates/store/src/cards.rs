//! The card library: cards the player copied from the table once, kept by
//! game, kind and name so the next game offers them by name. A card is the
//! JSON object the engine takes (its `name` field included); saving a card
//! under a name already kept replaces it.

use crate::{Result, Store, StoreError};
use rusqlite::params;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Longest game or kind label, and longest card name, the library keeps.
const MAX_LABEL: usize = 64;
const MAX_NAME: usize = 200;
/// Largest card (its JSON text) the library keeps: a card is a handful of
/// fields, so anything larger is a mistake, not a card.
const MAX_CARD_BYTES: usize = 16 * 1024;

/// One kept card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardRecord {
    pub game: String,
    pub kind: String,
    pub name: String,
    pub card: Value,
    pub updated_ms: i64,
}

impl Store {
    /// Keeps `card` (an object with a non-empty `name`) as a `kind` card of
    /// `game`, replacing a card of that name; returns the name kept.
    pub fn save_card(&mut self, game: &str, kind: &str, card: &Value) -> Result<String> {
        let name = check_card(game, kind, card)?;
        let text = serde_json::to_string(card).expect("JSON values always serialise");
        let tx = self.write_transaction()?;
        tx.execute(
            "INSERT INTO cards (game, kind, name, card, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (game, kind, name) DO UPDATE SET card = excluded.card, updated_ms = excluded.updated_ms",
            params![game, kind, name, text, crate::now_ms()],
        )?;
        tx.commit()?;
        Ok(name)
    }

    /// The cards of `game`, of one `kind` or all, by kind then name.
    pub fn cards(&self, game: &str, kind: Option<&str>) -> Result<Vec<CardRecord>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT game, kind, name, card, updated_ms FROM cards
             WHERE game = ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY kind, name COLLATE NOCASE",
        )?;
        let rows = stmt
            .query_map(params![game, kind], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get::<_, String>(2)?, r.get::<_, String>(3)?, r.get::<_, i64>(4)?))
            })?
            .collect::<std::result::Result<Vec<_>, _>>()?;
        rows.into_iter()
            .map(|(game, kind, name, text, updated_ms)| {
                let card = serde_json::from_str(&text)
                    .map_err(|e| StoreError::invalid(format!("cards[{game}/{kind}/{name}].card"), e.to_string()))?;
                Ok(CardRecord { game, kind, name, card, updated_ms })
            })
            .collect()
    }

    /// The `kind` card of `game` named `name` (names match case-insensitively).
    pub fn card(&self, game: &str, kind: &str, name: &str) -> Result<Option<CardRecord>> {
        Ok(self
            .cards(game, Some(kind))?
            .into_iter()
            .find(|c| c.name.eq_ignore_ascii_case(name.trim())))
    }

    /// Forgets a card; says whether there was one.
    pub fn delete_card(&mut self, game: &str, kind: &str, name: &str) -> Result<bool> {
        let tx = self.write_transaction()?;
        let n = tx.execute(
            "DELETE FROM cards WHERE game = ?1 AND kind = ?2 AND name = ?3",
            params![game, kind, name],
        )?;
        tx.commit()?;
        Ok(n > 0)
    }
}

/// The card's name, once game, kind and card are fit to keep.
pub(crate) fn check_card(game: &str, kind: &str, card: &Value) -> Result<String> {
    for (field, v) in [("game", game), ("kind", kind)] {
        if v.is_empty() || v.len() > MAX_LABEL {
            return Err(StoreError::invalid(field, format!("must be 1 to {MAX_LABEL} characters")));
        }
    }
    let obj = card
        .as_object()
        .ok_or_else(|| StoreError::invalid("card", "must be an object with the card's fields"))?;
    let name = obj
        .get("name")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| StoreError::invalid("card.name", "a kept card needs a name"))?;
    if name.chars().count() > MAX_NAME {
        return Err(StoreError::invalid("card.name", format!("longer than {MAX_NAME} characters")));
    }
    if card.to_string().len() > MAX_CARD_BYTES {
        return Err(StoreError::invalid("card", format!("larger than {MAX_CARD_BYTES} bytes")));
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("w.sqlite3")).unwrap();
        (dir, store)
    }

    #[test]
    fn a_card_is_kept_by_game_kind_and_name_and_replaced_by_a_new_copy() {
        let (_d, mut s) = store();
        let troll = json!({"name": "Cave Troll", "life": 7, "damage": 2});
        assert_eq!(s.save_card("dungeon-fighter", "monster", &troll).unwrap(), "Cave Troll");
        s.save_card("dungeon-fighter", "dungeon", &json!({"name": "Cave Troll", "shop_icons": 1})).unwrap();
        s.save_card("green-dungeon", "monster", &json!({"name": "Bat"})).unwrap();
        let monsters = s.cards("dungeon-fighter", Some("monster")).unwrap();
        assert_eq!(monsters.len(), 1);
        assert_eq!(monsters[0].card, troll);
        assert_eq!(s.cards("dungeon-fighter", None).unwrap().len(), 2);
        s.save_card("dungeon-fighter", "monster", &json!({"name": "Cave Troll", "life": 8})).unwrap();
        let again = s.card("dungeon-fighter", "monster", "cave troll").unwrap().unwrap();
        assert_eq!(again.card["life"], json!(8));
        assert!(s.delete_card("dungeon-fighter", "monster", "Cave Troll").unwrap());
        assert!(!s.delete_card("dungeon-fighter", "monster", "Cave Troll").unwrap());
        assert!(s.card("dungeon-fighter", "monster", "Cave Troll").unwrap().is_none());
    }

    #[test]
    fn a_card_without_a_name_or_not_an_object_is_refused_naming_the_field() {
        let (_d, mut s) = store();
        for (card, field) in [
            (json!({"life": 3}), "card.name"),
            (json!({"name": "   "}), "card.name"),
            (json!([1, 2]), "card"),
            (json!({"name": "x".repeat(201)}), "card.name"),
            (json!({"name": "Big", "notes": "y".repeat(20_000)}), "card"),
        ] {
            let e = s.save_card("dungeon-fighter", "monster", &card).unwrap_err().to_string();
            assert!(e.starts_with(&format!("{field}:")), "{e}");
        }
        let e = s.save_card("", "monster", &json!({"name": "A"})).unwrap_err().to_string();
        assert!(e.starts_with("game:"), "{e}");
        assert!(s.cards("dungeon-fighter", None).unwrap().is_empty());
    }
}
