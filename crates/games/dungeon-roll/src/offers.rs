//! The main commands of the moment, as buttons and short forms: start a
//! delve, accept the Monster Phase helper's plan, open chests, quaff, face
//! the Dragon, retire, seek glory, flee. Dice faces and tokens drawn are
//! what the player fills in; a ready offer is listed only when the engine
//! takes it as it stands.

use crate::data::rules;
use crate::state::State;
use crate::view::{dice_for_level, may_regroup};
use crate::{Command, DungeonRoll};
use serde_json::json;
use tw_rules::{Game, Input, Offer};

fn taken(s: &State, o: Offer) -> Option<Offer> {
    let c: Command = serde_json::from_value(o.command.clone()).ok()?;
    DungeonRoll::decide(s, &c).ok().map(|_| o)
}

pub fn offers(s: &State) -> Vec<Offer> {
    let mut out = main_offers(s);
    if s.finished.is_none() {
        out.extend(twist_offers(s));
        out.extend(trade_offer(s));
    }
    out
}

/// The advanced rule: one form for a trade between any two players.
fn trade_offer(s: &State) -> Option<Offer> {
    if !s.trading || s.players.len() < 2 {
        return None;
    }
    let seats: Vec<(serde_json::Value, String)> =
        s.players.iter().enumerate().map(|(i, p)| (json!(i), p.name.clone())).collect();
    Some(Offer::form(
        "trade",
        "Trade treasure or Twist cards between two players…",
        json!({"type": "trade", "from": null, "to": null, "give": null, "take": null}),
        [
            ("from", Input::choice(tw_rules::InputKind::Number, seats.clone()).labelled("Player who gives")),
            ("to", Input::choice(tw_rules::InputKind::Number, seats).labelled("Player who gets it")),
            ("give", Input::json().labelled("Handed over: {\"treasure\": [...], \"twists\": [...]}")),
            ("take", Input::json().labelled("Handed back (may be {})")),
        ],
    ))
}

/// Twist cards: a draw for each player with one due, and each card in a
/// hand while cards may be played.
fn twist_offers(s: &State) -> Vec<Offer> {
    let mut out = Vec::new();
    if !s.twists {
        return out;
    }
    let cards: Vec<(serde_json::Value, String)> = crate::data::twists()
        .iter()
        .map(|c| (json!(c.id), c.name.clone()))
        .collect();
    for (seat, p) in s.players.iter().enumerate() {
        if p.twist_draws > 0 {
            out.push(Offer::form(
                &format!("draw_twist:{seat}"),
                format!("{}: draw a Twist card ({} due)…", p.name, p.twist_draws),
                json!({"type": "draw_twist", "player": seat, "card": null}),
                [(
                    "card",
                    Input::choice(tw_rules::InputKind::Text, cards.clone()).labelled("Card drawn"),
                )],
            ));
        }
    }
    let playable = s
        .delve
        .as_ref()
        .is_some_and(|d| d.stage == crate::state::Stage::Monster && !d.fought);
    if !playable {
        return out;
    }
    for (seat, p) in s.players.iter().enumerate() {
        for id in &p.twists {
            let Some(c) = crate::data::twist(id) else {
                continue;
            };
            let key = format!("play_twist:{seat}:{id}");
            let label = format!("{}: play {} ({})", p.name, c.name, c.text);
            let command = json!({"type": "play_twist", "player": seat, "card": id});
            out.push(match c.effect.needs() {
                "nothing" => Offer::ready(&key, label, command),
                _ => Offer::form(
                    &key,
                    format!("{label}…"),
                    json!({"type": "play_twist", "player": seat, "card": id, "party": null, "dungeon": null}),
                    [("party", Input::json()), ("dungeon", Input::json())],
                ),
            });
        }
    }
    out
}

