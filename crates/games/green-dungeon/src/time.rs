//! The time track: black cubes on the main row, event cubes beside it, and
//! the event checks they call for.
//!
//! Reading chosen where the rulebook is silent:
//! - Time is added one cube at a time, so a rest that takes the track from 4
//!   to 7 passes 5 and triggers the checks ("to (or beyond)").
//! - On reaching a multiple of 5 an event cube is placed and one upkeep
//!   check per event cube is queued: upkeep "is checked once per cube in the
//!   event counter track". The wandering-monster paragraph says only "Roll a
//!   die" against the number of cubes, so a player rolls it once per
//!   multiple of 5, after the upkeep rolls: the last queued check carries it
//!   (the cube count already makes a monster likelier as cubes pile up).
//!   The wandering roll is compared with the cubes on the track *when that
//!   cube was placed*.
//! - At 15 the cube is placed and its checks queued first (so three cubes
//!   give three upkeep rolls and one wandering roll against 3), then the main
//!   row is cleared and two event cubes are removed, as the rules list them
//!   in that order.
//!
//! Over any history the track therefore satisfies, with `T` cubes added in
//! all: `main == T mod 15` and `event_cubes == ⌊T/5⌋ − 2·⌊T/15⌋` (see
//! [`TimeTrack::expected_event_cubes`]).

use crate::data::rules;
use crate::grid::{Pos, SIZE};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use tw_rules::D6;

/// Why a cube was added to the main track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeReason {
    RoomCleared,
    Rest,
    Door,
    DoorRetry,
    WanderingMonster,
}

/// A queued event check: one upkeep roll, and the wandering-monster roll
/// when it is the last check its event cube queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingCheck {
    /// The wandering-monster threshold: event cubes when the cube was placed.
    pub event_cubes: u8,
    /// Whether this check also rolls for a wandering monster. Snapshots kept
    /// before 2026-11-28 rolled it with every check, hence the default.
    #[serde(default = "rolls_wandering")]
    pub wandering: bool,
}

fn rolls_wandering() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TimeTrack {
    /// Cubes on the main row (0..15).
    pub main: u8,
    pub event_cubes: u8,
    /// Every cube ever added; never decreases.
    pub elapsed: u32,
    pub pending_checks: VecDeque<PendingCheck>,
    /// Cubes earned this turn (doors, the room cleared) and added at the
    /// turn's end, when the player stands still in the room (turn step 3),
    /// so event checks never interrupt a half-resolved room.
    pub owed: Vec<TimeReason>,
}

/// What adding one cube does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tick {
    pub main: u8,
    pub elapsed: u32,
    /// Event cubes after placing one, when the track reached a multiple of 5.
    pub cube_placed: Option<u8>,
    /// Event cubes left after the reset at 15.
    pub reset_to: Option<u8>,
}

impl TimeTrack {
    // `%` rather than `is_multiple_of`: the workspace promises Rust 1.85.
    #[allow(clippy::manual_is_multiple_of)]
    pub fn tick(&self) -> Tick {
        let t = &rules().time;
        let main = self.main.saturating_add(1);
        let elapsed = self.elapsed.saturating_add(1);
        let mut tick = Tick {
            main,
            elapsed,
            cube_placed: None,
            reset_to: None,
        };
        if main % t.event_every == 0 {
            let cubes = self.event_cubes.saturating_add(1);
            tick.cube_placed = Some(cubes);
            if main >= t.reset_at {
                tick.reset_to = Some(cubes.saturating_sub(t.event_cubes_removed_at_reset));
            }
        }
        tick
    }

    /// The event cubes the rules allow after `elapsed` cubes in all.
    pub fn expected_event_cubes(elapsed: u32) -> u32 {
        let t = &rules().time;
        let every = t.event_every as u32;
        let reset = t.reset_at as u32;
        elapsed / every - (t.event_cubes_removed_at_reset as u32) * (elapsed / reset)
    }
}

/// What an upkeep roll points at.
///
/// Reading chosen: the first die counts tiles to the right along the top
/// row, counting the top-left tile as 1, so it names the column; the second
/// die counts down that column from the tile the first die reached, counting
/// that tile as 1, so it names the row. Dice 1–5 each reach every column and
/// row once: all 25 tiles are equally likely. Any 6 means no upkeep.
pub fn upkeep_target(first: D6, second: D6) -> Option<Pos> {
    let (a, b) = (first.value(), second.value());
    if a > SIZE || b > SIZE {
        return None;
    }
    Some(Pos {
        row: b - 1,
        col: a - 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: u8) -> D6 {
        D6::new(v).unwrap()
    }

    #[test]
    fn upkeep_reading_first_die_column_second_die_row() {
        assert_eq!(upkeep_target(d(1), d(1)), Some(Pos { row: 0, col: 0 }));
        assert_eq!(upkeep_target(d(3), d(1)), Some(Pos { row: 0, col: 2 }));
        assert_eq!(upkeep_target(d(3), d(2)), Some(Pos { row: 1, col: 2 }));
        assert_eq!(upkeep_target(d(5), d(5)), Some(Pos { row: 4, col: 4 }));
        assert_eq!(upkeep_target(d(6), d(2)), None);
        assert_eq!(upkeep_target(d(2), d(6)), None);
    }

    #[test]
    fn upkeep_reaches_every_tile_exactly_once() {
        let mut seen = std::collections::HashSet::new();
        for a in 1..=5 {
            for b in 1..=5 {
                assert!(seen.insert(upkeep_target(d(a), d(b)).unwrap()));
            }
        }
        assert_eq!(seen.len(), 25);
    }

    #[test]
    fn ticks_place_cubes_at_fives_and_reset_at_fifteen() {
        let mut t = TimeTrack::default();
        let mut placed = vec![];
        for _ in 0..15 {
            let k = t.tick();
            t.main = k.main;
            t.elapsed = k.elapsed;
            if let Some(c) = k.cube_placed {
                t.event_cubes = c;
                placed.push((k.main, c));
            }
            if let Some(r) = k.reset_to {
                t.main = 0;
                t.event_cubes = r;
            }
        }
        assert_eq!(placed, vec![(5, 1), (10, 2), (15, 3)]);
        assert_eq!((t.main, t.event_cubes, t.elapsed), (0, 1, 15));
        assert_eq!(TimeTrack::expected_event_cubes(15), 1);
        assert_eq!(TimeTrack::expected_event_cubes(14), 2);
        assert_eq!(TimeTrack::expected_event_cubes(40), 4);
    }
}
