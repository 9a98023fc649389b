//! What happened, and how each event changes the state ([`evolve`]).
//!
//! Events carry the values after the change (health now 7, main track now
//! 3) so folding them is trivial and a log read back rebuilds the same state.

use crate::command::Action;
use crate::grid::{Dir, Exits, Face, Meeple, Pos, TileKind};
use crate::score::Score;
use crate::state::{Outcome, Phase, Potion, State};
pub use crate::time::TimeReason;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Via {
    Open,
    DoorOpenSide,
    DoorClosedSide,
    Fled,
    Retreat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    Health,
    MaxHealth,
    Magic,
    MaxMagic,
    Treasure,
    Luck,
    Xp,
    Level,
}

/// The outcome of an upkeep roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "upkeep", rename_all = "snake_case")]
pub enum Upkeep {
    /// A six was rolled.
    None,
    Reset {
        at: Pos,
    },
    SkippedUnexplored {
        at: Pos,
    },
    SkippedCurrentRoom {
        at: Pos,
    },
    SkippedBossRoom {
        at: Pos,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MonsterAction {
    Melee,
    Spell,
    PowerSpell,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    TileFlipped {
        at: Pos,
        kind: TileKind,
        exits: Exits,
        clairvoyant: bool,
    },
    Moved {
        from: Pos,
        to: Pos,
        via: Via,
    },
    DoorHeld {
        dir: Dir,
        roll: u8,
        total: u8,
        needed_above: u8,
    },
    DoorOpened {
        dir: Dir,
        roll: u8,
        total: u8,
        needed_above: u8,
    },
    RoomExplored {
        at: Pos,
    },
    RoomCleared {
        at: Pos,
    },
    TimeOwed {
        cubes: u8,
        reason: TimeReason,
    },
    TimeAdvanced {
        reason: TimeReason,
        main: u8,
        elapsed: u32,
        owed: bool,
    },
    EventCubePlaced {
        event_cubes: u8,
        checks_queued: u8,
    },
    MainTrackCleared {
        event_cubes: u8,
    },
    EventChecked {
        upkeep_dice: [u8; 2],
        upkeep: Upkeep,
        /// None on a check that rolls only for upkeep (see `time`).
        wandering_roll: Option<u8>,
        event_cubes: u8,
        wandering_monster: bool,
    },
    TileReset {
        at: Pos,
    },
    PhaseChanged {
        phase: Phase,
    },
    PlayerChanged {
        stat: Stat,
        change: i16,
        now: u8,
        cause: String,
    },
    WeaponEquipped {
        bonus: u8,
    },
    PotionGained {
        potion: Potion,
    },
    PotionUsed {
        index: usize,
        potion: Potion,
    },
    MiniBossRoomFound {
        at: Pos,
    },
    MiniBossDefeated,
    CombatRound {
        player: Action,
        monster: MonsterAction,
    },
    MeleeRolled {
        player_die: u8,
        monster_die: u8,
        player_total: u8,
        monster_total: u8,
        player_won: bool,
    },
    MonsterHurt {
        amount: u8,
        health: u8,
    },
    MonsterCast {
        power: bool,
        damage: u8,
        magic_left: u8,
    },
    FleeRolled {
        player_die: u8,
        monster_die: u8,
        player_total: u8,
        monster_total: u8,
        escaped: bool,
    },
    MeeplePlaced {
        at: Pos,
        meeple: Meeple,
    },
    MeepleRemoved {
        at: Pos,
    },
    Bribed {
        cost: u8,
    },
    MonsterDefeated,
    RestBegan,
    RestInterrupted,
    GameOver {
        outcome: Outcome,
        score: Score,
    },
}

/// Fold one event into the state. Events come from [`crate::decide`] (or a
/// log of them), so they are trusted to fit the state.
pub fn evolve(s: &mut State, e: &Event) {
    match e {
        Event::TileFlipped {
            at,
            kind,
            exits,
            clairvoyant,
        } => {
            let t = s.grid.tile_mut(*at);
            t.face = Some(Face {
                kind: *kind,
                exits: *exits,
            });
            t.face_up = true;
            t.clairvoyant = *clairvoyant;
        }
        Event::Moved { from, to, .. } => {
            s.previous = Some(*from);
            s.at = *to;
            s.failed_doors.clear();
            s.grid.tile_mut(*to).visited = true;
        }
        Event::DoorHeld { dir, .. } => {
            if !s.failed_doors.contains(dir) {
                s.failed_doors.push(*dir);
            }
        }
        Event::DoorOpened { .. } => {}
        Event::RoomExplored { at } => {
            let t = s.grid.tile_mut(*at);
            t.explored = true;
            t.clairvoyant = false;
        }
        Event::RoomCleared { at } => {
            let t = s.grid.tile_mut(*at);
            t.cleared = true;
            t.meeple = None;
        }
        Event::TimeOwed { cubes, reason } => s
            .time
            .owed
            .extend(std::iter::repeat_n(*reason, *cubes as usize)),
        Event::TimeAdvanced {
            main,
            elapsed,
            owed,
            ..
        } => {
            s.time.main = *main;
            s.time.elapsed = *elapsed;
            if *owed && !s.time.owed.is_empty() {
                s.time.owed.remove(0);
            }
        }
        Event::EventCubePlaced {
            event_cubes,
            checks_queued,
        } => {
            s.time.event_cubes = *event_cubes;
            // One upkeep roll per cube; the wandering roll comes with the last.
            for i in 0..*checks_queued {
                s.time.pending_checks.push_back(crate::time::PendingCheck {
                    event_cubes: *event_cubes,
                    wandering: i + 1 == *checks_queued,
                });
            }
        }
        Event::MainTrackCleared { event_cubes } => {
            s.time.main = 0;
            s.time.event_cubes = *event_cubes;
        }
        Event::EventChecked { .. } => {
            s.time.pending_checks.pop_front();
        }
        Event::TileReset { at } => {
            let t = s.grid.tile_mut(*at);
            t.face_up = false;
            t.explored = false;
            t.cleared = false;
            t.clairvoyant = false;
            t.meeple = None;
        }
        Event::PhaseChanged { phase } => s.phase = phase.clone(),
        Event::PlayerChanged { stat, now, .. } => {
            let p = &mut s.player;
            let field = match stat {
                Stat::Health => &mut p.health,
                Stat::MaxHealth => &mut p.max_health,
                Stat::Magic => &mut p.magic,
                Stat::MaxMagic => &mut p.max_magic,
                Stat::Treasure => &mut p.treasure,
                Stat::Luck => &mut p.luck,
                Stat::Xp => &mut p.xp,
                Stat::Level => &mut p.level,
            };
            *field = *now;
        }
        Event::WeaponEquipped { bonus } => s.player.weapon = Some(*bonus),
        Event::PotionGained { potion } => s.player.potions.push(*potion),
        Event::PotionUsed { index, .. } => {
            if *index < s.player.potions.len() {
                s.player.potions.remove(*index);
            }
        }
        Event::MiniBossRoomFound { at } => s.mini_boss_room = Some(*at),
        Event::MiniBossDefeated => s.mini_boss_defeated = true,
        Event::CombatRound { .. } => {
            if let Phase::Combat(f) = &mut s.phase {
                f.rounds += 1;
                f.flee_failed = false;
            }
        }
        Event::MonsterHurt { health, .. } => {
            if let Phase::Combat(f) = &mut s.phase {
                f.health = *health;
            }
        }
        Event::MonsterCast { magic_left, .. } => {
            if let Phase::Combat(f) = &mut s.phase {
                f.magic = *magic_left;
            }
        }
        Event::FleeRolled { escaped, .. } => {
            if let Phase::Combat(f) = &mut s.phase {
                f.flee_failed = !*escaped;
            }
        }
        Event::MeeplePlaced { at, meeple } => s.grid.tile_mut(*at).meeple = Some(meeple.clone()),
        Event::MeepleRemoved { at } => s.grid.tile_mut(*at).meeple = None,
        Event::GameOver { outcome, score } => {
            s.phase = Phase::Over {
                outcome: *outcome,
                score: score.clone(),
            }
        }
        Event::MeleeRolled { .. }
        | Event::Bribed { .. }
        | Event::MonsterDefeated
        | Event::RestBegan
        | Event::RestInterrupted => {}
    }
}
