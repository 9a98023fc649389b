//! The commands open to the player now, as buttons and short forms. Each
//! is listed only when the engine would take it (dice and cards aside:
//! those are what the player fills in).

use crate::data::rules;
use crate::grid::Dir;
use crate::state::{Idle, Phase, Potion, State};
use crate::view::{between_encounters, can_use_luck, fight_view, moves};
use serde_json::{json, Value};
use tw_rules::{Input, Offer};

fn dir_word(d: Dir) -> &'static str {
    match d {
        Dir::North => "north",
        Dir::East => "east",
        Dir::South => "south",
        Dir::West => "west",
    }
}

/// Both combat dice, told apart by colour: `[{value, color}, …]`.
const DICE: (&str, fn() -> Input) = ("dice", Input::json);

pub fn offers(s: &State) -> Vec<Offer> {
    let mut out = Vec::new();
    if s.is_over() {
        return out;
    }
    if can_use_luck(s) {
        out.push(Offer::form(
            "use_luck",
            "Spend a luck cube…",
            json!({"type": "use_luck", "roll": null}),
            [("roll", Input::number())],
        ));
    }
    if s.player.health == 0 {
        out.push(Offer::ready(
            "perish",
            "Accept death",
            json!({"type": "perish"}),
        ));
        return out;
    }
    if !s.time.pending_checks.is_empty() && s.idle().is_some() {
        // The wandering die is asked only on the check that rolls it.
        let wandering = s.time.pending_checks.front().is_some_and(|c| c.wandering);
        out.push(if wandering {
            Offer::form(
                "event_check",
                "Event check…",
                json!({"type": "event_check", "upkeep": null, "wandering": null}),
                [("upkeep", Input::json()), ("wandering", Input::number())],
            )
        } else {
            Offer::form(
                "event_check",
                "Event check (upkeep only)…",
                json!({"type": "event_check", "upkeep": null}),
                [("upkeep", Input::json())],
            )
        });
        // Drinking comes before the cube that called these checks.
        if matches!(s.phase, Phase::Idle(Idle::Exploring | Idle::MustRest)) {
            potion_offers(s, &mut out);
        }
        return out;
    }
    let r = rules();
    match &s.phase {
        Phase::Idle(Idle::Exploring | Idle::MustRest) => {
            if between_encounters(s) {
                for m in moves(s) {
                    let dir = dir_word(m.dir);
                    match m.kind {
                        "open" => out.push(Offer::ready(
                            &format!("move_{dir}"),
                            format!("Move {dir}"),
                            json!({"type": "move", "dir": m.dir}),
                        )),
                        "door_roll" => out.push(Offer::form(
                            &format!("move_{dir}"),
                            format!("Open the door {dir}…"),
                            json!({"type": "move", "dir": m.dir, "door_roll": null}),
                            [("door_roll", Input::number())],
                        )),
                        "flip_first" => out.push(Offer::form(
                            &format!("flip_{dir}"),
                            format!("Turn up the room {dir}…"),
                            json!({"type": "flip", "at": m.to, "kind": null, "exits": null}),
                            [("kind", Input::text()), ("exits", Input::text())],
                        )),
                        _ => {}
                    }
                }
                if crate::decide::explore::rest_blocker(s).is_none() {
                    out.push(Offer::ready(
                        "rest",
                        format!("Rest (+{} time)", r.time.rest),
                        json!({"type": "rest"}),
                    ));
                }
                potion_offers(s, &mut out);
            }
        }
        Phase::Idle(Idle::Resting { .. }) => {}
        Phase::Recover => {
            let fields = [("health", Input::number()), ("magic", Input::number())];
            out.push(Offer::form(
                "recover",
                "Recover…",
                json!({"type": "recover", "health": null, "magic": null}),
                fields.clone(),
            ));
            if s.player.xp >= r.level_up.xp {
                out.push(Offer::form(
                    "recover_level_up",
                    format!("Recover and level up (−{} experience)…", r.level_up.xp),
                    json!({"type": "recover", "health": null, "magic": null, "level_up": true}),
                    fields,
                ));
            }
        }
        Phase::Cards { purpose } => out.push(Offer::form(
            "cards",
            format!("Tap in {} card(s)…", purpose.count()),
            json!({"type": "cards", "cards": null}),
            [("cards", Input::json())],
        )),
        Phase::TrapRoll { .. } => out.push(Offer::form(
            "trap_roll",
            "Trap roll…",
            json!({"type": "trap_roll", "die": null}),
            [("die", Input::number())],
        )),
        Phase::FinalBossChoice => {
            out.push(Offer::ready(
                "face_boss",
                "Face the final boss",
                json!({"type": "face_boss"}),
            ));
            out.push(Offer::ready(
                "retreat",
                "Retreat",
                json!({"type": "retreat"}),
            ));
        }
        Phase::Combat(f) => {
            let fv = fight_view(s, f);
            let m = &r.magic;
            let fight = |action: &str| json!({"type": "fight", "action": action, "dice": null});
            out.push(Offer::form(
                "melee",
                "Melee",
                fight("melee"),
                [(DICE.0, (DICE.1)())],
            ));
            if fv.spell_why.is_none() {
                out.push(Offer::form(
                    "spell",
                    format!("Spell ({} magic)", m.spell_cost),
                    fight("spell"),
                    [(DICE.0, (DICE.1)())],
                ));
            }
            if fv.power_spell_why.is_none() {
                let mut cmd = fight("power_spell");
                cmd["spell_roll"] = Value::Null;
                cmd["monster_spell_roll"] = Value::Null;
                out.push(Offer::form(
                    "power_spell",
                    format!("Powerful spell ({} magic)", m.power_cost),
                    cmd,
                    [
                        (DICE.0, (DICE.1)()),
                        ("spell_roll", Input::number()),
                        ("monster_spell_roll", Input::number()),
                    ],
                ));
            }
            if fv.flee_why.is_none() {
                out.push(Offer::form(
                    "flee",
                    "Flee",
                    json!({"type": "flee", "dice": null}),
                    [(DICE.0, (DICE.1)())],
                ));
            }
            if let (None, Some(cost)) = (&fv.bribe_why, fv.bribe_cost) {
                out.push(Offer::ready(
                    "bribe",
                    format!("Bribe ({cost} treasure)"),
                    json!({"type": "bribe"}),
                ));
            }
        }
        Phase::Loot { .. } => out.push(Offer::form(
            "treasure",
            "Keep a treasure card…",
            json!({"type": "treasure", "card": null}),
            [("card", Input::json())],
        )),
        Phase::Clairvoyance { .. } => out.push(Offer::ready(
            "end_vision",
            "End the vision",
            json!({"type": "end_vision"}),
        )),
        Phase::Over { .. } => {}
    }
    out
}

