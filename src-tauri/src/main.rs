//! Table Warden's desktop window.
//!
//! A thin adapter over the application core (`tw-app`): frames come from
//! `tw-capture` on a capture thread (`capture`) through the core's pipeline,
//! the window pulls them through two commands (`commands`); games and
//! campaigns are one call each into the core (`game`), and each finished
//! throw reaches the screens as the `throw-finished` and `game-changed`
//! events. Everything is reachable from the headless CLI `warden` as well.

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(test)]
mod acl_check;
mod calibration;
mod capture;
#[cfg(test)]
mod command_names;
mod commands;
mod enrol;
mod frames;
mod game;

use std::process::ExitCode;
use std::sync::Arc;

fn main() -> ExitCode {
    // `--source SPEC` does what TABLE_WARDEN_SOURCE does (a launcher or a
    // test driver can pass arguments more easily than environment).
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--source") {
        match args.get(i + 1) {
            Some(spec) => std::env::set_var(capture::SOURCE_ENV, spec),
            None => {
                eprintln!("table-warden: --source needs a value (demo, demo:combat, camera, camera:N or a path)");
                return ExitCode::FAILURE;
            }
        }
    }
    let hub = capture::Hub::new();
    let capture_hub = hub.clone();
    let games = Arc::new(tw_app::GameState::new());
    let capture_games = games.clone();
    let playing_game = games.playing_game();
    let result = tauri::Builder::default()
        .manage(hub)
        .manage(games)
        .manage(tw_app::calibrate::CalibrationState::new())
        .manage(tw_app::enrol_d6::KeptStills::new())
        .setup(move |app| {
            let handle = app.handle().clone();
            // Every finished throw goes to the game being played, whatever
            // screen is open; the screens are told by events.
            let on_throw = Box::new(move |t: &tw_app::ThrowReading| {
                let report = capture_games.throw_finished(t);
                game::announce_throw(&handle, t, report);
            });
            capture::spawn(capture_hub, on_throw, playing_game)?;
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::capture_status,
            commands::next_frame,
            commands::capture_sources,
            commands::capture_set_source,
            game::games_list,
            game::game_setup_options,
            game::game_new,
            game::game_list,
            game::game_state,
            game::game_do,
            game::game_undo,
            game::game_correct,
            game::game_fix,
            game::game_observe,
            game::pair_dice,
            game::game_snapshot,
            game::campaign_list,
            game::campaign_show,
            game::campaign_export,
            game::game_last,
            game::campaign_new,
            game::campaign_import,
            game::campaign_rename,
            game::campaign_check,
            game::cards_list,
            game::card_save,
            game::card_delete,
            calibration::calibration_active,
            calibration::calibration_take_still,
            calibration::calibration_find_markers,
            calibration::calibration_manual,
            calibration::calibration_save,
            calibration::calibration_board_check,
            calibration::calibration_board_save,
            calibration::calibration_die_sample,
            calibration::calibration_dieset_save,
            enrol::dice_enrol_targets,
            enrol::dice_enrol_keep_still,
            enrol::dice_enrol_save
        ])
        .run(tauri::generate_context!());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("table-warden: the window could not start: {e}");
            ExitCode::FAILURE
        }
    }
}
