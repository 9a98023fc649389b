//! The thumbnail kept with a throw: the read frame around the landed dice,
//! each die outlined and labelled, as a small JPEG.

use base64::Engine as _;
use opencv::core::{Mat, Point, Rect, Scalar, Size, Vector};
use opencv::{imgcodecs, imgproc};
use tw_capture::Frame;
use crate::watcher::die_radius;
use tw_session::observation::DieReading;

/// Longest side of the snapshot kept with a throw (for the log's thumbnails).
const SNAPSHOT_MAX_PX: i32 = 320;

/// The frame around the landed dice (all dice when none landed) with each
/// die outlined and labelled, scaled down for a thumbnail.
pub fn snapshot(frame: &Frame, dice: &[DieReading], landed: &[usize]) -> Result<String, String> {
    let mut img = frame.to_mat().map_err(|e| e.to_string())?;
    let (w, h) = (frame.width as i32, frame.height as i32);
    let focus: Vec<&DieReading> = if landed.is_empty() {
        dice.iter().collect()
    } else {
        landed.iter().map(|&i| &dice[i]).collect()
    };
    let cv = |e: opencv::Error| e.to_string();
    for (i, d) in dice.iter().enumerate() {
        let pts: Vector<Point> = d.corners.iter().map(|c| Point::new(c[0].round() as i32, c[1].round() as i32)).collect();
        let colour = if landed.contains(&i) {
            Scalar::new(0.0, 220.0, 255.0, 0.0)
        } else {
            Scalar::new(160.0, 160.0, 160.0, 0.0)
        };
        let mut polys = Vector::<Vector<Point>>::new();
        polys.push(pts);
        imgproc::polylines(&mut img, &polys, true, colour, 2, imgproc::LINE_AA, 0).map_err(cv)?;
        let label = label_of(d);
        let at = Point::new(d.center[0] as i32 - 20, (d.center[1] - die_radius(d)) as i32 - 6);
        imgproc::put_text(&mut img, &label, at, imgproc::FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, imgproc::LINE_AA, false)
            .map_err(cv)?;
    }
    // The crop: the focus dice with room around them, at least 160 px.
    let crop = if focus.is_empty() {
        Rect::new(0, 0, w, h)
    } else {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for d in &focus {
            let r = die_radius(d) * 3.0;
            x0 = x0.min(d.center[0] - r);
            y0 = y0.min(d.center[1] - r);
            x1 = x1.max(d.center[0] + r);
            y1 = y1.max(d.center[1] + r);
        }
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let side_w = (x1 - x0).max(160.0).min(w as f64);
        let side_h = (y1 - y0).max(160.0).min(h as f64);
        let x = (cx - side_w / 2.0).clamp(0.0, w as f64 - side_w) as i32;
        let y = (cy - side_h / 2.0).clamp(0.0, h as f64 - side_h) as i32;
        Rect::new(x, y, side_w as i32, side_h as i32)
    };
    let roi = Mat::roi(&img, crop).map_err(cv)?;
    let scale = (SNAPSHOT_MAX_PX as f64 / crop.width.max(crop.height) as f64).min(1.0);
    let mut small = Mat::default();
    let size = Size::new(((crop.width as f64 * scale) as i32).max(1), ((crop.height as f64 * scale) as i32).max(1));
    imgproc::resize(&roi, &mut small, size, 0.0, 0.0, imgproc::INTER_AREA).map_err(cv)?;
    let mut out = Vector::<u8>::new();
    let params = Vector::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, 80]);
    imgcodecs::imencode(".jpg", &small, &mut out, &params).map_err(cv)?;
    Ok(base64::engine::general_purpose::STANDARD.encode(out.as_slice()))
}

/// "icon 4", "5", "? red" — what the snapshot prints beside a die.
fn label_of(d: &DieReading) -> String {
    let face = d.face.clone().unwrap_or_else(|| "?".into());
    match &d.section {
        Some(s) => match s.value {
            Some(v) => format!("{face} {v}"),
            None => format!("{face} {}", s.kind),
        },
        None => face,
    }
}