/// One offer per potion held: drink it now.
fn potion_offers(s: &State, out: &mut Vec<Offer>) {
    for (index, p) in s.player.potions.iter().enumerate() {
        let label = match p {
            Potion::Healing { amount } => format!("Drink the healing potion (+{amount})"),
            Potion::Magic { amount } => format!("Drink the magic potion (+{amount})"),
        };
        out.push(Offer::ready(
            &format!("use_potion_{index}"),
            label,
            json!({"type": "use_potion", "index": index}),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Pos;
    use crate::monster::{Monster, Origin};
    use crate::state::{Fight, Then};
    use crate::view::tests::start;
    use crate::{Command, GreenDungeon};
    use tw_rules::Game;

    fn keys(s: &State) -> Vec<String> {
        offers(s).into_iter().map(|o| o.key).collect()
    }

    #[test]
    fn at_the_entrance_the_hero_may_turn_up_rooms_and_rest() {
        let s = start();
        assert_eq!(keys(&s), vec!["flip_east", "flip_south", "rest"]);
        // Every ready offer is a command the engine takes as it stands.
        for o in offers(&s).into_iter().filter(|o| o.fill.is_empty()) {
            let c: Command = serde_json::from_value(o.command.clone()).unwrap();
            assert!(GreenDungeon::decide(&s, &c).is_ok(), "{}", o.key);
        }
    }

    #[test]
    fn a_fight_offers_what_the_hero_can_pay_for() {
        let mut s = start();
        s.previous = Some(Pos { row: 0, col: 1 });
        s.player.magic = 1;
        s.player.treasure = 2;
        let monster = Monster {
            origin: Origin::Drop,
            difficulty: 3,
            card_number: 3,
            spellcaster: false,
            treasure_cards: 0,
            fled_before: false,
            bribe_held: 0,
        };
        s.phase = Phase::Combat(Box::new(Fight {
            health: 3,
            monster,
            magic: 0,
            rounds: 1,
            flee_failed: false,
            then: Then::ClearRoom,
        }));
        // One cube: the spell, not the powerful one; 2 treasure does not pay a bribe of 3.
        assert_eq!(keys(&s), vec!["melee", "spell", "flee"]);
        s.player.treasure = 3;
        let bribe = offers(&s).into_iter().find(|o| o.key == "bribe").unwrap();
        assert_eq!(bribe.label, "Bribe (3 treasure)");
        let c: Command = serde_json::from_value(bribe.command).unwrap();
        assert!(GreenDungeon::decide(&s, &c).is_ok());
        // Forms hold no invented value: each filled path is null.
        for o in offers(&s) {
            for p in &o.fill {
                assert_eq!(o.command[p.as_str()], Value::Null, "{} {p}", o.key);
            }
        }
    }

    #[test]
    fn at_zero_health_only_luck_or_death() {
        let mut s = start();
        s.player.health = 0;
        assert_eq!(keys(&s), vec!["use_luck", "perish"]);
        s.player.luck = 0;
        assert_eq!(keys(&s), vec!["perish"]);
    }
}
