//! Random games: `decide` never panics on arbitrary commands (extreme
//! positions, unknown faces, any tile), a refused command changes nothing,
//! events rebuild the state, the state survives JSON, and every tile turned
//! face up is somewhere (on the mat, in a pile, an Inventory, an Effects
//! area, the Relics, the Boss's stack, or befriended).

mod common;
use common::*;
use proptest::prelude::*;
use std::collections::BTreeMap;
use tw_pocket_dungeon_quest::{
    Cell, Command, Gear, HeroKind, PocketDungeonQuest, Pos, Reveal, Setup, State, TileKind,
};
use tw_rules::{DynGame, Game, JsonGame, SplitMix64};

const TILES: [TileKind; 32] = TileKind::ALL;
const HEROES: [HeroKind; 6] = HeroKind::ALL;
const GEAR: [Gear; 10] = [
    Gear::BedRoll,
    Gear::SpellTome,
    Gear::Torch,
    Gear::Shield,
    Gear::Boomerang,
    Gear::MagicRing,
    Gear::HolyWater,
    Gear::Harp,
    Gear::BowAndArrow,
    Gear::GrappleShot,
];
const FACES: [&str; 7] = [
    "one_sword",
    "two_swords",
    "two_swords",
    "three_swords",
    "flash",
    "skull",
    "seven",
];

fn pick<T: Clone>(r: &mut SplitMix64, v: &[T]) -> T {
    v[r.below(v.len() as u64) as usize].clone()
}

/// Mostly near the current hero, sometimes anywhere, sometimes absurd.
fn pos(s: &State, r: &mut SplitMix64) -> Pos {
    match r.below(10) {
        0 => pick(
            r,
            &[
                Pos::new(i32::MAX, i32::MIN),
                Pos::new(-1, -1),
                Pos::new(i32::MIN, 0),
                Pos::new(10, 10),
            ],
        ),
        1 | 2 => Pos::new(r.below(12) as i32 - 1, r.below(12) as i32 - 1),
        _ => {
            let at = s
                .current()
                .and_then(|h| h.pos)
                .unwrap_or(Pos::new(-1, r.below(10) as i32));
            Pos::new(
                at.row + r.below(5) as i32 - 2,
                at.col + r.below(5) as i32 - 2,
            )
        }
    }
}

fn face(r: &mut SplitMix64) -> String {
    pick(r, &FACES).to_string()
}

/// A tile still face down by the counts, or any tile now and then.
fn tile(s: &State, r: &mut SplitMix64) -> TileKind {
    let left: Vec<TileKind> = TILES
        .iter()
        .copied()
        .filter(|k| s.unrevealed(*k) > 0)
        .collect();
    if left.is_empty() || r.below(20) == 0 {
        pick(r, &TILES)
    } else {
        pick(r, &left)
    }
}

fn reveals(s: &State, r: &mut SplitMix64, spaces: Vec<Pos>) -> Vec<Reveal> {
    spaces
        .into_iter()
        .filter(|p| s.cell(*p) == Some(Cell::Hidden))
        .map(|at| {
            let tile = tile(s, r);
            let mut saves = BTreeMap::new();
            if tile == TileKind::RedBeholder {
                for h in &s.heroes {
                    if h.pos
                        .is_some_and(|p| p != at && (p.row == at.row || p.col == at.col))
                    {
                        saves.insert(h.kind, face(r));
                    }
                }
            }
            Reveal {
                at,
                tile,
                disarm: r.below(4) == 0,
                saves,
            }
        })
        .collect()
}

