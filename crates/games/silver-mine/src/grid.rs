//! A dense snapshot of the dungeon for path finding.
//!
//! The state keeps cards as a list; a dungeon turn asks "what is on this
//! square" thousands of times, so it first lays the cards out in one array
//! over their bounding box and answers from there.

use crate::data::EnemyRules;
use crate::model::{Cell, Pos, State};
use std::collections::VecDeque;

pub const UNREACHABLE: u32 = u32::MAX;

pub struct Grid {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    cells: Vec<Option<Cell>>,
    /// Index of the card each square belongs to.
    card: Vec<u16>,
    pub enemy: Vec<bool>,
    pub character: Vec<bool>,
}

impl Grid {
    pub fn build(state: &State) -> Grid {
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for c in &state.cards {
            x0 = x0.min(c.origin.x);
            y0 = y0.min(c.origin.y);
            x1 = x1.max(c.origin.x + c.width);
            y1 = y1.max(c.origin.y + c.height);
        }
        if state.cards.is_empty() {
            (x0, y0, x1, y1) = (0, 0, 0, 0);
        }
        let (w, h) = (x1 - x0, y1 - y0);
        let n = (w * h) as usize;
        let mut g = Grid {
            x0,
            y0,
            w,
            h,
            cells: vec![None; n],
            card: vec![u16::MAX; n],
            enemy: vec![false; n],
            character: vec![false; n],
        };
        for (ci, c) in state.cards.iter().enumerate() {
            for (k, p) in c.squares().enumerate() {
                let i = g.index(p).expect("card inside its own bounding box");
                g.cells[i] = Some(c.cells[k]);
                g.card[i] = ci as u16;
            }
        }
        for e in &state.enemies {
            if let Some(i) = g.index(e.pos) {
                g.enemy[i] = true;
            }
        }
        for c in state.characters.iter().filter(|c| c.in_dungeon()) {
            if let Some(i) = c.pos.and_then(|p| g.index(p)) {
                g.character[i] = true;
            }
        }
        g
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn index(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x - self.x0, p.y - self.y0);
        (x >= 0 && y >= 0 && x < self.w && y < self.h).then(|| (y * self.w + x) as usize)
    }
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new(self.x0 + (i as i32 % self.w), self.y0 + (i as i32 / self.w))
    }
    pub fn cell(&self, i: usize) -> Option<Cell> {
        self.cells[i]
    }
    pub fn card_of(&self, i: usize) -> Option<usize> {
        (self.card[i] != u16::MAX).then_some(self.card[i] as usize)
    }
    /// Neighbouring squares that exist (up, right, down, left).
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let p = self.pos(i);
        p.neighbours()
            .into_iter()
            .filter_map(move |q| self.index(q))
            .filter(move |&j| self.cells[j].is_some())
    }

    /// May an enemy with these rules walk through square `i`? Enemies pass
    /// enemies but never characters; nobody crosses a container or an unused
    /// campfire; traps and locked doors depend on the kind.
    pub fn enemy_passable(&self, i: usize, rules: &EnemyRules) -> bool {
        if self.character[i] {
            return false;
        }
        match self.cells[i] {
            Some(Cell::Floor) | Some(Cell::Door { locked: false }) => true,
            Some(Cell::Door { locked: true }) => rules.opens_locked_doors,
            Some(Cell::Trap) => rules.crosses_traps,
            _ => false,
        }
    }

    /// Breadth-first distances (in steps) from `sources` over squares where
    /// `pass` holds; sources count as distance 0 whatever they hold.
    pub fn bfs(
        &self,
        sources: &[usize],
        pass: impl Fn(usize) -> bool,
        out: &mut Vec<u32>,
        queue: &mut VecDeque<usize>,
    ) {
        out.clear();
        out.resize(self.len(), UNREACHABLE);
        queue.clear();
        for &s in sources {
            if out[s] == UNREACHABLE {
                out[s] = 0;
                queue.push_back(s);
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = out[i] + 1;
            for j in self.neighbours(i) {
                if out[j] == UNREACHABLE && pass(j) {
                    out[j] = d;
                    queue.push_back(j);
                }
            }
        }
    }
}
