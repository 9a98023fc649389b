//! The commands open now, as buttons and short forms: the town's visits for
//! each character in Crossroads Town, clearing the table for a new dungeon,
//! and the arena's purse. A ready offer is listed only when the engine
//! takes it as it stands (tried through `decide`); a form lists the only
//! values the engine accepts as its choices.

use crate::data::tables;
use crate::model::{Character, Mode};
use crate::town::{book_price, buy_price, sell_price};
use crate::{Command, SilverMine, State};
use serde_json::{json, Value};
use tw_rules::{Game, Input, InputKind, Offer};

/// `offer` when the engine takes its command now.
fn if_taken(s: &State, offer: Offer) -> Option<Offer> {
    let cmd: Command = serde_json::from_value(offer.command.clone()).ok()?;
    SilverMine::decide(s, &cmd).ok().map(|_| offer)
}

fn words(s: &str) -> String {
    s.replace('_', " ")
}

pub fn offers(s: &State) -> Vec<Offer> {
    let mut out = Vec::new();
    for c in s.characters.iter().filter(|c| c.alive && c.pos.is_none()) {
        town(s, c, &mut out);
    }
    let anyone_inside = s.characters.iter().any(|c| c.in_dungeon());
    if !s.cards.is_empty() && !anyone_inside {
        out.extend(if_taken(
            s,
            Offer::ready(
                "new_dungeon",
                "New dungeon (clear the table)",
                json!({"type": "new_dungeon"}),
            ),
        ));
    }
    if s.mode == Mode::Arena && !s.characters.is_empty() {
        let q = &tables().quests;
        out.push(Offer::form(
            "arena_ended",
            format!(
                "Arena ended ({} coins each, {} per character defeated)…",
                q.arena_bonus, q.arena_per_defeat
            ),
            json!({"type": "arena_ended", "defeats": null}),
            [("defeats", Input::json())],
        ));
    }
    out
}

/// One character's visits in town.
fn town(s: &State, c: &Character, out: &mut Vec<Offer>) {
    let id = c.id.as_str();
    let t = tables();
    let name = if c.name.is_empty() {
        id
    } else {
        c.name.as_str()
    };
    if s.mode != Mode::Arena && c.quest.is_none() {
        let open = t
            .quests
            .quests
            .iter()
            .filter(|(q, _)| !c.completed.contains(q))
            .map(|(q, d)| {
                (
                    json!(q),
                    format!("{} ({})", words(q), crate::view::word_str(d)),
                )
            });
        out.push(Offer::form(
            "accept_quest",
            format!("{name}: accept a quest…"),
            json!({"type": "accept_quest", "character": id, "quest": null}),
            [("quest", Input::choice(InputKind::Text, open))],
        ));
    }
    let books: Vec<(Value, String)> = t
        .books
        .books
        .iter()
        .filter_map(|(b, row)| {
            let price = book_price(s, c, b).ok()?;
            Some((
                json!(b),
                format!("{} (tier {}, {price})", row.name, row.tier),
            ))
        })
        .collect();
    if !books.is_empty() {
        out.push(Offer::form(
            "buy_book",
            format!("{name}: buy a book…"),
            json!({"type": "buy_book", "character": id, "book": null}),
            [("book", Input::choice(InputKind::Text, books))],
        ));
    }
    let q = &t.quests;
    out.extend(if_taken(
        s,
        Offer::ready(
            "inn_recover",
            format!("{name}: recover at the inn ({})", q.inn_recover),
            json!({"type": "inn_recover", "character": id}),
        ),
    ));
    out.extend(if_taken(
        s,
        Offer::ready(
            "inn_rumor",
            format!("{name}: buy a rumour ({})", q.inn_rumor),
            json!({"type": "inn_rumor", "character": id}),
        ),
    ));
    for (index, item) in c.inventory.iter().enumerate() {
        if let (Ok(price), Some(row)) = (sell_price(s, c, item), item.merchant_row()) {
            out.extend(if_taken(
                s,
                Offer::ready(
                    &format!("sell_{index}"),
                    format!("{name}: sell the {} ({price})", words(row)),
                    json!({"type": "sell", "character": id, "index": index}),
                ),
            ));
        }
    }
    let rows: Vec<(Value, String)> = t
        .merchant
        .keys()
        .filter_map(|row| {
            Some((
                json!({ "item": row }),
                format!("{} ({})", words(row), buy_price(s, c, row)?),
            ))
        })
        .collect();
    out.push(Offer::form(
        "buy",
        format!("{name}: buy from the Merchant…"),
        json!({"type": "buy", "character": id, "item": null}),
        [("item", Input::choice(InputKind::Json, rows))],
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &mut State, v: Value) {
        let c: Command = serde_json::from_value(v.clone()).unwrap();
        SilverMine::execute(s, &c).unwrap_or_else(|e| panic!("{v}: {e}"));
    }

    fn start(mode: &str) -> State {
        let mut s =
            SilverMine::setup(&serde_json::from_value(json!({"seed": 1, "mode": mode})).unwrap())
                .unwrap();
        run(
            &mut s,
            json!({"type": "new_character", "id": "ann", "player": "a", "character_type": "strength",
            "attrs": {"attack": 1, "move": 3, "torch": 3, "life": 5}, "items": [{"item": "torch"}]}),
        );
        s
    }

    fn keys(s: &State) -> Vec<String> {
        offers(s).into_iter().map(|o| o.key).collect()
    }

    fn honest(s: &State) {
        tw_rules::testing::assert_offers_honest::<SilverMine>(s);
    }

    #[test]
    fn a_penniless_character_may_take_a_quest_and_sell() {
        let s = start("solo");
        // No coins: no inn; the torch sells for 2 (p.32).
        assert_eq!(keys(&s), vec!["accept_quest", "buy_book", "sell_0", "buy"]);
        let sell = offers(&s).into_iter().find(|o| o.key == "sell_0").unwrap();
        assert!(sell.label.ends_with("(2)"), "{}", sell.label);
        honest(&s);
        // Every quest's choice is a quest the engine knows.
        let q = offers(&s)
            .into_iter()
            .find(|o| o.key == "accept_quest")
            .unwrap();
        assert_eq!(q.inputs["quest"].choices.len(), 16);
    }

    #[test]
    fn with_coins_the_inn_opens_and_the_rumour_is_once_per_exploration() {
        let mut s = start("solo");
        s.stashes.entry("a".into()).or_default().coins = 10;
        assert!(keys(&s).contains(&"inn_recover".to_string()));
        run(&mut s, json!({"type": "inn_rumor", "character": "ann"}));
        assert!(!keys(&s).contains(&"inn_rumor".to_string()));
        honest(&s);
    }

    #[test]
    fn the_arena_has_no_questmaster_and_a_purse() {
        let s = start("arena");
        let k = keys(&s);
        assert!(!k.contains(&"accept_quest".to_string()));
        let purse = offers(&s)
            .into_iter()
            .find(|o| o.key == "arena_ended")
            .unwrap();
        assert!(
            purse
                .label
                .contains("20 coins each, 10 per character defeated"),
            "{}",
            purse.label
        );
    }

    #[test]
    fn a_new_dungeon_once_everyone_is_out() {
        let mut s = start("solo");
        run(
            &mut s,
            json!({"type": "place_card", "id": "g", "kind": "gate", "origin": [0, 0], "rows": ["...."]}),
        );
        assert!(keys(&s).contains(&"new_dungeon".to_string()));
        run(
            &mut s,
            json!({"type": "enter_dungeon", "character": "ann", "at": [0, 0]}),
        );
        assert!(keys(&s).is_empty());
    }
}
