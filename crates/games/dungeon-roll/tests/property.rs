//! Random games driven through the engine: `decide` never panics, refused
//! commands change nothing, dice and tokens are conserved, and the events
//! alone rebuild the state. Arbitrary JSON is refused, never a panic.

mod common;
use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use tw_dungeon_roll::command::{Reroll, Use};
use tw_dungeon_roll::{Command, DungeonFace, DungeonRoll, PartyFace, State, TreasureKind, Unit};
use tw_rules::{DynGame, Game, JsonGame, SplitMix64};

const HEROES: [&str; 9] = [
    "commander",
    "paladin",
    "battlemage",
    "necromancer",
    "dragon_slayer",
    "half_goblin",
    "enchantress",
    "bard",
    "scout",
];

fn pick<T: Copy>(r: &mut SplitMix64, items: &[T]) -> T {
    items[r.below(items.len() as u64) as usize]
}
fn pf(r: &mut SplitMix64) -> PartyFace {
    pick(r, &PartyFace::ALL)
}
fn df(r: &mut SplitMix64) -> DungeonFace {
    pick(r, &DungeonFace::ALL)
}
fn faces<T>(r: &mut SplitMix64, n: usize, f: fn(&mut SplitMix64) -> T) -> Vec<T> {
    (0..n).map(|_| f(r)).collect()
}
/// A count near `n`: usually right, sometimes off by one or wild.
fn about(r: &mut SplitMix64, n: usize) -> usize {
    match r.below(8) {
        0 => n + 1,
        1 => n.saturating_sub(1),
        2 => r.below(12) as usize,
        _ => n,
    }
}
fn unit(r: &mut SplitMix64) -> Unit {
    match r.below(6) {
        0 => Unit::Treasure(pick(r, &TreasureKind::ALL)),
        1 => Unit::Hero(pf(r)),
        _ => Unit::Die(pf(r)),
    }
}
fn maybe_as(r: &mut SplitMix64) -> Option<PartyFace> {
    if r.below(6) == 0 {
        Some(pf(r))
    } else {
        None
    }
}
/// Tokens drawn from the box as it stands (sometimes a wrong one).
fn drawn(s: &State, r: &mut SplitMix64, n: usize) -> Vec<TreasureKind> {
    let held: Vec<TreasureKind> = s.treasure_box.0.keys().copied().collect();
    (0..n)
        .map(|_| {
            if held.is_empty() || r.below(10) == 0 {
                pick(r, &TreasureKind::ALL)
            } else {
                pick(r, &held)
            }
        })
        .collect()
}

/// A Party face the party shows (any face when it shows none).
fn present(d: &tw_dungeon_roll::state::Delve, r: &mut SplitMix64) -> PartyFace {
    let showing: Vec<PartyFace> = PartyFace::ALL
        .iter()
        .copied()
        .filter(|f| d.party.get(*f) > 0)
        .collect();
    if showing.is_empty() {
        pf(r)
    } else {
        pick(r, &showing)
    }
}

