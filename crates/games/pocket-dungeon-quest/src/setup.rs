//! Setting up a game, and laying the mat again after a reset or between
//! campaign sessions.

use crate::data::{shipped, TableOverrides};
use crate::state::{Carry, Cell, Hero, Piles, State, Turn};
use crate::tile::{Gear, HeroKind, TileKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tw_rules::{Refusal, SplitMix64};

const SETUP: &str = "Setup";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The heroes in turn order; the first is the first player.
    pub heroes: Vec<HeroKind>,
    /// Play with the Don't Go Alone expansion (Keys, XP, selling, new heroes).
    #[serde(default)]
    pub expansion: bool,
    /// Start (or resume) a campaign at this session number; implies `expansion`.
    #[serde(default)]
    pub campaign: Option<u32>,
    /// XP, Keys, Levels and Gear carried from the previous session.
    #[serde(default)]
    pub carry: Vec<Carry>,
    /// The Farmer's Ancestral Token: the piece of Gear they begin with.
    #[serde(default)]
    pub farmer_gear: Option<Gear>,
    /// Corrections of the tile counts (a kind given replaces its count),
    /// e.g. the expansion's new Monsters swapped in for original ones.
    #[serde(default)]
    pub tile_counts: BTreeMap<TileKind, u32>,
    /// Corrections of the dice tables.
    #[serde(default)]
    pub tables: TableOverrides,
    /// Seeds the Goblin's random Gem when a command does not name it.
    #[serde(default)]
    pub seed: u64,
}

pub fn setup(setup: &Setup) -> Result<State, Refusal> {
    let mut rules = shipped().clone();
    for (k, c) in &setup.tile_counts {
        rules.board.counts.insert(*k, *c);
    }
    setup.tables.apply(&mut rules);
    rules
        .check()
        .map_err(|e| Refusal::new(SETUP, format!("the tables do not fit together: {e}")))?;
    let expansion = setup.expansion || setup.campaign.is_some();
    if setup.heroes.is_empty() {
        return Err(Refusal::new(
            SETUP,
            "each player chooses a Hero: name at least one",
        ));
    }
    for (i, h) in setup.heroes.iter().enumerate() {
        if setup.heroes[..i].contains(h) {
            return Err(Refusal::new(
                SETUP,
                format!("there is one {h} tile; it is chosen twice"),
            ));
        }
        if !expansion && h.expansion() {
            return Err(Refusal::new(
                SETUP,
                format!("{h} comes with the Don't Go Alone expansion: set `expansion`"),
            ));
        }
    }
    let mut heroes: Vec<Hero> = setup.heroes.iter().map(|k| new_hero(*k)).collect();
    for c in &setup.carry {
        if setup.campaign.is_none() {
            return Err(Refusal::new(
                SETUP,
                "XP, Keys and Gear carry over only in a campaign: set `campaign`",
            ));
        }
        let Some(h) = heroes.iter_mut().find(|h| h.kind == c.hero) else {
            return Err(Refusal::new(
                SETUP,
                format!("{} carries over but is not playing", c.hero),
            ));
        };
        if c.level as usize > rules.numbers.levels.len() {
            return Err(Refusal::new(
                "Leveling Up",
                format!("there is no Level {}", c.level),
            ));
        }
        h.xp = c.xp;
        h.keys = c.keys;
        h.level = c.level;
        h.gear = c.gear.clone();
    }
    if let Some(g) = setup.farmer_gear {
        let Some(h) = heroes.iter_mut().find(|h| h.kind == HeroKind::Farmer) else {
            return Err(Refusal::new(
                "Ancestral Token",
                "only the Farmer begins with a piece of Gear",
            ));
        };
        if !h.gear.contains(&g) {
            h.gear.push(g);
        }
    }
    let mut taken: Vec<Gear> = Vec::new();
    for h in &heroes {
        if h.gear.len() > rules.numbers.max_gear {
            return Err(Refusal::new(
                "Gear",
                format!(
                    "{} holds {} pieces of Gear; three at most",
                    h.kind,
                    h.gear.len()
                ),
            ));
        }
        if h.gear.iter().filter(|g| g.hat_of().is_some()).count() > 1 {
            return Err(Refusal::new(
                "Hero Hats",
                format!("{} wears more than one Hero Hat", h.kind),
            ));
        }
        for g in &h.gear {
            if taken.contains(g) {
                return Err(Refusal::new(
                    "Gear",
                    format!("there is one {}; two heroes hold it", g.name()),
                ));
            }
            taken.push(*g);
        }
    }
    let first = heroes[0].kind;
    let mut s = State {
        rows: rules.board.rows,
        cols: rules.board.cols,
        rules,
        expansion,
        campaign: setup.campaign,
        cells: Vec::new(),
        keys: Vec::new(),
        heroes: Vec::new(),
        piles: Piles::default(),
        revealed: BTreeMap::new(),
        relics: Vec::new(),
        exit_found: false,
        merchant_open: false,
        boss_defeated: false,
        turn: Turn::new(first),
        round: 1,
        extra_turns: 0,
        boss: None,
        last_turns: None,
        outcome: None,
        resets: 0,
        rng: SplitMix64::new(setup.seed),
        sleeping: Vec::new(),
    };
    s.heroes = heroes;
    lay_mat(&mut s, true);
    Ok(s)
}

fn new_hero(kind: HeroKind) -> Hero {
    Hero {
        kind,
        pos: None,
        hearts: 0,
        max_hearts: 0,
        dead: false,
        inventory: Vec::new(),
        big_bag: false,
        pegasus: false,
        effects: Vec::new(),
        poisoned: false,
        skip_next_turn: false,
        pinned: Vec::new(),
        xp: 0,
        keys: 0,
        level: 0,
        gear: Vec::new(),
        gear_ready: BTreeMap::new(),
        gear_round: BTreeMap::new(),
        holy_water: false,
        shield: false,
        grappled: None,
        tome: Vec::new(),
        resting: false,
    }
}

/// Every tile back face down, piles empty, heroes off the mat with full
/// Hearts and empty Inventories. XP, Keys, Levels and Gear stay with the
/// heroes (a reset happens only outside a campaign, where they carry no
/// further). `new_session` also clears the won session's outcome.
pub fn lay_mat(s: &mut State, new_session: bool) {
    let n = &s.rules.numbers;
    let (hearts, cape_max) = (n.hearts, n.max_hearts_with_cape);
    s.cells = vec![Cell::Hidden; s.rows as usize * s.cols as usize];
    s.keys = if s.expansion {
        s.rules.board.keys.clone()
    } else {
        Vec::new()
    };
    s.piles = Piles::default();
    s.revealed.clear();
    s.relics.clear();
    s.exit_found = false;
    s.merchant_open = false;
    s.boss_defeated = false;
    s.round = 1;
    s.extra_turns = 0;
    s.boss = None;
    s.last_turns = None;
    s.sleeping.clear();
    if new_session {
        s.outcome = None;
    }
    for h in &mut s.heroes {
        let cape = h.gear.contains(&Gear::HeroCape);
        let kept = (h.xp, h.keys, h.level, std::mem::take(&mut h.gear));
        *h = new_hero(h.kind);
        (h.xp, h.keys, h.level, h.gear) = kept;
        h.max_hearts = if cape {
            hearts.saturating_add(1).min(cape_max)
        } else {
            hearts
        };
        h.hearts = h.max_hearts;
    }
    if let Some(h) = s.heroes.first() {
        s.turn = Turn::new(h.kind);
    }
}
