//! The dungeon turn: every enemy walks toward the nearest character by a
//! shortest non-diagonal path and attacks when adjacent.
//!
//! Readings of the rulebook (p.27-28) taken here, each tested:
//! - *Distance* is the number of steps the enemy needs to stand next to the
//!   character, walking only where it may (enemies pass enemies, never
//!   characters; nobody crosses a container, a wall or an unused campfire;
//!   goblins cross traps and are stopped by locked doors, other kinds the
//!   reverse — see `data/enemies.json`). A character it cannot reach is not a
//!   candidate.
//! - *The closest enemy acts first*: the order is fixed at the start of the
//!   turn by each enemy's distance to its nearest character; equal distances
//!   keep placement order. Each enemy then re-plans on the board as the
//!   enemies before it left it.
//! - *Equal distance*: least Life wins; a remaining tie is drawn from the
//!   command's seed, else the state's generator, and reported in the event.
//! - *Moving*: up to Move squares along a shortest path, never ending on
//!   another figure; if the square it would reach is taken it stops at the
//!   furthest free square that is still on a shortest path.
//! - *Reach*: rats and spiders stay in their Hall (they hunt characters on
//!   their card or next to them); goblins that have seen a character chase
//!   them anywhere; bosses hunt the whole dungeon.
//! - Enemies on a card revealed by a Lost Map wait until someone enters it.
//! - Torch >= 1 calls companions once: reported at the enemy's first dungeon
//!   turn; the players place them, and they act from the next turn.

use crate::combat;
use crate::command::{DicePair, DiceSource};
use crate::ctx::{refuse, Ctx};
use crate::data::{tables, Reach};
use crate::event::{Event, TieBreak};
use crate::grid::{Grid, UNREACHABLE};
use crate::model::{Enemy, Pos, State};
use std::collections::VecDeque;
use tw_rules::{Refusal, SplitMix64};

/// Is this enemy waiting because its card was revealed by a Lost Map and
/// nobody has entered it yet?
pub fn waiting(s: &State, e: &Enemy) -> bool {
    s.card_at(e.pos)
        .is_some_and(|c| c.revealed_by_map && !c.entered)
}

/// Characters this enemy may hunt.
fn candidates(s: &State, e: &Enemy) -> Vec<usize> {
    let reach = tables().enemy(e.kind).reach;
    let card = s.card_at(e.pos);
    s.characters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.in_dungeon())
        .filter(|(_, c)| {
            let p = c.pos.expect("in dungeon");
            let near = card.is_some_and(|k| k.contains(p)) || p.adjacent(e.pos);
            match reach {
                Reach::Dungeon => true,
                Reach::Chase => e.engaged || near,
                Reach::Card => near,
            }
        })
        .map(|(i, _)| i)
        .collect()
}

/// Scratch buffers reused across enemies (the turn runs in well under a
/// millisecond only if it does not allocate per search).
#[derive(Default)]
pub struct Buffers {
    from: Vec<u32>,
    to: Vec<u32>,
    queue: VecDeque<usize>,
}

/// Steps for enemy `e` to stand next to each candidate (UNREACHABLE if it cannot).
fn distances(g: &Grid, s: &State, e: &Enemy, cands: &[usize], b: &mut Buffers) -> Vec<u32> {
    let rules = tables().enemy(e.kind);
    let Some(start) = g.index(e.pos) else {
        return vec![UNREACHABLE; cands.len()];
    };
    g.bfs(
        &[start],
        |j| g.enemy_passable(j, rules),
        &mut b.from,
        &mut b.queue,
    );
    cands
        .iter()
        .map(|&ci| {
            let p = s.characters[ci].pos.expect("in dungeon");
            if p.adjacent(e.pos) {
                return 0;
            }
            p.neighbours()
                .iter()
                .filter_map(|n| g.index(*n))
                .map(|n| b.from[n])
                .min()
                .unwrap_or(UNREACHABLE)
        })
        .collect()
}

