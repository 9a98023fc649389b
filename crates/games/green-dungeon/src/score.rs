//! The final score: what the hero carries out, less the penalties.

use crate::data::rules;
use crate::grid::MeepleReason;
use crate::state::State;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Red, blue and yellow cubes left.
    pub cubes: i32,
    /// Treasure cards held (the weapon and potions).
    pub cards: i32,
    pub level: i32,
    pub xp: i32,
    pub luck: i32,
    pub initial: i32,
    pub face_down_tiles: i32,
    pub fled_meeples: i32,
    pub event_cubes: i32,
    pub penalties: i32,
    #[serde(rename = "final")]
    pub total: i32,
}

pub fn score(s: &State) -> Score {
    let w = &rules().score;
    let p = &s.player;
    let cubes = (p.health as i32 + p.magic as i32 + p.treasure as i32) * w.per_cube;
    let cards = (p.potions.len() as i32 + p.weapon.is_some() as i32) * w.per_card;
    let level = p.level as i32 * w.per_level;
    let xp = p.xp as i32 * w.per_xp;
    let luck = p.luck as i32 * w.per_luck;
    let initial = cubes + cards + level + xp + luck;
    let face_down_tiles = s.grid.face_down_count() as i32 * w.per_face_down_tile;
    let fled = s
        .grid
        .tiles()
        .filter(|(_, t)| {
            t.meeple
                .as_ref()
                .is_some_and(|m| m.reason == MeepleReason::Fled)
        })
        .count() as i32;
    let fled_meeples = fled * w.per_fled_meeple;
    let event_cubes = s.time.event_cubes as i32 * w.per_event_cube;
    let penalties = face_down_tiles + fled_meeples + event_cubes;
    Score {
        cubes,
        cards,
        level,
        xp,
        luck,
        initial,
        face_down_tiles,
        fled_meeples,
        event_cubes,
        penalties,
        total: initial - penalties,
    }
}
