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
use crate::data::{tables, EnemyRules, Reach};
use crate::event::{Event, TieBreak};
use crate::grid::{Grid, UNREACHABLE};
use crate::model::{Enemy, Pos, State};
use std::collections::{HashMap, VecDeque};
use tw_rules::{Refusal, SplitMix64};

/// Is this enemy waiting because its card was revealed by a Lost Map and
/// nobody has entered it yet?
pub fn waiting(s: &State, e: &Enemy) -> bool {
    s.card_at(e.pos)
        .is_some_and(|c| c.revealed_by_map && !c.entered)
}

/// Characters this enemy may hunt.
fn candidates(s: &State, g: &Grid, e: &Enemy) -> Vec<usize> {
    let reach = tables().enemy(e.kind).reach;
    let card = g.index(e.pos).and_then(|i| g.card_of(i));
    s.characters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.in_dungeon())
        .filter(|(_, c)| {
            let p = c.pos.expect("in dungeon");
            let near = p.adjacent(e.pos)
                || (card.is_some() && g.index(p).and_then(|i| g.card_of(i)) == card);
            match reach {
                Reach::Dungeon => true,
                Reach::Chase => e.engaged || near,
                Reach::Card => near,
            }
        })
        .map(|(i, _)| i)
        .collect()
}

/// The board for one dungeon turn, with its distance fields.
///
/// Enemies never block each other's way (they pass enemies), and characters
/// do not move during the dungeon turn, so "steps from here to stand next to
/// character c" is one field per character and per way of walking (goblins
/// and the rest). Each field is computed once per turn — again only if a
/// character dies — and every enemy reads its distance from it; only the
/// enemy's own walk needs a search, bounded by its Move. This is what keeps a
/// 30-card, 20-enemy turn well under a millisecond.
pub struct Board {
    g: Grid,
    fields: HashMap<(bool, bool, usize), Vec<u32>>,
    from: Vec<u32>,
    touched: Vec<usize>,
    queue: VecDeque<usize>,
}

impl Board {
    pub fn new(s: &State) -> Board {
        let g = Grid::build(s);
        let n = g.len();
        Board {
            g,
            fields: HashMap::new(),
            from: vec![UNREACHABLE; n],
            touched: vec![],
            queue: VecDeque::new(),
        }
    }

    /// Steps for a walker with `rules` from each square to a square next to character `ci`.
    fn field(&mut self, s: &State, rules: &EnemyRules, ci: usize) -> &Vec<u32> {
        let key = (rules.crosses_traps, rules.opens_locked_doors, ci);
        let g = &self.g;
        let queue = &mut self.queue;
        self.fields.entry(key).or_insert_with(|| {
            let mut out = Vec::new();
            let goals: Vec<usize> = s.characters[ci]
                .pos
                .map(|p| {
                    p.neighbours()
                        .iter()
                        .filter_map(|n| g.index(*n))
                        .filter(|&n| g.enemy_passable(n, rules))
                        .collect()
                })
                .unwrap_or_default();
            g.bfs(&goals, |j| g.enemy_passable(j, rules), &mut out, queue);
            out
        })
    }

    fn distance(&mut self, s: &State, e: &Enemy, ci: usize) -> u32 {
        let Some(p) = s.characters[ci].pos else {
            return UNREACHABLE;
        };
        if p.adjacent(e.pos) {
            return 0;
        }
        let Some(at) = self.g.index(e.pos) else {
            return UNREACHABLE;
        };
        self.field(s, tables().enemy(e.kind), ci)[at]
    }

    fn nearest(&mut self, s: &State, e: &Enemy) -> u32 {
        let g = &self.g;
        let cands = candidates(s, g, e);
        cands
            .into_iter()
            .map(|ci| self.distance(s, e, ci))
            .min()
            .unwrap_or(UNREACHABLE)
    }

    /// Bounded search from the enemy: squares within `budget` steps.
    fn walk_from(&mut self, start: usize, budget: u32, rules: &EnemyRules) {
        for &i in &self.touched {
            self.from[i] = UNREACHABLE;
        }
        self.touched.clear();
        self.queue.clear();
        self.from[start] = 0;
        self.touched.push(start);
        self.queue.push_back(start);
        while let Some(i) = self.queue.pop_front() {
            let d = self.from[i];
            if d == budget {
                continue;
            }
            for j in self.g.neighbours(i) {
                if self.from[j] == UNREACHABLE && self.g.enemy_passable(j, rules) {
                    self.from[j] = d + 1;
                    self.touched.push(j);
                    self.queue.push_back(j);
                }
            }
        }
    }

    /// Keep occupancy current after an enemy moved.
    fn moved(&mut self, from: Pos, to: Pos) {
        if let (Some(a), Some(b)) = (self.g.index(from), self.g.index(to)) {
            self.g.enemy[a] = false;
            self.g.enemy[b] = true;
        }
    }
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
    b: &mut Board,
) -> Option<Plan> {
    let cands = candidates(s, &b.g, e);
    let dist: Vec<u32> = cands.iter().map(|&ci| b.distance(s, e, ci)).collect();
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
    let path = walk(s, e, target, best, b);
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
fn walk(s: &State, e: &Enemy, target: usize, total: u32, b: &mut Board) -> Vec<Pos> {
    if total == 0 || e.attrs.move_ <= 0 {
        return vec![];
    }
    let rules = tables().enemy(e.kind);
    let Some(start) = b.g.index(e.pos) else {
        return vec![];
    };
    let budget = (e.attrs.move_ as u32).min(total);
    b.walk_from(start, budget, rules);
    let to = b.field(s, rules, target).clone();
    let g = &b.g;
    let from = &b.from;
    // Furthest free square on a shortest path within the budget; ties go to
    // the topmost, then leftmost square so the same board gives the same move.
    let mut end = start;
    let mut end_k = 0;
    for &i in &b.touched {
        let k = from[i];
        if k == 0 || to[i] == UNREACHABLE || k + to[i] != total || g.enemy[i] || g.character[i] {
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
    while from[cur] > 1 {
        let prev = g
            .neighbours(cur)
            .find(|&p| from[p] != UNREACHABLE && from[p] + 1 == from[cur] && to[p] == to[cur] + 1)
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
    let mut b = Board::new(&cx.s);
    let mut dice = dice.iter();
    let turn = cx.s.dungeon_turns + 1;

    // Who acts, closest first (order fixed now, ties by placement).
    let mut order: Vec<(u32, usize, String)> = Vec::new();
    let mut waits = Vec::new();
    for (i, e) in cx.s.enemies.iter().enumerate() {
        if waiting(&cx.s, e) {
            waits.push(e.id.clone());
            continue;
        }
        let d = b.nearest(&cx.s, e);
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
        if let Some(&end) = p.path.last() {
            b.moved(e.pos, end);
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
            if cx.s.enemy(&id).is_none() || !cx.s.characters[p.target].in_dungeon() {
                // Someone fell: the ways through the dungeon changed.
                b = Board::new(&cx.s);
            }
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
