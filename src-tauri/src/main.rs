//! Table Warden's desktop window.
//!
//! A thin adapter: frames come from `tw-capture` on a capture thread
//! (`capture`), the window pulls them through two commands (`commands`); games and
//! campaigns go through the store and the engines (`game`). All
//! capabilities live in the library crates and are reachable from the
//! headless CLI `warden` as well.

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

#[cfg(test)]
mod acl_check;
mod active_calibration;
mod board_watch;
mod calibration;
mod capture;
#[cfg(test)]
mod command_names;
mod commands;
mod demo_combat;
mod early_read;
mod frames;
mod game;
mod snapshot_file;
mod throws;

use std::process::ExitCode;

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
    let result = tauri::Builder::default()
        .manage(hub)
        .manage(game::GameState::new())
        .manage(calibration::CalibrationState::new())
        .setup(move |_app| {
            capture::spawn(capture_hub)?;
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::capture_status,
            commands::next_frame,
            commands::capture_sources,
            commands::capture_set_source,
            game::games_list,
            game::df_heroes,
            game::game_new,
            game::game_list,
            game::game_state,
            game::game_do,
            game::game_undo,
            game::game_correct,
            game::game_observe,
            game::pair_dice,
            game::game_snapshot,
            game::campaign_list,
            game::campaign_show,
            game::campaign_export,
            calibration::calibration_active,
            calibration::calibration_take_still,
            calibration::calibration_find_markers,
            calibration::calibration_manual,
            calibration::calibration_save,
            calibration::calibration_board_check,
            calibration::calibration_board_save,
            calibration::calibration_die_sample,
            calibration::calibration_dieset_save
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
