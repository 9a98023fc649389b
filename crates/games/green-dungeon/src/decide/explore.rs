//! Between encounters: turning tiles, moving, doors, resting, potions, luck.

use super::{refuse, Ctx};
use crate::data::rules;
use crate::event::{Event, Stat, Via};
use crate::grid::{passage, Dir, Exits, Face, Passage, Pos, Tile, TileKind};
use crate::monster::Rank;
use crate::state::{CardsFor, Fight, Idle, Outcome, Phase, Potion, State, Then};
use crate::time::TimeReason;
use tw_rules::{Refusal, D6};

const MOVE: &str = "Movement in the Dungeon";

fn dir_name(d: Dir) -> &'static str {
    match d {
        Dir::North => "north",
        Dir::East => "east",
        Dir::South => "south",
        Dir::West => "west",
    }
}

/// Turn a face-down tile up, as the table shows it.
pub(super) fn flip(cx: &mut Ctx, at: Pos, kind: TileKind, exits: Exits) -> Result<(), Refusal> {
    let vision = match cx.s.phase {
        Phase::Clairvoyance { remaining } => Some(remaining),
        Phase::Idle(Idle::Exploring) => None,
        _ => {
            return refuse(
                "How to play",
                "tiles are turned up before moving in, or during a clairvoyant vision",
            )
        }
    };
    let tile = cx.s.grid.tile(at);
    if tile.face_up {
        return refuse(
            "How to play",
            format!("the tile at {at} is already face up"),
        );
    }
    if vision.is_none() && !at.is_adjacent(cx.s.at) {
        return refuse(
            MOVE,
            format!(
                "only a room next to the hero ({}) can be turned up to enter; {at} is not",
                cx.s.at
            ),
        );
    }
    let face = Face { kind, exits };
    match tile.face {
        Some(known) if known != face => {
            return refuse(
                "Set up",
                format!(
                    "the tile at {at} was seen as a {} tile ({:?}); tiles keep their face and orientation",
                    known.kind.name(),
                    known.exits
                ),
            )
        }
        Some(_) => {}
        None => {
            let limit = kind.count_in_dungeon() as usize;
            if cx.s.grid.known_of_kind(kind) >= limit {
                return refuse(
                    "Components Used",
                    format!("the dungeon holds only {limit} {} tile(s) and all are already on the table", kind.name()),
                );
            }
        }
    }
    cx.emit(Event::TileFlipped {
        at,
        kind,
        exits,
        clairvoyant: vision.is_some(),
    });
    // The first Straw tile flipped holds the mini boss ("When you flip the
    // first Straw tile, that chamber contains the dungeon's mini boss"),
    // even when a vision flipped it and another Straw is entered first.
    if kind == TileKind::Straw && cx.s.mini_boss_room.is_none() {
        cx.emit(Event::MiniBossRoomFound { at });
    }
    if let Some(remaining) = vision {
        let left = remaining.saturating_sub(1);
        if left == 0 || cx.s.grid.face_down_count() == 0 {
            super::encounter::finish(cx, Then::ClearRoom);
        } else {
            cx.set_phase(Phase::Clairvoyance { remaining: left });
        }
    }
    Ok(())
}

