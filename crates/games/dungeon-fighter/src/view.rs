//! What the Dungeon Fighter screen shows beside the state, and the commands
//! it offers now, derived by the engine from its own rules data so the
//! screen restates no number: shop icons needed, the white die's price, the
//! next monster's level, and each phase's commands with only the values the
//! players read off the cards left to fill.

use crate::data::rules;
use crate::model::{Colour, Phase, State};
use serde_json::{json, Value};
use tw_rules::{Input, InputKind, Offer};

/// The kinds of card the offers carry (`Offer::with_card`), one library
/// each in the app: every card a command of this game can hold.
pub mod card_kind {
    pub const DUNGEON: &str = "dungeon";
    pub const MONSTER: &str = "monster";
    pub const EQUIPMENT: &str = "equipment";
    pub const BOSS: &str = "boss";
}

/// Every [`card_kind`], the only kinds a kept card of this game may have.
pub const CARD_KINDS: [&str; 4] = [
    card_kind::DUNGEON,
    card_kind::MONSTER,
    card_kind::EQUIPMENT,
    card_kind::BOSS,
];

pub fn view(s: &State) -> Value {
    let r = rules();
    json!({
        "shop_icons_needed": s.shop_icons_needed(),
        "shops_before_boss": r.shops_before_boss,
        "white_die_price": r.white_die_price,
        "max_white_dice": r.max_white_dice,
        "next_monster_level": s.next_monster_level(),
        "throwable": s.throwable_dice(),
        "now": now(s),
    })
}

/// One line for the table: who acts next and what the game waits for, in
/// every phase (the screen shows it as it is).
pub fn now(s: &State) -> String {
    let name = |i: usize| s.heroes.get(i).map(|h| h.name.clone()).unwrap_or_default();
    match &s.phase {
        Phase::Dungeon => format!("{} chooses a dungeon card and enters it.", name(s.leader)),
        Phase::Monster => format!("Reveal the next monster (level {}).", s.next_monster_level()),
        Phase::Combat => {
            let Some(c) = &s.combat else { return String::new() };
            if let Some(f) = &c.fainting {
                let who: Vec<String> = f.heroes.iter().map(|&i| name(i)).collect();
                return format!("{} about to faint: spend a potion or accept the faint.", who.join(" and "));
            }
            if let Some(p) = &c.pending {
                return format!("{} chooses what the {} icon does.", name(p.hero), words(p.die));
            }
            let dice: Vec<String> = s.throwable_dice().into_iter().map(words).collect();
            if dice.is_empty() {
                format!("{}: no die left to throw.", name(c.active))
            } else {
                format!("{} throws next: {}.", name(c.active), dice.join(", "))
            }
        }
        Phase::Resting(r) if !r.awaiting_scar.is_empty() => {
            let who: Vec<String> = r.awaiting_scar.iter().map(|&i| name(i)).collect();
            format!("{} takes a scar, then the rest ends.", who.join(" and "))
        }
        Phase::Resting(_) => "Rest: move equipment if you like, then end the rest.".into(),
        Phase::Shop(_) => "Shop: buy dice, healing or equipment, then leave.".into(),
        Phase::Boss => "Reveal the final boss.".into(),
        Phase::Over(e) => format!("The game is over: {}.", if e.won { "won" } else { "lost" }),
    }
}

/// A choice of the heroes still in the game, by index.
fn heroes(s: &State) -> Input {
    Input::choice(
        InputKind::Number,
        s.heroes
            .iter()
            .enumerate()
            .filter(|(_, h)| !h.eliminated)
            .map(|(i, h)| (json!(i), h.name.clone())),
    )
}

fn words(v: impl serde::Serialize) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
        .unwrap_or_default()
}

