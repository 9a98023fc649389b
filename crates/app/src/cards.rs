//! The card library in play: a command that carries a card (the engine's
//! offer names where, `tw_rules::CardSlot`) is completed from the card kept
//! under that name, and once the engine takes it the card is kept for next
//! time. What the player typed always wins over what the library holds; the
//! library only fills what was left empty.

use crate::error::AppError;
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

/// Every kept card of `game` (an engine name or alias, as the game
/// commands take it), for the library screen.
pub fn list(store: &Store, game: &str) -> Result<Vec<CardRecord>, AppError> {
    let engine = crate::game::engine(game)?;
    Ok(store.cards(engine.name(), None)?)
}

/// Keeps (or replaces) a card the player edited in the library. The kind
/// must be one the game's commands carry (the engine's card slots), so no
/// card is kept that no offer will ever complete. It is kept under the
/// engine's name, where play looks for it, whichever alias was typed.
pub fn save(store: &mut Store, game: &str, kind: &str, card: &Value) -> Result<String, AppError> {
    let engine = crate::game::engine(game)?;
    let game = engine.name();
    let kinds = engine.card_kinds();
    if !kinds.contains(&kind) {
        return Err(AppError::input(match kinds {
            [] => format!("kind: {kind:?} is not a card kind of {game}; it keeps no cards"),
            _ => format!(
                "kind: {kind:?} is not a card kind of {game}; the kinds are {}",
                kinds.join(", ")
            ),
        }));
    }
    Ok(store.save_card(game, kind, card)?)
}

/// Forgets a card of `game` (a name or alias); an unknown one is an error
/// naming it.
pub fn delete(store: &mut Store, game: &str, kind: &str, name: &str) -> Result<(), AppError> {
    let engine = crate::game::engine(game)?;
    if store.delete_card(engine.name(), kind, name)? {
        Ok(())
    } else {
        Err(AppError::input(format!(
            "no {kind} card named {name:?} is kept"
        )))
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

    /// Bad-input sweep, 2026-11-27: a kept card of kind `zzz` was accepted.
    #[test]
    fn a_card_of_a_kind_the_game_never_carries_is_refused_naming_the_kinds() {
        let (_d, mut s) = store();
        let e = save(&mut s, "dungeon-fighter", "zzz", &json!({"name": "Bat"})).unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
        assert_eq!(
            e.to_string(),
            "kind: \"zzz\" is not a card kind of dungeon-fighter; the kinds are dungeon, monster, equipment, boss"
        );
        let e = save(&mut s, "green-dungeon", "monster", &json!({"name": "Bat"})).unwrap_err();
        assert!(e.to_string().contains("it keeps no cards"), "{e}");
        assert!(
            s.cards("dungeon-fighter", None).unwrap().is_empty()
                && s.cards("green-dungeon", None).unwrap().is_empty()
        );
        // The kinds the games do carry are kept: Silver Mine's Gate cards too.
        save(
            &mut s,
            "dungeon-fighter",
            "monster",
            &json!({"name": "Bat", "life": 2}),
        )
        .unwrap();
        save(
            &mut s,
            "itdd",
            "gate",
            &json!({"name": "Twin doors", "rows": ["..", ".."]}),
        )
        .unwrap();
        assert_eq!(
            s.cards("dungeon-fighter", Some("monster")).unwrap().len(),
            1
        );
    }

    /// Every card kind a Dungeon Fighter offer carries is one `save` keeps.
    #[test]
    fn the_kinds_kept_are_the_kinds_the_offers_carry() {
        let (_d, mut s) = store();
        let setup = json!({"heroes": ["saul-baysar", "lianna-lightbringer"], "leader": 0});
        let v = crate::game::new_game(&mut s, "df", &setup, None).unwrap();
        let v2 = crate::game::run_command(
            &mut s,
            v.session,
            &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}),
            "manual",
        )
        .unwrap();
        let kinds: Vec<String> = [v.offers, v2.offers]
            .concat()
            .into_iter()
            .filter_map(|o| o.card.map(|c| c.kind))
            .collect();
        assert_eq!(kinds, ["dungeon", "monster"]);
        for k in &kinds {
            save(&mut s, "dungeon-fighter", k, &json!({"name": "Kept"})).unwrap();
        }
    }

    /// Bad-input sweep 2: a card with no name is the input's fault, and the
    /// error says so by its variant (the CLI put "database PATH:" before it).
    #[test]
    fn a_nameless_card_is_a_field_error_of_the_input() {
        let (_d, mut s) = store();
        let e = save(&mut s, "dungeon-fighter", "monster", &json!({"life": 3})).unwrap_err();
        assert!(
            matches!(&e, AppError::Store(tw_store::StoreError::Invalid { field, .. }) if field == "card.name"),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "card.name: a kept card needs a name");
        let e = delete(&mut s, "dungeon-fighter", "monster", "Bat").unwrap_err();
        assert!(matches!(e, AppError::Input(_)), "{e:?}");
    }

    /// `save --game df` kept the card under `df`, where play never looks.
    #[test]
    fn an_alias_keeps_lists_and_forgets_the_card_under_the_engine_name() {
        let (_d, mut s) = store();
        save(&mut s, "df", "monster", &json!({"name": "Bat", "life": 2})).unwrap();
        assert!(s.cards("df", None).unwrap().is_empty());
        assert_eq!(s.card("dungeon-fighter", "monster", "Bat").unwrap().unwrap().card["life"], 2);
        assert_eq!(list(&s, "df").unwrap().len(), 1);
        delete(&mut s, "df", "monster", "Bat").unwrap();
        assert!(list(&s, "dungeon-fighter").unwrap().is_empty());
        let e = delete(&mut s, "chess", "monster", "Bat").unwrap_err();
        assert!(e.to_string().starts_with("unknown game \"chess\""), "{e}");
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
