//! Campaigns and saved games as the window offers them: create, import and
//! rename a campaign, save its export in the data folder, check a campaign
//! named at a game's setup, list the saved games (game, campaign, phase and
//! date) and find the last game to continue; a finished Dungeon Roll
//! game's scores go to its campaign's score book.
//!
//! Plain functions over the store, as in [`crate::game`]; errors are
//! strings the window shows as they are.

use crate::game::{show_campaign, CampaignView};
use crate::phase::{game_title, phase_of};
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use tw_store::campaign::records::ScoreEntry;
use tw_store::campaign::{canonical_game, CampaignRecord, NewCampaign};
use tw_store::Store;

/// A finished Dungeon Roll game's final scores go to its campaign's score
/// book, once per game: each player's total, whether they won, and which
/// game it was (the notes). Players not named in the campaign are left out
/// (the score book holds only its players). True when scores were added.
///
/// An undo after the end does not take the scores back out; replaying the
/// end again does not add them twice.
pub fn record_final_scores(store: &mut Store, id: i64, state: &serde_json::Value) -> Result<bool, String> {
    let Some(fin) = state.get("finished").filter(|f| !f.is_null()) else {
        return Ok(false);
    };
    let info = store.session(id).map_err(|e| e.to_string())?;
    let (Some(cid), "dungeon-roll") = (info.campaign_id, info.game.as_str()) else {
        return Ok(false);
    };
    let c = store.campaign_by_id(cid).map_err(|e| e.to_string())?;
    let CampaignRecord::DungeonRoll(mut book) = c.record else {
        return Ok(false);
    };
    let notes = format!("{} game {id}", game_title(&info.game));
    if book.scores.iter().any(|e| e.notes == notes) {
        return Ok(false);
    }
    let winners: Vec<u64> = fin["winners"].as_array().map(|w| w.iter().filter_map(|x| x.as_u64()).collect()).unwrap_or_default();
    let at_ms = tw_store::now_ms();
    let before = book.scores.len();
    for s in fin["scores"].as_array().into_iter().flatten() {
        let name = s["name"].as_str().unwrap_or("").trim();
        let Some(player) = c.players.iter().find(|p| p.trim().eq_ignore_ascii_case(name)) else {
            continue;
        };
        book.scores.push(ScoreEntry {
            at_ms,
            player: player.clone(),
            score: s["total"].as_i64().unwrap_or(0),
            won: s["player"].as_u64().map(|seat| winners.contains(&seat)),
            notes: notes.clone(),
        });
    }
    if book.scores.len() == before {
        return Ok(false);
    }
    store.save_record(cid, &CampaignRecord::DungeonRoll(book)).map_err(|e| e.to_string())?;
    Ok(true)
}

/// Where saved exports go, inside the data folder.
pub const EXPORTS_DIR: &str = "exports";

/// A new campaign of `game` with an empty record and `players` (names may
/// be blank: those are dropped).
pub fn create_campaign(store: &mut Store, name: &str, game: &str, players: &[String]) -> Result<CampaignView, String> {
    let players: Vec<String> = players.iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect();
    let c = NewCampaign::fresh(name.trim(), game, &players).map_err(|e| e.to_string())?;
    store.create_campaign(&c).map_err(|e| e.to_string())?;
    show_campaign(store, name.trim())
}

/// Import an exported campaign (the text of its file), optionally under
/// another name. Nothing is written unless all of it is valid.
pub fn import_campaign(store: &mut Store, text: &str, rename: Option<&str>) -> Result<CampaignView, String> {
    let rename = rename.map(str::trim).filter(|r| !r.is_empty());
    let id = store
        .import_campaign(text, rename, &tw_session::registry::find)
        .map_err(|e| format!("the campaign was not imported, nothing was changed: {e}"))?;
    let name = store.campaign_by_id(id).map_err(|e| e.to_string())?.name;
    show_campaign(store, &name)
}

/// Rename the campaign `name` to `new_name`; its games come along.
pub fn rename_campaign(store: &mut Store, name: &str, new_name: &str) -> Result<CampaignView, String> {
    let id = store.rename_campaign(name, new_name).map_err(|e| e.to_string())?;
    let name = store.campaign_by_id(id).map_err(|e| e.to_string())?.name;
    show_campaign(store, &name)
}

