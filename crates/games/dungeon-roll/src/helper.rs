//! The Monster Phase helper: can this party defeat every monster, and how?
//!
//! It searches every way of sending the party's units (dice, companion
//! tokens, the hero's Ultimate companions) against the monsters and keeps
//! the best by, in order:
//! 1. fewest dice and tokens spent (the hero's companions are free: they
//!    leave at the end of the level anyway);
//! 2. chests and potions kept reachable: enough companions left to open
//!    every chest (one Thief or Champion opens them all) and a unit left to
//!    quaff the potions;
//! 3. fewest treasure tokens spent (each is worth XP at the end);
//! 4. the cheapest faces spent (Fighters, Clerics and Mages before Thieves,
//!    Champions last).
//!
//! The Ultimate and Scrolls are never spent: they are the player's call.
//! The search is exact and memoised on (monsters left, units left), which
//! stays small: at most seven monsters of three types.

use crate::command::Unit;
use crate::data::rules;
use crate::faces::{DungeonDice, DungeonFace, PartyDice, PartyFace};
use crate::hero::Side;
use crate::state::State;
use crate::table::{defeats, opens};
use crate::treasure::{Tokens, TreasureKind};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use tw_rules::Refusal;

/// One unit sent against monsters of one type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assignment {
    pub with: Unit,
    #[serde(rename = "as")]
    pub as_face: PartyFace,
    pub monster: DungeonFace,
    pub count: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// Every monster can be defeated with the party at hand.
    pub feasible: bool,
    pub fights: Vec<Assignment>,
    pub dice_spent: u8,
    pub tokens_spent: u8,
    /// After the fights, every chest can still be opened.
    pub chests_reachable: bool,
    /// After the fights, a unit is left to quaff the potions.
    pub potions_reachable: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The proposal for the delve under way.
pub fn propose(state: &State) -> Result<Proposal, Refusal> {
    let d = state
        .delve
        .as_ref()
        .ok_or_else(|| Refusal::new("Gameplay Flow", "no delve is under way"))?;
    let side = state.side().ok_or_else(|| {
        Refusal::new(
            "Setup",
            "the Adventurer's hero card is not in data/heroes.json",
        )
    })?;
    let tokens = state
        .current()
        .map(|p| p.tokens.clone())
        .unwrap_or_default();
    Ok(plan_for(
        &d.party,
        &d.hero_units,
        &tokens,
        &d.dungeon,
        side,
        d.champions_as_thieves,
    ))
}

/// A kind of unit: interchangeable copies and the faces each may act as.
struct Kind {
    unit: Unit,
    count: u8,
    /// Companion faces it may fight as (empty for a plain Scroll).
    faces: Vec<PartyFace>,
}

impl Kind {
    fn is_token(&self) -> bool {
        matches!(self.unit, Unit::Treasure(_))
    }
    fn is_free(&self) -> bool {
        matches!(self.unit, Unit::Hero(_))
    }
    fn value(&self) -> u16 {
        match self.unit {
            Unit::Hero(_) => 0,
            Unit::Treasure(_) => 1,
            Unit::Die(PartyFace::Champion) => 3,
            Unit::Die(PartyFace::Thief) => 2,
            Unit::Die(_) => 1,
        }
    }
}

/// `distracted`: Champion dice act as Thieves (the Distractions Twist card).
fn kinds(
    party: &PartyDice,
    hero_units: &[PartyFace],
    tokens: &Tokens,
    side: &Side,
    distracted: bool,
) -> Vec<Kind> {
    let companions = |natural: PartyFace| -> Vec<PartyFace> {
        side.faces_for(natural)
            .into_iter()
            .filter(|f| f.is_companion())
            .collect()
    };
    let mut out = Vec::new();
    for f in PartyFace::ALL {
        let n = hero_units.iter().filter(|h| **h == f).count() as u8;
        if n > 0 {
            out.push(Kind {
                unit: Unit::Hero(f),
                count: n,
                faces: companions(f),
            });
        }
    }
    for f in PartyFace::ALL {
        if party.get(f) > 0 {
            let acts = if distracted && f == PartyFace::Champion {
                PartyFace::Thief
            } else {
                f
            };
            out.push(Kind {
                unit: Unit::Die(f),
                count: party.get(f),
                faces: companions(acts),
            });
        }
    }
    for k in TreasureKind::ALL {
        if let Some(f) = k.acts_as() {
            if tokens.get(k) > 0 {
                out.push(Kind {
                    unit: Unit::Treasure(k),
                    count: tokens.get(k),
                    faces: companions(f),
                });
            }
        }
    }
    out
}

/// (units spent, loot lost, tokens spent, value spent): smaller is better.
type Cost = (u8, u8, u8, u16);
/// One fight in the search: (unit kind, face used as, monster type, count).
type Step = (usize, PartyFace, usize, u8);
type Plan = Option<(Cost, Vec<Step>)>;
type Memo = HashMap<([u8; 3], Vec<u8>), Plan>;

struct Search<'a> {
    kinds: &'a [Kind],
    chests: u8,
    potions: u8,
    memo: Memo,
}

