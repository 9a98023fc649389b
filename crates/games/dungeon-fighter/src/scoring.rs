//! End Game Scoring and the title table.

use crate::data::rules;
use crate::model::State;
use serde::{Deserialize, Serialize};

/// The points, line by line as the rulebook lists them, and the title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub gold: i32,
    pub white_dice: i32,
    pub no_scar_bonus: i32,
    pub scars: i32,
    pub eliminated: i32,
    pub difficulty: i32,
    pub total: i32,
    pub title: String,
}

pub fn score(s: &State) -> Score {
    let r = rules();
    let sc = &r.scoring;
    let gold = sc.per_gold * s.chest.gold as i32;
    let white_dice = sc.per_white_die * s.chest.white_dice as i32;
    let no_scar_bonus = if s.scars_taken == 0 {
        sc.no_scar_bonus
    } else {
        0
    };
    let scars = sc.per_scar * s.scars_taken as i32;
    let eliminated = sc.per_eliminated * s.heroes.iter().filter(|h| h.eliminated).count() as i32;
    let difficulty = r
        .difficulty
        .get(s.difficulty.key())
        .map(|d| d.points)
        .unwrap_or(0);
    let total = gold + white_dice + no_scar_bonus + scars + eliminated + difficulty;
    Score {
        gold,
        white_dice,
        no_scar_bonus,
        scars,
        eliminated,
        difficulty,
        total,
        title: title(total).to_string(),
    }
}

pub fn title(total: i32) -> &'static str {
    rules()
        .titles
        .iter()
        .find(|t| t.min.is_none_or(|m| total >= m) && t.max.is_none_or(|m| total <= m))
        .map(|t| t.title.as_str())
        .unwrap_or("Lame Ducks")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_table_edges() {
        assert_eq!(title(-7), "Lame Ducks");
        assert_eq!(title(0), "Lame Ducks");
        assert_eq!(title(1), "Inept Optimists");
        assert_eq!(title(5), "Inept Optimists");
        assert_eq!(title(6), "Insubordinate Rascals");
        assert_eq!(title(15), "Rookie Adventurers");
        assert_eq!(title(16), "Wannabe Heroes");
        assert_eq!(title(25), "Average Warriors");
        assert_eq!(title(30), "Skilled Champions");
        assert_eq!(title(31), "Epic Sourcebook Readers");
        assert_eq!(title(40), "Epic Sourcebook Writers");
        assert_eq!(title(41), "Heroic Awesomeness Beyond Human Comprehension");
        assert_eq!(title(400), "Heroic Awesomeness Beyond Human Comprehension");
    }
}
