//! What a game played in a campaign takes from the campaign's record and
//! leaves in it, so the campaign carries across evenings without the
//! player copying numbers by hand:
//!
//! - **Pocket Dungeon Quest.** A new game of a campaign starts at the next
//!   session with each playing hero's Level, XP, Keys and Gear from the
//!   record (unless the setup names them itself); each won session writes
//!   them back. A campaign whose last game lost a session cannot go on: the
//!   rules end the campaign there.
//! - **Dungeon Fighter.** A finished game adds one result (heroes,
//!   difficulty, won, score, title) to the title history.
//! - **Dungeon Roll**, **Green Dungeon.** The final scores go to the score
//!   book.
//!
//! Each game is recorded once (its id is kept with what it wrote); an undo
//! after the end does not take a written result back out. Silver Mine's
//! stash and characters are not written by play (its record is kept by
//! hand on the Campaign screen).

use crate::phase::game_title;
use serde_json::{json, Value};
use tw_store::campaign::records::{
    FighterDifficulty, FighterResult, PdqHero, ScoreEntry, PDQ_MAX_GEAR,
};
use tw_store::campaign::CampaignRecord;
use tw_store::Store;

/// The setup a new game of `game` starts with in the campaign `campaign_id`:
/// `setup` itself, or for Pocket Dungeon Quest the next session with the
/// heroes' carry-over from the record filled in.
pub fn prepare_setup(
    store: &Store,
    game: &str,
    setup: &Value,
    campaign_id: Option<i64>,
) -> Result<Value, String> {
    let Some(cid) = campaign_id else {
        return Ok(setup.clone());
    };
    if game != "pocket-dungeon-quest" {
        return Ok(setup.clone());
    }
    let c = store.campaign_by_id(cid).map_err(|e| e.to_string())?;
    let CampaignRecord::PocketDungeonQuest(record) = &c.record else {
        return Ok(setup.clone());
    };
    let earlier = store.sessions(Some(cid)).map_err(|e| e.to_string())?;
    if let Some(last) = earlier.first() {
        let mut holder = None;
        let s = crate::game::resume(store, last.id, &mut holder)?;
        if s.state().get("outcome").and_then(Value::as_str) == Some("campaign_lost") {
            return Err(format!(
                "the campaign {:?} was lost in its last game (a session was lost, and the campaign with it); start a new campaign",
                c.name
            ));
        }
    }
    let mut out = setup.clone();
    let Some(obj) = out.as_object_mut() else {
        return Ok(out);
    };
    let named = |k: &str| obj.get(k).is_some_and(|v| !v.is_null() && v != &json!([]));
    // A carry-over typed at setup is taken as typed; a session number
    // typed is kept (the window's form has one).
    if named("carry") {
        return Ok(out);
    }
    let session_typed = named("campaign");
    let heroes: Vec<String> = obj
        .get("heroes")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|h| h.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    let mut carry = Vec::new();
    for (i, h) in record.heroes.iter().enumerate() {
        let Some(kind) = heroes.iter().find(|k| same_hero(k, &h.name)) else {
            continue;
        };
        let gear: Vec<Value> = h
            .gear
            .iter()
            .map(|g| Value::String(engine_name(g)))
            .collect();
        if gear.len() > PDQ_MAX_GEAR {
            return Err(format!(
                "campaign {:?}: record.heroes[{i}].gear holds {} pieces; {PDQ_MAX_GEAR} at most",
                c.name,
                gear.len()
            ));
        }
        carry.push(
            json!({"hero": kind, "xp": h.xp, "keys": h.keys, "level": h.level, "gear": gear}),
        );
    }
    if !session_typed {
        obj.insert("campaign".into(), json!(earlier.len() + 1));
    }
    obj.insert("carry".into(), Value::Array(carry));
    Ok(out)
}

/// After any command the game `id` took (typed, from the camera or a
/// correction): its campaign's record is brought up to date. The command
/// stands whatever becomes of the record; a failure to write it is
/// reported, not turned into a refusal of the move.
pub fn after_command(store: &mut Store, id: i64, state: &Value) {
    if let Err(e) = crate::campaigns::record_final_scores(store, id, state) {
        eprintln!("table-warden: game {id}: the final scores were not added to its campaign: {e}");
    }
    if let Err(e) = record_results(store, id, state) {
        eprintln!("table-warden: game {id}: its campaign's record was not brought up to date: {e}");
    }
}

