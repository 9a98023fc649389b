//! The card library in play: a command that carries a card (the engine's
//! offer names where, `tw_rules::CardSlot`) is completed from the card kept
//! under that name, and once the engine takes it the card is kept for next
//! time. What the player typed always wins over what the library holds; the
//! library only fills what was left empty.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tw_rules::{CardSlot, Offer};
use tw_store::{CardRecord, Store};

/// The card slot of the offer `command` answers (same `type`), if it has one.
pub fn slot_for(offers: &[Offer], command: &Value) -> Option<CardSlot> {
    let ty = command.get("type")?;
    offers
        .iter()
        .find(|o| o.command.get("type") == Some(ty) && o.card.is_some())
        .and_then(|o| o.card.clone())
}

fn pointer(path: &str) -> String {
    format!("/{}", path.replace('.', "/"))
}

/// The card object at the slot, when the command holds one.
fn card_at<'a>(command: &'a Value, slot: &CardSlot) -> Option<&'a Map<String, Value>> {
    command.pointer(&pointer(&slot.path))?.as_object()
}

fn named(card: &Map<String, Value>) -> Option<&str> {
    card.get("name").and_then(Value::as_str).map(str::trim).filter(|n| !n.is_empty())
}

/// `command` with its card's empty fields (absent or null) filled from the
/// library card of the same name; unchanged when the library has none.
pub fn complete(store: &Store, game: &str, slot: &CardSlot, command: &Value) -> Result<Value, String> {
    let Some(card) = card_at(command, slot) else { return Ok(command.clone()) };
    let Some(name) = named(card) else { return Ok(command.clone()) };
    let Some(kept) = store.card(game, &slot.kind, name).map_err(|e| e.to_string())? else {
        return Ok(command.clone());
    };
    let mut merged = card.clone();
    if let Some(fields) = kept.card.as_object() {
        for (k, v) in fields {
            if k != "name" && merged.get(k).is_none_or(Value::is_null) {
                merged.insert(k.clone(), v.clone());
            }
        }
    }
    let mut out = command.clone();
    if let Some(at) = out.pointer_mut(&pointer(&slot.path)) {
        *at = Value::Object(merged);
    }
    Ok(out)
}

/// Keeps the command's card (its null fields left out) in the library.
pub fn remember(store: &mut Store, game: &str, slot: &CardSlot, command: &Value) -> Result<(), String> {
    let Some(card) = card_at(command, slot) else { return Ok(()) };
    if named(card).is_none() {
        return Ok(());
    }
    let clean: Map<String, Value> = card
        .iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| (k.clone(), if k == "name" { Value::from(v.as_str().unwrap_or_default().trim()) } else { v.clone() }))
        .collect();
    store.save_card(game, &slot.kind, &Value::Object(clean)).map(|_| ()).map_err(|e| e.to_string())
}

/// The kept cards of each kind the current offers can carry, for the forms'
/// name completion.
pub fn for_offers(store: &Store, game: &str, offers: &[Offer]) -> Result<BTreeMap<String, Vec<Value>>, String> {
    let mut out = BTreeMap::new();
    for slot in offers.iter().filter_map(|o| o.card.as_ref()) {
        if out.contains_key(&slot.kind) {
            continue;
        }
        let cards = store.cards(game, Some(&slot.kind)).map_err(|e| e.to_string())?;
        out.insert(slot.kind.clone(), cards.into_iter().map(|c| c.card).collect());
    }
    Ok(out)
}

/// Every kept card of `game` (an engine name), for the library screen.
pub fn list(store: &Store, game: &str) -> Result<Vec<CardRecord>, String> {
    crate::game::engine(game)?;
    store.cards(game, None).map_err(|e| e.to_string())
}

/// Keeps (or replaces) a card the player edited in the library.
pub fn save(store: &mut Store, game: &str, kind: &str, card: &Value) -> Result<String, String> {
    crate::game::engine(game)?;
    store.save_card(game, kind, card).map_err(|e| e.to_string())
}

/// Forgets a card; an unknown one is an error naming it.
pub fn delete(store: &mut Store, game: &str, kind: &str, name: &str) -> Result<(), String> {
    if store.delete_card(game, kind, name).map_err(|e| e.to_string())? {
        Ok(())
    } else {
        Err(format!("no {kind} card named {name:?} is kept"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn slot() -> CardSlot {
        CardSlot { path: "card".into(), kind: "monster".into() }
    }

    use crate::test_store::temp as store;

    #[test]
    fn the_library_fills_only_what_the_player_left_empty() {
        let (_d, mut s) = store();
        s.save_card("dungeon-fighter", "monster", &json!({"name": "Cave Troll", "life": 7, "damage": 2, "gold": 3})).unwrap();
        let typed = json!({"type": "reveal_monster", "card": {"name": "cave troll ", "level": 1, "life": null, "damage": 5}});
        let done = complete(&s, "dungeon-fighter", &slot(), &typed).unwrap();
        assert_eq!(done["card"], json!({"name": "cave troll ", "level": 1, "life": 7, "damage": 5, "gold": 3}));
        // An unknown name, or no card, leaves the command as it was.
        let other = json!({"type": "reveal_monster", "card": {"name": "Bat"}});
        assert_eq!(complete(&s, "dungeon-fighter", &slot(), &other).unwrap(), other);
        let none = json!({"type": "reveal_monster"});
        assert_eq!(complete(&s, "dungeon-fighter", &slot(), &none).unwrap(), none);
    }

    #[test]
    fn a_remembered_card_drops_empty_fields_and_a_nameless_one_is_not_kept() {
        let (_d, mut s) = store();
        remember(&mut s, "dungeon-fighter", &slot(), &json!({"card": {"name": " Imp ", "life": 2, "gold": null}})).unwrap();
        let kept = s.card("dungeon-fighter", "monster", "Imp").unwrap().unwrap();
        assert_eq!(kept.card, json!({"name": "Imp", "life": 2}));
        remember(&mut s, "dungeon-fighter", &slot(), &json!({"card": {"name": "", "life": 2}})).unwrap();
        assert_eq!(s.cards("dungeon-fighter", None).unwrap().len(), 1);
    }

    #[test]
    fn the_slot_is_found_by_the_command_type() {
        let offers = vec![
            Offer::ready("rest", "Rest", json!({"type": "rest"})),
            Offer::form("reveal_monster", "Reveal", json!({"type": "reveal_monster", "card": {"name": null}}), [("card.name", tw_rules::Input::text())])
                .with_card("card", "monster"),
        ];
        assert_eq!(slot_for(&offers, &json!({"type": "reveal_monster", "card": {}})), Some(slot()));
        assert_eq!(slot_for(&offers, &json!({"type": "rest"})), None);
        assert_eq!(slot_for(&offers, &json!({"name": "x"})), None);
    }
}