pub(super) fn move_to(cx: &mut Ctx, dir: Dir, door_roll: Option<D6>) -> Result<(), Refusal> {
    match cx.s.phase {
        Phase::Idle(Idle::Exploring) => {}
        Phase::Idle(Idle::MustRest) => {
            return refuse(
                "Straw: Boss",
                "fighting the mini boss is taxing: the hero must rest before moving on",
            )
        }
        _ => return refuse(MOVE, "the hero can move only between encounters"),
    }
    let from = cx.s.at;
    let Some(to) = from.step(dir) else {
        return refuse(
            MOVE,
            format!(
                "the perimeter is walled: there is no room {} of {from}",
                dir_name(dir)
            ),
        );
    };
    let target = cx.s.grid.tile(to).clone();
    let to_face = match (target.face_up, target.face) {
        (true, Some(f)) => f,
        (false, Some(f)) => {
            // A reset tile: its face is known, so it is turned up as it was.
            cx.emit(Event::TileFlipped {
                at: to,
                kind: f.kind,
                exits: f.exits,
                clairvoyant: false,
            });
            f
        }
        (_, None) => {
            return refuse(
                MOVE,
                format!(
                    "the room at {to} is face down: turn it up (flip) first so its exits are known"
                ),
            )
        }
    };
    let Some(from_face) = cx.s.grid.tile(from).face else {
        return refuse(
            MOVE,
            format!("the hero's room at {from} has no known face; the state is damaged"),
        );
    };
    let via = match passage(from_face.exits, to_face.exits, dir) {
        Passage::Wall => {
            return refuse(
                MOVE,
                format!("a wall (two dark edges) stands between {from} and {to}"),
            );
        }
        Passage::Open => Via::Open,
        Passage::DoorOpenSide => Via::DoorOpenSide,
        Passage::DoorClosedSide => {
            let Some(roll) = door_roll else {
                return refuse(MOVE, format!("the way to {to} is a door seen from its closed side: a door roll is needed"));
            };
            let t = &rules().time;
            if cx.s.failed_doors.contains(&dir) {
                cx.owe(t.door_retry, TimeReason::DoorRetry);
            }
            let needed_above = door_needed_above(&target);
            let total = roll.value().saturating_add(cx.s.player.level);
            if total <= needed_above {
                cx.emit(Event::DoorHeld {
                    dir,
                    roll: roll.value(),
                    total,
                    needed_above,
                });
                return Ok(());
            }
            cx.emit(Event::DoorOpened {
                dir,
                roll: roll.value(),
                total,
                needed_above,
            });
            cx.owe(t.door, TimeReason::Door);
            Via::DoorClosedSide
        }
    };
    cx.emit(Event::Moved { from, to, via });
    enter(cx, to);
    Ok(())
}

/// What the room the hero just stepped into does.
fn enter(cx: &mut Ctx, at: Pos) {
    let tile = cx.s.grid.tile(at).clone();
    if let Some(m) = tile.meeple {
        cx.emit(Event::MeepleRemoved { at });
        let then = if m.monster.rank() == Rank::MiniBoss {
            Then::MiniBoss
        } else {
            Then::ClearRoom
        };
        start_combat(cx, m.monster, then);
        return;
    }
    if tile.cleared {
        return; // open passages through cleared rooms cost nothing
    }
    let Some(face) = tile.face else { return };
    let purpose = match face.kind {
        TileKind::Drop => CardsFor::DropMonster,
        TileKind::Hammer => CardsFor::HammerMonster,
        TileKind::Wood => CardsFor::WoodMagic,
        TileKind::Brick => CardsFor::BrickTrap,
        TileKind::Cog => {
            cx.emit(Event::RoomExplored { at });
            cx.set_phase(Phase::Loot {
                remaining: rules().loot.cog_room,
                then: Then::ClearRoom,
            });
            return;
        }
        TileKind::Straw => match cx.s.mini_boss_room {
            None => {
                cx.emit(Event::MiniBossRoomFound { at });
                CardsFor::MiniBoss
            }
            Some(p) if p == at => CardsFor::MiniBoss,
            Some(_) => {
                cx.set_phase(Phase::FinalBossChoice);
                return;
            }
        },
    };
    cx.emit(Event::RoomExplored { at });
    cx.set_phase(Phase::Cards { purpose });
}

pub(super) fn start_combat(cx: &mut Ctx, monster: crate::monster::Monster, then: Then) {
    let fight = Fight {
        health: monster.difficulty,
        magic: monster.magic(),
        monster,
        rounds: 0,
        flee_failed: false,
        then,
    };
    cx.set_phase(Phase::Combat(Box::new(fight)));
}

/// Why the hero may not rest here now, if not (due event checks aside:
/// `decide` asks for those first).
pub(crate) fn rest_blocker(s: &State) -> Option<&'static str> {
    if !matches!(s.phase, Phase::Idle(Idle::Exploring | Idle::MustRest)) {
        return Some("the hero can rest only between encounters");
    }
    let tile = s.grid.tile(s.at);
    let kind = tile.face.map(|f| f.kind);
    if !matches!(kind, Some(TileKind::Cog | TileKind::Straw))
        || !tile.cleared
        || tile.meeple.is_some()
    {
        return Some("the hero can rest only in a cleared treasure (Cog) or boss (Straw) room");
    }
    None
}

