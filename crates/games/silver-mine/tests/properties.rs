//! Property tests of the dungeon turn on random dungeons:
//! no path crosses a character or a container, every step lies on a shortest
//! path to the chosen target, and the same seed always gives the same turn.

mod common;
use common::*;
use proptest::prelude::*;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use tw_rules::Game;
use tw_silver_mine::model::{Cell, EnemyKind};
use tw_silver_mine::{Event, Pos, SilverMine, State};

const SIDE: i32 = 4;

/// A random connected dungeon of 4x4 cards, figures on random squares.
fn dungeon() -> impl Strategy<Value = State> {
    let card_cells = proptest::collection::vec(0u8..100, (SIDE * SIDE) as usize);
    (
        proptest::collection::vec((0u8..4, card_cells), 1..7),
        proptest::collection::vec((0i32..40, 0i32..40, 0u8..3), 1..4),
        proptest::collection::vec((0i32..40, 0i32..40, 0u8..4, 0i32..5), 1..10),
    )
        .prop_map(|(cards, heroes, enemies)| build(cards, heroes, enemies))
}

fn cell_char(r: u8) -> char {
    match r {
        0..=11 => '#',
        12..=15 => 'c',
        16..=18 => 'x',
        19..=23 => '^',
        24..=26 => 'L',
        27..=28 => 'f',
        _ => '.',
    }
}

fn build(
    cards: Vec<(u8, Vec<u8>)>,
    heroes: Vec<(i32, i32, u8)>,
    enemies: Vec<(i32, i32, u8, i32)>,
) -> State {
    let mut s = new_game(9);
    let mut slots: Vec<(i32, i32)> = vec![];
    let (mut cx, mut cy) = (0, 0);
    for (i, (dir, cells)) in cards.into_iter().enumerate() {
        if i > 0 {
            // Walk to a free neighbouring slot so every card meets the last one.
            let (dx, dy) = [(1, 0), (0, 1), (-1, 0), (0, -1)][dir as usize];
            if slots.contains(&(cx + dx, cy + dy)) {
                continue;
            }
            cx += dx;
            cy += dy;
        }
        slots.push((cx, cy));
        let rows: Vec<String> = cells
            .chunks(SIDE as usize)
            .map(|r| r.iter().map(|&v| cell_char(v)).collect())
            .collect();
        let kind = if i == 0 { "gate" } else { "hall" };
        let c = json!({"type": "place_card", "id": format!("c{i}"), "kind": kind, "origin": [cx * SIDE, cy * SIDE], "rows": rows});
        SilverMine::execute(&mut s, &cmd(c)).expect("a connected layout is accepted");
    }
    let squares: Vec<Pos> = s
        .cards
        .iter()
        .flat_map(|c| c.squares().collect::<Vec<_>>())
        .collect();
    let pick = |a: i32, b: i32| squares[((a * 41 + b) as usize) % squares.len()];
    for (i, (a, b, life)) in heroes.into_iter().enumerate() {
        let id = format!("h{i}");
        hero(&mut s, &id, 1, 3, 2, 1 + life as i32);
        let at = pick(a, b);
        if s.cell(at) == Some(Cell::Floor) && s.character_at(at).is_none() {
            put(&mut s, &id, (at.x, at.y));
        }
    }
    for (i, (a, b, k, mv)) in enemies.into_iter().enumerate() {
        let kind = ["goblin", "rat", "spider", "goblin"][k as usize];
        let at = pick(b, a + i as i32);
        let c = json!({"type": "place_enemy", "id": format!("e{i}"), "kind": kind, "at": [at.x, at.y],
                       "attrs": {"attack": 1, "move": mv, "torch": 0, "life": 2}});
        let _ = SilverMine::execute(&mut s, &cmd(c)); // occupied or blocked squares are refused: fine
    }
    s
}

/// Our own reading of where an enemy may walk, written apart from the engine.
fn passable(s: &State, kind: EnemyKind, p: Pos) -> bool {
    if s.character_at(p).is_some() {
        return false;
    }
    match s.cell(p) {
        Some(Cell::Floor) | Some(Cell::Door { locked: false }) => true,
        Some(Cell::Trap) => kind == EnemyKind::Goblin,
        Some(Cell::Door { locked: true }) => kind != EnemyKind::Goblin,
        _ => false,
    }
}

/// Steps from each square to a square next to `target` (multi-source BFS).
fn distance_to(s: &State, kind: EnemyKind, target: Pos, start: Pos) -> HashMap<Pos, u32> {
    let mut d = HashMap::new();
    let mut q = VecDeque::new();
    for n in target.neighbours() {
        if n == start || passable(s, kind, n) {
            d.insert(n, 0);
            q.push_back(n);
        }
    }
    while let Some(p) = q.pop_front() {
        for n in p.neighbours() {
            if !d.contains_key(&n) && (n == start || passable(s, kind, n)) {
                d.insert(n, d[&p] + 1);
                q.push_back(n);
            }
        }
    }
    d
}

