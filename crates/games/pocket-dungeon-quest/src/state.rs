//! The game state: the mat, the piles, the heroes and whose turn it is.

use crate::data::Rules;
use crate::tile::{Gear, HeroKind, Pile, Pos, TileKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tw_rules::SplitMix64;

/// One space of the mat. `Empty` is a space whose tile has gone to a pile
/// or been removed (a bombed Wall): open floor from then on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cell {
    Hidden,
    Empty,
    Shown(TileKind),
}

/// A hero's carry-over between campaign sessions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Carry {
    pub hero: HeroKind,
    #[serde(default)]
    pub xp: u32,
    #[serde(default)]
    pub keys: u32,
    #[serde(default)]
    pub level: u8,
    #[serde(default)]
    pub gear: Vec<Gear>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hero {
    pub kind: HeroKind,
    /// `None` until the hero enters the dungeon.
    pub pos: Option<Pos>,
    pub hearts: u8,
    pub max_hearts: u8,
    pub dead: bool,
    pub inventory: Vec<TileKind>,
    pub big_bag: bool,
    pub pegasus: bool,
    /// Sword / Broken Sword, most recent last.
    pub effects: Vec<TileKind>,
    pub poisoned: bool,
    /// A Flayer's Critical Miss: the next turn is lost.
    pub skip_next_turn: bool,
    /// Skelly Archers that stayed after a Critical Miss: attacked before the next turn.
    pub pinned: Vec<Pos>,
    pub xp: u32,
    pub keys: u32,
    pub level: u8,
    pub gear: Vec<Gear>,
    /// The round from which a piece of Gear on cooldown may be used again.
    pub gear_ready: BTreeMap<Gear, u32>,
    /// The round a once-a-round piece was last used.
    pub gear_round: BTreeMap<Gear, u32>,
    /// Holy Water taken: the next Critical Miss does only its Heart.
    pub holy_water: bool,
    /// The Shield raised: the next lost Heart is not lost.
    pub shield: bool,
    /// The tile the Grapple Shot holds (one at most, outside the Inventory).
    #[serde(default)]
    pub grappled: Option<TileKind>,
    /// Spells memorized in the Spell Tome (two at most, outside the Inventory).
    #[serde(default)]
    pub tome: Vec<TileKind>,
    /// Rested on the Bed Roll: the next turn begins by turning up 1 tile.
    #[serde(default)]
    pub resting: bool,
}

/// A Monster the Harp put to sleep: on the turn of `hero` in `round`.
/// It wakes when that hero's seat comes round again in the next round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sleeper {
    pub at: Pos,
    pub monster: TileKind,
    pub round: u32,
    pub hero: HeroKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Before moving: a Poison roll and pinned Skelly Archers come first.
    Start,
    /// Monsters in the Circle Of Sight are being fought.
    Fighting,
    /// Gems stashed; one Item or Spell may be taken, then the turn ends.
    Looting,
}

/// The hero whose turn it is and what they have done this turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub hero: HeroKind,
    pub step: Step,
    pub uses: u8,
    pub rerolled: bool,
    pub took: bool,
    pub bought: bool,
    pub sold: bool,
    pub poison_rolled: bool,
    /// Whether the hero has revealed a tile this turn (Quick As A Whip).
    pub revealed_any: bool,
    pub gear_used: Vec<Gear>,
    /// Monsters a Boomerang stunned this turn.
    pub stunned: Vec<Pos>,
}

