//! Die values and colours shared by the games.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A six-sided die showing 1..=6. Construction checks the range so an engine
/// never sees an impossible face from a misread or a typo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct D6(u8);

impl D6 {
    pub fn new(value: u8) -> Result<Self, String> {
        if (1..=6).contains(&value) {
            Ok(D6(value))
        } else {
            Err(format!("a six-sided die shows 1 to 6, not {value}"))
        }
    }
    pub fn value(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for D6 {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, String> {
        D6::new(v)
    }
}

impl From<D6> for u8 {
    fn from(d: D6) -> u8 {
        d.0
    }
}

impl fmt::Display for D6 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Colour classes the camera reports; games use them to tell dice apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DieColor {
    Red,
    Green,
    Blue,
    White,
    Black,
    Other,
}

impl DieColor {
    pub const ALL: [DieColor; 6] = [
        DieColor::Red,
        DieColor::Green,
        DieColor::Blue,
        DieColor::White,
        DieColor::Black,
        DieColor::Other,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DieColor::Red => "red",
            DieColor::Green => "green",
            DieColor::Blue => "blue",
            DieColor::White => "white",
            DieColor::Black => "black",
            DieColor::Other => "other",
        }
    }
}

impl std::str::FromStr for DieColor {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        DieColor::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "unknown die colour {s:?} (expected red, green, blue, white, black or other)"
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d6_rejects_out_of_range_and_json_checks_too() {
        assert!(D6::new(0).is_err());
        assert!(D6::new(7).is_err());
        assert_eq!(D6::new(6).unwrap().value(), 6);
        assert!(serde_json::from_str::<D6>("9").is_err());
        assert_eq!(
            serde_json::from_str::<D6>("3").unwrap(),
            D6::new(3).unwrap()
        );
    }

    #[test]
    fn colour_parses_case_insensitively_and_names_bad_input() {
        assert_eq!("Red".parse::<DieColor>().unwrap(), DieColor::Red);
        let err = "purple".parse::<DieColor>().unwrap_err();
        assert!(err.contains("purple"));
    }
}