/// What a campaign name typed at a game's setup refers to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CampaignCheck {
    /// No name was given: the game is played on its own.
    NoCampaign,
    /// A campaign of this game: the game joins it.
    Joins { name: String },
    /// No campaign has this name: the window offers to create it.
    Missing { name: String, game_title: String },
    /// A campaign of another game has this name: the game cannot join it.
    OtherGame { name: String, game_title: String },
}

/// Whether a `game` can be started in the campaign called `name`.
pub fn check_campaign(store: &Store, name: &str, game: &str) -> Result<CampaignCheck, String> {
    let name = name.trim();
    if name.is_empty() {
        return Ok(CampaignCheck::NoCampaign);
    }
    let list = store.campaigns().map_err(|e| e.to_string())?;
    let Some(c) = list.iter().find(|c| c.name.to_lowercase() == name.to_lowercase()) else {
        return Ok(CampaignCheck::Missing { name: name.to_string(), game_title: game_title(game) });
    };
    // The campaign's game by the store's name, the typed one by the engine's (aliases such as "df").
    let engine = tw_session::registry::find(game).map(|g| g.name());
    if engine.is_some() && canonical_game(&c.game) == engine {
        Ok(CampaignCheck::Joins { name: c.name.clone() })
    } else {
        Ok(CampaignCheck::OtherGame { name: c.name.clone(), game_title: game_title(&c.game) })
    }
}

/// Save the export of campaign `name` as `file` in the data folder's
/// `exports/` folder; returns the full path it was saved at. `file` is a
/// plain file name (".json" is added when missing); a file already there
/// is never replaced.
pub fn save_export(store: &Store, name: &str, file: &str) -> Result<PathBuf, String> {
    let file = export_file_name(file)?;
    let text = crate::game::export_campaign(store, name)?;
    let dir = exports_dir(store.path());
    std::fs::create_dir_all(&dir).map_err(|e| format!("the folder {} could not be made: {e}", dir.display()))?;
    let dir = dir.canonicalize().map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(&file);
    if path.exists() {
        return Err(format!("{file} is already in {}; choose another file name", dir.display()));
    }
    // Written under a temporary name, then renamed: a file that exists is complete.
    let partial = dir.join(format!(".{file}.partial"));
    std::fs::write(&partial, text + "\n").map_err(|e| format!("{} could not be written: {e}", path.display()))?;
    std::fs::rename(&partial, &path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        format!("{} could not be written: {e}", path.display())
    })?;
    Ok(path)
}

/// `file` as a plain file name ending in ".json", or why it cannot be one.
fn export_file_name(file: &str) -> Result<String, String> {
    let file = file.trim();
    if file.is_empty() {
        return Err("file name: give the export a file name".into());
    }
    if file.starts_with('.') || file.chars().any(|c| matches!(c, '/' | '\\' | ':') || c.is_control()) {
        return Err(format!(
            "file name: {file:?} is not a plain file name (no folders, no leading dot); the export is saved in the data folder's {EXPORTS_DIR} folder"
        ));
    }
    Ok(if file.to_lowercase().ends_with(".json") { file.to_string() } else { format!("{file}.json") })
}

/// One line of the saved-games list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SavedGame {
    pub id: i64,
    /// The engine name (for the window's own screens).
    pub game: String,
    /// The game's name as players know it.
    pub game_title: String,
    pub campaign_id: Option<i64>,
    pub campaign: Option<String>,
    /// Where the game stands, in a few words ("Combat", "In town", "Won").
    pub phase: String,
    pub over: bool,
    /// Set when the game cannot be read back (its engine or log): why.
    pub problem: Option<String>,
    pub started_at_ms: i64,
    /// When it was last played (its newest log entry), else when it started.
    pub played_at_ms: i64,
    pub entries: i64,
}

