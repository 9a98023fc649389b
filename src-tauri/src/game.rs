//! The Game and Campaign screens' commands: each locks nothing itself and
//! is one call into the application core (`tw_app::game`), the same one
//! `warden game …` and `warden campaign …` make. The core's typed errors
//! (`tw_app::AppError`) reach the screens as their text, as they always did.

use serde_json::{json, Value};
use std::sync::Arc;
use tauri::Emitter;
use tw_app::campaigns::{self, CampaignCheck, SavedGame};
use tw_app::game::*;
use tw_app::inbox::ThrowReport;
use tw_app::{GameState, ThrowReading};

type St<'a> = tauri::State<'a, Arc<GameState>>;

/// Tells the screens of a finished throw (`throw-finished`: the reading and
/// what the game made of it) and, when a game took it, of the game as it now
/// stands (`game-changed`).
pub fn announce_throw<R: tauri::Runtime>(app: &impl Emitter<R>, t: &ThrowReading, report: Result<Option<ThrowReport>, String>) {
    let (outcome, error) = match report {
        Ok(r) => (r, None),
        Err(e) => (None, Some(e)),
    };
    let mut payload = json!({"throw": t, "error": error});
    if let Some(r) = &outcome {
        payload["outcome"] = json!({
            "session": r.session, "throw": r.throw, "status": r.status,
            "reason": r.reason, "command": r.command,
        });
    }
    if let Err(e) = app.emit("throw-finished", payload) {
        eprintln!("table-warden: the throw-finished event could not be sent: {e}");
    }
    if let Some(r) = outcome {
        if let Err(e) = app.emit("game-changed", &r.view) {
            eprintln!("table-warden: the game-changed event could not be sent: {e}");
        }
    }
}

#[tauri::command]
pub fn games_list() -> Vec<GameInfo> {
    list_games()
}

/// What a game's new-game form offers (heroes, seats, difficulties, modes),
/// as its engine declares it.
#[tauri::command]
pub fn game_setup_options(game: String) -> Result<Value, String> {
    tw_app::setup_options::setup_options(&game).map_err(String::from)
}

#[tauri::command]
pub fn game_new(
    state: St<'_>,
    game: String,
    setup: Value,
    campaign: Option<String>,
) -> Result<GameView, String> {
    state
        .start(&game, &setup, campaign.as_deref())
        .map_err(String::from)
}

#[tauri::command]
pub fn game_list(state: St<'_>) -> Result<Vec<SavedGame>, String> {
    campaigns::saved_games(&*state.lock()?)
}

#[tauri::command]
pub fn game_last(state: St<'_>) -> Result<Option<SavedGame>, String> {
    campaigns::last_game(&*state.lock()?)
}

#[tauri::command]
pub fn game_state(state: St<'_>, id: i64) -> Result<GameView, String> {
    state.open(id).map_err(String::from)
}

#[tauri::command]
pub fn game_do(
    state: St<'_>,
    id: i64,
    command: Value,
    source: Option<String>,
    reading: Option<Value>,
) -> Result<GameView, String> {
    run_command_with_reading(
        &mut *state.lock()?,
        id,
        &command,
        source.as_deref().unwrap_or("manual"),
        reading.as_ref(),
    )
    .map_err(String::from)
}

#[tauri::command]
pub fn pair_dice(dice: Value, pairing: Value) -> Result<[u8; 2], String> {
    pair(&dice, &pairing)
}

#[tauri::command]
pub fn game_undo(state: St<'_>, id: i64) -> Result<GameView, String> {
    undo(&mut *state.lock()?, id).map_err(String::from)
}

#[tauri::command]
pub fn game_correct(state: St<'_>, id: i64, command: Value) -> Result<GameView, String> {
    correct(&mut *state.lock()?, id, &command).map_err(String::from)
}

/// One of the corrections the view offers on a log entry (`GameView.fixes`).
#[tauri::command]
pub fn game_fix(state: St<'_>, id: i64, seq: i64, key: String) -> Result<GameView, String> {
    fix(&mut *state.lock()?, id, seq, &key).map_err(String::from)
}

#[tauri::command]
pub fn game_snapshot(state: St<'_>, id: i64, seq: i64) -> Result<Option<String>, String> {
    snapshot_of(&*state.lock()?, id, seq)
}

#[tauri::command]
pub fn game_observe(
    state: St<'_>,
    id: i64,
    reading: Value,
    snapshot: Option<String>,
) -> Result<GameView, String> {
    observe_with_snapshot(&mut *state.lock()?, id, &reading, snapshot.as_deref())
        .map_err(String::from)
}

#[tauri::command]
pub fn campaign_list(state: St<'_>) -> Result<Vec<tw_store::campaign::CampaignSummary>, String> {
    list_campaigns(&*state.lock()?)
}

#[tauri::command]
pub fn campaign_show(state: St<'_>, name: String) -> Result<CampaignView, String> {
    show_campaign(&*state.lock()?, &name)
}

/// Saves the export in the data folder's `exports/` as `file`; answers the full path.
#[tauri::command]
pub fn campaign_export(state: St<'_>, name: String, file: String) -> Result<String, String> {
    campaigns::save_export(&*state.lock()?, &name, &file).map(|p| p.display().to_string())
}

#[tauri::command]
pub fn campaign_new(state: St<'_>, name: String, game: String, players: Vec<String>) -> Result<CampaignView, String> {
    campaigns::create_campaign(&mut *state.lock()?, &name, &game, &players)
}

#[tauri::command]
pub fn campaign_import(state: St<'_>, text: String, rename: Option<String>) -> Result<CampaignView, String> {
    campaigns::import_campaign(&mut *state.lock()?, &text, rename.as_deref())
}

#[tauri::command]
pub fn campaign_rename(state: St<'_>, name: String, new_name: String) -> Result<CampaignView, String> {
    campaigns::rename_campaign(&mut *state.lock()?, &name, &new_name)
}

#[tauri::command]
pub fn campaign_check(state: St<'_>, name: String, game: String) -> Result<CampaignCheck, String> {
    campaigns::check_campaign(&*state.lock()?, &name, &game)
}


/// The card library of one game (an engine name), every kind.
#[tauri::command]
pub fn cards_list(state: St<'_>, game: String) -> Result<Vec<tw_store::CardRecord>, String> {
    tw_app::cards::list(&*state.lock()?, &game).map_err(String::from)
}

/// Keeps (or replaces) a card edited in the library.
#[tauri::command]
pub fn card_save(state: St<'_>, game: String, kind: String, card: Value) -> Result<String, String> {
    tw_app::cards::save(&mut *state.lock()?, &game, &kind, &card).map_err(String::from)
}

#[tauri::command]
pub fn card_delete(state: St<'_>, game: String, kind: String, name: String) -> Result<(), String> {
    tw_app::cards::delete(&mut *state.lock()?, &game, &kind, &name).map_err(String::from)
}