/// Write what the game `id` (in state `state`) leaves in its campaign's
/// record. True when the record changed.
pub fn record_results(store: &mut Store, id: i64, state: &Value) -> Result<bool, String> {
    let info = store.session(id).map_err(|e| e.to_string())?;
    let Some(cid) = info.campaign_id else {
        return Ok(false);
    };
    let c = store.campaign_by_id(cid).map_err(|e| e.to_string())?;
    let notes = format!("{} game {id}", game_title(&info.game));
    let record = match (c.record, info.game.as_str()) {
        (CampaignRecord::PocketDungeonQuest(mut r), "pocket-dungeon-quest") => {
            if !pdq_session_won(state) || !pdq_write_heroes(&mut r.heroes, state) {
                return Ok(false);
            }
            CampaignRecord::PocketDungeonQuest(r)
        }
        (CampaignRecord::DungeonFighter(mut r), "dungeon-fighter") => {
            if r.results.iter().any(|x| x.game == Some(id)) {
                return Ok(false);
            }
            let Some(result) = fighter_result(state, id) else {
                return Ok(false);
            };
            r.results.push(result);
            CampaignRecord::DungeonFighter(r)
        }
        (CampaignRecord::GreenDungeon(mut book), "green-dungeon") => {
            let Some(score) = state.pointer("/phase/score/final").and_then(Value::as_i64) else {
                return Ok(false);
            };
            let (Some(player), false) = (
                c.players.first(),
                book.scores.iter().any(|e| e.notes == notes),
            ) else {
                return Ok(false);
            };
            book.scores.push(ScoreEntry {
                at_ms: tw_store::now_ms(),
                player: player.clone(),
                score,
                won: state
                    .pointer("/phase/outcome")
                    .and_then(Value::as_str)
                    .map(|o| o == "won"),
                notes,
            });
            CampaignRecord::GreenDungeon(book)
        }
        // Dungeon Roll's score book is written by `record_final_scores`.
        _ => return Ok(false),
    };
    store.save_record(cid, &record).map_err(|e| e.to_string())?;
    Ok(true)
}

/// A session (or the whole campaign) was won: the heroes' progress stands.
fn pdq_session_won(state: &Value) -> bool {
    matches!(
        state.get("outcome").and_then(Value::as_str),
        Some("session_won" | "campaign_won")
    )
}

/// Each hero of the game into the record: the one of its name updated, or
/// a new line. False when nothing changed.
fn pdq_write_heroes(heroes: &mut Vec<PdqHero>, state: &Value) -> bool {
    let before = heroes.clone();
    for h in state
        .get("heroes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(kind) = h.get("kind").and_then(Value::as_str) else {
            continue;
        };
        let num = |k: &str| h.get(k).and_then(Value::as_u64).unwrap_or(0);
        let gear: Vec<String> = h
            .get("gear")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|g| g.as_str().map(sheet_name))
            .collect();
        let line = match heroes.iter_mut().find(|r| same_hero(kind, &r.name)) {
            Some(line) => line,
            None => {
                heroes.push(PdqHero {
                    name: sheet_name(kind),
                    player: None,
                    level: 0,
                    xp: 0,
                    keys: 0,
                    gear: Vec::new(),
                });
                heroes.last_mut().expect("just pushed")
            }
        };
        line.level = num("level").min(u8::MAX as u64) as u8;
        line.xp = num("xp").min(u32::MAX as u64) as u32;
        line.keys = num("keys").min(u32::MAX as u64) as u32;
        line.gear = gear;
    }
    *heroes != before
}

/// A finished Dungeon Fighter game's line of the title history.
fn fighter_result(state: &Value, id: i64) -> Option<FighterResult> {
    let phase = state.get("phase")?;
    if phase.get("phase")?.as_str()? != "over" {
        return None;
    }
    let difficulty = match state.get("difficulty")?.as_str()? {
        "hard" => FighterDifficulty::Hard,
        "inferno" => FighterDifficulty::Inferno,
        _ => FighterDifficulty::Normal,
    };
    Some(FighterResult {
        at_ms: tw_store::now_ms(),
        heroes: state
            .get("heroes")?
            .as_array()?
            .iter()
            .filter_map(|h| h.get("name").and_then(Value::as_str).map(str::to_string))
            .collect(),
        difficulty,
        won: phase.get("won")?.as_bool()?,
        score: phase.pointer("/score/total")?.as_i64()?,
        title: phase.pointer("/score/title")?.as_str()?.to_string(),
        game: Some(id),
    })
}