/// Every saved game, the most recently played first. A game that cannot be
/// read back is still listed, with the reason, so nothing disappears.
pub fn saved_games(store: &Store) -> Result<Vec<SavedGame>, String> {
    let campaigns: HashMap<i64, String> =
        store.campaigns().map_err(|e| e.to_string())?.into_iter().map(|c| (c.id, c.name)).collect();
    let mut list = Vec::new();
    for s in store.sessions(None).map_err(|e| e.to_string())? {
        let last_entry_at = store
            .entries(s.id, s.last_seq - 1, s.last_seq)
            .map_err(|e| e.to_string())?
            .pop()
            .map(|e| e.at_ms);
        let (phase, over, problem) = match current_state(store, &s.game, s.id, s.last_seq) {
            Ok(state) => {
                let p = phase_of(&s.game, &state);
                (p.label, p.over, None)
            }
            Err(e) => ("Cannot be read".to_string(), false, Some(e)),
        };
        list.push(SavedGame {
            id: s.id,
            game_title: game_title(&s.game),
            campaign: s.campaign_id.and_then(|id| campaigns.get(&id).cloned()),
            campaign_id: s.campaign_id,
            phase,
            over,
            problem,
            started_at_ms: s.created_at_ms,
            played_at_ms: last_entry_at.unwrap_or(s.created_at_ms).max(s.created_at_ms),
            entries: s.last_seq,
            game: s.game,
        });
    }
    list.sort_by(|a, b| b.played_at_ms.cmp(&a.played_at_ms).then(b.id.cmp(&a.id)));
    Ok(list)
}

fn current_state(store: &Store, game: &str, id: i64, seq: i64) -> Result<serde_json::Value, String> {
    let engine = tw_session::registry::find(game)
        .ok_or_else(|| format!("this version of Table Warden does not know the game {game:?}"))?;
    store.state_at(engine.as_ref(), id, seq).map_err(|e| e.to_string())
}

/// The game to continue: the most recently played one that is not over
/// and can be read; none when there is no such game.
pub fn last_game(store: &Store) -> Result<Option<SavedGame>, String> {
    Ok(saved_games(store)?.into_iter().find(|g| !g.over && g.problem.is_none()))
}

