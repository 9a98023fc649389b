//! The game's numbers and tables, read from `data/*.json`.
//!
//! The rules text lost several tables that were pictures (tile counts, the
//! Attack Die's faces, the Henchmen roll, the Red Beholder and Poison
//! tables); the values in the data files are assumptions a player corrects
//! there, or for one game through the setup's overrides. The effective
//! tables are copied into the game state, so a saved game keeps them.

use crate::tile::{Gear, Pos, TileKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

const TILES_JSON: &str = include_str!("../data/tiles.json");
const DICE_JSON: &str = include_str!("../data/dice.json");
const RULES_JSON: &str = include_str!("../data/rules.json");

/// The mat and the tiles dealt face down onto it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub rows: u8,
    pub cols: u8,
    pub counts: BTreeMap<TileKind, u32>,
    pub keys: Vec<Pos>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaceKind {
    Swords,
    Flash,
    Skull,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub swords: u8,
    pub kind: FaceKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Save {
    Safe,
    LoseHeart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PoisonRoll {
    Cure,
    NoResult,
    LoseHeart,
}

/// The Attack Die and what each face means on each table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    pub attack_die: BTreeMap<String, Face>,
    /// The six faces as printed (a face may repeat); for virtual rolls.
    pub faces: Vec<String>,
    pub henchmen: BTreeMap<String, u8>,
    pub beholder_save: BTreeMap<String, Save>,
    pub poison: BTreeMap<String, PoisonRoll>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Critical {
    StealItem,
    StealGem,
    LoseNextTurn,
    ExtraDamage,
    Stays,
    AllHeroesHurt,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    pub xp: u32,
    pub keys: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GearRule {
    pub cooldown: u32,
    pub once_a_round: bool,
    pub played: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Numbers {
    pub hearts: u8,
    pub max_hearts_with_cape: u8,
    pub inventory: usize,
    pub inventory_with_big_bag: usize,
    pub hit_swords: u8,
    pub merchant_price: u32,
    pub sell_price: u32,
    pub magic_ring_price: u32,
    pub monsters: BTreeMap<TileKind, Critical>,
    pub levels: Vec<Level>,
    pub max_gear: usize,
    pub gear: BTreeMap<Gear, GearRule>,
}

/// Everything the engine looks up; one copy lives in the state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub board: Board,
    pub dice: Dice,
    pub numbers: Numbers,
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("data/{file}: {e}"))
}

/// The shipped rules. The files are compiled in and checked by a unit test,
/// so a parse failure is a build defect, not a player's input.
pub fn shipped() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| load().expect("data/*.json are valid (see the data tests)"))
}

fn load() -> Result<Rules, String> {
    Ok(Rules {
        board: parse("tiles.json", TILES_JSON)?,
        dice: parse("dice.json", DICE_JSON)?,
        numbers: parse("rules.json", RULES_JSON)?,
    })
}

impl Rules {
    /// Problems that make a table unusable, naming the file and field.
    pub fn check(&self) -> Result<(), String> {
        let b = &self.board;
        if b.rows == 0 || b.cols == 0 || b.rows > 30 || b.cols > 30 {
            return Err(format!(
                "tiles.json rows/cols: {}x{} is not a mat size (1 to 30)",
                b.rows, b.cols
            ));
        }
        let total: u64 = b.counts.values().map(|c| *c as u64).sum();
        let cells = b.rows as u64 * b.cols as u64;
        if total != cells {
            return Err(format!(
                "tiles.json counts: {total} tiles do not fill the {cells} spaces of the mat"
            ));
        }
        for k in &b.keys {
            if k.row < 0 || k.col < 0 || k.row >= b.rows as i32 || k.col >= b.cols as i32 {
                return Err(format!("tiles.json keys: {k} is off the mat"));
            }
        }
        let d = &self.dice;
        for f in &d.faces {
            if !d.attack_die.contains_key(f) {
                return Err(format!("dice.json faces: {f:?} is not in attack_die"));
            }
        }
        for (table, keys) in [
            ("henchmen", d.henchmen.keys().collect::<Vec<_>>()),
            ("beholder_save", d.beholder_save.keys().collect()),
            ("poison", d.poison.keys().collect()),
        ] {
            for face in d.attack_die.keys() {
                if !keys.contains(&face) {
                    return Err(format!("dice.json {table}: no entry for the face {face:?}"));
                }
            }
        }
        for (k, _) in b.counts.iter().filter(|(k, c)| k.is_monster() && **c > 0) {
            if !self.numbers.monsters.contains_key(k) {
                return Err(format!("rules.json monsters: no Critical Miss for {k}"));
            }
        }
        if self.numbers.levels.is_empty() {
            return Err("rules.json levels: the campaign needs at least one level".into());
        }
        Ok(())
    }

    pub fn count(&self, k: TileKind) -> u32 {
        self.board.counts.get(&k).copied().unwrap_or(0)
    }

    pub fn face(&self, name: &str) -> Option<Face> {
        self.dice.attack_die.get(name).copied()
    }

    pub fn critical(&self, k: TileKind) -> Critical {
        self.numbers
            .monsters
            .get(&k)
            .copied()
            .unwrap_or(Critical::None)
    }

    pub fn gear(&self, g: Gear) -> GearRule {
        self.numbers.gear.get(&g).copied().unwrap_or(GearRule {
            cooldown: 0,
            once_a_round: false,
            played: false,
        })
    }
}

/// Per-game corrections of the dice tables: any table given replaces the
/// shipped one whole.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableOverrides {
    #[serde(default)]
    pub attack_die: Option<BTreeMap<String, Face>>,
    #[serde(default)]
    pub faces: Option<Vec<String>>,
    #[serde(default)]
    pub henchmen: Option<BTreeMap<String, u8>>,
    #[serde(default)]
    pub beholder_save: Option<BTreeMap<String, Save>>,
    #[serde(default)]
    pub poison: Option<BTreeMap<String, PoisonRoll>>,
    #[serde(default)]
    pub monsters: Option<BTreeMap<TileKind, Critical>>,
}

