//! The main commands of the moment, as buttons and short forms: enter or
//! move, roll for the Poison, attack a Monster in sight, take a tile, end
//! the turn, level up, the Boss Fight's steps, the next session. Dice faces
//! and tiles turned up are what the player fills in; the choices offered
//! are the engine's own (the Attack Die's faces, the Monsters to fight).

use crate::board_view::{gear_words, hero_words, tile_words};
use crate::state::State;
use crate::view::{can_level_up, waiting_for};
use crate::{Command, PocketDungeonQuest};
use serde_json::{json, Value};
use tw_rules::{Game, Input, InputKind, Offer};

fn taken(s: &State, o: Offer) -> Option<Offer> {
    let c: Command = serde_json::from_value(o.command.clone()).ok()?;
    PocketDungeonQuest::decide(s, &c).ok().map(|_| o)
}

/// The Attack Die's faces, as the engine names them (`data/dice.json`).
pub(crate) fn die(s: &State) -> Input {
    Input::choice(
        InputKind::Text,
        s.rules
            .dice
            .faces
            .iter()
            .map(|f| (json!(f), f.replace('_', " "))),
    )
}

fn spaces(list: &[crate::tile::Pos]) -> Input {
    Input::choice(
        InputKind::Json,
        list.iter()
            // Rows and columns as a player counts them, from 1.
            .map(|p| (json!(p), format!("{p}"))),
    )
}

/// Spaces named with the tile shown there ("the Potion at row 1, column 6").
fn tiles_at(s: &State, list: &[crate::tile::Pos]) -> Input {
    Input::choice(
        InputKind::Json,
        list.iter().map(|p| {
            let what = s.shown(*p).map(tile_words).unwrap_or_default();
            (json!(p), format!("the {what} at {p}"))
        }),
    )
}

