//! Times one dungeon turn on a 30-card dungeon with 20 enemies and 4 characters.
//!
//! `cargo run --release -p tw-silver-mine --example bench_turn`
//! Target (issue 7): at most 1 ms per turn.

use std::time::Instant;
use tw_rules::Game;
use tw_silver_mine::model::{Attributes, CardKind, CharacterType, EnemyKind};
use tw_silver_mine::{Command, Pos, SilverMine, State};

const W: i32 = 5;
const H: i32 = 7;

fn run(s: &mut State, c: Command) {
    SilverMine::execute(s, &c).unwrap_or_else(|r| panic!("bench set-up refused: {r}"));
}

fn rows(i: i32) -> Vec<String> {
    // A few walls and cubes so paths have to bend; the edges stay open.
    let mut r = vec![".....".to_string(); H as usize];
    match i % 4 {
        0 => r[3] = ".###.".into(),
        1 => r[2] = "..c..".into(),
        2 => r[4] = ".#^#.".into(),
        _ => r[1] = "#...#".into(),
    }
    r
}

fn dungeon() -> State {
    let mut s = SilverMine::setup(&tw_silver_mine::Setup {
        mode: Default::default(),
        seed: 3,
    })
    .unwrap();
    // 6 x 5 cards = 30 cards, laid row by row so each meets an earlier one.
    for i in 0..30 {
        let (cx, cy) = (i % 6, i / 6);
        run(
            &mut s,
            Command::PlaceCard {
                id: format!("card{i}"),
                kind: if i == 0 {
                    CardKind::Gate
                } else {
                    CardKind::Hall
                },
                origin: Pos::new(cx * W, cy * H),
                rows: rows(i),
                explorer: None,
                lost_map: false,
            },
        );
    }
    let attrs = |attack, move_, life| Attributes {
        attack,
        move_,
        torch: 0,
        life,
    };
    for (k, at) in [
        (0, Pos::new(0, 0)),
        (1, Pos::new(29, 0)),
        (2, Pos::new(0, 34)),
        (3, Pos::new(15, 17)),
    ] {
        let id = format!("hero{k}");
        run(
            &mut s,
            Command::NewCharacter {
                id: id.clone(),
                player: id.clone(),
                name: String::new(),
                character_type: CharacterType::Strength,
                attrs: Attributes {
                    attack: 1,
                    move_: 3,
                    torch: 3,
                    life: 50,
                },
                items: vec![],
            },
        );
        s.character_mut(&id).unwrap().pos = Some(at);
    }
    let kinds = [
        EnemyKind::Goblin,
        EnemyKind::Rat,
        EnemyKind::Spider,
        EnemyKind::Goblin,
    ];
    let mut placed = 0;
    let mut n = 0;
    while placed < 20 {
        n += 1;
        let at = Pos::new((n * 7) % 30, (n * 11) % 35);
        let c = Command::PlaceEnemy {
            id: format!("e{placed}"),
            kind: kinds[placed % 4],
            name: String::new(),
            at,
            attrs: attrs(1, 3 + (placed as i32 % 2), 3),
            carries: vec![],
        };
        if SilverMine::execute(&mut s, &c).is_ok() {
            placed += 1;
        }
    }
    s
}

fn stats(name: &str, mut v: Vec<f64>) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mean = v.iter().sum::<f64>() / v.len() as f64;
    let pct = |p: f64| v[((v.len() - 1) as f64 * p) as usize];
    println!(
        "{name}: n={} min={:.1} µs mean={:.1} µs median={:.1} µs p99={:.1} µs max={:.1} µs",
        v.len(),
        v[0],
        mean,
        pct(0.5),
        pct(0.99),
        v[v.len() - 1]
    );
}

fn main() {
    let s = dungeon();
    let squares: i32 = s.cards.iter().map(|c| c.width * c.height).sum();
    println!(
        "dungeon: {} cards, {} squares, {} enemies, {} characters",
        s.cards.len(),
        squares,
        s.enemies.len(),
        s.characters.len()
    );
    let turn = |seed| Command::DungeonTurn {
        seed: Some(seed),
        dice: vec![],
        roll_missing: true,
    };
    for i in 0..200 {
        SilverMine::decide(&s, &turn(i)).unwrap();
    }
    // The same board every time: the first turn, when every enemy is far away.
    let mut first = Vec::new();
    for i in 0..3000u64 {
        let t = Instant::now();
        let ev = SilverMine::decide(&s, &turn(i)).unwrap();
        first.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(ev);
    }
    stats("first turn (decide)", first);
    // Successive turns: enemies close in and fight (execute = decide + evolve).
    let mut chained = Vec::new();
    let mut g = s.clone();
    let mut events = 0;
    for i in 0..300u64 {
        let t = Instant::now();
        let ev = SilverMine::execute(&mut g, &turn(i)).unwrap();
        chained.push(t.elapsed().as_secs_f64() * 1e6);
        events += ev.len();
    }
    stats("300 successive turns (execute)", chained);
    println!(
        "events in the successive turns: {events}; enemies left: {}",
        g.enemies.len()
    );
}
