//! Table Warden's desktop window.
//!
//! A thin adapter: frames come from `tw-capture` on a capture thread
//! (`capture`), the window pulls them through two commands (`commands`). All
//! capabilities live in the library crates and are reachable from the
//! headless CLI `warden` as well.

// No console window on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

mod capture;
mod commands;
mod frames;

use std::process::ExitCode;

fn main() -> ExitCode {
    let hub = capture::Hub::new();
    let capture_hub = hub.clone();
    let result = tauri::Builder::default()
        .manage(hub)
        .setup(move |_app| {
            capture::spawn(capture_hub)?;
            Ok(())
        })
        .invoke_handler(tauri::generate_handler![
            commands::capture_status,
            commands::next_frame
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
