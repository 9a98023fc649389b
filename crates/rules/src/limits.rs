//! Range checks for the numbers inside commands.
//!
//! Commands arrive as JSON from scripts, imports and the window, so any
//! numeric field can hold `i32::MIN` or `u32::MAX`. Engines check each one
//! against the range the game can use before deciding anything, and refuse
//! with the field's path, so no later sum can overflow.

use crate::engine::Refusal;
use std::fmt::Display;

/// The rule every out-of-range refusal cites.
pub const RULE: &str = "Input: numbers";

/// `value` of the field at `path` must lie in `lo..=hi`.
pub fn in_range<T: PartialOrd + Display>(
    path: &str,
    value: T,
    lo: T,
    hi: T,
) -> Result<(), Refusal> {
    if value < lo || value > hi {
        return Err(Refusal::new(
            RULE,
            format!("{path} is {value}; it must be {lo} to {hi}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_outside_the_range_is_refused_naming_the_field() {
        assert!(in_range("attrs.life", 5, 0, 99).is_ok());
        assert!(in_range("attrs.life", 0, 0, 99).is_ok());
        let r = in_range("attrs.life", i32::MIN, 0, 99).unwrap_err();
        assert_eq!(r.rule, RULE);
        assert_eq!(r.reason, "attrs.life is -2147483648; it must be 0 to 99");
        assert!(in_range("index", u64::MAX, 0, 1000).is_err());
    }
}