/// One planned activation: the target and the path walked (excluding the start).
pub struct Plan {
    pub target: usize,
    pub distance: u32,
    pub tie_break: Option<TieBreak>,
    pub path: Vec<Pos>,
    pub attacks: bool,
}

/// Decide what enemy `e` does on the board as it stands now.
pub fn plan(
    s: &State,
    e: &Enemy,
    rng: &mut SplitMix64,
    seeded: bool,
    b: &mut Buffers,
) -> Option<Plan> {
    let g = Grid::build(s);
    let cands = candidates(s, e);
    if cands.is_empty() {
        return None;
    }
    let dist = distances(&g, s, e, &cands, b);
    let best = *dist.iter().min()?;
    if best == UNREACHABLE {
        return None;
    }
    let nearest: Vec<usize> = cands
        .iter()
        .zip(&dist)
        .filter(|(_, d)| **d == best)
        .map(|(c, _)| *c)
        .collect();
    let (target, tie_break) = pick_target(s, &nearest, rng, seeded);
    let path = walk(&g, s, e, target, best, b);
    let end = path.last().copied().unwrap_or(e.pos);
    let attacks = s.characters[target].pos.is_some_and(|p| p.adjacent(end));
    Some(Plan {
        target,
        distance: best,
        tie_break,
        path,
        attacks,
    })
}

fn pick_target(
    s: &State,
    nearest: &[usize],
    rng: &mut SplitMix64,
    seeded: bool,
) -> (usize, Option<TieBreak>) {
    if nearest.len() == 1 {
        return (nearest[0], None);
    }
    let ids = |v: &[usize]| {
        v.iter()
            .map(|&i| s.characters[i].id.clone())
            .collect::<Vec<_>>()
    };
    let least = nearest
        .iter()
        .map(|&i| s.characters[i].attrs.life)
        .min()
        .expect("non-empty");
    let weakest: Vec<usize> = nearest
        .iter()
        .copied()
        .filter(|&i| s.characters[i].attrs.life == least)
        .collect();
    if weakest.len() == 1 {
        return (weakest[0], Some(TieBreak::LeastLife { tied: ids(nearest) }));
    }
    let draw = rng.below(weakest.len() as u64);
    (
        weakest[draw as usize],
        Some(TieBreak::Random {
            tied: ids(&weakest),
            draw,
            seeded_by_command: seeded,
        }),
    )
}

/// The squares walked toward `target`: as far as Move allows along a
/// shortest path, ending on a free square.
fn walk(g: &Grid, s: &State, e: &Enemy, target: usize, total: u32, b: &mut Buffers) -> Vec<Pos> {
    if total == 0 || e.attrs.move_ <= 0 {
        return vec![];
    }
    let rules = tables().enemy(e.kind);
    let start = g.index(e.pos).expect("enemy on the grid");
    let tpos = s.characters[target].pos.expect("target in dungeon");
    let goals: Vec<usize> = tpos
        .neighbours()
        .iter()
        .filter_map(|n| g.index(*n))
        .filter(|&n| n == start || g.enemy_passable(n, rules))
        .collect();
    g.bfs(
        &goals,
        |j| j == start || g.enemy_passable(j, rules),
        &mut b.to,
        &mut b.queue,
    );
    let budget = (e.attrs.move_ as u32).min(total);
    // Furthest free square on a shortest path within the budget; ties go to
    // the topmost, then leftmost square so the same board gives the same move.
    let mut end = start;
    let mut end_k = 0;
    for i in 0..g.len() {
        let k = b.from[i];
        if k == UNREACHABLE
            || k == 0
            || k > budget
            || b.to[i] == UNREACHABLE
            || k + b.to[i] != total
        {
            continue;
        }
        if g.enemy[i] || g.character[i] {
            continue;
        }
        let better =
            k > end_k || (k == end_k && (g.pos(i).y, g.pos(i).x) < (g.pos(end).y, g.pos(end).x));
        if better {
            end = i;
            end_k = k;
        }
    }
    if end == start {
        return vec![];
    }
    // Walk back from the end along squares that stay on a shortest path.
    let mut path = vec![g.pos(end)];
    let mut cur = end;
    while b.from[cur] > 1 {
        let prev = g
            .neighbours(cur)
            .find(|&p| {
                b.from[p] != UNREACHABLE && b.from[p] + 1 == b.from[cur] && b.to[p] == b.to[cur] + 1
            })
            .expect("a square at distance k has a predecessor at k-1 on the same shortest path");
        path.push(g.pos(prev));
        cur = prev;
    }
    path.reverse();
    path
}

