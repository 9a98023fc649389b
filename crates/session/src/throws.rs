//! What a game makes of a throw the camera finished: a command to apply
//! now, a wait (the game is busy with a choice; the throw is applied once it
//! is made), a question for the player, or a reason it does not count.
//!
//! This is the one place that decides whether a throw counts; the window and
//! `warden watch` both ask it, so no screen decides it again.

use crate::dungeon_fighter::throw_from_reading;
use crate::observation::DieReading;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tw_dungeon_fighter::model::Phase;

/// The part of a finished throw a game needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinishedThrow {
    /// `pips` or `target`: which reader read it.
    pub reader: String,
    pub dice: Vec<DieReading>,
    /// Indices into `dice` of the dice this throw moved.
    pub landed: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Run `command`; `die` is the reading it came from (logged beside it).
    Apply { command: Value, die: DieReading },
    /// Keep it and try again after the player's next action.
    Wait(String),
    /// The player enters it by hand; the text says why.
    Ask(String),
    /// It does not count; the text says why.
    Ignore(String),
}

/// The verdict of game `game` (an engine name) in `state` on throw `t`.
pub fn verdict(game: &str, state: &Value, t: &FinishedThrow) -> Verdict {
    match game {
        "dungeon-fighter" => dungeon_fighter(state, t),
        "pocket-dungeon-quest" => crate::pocket_dungeon_quest::verdict(state, t),
        "dungeon-roll" => crate::dungeon_roll::verdict(state, t),
        other => Verdict::Ask(format!(
            "{other} takes camera dice on its own screen, when it asks for a roll (\"use the dice on the table\")"
        )),
    }
}

