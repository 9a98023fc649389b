//! Helpers shared by the integration tests: games on a mat with plenty of
//! plain Floor so a test names only the tiles that matter.
#![allow(dead_code)]

use std::collections::BTreeMap;
use tw_pocket_dungeon_quest::data::shipped;
use tw_pocket_dungeon_quest::state::Hero;
use tw_pocket_dungeon_quest::{
    Cell, Command, Event, HeroKind, PocketDungeonQuest, Pos, Reveal, Setup, State, TileKind,
};
use tw_rules::{Game, Refusal};

pub fn p(row: i32, col: i32) -> Pos {
    Pos::new(row, col)
}

/// Fewer Monsters, Walls and Gems than the box, the rest Floor.
pub fn test_counts() -> BTreeMap<TileKind, u32> {
    let mut c: BTreeMap<TileKind, u32> = shipped().board.counts.clone();
    for (k, n) in [
        (TileKind::Slime, 2),
        (TileKind::Goblin, 2),
        (TileKind::Flayer, 2),
        (TileKind::Minotaur, 2),
        (TileKind::SkellyArcher, 2),
        (TileKind::Wall, 4),
        (TileKind::Gems5, 4),
        (TileKind::Gems10, 4),
        // The expansion's Monsters, swapped in as its setup allows.
        (TileKind::WingedShriekingEel, 1),
        (TileKind::RedBeholder, 1),
        (TileKind::Poisoner, 1),
    ] {
        c.insert(k, n);
    }
    c.insert(TileKind::Floor, 0);
    let cells = shipped().board.rows as u32 * shipped().board.cols as u32;
    let used: u32 = c.values().sum();
    c.insert(TileKind::Floor, cells - used);
    c
}

pub fn setup_for(heroes: &[HeroKind]) -> Setup {
    Setup {
        heroes: heroes.to_vec(),
        tile_counts: test_counts(),
        ..Setup::default()
    }
}

pub fn game(heroes: &[HeroKind]) -> State {
    PocketDungeonQuest::setup(&setup_for(heroes)).unwrap()
}

pub fn expansion(heroes: &[HeroKind]) -> State {
    let mut s = setup_for(heroes);
    s.expansion = true;
    PocketDungeonQuest::setup(&s).unwrap()
}

pub fn campaign(heroes: &[HeroKind]) -> State {
    let mut s = setup_for(heroes);
    s.campaign = Some(1);
    PocketDungeonQuest::setup(&s).unwrap()
}

/// Run a command that must be accepted; also checks the events rebuild it.
#[track_caller]
pub fn run(s: &mut State, c: Command) -> Vec<Event> {
    let before = s.clone();
    match PocketDungeonQuest::execute(s, &c) {
        Ok(ev) => {
            let mut again = before;
            for e in &ev {
                PocketDungeonQuest::evolve(&mut again, e);
            }
            assert_eq!(&again, s, "folding the events gives the same state");
            ev
        }
        Err(r) => panic!("{c:?} was refused: {r}"),
    }
}

/// Run a command that must be refused; checks the state did not change.
#[track_caller]
pub fn refused(s: &mut State, c: Command) -> Refusal {
    let before = s.clone();
    let r = PocketDungeonQuest::execute(s, &c).expect_err("command should be refused");
    assert_eq!(
        *s, before,
        "a refused command must leave the state unchanged"
    );
    r
}

/// The face-down spaces a hero at `to` would see, row-major.
pub fn hidden_around(s: &State, to: Pos) -> Vec<Pos> {
    s.sight(to)
        .into_iter()
        .filter(|q| s.cell(*q) == Some(Cell::Hidden))
        .collect()
}

/// A move whose reveal names `special` tiles first (in that order) and
/// Floor for every other face-down space in sight.
pub fn go_cmd(s: &State, to: Pos, special: &[(Pos, TileKind)]) -> Command {
    let mut reveal: Vec<Reveal> = special.iter().map(|(at, tile)| rv(*at, *tile)).collect();
    for q in hidden_around(s, to) {
        if !special.iter().any(|(at, _)| *at == q) {
            reveal.push(rv(q, TileKind::Floor));
        }
    }
    Command::Move { to, reveal }
}

/// Run such a move.
#[track_caller]
pub fn mv(s: &mut State, to: Pos, special: &[(Pos, TileKind)]) -> Vec<Event> {
    let c = go_cmd(s, to, special);
    run(s, c)
}

/// Such a move, which must be refused.
#[track_caller]
pub fn refused_mv(s: &mut State, to: Pos, special: &[(Pos, TileKind)]) -> Refusal {
    let c = go_cmd(s, to, special);
    refused(s, c)
}

pub fn rv(at: Pos, tile: TileKind) -> Reveal {
    Reveal {
        at,
        tile,
        disarm: false,
        saves: BTreeMap::new(),
    }
}

pub fn attack(target: Pos, roll: &str) -> Command {
    Command::Attack {
        target,
        roll: roll.into(),
        reroll: None,
        second: None,
        steal: None,
        gem: None,
    }
}

pub fn hero(s: &State, k: HeroKind) -> &Hero {
    s.hero(k).unwrap()
}

pub fn end(s: &mut State) {
    run(s, Command::EndTurn);
}

/// The current hero stays where they stand (nothing new to reveal) and
/// ends the turn.
pub fn pass(s: &mut State) {
    let at = s.current().and_then(|h| h.pos).expect("on the mat");
    mv(s, at, &[]);
    run(s, Command::EndTurn);
}