/// The data folder's exports folder for a database at `db`.
pub fn exports_dir(db: &Path) -> PathBuf {
    tw_store::paths::data_dir_of(db).join(EXPORTS_DIR)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{new_game, run_command};
    use serde_json::{json, Value};

    use crate::test_store::temp as store;

    fn df_setup() -> Value {
        json!({"heroes": ["saul-baysar", "lady-mary"], "leader": 0, "difficulty": "normal"})
    }

    fn names(v: &[String]) -> Vec<&str> {
        v.iter().map(String::as_str).collect()
    }

    #[test]
    fn a_campaign_is_created_renamed_and_refused_clearly() {
        let (_d, mut store) = store();
        let players = vec![" Ann ".to_string(), String::new(), "Bo".to_string()];
        let c = create_campaign(&mut store, " Tuesday ", "itdd", &players).unwrap();
        assert_eq!((c.name.as_str(), c.game.as_str()), ("Tuesday", "silver-mine"));
        assert_eq!(names(&c.players), ["Ann", "Bo"]);
        assert_eq!(c.record["stash"]["coins"], 0);

        let e = create_campaign(&mut store, "tuesday", "dungeon-fighter", &[]).unwrap_err();
        assert!(e.contains("already exists"), "{e}");
        let e = create_campaign(&mut store, "  ", "dungeon-fighter", &[]).unwrap_err();
        assert!(e.starts_with("name:"), "{e}");
        let e = create_campaign(&mut store, "Chess club", "chess", &[]).unwrap_err();
        assert!(e.contains("chess"), "{e}");

        let game = new_game(&mut store, "silver-mine", &silver_mine_setup(), Some("Tuesday")).unwrap();
        let r = rename_campaign(&mut store, "TUESDAY", "Crypt nights").unwrap();
        assert_eq!((r.id, r.name.as_str()), (c.id, "Crypt nights"));
        assert_eq!(r.sessions.iter().map(|s| s.id).collect::<Vec<_>>(), [game.session]);
        let e = rename_campaign(&mut store, "Tuesday", "Other").unwrap_err();
        assert!(e.contains("Tuesday"), "{e}");
    }

    fn silver_mine_setup() -> Value {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../games/silver-mine/tests/scripts/combat_example.json");
        let script: Value = serde_json::from_str(&std::fs::read_to_string(script).unwrap()).unwrap();
        script["setup"].clone()
    }

    #[test]
    fn an_export_is_imported_under_its_name_or_another() {
        let (_d, mut store) = store();
        create_campaign(&mut store, "Friday", "dungeon-fighter", &[]).unwrap();
        let g = new_game(&mut store, "df", &df_setup(), Some("Friday")).unwrap();
        run_command(&mut store, g.session, &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}), "manual").unwrap();
        let text = crate::game::export_campaign(&store, "Friday").unwrap();

        let (_d2, mut other) = self::store();
        let c = import_campaign(&mut other, &text, None).unwrap();
        assert_eq!((c.name.as_str(), c.sessions.len()), ("Friday", 1));
        assert_eq!(c.sessions[0].entries, 1);
        let e = import_campaign(&mut other, &text, Some("  ")).unwrap_err();
        assert!(e.contains("nothing was changed") && e.contains("Friday"), "{e}");
        let c = import_campaign(&mut other, &text, Some("Friday again")).unwrap();
        assert_eq!(c.name, "Friday again");
        let e = import_campaign(&mut other, "{\"format\": \"something-else\"}", None).unwrap_err();
        assert!(e.contains("format"), "{e}");
        assert_eq!(other.campaigns().unwrap().len(), 2);
    }

    #[test]
    fn a_campaign_named_at_setup_is_joined_offered_or_refused() {
        let (_d, mut store) = store();
        create_campaign(&mut store, "Friday", "dungeon-fighter", &[]).unwrap();
        assert_eq!(check_campaign(&store, " ", "df").unwrap(), CampaignCheck::NoCampaign);
        assert_eq!(check_campaign(&store, "friday", "df").unwrap(), CampaignCheck::Joins { name: "Friday".into() });
        assert_eq!(
            check_campaign(&store, "Saturday", "dungeon-fighter").unwrap(),
            CampaignCheck::Missing { name: "Saturday".into(), game_title: "Dungeon Fighter".into() }
        );
        assert_eq!(
            check_campaign(&store, "Friday", "silver-mine").unwrap(),
            CampaignCheck::OtherGame { name: "Friday".into(), game_title: "Dungeon Fighter".into() }
        );
    }

    #[test]
    fn an_export_is_saved_in_the_exports_folder_and_never_replaces_a_file() {
        let (dir, mut store) = store();
        create_campaign(&mut store, "Friday", "dungeon-fighter", &[]).unwrap();
        let path = save_export(&store, "Friday", " friday ").unwrap();
        assert_eq!(path, dir.path().canonicalize().unwrap().join("exports/friday.json"));
        assert_eq!(exports_dir(store.path()), dir.path().join("exports"));
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(doc["campaign"]["name"], "Friday");

        let e = save_export(&store, "Friday", "friday").unwrap_err();
        assert!(e.contains("already in") && e.contains("another file name"), "{e}");
        for bad in ["", "../x", "a/b.json", ".hidden", "c:\\x"] {
            let e = save_export(&store, "Friday", bad).unwrap_err();
            assert!(e.starts_with("file name:"), "{bad:?}: {e}");
        }
        let e = save_export(&store, "Nobody", "nobody").unwrap_err();
        assert!(e.contains("Nobody"), "{e}");
        assert!(!dir.path().join("exports/nobody.json").exists());
        let left: Vec<_> = std::fs::read_dir(dir.path().join("exports")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["friday.json"], "no partial file is left behind");
    }

    #[test]
    fn saved_games_say_game_campaign_phase_and_date_and_the_last_one_continues() {
        let (_d, mut store) = store();
        assert_eq!(last_game(&store).unwrap(), None);
        create_campaign(&mut store, "Friday", "dungeon-fighter", &[]).unwrap();
        let a = new_game(&mut store, "df", &df_setup(), Some("Friday")).unwrap().session;
        let b = new_game(&mut store, "silver-mine", &silver_mine_setup(), None).unwrap().session;
        std::thread::sleep(std::time::Duration::from_millis(5));
        // Playing the older game makes it the last one played.
        run_command(&mut store, a, &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}), "manual").unwrap();
        let list = saved_games(&store).unwrap();
        assert_eq!(list.iter().map(|g| g.id).collect::<Vec<_>>(), [a, b]);
        let first = &list[0];
        assert_eq!(first.game_title, "Dungeon Fighter");
        assert_eq!(first.campaign.as_deref(), Some("Friday"));
        assert_eq!(first.phase, "Revealing a monster");
        assert!(first.played_at_ms > first.started_at_ms && !first.over && first.problem.is_none());
        assert_eq!((list[1].campaign.as_deref(), list[1].played_at_ms), (None, list[1].started_at_ms));
        assert_eq!(last_game(&store).unwrap().map(|g| g.id), Some(a));
    }

    #[test]
    fn a_finished_or_unreadable_game_is_listed_but_not_continued() {
        let (_d, mut store) = store();
        let ok = new_game(&mut store, "df", &df_setup(), None).unwrap().session;
        // A game of an engine this build lacks, as an older or newer version could leave.
        let odd = store.create_session("chess", None, &json!({}), &json!({}), 64).unwrap();
        let list = saved_games(&store).unwrap();
        let odd_line = list.iter().find(|g| g.id == odd).unwrap();
        assert_eq!(odd_line.phase, "Cannot be read");
        assert!(odd_line.problem.as_deref().unwrap().contains("chess"));
        assert_eq!(last_game(&store).unwrap().map(|g| g.id), Some(ok));
        // The fixture's finished Green Dungeon game is over: nothing to continue but it is listed.
        let (_d2, mut store) = self::store();
        let over = store.create_session("green-dungeon", None, &json!({}), &gd_over_state(), 64).unwrap();
        let list = saved_games(&store).unwrap();
        assert_eq!((list[0].id, list[0].phase.as_str(), list[0].over), (over, "Died", true));
        assert_eq!(last_game(&store).unwrap(), None);
    }

    fn gd_over_state() -> Value {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../ui/test/fixtures/gd-over.json");
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        doc["state"].clone()
    }

    #[test]
    fn a_finished_dungeon_roll_game_puts_each_players_score_in_its_campaign_once() {
        let (_d, mut store) = store();
        create_campaign(&mut store, "Roll night", "dungeon-roll", &["Ann".to_string(), "Bo".to_string()]).unwrap();
        let setup = json!({"players": [{"name": "Ann", "hero": "bard"}, {"name": "Cy", "hero": "scout"}, {"name": "bo", "hero": "paladin"}]});
        let g = crate::game::new_game(&mut store, "dungeon-roll", &setup, Some("Roll night")).unwrap();
        let party = json!(["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"]);
        let mut last = None;
        // Ann retires at level 1 once (1 XP); every other delve flees.
        for i in 0..9 {
            crate::game::run_command(&mut store, g.session, &json!({"type": "start_delve", "party": party, "dungeon": ["chest"]}), "manual").unwrap();
            let end = if i == 0 { json!({"type": "retire"}) } else { json!({"type": "flee"}) };
            last = Some(crate::game::run_command(&mut store, g.session, &end, "manual").unwrap());
        }
        assert_eq!(last.unwrap().view["waiting_for"], "over");
        let c = crate::game::show_campaign(&store, "Roll night").unwrap();
        let scores = c.record["scores"].as_array().unwrap();
        // Cy is no player of the campaign; "bo" is Bo.
        let got: Vec<(&str, i64, bool)> =
            scores.iter().map(|e| (e["player"].as_str().unwrap(), e["score"].as_i64().unwrap(), e["won"].as_bool().unwrap())).collect();
        assert_eq!(got, [("Ann", 1, true), ("Bo", 0, false)]);
        assert!(scores[0]["notes"].as_str().unwrap().starts_with("Dungeon Roll game"));
        // Looking again adds nothing.
        let state = crate::game::show(&store, g.session).unwrap().state;
        assert!(!record_final_scores(&mut store, g.session, &state).unwrap());
        assert_eq!(crate::game::show_campaign(&store, "Roll night").unwrap().record["scores"].as_array().unwrap().len(), 2);
    }
}