impl Search<'_> {
    /// Loot lost with these units left: chests no companion can open, and
    /// potions with no unit left to quaff them.
    fn loot_lost(&self, left: &[u8]) -> u8 {
        let units: u8 = left.iter().fold(0u8, |a, b| a.saturating_add(*b));
        let can = |i: usize| left[i] > 0;
        let mut used = 0u8;
        let mut lost = 0u8;
        if self.chests > 0 {
            let many = (0..self.kinds.len())
                .any(|i| can(i) && self.kinds[i].faces.iter().any(|f| opens(*f, 2) == Some(2)));
            if many {
                used = 1;
            } else {
                let companions: u8 = (0..self.kinds.len())
                    .filter(|i| !self.kinds[*i].faces.is_empty())
                    .map(|i| left[i])
                    .fold(0u8, |a, b| a.saturating_add(b));
                let opened = self.chests.min(companions);
                used = opened;
                lost = self.chests - opened;
            }
        }
        if self.potions > 0 && units <= used {
            lost += 1;
        }
        lost
    }

    fn solve(&mut self, monsters: [u8; 3], left: &mut Vec<u8>) -> Plan {
        let Some(t) = (0..3).find(|t| monsters[*t] > 0) else {
            return Some(((0, self.loot_lost(left), 0, 0), Vec::new()));
        };
        let key = (monsters, left.clone());
        if let Some(hit) = self.memo.get(&key) {
            return hit.clone();
        }
        let monster = DungeonFace::MONSTERS[t];
        let mut best: Plan = None;
        for i in 0..self.kinds.len() {
            if left[i] == 0 {
                continue;
            }
            let (free, token, value) = (
                self.kinds[i].is_free(),
                self.kinds[i].is_token(),
                self.kinds[i].value(),
            );
            for fi in 0..self.kinds[i].faces.len() {
                let face = self.kinds[i].faces[fi];
                let Some(k) = defeats(face, monster, monsters[t]) else {
                    continue;
                };
                let mut next = monsters;
                next[t] -= k;
                left[i] -= 1;
                let sub = self.solve(next, left);
                left[i] += 1;
                if let Some((c, mut steps)) = sub {
                    let cost = (
                        c.0 + u8::from(!free),
                        c.1,
                        c.2 + u8::from(token),
                        c.3 + value,
                    );
                    if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                        steps.insert(0, (i, face, t, k));
                        best = Some((cost, steps));
                    }
                }
            }
        }
        self.memo.insert(key, best.clone());
        best
    }
}

/// Plan the Monster Phase for this party against these dice.
pub fn plan(
    party: &PartyDice,
    hero_units: &[PartyFace],
    tokens: &Tokens,
    dungeon: &DungeonDice,
    side: &Side,
) -> Proposal {
    plan_for(party, hero_units, tokens, dungeon, side, false)
}

/// [`plan`], with Champion dice acting as Thieves when `distracted`.
fn plan_for(
    party: &PartyDice,
    hero_units: &[PartyFace],
    tokens: &Tokens,
    dungeon: &DungeonDice,
    side: &Side,
    distracted: bool,
) -> Proposal {
    let kinds = kinds(party, hero_units, tokens, side, distracted);
    let mut search = Search {
        kinds: &kinds,
        chests: dungeon.get(DungeonFace::Chest),
        potions: dungeon.get(DungeonFace::Potion),
        memo: HashMap::new(),
    };
    let monsters = [dungeon.goblin, dungeon.skeleton, dungeon.ooze];
    let mut left: Vec<u8> = kinds.iter().map(|k| k.count).collect();
    match search.solve(monsters, &mut left) {
        Some((cost, steps)) => {
            let fights: Vec<Assignment> = steps
                .iter()
                .map(|(i, face, t, k)| Assignment {
                    with: kinds[*i].unit,
                    as_face: *face,
                    monster: DungeonFace::MONSTERS[*t],
                    count: *k,
                })
                .collect();
            let dice_spent = fights
                .iter()
                .filter(|a| matches!(a.with, Unit::Die(_)))
                .count() as u8;
            let (chests_reachable, potions_reachable) = reachability(&search, &kinds, &fights);
            Proposal {
                feasible: true,
                tokens_spent: cost.2,
                dice_spent,
                fights,
                chests_reachable,
                potions_reachable,
                reason: None,
            }
        }
        None => {
            let companions: u16 = kinds
                .iter()
                .filter(|k| !k.faces.is_empty())
                .map(|k| k.count as u16)
                .sum();
            Proposal {
                feasible: false,
                fights: Vec::new(),
                dice_spent: 0,
                tokens_spent: 0,
                chests_reachable: false,
                potions_reachable: false,
                reason: Some(format!(
                    "{} Goblin(s), {} Skeleton(s) and {} Ooze(s) cannot all be defeated by the {companions} companion(s) at hand ({} Party dice in all)",
                    monsters[0],
                    monsters[1],
                    monsters[2],
                    party.total().min(rules().party_dice)
                )),
            }
        }
    }
}

/// Whether chests (all of them) and potions (any unit left to quaff) stay
/// reachable after the chosen fights, each on its own.
fn reachability(search: &Search, kinds: &[Kind], fights: &[Assignment]) -> (bool, bool) {
    let mut left: Vec<u8> = kinds.iter().map(|k| k.count).collect();
    for a in fights {
        if let Some(i) = kinds.iter().position(|k| k.unit == a.with) {
            left[i] = left[i].saturating_sub(1);
        }
    }
    let chests_only = Search {
        kinds,
        chests: search.chests,
        potions: 0,
        memo: HashMap::new(),
    };
    let chests = chests_only.loot_lost(&left) == 0;
    let potions = search.potions == 0 || left.iter().any(|n| *n > 0);
    (chests, potions)
}
