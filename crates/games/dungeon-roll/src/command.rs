//! What the players (or the camera) tell the engine. Every die face and
//! every treasure drawn arrives here; the engine never rolls or draws.
//!
//! Unknown fields are refused so a misspelt field is reported, not lost.

use crate::faces::{DungeonFace, PartyFace};
use crate::treasure::TreasureKind;
use serde::{Deserialize, Serialize};

/// Something that acts as one Party die: an active die showing a face, a
/// treasure token standing in for one, or the hero joining the level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Unit {
    Die(PartyFace),
    Treasure(TreasureKind),
    Hero(PartyFace),
}

/// One unit and the face it is used as (its own unless a Specialty allows
/// another).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Use {
    pub with: Unit,
    #[serde(default, rename = "as")]
    pub as_face: Option<PartyFace>,
}

/// Dice picked up and what they show after the reroll, in the same order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reroll<F> {
    pub from: Vec<F>,
    pub to: Vec<F>,
}

impl<F> Default for Reroll<F> {
    fn default() -> Self {
        Reroll {
            from: Vec::new(),
            to: Vec::new(),
        }
    }
}

impl<F> Reroll<F> {
    pub fn is_empty(&self) -> bool {
        self.from.is_empty() && self.to.is_empty()
    }
}

/// What one side of a trade hands over: treasure tokens (one entry per
/// token) and Twist cards by id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goods {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treasure: Vec<TreasureKind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub twists: Vec<String>,
}

impl Goods {
    pub fn is_empty(&self) -> bool {
        self.treasure.is_empty() && self.twists.is_empty()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// The Adventurer's seven Party dice and the first level's Dungeon die;
    /// with `seed` (and no faces) the app rolls them all from it.
    StartDelve {
        #[serde(default)]
        party: Vec<PartyFace>,
        #[serde(default)]
        dungeon: Vec<DungeonFace>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
    /// A Specialty: reroll Party dice right after forming the party.
    FormationReroll { party: Reroll<PartyFace> },
    /// Use a Scroll to reroll Party and Dungeon dice (Monster Phase).
    Scroll {
        with: Unit,
        #[serde(default, rename = "as")]
        as_face: Option<PartyFace>,
        #[serde(default)]
        party: Reroll<PartyFace>,
        #[serde(default)]
        dungeon: Reroll<DungeonFace>,
    },
    /// Use one companion against monsters of one type; `count` defaults to
    /// as many as it can defeat.
    Fight {
        with: Unit,
        #[serde(default, rename = "as")]
        as_face: Option<PartyFace>,
        monster: DungeonFace,
        #[serde(default)]
        count: Option<u8>,
    },
    /// Carry out the helper's proposal for the Monster Phase in one go.
    AcceptProposal,
    /// The hero's once-per-delve Ultimate. Only the fields the Ultimate needs
    /// may be given: `monsters` to target, `revive` faces, `pay` tokens,
    /// `party`/`dungeon` rerolls.
    Ultimate {
        #[serde(default)]
        monsters: Vec<DungeonFace>,
        #[serde(default)]
        revive: Vec<PartyFace>,
        #[serde(default)]
        pay: Vec<TreasureKind>,
        #[serde(default)]
        party: Reroll<PartyFace>,
        #[serde(default)]
        dungeon: Reroll<DungeonFace>,
    },
    /// Open chests with one companion; `drawn` names the tokens taken from
    /// the box, one per chest while the box lasts.
    OpenChests {
        with: Unit,
        #[serde(default, rename = "as")]
        as_face: Option<PartyFace>,
        #[serde(default)]
        count: Option<u8>,
        #[serde(default)]
        drawn: Vec<TreasureKind>,
    },
    /// One unit quaffs every Potion of the level; `revive` gives the face of
    /// each die brought back from the Graveyard.
    Quaff {
        with: Unit,
        #[serde(default, rename = "as")]
        as_face: Option<PartyFace>,
        #[serde(default)]
        revive: Vec<PartyFace>,
    },
    /// Three (or the hero's number of) different companion types against
    /// the Dragon; `drawn` is the token taken as the reward.
    SlayDragon {
        with: Vec<Use>,
        #[serde(default)]
        drawn: Option<TreasureKind>,
    },
    /// A treasure token with its own effect (Elixir, Ring, Bait, Portal).
    UseTreasure {
        treasure: TreasureKind,
        #[serde(default)]
        revive: Option<PartyFace>,
    },
    /// Twist cards: a card drawn from the deck into `player`'s hand.
    DrawTwist { player: usize, card: String },
    /// Twist cards: `player` plays `card` from their hand. The dice it
    /// picks up and what they show after are named as for a Scroll; a card
    /// that changes a die names it in `from` and may leave `to` empty.
    PlayTwist {
        player: usize,
        card: String,
        #[serde(default)]
        party: Reroll<PartyFace>,
        #[serde(default)]
        dungeon: Reroll<DungeonFace>,
    },
    /// The advanced rule: `from` hands `give` to `to` and gets `take` back
    /// (either may be empty, not both).
    Trade {
        from: usize,
        to: usize,
        #[serde(default)]
        give: Goods,
        #[serde(default)]
        take: Goods,
    },
    /// Give up the delve: no XP for it.
    Flee,
    /// Retire to the Tavern: XP equal to the level (Stuff of Legend at 10).
    Retire,
    /// Go one level deeper: the Dungeon Lord's roll for it; with `seed`
    /// (and no faces) the app rolls it.
    SeekGlory {
        #[serde(default)]
        dungeon: Vec<DungeonFace>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
}
