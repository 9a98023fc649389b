//! The Calibration screen's commands: each fetches the still or the active
//! profile's path and makes one call into the core (`tw_app::calibrate`),
//! the same work `warden calibration`, `warden board` and `warden dice` do.

use crate::capture::Hub;
use crate::frames::HEADER_LEN;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tw_app::calibrate::*;
use tw_board::{Board, BoardSpec};
use tw_calibration::CalibrationProfile;

type St<'a> = tauri::State<'a, CalibrationState>;

fn active_path() -> Result<PathBuf, String> {
    tw_app::paths::active_profile_path()
}

/// The saved profile, its board and the die sets, for the screen to open with.
#[tauri::command]
pub async fn calibration_active() -> Result<ActiveView, String> {
    Ok(active_view(&active_path()?))
}

/// Keeps the newest frame as the still and returns it in the `next_frame`
/// layout (header + JPEG), so the screen shows exactly what is measured.
#[tauri::command]
pub async fn calibration_take_still(
    hub: tauri::State<'_, Arc<Hub>>,
    state: St<'_>,
) -> Result<tauri::ipc::Response, String> {
    let frame = hub.latest_frame().ok_or(
        "No frame from the camera yet: check the Table screen shows the live view, then try again.",
    )?;
    let jpeg = frame.bytes.get(HEADER_LEN..).unwrap_or_default();
    state.set(decode_still(jpeg, frame.width, frame.height)?);
    Ok(tauri::ipc::Response::new(frame.bytes.clone()))
}

/// "Find markers" on the still.
#[tauri::command]
pub async fn calibration_find_markers(
    state: St<'_>,
    layout: MarkerLayout,
) -> Result<CalibrationProfile, String> {
    find_markers(&state.get()?.image, layout)
}

/// Four clicked corners on the still.
#[tauri::command]
pub async fn calibration_manual(
    state: St<'_>,
    points: [[f64; 2]; 4],
    size_mm: [f64; 2],
) -> Result<CalibrationProfile, String> {
    manual(points, size_mm, image_size(&state.get()?.image))
}

/// Saves a profile from "Find markers" or the clicked corners as the active one.
///
/// The still it was made on is kept beside it first, as the drift check's
/// reference (`board_watch`), so the capture thread finds it when it
/// reloads the profile.
#[tauri::command]
pub async fn calibration_save(state: St<'_>, profile: CalibrationProfile) -> Result<SavedProfile, String> {
    let path = active_path()?;
    profile.validate(&path).map_err(|e| e.to_string())?;
    keep_reference(&state, &path)?;
    save_profile(&path, profile)
}

/// Validates an edited board geometry; every problem, each naming its field.
#[tauri::command]
pub fn calibration_board_check(spec: Value) -> Vec<BoardIssue> {
    check_board(&spec)
}

/// Saves the fitted board beside the active profile and links it.
/// The still the board was fitted on becomes the drift check's reference.
#[tauri::command]
pub async fn calibration_board_save(state: St<'_>, spec: Value) -> Result<SavedBoard, String> {
    let path = active_path()?;
    keep_reference(&state, &path)?;
    save_board(&path, &spec)
}

/// Measures the die the player clicked or boxed on the still.
#[tauri::command]
pub async fn calibration_die_sample(
    state: St<'_>,
    pick: Pick,
    profile: Option<CalibrationProfile>,
    board: Option<Value>,
    edge_mm: f64,
) -> Result<DieSample, String> {
    let still = state.get()?;
    let board = match board {
        Some(spec) => {
            let spec: BoardSpec =
                serde_json::from_value(spec).map_err(|e| format!("the board geometry: {e}"))?;
            Board::from_spec(spec, "the fitted board").map_err(|e| e.to_string())?
        }
        None => Board::catacombs_default(),
    };
    let h = profile.as_ref().map(|p| p.table_to_image.0);
    let lens = profile.as_ref().and_then(|p| p.lens.as_ref());
    sample_die_through_lens(&still.image, pick, h.as_ref(), lens, &board, edge_mm)
}

/// Enrols and saves a die set in the data folder.
#[tauri::command]
pub async fn calibration_dieset_save(
    name: String,
    edge_mm: f64,
    examples: Vec<LabelledSample>,
    colors: Vec<String>,
) -> Result<SavedDieSet, String> {
    let profile_path = active_path()?;
    let mut saved = save_dieset(&dice_dir(&profile_path), &name, edge_mm, &examples, &colors)?;
    saved.linked = link_dieset(&profile_path, Path::new(&saved.path))?;
    Ok(saved)
}