/// A plausible command for the state (it may still be refused).
fn random_command(s: &State, r: &mut SplitMix64) -> Command {
    let Some(d) = s.delve.as_ref() else {
        let n = about(r, 7);
        let m = about(r, 1);
        return Command::StartDelve {
            party: faces(r, n, pf),
            dungeon: faces(r, m, df),
            seed: None,
        };
    };
    let chests = d.dungeon.chest as usize;
    // A player presses on: deeper while the level is clear, at the Dragon
    // when it has appeared.
    let clear = d.dungeon.monsters() == 0;
    let roll = match r.below(10) {
        0..=5 if clear && d.lair >= 3 => 11,
        0..=3 if clear && d.level < 10 => 17,
        _ => r.below(20),
    };
    match roll {
        0..=4 => Command::Fight {
            with: if r.below(3) == 0 {
                unit(r)
            } else {
                Unit::Die(present(d, r))
            },
            as_face: maybe_as(r),
            monster: df(r),
            count: if r.below(3) == 0 {
                Some(r.below(4) as u8)
            } else {
                None
            },
        },
        5 => Command::AcceptProposal,
        6 => {
            // Mostly a Scroll rerolling dice that are there.
            let with = if r.below(4) == 0 {
                unit(r)
            } else {
                Unit::Die(PartyFace::Scroll)
            };
            let showing: Vec<DungeonFace> = DungeonFace::ALL
                .iter()
                .copied()
                .filter(|f| d.dungeon.get(*f) > 0)
                .collect();
            let da: Vec<DungeonFace> = if showing.is_empty() || r.below(5) == 0 {
                faces(r, 1, df)
            } else {
                vec![pick(r, &showing)]
            };
            let nb = about(r, da.len());
            let db = faces(r, nb, df);
            let pa = if r.below(2) == 0 {
                vec![present(d, r)]
            } else {
                vec![]
            };
            let pb = faces(r, pa.len(), pf);
            Command::Scroll {
                with,
                as_face: maybe_as(r),
                party: Reroll { from: pa, to: pb },
                dungeon: Reroll { from: da, to: db },
            }
        }
        7 => {
            let n = r.below(3) as usize;
            Command::Ultimate {
                monsters: faces(r, n, df),
                revive: if r.below(3) == 0 {
                    faces(r, 1, pf)
                } else {
                    vec![]
                },
                pay: if r.below(4) == 0 {
                    vec![pick(r, &TreasureKind::ALL)]
                } else {
                    vec![]
                },
                party: Reroll::default(),
                dungeon: if r.below(4) == 0 {
                    Reroll {
                        from: faces(r, 1, df),
                        to: faces(r, 1, df),
                    }
                } else {
                    Reroll::default()
                },
            }
        }
        8..=9 => {
            let n = about(r, chests.min(s.treasure_box.total() as usize));
            Command::OpenChests {
                with: unit(r),
                as_face: maybe_as(r),
                count: None,
                drawn: drawn(s, r, n),
            }
        }
        10 => {
            let n = about(r, d.dungeon.potion as usize);
            Command::Quaff {
                with: unit(r),
                as_face: maybe_as(r),
                revive: faces(r, n, pf),
            }
        }
        11..=12 => {
            let n = about(r, 3);
            // Mostly distinct companion types the party shows, in random order.
            let mut types: Vec<PartyFace> = PartyFace::COMPANIONS
                .iter()
                .copied()
                .filter(|f| d.party.get(*f) > 0)
                .collect();
            for i in (1..types.len()).rev() {
                types.swap(i, r.below(i as u64 + 1) as usize);
            }
            let with = (0..n)
                .map(|i| {
                    let with = match types.get(i) {
                        Some(f) if r.below(5) > 0 => Unit::Die(*f),
                        _ => unit(r),
                    };
                    Use {
                        with,
                        as_face: maybe_as(r),
                    }
                })
                .collect();
            Command::SlayDragon {
                with,
                drawn: drawn(s, r, 1).pop(),
            }
        }
        13 => Command::UseTreasure {
            treasure: pick(r, &TreasureKind::ALL),
            revive: if r.below(2) == 0 { Some(pf(r)) } else { None },
        },
        14 => Command::FormationReroll {
            party: Reroll {
                from: faces(r, 1, pf),
                to: faces(r, 1, pf),
            },
        },
        15 if r.below(3) == 0 => Command::Flee,
        15 => Command::AcceptProposal,
        16 => Command::Retire,
        _ => {
            let want = (d.level as usize + 1).min(7usize.saturating_sub(d.lair as usize));
            let n = about(r, want);
            Command::SeekGlory {
                dungeon: faces(r, n, df),
                seed: None,
            }
        }
    }
}

