//! Random games driven through the engine: the time track and the event
//! cubes always match what the rules allow, refused commands change
//! nothing, and states survive a JSON round trip.

mod common;
use common::*;
use proptest::prelude::*;
use tw_green_dungeon::command::{Action, ColoredDie, Command};
use tw_green_dungeon::state::{Outcome, Phase, PlacedTile, Setup, State};
use tw_green_dungeon::time::TimeTrack;
use tw_green_dungeon::{Card, Dir, Exits, GreenDungeon, Symbol, TileKind};
use tw_rules::{DieColor, Game, SplitMix64};

const SYMBOLS: [Symbol; 4] = [Symbol::Drop, Symbol::Hammer, Symbol::Wood, Symbol::Cog];

fn pick<T: Copy>(r: &mut SplitMix64, items: &[T]) -> T {
    items[r.below(items.len() as u64) as usize]
}

fn random_card(r: &mut SplitMix64) -> Card {
    Card {
        number: r.below(6) as u8 + 1,
        symbol: pick(r, &SYMBOLS),
    }
}

fn random_dice(r: &mut SplitMix64) -> Vec<ColoredDie> {
    vec![
        ColoredDie {
            value: r.d6(),
            color: DieColor::White,
        },
        ColoredDie {
            value: r.d6(),
            color: DieColor::Red,
        },
    ]
}

fn random_exits(r: &mut SplitMix64) -> Exits {
    pick(r, &[Exits::NorthSouth, Exits::EastWest])
}

/// A kind that may still appear, so the random player plays a real dungeon.
fn random_kind(s: &State, r: &mut SplitMix64) -> TileKind {
    let left: Vec<TileKind> = TileKind::ALL
        .into_iter()
        .filter(|k| s.grid.known_of_kind(*k) < k.count_in_dungeon() as usize)
        .collect();
    if left.is_empty() {
        TileKind::Drop
    } else {
        pick(r, &left)
    }
}

/// A plausible command for the phase the game is in (it may still be refused).
fn random_command(s: &State, r: &mut SplitMix64) -> Command {
    if s.player.health == 0 {
        return if r.below(5) == 0 {
            Command::Perish
        } else {
            Command::UseLuck {
                roll: r.d6(),
                more: vec![],
            }
        };
    }
    if !s.time.pending_checks.is_empty() && s.idle().is_some() {
        let rolls_wandering = s.time.pending_checks.front().is_some_and(|c| c.wandering);
        let (first, second, wandering) = (r.d6(), r.d6(), r.d6());
        return Command::EventCheck {
            upkeep: [first, second],
            wandering: rolls_wandering.then_some(wandering),
        };
    }
    match &s.phase {
        Phase::Idle(_) => match r.below(10) {
            0 => Command::Rest,
            1 => Command::UsePotion {
                index: r.below(2) as usize,
            },
            _ => {
                let dir = pick(r, &Dir::ALL);
                match s.at.step(dir) {
                    Some(to) if s.grid.tile(to).face.is_none() => Command::Flip {
                        at: to,
                        kind: random_kind(s, r),
                        exits: random_exits(r),
                    },
                    _ => Command::Move {
                        dir,
                        door_roll: Some(r.d6()),
                    },
                }
            }
        },
        Phase::Recover => Command::Recover {
            health: r.d6(),
            magic: r.d6(),
            level_up: r.below(2) == 0,
        },
        Phase::Cards { purpose } => Command::Cards {
            cards: (0..purpose.count()).map(|_| random_card(r)).collect(),
        },
        Phase::TrapRoll { .. } => Command::TrapRoll { die: r.d6() },
        Phase::FinalBossChoice => {
            if r.below(3) == 0 {
                Command::Retreat
            } else {
                Command::FaceBoss
            }
        }
        Phase::Combat(_) => match r.below(12) {
            0 => Command::Flee {
                dice: random_dice(r),
            },
            1 => Command::Bribe,
            2 => Command::Fight {
                action: Action::Spell,
                dice: random_dice(r),
                spell_roll: None,
                monster_spell_roll: Some(r.d6()),
            },
            3 => Command::Fight {
                action: Action::PowerSpell,
                dice: random_dice(r),
                spell_roll: Some(r.d6()),
                monster_spell_roll: Some(r.d6()),
            },
            _ => Command::Fight {
                action: Action::Melee,
                dice: random_dice(r),
                spell_roll: None,
                monster_spell_roll: Some(r.d6()),
            },
        },
        Phase::Loot { .. } => Command::Treasure {
            card: random_card(r),
            keep_new_weapon: r.below(2) == 0,
        },
        Phase::Clairvoyance { .. } => {
            let down: Vec<_> = s
                .grid
                .tiles()
                .filter(|(_, t)| t.face.is_none())
                .map(|(p, _)| p)
                .collect();
            if down.is_empty() || r.below(6) == 0 {
                Command::EndVision
            } else {
                Command::Flip {
                    at: pick(r, &down),
                    kind: random_kind(s, r),
                    exits: random_exits(r),
                }
            }
        }
        Phase::Over { .. } => Command::Rest,
    }
}

