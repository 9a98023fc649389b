//! The game's numbers, read from `data/rules.json`.
//!
//! Every count, cost and bonus the rulebook states lives in the data file so
//! a house rule or a misprint fix is an edit there, not in the engine.

use serde::Deserialize;
use std::sync::OnceLock;

const RULES_JSON: &str = include_str!("../data/rules.json");

#[derive(Debug, Clone, Deserialize)]
pub struct Rules {
    pub tiles: TileCounts,
    pub start: Start,
    pub max_luck: u8,
    pub time: TimeCosts,
    pub doors: Doors,
    pub xp: Xp,
    pub monster_bonus: MonsterBonus,
    pub magic: Magic,
    pub level_up: LevelUp,
    pub loot: Loot,
    pub mini_boss_luck: u8,
    pub bribe_multiplier_after_flight: u8,
    pub cards: CardRange,
    pub score: ScoreWeights,
}

/// How many tiles of each kind make up the 25-tile dungeon.
#[derive(Debug, Clone, Deserialize)]
pub struct TileCounts {
    pub drop: u8,
    pub hammer: u8,
    pub wood: u8,
    pub brick: u8,
    pub cog: u8,
    pub straw: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Start {
    pub health: u8,
    pub magic: u8,
    pub luck: u8,
    pub treasure: u8,
    pub level: u8,
}

/// Black cubes each action costs, and the event-track cadence.
#[derive(Debug, Clone, Deserialize)]
pub struct TimeCosts {
    pub room_cleared: u8,
    pub rest: u8,
    pub door: u8,
    pub door_retry: u8,
    pub after_wandering: u8,
    pub event_every: u8,
    pub reset_at: u8,
    pub event_cubes_removed_at_reset: u8,
}

/// A closed-side door opens when die + level is strictly greater than these.
#[derive(Debug, Clone, Deserialize)]
pub struct Doors {
    pub revisit_beats: u8,
    pub unexplored_beats: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Xp {
    pub drop: u8,
    pub hammer: u8,
    pub wandering: u8,
    pub mini_boss: u8,
    pub final_boss: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MonsterBonus {
    pub hammer_room: u8,
    pub mini_boss: u8,
    pub final_boss: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Magic {
    pub spell_cost: u8,
    pub spell_damage: u8,
    pub power_cost: u8,
    pub power_self_damage: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LevelUp {
    pub xp: u8,
    pub max_health: u8,
    pub max_magic: u8,
    pub heal: u8,
    pub restore_magic: u8,
    pub luck: u8,
}

/// Treasure cards kept from each source.
#[derive(Debug, Clone, Deserialize)]
pub struct Loot {
    pub cog_room: u8,
    pub guarded_monster: u8,
    pub wood_cog_trap: u8,
    pub brick_cog_trap: u8,
    pub mini_boss: u8,
    pub final_boss: u8,
}

/// The numbers a card can show; anything outside is a misread.
#[derive(Debug, Clone, Deserialize)]
pub struct CardRange {
    pub min: u8,
    pub max: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ScoreWeights {
    pub per_cube: i32,
    pub per_card: i32,
    pub per_level: i32,
    pub per_xp: i32,
    pub per_luck: i32,
    pub per_face_down_tile: i32,
    pub per_fled_meeple: i32,
    pub per_event_cube: i32,
}

/// The embedded rules. The file is compiled in and checked by a unit test,
/// so a parse failure here is a build defect, not bad player input.
pub fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        serde_json::from_str(RULES_JSON).expect("data/rules.json is valid (see data tests)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_rules_parse_and_are_consistent() {
        let r: Rules = serde_json::from_str(RULES_JSON).unwrap();
        let t = &r.tiles;
        assert_eq!(
            t.drop + t.hammer + t.wood + t.brick + t.cog + t.straw,
            25,
            "a 5x5 dungeon"
        );
        assert_eq!(
            r.time.reset_at % r.time.event_every,
            0,
            "the reset falls on an event step"
        );
        assert!(r.time.event_every > 0 && r.cards.min <= r.cards.max);
    }
}