impl Turn {
    pub fn new(hero: HeroKind) -> Turn {
        Turn {
            hero,
            step: Step::Start,
            uses: 0,
            rerolled: false,
            took: false,
            bought: false,
            sold: false,
            poison_rolled: false,
            revealed_any: false,
            gear_used: Vec::new(),
            stunned: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum BossStage {
    /// Roll for the number of Henchmen and pick them from the Monster Pile.
    Henchmen,
    /// The Monster Pile ran short: heroes in turn reveal a tile anywhere.
    Search { need: u8, searcher: HeroKind },
    /// Heroes in turn attack the top of the stack.
    Fight { attacker: HeroKind },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BossFight {
    pub at: Pos,
    pub revealer: HeroKind,
    /// Henchmen on the Boss, top last.
    pub stack: Vec<TileKind>,
    pub stage: BossStage,
    /// The Boss was the Adventurer's first revealed tile: the top Henchman goes.
    pub adventurer_discard: bool,
    /// The revealer's turn, resumed when the fight ends.
    pub saved_turn: Turn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// All three Master Relics and the Exit found.
    SessionWon,
    /// Every hero reached the last level.
    CampaignWon,
    /// A session was lost: the campaign with it.
    CampaignLost,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Piles {
    pub discard: Vec<TileKind>,
    pub monster: Vec<TileKind>,
    pub gem: Vec<TileKind>,
    pub merchant: Vec<TileKind>,
}

impl Piles {
    pub fn get(&self, p: Pile) -> &Vec<TileKind> {
        match p {
            Pile::Discard => &self.discard,
            Pile::Monster => &self.monster,
            Pile::Gem => &self.gem,
            Pile::Merchant => &self.merchant,
        }
    }
    pub fn get_mut(&mut self, p: Pile) -> &mut Vec<TileKind> {
        match p {
            Pile::Discard => &mut self.discard,
            Pile::Monster => &mut self.monster,
            Pile::Gem => &mut self.gem,
            Pile::Merchant => &mut self.merchant,
        }
    }
    pub fn gem_total(&self) -> u32 {
        self.gem.iter().map(|g| g.gem_value()).sum()
    }
    pub fn discard_gem_total(&self) -> u32 {
        self.discard.iter().map(|g| g.gem_value()).sum()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub rules: Rules,
    pub expansion: bool,
    /// The session number when playing a campaign.
    pub campaign: Option<u32>,
    pub rows: u8,
    pub cols: u8,
    /// Row-major, `rows * cols` spaces.
    pub cells: Vec<Cell>,
    /// Key tokens still on the mat (expansion).
    pub keys: Vec<Pos>,
    pub heroes: Vec<Hero>,
    pub piles: Piles,
    /// Tiles turned face up (of each kind) since the mat was laid.
    pub revealed: BTreeMap<TileKind, u32>,
    pub relics: Vec<TileKind>,
    pub exit_found: bool,
    pub merchant_open: bool,
    pub boss_defeated: bool,
    pub turn: Turn,
    pub round: u32,
    pub extra_turns: u32,
    pub boss: Option<BossFight>,
    /// After a death: the heroes still owed their final turn.
    pub last_turns: Option<Vec<HeroKind>>,
    pub outcome: Option<Outcome>,
    /// How often the mat was reset after an unrevived death.
    pub resets: u32,
    pub rng: SplitMix64,
    /// Monsters asleep (the Harp): not fought until they wake.
    #[serde(default)]
    pub sleeping: Vec<Sleeper>,
}

impl State {
    pub fn in_mat(&self, p: Pos) -> bool {
        p.row >= 0 && p.col >= 0 && p.row < self.rows as i32 && p.col < self.cols as i32
    }
    fn index(&self, p: Pos) -> Option<usize> {
        self.in_mat(p)
            .then(|| p.row as usize * self.cols as usize + p.col as usize)
    }
    /// The space at `p`; off the mat reads as `None`.
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        self.index(p).and_then(|i| self.cells.get(i).copied())
    }
    pub fn set_cell(&mut self, p: Pos, c: Cell) {
        if let Some(i) = self.index(p) {
            if let Some(slot) = self.cells.get_mut(i) {
                *slot = c;
            }
        }
        if !matches!(c, Cell::Shown(k) if k.is_monster()) {
            for h in &mut self.heroes {
                h.pinned.retain(|q| *q != p);
            }
        }
        // A sleeping Monster that leaves its space is no longer asleep there.
        self.sleeping
            .retain(|z| z.at != p || c == Cell::Shown(z.monster));
    }
    pub fn shown(&self, p: Pos) -> Option<TileKind> {
        match self.cell(p) {
            Some(Cell::Shown(k)) => Some(k),
            _ => None,
        }
    }
    /// The Circle Of Sight: the (up to) eight spaces around `p` on the mat.
    pub fn sight(&self, p: Pos) -> Vec<Pos> {
        let mut v = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                if dr == 0 && dc == 0 {
                    continue;
                }
                let (r, c) = (p.row as i64 + dr, p.col as i64 + dc);
                if let (Ok(r), Ok(c)) = (i32::try_from(r), i32::try_from(c)) {
                    let q = Pos::new(r, c);
                    if self.in_mat(q) {
                        v.push(q);
                    }
                }
            }
        }
        v
    }
    pub fn hero(&self, k: HeroKind) -> Option<&Hero> {
        self.heroes.iter().find(|h| h.kind == k)
    }
    pub fn hero_mut(&mut self, k: HeroKind) -> Option<&mut Hero> {
        self.heroes.iter_mut().find(|h| h.kind == k)
    }
    pub fn current(&self) -> Option<&Hero> {
        self.hero(self.turn.hero)
    }
    /// The hero's sight, empty before entering.
    pub fn hero_sight(&self, k: HeroKind) -> Vec<Pos> {
        self.hero(k)
            .and_then(|h| h.pos)
            .map(|p| self.sight(p))
            .unwrap_or_default()
    }
    /// Monsters in the current hero's sight that must be fought now
    /// (pinned Skelly Archers wait for the hero's next turn).
    pub fn to_fight(&self) -> Vec<Pos> {
        let Some(h) = self.current() else {
            return vec![];
        };
        self.hero_sight(h.kind)
            .into_iter()
            .filter(|p| {
                self.shown(*p).is_some_and(|k| k.is_monster())
                    && !h.pinned.contains(p)
                    && !self.asleep(*p)
            })
            .collect()
    }
    /// Whether the Monster at `p` sleeps (the Harp).
    pub fn asleep(&self, p: Pos) -> bool {
        self.sleeping.iter().any(|z| z.at == p)
    }
    /// A hero's seat in turn order.
    pub fn seat(&self, k: HeroKind) -> usize {
        self.heroes.iter().position(|h| h.kind == k).unwrap_or(0)
    }
    /// Whether the hero has an ability, by birth or by a Hero Hat.
    pub fn has_ability(&self, hero: HeroKind, of: HeroKind) -> bool {
        self.hero(hero)
            .is_some_and(|h| h.kind == of || h.gear.iter().any(|g| g.hat_of() == Some(of)))
    }
    pub fn inventory_limit(&self, hero: HeroKind) -> usize {
        let n = &self.rules.numbers;
        if self.hero(hero).is_some_and(|h| h.big_bag) {
            n.inventory_with_big_bag
        } else {
            n.inventory
        }
    }
    pub fn use_limit(&self, hero: HeroKind) -> u8 {
        if self.has_ability(hero, HeroKind::Wizard) {
            2
        } else {
            1
        }
    }
    pub fn living(&self) -> Vec<HeroKind> {
        self.heroes
            .iter()
            .filter(|h| !h.dead)
            .map(|h| h.kind)
            .collect()
    }
    /// Tiles of `k` still face down somewhere on the mat (by the counts).
    pub fn unrevealed(&self, k: TileKind) -> u32 {
        self.rules
            .count(k)
            .saturating_sub(self.revealed.get(&k).copied().unwrap_or(0))
    }
    pub fn hidden_cells(&self) -> Vec<Pos> {
        let mut v = Vec::new();
        for r in 0..self.rows as i32 {
            for c in 0..self.cols as i32 {
                if self.cell(Pos::new(r, c)) == Some(Cell::Hidden) {
                    v.push(Pos::new(r, c));
                }
            }
        }
        v
    }
    /// Master Relics to find before the Exit wins: every Relic tile in the dungeon.
    pub fn relics_needed(&self) -> u32 {
        [
            TileKind::RelicCircle,
            TileKind::RelicSquare,
            TileKind::RelicTriangle,
        ]
        .iter()
        .map(|k| self.rules.count(*k))
        .sum()
    }
    pub fn game_over(&self) -> bool {
        matches!(
            self.outcome,
            Some(Outcome::CampaignWon | Outcome::CampaignLost)
        ) || (self.outcome == Some(Outcome::SessionWon) && self.campaign.is_none())
    }
}