/// A command that fits the moment (it may still be refused), so random
/// games get deep: Boss Fights, deaths, resets and sessions.
fn sensible(s: &State, r: &mut SplitMix64) -> Option<Command> {
    use tw_pocket_dungeon_quest::state::BossStage;
    use tw_pocket_dungeon_quest::Step;
    let hidden = s.hidden_cells();
    if let Some(b) = &s.boss {
        return Some(match b.stage {
            BossStage::Henchmen => {
                let n = s.rules.dice.henchmen.get(&face(r)).copied().unwrap_or(1) as usize;
                let pile: Vec<TileKind> = s
                    .piles
                    .monster
                    .iter()
                    .copied()
                    .filter(|k| k.is_monster())
                    .collect();
                let chosen = pile.iter().copied().take(n).collect();
                let roll = s
                    .rules
                    .dice
                    .henchmen
                    .iter()
                    .find(|(_, c)| **c as usize == n)
                    .map(|(f, _)| f.clone())
                    .unwrap_or_default();
                Command::Henchmen { roll, chosen }
            }
            BossStage::Search { .. } => Command::BossSearch {
                at: pick(r, &hidden),
                tile: tile(s, r),
            },
            BossStage::Fight { .. } => Command::Attack {
                target: b.at,
                roll: face(r),
                reroll: None,
                second: None,
                steal: None,
                gem: None,
            },
        });
    }
    let h = s.current()?;
    if s.outcome.is_some() {
        return Some(Command::NextSession);
    }
    match s.turn.step {
        Step::Start if h.poisoned && !s.turn.poison_rolled => {
            Some(Command::PoisonRoll { roll: face(r) })
        }
        Step::Start if !h.pinned.is_empty() => Some(Command::Attack {
            target: h.pinned[0],
            roll: face(r),
            reroll: None,
            second: None,
            steal: None,
            gem: None,
        }),
        Step::Start => {
            let to = match h.pos {
                None => {
                    let k = r.below(10) as i32;
                    pick(r, &[Pos::new(-1, k), Pos::new(10, k), Pos::new(k, -1)])
                }
                Some(p) => {
                    let open: Vec<Pos> = s
                        .sight(p)
                        .into_iter()
                        .filter(|q| {
                            matches!(s.cell(*q), Some(Cell::Empty | Cell::Shown(TileKind::Floor)))
                        })
                        .collect();
                    if open.is_empty() {
                        p
                    } else {
                        pick(r, &open)
                    }
                }
            };
            let spaces = s.sight(to);
            let mut reveal = reveals(s, r, spaces);
            for rv in &mut reveal {
                rv.disarm = false;
            }
            Some(Command::Move { to, reveal })
        }
        Step::Fighting => {
            let t = s.to_fight();
            let target = if t.is_empty() { pos(s, r) } else { pick(r, &t) };
            let steal = h.inventory.first().copied();
            Some(Command::Attack {
                target,
                roll: face(r),
                reroll: None,
                second: None,
                steal,
                gem: None,
            })
        }
        Step::Looting => {
            let items: Vec<Pos> = s
                .hero_sight(h.kind)
                .into_iter()
                .filter(|q| s.shown(*q).is_some_and(|k| k.is_item_or_spell()))
                .collect();
            if !items.is_empty() && !s.turn.took && r.below(2) == 0 {
                Some(Command::Take {
                    at: pick(r, &items),
                    put_back: h.inventory.first().copied(),
                })
            } else if let Some(item) = h.inventory.first().copied().filter(|_| r.below(3) == 0) {
                Some(use_of(s, r, item))
            } else {
                Some(Command::EndTurn)
            }
        }
    }
}

/// Using an Item or Spell on a plausible target.
fn use_of(s: &State, r: &mut SplitMix64, item: TileKind) -> Command {
    let hero = pick(r, &s.heroes.iter().map(|h| h.kind).collect::<Vec<_>>());
    let hidden = s.hidden_cells();
    match item {
        TileKind::Potion => Command::Potion { hero },
        TileKind::PhoenixFeather => Command::PhoenixFeather { hero },
        TileKind::ExtraMove => Command::ExtraMove,
        TileKind::Foresight => {
            let spaces: Vec<Pos> = (0..3)
                .filter_map(|i| hidden.get(i * 7 % hidden.len().max(1)).copied())
                .collect();
            Command::Foresight {
                reveal: reveals(s, r, spaces),
            }
        }
        TileKind::Teleport => Command::Teleport {
            hero: Some(hero),
            to: Some(pos(s, r)),
            monster: None,
        },
        _ => Command::Give { item, to: hero },
    }
}