pub fn dungeon_turn(
    cx: &mut Ctx,
    seed: Option<u64>,
    dice: &[DicePair],
    roll_missing: bool,
) -> Result<(), Refusal> {
    let seeded = seed.is_some();
    let mut rng = seed
        .map(SplitMix64::new)
        .unwrap_or_else(|| cx.s.rng.clone());
    let mut b = Buffers::default();
    let mut dice = dice.iter();
    let turn = cx.s.dungeon_turns + 1;

    // Who acts, closest first (order fixed now, ties by placement).
    let g = Grid::build(&cx.s);
    let mut order: Vec<(u32, usize, String)> = Vec::new();
    let mut waits = Vec::new();
    for (i, e) in cx.s.enemies.iter().enumerate() {
        if waiting(&cx.s, e) {
            waits.push(e.id.clone());
            continue;
        }
        let cands = candidates(&cx.s, e);
        let d = distances(&g, &cx.s, e, &cands, &mut b)
            .into_iter()
            .min()
            .unwrap_or(UNREACHABLE);
        order.push((d, i, e.id.clone()));
    }
    order.sort();
    cx.emit(Event::DungeonTurnStarted {
        turn,
        order: order.iter().map(|o| o.2.clone()).collect(),
    });
    for id in waits {
        cx.emit(Event::EnemyWaits {
            enemy: id,
            reason: "revealed by a Lost Map; waits until someone enters its Hall".into(),
        });
    }
    let mut attack_no = 0;
    for (_, _, id) in order {
        let Some(e) = cx.s.enemy(&id).cloned() else {
            continue;
        }; // defeated earlier this turn
        if e.attrs.torch >= 1 && !e.companions_called {
            cx.emit(Event::CompanionsDue {
                enemy: id.clone(),
                count: e.attrs.torch,
            });
        }
        let Some(p) = plan(&cx.s, &e, &mut rng, seeded, &mut b) else {
            cx.emit(Event::EnemyWaits {
                enemy: id.clone(),
                reason: "no character it can reach".into(),
            });
            continue;
        };
        let target = cx.s.characters[p.target].id.clone();
        cx.emit(Event::TargetChosen {
            enemy: id.clone(),
            target: target.clone(),
            distance: p.distance,
            tie_break: p.tie_break,
        });
        if !p.path.is_empty() {
            cx.emit(Event::EnemyMoved {
                enemy: id.clone(),
                path: p.path,
            });
        }
        if p.attacks {
            attack_no += 1;
            let pair = match dice.next() {
                Some(d) => *d,
                None if roll_missing => DicePair { character: rng.d6(), enemy: rng.d6(), source: DiceSource::Virtual },
                None => {
                    return refuse(
                        "Dungeon turn: dice",
                        format!(
                            "attack {attack_no} ({id} on {target}) needs a pair of dice but only {} pair(s) were given; read or roll them, or set roll_missing",
                            attack_no - 1
                        ),
                    )
                }
            };
            combat::resolve(cx, &target, &id, pair, false);
        }
    }
    let unused = dice.count();
    if unused > 0 {
        return refuse(
            "Dungeon turn: dice",
            format!("{unused} pair(s) of dice left over: this turn has only {attack_no} attack(s)"),
        );
    }
    cx.emit(Event::DungeonTurnEnded {
        rng: (!seeded).then_some(rng),
    });
    Ok(())
}