pub fn offers(s: &State) -> Vec<Offer> {
    let r = rules();
    let mut out = Vec::new();
    match &s.phase {
        Phase::Dungeon => out.push(Offer::form(
            "enter_dungeon",
            "Enter dungeon…",
            json!({"type": "enter_dungeon", "card": {"name": null, "shop_icons": null}}),
            [
                ("card.name", Input::text()),
                ("card.shop_icons", Input::number()),
            ],
        )
        .with_card("card", card_kind::DUNGEON)),
        Phase::Monster => {
            let level = s.next_monster_level();
            out.push(Offer::form(
                "reveal_monster",
                format!("Reveal monster (level {level})…"),
                json!({"type": "reveal_monster", "card": {"name": null, "level": level, "life": null, "damage": null, "gold": null}}),
                [("card.name", Input::text()), ("card.life", Input::number()), ("card.damage", Input::number()), ("card.gold", Input::number())],
            )
            .with_card("card", card_kind::MONSTER));
        }
        Phase::Combat => combat_offers(s, &mut out),
        Phase::Resting(rest) => {
            for &i in &rest.awaiting_scar {
                let Some(h) = s.heroes.get(i) else { continue };
                for c in Colour::ALL.into_iter().filter(|c| !h.scars.contains(c)) {
                    let colour = words(c);
                    out.push(Offer::ready(
                        &format!("take_scar_{i}_{colour}"),
                        format!("{}: scar on {colour}", h.name),
                        json!({"type": "take_scar", "hero": i, "colour": c}),
                    ));
                }
            }
            out.push(Offer::ready(
                "end_rest",
                "End rest",
                json!({"type": "end_rest"}),
            ));
            out.push(Offer::form(
                "move_equipment",
                "Move equipment…",
                json!({"type": "move_equipment", "from": null, "to": null, "item": null}),
                [
                    ("from", heroes(s)),
                    ("to", heroes(s)),
                    ("item", Input::text()),
                ],
            ));
        }
        Phase::Shop(_) => {
            if s.chest.gold >= r.white_die_price && s.chest.white_dice < r.max_white_dice {
                out.push(Offer::ready(
                    "buy_white_die",
                    format!("Buy 1 white die ({} gold)", r.white_die_price),
                    json!({"type": "buy_white_dice", "count": 1}),
                ));
            }
            if s.chest.gold > 0 {
                out.push(Offer::form(
                    "buy_healing",
                    "Buy healing…",
                    json!({"type": "buy_healing", "gold": null}),
                    [("gold", Input::number())],
                ));
            }
            out.push(Offer::form(
                "buy_equipment",
                "Buy equipment…",
                json!({"type": "buy_equipment", "hero": null, "card": {"name": null, "kind": null, "bonus": null, "price": null}}),
                [("hero", heroes(s)), ("card.name", Input::text()), ("card.kind", Input::text()), ("card.bonus", Input::number()), ("card.price", Input::number())],
            )
            .with_card("card", card_kind::EQUIPMENT));
            out.push(Offer::ready(
                "leave_shop",
                "Leave shop",
                json!({"type": "leave_shop"}),
            ));
        }
        Phase::Boss => out.push(Offer::form(
            "reveal_boss",
            "Reveal the final boss…",
            json!({"type": "reveal_boss", "card": {"name": null, "life": null, "damage": null}}),
            [
                ("card.name", Input::text()),
                ("card.life", Input::number()),
                ("card.damage", Input::number()),
            ],
        )
        .with_card("card", card_kind::BOSS)),
        Phase::Over(_) => {}
    }
    out
}

fn combat_offers(s: &State, out: &mut Vec<Offer>) {
    let Some(c) = &s.combat else { return };
    if let Some(f) = &c.fainting {
        for &i in &f.heroes {
            let name = s.heroes.get(i).map(|h| h.name.clone()).unwrap_or_default();
            out.push(Offer::form(
                &format!("use_item_{i}"),
                format!("{name}: use a spendable…"),
                json!({"type": "use_item", "hero": i, "item": null}),
                [("item", Input::text())],
            ));
        }
        let names: Vec<String> = f
            .heroes
            .iter()
            .filter_map(|&i| s.heroes.get(i).map(|h| h.name.clone()))
            .collect();
        out.push(Offer::ready(
            "accept_faint",
            format!("Let {} faint", names.join(" and ")),
            json!({"type": "accept_faint"}),
        ));
    } else if let Some(p) = &c.pending {
        for a in &p.options {
            let name = words(a);
            let key = format!("use_{}", name.replace(' ', "_"));
            match a {
                crate::model::Ability::DivineIntervention => out.push(Offer::form(
                    &key,
                    format!("Use {name}…"),
                    json!({"type": "use_ability", "ability": a, "target": null}),
                    [("target", heroes(s))],
                )),
                crate::model::Ability::SpiritEnergy => {
                    // One amount per hero who can be healed; an amount left
                    // empty is 0 and the engine checks the total.
                    let able: Vec<(usize, &str)> = s
                        .heroes
                        .iter()
                        .enumerate()
                        .filter(|(_, h)| h.can_act())
                        .map(|(i, h)| (i, h.name.as_str()))
                        .collect();
                    let heals: Vec<Value> = able.iter().map(|(i, _)| json!({"hero": i, "amount": null})).collect();
                    let fields: Vec<(String, Input)> = able
                        .iter()
                        .enumerate()
                        .map(|(k, (_, n))| (format!("heals.{k}.amount"), Input::number().labelled(format!("{n}: life healed"))))
                        .collect();
                    out.push(Offer::form(
                        &key,
                        format!("Use {name}…"),
                        json!({"type": "use_ability", "ability": a, "heals": heals}),
                        fields,
                    ))
                }
                _ => out.push(Offer::ready(
                    &key,
                    format!("Use {name}"),
                    json!({"type": "use_ability", "ability": a}),
                )),
            }
        }
        out.push(Offer::ready(
            "skip_ability",
            "Skip ability",
            json!({"type": "skip_ability"}),
        ));
    } else {
        if c.thrown.len() >= Colour::ALL.len() {
            out.push(Offer::ready(
                "retrieve_dice",
                "Retrieve the colour dice",
                json!({"type": "retrieve_dice"}),
            ));
        }
        out.push(Offer::ready(
            "back_down",
            "Back down",
            json!({"type": "back_down"}),
        ));
        out.push(Offer::form(
            "use_item",
            "Use item…",
            json!({"type": "use_item", "hero": null, "item": null}),
            [("hero", heroes(s)), ("item", Input::text())],
        ));
    }
}
