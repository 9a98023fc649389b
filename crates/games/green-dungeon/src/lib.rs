//! Green Dungeon: a solitaire tile crawl whose bookkeeping is the time
//! track. This engine keeps that track, calls the upkeep and wandering-
//! monster checks, plays the monsters' side of combat and scores the end.
//!
//! Pure and deterministic: every die and card arrives inside a command.
//! Rules: `../shared/rules/green-dungeon.txt`; command vocabulary and the
//! readings chosen where the rulebook is silent: `docs/replay-green-dungeon.md`.
//!
//! - [`grid`]: tiles, exits, passages, walls and doors.
//! - [`time`]: the time track, event cubes and the upkeep reading.
//! - [`monster`]: cards and the monsters they make.
//! - [`state`], [`command`], [`event`]: the engine's data.
//! - `decide`: what each command does (explore, checks, encounters, combat).
//! - [`score`]: the final score.
//! - [`view`] and `offers`: what the screen shows and may send now.

pub mod command;
pub mod data;
mod decide;
pub mod event;
pub mod grid;
pub mod monster;
mod offers;
pub mod options;
pub mod score;
pub mod state;
pub mod time;
pub mod view;

pub use command::{Action, ColoredDie, Command};
pub use event::Event;
pub use grid::{Dir, Exits, Pos, TileKind};
pub use monster::{Card, Symbol};
pub use state::{Phase, Setup, State};

use data::rules;
use grid::{Face, Grid};
use state::{Idle, Player};
use time::TimeTrack;
use tw_rules::{Game, Refusal};

/// The Green Dungeon rules engine.
pub struct GreenDungeon;

const SETUP: &str = "Set up";

impl Game for GreenDungeon {
    const NAME: &'static str = "green-dungeon";
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn setup(setup: &Setup) -> Result<State, Refusal> {
        let e = setup.entrance;
        if !e.at.is_corner() {
            return Err(Refusal::new(
                SETUP,
                format!("the entrance is a corner tile; {} is not a corner", e.at),
            ));
        }
        if !e.kind.can_be_entrance() {
            return Err(Refusal::new(
                SETUP,
                "a Straw tile stays face up but cannot be the entrance: choose another corner",
            ));
        }
        if setup.dice.player == setup.dice.monster {
            return Err(Refusal::new(
                "Melee Combat",
                "the hero's die and the monster's die must be of different colours",
            ));
        }
        let mut grid = Grid::default();
        let t = grid.tile_mut(e.at);
        t.face = Some(Face {
            kind: e.kind,
            exits: e.exits,
        });
        t.face_up = true;
        // The entrance is where the hero stands at the start, not a room
        // entered on a turn: it is explored and cleared, nothing triggers.
        t.explored = true;
        t.cleared = true;
        t.visited = true;
        for s in &setup.straw_seen {
            if s.kind != TileKind::Straw || !s.at.is_corner() || s.at == e.at {
                return Err(Refusal::new(
                    SETUP,
                    format!("only a Straw tile turned up while choosing the entrance may start face up ({})", s.at),
                ));
            }
            if grid.tile(s.at).face_up {
                return Err(Refusal::new(SETUP, format!("{} is listed twice", s.at)));
            }
            let t = grid.tile_mut(s.at);
            t.face = Some(Face {
                kind: s.kind,
                exits: s.exits,
            });
            t.face_up = true;
            t.clairvoyant = true;
        }
        if grid.known_of_kind(TileKind::Straw) > TileKind::Straw.count_in_dungeon() as usize {
            return Err(Refusal::new(
                SETUP,
                "the dungeon holds only two Straw tiles",
            ));
        }
        let s = &rules().start;
        Ok(State {
            grid,
            at: e.at,
            previous: None,
            player: Player {
                health: s.health,
                max_health: s.health,
                magic: s.magic,
                max_magic: s.magic,
                treasure: s.treasure,
                luck: s.luck,
                xp: 0,
                level: s.level,
                weapon: None,
                potions: Vec::new(),
            },
            time: TimeTrack::default(),
            phase: Phase::Idle(Idle::Exploring),
            dice: setup.dice,
            // "When you flip the first Straw tile, that chamber contains the
            // dungeon's mini boss": one seen while choosing the entrance was
            // flipped first.
            mini_boss_room: setup.straw_seen.first().map(|s| s.at),
            mini_boss_defeated: false,
            failed_doors: Vec::new(),
        })
    }

    fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
        decide::decide(state, command)
    }

    fn evolve(state: &mut State, event: &Event) {
        event::evolve(state, event)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn offers(state: &State) -> Vec<tw_rules::Offer> {
        offers::offers(state)
    }

    fn setup_options() -> serde_json::Value {
        options::setup_options()
    }
}
