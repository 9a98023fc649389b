//! Each game's campaign record: what carries over from one evening to the next.
//!
//! Records are typed here and stored as one JSON document per campaign, so a
//! game can grow fields without a schema migration; every write goes through
//! [`CampaignRecord::validate`], whose errors name the offending field.

use crate::error::{Result, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashSet;

/// Games that keep a campaign record, by their store name.
pub const CAMPAIGN_GAMES: &[&str] = &[
    "silver-mine",
    "pocket-dungeon-quest",
    "dungeon-fighter",
    "dungeon-roll",
    "green-dungeon",
];

/// Canonical name for a game name or alias (`itdd` is Into the Dark Dungeon: Silver Mine).
pub fn canonical_game(name: &str) -> Option<&'static str> {
    let n = name.trim().to_ascii_lowercase();
    let n = match n.as_str() {
        "itdd" | "into-the-dark-dungeon" => "silver-mine",
        "pdq" => "pocket-dungeon-quest",
        other => other,
    };
    CAMPAIGN_GAMES.iter().copied().find(|g| *g == n)
}

/// The campaign record of one game.
#[derive(Debug, Clone, PartialEq)]
pub enum CampaignRecord {
    SilverMine(SilverMine),
    PocketDungeonQuest(PocketDungeonQuest),
    DungeonFighter(DungeonFighter),
    DungeonRoll(ScoreBook),
    GreenDungeon(ScoreBook),
}

// ---------------------------------------------------------------- Silver Mine

