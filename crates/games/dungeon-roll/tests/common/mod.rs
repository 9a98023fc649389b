//! Helpers shared by the integration tests: games at a known table and
//! commands written as the JSON a replay script holds.
#![allow(dead_code)]

use serde_json::{json, Value};
use tw_dungeon_roll::event::Event;
use tw_dungeon_roll::state::{PlayerSetup, Setup, State};
use tw_dungeon_roll::{Command, DungeonRoll, TreasureKind};
use tw_rules::{Game, Refusal};

/// A game with one player per hero id, the first seat starting.
pub fn game(heroes: &[&str]) -> State {
    table(heroes, false)
}

/// The same, playing with the Twist cards.
pub fn twist_game(heroes: &[&str]) -> State {
    table(heroes, true)
}

/// A game with the advanced rule (trading) on, with or without Twist cards.
pub fn trading_game(heroes: &[&str], twists: bool) -> State {
    let mut s = table(heroes, twists);
    s.trading = true;
    s
}

fn table(heroes: &[&str], twists: bool) -> State {
    let players = heroes
        .iter()
        .enumerate()
        .map(|(i, h)| PlayerSetup {
            name: format!("P{}", i + 1),
            hero: h.to_string(),
        })
        .collect();
    DungeonRoll::setup(&Setup {
        players,
        first: 0,
        twists,
        trading: false,
    })
    .unwrap()
}

/// A command from its JSON form (as in a replay script).
pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v} is not a command: {e}"))
}

/// Run a command that must be accepted.
#[track_caller]
pub fn run(s: &mut State, v: Value) -> Vec<Event> {
    let c = cmd(v);
    match DungeonRoll::execute(s, &c) {
        Ok(ev) => ev,
        Err(r) => panic!("{c:?} was refused: {r}"),
    }
}

/// Run a command that must be refused; the state must not change.
#[track_caller]
pub fn refused(s: &mut State, v: Value) -> Refusal {
    let before = s.clone();
    let c = cmd(v);
    let r = DungeonRoll::execute(s, &c).expect_err(&format!("{c:?} should be refused"));
    assert_eq!(*s, before, "a refused command changed the state");
    r
}

/// Start the Adventurer's delve with this party and first Dungeon die.
#[track_caller]
pub fn start(s: &mut State, party: &[&str], dungeon: &str) -> Vec<Event> {
    run(
        s,
        json!({"type": "start_delve", "party": party, "dungeon": [dungeon]}),
    )
}

/// The standard party: two Fighters, Cleric, Mage, Thief, Champion, Scroll.
pub const PARTY: [&str; 7] = [
    "fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll",
];

/// Give the Adventurer a token taken from the box.
pub fn give(s: &mut State, k: TreasureKind, n: u8) {
    let p = s.adventurer;
    s.treasure_box.remove(k, n);
    s.players[p].tokens.add(k, n);
}

/// Put this level's dungeon dice on the table (a test shortcut for a roll).
pub fn set_dungeon(s: &mut State, faces: &[&str], lair: u8) {
    let fs: Vec<tw_dungeon_roll::DungeonFace> = faces
        .iter()
        .map(|f| serde_json::from_value(json!(f)).unwrap())
        .collect();
    let (dice, dragons) = tw_dungeon_roll::DungeonDice::split_dragons(&fs);
    let d = s.delve.as_mut().unwrap();
    d.dungeon = dice;
    d.lair = lair + dragons;
}

pub fn delve(s: &State) -> &tw_dungeon_roll::state::Delve {
    s.delve.as_ref().expect("a delve is under way")
}

/// Play a whole quiet delve: form the party, meet a Potion, retire at level 1.
pub fn quiet_delve(s: &mut State) {
    start(s, &PARTY, "potion");
    run(s, json!({"type": "retire"}));
}
