//! Helpers shared by the integration tests: a game on a small known table.
#![allow(dead_code)]

use tw_green_dungeon::command::{Action, ColoredDie, Command};
use tw_green_dungeon::event::Event;
use tw_green_dungeon::state::{PlacedTile, Setup, State};
use tw_green_dungeon::{Card, Dir, Exits, GreenDungeon, Pos, Symbol, TileKind};
use tw_rules::{DieColor, Game, Refusal, D6};

pub fn d(v: u8) -> D6 {
    D6::new(v).unwrap()
}

pub fn pos(row: u8, col: u8) -> Pos {
    Pos::new(row, col).unwrap()
}

/// A new game entering at the top-left corner on the given tile.
pub fn game(kind: TileKind, exits: Exits) -> State {
    let setup = Setup {
        entrance: PlacedTile {
            at: pos(0, 0),
            kind,
            exits,
        },
        straw_seen: vec![],
        dice: Default::default(),
    };
    GreenDungeon::setup(&setup).unwrap()
}

/// Run a command that must be accepted.
#[track_caller]
pub fn run(s: &mut State, c: Command) -> Vec<Event> {
    match GreenDungeon::execute(s, &c) {
        Ok(ev) => ev,
        Err(r) => panic!("{c:?} was refused: {r}"),
    }
}

/// Run a command that must be refused; checks the state did not change.
#[track_caller]
pub fn refused(s: &mut State, c: Command) -> Refusal {
    let before = s.clone();
    let r = GreenDungeon::execute(s, &c).expect_err("command should be refused");
    assert_eq!(
        *s, before,
        "a refused command must leave the state unchanged"
    );
    r
}

pub fn flip(row: u8, col: u8, kind: TileKind, exits: Exits) -> Command {
    Command::Flip {
        at: pos(row, col),
        kind,
        exits,
    }
}

pub fn mv(dir: Dir) -> Command {
    Command::Move {
        dir,
        door_roll: None,
    }
}

pub fn door(dir: Dir, roll: u8) -> Command {
    Command::Move {
        dir,
        door_roll: Some(d(roll)),
    }
}

pub fn card(number: u8, symbol: Symbol) -> Card {
    Card { number, symbol }
}

pub fn cards(list: &[(u8, Symbol)]) -> Command {
    Command::Cards {
        cards: list.iter().map(|&(n, s)| card(n, s)).collect(),
    }
}

pub fn treasure(number: u8, symbol: Symbol) -> Command {
    Command::Treasure {
        card: card(number, symbol),
        keep_new_weapon: false,
    }
}

/// The hero's die is white and the monster's red (the default colours).
pub fn dice(hero: u8, monster: u8) -> Vec<ColoredDie> {
    vec![
        ColoredDie {
            value: d(hero),
            color: DieColor::White,
        },
        ColoredDie {
            value: d(monster),
            color: DieColor::Red,
        },
    ]
}

pub fn melee(hero: u8, monster: u8) -> Command {
    Command::Fight {
        action: Action::Melee,
        dice: dice(hero, monster),
        spell_roll: None,
        monster_spell_roll: None,
    }
}

/// The last (or only) check an event cube queued: upkeep and wandering dice.
pub fn check(first: u8, second: u8, wandering: u8) -> Command {
    Command::EventCheck {
        upkeep: [d(first), d(second)],
        wandering: Some(d(wandering)),
    }
}

/// An earlier check of the same cube: the upkeep dice only.
pub fn upkeep(first: u8, second: u8) -> Command {
    Command::EventCheck {
        upkeep: [d(first), d(second)],
        wandering: None,
    }
}

/// Put the hero's time track at `main` cubes with `cubes` event cubes, as
/// though `elapsed` cubes had been added.
pub fn set_time(s: &mut State, main: u8, event_cubes: u8, elapsed: u32) {
    s.time.main = main;
    s.time.event_cubes = event_cubes;
    s.time.elapsed = elapsed;
}

/// Enter an east-west Cog room east of the entrance and keep a treasure:
/// the simplest way to clear a room (one cube).
pub fn clear_cog_room_east(s: &mut State) {
    let at = s.at;
    run(s, flip(at.row, at.col + 1, TileKind::Cog, Exits::EastWest));
    run(s, mv(Dir::East));
    run(s, treasure(1, Symbol::Cog));
}