impl TableOverrides {
    pub fn apply(&self, r: &mut Rules) {
        if let Some(v) = &self.attack_die {
            r.dice.attack_die = v.clone();
        }
        if let Some(v) = &self.faces {
            r.dice.faces = v.clone();
        }
        if let Some(v) = &self.henchmen {
            r.dice.henchmen = v.clone();
        }
        if let Some(v) = &self.beholder_save {
            r.dice.beholder_save = v.clone();
        }
        if let Some(v) = &self.poison {
            r.dice.poison = v.clone();
        }
        if let Some(v) = &self.monsters {
            r.numbers.monsters.extend(v.iter().map(|(k, c)| (*k, *c)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_data_parses_and_is_consistent() {
        let r = load().unwrap();
        r.check().unwrap();
        let monsters: u32 = r
            .board
            .counts
            .iter()
            .filter(|(k, _)| k.is_monster())
            .map(|(_, c)| c)
            .sum();
        assert_eq!(monsters, 24, "the expansion: 24 Monsters plus the Boss");
        assert_eq!(r.count(TileKind::Boss), 1);
        assert_eq!(r.numbers.merchant_price, 30);
        assert_eq!(
            r.numbers
                .levels
                .iter()
                .map(|l| (l.xp, l.keys))
                .collect::<Vec<_>>(),
            [(3, 1), (5, 2), (7, 2)]
        );
    }

    #[test]
    fn a_broken_table_is_reported_with_its_file_and_field() {
        let mut r = load().unwrap();
        r.dice.henchmen.remove("skull");
        assert!(r.check().unwrap_err().contains("dice.json henchmen"));
        let mut r = load().unwrap();
        r.board.counts.insert(TileKind::Floor, 0);
        assert!(r.check().unwrap_err().contains("tiles.json counts"));
    }
}