fn main_offers(s: &State) -> Vec<Offer> {
    let r = rules();
    let mut out = Vec::new();
    if s.finished.is_some() {
        return out;
    }
    let Some(d) = &s.delve else {
        let who = s
            .current()
            .map(|p| p.name.as_str())
            .unwrap_or("the Adventurer");
        out.push(Offer::form(
            "start_delve",
            format!(
                "{who}: start a delve (roll {} Party dice and {} Dungeon die)…",
                r.party_dice,
                1u8.min(r.dungeon_dice)
            ),
            json!({"type": "start_delve", "party": null, "dungeon": null}),
            [("party", Input::json()), ("dungeon", Input::json())],
        ));
        return out;
    };
    let side = s.side();
    if d.formation_open
        && side.is_some_and(|sd| sd.has(&crate::hero::SpecialtyEffect::RerollAtFormation))
    {
        out.push(Offer::form(
            "formation_reroll",
            "Reroll Party dice (formation)…",
            json!({"type": "formation_reroll", "party": null}),
            [("party", Input::json())],
        ));
    }
    if d.dungeon.monsters() > 0 {
        out.extend(taken(
            s,
            Offer::ready(
                "accept_proposal",
                "Fight as the helper proposes",
                json!({"type": "accept_proposal"}),
            ),
        ));
        out.push(Offer::form(
            "fight",
            "Fight…",
            json!({"type": "fight", "with": null, "monster": null}),
            [("with", Input::json()), ("monster", Input::text())],
        ));
    }
    if d.dungeon.monsters() == 0 {
        if d.dungeon.get(crate::faces::DungeonFace::Chest) > 0 {
            out.push(Offer::form(
                "open_chests",
                "Open chests…",
                json!({"type": "open_chests", "with": null, "drawn": null}),
                [("with", Input::json()), ("drawn", Input::json())],
            ));
        }
        if d.dungeon.get(crate::faces::DungeonFace::Potion) > 0 {
            out.push(Offer::form(
                "quaff",
                "Quaff potions…",
                json!({"type": "quaff", "with": null, "revive": null}),
                [("with", Input::json()), ("revive", Input::json())],
            ));
        }
        if crate::view::dragon_awake(d) {
            let need = side
                .map(|sd| sd.dragon_types(r.dragon.companion_types))
                .unwrap_or(r.dragon.companion_types);
            out.push(Offer::form(
                "slay_dragon",
                format!("Face the Dragon ({need} different companions)…"),
                json!({"type": "slay_dragon", "with": null, "drawn": null}),
                [("with", Input::json()), ("drawn", Input::text())],
            ));
        }
    }
    if may_regroup(d) {
        out.extend(taken(
            s,
            Offer::ready(
                "retire",
                format!("Retire (+{} XP)", d.level),
                json!({"type": "retire"}),
            ),
        ));
        if d.level < r.max_level {
            out.push(Offer::form(
                "seek_glory",
                format!(
                    "Seek glory: level {} ({} Dungeon dice)…",
                    d.level + 1,
                    dice_for_level(d, d.level + 1)
                ),
                json!({"type": "seek_glory", "dungeon": null}),
                [("dungeon", Input::json())],
            ));
        }
    }
    out.extend(taken(
        s,
        Offer::ready(
            "flee",
            "Flee (no XP for this level)",
            json!({"type": "flee"}),
        ),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::tests_support::{delving, game, run};

    fn keys(s: &State) -> Vec<String> {
        offers(s).into_iter().map(|o| o.key).collect()
    }

    fn honest(s: &State) {
        tw_rules::testing::assert_offers_honest::<DungeonRoll>(s);
    }

    #[test]
    fn a_new_game_offers_only_the_first_delve() {
        let s = game();
        assert_eq!(keys(&s), vec!["start_delve"]);
        assert!(offers(&s)[0]
            .label
            .contains("roll 7 Party dice and 1 Dungeon die"));
        honest(&s);
    }

    #[test]
    fn with_a_goblin_standing_the_party_fights_or_flees() {
        let s = delving();
        let k = keys(&s);
        assert!(
            k.contains(&"accept_proposal".to_string())
                && k.contains(&"fight".to_string())
                && k.contains(&"flee".to_string()),
            "{k:?}"
        );
        assert!(
            !k.contains(&"retire".to_string()),
            "no retiring with monsters standing"
        );
        honest(&s);
    }

    #[test]
    fn after_the_fight_the_adventurer_may_retire_or_go_deeper() {
        let mut s = delving();
        run(&mut s, json!({"type": "accept_proposal"}));
        let k = keys(&s);
        assert!(
            k.contains(&"retire".to_string()) && k.contains(&"seek_glory".to_string()),
            "{k:?}"
        );
        let glory = offers(&s)
            .into_iter()
            .find(|o| o.key == "seek_glory")
            .unwrap();
        assert!(
            glory.label.contains("level 2 (2 Dungeon dice)"),
            "{}",
            glory.label
        );
        let retire = offers(&s).into_iter().find(|o| o.key == "retire").unwrap();
        assert_eq!(retire.label, "Retire (+1 XP)");
        honest(&s);
    }
}
