//! The state of a game of Dungeon Fighter and the words it is made of.

use crate::cards::{
    BossCard, DungeonCard, EquipmentCard, MonsterAbility, MonsterCard, SpecialDie, SpecificThrow,
    Template,
};
use crate::data::Limits;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The three hero dice colours; each names one ability on a hero sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::Red, Colour::Green, Colour::Blue];
}

/// A die that can be thrown: a colour die, a white bonus die or a special die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Die {
    Red,
    Green,
    Blue,
    White,
    Pendulum,
    DestinyCoin,
}

impl Die {
    pub fn colour(self) -> Option<Colour> {
        match self {
            Die::Red => Some(Colour::Red),
            Die::Green => Some(Colour::Green),
            Die::Blue => Some(Colour::Blue),
            _ => None,
        }
    }
    pub fn special(self) -> Option<SpecialDie> {
        match self {
            Die::Pendulum => Some(SpecialDie::Pendulum),
            Die::DestinyCoin => Some(SpecialDie::DestinyCoin),
            _ => None,
        }
    }
    pub fn from_special(s: SpecialDie) -> Die {
        match s {
            SpecialDie::Pendulum => Die::Pendulum,
            SpecialDie::DestinyCoin => Die::DestinyCoin,
        }
    }
}

/// The camera's colour classes: red, green, blue and white are dice of this
/// game; the special dice are told apart by the player, not by colour.
impl TryFrom<tw_rules::DieColor> for Die {
    type Error = String;
    fn try_from(c: tw_rules::DieColor) -> Result<Self, String> {
        match c {
            tw_rules::DieColor::Red => Ok(Die::Red),
            tw_rules::DieColor::Green => Ok(Die::Green),
            tw_rules::DieColor::Blue => Ok(Die::Blue),
            tw_rules::DieColor::White => Ok(Die::White),
            other => Err(format!(
                "a {} die is not a Dungeon Fighter die (red, green, blue or white)",
                other.name()
            )),
        }
    }
}

/// The face up: the special icon or anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    Icon,
    Blank,
}

/// Where a die came to rest, as the camera (or the player) reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LandingKind {
    Score,
    Bullseye,
    Hole,
    Web,
    Bone,
    Outside,
    /// On a template (templates add sections to the board).
    Backstab,
    Compass,
    Treasure,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    /// The section value; only for `score`.
    #[serde(default)]
    pub value: Option<u32>,
    pub kind: LandingKind,
}

/// Hero abilities: the eight common ones and the four unique blue ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    AgileInstincts,
    ReThrow,
    HealParty,
    PiercingDamage,
    Pickpocket,
    FocusedDamage,
    SelfHealing,
    SwornEnemy,
    Charming,
    DivineIntervention,
    DeathList,
    SpiritEnergy,
}

/// When an ability can be activated (Common Hero Abilities).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Activation {
    Anywhere,
    HitOnly,
    MissOnly,
}

