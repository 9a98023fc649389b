//! Drawing the board geometry (and optionally a reading) over a frame, for
//! the Calibration screen and `warden board overlay`.

use crate::read::TargetReading;
use opencv::core::{Mat, Point, Scalar, Vector};
use opencv::imgproc;
use tw_board::outline::StrokeKind;
use tw_board::Board;

fn map(h: &[[f64; 3]; 3], p: [f64; 2]) -> Option<[f64; 2]> {
    let w = h[2][0] * p[0] + h[2][1] * p[1] + h[2][2];
    if w.abs() < 1e-12 {
        return None;
    }
    Some([
        (h[0][0] * p[0] + h[0][1] * p[1] + h[0][2]) / w,
        (h[1][0] * p[0] + h[1][1] * p[1] + h[1][2]) / w,
    ])
}

fn pt(p: [f64; 2]) -> Point {
    Point::new((p[0] * 16.0).round() as i32, (p[1] * 16.0).round() as i32)
}

/// Draws the geometry onto `img` in place.
pub fn draw_board(
    img: &mut Mat,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
) -> opencv::Result<()> {
    for s in board.strokes(0.5) {
        let col = match s.kind {
            StrokeKind::RingBorder | StrokeKind::SectorBorder => {
                Scalar::new(0.0, 255.0, 255.0, 0.0)
            }
            StrokeKind::Hole => Scalar::new(255.0, 0.0, 255.0, 0.0),
            StrokeKind::BoneRim => Scalar::new(255.0, 255.0, 0.0, 0.0),
        };
        let pts: Option<Vector<Point>> = s
            .points
            .iter()
            .map(|p| map(board_to_image, *p).map(pt))
            .collect();
        let Some(pts) = pts else { continue };
        let mut v = Vector::<Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(img, &v, s.closed, col, 2, imgproc::LINE_AA, 4)?;
    }
    for l in board.labels() {
        if let Some(p) = map(board_to_image, l.at) {
            imgproc::put_text(
                img,
                &l.text,
                Point::new(p[0] as i32 - 8, p[1] as i32 + 8),
                imgproc::FONT_HERSHEY_SIMPLEX,
                0.6,
                Scalar::new(0.0, 255.0, 255.0, 0.0),
                2,
                imgproc::LINE_AA,
                false,
            )?;
        }
    }
    Ok(())
}

/// Draws each die's fitted top face and its ruling.
pub fn draw_reading(img: &mut Mat, reading: &TargetReading) -> opencv::Result<()> {
    for d in &reading.dice {
        let pts: Vector<Point> = d.corners.iter().map(|p| pt(*p)).collect();
        let mut v = Vector::<Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(
            img,
            &v,
            true,
            Scalar::new(0.0, 255.0, 0.0, 0.0),
            2,
            imgproc::LINE_AA,
            4,
        )?;
        let value = d
            .section
            .value
            .map_or("miss".to_string(), |v| v.to_string());
        let text = format!(
            "{} {} {}{}",
            d.color,
            d.face,
            value,
            if d.uncertain { "?" } else { "" }
        );
        imgproc::put_text(
            img,
            &text,
            Point::new(d.center[0] as i32 + 14, d.center[1] as i32),
            imgproc::FONT_HERSHEY_SIMPLEX,
            0.6,
            Scalar::new(0.0, 255.0, 0.0, 0.0),
            2,
            imgproc::LINE_AA,
            false,
        )?;
    }
    Ok(())
}

/// Reads `image`, draws the geometry (and `reading` if given) and writes a PNG to `out`.
/// With a lens model the drawing is over the frame corrected for it
/// ([`crate::io::load_frame_through_lens`]), where the profile's homography
/// and the reader's pixels hold.
pub fn overlay_file(
    image: &std::path::Path,
    lens: Option<&tw_calibration::LensModel>,
    board_to_image: &[[f64; 3]; 3],
    board: &Board,
    reading: Option<&TargetReading>,
    out: &std::path::Path,
) -> Result<(), String> {
    let mut img = crate::io::load_frame_through_lens(image, lens)?;
    draw_board(&mut img, board_to_image, board)
        .map_err(|e| format!("drawing on {}: {e}", image.display()))?;
    if let Some(r) = reading {
        draw_reading(&mut img, r).map_err(|e| format!("drawing on {}: {e}", image.display()))?;
    }
    crate::io::save_png(out, &img)
}