/// The total a door roll must beat to open a door from its closed side
/// into `target`: lower for a room already visited.
pub(crate) fn door_needed_above(target: &Tile) -> u8 {
    let d = &rules().doors;
    if target.visited {
        d.revisit_beats
    } else {
        d.unexplored_beats
    }
}

pub(super) fn rest(cx: &mut Ctx) -> Result<(), Refusal> {
    if let Some(why) = rest_blocker(&cx.s) {
        return refuse("Resting", why);
    }
    cx.emit(Event::RestBegan);
    cx.set_phase(Phase::Idle(Idle::Resting { interrupted: false }));
    cx.advance(rules().time.rest, TimeReason::Rest, false);
    Ok(())
}

pub(super) fn recover(cx: &mut Ctx, health: D6, magic: D6, level_up: bool) -> Result<(), Refusal> {
    if cx.s.phase != Phase::Recover {
        return refuse(
            "Resting",
            "there is no finished, uninterrupted rest to recover from",
        );
    }
    let l = &rules().level_up;
    if level_up && cx.s.player.xp < l.xp {
        return refuse(
            "Levelling Up",
            format!(
                "levelling up needs {} experience; the hero has {}",
                l.xp, cx.s.player.xp
            ),
        );
    }
    cx.adjust(Stat::Health, health.value() as i32, "rest");
    cx.adjust(Stat::Magic, magic.value() as i32, "rest");
    if level_up {
        cx.adjust(Stat::Xp, -(l.xp as i32), "level up");
        cx.adjust(Stat::Level, 1, "level up");
        cx.adjust(Stat::MaxHealth, l.max_health as i32, "level up");
        cx.adjust(Stat::MaxMagic, l.max_magic as i32, "level up");
        cx.adjust(Stat::Health, l.heal as i32, "level up");
        cx.adjust(Stat::Magic, l.restore_magic as i32, "level up");
        cx.adjust(Stat::Luck, l.luck as i32, "level up");
    }
    cx.set_phase(Phase::Idle(Idle::Exploring));
    Ok(())
}

pub(super) fn use_potion(cx: &mut Ctx, index: usize) -> Result<(), Refusal> {
    // A rest adds its cubes at once: drinking belongs before it, not among
    // the checks those cubes called.
    if matches!(cx.s.phase, Phase::Idle(Idle::Resting { .. })) {
        return refuse(
            "Treasures",
            "potions are drunk before the time track advances; this rest's cubes are already placed",
        );
    }
    if !matches!(cx.s.phase, Phase::Idle(Idle::Exploring | Idle::MustRest)) {
        return refuse(
            "Treasures",
            "potions are drunk at the end of a turn, not during an encounter",
        );
    }
    let Some(potion) = cx.s.player.potions.get(index).copied() else {
        return refuse(
            "Treasures",
            format!(
                "the hero holds {} potion(s); there is no number {index}",
                cx.s.player.potions.len()
            ),
        );
    };
    cx.emit(Event::PotionUsed { index, potion });
    match potion {
        Potion::Healing { amount } => cx.adjust(Stat::Health, amount as i32, "healing potion"),
        Potion::Magic { amount } => cx.adjust(Stat::Magic, amount as i32, "magic potion"),
    }
    Ok(())
}

/// Spends `1 + more.len()` luck cubes at once, healing each one's roll.
pub(super) fn use_luck(cx: &mut Ctx, roll: D6, more: &[D6]) -> Result<(), Refusal> {
    if cx.s.player.health > 1 {
        return refuse(
            "Luck Points",
            "a luck cube is spent only when damage leaves the hero at 1 health or less",
        );
    }
    if cx.s.player.luck == 0 {
        return refuse("Luck Points", "the hero has no luck cube left");
    }
    let cubes = 1 + more.len();
    if (cx.s.player.luck as usize) < cubes {
        return refuse(
            "Luck Points",
            format!(
                "the hero has {} luck cube(s), not {cubes}",
                cx.s.player.luck
            ),
        );
    }
    for r in std::iter::once(&roll).chain(more) {
        cx.adjust(Stat::Luck, -1, "luck spent");
        cx.adjust(Stat::Health, r.value() as i32, "luck");
    }
    Ok(())
}

pub(super) fn perish(cx: &mut Ctx) -> Result<(), Refusal> {
    if cx.s.player.health > 0 {
        return refuse("Luck Points", "the hero still lives");
    }
    cx.game_over(Outcome::Died);
    Ok(())
}