impl Ability {
    pub fn activation(self) -> Activation {
        use Ability::*;
        match self {
            AgileInstincts => Activation::MissOnly,
            PiercingDamage | FocusedDamage | SwornEnemy | DivineIntervention | DeathList => {
                Activation::HitOnly
            }
            ReThrow | HealParty | Pickpocket | SelfHealing | Charming | SpiritEnergy => {
                Activation::Anywhere
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharmedMonster {
    pub name: String,
    pub level: u8,
}

/// A Level Up token on one colour (Level Up variant).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LevelUpToken {
    pub colour: Colour,
    pub used: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Hero {
    pub key: String,
    pub name: String,
    /// Life with no scars (top of the life track).
    pub base_life: u32,
    pub life: u32,
    pub abilities: BTreeMap<Colour, Ability>,
    pub sworn_enemy_type: Option<String>,
    pub limits: Limits,
    pub scars: Vec<Colour>,
    pub fainted: bool,
    pub eliminated: bool,
    pub equipment: Vec<EquipmentCard>,
    /// Armours already rotated this combat (by name).
    pub armour_used: Vec<String>,
    /// Lady Mary's charmed monsters.
    pub charmed: Vec<CharmedMonster>,
    /// Lianna's unspent Death List tokens (monster types).
    pub death_list: Vec<String>,
    pub xp: u32,
    pub level_ups: Vec<LevelUpToken>,
}

impl Hero {
    /// Each scar takes 2 life points off the track.
    pub fn max_life(&self) -> u32 {
        let lost = crate::data::rules().life_lost_per_scar * self.scars.len() as u32;
        self.base_life.saturating_sub(lost).max(1)
    }
    /// An ability the hero can still activate with that colour.
    pub fn ability(&self, c: Colour) -> Option<Ability> {
        if self.scars.contains(&c) {
            None
        } else {
            self.abilities.get(&c).copied()
        }
    }
    pub fn can_act(&self) -> bool {
        !self.fainted && !self.eliminated
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chest {
    pub gold: u32,
    pub white_dice: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Normal,
    Hard,
    Inferno,
}

impl Difficulty {
    /// Every difficulty, the easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Normal, Difficulty::Hard, Difficulty::Inferno];

    /// The name a setup form shows.
    pub fn title(self) -> &'static str {
        match self {
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
            Difficulty::Inferno => "Inferno",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Inferno => "inferno",
        }
    }
}

/// The foe of the current combat: a monster card or the final boss.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case")]
pub enum Foe {
    Monster(MonsterCard),
    Boss(BossCard),
}

impl Foe {
    pub fn name(&self) -> &str {
        match self {
            Foe::Monster(m) => &m.name,
            Foe::Boss(b) => &b.name,
        }
    }
    /// Bosses count as level 4 (Saul Baysar's Spirit Energy).
    pub fn level(&self) -> u8 {
        match self {
            Foe::Monster(m) => m.level,
            Foe::Boss(_) => crate::data::rules().boss_level,
        }
    }
    pub fn damage(&self) -> u32 {
        match self {
            Foe::Monster(m) => m.damage,
            Foe::Boss(b) => b.damage,
        }
    }
    pub fn kind(&self) -> Option<&str> {
        match self {
            Foe::Monster(m) => m.kind.as_deref(),
            Foe::Boss(b) => b.kind.as_deref(),
        }
    }
    pub fn ability(&self) -> Option<MonsterAbility> {
        match self {
            Foe::Monster(m) => m.ability,
            Foe::Boss(b) => b.ability,
        }
    }
    pub fn gold(&self) -> u32 {
        match self {
            Foe::Monster(m) => m.gold,
            Foe::Boss(_) => 0,
        }
    }
    pub fn is_boss(&self) -> bool {
        matches!(self, Foe::Boss(_))
    }
}

/// A throw that has landed but waits for the thrower to decide on the icon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingThrow {
    pub hero: usize,
    pub die: Die,
    pub face: Face,
    pub landing: Landing,
    pub hit: bool,
    pub miss_reason: Option<String>,
    pub weapons: Vec<String>,
    pub armour: Option<String>,
    pub backstab_doubled: bool,
    /// Activated through a Level Up token rather than the icon.
    pub level_up: bool,
    /// Abilities the thrower may choose from.
    pub options: Vec<Ability>,
}

/// What play goes on with once the heroes about to faint are settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AfterFaint {
    /// A throw's Miss: the turn ends (or the monster falls) as after any throw.
    EndOfThrow,
    /// Damage outside a throw (a failed template flip, retrieving the dice):
    /// the turn passes only if the active hero fainted.
    OtherDamage,
    /// The party backed down: the monster goes back to the box.
    BackDown,
}

/// Heroes brought below 1 life point who have not fainted yet: spendables
/// may still be used "immediately before a Hero faints" (Equipment).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fainting {
    pub heroes: Vec<usize>,
    pub then: AfterFaint,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub foe: Foe,
    /// The Monster Life Tracker; goes below zero on a big last hit.
    pub life: i32,
    pub active: usize,
    /// Colour dice thrown since the combat began or they were retrieved.
    pub thrown: Vec<Colour>,
    /// Special dice in the pool and whether each was thrown.
    pub special_dice: Vec<(SpecialDie, bool)>,
    /// The active hero may throw this die again (Re-throw).
    pub rethrow: Option<Die>,
    pub pending: Option<PendingThrow>,
    pub last_thrower: Option<usize>,
    /// The hero whose throw the monster's last damage belongs to, for the
    /// Epic Shot ("the last Hit", l.379) and the Level Up XP ("deals the last
    /// Hit", l.623). Set by each throw; kept by a charmed monster discarded
    /// after it, which adds to that attack (the combat example, l.467);
    /// cleared by a spendable's or relic's damage, which is no Hit. Older
    /// snapshots lack it: None until the next throw.
    #[serde(default)]
    pub hit_by: Option<usize>,
    /// The throw requirements of the monster and dungeon, each once.
    pub requirements: Vec<SpecificThrow>,
    pub spider_webs: u32,
    pub templates: Vec<Template>,
    pub flying_stand: bool,
    pub toxic_spent: bool,
    pub insta_kill: bool,
    /// The hero whose Charm token lies on the monster.
    pub charm_on_monster: Option<usize>,
    pub relics_used: Vec<String>,
    pub white_dice_thrown: u32,
    pub retrievals: u32,
    /// Heroes about to faint, waiting for a spendable or `accept_faint`.
    #[serde(default)]
    pub fainting: Option<Fainting>,
}

impl Combat {
    pub fn pool_empty(&self) -> bool {
        self.thrown.len() == 3 && self.special_dice.iter().all(|(_, t)| *t)
    }
}

/// After a victory, before moving on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resting {
    /// Heroes who fainted and must still take a scar.
    pub awaiting_scar: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Shop {
    /// Cards still on display (2 + 1 per hero, fewer as they are bought).
    pub cards_left: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// The leader chooses a dungeon card.
    Dungeon,
    /// The monster (or the next one after backing down) is revealed.
    Monster,
    Combat,
    Resting(Resting),
    Shop(Shop),
    /// The third shop is over: reveal the final boss.
    Boss,
    Over(Ending),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    pub won: bool,
    pub reason: String,
    pub score: crate::scoring::Score,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub heroes: Vec<Hero>,
    pub players: u32,
    pub difficulty: Difficulty,
    pub monster_life_bonus: i32,
    pub level_up_variant: bool,
    pub leader: usize,
    pub chest: Chest,
    pub relics: Vec<EquipmentCard>,
    pub phase: Phase,
    /// Dungeon cards set aside since the last shop.
    pub dungeon_cards: Vec<DungeonCard>,
    pub dungeon: Option<DungeonCard>,
    pub shop_icons: u32,
    pub shops_visited: u32,
    /// Levels of the monster cards still stacked above the level 4 pile.
    pub monster_deck: Vec<u8>,
    pub combat: Option<Combat>,
    /// Scars taken over the game (eliminated heroes keep theirs).
    pub scars_taken: u32,
}

impl State {
    pub fn shop_icons_needed(&self) -> u32 {
        let r = crate::data::rules();
        if self.level_up_variant {
            r.shop_icons_to_shop_level_up
        } else {
            r.shop_icons_to_shop
        }
    }
    /// Level of the next monster card: 3 of each of levels 1-3, then level 4.
    pub fn next_monster_level(&self) -> u8 {
        self.monster_deck
            .first()
            .copied()
            .unwrap_or(crate::data::rules().later_monster_level)
    }
    /// The next hero clockwise from `from` who can act.
    pub fn next_able(&self, from: usize) -> Option<usize> {
        let n = self.heroes.len();
        (1..=n)
            .map(|k| (from + k) % n)
            .find(|&i| self.heroes[i].can_act())
    }
    /// Dice the active hero may throw now (for the play screen's dice panel).
    pub fn throwable_dice(&self) -> Vec<Die> {
        let Some(c) = self
            .combat
            .as_ref()
            .filter(|_| matches!(self.phase, Phase::Combat))
        else {
            return Vec::new();
        };
        if c.pending.is_some() || c.fainting.is_some() {
            return Vec::new();
        }
        if let Some(d) = c.rethrow {
            return vec![d];
        }
        let mut out: Vec<Die> = Colour::ALL
            .iter()
            .filter(|col| !c.thrown.contains(col))
            .map(|col| match col {
                Colour::Red => Die::Red,
                Colour::Green => Die::Green,
                Colour::Blue => Die::Blue,
            })
            .collect();
        for (d, thrown) in &c.special_dice {
            if !thrown && !out.contains(&Die::from_special(*d)) {
                out.push(Die::from_special(*d));
            }
        }
        if c.pool_empty() && self.chest.white_dice > 0 {
            out.push(Die::White);
        }
        out
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }
}
