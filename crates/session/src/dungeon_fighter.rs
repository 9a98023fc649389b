//! A Dungeon Fighter throw from what the camera saw.
//!
//! A die at rest becomes a `throw` command when its colour, face and landing
//! section are all known and the reading is confident; anything less is put
//! to the player instead of guessed.

use crate::observation::DieReading;
use tw_dungeon_fighter::model::{Die, Face, Landing, LandingKind};
use tw_dungeon_fighter::{Command, Throw};
use tw_rules::DieColor;

pub use crate::observation::CONFIDENCE_THRESHOLD;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AskPlayer {
    #[error("the die's face could not be read; is it the icon or blank?")]
    UnknownFace,
    #[error("face {0:?} is not a Dungeon Fighter face (icon or blank)")]
    NotAFace(String),
    #[error("a {0} die is not part of Dungeon Fighter; which die was thrown?")]
    UnknownDie(&'static str),
    #[error("the landing section is unknown (is the board calibrated?)")]
    UnknownSection,
    #[error("section kind {0:?} is not one the board has")]
    BadSection(String),
    #[error("the die is cocked (not lying flat); settle it or enter the result")]
    Cocked,
    #[error("the reading is uncertain (confidence {0:.2}); please confirm it")]
    Uncertain(f64),
}

/// Map one reading to a throw by the active hero.
pub fn throw_from_reading(d: &DieReading) -> Result<Command, AskPlayer> {
    if d.cocked {
        return Err(AskPlayer::Cocked);
    }
    if d.confidence < CONFIDENCE_THRESHOLD {
        return Err(AskPlayer::Uncertain(d.confidence));
    }
    let die = match d.color {
        DieColor::Red => Die::Red,
        DieColor::Green => Die::Green,
        DieColor::Blue => Die::Blue,
        DieColor::White => Die::White,
        other => return Err(AskPlayer::UnknownDie(other.name())),
    };
    let face = match d.face.as_deref() {
        None => return Err(AskPlayer::UnknownFace),
        Some("icon") => Face::Icon,
        Some("blank") => Face::Blank,
        Some(other) => return Err(AskPlayer::NotAFace(other.to_string())),
    };
    let section = d.section.as_ref().ok_or(AskPlayer::UnknownSection)?;
    let kind = match section.kind.as_str() {
        "score" => LandingKind::Score,
        "bullseye" => LandingKind::Bullseye,
        "hole" => LandingKind::Hole,
        "web" => LandingKind::Web,
        "bone" => LandingKind::Bone,
        "outside" => LandingKind::Outside,
        other => return Err(AskPlayer::BadSection(other.to_string())),
    };
    if kind == LandingKind::Score && section.value.is_none() {
        return Err(AskPlayer::UnknownSection);
    }
    Ok(Command::Throw(Throw {
        hero: None,
        die,
        face,
        landing: Landing { value: section.value, kind },
        no_bounce: false,
        requirement_failed: false,
        weapons: vec![],
        armour: None,
        backstab_doubled: false,
        use_level_up: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observation::Section;

    fn reading(face: Option<&str>, color: DieColor, kind: &str, value: Option<u32>) -> DieReading {
        DieReading {
            center: [0.0, 0.0],
            corners: vec![],
            face: face.map(String::from),
            color,
            confidence: 0.95,
            cocked: false,
            section: Some(Section { value, kind: kind.into(), name: None }),
            corners_mm: None,
        }
    }

    #[test]
    fn a_confident_reading_becomes_a_throw() {
        let cmd = throw_from_reading(&reading(Some("icon"), DieColor::Blue, "score", Some(4))).unwrap();
        let json = serde_json::to_value(&cmd).unwrap();
        assert_eq!(json["type"], "throw");
        assert_eq!(json["die"], "blue");
        assert_eq!(json["face"], "icon");
        assert_eq!(json["landing"]["value"], 4);
        assert_eq!(json["landing"]["kind"], "score");
    }

    #[test]
    fn misses_keep_their_reason() {
        let cmd = throw_from_reading(&reading(Some("blank"), DieColor::White, "hole", None)).unwrap();
        let Command::Throw(t) = cmd else { panic!("not a throw") };
        assert_eq!(t.landing.kind, LandingKind::Hole);
    }

    #[test]
    fn doubtful_readings_go_to_the_player() {
        let mut r = reading(Some("icon"), DieColor::Red, "score", Some(2));
        r.confidence = 0.4;
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::Uncertain(0.4)));
        let r = reading(None, DieColor::Red, "score", Some(2));
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::UnknownFace));
        let r = reading(Some("3"), DieColor::Red, "score", Some(2));
        assert!(matches!(throw_from_reading(&r), Err(AskPlayer::NotAFace(_))));
        let r = reading(Some("icon"), DieColor::Black, "score", Some(2));
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::UnknownDie("black")));
        let mut r = reading(Some("icon"), DieColor::Red, "score", None);
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::UnknownSection));
        r.section = None;
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::UnknownSection));
        let mut r = reading(Some("icon"), DieColor::Red, "score", Some(1));
        r.cocked = true;
        assert_eq!(throw_from_reading(&r), Err(AskPlayer::Cocked));
    }

    #[test]
    fn a_mapped_throw_is_accepted_by_the_engine_in_combat() {
        // The mapped command must be one the engine understands: round-trip
        // through JSON as the session would send it.
        let cmd = throw_from_reading(&reading(Some("blank"), DieColor::Green, "bullseye", None)).unwrap();
        let text = serde_json::to_string(&cmd).unwrap();
        let back: Command = serde_json::from_str(&text).unwrap();
        assert_eq!(back, cmd);
    }
}
