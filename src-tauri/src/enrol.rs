//! The Calibration screen's "Game dice" commands: each is one call into
//! the core's d6 enrolment (`tw_app::enrol_d6`), the same one `warden dice
//! enroll --yolo` makes. Sets are saved where the game's reader loads them,
//! and the capture thread reads with a new set from its next check.

use tw_app::calibrate::CalibrationState;
use tw_app::enrol_d6::{
    enrol_kept, sets_dir, targets, Example, KeptStill, KeptStills, Saved, Target,
};

/// What can be enrolled: each game's dice with their face names.
#[tauri::command]
pub fn dice_enrol_targets() -> Vec<Target> {
    targets(&sets_dir())
}

/// Keeps the current still (taken with `calibration_take_still`) for
/// enrolment and returns its id and the die boxes proposed on it.
#[tauri::command]
pub async fn dice_enrol_keep_still(
    state: tauri::State<'_, CalibrationState>,
    kept: tauri::State<'_, KeptStills>,
) -> Result<KeptStill, String> {
    kept.keep(state.get()?)
}

/// Enrols and saves the set from the examples clicked on the kept stills.
/// It takes seconds, so it runs on a blocking thread.
#[tauri::command]
pub async fn dice_enrol_save(
    kept: tauri::State<'_, KeptStills>,
    kind: String,
    name: String,
    examples: Vec<Example>,
) -> Result<Saved, String> {
    let stills = kept.all();
    tauri::async_runtime::spawn_blocking(move || {
        enrol_kept(&stills, &kind, &name, &examples, &sets_dir())
    })
    .await
    .map_err(|e| format!("the enrolment stopped: {e}"))?
}
