//! Dungeon Roll's verdict on a finished throw: when the game waits for a
//! roll, the dice read become the roll's command.
//!
//! - A new delve takes every die in view: seven white Party dice and the
//!   black Dungeon die of level 1 (all of them are rolled afresh, so
//!   nothing else lies on the table). Party dice and the Dungeon Lord's
//!   die may land in separate throws: the first asks for the missing die,
//!   the second sees them all.
//! - Seeking glory takes the black dice this throw moved: the party's dice
//!   and the dragons in the Lair stay where they lie.
//! - A face read below [`CONFIDENCE_THRESHOLD`], a die of another colour
//!   (red, green, blue), a face of the other die, or the wrong count is put
//!   to the player with the reason. A body colour the reader could not
//!   class is no reason to ask: the twelve faces are all different, so the
//!   face tells which die it is (black dice on a dark table often read so). Rerolls (Scrolls, Specialties, Ultimates) are entered on
//!   the screen.

use crate::observation::{DieReading, CONFIDENCE_THRESHOLD};
use crate::throws::{FinishedThrow, Verdict};
use serde_json::{json, Value};
use tw_dungeon_roll::{DungeonFace, PartyFace, State};
use tw_rules::DieColor;

/// The Party dice are white, the Dungeon dice black.
const PARTY: DieColor = DieColor::White;
const DUNGEON: DieColor = DieColor::Black;

pub fn verdict(state: &Value, t: &FinishedThrow) -> Verdict {
    let s: State = match serde_json::from_value(state.clone()) {
        Ok(s) => s,
        Err(e) => return Verdict::Ignore(format!("the game's state could not be read: {e}")),
    };
    let wanted = tw_dungeon_roll::picks::roll_wanted(&s);
    let want = |k: &str| wanted[k].as_u64().unwrap_or(0) as usize;
    match wanted["kind"].as_str() {
        Some("start_delve") => {
            let all: Vec<usize> = (0..t.dice.len()).collect();
            roll(t, &all, want("party"), want("dungeon")).map_or_else(
                Verdict::Ask,
                |(party, dungeon, die)| apply(json!({"type": "start_delve", "party": party, "dungeon": dungeon}), die),
            )
        }
        Some("seek_glory") => {
            // Only the black dice that moved are the new level's roll.
            let moved: Vec<usize> = t.landed.iter().copied().filter(|i| t.dice.get(*i).is_some_and(|d| d.color != PARTY)).collect();
            roll(t, &moved, 0, want("dungeon")).map_or_else(
                Verdict::Ask,
                |(_, dungeon, die)| apply(json!({"type": "seek_glory", "dungeon": dungeon}), die),
            )
        }
        _ if s.finished.is_some() => Verdict::Ignore("the game is over".into()),
        _ if s.delve.as_ref().is_some_and(|d| d.dungeon.monsters() > 0) => Verdict::Ask(
            "no roll is due while monsters stand: a Scroll's or a hero's reroll is entered on the screen".into(),
        ),
        _ => Verdict::Ignore(
            "a roll counts when a delve starts or the party seeks glory; the delve goes on on the screen".into(),
        ),
    }
}

fn apply(command: Value, die: DieReading) -> Verdict {
    Verdict::Apply { command, die }
}

