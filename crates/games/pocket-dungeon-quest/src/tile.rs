//! Tiles, positions, heroes and gear: the nouns of the game.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Face-down tiles the Foresight spell turns up ("turn up three face-down
/// tiles"; fewer when fewer are left). The view sends it as
/// `rules.foresight_tiles`, so the screen asks for as many.
pub const FORESIGHT_TILES: usize = 3;

/// Tiles a purchase turns up from the Merchant Pile, one of them kept
/// (fewer when fewer are left). Sent as `rules.merchant_draws`.
pub const MERCHANT_DRAWS: usize = 2;

/// Every tile that can lie face down on the Dungeon Floor Mat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileKind {
    Floor,
    Wall,
    SpikeTrap,
    Sword,
    BrokenSword,
    Potion,
    Bomb,
    BigBag,
    MultiTool,
    Teleport,
    SwapTiles,
    ExtraMove,
    Foresight,
    PhoenixFeather,
    Confusion,
    Slime,
    Goblin,
    Flayer,
    Minotaur,
    SkellyArcher,
    /// Expansion monsters.
    WingedShriekingEel,
    RedBeholder,
    /// The expansion's poisoning monster; its name is lost from the rules text.
    Poisoner,
    Boss,
    RelicCircle,
    RelicSquare,
    RelicTriangle,
    Exit,
    Merchant,
    Pegasus,
    #[serde(rename = "gems_5")]
    Gems5,
    #[serde(rename = "gems_10")]
    Gems10,
}

impl TileKind {
    /// Every kind, in declaration order.
    pub const ALL: [TileKind; 32] = {
        use TileKind::*;
        [
            Floor,
            Wall,
            SpikeTrap,
            Sword,
            BrokenSword,
            Potion,
            Bomb,
            BigBag,
            MultiTool,
            Teleport,
            SwapTiles,
            ExtraMove,
            Foresight,
            PhoenixFeather,
            Confusion,
            Slime,
            Goblin,
            Flayer,
            Minotaur,
            SkellyArcher,
            WingedShriekingEel,
            RedBeholder,
            Poisoner,
            Boss,
            RelicCircle,
            RelicSquare,
            RelicTriangle,
            Exit,
            Merchant,
            Pegasus,
            Gems5,
            Gems10,
        ]
    };
}

/// What a tile is, for the order of resolution and the pile it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Terrain,
    Trap,
    Effect,
    Item,
    Spell,
    Monster,
    Boss,
    Relic,
    Exit,
    Merchant,
    Pegasus,
    Gem,
}

impl TileKind {
    pub fn category(self) -> Category {
        use TileKind::*;
        match self {
            Floor | Wall => Category::Terrain,
            SpikeTrap => Category::Trap,
            Sword | BrokenSword => Category::Effect,
            Potion | Bomb | BigBag | MultiTool => Category::Item,
            Teleport | SwapTiles | ExtraMove | Foresight | PhoenixFeather | Confusion => {
                Category::Spell
            }
            Slime | Goblin | Flayer | Minotaur | SkellyArcher | WingedShriekingEel
            | RedBeholder | Poisoner => Category::Monster,
            Boss => Category::Boss,
            RelicCircle | RelicSquare | RelicTriangle => Category::Relic,
            Exit => Category::Exit,
            Merchant => Category::Merchant,
            Pegasus => Category::Pegasus,
            Gems5 | Gems10 => Category::Gem,
        }
    }
    pub fn is_monster(self) -> bool {
        self.category() == Category::Monster
    }
    /// Items and Spells: what an Inventory holds.
    pub fn is_item_or_spell(self) -> bool {
        matches!(self.category(), Category::Item | Category::Spell)
    }
    pub fn gem_value(self) -> u32 {
        match self {
            TileKind::Gems5 => 5,
            TileKind::Gems10 => 10,
            _ => 0,
        }
    }
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
}

impl fmt::Display for TileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name().replace('_', " "))
    }
}

/// A space: rows and columns count from 0 at the top-left of the mat. A
/// Hero entering the dungeon stands one space outside an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pos {
    pub row: i32,
    pub col: i32,
}

impl Pos {
    pub fn new(row: i32, col: i32) -> Pos {
        Pos { row, col }
    }
    /// Chebyshev distance: 1 for the eight neighbours. Wide arithmetic so
    /// extreme values from a command cannot overflow.
    pub fn distance(self, other: Pos) -> i64 {
        let dr = (self.row as i64 - other.row as i64).abs();
        let dc = (self.col as i64 - other.col as i64).abs();
        dr.max(dc)
    }
}

impl fmt::Display for Pos {
    /// Rows and columns as a player counts them, from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "row {}, column {}",
            self.row as i64 + 1,
            self.col as i64 + 1
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeroKind {
    Warrior,
    Rogue,
    Wizard,
    Archer,
    /// Expansion heroes.
    Adventurer,
    Farmer,
}

impl HeroKind {
    /// Every hero, the base game's four then the expansion's two.
    pub const ALL: [HeroKind; 6] = [
        HeroKind::Warrior,
        HeroKind::Rogue,
        HeroKind::Wizard,
        HeroKind::Archer,
        HeroKind::Adventurer,
        HeroKind::Farmer,
    ];

    /// Whether the hero comes with the Don't Go Alone expansion (setup
    /// refuses it in a game without).
    pub fn expansion(self) -> bool {
        matches!(self, HeroKind::Adventurer | HeroKind::Farmer)
    }

    /// The hero's name as a form lists it ("Warrior").
    pub fn name(self) -> &'static str {
        match self {
            HeroKind::Warrior => "Warrior",
            HeroKind::Rogue => "Rogue",
            HeroKind::Wizard => "Wizard",
            HeroKind::Archer => "Archer",
            HeroKind::Adventurer => "Adventurer",
            HeroKind::Farmer => "Farmer",
        }
    }
}

impl fmt::Display for HeroKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the {}", self.name())
    }
}

/// The expansion's Gear. `Shield` stands for the piece whose name the text
/// lost ("Prevents the loss of 1 Heart ... Cooldown: 2 Rounds").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gear {
    Torch,
    Shield,
    Boomerang,
    GrappleShot,
    BedRoll,
    SpellTome,
    HeroCape,
    MagicRing,
    HolyWater,
    Harp,
    BowAndArrow,
    MassiveSword,
    Helmet,
    ArcherCap,
    WizardHat,
}

impl Gear {
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    }
    /// The Hero whose ability a Hero Hat lends.
    pub fn hat_of(self) -> Option<HeroKind> {
        match self {
            Gear::Helmet => Some(HeroKind::Warrior),
            Gear::ArcherCap => Some(HeroKind::Archer),
            Gear::WizardHat => Some(HeroKind::Wizard),
            _ => None,
        }
    }
}

/// The four piles in the corners of the mat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    Discard,
    Monster,
    Gem,
    Merchant,
}
