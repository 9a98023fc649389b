//! Which die is whose when two are rolled together (a hero's and an enemy's).
//!
//! By colour when the two differ; when they share a colour, by where the
//! player set each side to roll (nearest to a table position they chose).

use crate::observation::DieReading;
use serde::{Deserialize, Serialize};
use tw_rules::DieColor;

/// How to tell the two dice apart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Pairing {
    Colour { ours: DieColor, theirs: DieColor },
    /// Image positions where each side's die is rolled.
    Position { ours: [f64; 2], theirs: [f64; 2] },
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AssignError {
    #[error("expected 2 dice on the table, saw {0}")]
    Count(usize),
    #[error("no {0} die on the table (colours seen: {1})")]
    MissingColour(&'static str, String),
    #[error("both dice are {0}; set each side's position to tell them apart")]
    SameColour(&'static str),
    #[error("a die's face is unreadable (reading {0:?}); enter it by hand")]
    Unreadable(Option<String>),
}

/// Returns (ours, theirs) as pip values.
pub fn pair(dice: &[DieReading], pairing: &Pairing) -> Result<(u8, u8), AssignError> {
    if dice.len() != 2 {
        return Err(AssignError::Count(dice.len()));
    }
    let (a, b) = match pairing {
        Pairing::Colour { ours, theirs } => {
            if ours == theirs {
                return Err(AssignError::SameColour(ours.name()));
            }
            let seen = || dice.iter().map(|d| d.color.name()).collect::<Vec<_>>().join(", ");
            let find = |c: &DieColor| dice.iter().find(|d| d.color == *c);
            let a = find(ours).ok_or_else(|| AssignError::MissingColour(ours.name(), seen()))?;
            let b = find(theirs).ok_or_else(|| AssignError::MissingColour(theirs.name(), seen()))?;
            (a, b)
        }
        Pairing::Position { ours, theirs } => {
            // Choose the assignment with the smaller total distance, so a die
            // rolled a little astray still goes to the nearer side.
            let d = |r: &DieReading, p: &[f64; 2]| ((r.center[0] - p[0]).powi(2) + (r.center[1] - p[1]).powi(2)).sqrt();
            if d(&dice[0], ours) + d(&dice[1], theirs) <= d(&dice[1], ours) + d(&dice[0], theirs) {
                (&dice[0], &dice[1])
            } else {
                (&dice[1], &dice[0])
            }
        }
    };
    let pa = a.pips().ok_or_else(|| AssignError::Unreadable(a.face.clone()))?;
    let pb = b.pips().ok_or_else(|| AssignError::Unreadable(b.face.clone()))?;
    Ok((pa, pb))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn die(x: f64, face: &str, color: DieColor) -> DieReading {
        DieReading { center: [x, 0.0], corners: vec![], face: Some(face.into()), color, confidence: 0.9, cocked: false, section: None, corners_mm: None }
    }

    #[test]
    fn by_colour_ignores_order() {
        let dice = [die(0.0, "2", DieColor::Red), die(50.0, "6", DieColor::Green)];
        let p = Pairing::Colour { ours: DieColor::Green, theirs: DieColor::Red };
        assert_eq!(pair(&dice, &p), Ok((6, 2)));
    }

    #[test]
    fn by_position_takes_the_nearer_side() {
        let dice = [die(90.0, "1", DieColor::White), die(10.0, "4", DieColor::White)];
        let p = Pairing::Position { ours: [0.0, 0.0], theirs: [100.0, 0.0] };
        assert_eq!(pair(&dice, &p), Ok((4, 1)));
    }

    #[test]
    fn refuses_what_it_cannot_tell() {
        let one = [die(0.0, "2", DieColor::Red)];
        assert_eq!(pair(&one, &Pairing::Position { ours: [0.0; 2], theirs: [1.0; 2] }), Err(AssignError::Count(1)));
        let same = [die(0.0, "2", DieColor::Red), die(5.0, "3", DieColor::Red)];
        assert!(matches!(
            pair(&same, &Pairing::Colour { ours: DieColor::Red, theirs: DieColor::Blue }),
            Err(AssignError::MissingColour("blue", _))
        ));
        let blurry = [die(0.0, "?", DieColor::Red), die(5.0, "3", DieColor::Blue)];
        assert!(matches!(
            pair(&blurry, &Pairing::Colour { ours: DieColor::Red, theirs: DieColor::Blue }),
            Err(AssignError::Unreadable(_))
        ));
    }
}