fn dungeon_fighter(state: &Value, t: &FinishedThrow) -> Verdict {
    let s: tw_dungeon_fighter::State = match serde_json::from_value(state.clone()) {
        Ok(s) => s,
        Err(e) => return Verdict::Ignore(format!("the game's state could not be read: {e}")),
    };
    let combat = match (&s.phase, &s.combat) {
        (Phase::Over(_), _) => return Verdict::Ignore("the game is over".into()),
        (Phase::Combat, Some(c)) => c,
        (phase, _) => {
            let name = serde_json::to_value(phase)
                .ok()
                .and_then(|v| v.get("phase").and_then(Value::as_str).map(str::to_string))
                .unwrap_or_default();
            return Verdict::Ignore(format!("a throw counts only in combat; the game is at {name}"));
        }
    };
    let hero = |i: usize| s.heroes.get(i).map_or("a hero".to_string(), |h| h.name.clone());
    if let Some(p) = &combat.pending {
        return Verdict::Wait(format!("waiting for {}'s icon ability choice", hero(p.hero)));
    }
    if let Some(f) = &combat.fainting {
        let names: Vec<String> = f.heroes.iter().map(|&i| hero(i)).collect();
        return Verdict::Wait(format!("waiting for {} to faint or spend an item", names.join(" and ")));
    }
    if t.reader != "target" {
        return Verdict::Ask("the camera sees dice but no calibrated target board, so it cannot score the throw: set the board on the Calibration screen, or enter the throw".into());
    }
    let die = match t.landed.as_slice() {
        [] => return Verdict::Ask("the table settled but no new die was found on the board: enter the throw".into()),
        [i] => match t.dice.get(*i) {
            Some(d) => d,
            None => return Verdict::Ask("the throw names a die it did not report: enter the throw".into()),
        },
        many => return Verdict::Ask(format!("{} dice landed at once: enter each throw", many.len())),
    };
    match throw_from_reading(die) {
        Ok(tw_dungeon_fighter::Command::Throw(t))
            if combat.pool_empty() && combat.rethrow.is_none() && !s.throwable_dice().contains(&t.die) =>
        {
            // All three colours are out: the throw counts once the player
            // has retrieved them (and taken the damage for it).
            Verdict::Wait("waiting for the coloured dice to be retrieved".into())
        }
        Ok(cmd) => Verdict::Apply {
            command: serde_json::to_value(cmd).expect("commands serialise"),
            die: die.clone(),
        },
        Err(ask) => Verdict::Ask(ask.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observation::Section;
    use tw_rules::DieColor;

    fn die(face: &str, color: DieColor, value: u32) -> DieReading {
        DieReading {
            center: [100.0, 100.0],
            corners: vec![],
            face: Some(face.into()),
            color,
            confidence: 0.95,
            cocked: false,
            section: Some(Section { value: Some(value), kind: "score".into(), name: None }),
            corners_mm: None,
        }
    }

    fn one_die(reader: &str) -> FinishedThrow {
        FinishedThrow { reader: reader.into(), dice: vec![die("blank", DieColor::Red, 3)], landed: vec![0] }
    }

    /// A two-hero game in the rulebook's first combat, as the engine makes it.
    fn in_combat() -> Value {
        let g = crate::registry::find("dungeon-fighter").unwrap();
        let mut s = g
            .setup(&serde_json::json!({"heroes": ["saul-baysar", "lianna-lightbringer"], "leader": 0, "difficulty": "normal"}))
            .unwrap();
        for c in [
            serde_json::json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}),
            serde_json::json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}),
        ] {
            s = g.execute(&s, &c).unwrap().state;
        }
        s
    }

    #[test]
    fn a_single_landed_die_in_combat_is_applied_as_a_throw() {
        let Verdict::Apply { command, die } = verdict("dungeon-fighter", &in_combat(), &one_die("target")) else {
            panic!("not applied")
        };
        assert_eq!(command["type"], "throw");
        assert_eq!(command["die"], "red");
        assert_eq!(command["landing"]["value"], 3);
        assert_eq!(die.face.as_deref(), Some("blank"));
    }

    #[test]
    fn what_cannot_be_scored_is_put_to_the_player_with_the_reason() {
        let s = in_combat();
        assert!(matches!(verdict("dungeon-fighter", &s, &one_die("pips")), Verdict::Ask(t) if t.contains("target board")));
        let mut none = one_die("target");
        none.landed.clear();
        assert!(matches!(verdict("dungeon-fighter", &s, &none), Verdict::Ask(t) if t.contains("no new die")));
        let mut two = one_die("target");
        two.dice.push(die("icon", DieColor::Blue, 2));
        two.landed = vec![0, 1];
        assert!(matches!(verdict("dungeon-fighter", &s, &two), Verdict::Ask(t) if t.contains("2 dice")));
        let mut unsure = one_die("target");
        unsure.dice[0].confidence = 0.3;
        assert!(matches!(verdict("dungeon-fighter", &s, &unsure), Verdict::Ask(t) if t.contains("uncertain")));
    }

    #[test]
    fn a_throw_after_all_three_colours_waits_for_their_retrieval() {
        let g = crate::registry::find("dungeon-fighter").unwrap();
        let mut s = in_combat();
        for colour in ["red", "green", "blue"] {
            let t = serde_json::json!({"type": "throw", "die": colour, "face": "blank", "landing": {"value": null, "kind": "outside"}});
            s = g.execute(&s, &t).unwrap().state;
        }
        assert!(matches!(verdict("dungeon-fighter", &s, &one_die("target")), Verdict::Wait(t) if t.contains("retrieved")));
        let s = g.execute(&s, &serde_json::json!({"type": "retrieve_dice"})).unwrap().state;
        assert!(matches!(verdict("dungeon-fighter", &s, &one_die("target")), Verdict::Apply { .. }));
    }

    #[test]
    fn outside_combat_a_throw_is_ignored_and_other_games_ask() {
        let g = crate::registry::find("dungeon-fighter").unwrap();
        let fresh = g.setup(&serde_json::json!({"heroes": ["saul-baysar", "lianna-lightbringer"], "leader": 0, "difficulty": "normal"})).unwrap();
        assert!(matches!(verdict("dungeon-fighter", &fresh, &one_die("target")), Verdict::Ignore(t) if t.contains("only in combat")));
        assert!(matches!(verdict("green-dungeon", &Value::Null, &one_die("pips")), Verdict::Ask(t) if t.contains("own screen")));
    }
}
