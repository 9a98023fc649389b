//! Final score and the winner.
//!
//! Score = XP tokens, plus every unused treasure token (1 each, Town Portal
//! 2), plus 2 per pair of Dragon Scales. A Dragon Scale is an unused token
//! too, so a pair is worth 1 + 1 + 2 = 4: the rules list the pair bonus as
//! an extra line beside the per-token XP, and a player reads it that way.
//! Ties go to the fewer tokens; still tied, the victory is shared.

use crate::data::rules;
use crate::state::Player;
use crate::treasure::TreasureKind;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalScore {
    pub player: usize,
    pub name: String,
    pub xp: u16,
    pub token_xp: u16,
    pub scale_pairs_xp: u16,
    pub total: u16,
    /// Tokens held (the tiebreak: fewer wins).
    pub tokens: u16,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    pub scores: Vec<FinalScore>,
    /// Seats of the winners: more than one when the tiebreak leaves a tie.
    pub winners: Vec<usize>,
}

pub fn score(seat: usize, p: &Player) -> FinalScore {
    let r = &rules().score;
    let token_xp: u16 = p
        .tokens
        .0
        .iter()
        .map(|(k, n)| (*n as u16).saturating_mul(k.score().saturating_mul(r.per_token)))
        .fold(0u16, |a, b| a.saturating_add(b));
    let pairs = (p.tokens.get(TreasureKind::DragonScales) / 2) as u16;
    let scale_pairs_xp = pairs.saturating_mul(r.per_scale_pair);
    FinalScore {
        player: seat,
        name: p.name.clone(),
        xp: p.xp,
        token_xp,
        scale_pairs_xp,
        total: p.xp.saturating_add(token_xp).saturating_add(scale_pairs_xp),
        tokens: p.tokens.total(),
    }
}

/// Scores of every player (usable mid-game as a scoreboard) and who leads.
pub fn standings(players: &[Player]) -> Standings {
    let scores: Vec<FinalScore> = players
        .iter()
        .enumerate()
        .map(|(i, p)| score(i, p))
        .collect();
    let best = scores
        .iter()
        .map(|s| (s.total, std::cmp::Reverse(s.tokens)))
        .max();
    let winners = scores
        .iter()
        .filter(|s| Some((s.total, std::cmp::Reverse(s.tokens))) == best)
        .map(|s| s.player)
        .collect();
    Standings { scores, winners }
}