/// Party faces, Dungeon faces, and the die least surely read (logged with
/// the command), from dice `at`; or why they cannot be used.
fn roll(t: &FinishedThrow, at: &[usize], party_n: usize, dungeon_n: usize) -> Result<(Vec<PartyFace>, Vec<DungeonFace>, DieReading), String> {
    let mut party = Vec::new();
    let mut dungeon = Vec::new();
    let mut least: Option<&DieReading> = None;
    for d in at.iter().filter_map(|i| t.dice.get(*i)) {
        let Some(face) = d.face.as_deref() else {
            return Err(format!("a {} die could not be read: enter the roll", colour(d.color)));
        };
        let name = face_words(face);
        if d.confidence < CONFIDENCE_THRESHOLD {
            return Err(format!(
                "a {} die looks like {name} but the camera is not sure: check it and enter the roll",
                colour(d.color)
            ));
        }
        let (as_party, as_dungeon) = (parse::<PartyFace>(face), parse::<DungeonFace>(face));
        if as_party.is_none() && as_dungeon.is_none() {
            return Err(format!(
                "a die was read as \"{face}\", which no Dungeon Roll die shows: the dice must be read with their enrolled die set; enter the roll"
            ));
        }
        match (d.color, as_party, as_dungeon) {
            (PARTY, Some(f), _) => party.push(f),
            (DUNGEON, _, Some(f)) => dungeon.push(f),
            // A body colour the reader could not class: the face tells the
            // die (no face is on both dice).
            (DieColor::Other, Some(f), _) => party.push(f),
            (DieColor::Other, _, Some(f)) => dungeon.push(f),
            (PARTY, None, _) => {
                return Err(format!("a white die was read as {name}, which only a black Dungeon die shows: enter the roll"))
            }
            (DUNGEON, _, None) => {
                return Err(format!("a black die was read as {name}, which only a white Party die shows: enter the roll"))
            }
            (other, _, _) => {
                return Err(format!(
                    "a {} die is on the table: Dungeon Roll's dice are white (party) and black (dungeon); take it away or enter the roll",
                    colour(other)
                ))
            }
        }
        if least.is_none_or(|l| d.confidence < l.confidence) {
            least = Some(d);
        }
    }
    if party.len() != party_n || dungeon.len() != dungeon_n {
        return Err(count_words(party.len(), party_n, dungeon.len(), dungeon_n));
    }
    match least {
        Some(d) => Ok((party, dungeon, d.clone())),
        None => Err("no die was found: enter the roll".into()),
    }
}

fn count_words(party: usize, party_n: usize, dungeon: usize, dungeon_n: usize) -> String {
    let dice = |n: usize, what: &str| format!("{n} {what} {}", if n == 1 { "die" } else { "dice" });
    if party_n == 0 {
        return format!(
            "the Dungeon Lord rolls {} for the next level, but {} landed: enter the roll",
            dice(dungeon_n, "black"),
            dice(dungeon, "black")
        );
    }
    format!(
        "a delve starts with {} and {}, but the camera sees {} and {}: roll the missing dice, or enter the roll",
        dice(party_n, "white Party"),
        dice(dungeon_n, "black Dungeon"),
        dice(party, "white"),
        dice(dungeon, "black")
    )
}

fn colour(c: DieColor) -> &'static str {
    match c {
        DieColor::Other => "odd-coloured",
        c => c.name(),
    }
}

/// A die-set face name ("fighter", "goblin") as the engine's face.
fn parse<F: serde::de::DeserializeOwned>(face: &str) -> Option<F> {
    serde_json::from_value(Value::String(face.trim().to_lowercase())).ok()
}

