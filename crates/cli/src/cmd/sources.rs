//! `warden sources [--json]`: the cameras the OS reports and the bundled demo
//! footage, with the id to pass wherever a source is asked for
//! (`TABLE_WARDEN_SOURCE` for the app).

use anyhow::Result;
use std::process::ExitCode;
use tw_capture::{list_sources, SourceList};

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object {"sources": [...], "camera_error": ...} instead of a table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: Args) -> Result<ExitCode> {
    let list = list_sources();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&list)?);
    } else {
        print!("{}", render(&list));
    }
    Ok(ExitCode::SUCCESS)
}

/// The human-readable listing: one line per source, then a note on cameras.
fn render(list: &SourceList) -> String {
    let width = list.sources.iter().map(|s| s.id.len()).max().unwrap_or(0);
    let mut out = String::new();
    for s in &list.sources {
        out.push_str(&format!("{:width$}  {}  ({})\n", s.id, s.name, s.detail));
    }
    let cameras = list
        .sources
        .iter()
        .filter(|s| s.kind == tw_capture::SourceKind::Camera)
        .count();
    match &list.camera_error {
        Some(e) => out.push_str(&format!("cameras could not be listed: {e}\n")),
        None if cameras == 0 => out.push_str("no camera found; the app plays the demo footage\n"),
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tw_capture::{SourceInfo, SourceKind};

    fn demo() -> SourceInfo {
        SourceInfo {
            id: "demo".into(),
            kind: SourceKind::Demo,
            name: "Demo footage (bundled)".into(),
            detail: "50 frames".into(),
        }
    }

    #[test]
    fn listing_says_plainly_when_there_is_no_camera() {
        let text = render(&SourceList {
            sources: vec![demo()],
            camera_error: None,
        });
        assert_eq!(text, "demo  Demo footage (bundled)  (50 frames)\nno camera found; the app plays the demo footage\n");
    }

    #[test]
    fn listing_aligns_ids_and_reports_listing_errors() {
        let cam = SourceInfo {
            id: "camera:0".into(),
            kind: SourceKind::Camera,
            name: "HD Webcam".into(),
            detail: "uvc".into(),
        };
        let text = render(&SourceList {
            sources: vec![cam, demo()],
            camera_error: None,
        });
        assert_eq!(
            text,
            "camera:0  HD Webcam  (uvc)\ndemo      Demo footage (bundled)  (50 frames)\n"
        );
        let text = render(&SourceList {
            sources: vec![demo()],
            camera_error: Some("permission denied".into()),
        });
        assert!(
            text.ends_with("cameras could not be listed: permission denied\n"),
            "{text}"
        );
    }
}