/// "grapple_shot" → "Grapple Shot": how the sheet names an engine word.
fn sheet_name(word: &str) -> String {
    word.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "Grapple Shot" (or "grapple shot") → "grapple_shot": the engine's word.
fn engine_name(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("_")
}

/// Whether a record's hero name ("Warrior", "the Warrior") is the engine's
/// hero `kind` ("warrior").
fn same_hero(kind: &str, name: &str) -> bool {
    let n = engine_name(name);
    let n = n.strip_prefix("the_").unwrap_or(&n);
    n == engine_name(kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::campaigns::create_campaign;
    use crate::game::{new_game, show, show_campaign};
    use tw_store::campaign::records::PocketDungeonQuest;

    use crate::test_store::temp as store;

    fn campaign_id(store: &Store, name: &str) -> i64 {
        store.campaign(name).unwrap().id
    }

    #[test]
    fn a_pocket_dungeon_quest_campaign_carries_its_heroes_between_games() {
        let (_d, mut store) = store();
        create_campaign(
            &mut store,
            "Deep",
            "pocket-dungeon-quest",
            &["Ann".to_string()],
        )
        .unwrap();
        let cid = campaign_id(&store, "Deep");
        let record = PocketDungeonQuest {
            heroes: vec![PdqHero {
                name: "Warrior".into(),
                player: Some("Ann".into()),
                level: 1,
                xp: 3,
                keys: 1,
                gear: vec!["Torch".into()],
            }],
        };
        store
            .save_record(cid, &CampaignRecord::PocketDungeonQuest(record))
            .unwrap();

        // The first game starts at session 1 with the Warrior's record; the Rogue is new.
        let g = new_game(
            &mut store,
            "pocket-dungeon-quest",
            &json!({"heroes": ["warrior", "rogue"]}),
            Some("Deep"),
        )
        .unwrap();
        let st = show(&store, g.session).unwrap().state;
        assert_eq!(st["campaign"], 1);
        let w = &st["heroes"][0];
        assert_eq!(
            (
                w["kind"].as_str(),
                w["xp"].as_u64(),
                w["keys"].as_u64(),
                w["level"].as_u64()
            ),
            (Some("warrior"), Some(3), Some(1), Some(1))
        );
        assert_eq!(w["gear"], json!(["torch"]));
        assert_eq!(st["heroes"][1]["xp"], 0);

        // Nothing is written while the session is on.
        assert!(!record_results(&mut store, g.session, &st).unwrap());
        // A won session writes the heroes back (the engine's own state, with the numbers play gave).
        let mut won = st.clone();
        won["outcome"] = json!("session_won");
        won["heroes"][0]["xp"] = json!(5);
        won["heroes"][1]["keys"] = json!(2);
        assert!(record_results(&mut store, g.session, &won).unwrap());
        assert!(
            !record_results(&mut store, g.session, &won).unwrap(),
            "written once"
        );
        let sheet = show_campaign(&store, "Deep").unwrap().record;
        assert_eq!(sheet["heroes"][0]["xp"], 5);
        assert_eq!(sheet["heroes"][0]["player"], "Ann");
        assert_eq!(
            (
                sheet["heroes"][1]["name"].as_str(),
                sheet["heroes"][1]["keys"].as_u64()
            ),
            (Some("Rogue"), Some(2))
        );

        // The next game is session 2 and starts from the written record.
        let g2 = new_game(
            &mut store,
            "pocket-dungeon-quest",
            &json!({"heroes": ["warrior"]}),
            Some("Deep"),
        )
        .unwrap();
        let st2 = show(&store, g2.session).unwrap().state;
        assert_eq!(
            (st2["campaign"].as_u64(), st2["heroes"][0]["xp"].as_u64()),
            (Some(2), Some(5))
        );

        // A session number typed at setup is kept; the heroes still come from the record.
        let typed = prepare_setup(
            &store,
            "pocket-dungeon-quest",
            &json!({"heroes": ["warrior"], "campaign": 4}),
            Some(cid),
        )
        .unwrap();
        assert_eq!(
            (typed["campaign"].as_u64(), typed["carry"][0]["xp"].as_u64()),
            (Some(4), Some(5))
        );
        // A setup that names its own carry-over is taken as typed.
        let own =
            json!({"heroes": ["warrior"], "campaign": 7, "carry": [{"hero": "warrior", "xp": 1}]});
        assert_eq!(
            prepare_setup(&store, "pocket-dungeon-quest", &own, Some(cid)).unwrap(),
            own
        );

        // A lost session loses the campaign: no further game starts in it.
        let mut lost = st2.clone();
        lost["outcome"] = json!("campaign_lost");
        store
            .create_session(
                "pocket-dungeon-quest",
                Some(cid),
                &json!({"heroes": ["warrior"]}),
                &lost,
                64,
            )
            .unwrap();
        let e = new_game(
            &mut store,
            "pocket-dungeon-quest",
            &json!({"heroes": ["warrior"]}),
            Some("Deep"),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("was lost"), "{e}");
    }

    #[test]
    fn a_finished_dungeon_fighter_game_adds_its_title_once() {
        let (_d, mut store) = store();
        create_campaign(&mut store, "Crypt", "dungeon-fighter", &[]).unwrap();
        let setup =
            json!({"heroes": ["saul-baysar", "lady-mary"], "leader": 0, "difficulty": "hard"});
        let g = new_game(&mut store, "dungeon-fighter", &setup, Some("Crypt")).unwrap();
        let st = show(&store, g.session).unwrap().state;
        assert!(
            !record_results(&mut store, g.session, &st).unwrap(),
            "not over yet"
        );
        let mut over = st.clone();
        over["phase"] = json!({"phase": "over", "won": true, "reason": "the boss fell",
            "score": {"gold": 3, "white_dice": 0, "no_scar_bonus": 0, "scars": 0, "eliminated": 0, "difficulty": 5, "total": 31, "title": "Epic Sourcebook Readers"}});
        assert!(record_results(&mut store, g.session, &over).unwrap());
        assert!(
            !record_results(&mut store, g.session, &over).unwrap(),
            "written once"
        );
        let r = show_campaign(&store, "Crypt").unwrap().record;
        let line = &r["results"][0];
        assert_eq!(
            (
                line["won"].as_bool(),
                line["score"].as_i64(),
                line["difficulty"].as_str()
            ),
            (Some(true), Some(31), Some("hard"))
        );
        assert_eq!(line["title"], "Epic Sourcebook Readers");
        assert_eq!(line["heroes"].as_array().unwrap().len(), 2);
        assert_eq!(line["game"], g.session);
    }

    #[test]
    fn a_finished_green_dungeon_game_goes_to_the_score_book_of_its_player() {
        let (_d, mut store) = store();
        create_campaign(&mut store, "Solo", "green-dungeon", &["Ann".to_string()]).unwrap();
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../ui/test/fixtures/gd-over.json"
        );
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let g = new_game(&mut store, "green-dungeon", &doc["setup"], Some("Solo")).unwrap();
        assert!(
            !record_results(&mut store, g.session, &g.state).unwrap(),
            "not over yet"
        );
        assert!(record_results(&mut store, g.session, &doc["state"]).unwrap());
        assert!(!record_results(&mut store, g.session, &doc["state"]).unwrap());
        let r = show_campaign(&store, "Solo").unwrap().record;
        let e = &r["scores"][0];
        assert_eq!(
            (
                e["player"].as_str(),
                e["score"].as_i64(),
                e["won"].as_bool()
            ),
            (Some("Ann"), Some(45), Some(false))
        );
    }

    #[test]
    fn names_go_between_the_sheet_and_the_engine() {
        assert_eq!(sheet_name("grapple_shot"), "Grapple Shot");
        assert_eq!(engine_name(" Grapple  Shot "), "grapple_shot");
        assert!(same_hero("warrior", "The Warrior"));
        assert!(same_hero("warrior", "warrior"));
        assert!(!same_hero("warrior", "Wizard"));
    }

    #[test]
    fn a_won_session_updates_the_heroes_and_adds_new_ones() {
        let mut heroes = vec![PdqHero {
            name: "Warrior".into(),
            player: Some("Ann".into()),
            level: 0,
            xp: 1,
            keys: 0,
            gear: vec![],
        }];
        let state = json!({"outcome": "session_won", "heroes": [
            {"kind": "warrior", "xp": 4, "keys": 1, "level": 1, "gear": ["torch"]},
            {"kind": "rogue", "xp": 2, "keys": 0, "level": 0, "gear": []}
        ]});
        assert!(pdq_session_won(&state));
        assert!(pdq_write_heroes(&mut heroes, &state));
        assert_eq!(heroes.len(), 2);
        assert_eq!((heroes[0].xp, heroes[0].keys, heroes[0].level), (4, 1, 1));
        assert_eq!(heroes[0].gear, vec!["Torch".to_string()]);
        assert_eq!(heroes[0].player.as_deref(), Some("Ann"), "the player stays");
        assert_eq!(heroes[1].name, "Rogue");
        assert!(
            !pdq_write_heroes(&mut heroes, &state),
            "the same state changes nothing"
        );
        assert!(!pdq_session_won(&json!({"outcome": null})));
    }
}
