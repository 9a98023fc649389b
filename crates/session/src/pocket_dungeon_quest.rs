//! Pocket Dungeon Quest: the Attack Die read from the table becomes the
//! roll the game waits for. While a hero attacks (a Monster in sight, a
//! Skelly Archer that stayed, the Boss's stack) one die at rest, read surely
//! with a face of the Attack Die, is that attack's roll against the Monster
//! the engine names (`camera_target`: reading order); a Poisoned hero's
//! roll works the same way. Anything less sure, or not one die, is put to
//! the player with the reason; a roll at any other time is ignored.

use crate::observation::{DieReading, CONFIDENCE_THRESHOLD};
use crate::throws::{FinishedThrow, Verdict};
use serde_json::{json, Value};
use tw_pocket_dungeon_quest::board_view::camera_target;
use tw_pocket_dungeon_quest::view::waiting_for;
use tw_pocket_dungeon_quest::{Command, PocketDungeonQuest, State};
use tw_rules::Game;

/// The die set the Attack Die is read with (`models/dice-sets/`, and the
/// set `warden synth d6 --set pocket-dungeon-quest` draws): the reader
/// reads with it when the player has enrolled it.
pub const DIE_SET: &str = "pocket-dungeon-quest";

/// "two_swords" → "two swords".
fn words(face: &str) -> String {
    face.replace('_', " ")
}

/// What the game waits for, in the words of the reason a roll is ignored.
fn waiting_words(w: &str) -> &'static str {
    match w {
        "move" => "the hero's move",
        "loot_or_end_turn" => "a pick-up or the end of the turn",
        "boss_search" => "a tile turned up for the Boss's Henchmen",
        "next_session" => "the next session to begin",
        _ => "something other than a roll",
    }
}

pub fn verdict(state: &Value, t: &FinishedThrow) -> Verdict {
    let s: State = match serde_json::from_value(state.clone()) {
        Ok(s) => s,
        Err(e) => return Verdict::Ignore(format!("the game's state could not be read: {e}")),
    };
    let waiting = waiting_for(&s);
    match waiting {
        "attack" | "boss_attack" | "poison_roll" => {}
        "over" => return Verdict::Ignore("the game is over".into()),
        "henchmen" => {
            return Verdict::Ask(
                "the Henchmen roll is confirmed on the screen (the face read is filled in), with the Henchmen chosen from the Monster Pile".into(),
            )
        }
        other => {
            return Verdict::Ignore(format!(
                "the Attack Die counts when a hero attacks (or rolls for the Poison); the game waits for {}",
                waiting_words(other)
            ))
        }
    }
    let die = match one_die(t) {
        Ok(d) => d,
        Err(why) => return Verdict::Ask(why),
    };
    let Some(face) = die.face.clone() else {
        return Verdict::Ask("the Attack Die's face could not be read: enter the roll".into());
    };
    if die.cocked {
        return Verdict::Ask("the Attack Die landed leaning on another: roll it again, or enter the roll".into());
    }
    if s.rules.face(&face).is_none() {
        return Verdict::Ask(if die.pips().is_some() {
            format!("the camera read pips ({face}), not the Attack Die: enrol the Attack Die's faces, or enter the roll")
        } else {
            format!("{} is not a face of the Attack Die: enter the roll", words(&face))
        });
    }
    if die.confidence < CONFIDENCE_THRESHOLD {
        return Verdict::Ask(format!(
            "the camera is uncertain of the Attack Die ({}, {:.0}% sure): confirm or enter the roll",
            words(&face),
            die.confidence * 100.0
        ));
    }
    let command = if waiting == "poison_roll" {
        json!({"type": "poison_roll", "roll": face})
    } else {
        let Some(target) = camera_target(&s) else {
            return Verdict::Ask("no Monster is waiting to be attacked: enter the roll".into());
        };
        json!({"type": "attack", "target": target, "roll": face})
    };
    // A roll the rules cannot take as it stands (a Slime's Critical Miss
    // when the hero must choose the Item it steals) goes to the player.
    let accepted = serde_json::from_value::<Command>(command.clone())
        .map_err(|e| e.to_string())
        .and_then(|c| PocketDungeonQuest::decide(&s, &c).map_err(|r| r.reason));
    if let Err(why) = accepted {
        return Verdict::Ask(format!("the camera read {}, but {why}: enter the roll on the screen", words(&face)));
    }
    Verdict::Apply { command, die: die.clone() }
}

