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
