//! Commands the window calls. Each is a thin wrapper over [`crate::capture::Hub`].

use crate::capture::{CaptureStatus, Hub};
use std::sync::Arc;
use std::time::Duration;
use tauri::ipc::Response;
use tauri::State;

/// How long `next_frame` waits for a new frame before answering "none yet".
const FRAME_WAIT: Duration = Duration::from_secs(1);

/// Source name, frame size, measured fps, frame count, and the demo notice.
#[tauri::command]
pub async fn capture_status(hub: State<'_, Arc<Hub>>) -> Result<CaptureStatus, String> {
    Ok(hub.status())
}

/// The first frame newer than sequence number `after`, in the binary layout
/// of [`crate::frames`]; an empty reply when none arrived within a second.
#[tauri::command]
pub async fn next_frame(after: u64, hub: State<'_, Arc<Hub>>) -> Result<Response, String> {
    Ok(match hub.frame_after(after, FRAME_WAIT).await {
        Some(frame) => Response::new(frame.bytes.clone()),
        None => Response::new(Vec::new()),
    })
}

/// One source the Settings screen offers.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SourceChoice {
    /// What `capture_set_source` takes (and `TABLE_WARDEN_SOURCE` names).
    pub spec: String,
    pub label: String,
}

/// The sources the player can switch to: the cameras found now, the pip
/// dice demo footage and the Dungeon Fighter combat clip. A camera listing
/// that fails is reported beside the list, which still holds the demos.
pub fn source_choices(cameras: Result<Vec<tw_capture::CameraEntry>, String>) -> (Vec<SourceChoice>, Option<String>) {
    let mut out = Vec::new();
    let problem = match cameras {
        Ok(list) => {
            for c in list {
                out.push(SourceChoice {
                    spec: format!("camera:{}", c.index),
                    label: format!("Camera {}: {}", c.index, c.name),
                });
            }
            None
        }
        Err(e) => Some(e),
    };
    out.push(SourceChoice {
        spec: "demo".into(),
        label: "Demo footage: three pip dice settle (no camera needed)".into(),
    });
    out.push(SourceChoice {
        spec: tw_app::demo_combat::SPEC.into(),
        label: "Dungeon Fighter demo: three d12 throws at the target board, calibrated".into(),
    });
    (out, problem)
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SourceList {
    pub sources: Vec<SourceChoice>,
    pub camera_error: Option<String>,
}

#[tauri::command]
pub async fn capture_sources() -> Result<SourceList, String> {
    let cameras = tw_capture::list_cameras().map_err(|e| e.to_string());
    let (sources, camera_error) = source_choices(cameras);
    Ok(SourceList { sources, camera_error })
}

/// Switch the live view to `spec`; the status reports the new source, or
/// the error if it would not open (the old source keeps playing).
#[tauri::command]
pub async fn capture_set_source(spec: String, hub: State<'_, Arc<Hub>>) -> Result<(), String> {
    let spec = spec.trim().to_string();
    if spec.is_empty() {
        return Err("no source named".into());
    }
    hub.request_source(spec);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cameras_come_first_and_the_demos_are_always_offered() {
        let cams = vec![tw_capture::CameraEntry {
            index: 2,
            name: "USB Cam".into(),
            description: String::new(),
        }];
        let (list, problem) = source_choices(Ok(cams));
        let specs: Vec<&str> = list.iter().map(|s| s.spec.as_str()).collect();
        assert_eq!(specs, ["camera:2", "demo", "demo:combat"]);
        assert!(problem.is_none());
        let (list, problem) = source_choices(Err("no video devices".into()));
        assert_eq!(list.len(), 2);
        assert_eq!(problem.as_deref(), Some("no video devices"));
    }
}
