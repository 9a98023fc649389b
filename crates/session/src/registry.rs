//! Game engines by name.

#[allow(unused_imports)]
use tw_rules::{DynGame, JsonGame};

/// Every engine the app can run. Names are the ones `warden replay` takes.
pub fn games() -> Vec<Box<dyn DynGame>> {
    // Each game crate adds its engine here as it lands, e.g.
    // Box::new(JsonGame::<tw_dungeon_fighter::DungeonFighter>::default()),
    let games: Vec<Box<dyn DynGame>> = vec![
        Box::new(JsonGame::<tw_dungeon_fighter::DungeonFighter>::default()),
        Box::new(JsonGame::<tw_green_dungeon::GreenDungeon>::default()),
        Box::new(JsonGame::<tw_silver_mine::SilverMine>::default()),
        Box::new(JsonGame::<tw_dungeon_roll::DungeonRoll>::default()),
        Box::new(JsonGame::<tw_pocket_dungeon_quest::PocketDungeonQuest>::default()),
    ];
    games
}

/// Short aliases players type.
const ALIASES: &[(&str, &str)] = &[
    ("itdd", "silver-mine"),
    ("df", "dungeon-fighter"),
    ("gd", "green-dungeon"),
    ("dr", "dungeon-roll"),
    ("pdq", "pocket-dungeon-quest"),
];

pub fn find(name: &str) -> Option<Box<dyn DynGame>> {
    let canonical = ALIASES.iter().find(|(a, _)| *a == name).map(|(_, c)| *c).unwrap_or(name);
    games().into_iter().find(|g| g.name() == canonical)
}

pub fn names() -> Vec<&'static str> {
    games().iter().map(|g| g.name()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_found_by_name_and_alias() {
        for name in [
            "dungeon-fighter",
            "silver-mine",
            "green-dungeon",
            "dungeon-roll",
            "pocket-dungeon-quest",
            "itdd",
            "df",
            "gd",
            "dr",
            "pdq",
        ] {
            assert!(find(name).is_some(), "{name} not registered");
        }
        assert_eq!(find("itdd").unwrap().name(), "silver-mine");
        assert_eq!(find("dr").unwrap().name(), "dungeon-roll");
        assert_eq!(find("pdq").unwrap().name(), "pocket-dungeon-quest");
        assert!(find("chess").is_none());
        // Each engine declares its own card kinds (`Game::CARD_KINDS`).
        assert_eq!(
            find("df").unwrap().card_kinds(),
            ["dungeon", "monster", "equipment", "boss"]
        );
        assert_eq!(find("itdd").unwrap().card_kinds(), ["gate", "hall"]);
        for kindless in ["dungeon-roll", "green-dungeon", "pocket-dungeon-quest"] {
            assert!(find(kindless).unwrap().card_kinds().is_empty(), "{kindless}");
        }
        let mut n = names();
        n.sort();
        assert_eq!(
            n,
            ["dungeon-fighter", "dungeon-roll", "green-dungeon", "pocket-dungeon-quest", "silver-mine"]
        );
    }
}