/// A face as the rulebook writes it: "fighter" → "a Fighter".
fn face_words(face: &str) -> String {
    let mut c = face.chars();
    match c.next() {
        Some(first) => format!("{}{}", first.to_uppercase(), c.as_str().replace('_', " ")),
        None => "nothing".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::throws::verdict as any_verdict;

    fn die(face: &str, color: DieColor, x: f64) -> DieReading {
        DieReading {
            center: [x, 100.0],
            corners: vec![],
            face: Some(face.into()),
            color,
            confidence: 0.95,
            cocked: false,
            section: None,
            corners_mm: None,
        }
    }

    fn throw(dice: Vec<DieReading>, landed: Vec<usize>) -> FinishedThrow {
        FinishedThrow { reader: "pips".into(), dice, landed }
    }

    /// The rulebook's opening roll: seven white dice and one black.
    fn opening() -> Vec<DieReading> {
        let mut v: Vec<DieReading> = ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"]
            .iter()
            .enumerate()
            .map(|(i, f)| die(f, DieColor::White, i as f64 * 50.0))
            .collect();
        v.push(die("goblin", DieColor::Black, 400.0));
        v
    }

    fn game() -> (Box<dyn tw_rules::DynGame>, Value) {
        let g = crate::registry::find("dungeon-roll").unwrap();
        let s = g
            .setup(&json!({"players": [{"name": "Ann", "hero": "commander"}, {"name": "Bo", "hero": "bard"}]}))
            .unwrap();
        (g, s)
    }

    fn all(n: usize) -> Vec<usize> {
        (0..n).collect()
    }

    #[test]
    fn a_new_delve_takes_seven_white_and_one_black_die_as_the_start_command() {
        let (g, s) = game();
        let Verdict::Apply { command, die } = any_verdict("dungeon-roll", &s, &throw(opening(), all(8))) else {
            panic!("not applied")
        };
        assert_eq!(command["type"], "start_delve");
        assert_eq!(command["party"].as_array().unwrap().len(), 7);
        assert_eq!(command["dungeon"], json!(["goblin"]));
        assert!(die.face.is_some());
        // The engine takes it as it stands.
        let after = g.execute(&s, &command).unwrap().state;
        assert_eq!(after["delve"]["party"]["fighter"], 2);
        assert_eq!(after["delve"]["dungeon"]["goblin"], 1);
    }

    #[test]
    fn an_unsure_face_a_wrong_colour_and_a_wrong_count_are_put_to_the_player() {
        let (_, s) = game();
        let ask = |dice: Vec<DieReading>| match any_verdict("dungeon-roll", &s, &throw(dice.clone(), all(dice.len()))) {
            Verdict::Ask(why) => why,
            other => panic!("{other:?}"),
        };
        let mut unsure = opening();
        unsure[3].confidence = CONFIDENCE_THRESHOLD - 0.05;
        assert!(ask(unsure).contains("not sure"));
        let mut red = opening();
        red[7].color = DieColor::Red;
        assert!(ask(red).contains("a red die"));
        // A body colour not classed: the face says which die it is.
        let mut unclassed = opening();
        unclassed[7].color = DieColor::Other;
        unclassed[0].color = DieColor::Other;
        let (_, s2) = game();
        let Verdict::Apply { command, .. } = any_verdict("dungeon-roll", &s2, &throw(unclassed, all(8))) else { panic!("not applied") };
        assert_eq!(command["dungeon"], json!(["goblin"]));
        assert_eq!(command["party"].as_array().unwrap().len(), 7);
        let mut swapped = opening();
        swapped[0].face = Some("ooze".into());
        assert!(ask(swapped).contains("a white die was read as Ooze"));
        let mut unread = opening();
        unread[1].face = None;
        assert!(ask(unread).contains("could not be read"));
        // Pips mean the dice were not read with their own die set.
        let mut pips = opening();
        pips[2].face = Some("3".into());
        assert!(ask(pips).contains("enrolled die set"));
        // The party landed first: the Dungeon Lord's die is missing.
        let why = ask(opening()[..7].to_vec());
        assert!(why.contains("7 white Party dice and 1 black Dungeon die") && why.contains("0 black dice"), "{why}");
    }

    #[test]
    fn seeking_glory_takes_the_black_dice_that_moved() {
        let (g, s) = game();
        let mut s = g.execute(&s, &json!({"type": "start_delve", "party": ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"], "dungeon": ["goblin"]})).unwrap().state;
        // Monsters stand: no roll is due, a reroll is entered by hand.
        assert!(matches!(any_verdict("dungeon-roll", &s, &throw(opening(), all(8))), Verdict::Ask(w) if w.contains("monsters stand")));
        s = g.execute(&s, &json!({"type": "accept_proposal"})).unwrap().state;
        // Six party dice lie still; a dragon from before lies still too; two black dice moved.
        let mut dice: Vec<DieReading> = (0..6).map(|i| die("mage", DieColor::White, i as f64 * 50.0)).collect();
        dice.push(die("dragon", DieColor::Black, 500.0));
        dice.push(die("skeleton", DieColor::Black, 600.0));
        dice.push(die("chest", DieColor::Black, 650.0));
        let t = throw(dice, vec![7, 8]);
        let Verdict::Apply { command, .. } = any_verdict("dungeon-roll", &s, &t) else { panic!("not applied") };
        assert_eq!(command, json!({"type": "seek_glory", "dungeon": ["skeleton", "chest"]}));
        assert!(g.execute(&s, &command).is_ok());
        // One black die moved where level 2 rolls two.
        let short = throw(t.dice.clone(), vec![8]);
        assert!(matches!(any_verdict("dungeon-roll", &s, &short), Verdict::Ask(w) if w.contains("rolls 2 black dice for the next level, but 1 black die landed")));
    }

    #[test]
    fn after_the_last_delve_a_throw_is_ignored() {
        let (_, s) = game();
        let mut st: State = serde_json::from_value(s).unwrap();
        st.finished = Some(tw_dungeon_roll::score::standings(&st.players));
        let v = verdict(&serde_json::to_value(&st).unwrap(), &throw(opening(), all(8)));
        assert!(matches!(v, Verdict::Ignore(w) if w.contains("over")));
    }
}