fn random_setup(r: &mut SplitMix64) -> Setup {
    let corner = pick(r, &[pos(0, 0), pos(0, 4), pos(4, 0), pos(4, 4)]);
    let kind = pick(
        r,
        &[
            TileKind::Drop,
            TileKind::Hammer,
            TileKind::Wood,
            TileKind::Brick,
            TileKind::Cog,
        ],
    );
    Setup {
        entrance: PlacedTile {
            at: corner,
            kind,
            exits: random_exits(r),
        },
        straw_seen: vec![],
        dice: Default::default(),
    }
}

fn check_invariants(s: &State, before: &State) -> Result<(), TestCaseError> {
    let t = &s.time;
    prop_assert!(
        t.elapsed >= before.time.elapsed,
        "time never runs backwards"
    );
    prop_assert!(t.main < 15);
    prop_assert_eq!(
        t.main as u32,
        t.elapsed % 15,
        "main track = cubes added mod 15"
    );
    prop_assert_eq!(
        t.event_cubes as u32,
        TimeTrack::expected_event_cubes(t.elapsed),
        "event cubes at {}",
        t.elapsed
    );
    prop_assert!(t
        .pending_checks
        .iter()
        .all(|c| c.event_cubes >= 1 && c.event_cubes as u32 <= t.elapsed / 5));
    let p = &s.player;
    prop_assert!(p.health <= p.max_health && p.magic <= p.max_magic && p.luck <= 3);
    for k in TileKind::ALL {
        prop_assert!(s.grid.known_of_kind(k) <= k.count_in_dungeon() as usize);
    }
    Ok(())
}

/// Play up to `steps` random commands; returns the final state.
fn play(seed: u64, steps: usize) -> Result<State, TestCaseError> {
    let mut r = SplitMix64::new(seed);
    let mut s = GreenDungeon::setup(&random_setup(&mut r)).unwrap();
    for _ in 0..steps {
        if s.is_over() {
            break;
        }
        let before = s.clone();
        let c = random_command(&s, &mut r);
        match GreenDungeon::execute(&mut s, &c) {
            Ok(events) => {
                // The events alone rebuild the same state (how the store resumes).
                let mut rebuilt = before.clone();
                for e in &events {
                    GreenDungeon::evolve(&mut rebuilt, e);
                }
                prop_assert_eq!(&rebuilt, &s);
            }
            Err(_) => prop_assert_eq!(&s, &before, "a refused command changed the state"),
        }
        check_invariants(&s, &before)?;
    }
    let json = serde_json::to_string(&s).unwrap();
    prop_assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s.clone());
    Ok(s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn time_track_and_event_cubes_stay_within_the_rules(seed: u64) {
        play(seed, 600)?;
    }
}

/// The random player really reaches the ends of the game, so the property
/// above is exercised on whole games, not on a stuck opening.
#[test]
fn random_games_reach_both_endings_and_many_event_checks() {
    let (mut won, mut died, mut most_time) = (0, 0, 0);
    for seed in 0..300 {
        let s = play(seed, 3000).unwrap();
        most_time = most_time.max(s.time.elapsed);
        match s.phase {
            Phase::Over {
                outcome: Outcome::Won,
                ..
            } => won += 1,
            Phase::Over {
                outcome: Outcome::Died,
                ..
            } => died += 1,
            _ => {}
        }
    }
    assert!(won > 0, "no random game was won");
    assert!(died > 0, "no random game was lost");
    assert!(
        most_time >= 30,
        "games went past two resets of the track (longest: {most_time})"
    );
}