/// Into the Dark Dungeon: Silver Mine. The stash survives death and passes to
/// a new character (rulebook p.16, "End game").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilverMine {
    pub stash: Stash,
    pub characters: Vec<ItddCharacter>,
    pub active_quest: Option<Quest>,
    /// The first character to become Hero receives 20 coins once.
    #[serde(default)]
    pub first_hero_reward_given: bool,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stash {
    pub coins: u32,
    /// Book names; at most four, never the same book twice (rulebook p.33).
    pub books: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItddCharacter {
    pub name: String,
    /// The character card (e.g. "warrior"); books and paths depend on its type.
    pub kind: String,
    /// The profile playing this character, if recorded.
    #[serde(default)]
    pub player: Option<String>,
    /// Titles earned, which must be a prefix of [`TITLE_ORDER`].
    pub titles: Vec<Title>,
    #[serde(default)]
    pub path: Option<String>,
    pub alive: bool,
}

/// Titles in the order they must be earned. The rules text lists Seeker
/// second; the guide card's "Soldier" is a misprint and is refused with a
/// pointer to the rule.
pub const TITLE_ORDER: [Title; 6] = [
    Title::Vagabond,
    Title::Seeker,
    Title::Pathfinder,
    Title::Adventurer,
    Title::Explorer,
    Title::Hero,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    Vagabond,
    Seeker,
    Pathfinder,
    Adventurer,
    Explorer,
    Hero,
}

impl<'de> Deserialize<'de> for Title {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "vagabond" => Title::Vagabond,
            "seeker" => Title::Seeker,
            "pathfinder" => Title::Pathfinder,
            "adventurer" => Title::Adventurer,
            "explorer" => Title::Explorer,
            "hero" => Title::Hero,
            "soldier" => {
                return Err(serde::de::Error::custom(
                    "\"soldier\" is the guide card's misprint; the rules text names the second title Seeker",
                ))
            }
            _ => {
                return Err(serde::de::Error::custom(format!(
                    "unknown title {s:?}; titles are vagabond, seeker, pathfinder, adventurer, explorer, hero"
                )))
            }
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quest {
    pub name: String,
    pub difficulty: QuestDifficulty,
    /// Steps done towards `goal` (what the quest card counts: enemies, items...).
    pub progress: u32,
    pub goal: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestDifficulty {
    Easy,
    Medium,
    Hard,
    Personal,
}

// ------------------------------------------------------- Pocket Dungeon Quest

/// Pocket Dungeon Quest campaign (Don't Go Alone expansion): heroes carry
/// Level, XP, Keys and Gear between sessions.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PocketDungeonQuest {
    pub heroes: Vec<PdqHero>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PdqHero {
    pub name: String,
    #[serde(default)]
    pub player: Option<String>,
    /// 0 at the start of a campaign; the goal is 3.
    pub level: u8,
    pub xp: u32,
    pub keys: u32,
    /// At most three pieces, bound to this hero.
    pub gear: Vec<String>,
}

pub const PDQ_MAX_LEVEL: u8 = 3;
pub const PDQ_MAX_GEAR: usize = 3;

// ----------------------------------------------------------- Dungeon Fighter

/// Dungeon Fighter: one result per game played; the title history is the
/// sequence of their titles.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DungeonFighter {
    pub results: Vec<FighterResult>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FighterResult {
    pub at_ms: i64,
    pub heroes: Vec<String>,
    pub difficulty: FighterDifficulty,
    pub won: bool,
    pub score: i64,
    /// The end-scoring title (e.g. "Lame Ducks").
    pub title: String,
    /// The saved game this result came from, when the app recorded it
    /// from play (absent for results entered by hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FighterDifficulty {
    Normal,
    Hard,
    Inferno,
}

impl DungeonFighter {
    /// Titles earned, oldest first.
    pub fn title_history(&self) -> Vec<&str> {
        self.results.iter().map(|r| r.title.as_str()).collect()
    }
}

// ------------------------------------------------ Dungeon Roll, Green Dungeon

/// Final scores, for games whose campaign is a high-score table.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreBook {
    pub scores: Vec<ScoreEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreEntry {
    pub at_ms: i64,
    pub player: String,
    pub score: i64,
    #[serde(default)]
    pub won: Option<bool>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
}

// ------------------------------------------------------------------ shared

fn parse<T: serde::de::DeserializeOwned>(field: &str, v: &Value) -> Result<T> {
    serde_path_to_error::deserialize(v.clone()).map_err(|e| crate::error::field_error(field, e))
}

fn non_empty(field: &str, s: &str) -> Result<()> {
    if s.trim().is_empty() {
        return Err(StoreError::invalid(field, "must not be empty"));
    }
    Ok(())
}

/// Names must be present and distinct (case and surrounding spaces ignored).
fn distinct_names<'a>(field: &str, names: impl Iterator<Item = &'a str>, what: &str) -> Result<()> {
    let mut seen = HashSet::new();
    for (i, n) in names.enumerate() {
        non_empty(&format!("{field}[{i}]"), n)?;
        if !seen.insert(n.trim().to_lowercase()) {
            return Err(StoreError::invalid(
                format!("{field}[{i}]"),
                format!("{n:?} appears twice; {what}"),
            ));
        }
    }
    Ok(())
}

fn known_player(field: &str, player: Option<&str>, players: &[String]) -> Result<()> {
    if let Some(p) = player {
        if !players.iter().any(|q| q.eq_ignore_ascii_case(p.trim())) {
            return Err(StoreError::invalid(
                field,
                format!("{p:?} is not a player of this campaign"),
            ));
        }
    }
    Ok(())
}

impl CampaignRecord {
    /// The empty record a new campaign of `game` starts with.
    pub fn new_for(game: &str) -> Result<Self> {
        Ok(match canonical_game(game) {
            Some("silver-mine") => CampaignRecord::SilverMine(SilverMine::default()),
            Some("pocket-dungeon-quest") => {
                CampaignRecord::PocketDungeonQuest(PocketDungeonQuest::default())
            }
            Some("dungeon-fighter") => CampaignRecord::DungeonFighter(DungeonFighter::default()),
            Some("dungeon-roll") => CampaignRecord::DungeonRoll(ScoreBook::default()),
            Some("green-dungeon") => CampaignRecord::GreenDungeon(ScoreBook::default()),
            _ => return Err(unknown_game("game", game)),
        })
    }

    /// Read a record of `game` from JSON; errors name the field under `field`.
    pub fn from_json(game: &str, v: &Value, field: &str) -> Result<Self> {
        Ok(match canonical_game(game) {
            Some("silver-mine") => CampaignRecord::SilverMine(parse(field, v)?),
            Some("pocket-dungeon-quest") => CampaignRecord::PocketDungeonQuest(parse(field, v)?),
            Some("dungeon-fighter") => CampaignRecord::DungeonFighter(parse(field, v)?),
            Some("dungeon-roll") => CampaignRecord::DungeonRoll(parse(field, v)?),
            Some("green-dungeon") => CampaignRecord::GreenDungeon(parse(field, v)?),
            _ => return Err(unknown_game("game", game)),
        })
    }

    pub fn to_json(&self) -> Value {
        let v = match self {
            CampaignRecord::SilverMine(r) => serde_json::to_value(r),
            CampaignRecord::PocketDungeonQuest(r) => serde_json::to_value(r),
            CampaignRecord::DungeonFighter(r) => serde_json::to_value(r),
            CampaignRecord::DungeonRoll(r) | CampaignRecord::GreenDungeon(r) => {
                serde_json::to_value(r)
            }
        };
        v.expect("records serialise to JSON")
    }

    /// The game this record belongs to.
    pub fn game(&self) -> &'static str {
        match self {
            CampaignRecord::SilverMine(_) => "silver-mine",
            CampaignRecord::PocketDungeonQuest(_) => "pocket-dungeon-quest",
            CampaignRecord::DungeonFighter(_) => "dungeon-fighter",
            CampaignRecord::DungeonRoll(_) => "dungeon-roll",
            CampaignRecord::GreenDungeon(_) => "green-dungeon",
        }
    }

    /// Check the game's rules for what a campaign may hold. `players` are the
    /// campaign's profiles, which any `player` field must name.
    pub fn validate(&self, field: &str, players: &[String]) -> Result<()> {
        match self {
            CampaignRecord::SilverMine(r) => r.validate(field, players),
            CampaignRecord::PocketDungeonQuest(r) => r.validate(field, players),
            CampaignRecord::DungeonFighter(r) => r.validate(field),
            CampaignRecord::DungeonRoll(r) | CampaignRecord::GreenDungeon(r) => {
                r.validate(field, players)
            }
        }
    }
}

pub(crate) fn unknown_game(field: &str, game: &str) -> StoreError {
    StoreError::invalid(
        field,
        format!(
            "unknown game {game:?}; campaigns exist for {}",
            CAMPAIGN_GAMES.join(", ")
        ),
    )
}

impl SilverMine {
    fn validate(&self, field: &str, players: &[String]) -> Result<()> {
        let books = format!("{field}.stash.books");
        if self.stash.books.len() > 4 {
            return Err(StoreError::invalid(
                &books,
                format!(
                    "{} books; the stash holds at most 4 (rulebook p.33)",
                    self.stash.books.len()
                ),
            ));
        }
        distinct_names(
            &books,
            self.stash.books.iter().map(String::as_str),
            "the same book cannot be owned twice",
        )?;
        distinct_names(
            &format!("{field}.characters"),
            self.characters.iter().map(|c| c.name.as_str()),
            "character names must differ",
        )?;
        for (i, c) in self.characters.iter().enumerate() {
            let at = format!("{field}.characters[{i}]");
            non_empty(&format!("{at}.kind"), &c.kind)?;
            known_player(&format!("{at}.player"), c.player.as_deref(), players)?;
            for (j, (got, want)) in c.titles.iter().zip(TITLE_ORDER.iter()).enumerate() {
                if got != want {
                    return Err(StoreError::invalid(
                        format!("{at}.titles[{j}]"),
                        format!(
                            "{got:?} cannot come before {want:?}; titles are earned in order: Vagabond, Seeker, \
                             Pathfinder, Adventurer, Explorer, Hero"
                        ),
                    ));
                }
            }
            if c.titles.len() > TITLE_ORDER.len() {
                return Err(StoreError::invalid(
                    format!("{at}.titles"),
                    "more than the six titles",
                ));
            }
        }
        if let Some(q) = &self.active_quest {
            let at = format!("{field}.active_quest");
            non_empty(&format!("{at}.name"), &q.name)?;
            if q.goal == 0 {
                return Err(StoreError::invalid(
                    format!("{at}.goal"),
                    "must be at least 1",
                ));
            }
            if q.progress > q.goal {
                return Err(StoreError::invalid(
                    format!("{at}.progress"),
                    format!("{} is beyond the goal of {}", q.progress, q.goal),
                ));
            }
        }
        Ok(())
    }
}

impl PocketDungeonQuest {
    fn validate(&self, field: &str, players: &[String]) -> Result<()> {
        distinct_names(
            &format!("{field}.heroes"),
            self.heroes.iter().map(|h| h.name.as_str()),
            "hero names must differ",
        )?;
        for (i, h) in self.heroes.iter().enumerate() {
            let at = format!("{field}.heroes[{i}]");
            known_player(&format!("{at}.player"), h.player.as_deref(), players)?;
            if h.level > PDQ_MAX_LEVEL {
                return Err(StoreError::invalid(
                    format!("{at}.level"),
                    format!(
                        "{} is beyond level {PDQ_MAX_LEVEL}, the campaign's goal",
                        h.level
                    ),
                ));
            }
            if h.gear.len() > PDQ_MAX_GEAR {
                return Err(StoreError::invalid(
                    format!("{at}.gear"),
                    format!("{} pieces; a hero may have only {PDQ_MAX_GEAR} pieces of Gear in a campaign", h.gear.len()),
                ));
            }
            distinct_names(
                &format!("{at}.gear"),
                h.gear.iter().map(String::as_str),
                "each piece of Gear is unique",
            )?;
        }
        Ok(())
    }
}

impl DungeonFighter {
    fn validate(&self, field: &str) -> Result<()> {
        for (i, r) in self.results.iter().enumerate() {
            let at = format!("{field}.results[{i}]");
            non_empty(&format!("{at}.title"), &r.title)?;
            if r.heroes.is_empty() || r.heroes.len() > 6 {
                return Err(StoreError::invalid(
                    format!("{at}.heroes"),
                    format!("{} heroes; a game has 1 to 6", r.heroes.len()),
                ));
            }
            distinct_names(
                &format!("{at}.heroes"),
                r.heroes.iter().map(String::as_str),
                "each hero plays once",
            )?;
        }
        Ok(())
    }
}

impl ScoreBook {
    fn validate(&self, field: &str, players: &[String]) -> Result<()> {
        for (i, s) in self.scores.iter().enumerate() {
            let at = format!("{field}.scores[{i}].player");
            non_empty(&at, &s.player)?;
            known_player(&at, Some(&s.player), players)?;
        }
        Ok(())
    }
}