fn check_conservation(s: &State) {
    let tokens: u16 =
        s.treasure_box.total() + s.players.iter().map(|p| p.tokens.total()).sum::<u16>();
    assert_eq!(tokens, 36, "treasure tokens are conserved");
    if let Some(d) = &s.delve {
        assert_eq!(
            d.party.total() + d.graveyard,
            7,
            "Party dice are conserved: {d:?}"
        );
        assert!(
            d.dungeon.total() + d.lair <= 7,
            "at most seven Dungeon dice: {d:?}"
        );
        assert!((1..=10).contains(&d.level));
    }
    assert!(s.players.iter().all(|p| p.delves <= 3));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_never_panic_and_replay_from_their_events(seed: u64, n in 1usize..=4) {
        let mut r = SplitMix64::new(seed);
        let heroes: Vec<&str> = (0..n).map(|i| HEROES[(seed as usize + i * 2) % HEROES.len()]).collect();
        let start = game(&heroes);
        let mut s = start.clone();
        let mut events = Vec::new();
        for _ in 0..300 {
            if s.finished.is_some() { break; }
            let c = random_command(&s, &mut r);
            let before = s.clone();
            match DungeonRoll::execute(&mut s, &c) {
                Ok(ev) => events.extend(ev),
                Err(refusal) => {
                    prop_assert_eq!(&s, &before, "refused {:?} changed the state", c);
                    prop_assert!(!refusal.rule.is_empty() && !refusal.reason.is_empty());
                }
            }
            check_conservation(&s);
        }
        let mut folded = start.clone();
        for e in &events { DungeonRoll::evolve(&mut folded, e); }
        prop_assert_eq!(&folded, &s);
        let back: State = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
        prop_assert_eq!(back, s);
    }

    #[test]
    fn arbitrary_json_commands_are_refused_not_panicked_on(seed: u64) {
        let mut r = SplitMix64::new(seed);
        let g = JsonGame::<DungeonRoll>::default();
        let mut state = g.setup(&json!({"players": [{"name": "A", "hero": "bard"}, {"name": "B", "hero": "paladin"}]})).unwrap();
        let types = ["start_delve", "formation_reroll", "scroll", "fight", "accept_proposal", "ultimate", "open_chests",
                     "quaff", "slay_dragon", "use_treasure", "flee", "retire", "seek_glory", "teleport"];
        let fields = ["party", "dungeon", "with", "as", "monster", "count", "monsters", "revive", "pay", "drawn", "treasure", "from", "to"];
        for _ in 0..60 {
            let mut c = serde_json::Map::new();
            c.insert("type".into(), json!(pick(&mut r, &types)));
            for _ in 0..r.below(4) {
                c.insert(pick(&mut r, &fields).into(), random_value(&mut r, 2));
            }
            if let Ok(out) = g.execute(&state, &Value::Object(c)) { state = out.state; }
        }
    }
}

fn random_value(r: &mut SplitMix64, depth: u32) -> Value {
    let words = [
        "fighter", "goblin", "dragon", "scroll", "potion", "talisman", "die", "treasure", "hero",
        "chest", "x",
    ];
    match r.below(if depth == 0 { 4 } else { 7 }) {
        0 => json!(pick(r, &words)),
        1 => json!(r.below(300) as i64 - 20),
        2 => Value::Null,
        3 => json!(r.below(2) == 0),
        4 => Value::Array(
            (0..r.below(9))
                .map(|_| random_value(r, depth - 1))
                .collect(),
        ),
        5 => {
            let mut m = serde_json::Map::new();
            m.insert(pick(r, &words).into(), random_value(r, depth - 1));
            Value::Object(m)
        }
        _ => Value::Array((0..r.below(8)).map(|_| json!(pick(r, &words))).collect()),
    }
}

/// The random player above reaches every part of the game, so the
/// properties are checked on real play, not on a wall of refusals.
#[test]
fn random_play_reaches_every_phase() {
    let mut seen = std::collections::BTreeSet::new();
    let mut accepted = 0usize;
    for seed in 0..200u64 {
        let mut r = SplitMix64::new(seed);
        let mut s = game(&[HEROES[seed as usize % HEROES.len()]]);
        for _ in 0..400 {
            if s.finished.is_some() {
                break;
            }
            let c = random_command(&s, &mut r);
            if let Ok(ev) = DungeonRoll::execute(&mut s, &c) {
                accepted += 1;
                for e in ev {
                    let v = serde_json::to_value(&e).unwrap();
                    seen.insert(v["type"].as_str().unwrap().to_string());
                }
            }
        }
    }
    for kind in [
        "monsters_defeated",
        "rerolled",
        "ultimate_used",
        "chests_opened",
        "potions_quaffed",
        "revived",
        "dragon_defeated",
        "dungeon_rolled",
        "delve_ended",
        "game_ended",
        "treasure_gained",
        "leveled_up",
    ] {
        assert!(
            seen.contains(kind),
            "random play never produced {kind}: {seen:?}"
        );
    }
    assert!(accepted > 2000, "only {accepted} commands accepted");
}