pub fn offers(s: &State) -> Vec<Offer> {
    let mut out = Vec::new();
    let who = s.current().map(|h| hero_words(h.kind)).unwrap_or_default();
    match waiting_for(s) {
        "over" => {}
        "next_session" => out.extend(taken(
            s,
            Offer::ready(
                "next_session",
                "Start the next session",
                json!({"type": "next_session"}),
            ),
        )),
        "poison_roll" => out.push(Offer::form(
            "poison_roll",
            format!("{who}: roll for the Poison…"),
            json!({"type": "poison_roll", "roll": null}),
            [("roll", die(s))],
        )),
        "wake_up" => {
            // The Bed Roll's one tile: a face-down space in sight, and the
            // tiles the mat may still hold there.
            let hidden: Vec<_> = s
                .current()
                .map(|h| s.hero_sight(h.kind))
                .unwrap_or_default()
                .into_iter()
                .filter(|p| s.cell(*p) == Some(crate::state::Cell::Hidden))
                .collect();
            if hidden.is_empty() {
                out.extend(taken(
                    s,
                    Offer::ready(
                        "wake_up",
                        format!("{who}: wake up from the Bed Roll"),
                        json!({"type": "wake_up"}),
                    ),
                ));
            } else {
                let tiles = crate::tile::TileKind::ALL
                    .into_iter()
                    .filter(|k| s.unrevealed(*k) > 0)
                    .map(|k| (json!(k), tile_words(k)));
                out.push(Offer::form(
                    "wake_up",
                    format!("{who}: wake up, turning up 1 tile…"),
                    json!({"type": "wake_up", "at": null, "tile": null}),
                    [
                        ("at", spaces(&hidden)),
                        ("tile", Input::choice(InputKind::Json, tiles)),
                    ],
                ));
            }
        }
        "move" => out.push(Offer::form(
            "move",
            format!("{who}: move (or stay) and reveal…"),
            json!({"type": "move", "to": null, "reveal": null}),
            [("to", Input::json()), ("reveal", Input::json())],
        )),
        "attack" => {
            let mut targets = s.to_fight();
            if let Some(h) = s.current() {
                for p in &h.pinned {
                    if !targets.contains(p) {
                        targets.push(*p);
                    }
                }
            }
            out.push(Offer::form(
                "attack",
                format!("{who}: attack…"),
                json!({"type": "attack", "target": null, "roll": null}),
                [("target", spaces(&targets)), ("roll", die(s))],
            ));
        }
        "loot_or_end_turn" => {
            let items: Vec<_> = s
                .current()
                .and_then(|h| h.pos)
                .map(|p| s.sight(p))
                .unwrap_or_default()
                .into_iter()
                .filter(|p| s.shown(*p).is_some_and(|k| k.is_item_or_spell()))
                .collect();
            if !items.is_empty() {
                let full = s
                    .current()
                    .is_some_and(|h| h.inventory.len() >= s.inventory_limit(h.kind));
                out.push(if full {
                    // A full Inventory puts one back to the Merchant Pile.
                    let held = s.current().map(|h| h.inventory.clone()).unwrap_or_default();
                    let mut kinds: Vec<_> = Vec::new();
                    for k in held {
                        if !kinds.contains(&k) {
                            kinds.push(k);
                        }
                    }
                    Offer::form(
                        "take",
                        format!("{who}: take an Item or Spell, putting one back…"),
                        json!({"type": "take", "at": null, "put_back": null}),
                        [
                            ("at", tiles_at(s, &items)),
                            (
                                "put_back",
                                Input::choice(
                                    InputKind::Json,
                                    kinds.into_iter().map(|k| (json!(k), tile_words(k))),
                                ),
                            ),
                        ],
                    )
                } else {
                    Offer::form(
                        "take",
                        format!("{who}: take an Item or Spell…"),
                        json!({"type": "take", "at": null}),
                        [("at", tiles_at(s, &items))],
                    )
                });
            }
            out.extend(taken(
                s,
                Offer::ready(
                    "end_turn",
                    format!("{who}: end the turn"),
                    json!({"type": "end_turn"}),
                ),
            ));
        }
        "henchmen" => out.push(Offer::form(
            "henchmen",
            "Roll for the Henchmen…",
            json!({"type": "henchmen", "roll": null}),
            [("roll", die(s))],
        )),
        "boss_search" => out.push(Offer::form(
            "boss_search",
            "Search for the Boss: turn up a tile…",
            json!({"type": "boss_search", "at": null, "tile": null}),
            [("at", Input::json()), ("tile", Input::text())],
        )),
        "boss_attack" => {
            let at = s.boss.as_ref().map(|b| vec![b.at]).unwrap_or_default();
            out.push(Offer::form(
                "attack",
                "Attack the Boss…",
                json!({"type": "attack", "target": null, "roll": null}),
                [("target", spaces(&at)), ("roll", die(s))],
            ));
        }
        _ => {}
    }
    if !matches!(waiting_for(s), "over" | "next_session") {
        out.extend(crate::use_offers::uses(s));
    }
    if s.boss.is_none() && s.current().is_some_and(|h| can_level_up(s, h)) {
        // Gear the engine plays that this hero may gain now (each piece
        // exists once); a hero holding the most Gear levels up without.
        let gear: Vec<(Value, String)> = s
            .rules
            .numbers
            .gear
            .iter()
            .filter(|(_, r)| r.played)
            .map(|(g, _)| (json!(g), gear_words(*g)))
            .filter(|(g, _)| {
                taken(
                    s,
                    Offer::ready("", "", json!({"type": "level_up", "gear": g})),
                )
                .is_some()
            })
            .collect();
        let label = format!("{who}: level up…");
        if gear.is_empty() {
            out.extend(taken(
                s,
                Offer::ready(
                    "level_up",
                    label.trim_end_matches('…'),
                    json!({"type": "level_up"}),
                ),
            ));
        } else {
            out.push(Offer::form(
                "level_up",
                label,
                json!({"type": "level_up", "gear": null}),
                [("gear", Input::choice(InputKind::Text, gear))],
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::HeroKind;
    use crate::view::tests_support::game;

    fn keys(s: &State) -> Vec<String> {
        offers(s).into_iter().map(|o| o.key).collect()
    }

    fn honest(s: &State) {
        tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(s);
    }

    #[test]
    fn the_first_hero_enters_first() {
        let s = game(false);
        assert_eq!(keys(&s), vec!["move"]);
        honest(&s);
    }

    #[test]
    fn poison_is_rolled_with_the_attack_dies_faces() {
        let mut s = game(false);
        s.hero_mut(HeroKind::Warrior).unwrap().poisoned = true;
        let o = offers(&s);
        assert_eq!(o[0].key, "poison_roll");
        let faces: Vec<_> = o[0].inputs["roll"]
            .choices
            .iter()
            .map(|c| c.value.clone())
            .collect();
        assert_eq!(faces.len(), s.rules.dice.faces.len());
        assert!(!faces.is_empty());
    }

    #[test]
    fn a_campaign_hero_with_enough_xp_and_keys_may_level_up() {
        let mut s = game(true);
        assert!(!keys(&s).contains(&"level_up".to_string()));
        let h = s.hero_mut(HeroKind::Warrior).unwrap();
        h.xp = 3;
        h.keys = 1;
        let lv = offers(&s)
            .into_iter()
            .find(|o| o.key == "level_up")
            .unwrap();
        // Only Gear the engine plays is offered.
        assert!(lv.inputs["gear"]
            .choices
            .iter()
            .all(
                |c| s.rules.numbers.gear[&serde_json::from_value(c.value.clone()).unwrap()].played
            ));
        honest(&s);
    }
}
