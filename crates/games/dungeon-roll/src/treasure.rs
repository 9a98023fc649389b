//! Treasure tokens: their kinds and a count of tokens held (by a player or
//! left in the box).

use crate::data::treasure;
use crate::faces::PartyFace;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TreasureKind {
    VorpalSword,
    Talisman,
    ScepterOfPower,
    ThievesTools,
    Scroll,
    RingOfInvisibility,
    DragonScales,
    /// The Elixir: revives a die directly, no die needed to drink it.
    Potion,
    DragonBait,
    TownPortal,
}

impl TreasureKind {
    pub const ALL: [TreasureKind; 10] = [
        TreasureKind::VorpalSword,
        TreasureKind::Talisman,
        TreasureKind::ScepterOfPower,
        TreasureKind::ThievesTools,
        TreasureKind::Scroll,
        TreasureKind::RingOfInvisibility,
        TreasureKind::DragonScales,
        TreasureKind::Potion,
        TreasureKind::DragonBait,
        TreasureKind::TownPortal,
    ];

    /// The Party die face this token stands in for, if it is one.
    pub fn acts_as(self) -> Option<PartyFace> {
        treasure(self).and_then(|t| t.acts_as)
    }

    /// End-of-game XP for the token unused.
    pub fn score(self) -> u16 {
        treasure(self).map(|t| t.score).unwrap_or(1)
    }

    pub fn name(self) -> &'static str {
        treasure(self)
            .map(|t| t.name.as_str())
            .unwrap_or("treasure")
    }
}

impl fmt::Display for TreasureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Tokens by kind; kinds with none are left out so the JSON stays short.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Tokens(pub BTreeMap<TreasureKind, u8>);

impl Tokens {
    /// The full box as the data file counts it.
    pub fn full_box() -> Self {
        let mut t = Tokens::default();
        for k in TreasureKind::ALL {
            t.add(k, treasure(k).map(|d| d.count).unwrap_or(0));
        }
        t
    }
    pub fn get(&self, k: TreasureKind) -> u8 {
        self.0.get(&k).copied().unwrap_or(0)
    }
    pub fn add(&mut self, k: TreasureKind, n: u8) {
        if n > 0 {
            let e = self.0.entry(k).or_insert(0);
            *e = e.saturating_add(n);
        }
    }
    pub fn remove(&mut self, k: TreasureKind, n: u8) {
        if let Some(e) = self.0.get_mut(&k) {
            *e = e.saturating_sub(n);
            if *e == 0 {
                self.0.remove(&k);
            }
        }
    }
    pub fn total(&self) -> u16 {
        self.0.values().map(|n| *n as u16).sum()
    }
}