fn random_command(s: &State, r: &mut SplitMix64) -> Command {
    if r.below(10) < 7 {
        if let Some(c) = sensible(s, r) {
            return c;
        }
    }
    let hidden = s.hidden_cells();
    match r.below(26) {
        0..=7 => {
            let to = pos(s, r);
            let spaces = s.sight(to);
            Command::Move {
                to,
                reveal: reveals(s, r, spaces),
            }
        }
        8..=11 => {
            let targets = s.to_fight();
            let target = if targets.is_empty() || r.below(5) == 0 {
                s.boss.as_ref().map(|b| b.at).unwrap_or_else(|| pos(s, r))
            } else {
                pick(r, &targets)
            };
            Command::Attack {
                target,
                roll: face(r),
                reroll: (r.below(4) == 0).then(|| face(r)),
                second: (r.below(8) == 0).then(|| pos(s, r)),
                steal: (r.below(3) == 0).then(|| pick(r, &TILES)),
                gem: (r.below(4) == 0).then(|| pick(r, &[TileKind::Gems5, TileKind::Gems10])),
            }
        }
        12 | 13 => Command::EndTurn,
        14 => Command::Take {
            at: pos(s, r),
            put_back: (r.below(3) == 0).then(|| pick(r, &TILES)),
        },
        15 => Command::Henchmen {
            roll: face(r),
            chosen: (0..r.below(4))
                .map(|_| {
                    pick(
                        r,
                        &s.piles
                            .monster
                            .clone()
                            .into_iter()
                            .chain([TileKind::Boss])
                            .collect::<Vec<_>>(),
                    )
                })
                .collect(),
        },
        16 => {
            let at = if hidden.is_empty() {
                pos(s, r)
            } else {
                pick(r, &hidden)
            };
            Command::BossSearch {
                at,
                tile: tile(s, r),
            }
        }
        17 => Command::Potion {
            hero: pick(r, &HEROES),
        },
        18 => Command::Bomb { at: pos(s, r) },
        19 => match r.below(8) {
            0 => Command::Teleport {
                hero: Some(pick(r, &HEROES)),
                to: Some(pos(s, r)),
                monster: None,
            },
            1 => Command::Teleport {
                hero: None,
                to: None,
                monster: Some(pos(s, r)),
            },
            2 => {
                let (a, b) = (pos(s, r), pos(s, r));
                let spaces = vec![a, b];
                Command::SwapTiles {
                    a,
                    b,
                    reveal: reveals(s, r, spaces),
                }
            }
            3 => Command::ExtraMove,
            4 => {
                let mut spaces = Vec::new();
                for _ in 0..3 {
                    if !hidden.is_empty() {
                        spaces.push(pick(r, &hidden));
                    }
                }
                Command::Foresight {
                    reveal: reveals(s, r, spaces),
                }
            }
            5 => Command::PhoenixFeather {
                hero: pick(r, &HEROES),
            },
            6 => Command::Confusion {
                a: pos(s, r),
                b: pos(s, r),
                roll: face(r),
            },
            _ => Command::Give {
                item: pick(r, &TILES),
                to: pick(r, &HEROES),
            },
        },
        20 => {
            let m = s.piles.merchant.clone();
            let drawn: Vec<TileKind> = (0..m.len().min(2)).map(|i| m[i]).collect();
            let keep = drawn.first().copied().unwrap_or(TileKind::Potion);
            Command::Buy {
                drawn,
                keep,
                put_back: (r.below(2) == 0).then(|| pick(r, &TILES)),
            }
        }
        21 => Command::Sell {
            item: pick(r, &TILES),
        },
        22 => Command::PoisonRoll { roll: face(r) },
        23 => Command::LevelUp {
            gear: (r.below(4) > 0).then(|| pick(r, &GEAR)),
        },
        24 => Command::UseGear {
            gear: pick(r, &GEAR),
            at: Some(pos(s, r)),
            hero: Some(pick(r, &HEROES)),
            take: Some(pick(r, &TILES)),
            by: (r.below(2) == 0).then(|| pick(r, &HEROES)),
            roll: (r.below(2) == 0).then(|| face(r)),
            steal: (r.below(4) == 0).then(|| pick(r, &TILES)),
            gem: None,
        },
        _ => match r.below(6) {
            4 => Command::WakeUp {
                at: Some(pos(s, r)),
                tile: Some(pick(r, &TILES)),
                disarm: r.below(4) == 0,
                saves: Default::default(),
            },
            0 => Command::GiveKey {
                to: pick(r, &HEROES),
            },
            1 => Command::Stow,
            2 => Command::Memorize {
                spell: pick(r, &TILES),
            },
            3 => Command::Tome {
                by: (r.below(2) == 0).then(|| pick(r, &HEROES)),
                cast: Box::new(match r.below(3) {
                    0 => Command::ExtraMove,
                    1 => Command::Teleport {
                        hero: None,
                        to: None,
                        monster: Some(pos(s, r)),
                    },
                    _ => Command::EndTurn,
                }),
            },
            _ => Command::NextSession,
        },
    }
}