fn run_turn(s: &State, seed: u64) -> (State, Vec<Event>) {
    let mut s = s.clone();
    let ev = SilverMine::execute(
        &mut s,
        &cmd(json!({"type": "dungeon_turn", "seed": seed, "roll_missing": true})),
    )
    .expect("a dungeon turn with roll_missing always runs");
    (s, ev)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn moves_avoid_characters_and_containers_and_follow_shortest_paths(s in dungeon(), seed: u64) {
        let (_, events) = run_turn(&s, seed);
        // Re-walk the turn event by event so each move is judged on the board it was made on.
        let mut now = s.clone();
        let mut target: Option<(String, String, u32)> = None;
        for e in &events {
            match e {
                Event::TargetChosen { enemy, target: t, distance, .. } => target = Some((enemy.clone(), t.clone(), *distance)),
                Event::EnemyMoved { enemy, path } => {
                    let en = now.enemy(enemy).unwrap().clone();
                    let (who, t, dist) = target.clone().unwrap();
                    prop_assert_eq!(&who, enemy);
                    prop_assert!(path.len() as i32 <= en.attrs.move_, "walked past its Move");
                    let tpos = now.character(&t).unwrap().pos.unwrap();
                    let d = distance_to(&now, en.kind, tpos, en.pos);
                    prop_assert_eq!(d.get(&en.pos).copied(), Some(dist), "reported distance is the true shortest distance");
                    let mut prev = en.pos;
                    for q in path {
                        prop_assert!(q.adjacent(prev), "diagonal or jump from {} to {}", prev, q);
                        prop_assert!(now.character_at(*q).is_none(), "crossed a character at {}", q);
                        prop_assert!(!matches!(now.cell(*q), Some(Cell::Container(_))), "crossed a container at {}", q);
                        prop_assert!(passable(&now, en.kind, *q), "entered a forbidden square {}", q);
                        prop_assert_eq!(d.get(q).copied(), Some(d[&prev] - 1), "step to {} is not on a shortest path", q);
                        prev = *q;
                    }
                    let end = *path.last().unwrap();
                    prop_assert!(now.enemies.iter().all(|o| o.id == *enemy || o.pos != end), "ended on another enemy");
                }
                _ => {}
            }
            <SilverMine as Game>::evolve(&mut now, e);
        }
    }

    #[test]
    fn same_seed_same_turn_even_through_json(s in dungeon(), seed: u64) {
        let (a_state, a) = run_turn(&s, seed);
        let reloaded: State = serde_json::from_value(serde_json::to_value(&s).unwrap()).unwrap();
        let (b_state, b) = run_turn(&reloaded, seed);
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(&a_state, &b_state);
        // The logged events rebuild the same state.
        let mut replayed = s.clone();
        for e in &a {
            let e: Event = serde_json::from_value(serde_json::to_value(e).unwrap()).unwrap();
            <SilverMine as Game>::evolve(&mut replayed, &e);
        }
        prop_assert_eq!(replayed, a_state);
    }

    #[test]
    fn attacks_happen_only_between_neighbours(s in dungeon(), seed: u64) {
        let (_, events) = run_turn(&s, seed);
        let mut now = s.clone();
        for e in &events {
            if let Event::Combat { attacker: tw_silver_mine::Who::Enemy(en), defender: tw_silver_mine::Who::Character(c), .. } = e {
                let ep = now.enemy(en).unwrap().pos;
                let cp = now.character(c).unwrap().pos.unwrap();
                prop_assert!(ep.adjacent(cp));
            }
            <SilverMine as Game>::evolve(&mut now, e);
        }
    }
}

/// Guard against a vacuous property: the random dungeons do produce moves,
/// multi-step moves, attacks and random tie-breaks.
#[test]
fn the_generator_exercises_moves_and_attacks() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut moves, mut long, mut attacks) = (0, 0, 0);
    for seed in 0..300u64 {
        let s = dungeon().new_tree(&mut runner).unwrap().current();
        let (_, ev) = run_turn(&s, seed);
        for e in &ev {
            match e {
                Event::EnemyMoved { path, .. } => {
                    moves += 1;
                    long += usize::from(path.len() >= 2);
                }
                Event::Combat { .. } => attacks += 1,
                _ => {}
            }
        }
    }
    assert!(
        moves > 100 && long > 50 && attacks > 30,
        "moves {moves}, long {long}, attacks {attacks}"
    );
}