/// The one die this throw moved, or why there is not one.
fn one_die(t: &FinishedThrow) -> Result<&DieReading, String> {
    match t.landed.as_slice() {
        [] => Err("the table settled but no die was found: enter the roll".into()),
        [i] => t
            .dice
            .get(*i)
            .ok_or_else(|| "the throw names a die it did not report: enter the roll".to_string()),
        many => Err(format!(
            "{} dice landed at once: roll the Attack Die alone, or enter the roll",
            many.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::throws::verdict as decide_throw;
    use tw_rules::DieColor;

    const GAME: &str = "pocket-dungeon-quest";

    fn die(face: &str, confidence: f64) -> DieReading {
        DieReading {
            center: [50.0, 60.0],
            corners: vec![],
            face: Some(face.into()),
            color: DieColor::White,
            confidence,
            cocked: false,
            section: None,
            corners_mm: None,
        }
    }

    fn throw(dice: Vec<DieReading>) -> FinishedThrow {
        let landed = (0..dice.len()).collect();
        FinishedThrow { reader: "pips".into(), dice, landed }
    }

    fn run(s: Value, c: Value) -> Value {
        let g = crate::registry::find(GAME).unwrap();
        g.execute(&s, &c).unwrap_or_else(|e| panic!("{c}: {e}")).state
    }

    fn fresh() -> Value {
        crate::registry::find(GAME).unwrap().setup(&json!({"heroes": ["warrior", "rogue"]})).unwrap()
    }

    /// The Warrior enters above column 5 and turns up a Goblin and a Slime.
    fn fighting() -> Value {
        run(
            fresh(),
            json!({"type": "move", "to": {"row": -1, "col": 4}, "reveal": [
                {"at": {"row": 0, "col": 3}, "tile": "goblin"},
                {"at": {"row": 0, "col": 4}, "tile": "slime"},
                {"at": {"row": 0, "col": 5}, "tile": "floor"}]}),
        )
    }

    #[test]
    fn one_sure_die_in_a_fight_is_the_attack_on_the_first_monster() {
        let s = fighting();
        let Verdict::Apply { command, die: read } = decide_throw(GAME, &s, &throw(vec![die("two_swords", 0.97)])) else {
            panic!("not applied")
        };
        assert_eq!(command, json!({"type": "attack", "target": {"row": 0, "col": 3}, "roll": "two_swords"}));
        assert_eq!(read.face.as_deref(), Some("two_swords"));
        // Applied, the Goblin is beaten and the next camera roll is for the Slime.
        let s = run(s, command);
        let Verdict::Apply { command, .. } = decide_throw(GAME, &s, &throw(vec![die("skull", 0.9)])) else {
            panic!("not applied")
        };
        assert_eq!(command["target"], json!({"row": 0, "col": 4}));
    }

    #[test]
    fn an_unsure_die_none_or_several_are_put_to_the_player() {
        let s = fighting();
        let unsure = decide_throw(GAME, &s, &throw(vec![die("flash", CONFIDENCE_THRESHOLD - 0.01)]));
        assert!(matches!(&unsure, Verdict::Ask(t) if t.contains("uncertain") && t.contains("flash")), "{unsure:?}");
        let none = decide_throw(GAME, &s, &throw(vec![]));
        assert!(matches!(&none, Verdict::Ask(t) if t.contains("no die")), "{none:?}");
        let two = decide_throw(GAME, &s, &throw(vec![die("skull", 0.9), die("flash", 0.9)]));
        assert!(matches!(&two, Verdict::Ask(t) if t.contains("2 dice")), "{two:?}");
        let mut blank = die("skull", 0.9);
        blank.face = None;
        assert!(matches!(decide_throw(GAME, &s, &throw(vec![blank])), Verdict::Ask(t) if t.contains("could not be read")));
        let pips = decide_throw(GAME, &s, &throw(vec![die("4", 0.99)]));
        assert!(matches!(&pips, Verdict::Ask(t) if t.contains("pips") && t.contains("enrol")), "{pips:?}");
    }

    #[test]
    fn a_roll_outside_an_attack_is_ignored_with_the_reason() {
        let v = decide_throw(GAME, &fresh(), &throw(vec![die("two_swords", 0.99)]));
        assert!(matches!(&v, Verdict::Ignore(t) if t.contains("when a hero attacks") && t.contains("move")), "{v:?}");
    }

    #[test]
    fn the_boss_is_attacked_on_its_own_space() {
        let s = run(
            fresh(),
            json!({"type": "move", "to": {"row": -1, "col": 4}, "reveal": [
                {"at": {"row": 0, "col": 3}, "tile": "boss"},
                {"at": {"row": 0, "col": 4}, "tile": "floor"},
                {"at": {"row": 0, "col": 5}, "tile": "floor"}]}),
        );
        // No Monster in the pile: the Henchmen roll is put to the player.
        assert!(matches!(decide_throw(GAME, &s, &throw(vec![die("one_sword", 0.99)])), Verdict::Ask(t) if t.contains("Henchmen")));
        let s = run(s, json!({"type": "henchmen", "roll": "one_sword"}));
        let s = if s["boss"]["stage"]["stage"] == "search" {
            run(s, json!({"type": "boss_search", "at": {"row": 5, "col": 5}, "tile": "goblin"}))
        } else {
            s
        };
        let Verdict::Apply { command, .. } = decide_throw(GAME, &s, &throw(vec![die("three_swords", 0.95)])) else {
            panic!("not applied: {:?}", s["boss"])
        };
        assert_eq!(command["target"], json!({"row": 0, "col": 3}));
    }

    #[test]
    fn a_roll_the_rules_cannot_take_as_read_is_asked_with_the_rules_reason() {
        // The Slime's Critical Miss when the Warrior holds two kinds of Item.
        let mut s = fighting();
        s = run(s, json!({"type": "attack", "target": {"row": 0, "col": 3}, "roll": "three_swords"}));
        s["heroes"][0]["inventory"] = json!(["potion", "bomb"]);
        let v = decide_throw(GAME, &s, &throw(vec![die("skull", 0.99)]));
        assert!(matches!(&v, Verdict::Ask(t) if t.contains("camera read skull") && t.contains("Slime")), "{v:?}");
    }
}