/// Every tile turned face up since the mat was laid is accounted for.
fn accounted(s: &State) -> u64 {
    let shown = s
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Shown(_)))
        .count();
    let piles =
        s.piles.discard.len() + s.piles.monster.len() + s.piles.gem.len() + s.piles.merchant.len();
    let held: usize = s
        .heroes
        .iter()
        .map(|h| {
            h.inventory.len()
                + h.effects.len()
                + h.big_bag as usize
                + h.pegasus as usize
                + h.grappled.is_some() as usize
                + h.tome.len()
        })
        .sum();
    let stack = s.boss.as_ref().map_or(0, |b| b.stack.len());
    (shown + piles + held + stack + s.relics.len()) as u64
}

fn random_setup(r: &mut SplitMix64) -> Setup {
    let n = 1 + r.below(4) as usize;
    let mut heroes = Vec::new();
    while heroes.len() < n {
        let h = pick(r, &HEROES);
        if !heroes.contains(&h) {
            heroes.push(h);
        }
    }
    let mut st = setup_for(&heroes);
    st.expansion = true;
    if r.below(2) == 0 {
        st.campaign = Some(1);
        st.carry = vec![tw_pocket_dungeon_quest::state::Carry {
            hero: heroes[0],
            xp: 9,
            keys: 3,
            level: 0,
            gear: vec![],
        }];
    }
    st.seed = r.next_u64();
    st
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_commands_never_panic_and_keep_the_books(seed: u64) {
        let mut r = SplitMix64::new(seed);
        let mut s = PocketDungeonQuest::setup(&random_setup(&mut r)).unwrap();
        let mut accepted = 0;
        for _ in 0..400 {
            let c = random_command(&s, &mut r);
            let before = s.clone();
            match PocketDungeonQuest::execute(&mut s, &c) {
                Err(refusal) => {
                    prop_assert_eq!(&s, &before, "refused {:?} changed the state", c);
                    prop_assert!(!refusal.rule.is_empty() && !refusal.reason.is_empty());
                }
                Ok(events) => {
                    accepted += 1;
                    let mut again = before;
                    for e in &events {
                        PocketDungeonQuest::evolve(&mut again, e);
                    }
                    prop_assert_eq!(&again, &s, "events of {:?} do not rebuild the state", c);
                }
            }
            let revealed: u64 = s.revealed.values().map(|v| *v as u64).sum();
            prop_assert_eq!(revealed, accounted(&s), "a tile went missing after {:?}", c);
            for h in &s.heroes {
                prop_assert!(h.hearts <= h.max_hearts && (h.dead == (h.hearts == 0)));
                prop_assert!(h.gear.len() <= 3);
            }
            if s.game_over() {
                break;
            }
        }
        prop_assert!(accepted > 0);
        let json = serde_json::to_value(&s).unwrap();
        prop_assert_eq!(serde_json::from_value::<State>(json).unwrap(), s);
    }

    /// Any JSON number where a position, die face or hero goes is refused
    /// as input or by a rule, never a panic.
    #[test]
    fn extreme_numbers_in_json_are_refused(row in any::<i64>(), col in any::<f64>(), n in any::<u64>()) {
        let g = JsonGame::<PocketDungeonQuest>::default();
        let st = g.setup(&serde_json::json!({"heroes": ["warrior", "wizard"], "expansion": true})).unwrap();
        for c in [
            serde_json::json!({"type": "move", "to": {"row": row, "col": col}}),
            serde_json::json!({"type": "move", "to": {"row": row, "col": 0}, "reveal": [{"at": {"row": n, "col": 0}, "tile": "floor"}]}),
            serde_json::json!({"type": "attack", "target": {"row": row, "col": 3}, "roll": n.to_string()}),
            serde_json::json!({"type": "bomb", "at": {"row": 0, "col": row}}),
            serde_json::json!({"type": "level_up", "gear": n}),
        ] {
            let _ = g.execute(&st, &c);
        }
        let _ = g.setup(&serde_json::json!({"heroes": ["warrior"], "tile_counts": {"floor": n}}));
        let _ = g.setup(&serde_json::json!({"heroes": ["warrior"], "campaign": n, "carry": [{"hero": "warrior", "level": n % 300, "xp": n}]}));
    }
}
