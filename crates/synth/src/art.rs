//! The board as printed: a top-down texture in board millimetres, drawn from
//! the geometry file (so a player's fitted geometry renders as they fitted
//! it), with the calibration markers at the corners of the board frame.

use crate::rng::Rng;
use opencv::core::{Mat, Point, Rect, Scalar, CV_8UC3};
use opencv::prelude::*;
use opencv::{aruco, imgproc};
use tw_board::{Board, Region};
use tw_calibration::sheet::{Corner, SheetLayout};

/// Texture resolution.
pub const PX_PER_MM: f64 = 2.0;
/// Table shown around the board frame, mm.
pub const MARGIN_MM: f64 = 160.0;

/// A top-down texture; pixel (u, v) shows board point
/// `((u + 0.5) / PX_PER_MM - MARGIN_MM, (v + 0.5) / PX_PER_MM - MARGIN_MM)`.
pub struct Texture {
    pub image: Mat,
}

impl Texture {
    /// Homography texture pixel → board mm (row-major).
    pub fn pixel_to_board() -> [[f64; 3]; 3] {
        let s = 1.0 / PX_PER_MM;
        [
            [s, 0.0, 0.5 * s - MARGIN_MM],
            [0.0, s, 0.5 * s - MARGIN_MM],
            [0.0, 0.0, 1.0],
        ]
    }
}

/// Section colours (BGR): muted stone tones so the dice, not the print,
/// carry the strong colours — but not so muted that white dice vanish.
fn region_color(board: &Board, r: Region, tint: f64) -> [f64; 3] {
    let c = match r {
        Region::Section { .. } => match board.section_value(r).map(|v| v.0).unwrap_or(0) {
            10 => [60.0, 150.0, 190.0],
            5 => [110.0, 60.0, 95.0],
            4 => [95.0, 85.0, 60.0],
            3 => [120.0, 115.0, 100.0],
            2 => [55.0, 70.0, 85.0],
            1 => [105.0, 120.0, 135.0],
            _ => [90.0, 90.0, 90.0],
        },
        Region::Hole(_) => [12.0, 12.0, 14.0],
        Region::Bone => [170.0, 185.0, 195.0],
        Region::Outside => [45.0, 75.0, 115.0],
    };
    c.map(|x| (x * tint).clamp(0.0, 255.0))
}

/// Renders the board texture. `webs` are hole indices with a spider web.
pub fn render_board(board: &Board, webs: &[usize], rng: &mut Rng) -> opencv::Result<Texture> {
    let frame = board.spec().frame_mm;
    let tint = rng.range(0.85, 1.15);
    let grain_phase = rng.range(0.0, 100.0);
    let c = board.centre();
    let mut img = paint_pixels(board, |_, _, [x, y], reg| {
        let col = region_color(board, reg, tint);
        match reg {
            Region::Outside => {
                // Wood grain on the table.
                let g = 0.9 + 0.1 * ((y * 0.21 + 3.0 * (x * 0.013 + grain_phase).sin()).sin());
                col.map(|k| k * g)
            }
            Region::Bone => {
                // Gaps between the bones every 15°.
                let a = (y - c[1]).atan2(x - c[0]).to_degrees().rem_euclid(15.0);
                if a < 1.2 {
                    [50.0, 55.0, 60.0]
                } else {
                    col
                }
            }
            _ => col,
        }
    })?;
    let to_px = fixed_px;
    // Printed borders and values.
    for s in board.strokes(0.3) {
        let pts: opencv::core::Vector<Point> = s.points.iter().map(|p| to_px(*p)).collect();
        let mut v = opencv::core::Vector::<opencv::core::Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(
            &mut img,
            &v,
            s.closed,
            Scalar::new(25.0, 25.0, 30.0, 0.0),
            3,
            imgproc::LINE_AA,
            4,
        )?;
    }
    for l in board.labels() {
        if l.text.starts_with("hole") {
            continue;
        }
        put_value(&mut img, &l.text, value_anchor(board, l.at), &PLAIN_VALUES)?;
    }
    for &i in webs {
        let hsp = &board.spec().holes[i];
        draw_web(
            &mut img,
            hsp.centre_mm,
            hsp.radius_mm,
            &PLAIN_WEB,
            &mut || 1.0,
            &to_px,
        )?;
    }
    draw_markers(&mut img, frame)?;
    Ok(Texture { image: img })
}

/// Where a section value anchored at `at` is printed: a value printed where
/// a hole is cut would vanish, so it is turned along its ring (12° at a
/// time, up to six times) until it lies off every hole.
pub(crate) fn value_anchor(board: &Board, at: [f64; 2]) -> [f64; 2] {
    let c = board.centre();
    let mut at = at;
    for _ in 0..6 {
        if !matches!(board.region_at(at), Region::Hole(_)) {
            break;
        }
        let (s, k) = 12f64.to_radians().sin_cos();
        let (x, y) = (at[0] - c[0], at[1] - c[1]);
        at = [c[0] + x * k - y * s, c[1] + x * s + y * k];
    }
    at
}

/// The texture of the board frame and its margin, each pixel (u, v)
/// coloured by `colour(u, v, board point in mm, region)` (BGR).
pub(crate) fn paint_pixels(
    board: &Board,
    mut colour: impl FnMut(usize, usize, [f64; 2], Region) -> [f64; 3],
) -> opencv::Result<Mat> {
    let frame = board.spec().frame_mm;
    let w = ((frame[0] + 2.0 * MARGIN_MM) * PX_PER_MM).round() as i32;
    let h = ((frame[1] + 2.0 * MARGIN_MM) * PX_PER_MM).round() as i32;
    let mut img = Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::all(0.0))?;
    let (w, h) = (w as usize, h as usize);
    let data = img.data_bytes_mut()?;
    for v in 0..h {
        for u in 0..w {
            let x = (u as f64 + 0.5) / PX_PER_MM - MARGIN_MM;
            let y = (v as f64 + 0.5) / PX_PER_MM - MARGIN_MM;
            let col = colour(u, v, [x, y], board.region_at([x, y]));
            let i = (v * w + u) * 3;
            for k in 0..3 {
                data[i + k] = col[k].clamp(0.0, 255.0) as u8;
            }
        }
    }
    Ok(img)
}

/// A board point (mm) as a texture point in OpenCV's 1/16-pixel fixed
/// point (drawing calls with `shift` 4).
pub(crate) fn fixed_px(p: [f64; 2]) -> Point {
    Point::new(
        ((p[0] + MARGIN_MM) * PX_PER_MM * 16.0) as i32,
        ((p[1] + MARGIN_MM) * PX_PER_MM * 16.0) as i32,
    )
}

/// How the section values are printed: font, scale, colour (BGR), and how
/// far (texture px) the text starts left of and below its anchor.
pub(crate) struct ValueStyle {
    pub font: i32,
    pub scale: f64,
    pub bgr: [f64; 3],
    pub nudge: i32,
}

/// The plain drawing's values.
const PLAIN_VALUES: ValueStyle = ValueStyle {
    font: imgproc::FONT_HERSHEY_DUPLEX,
    scale: 1.4,
    bgr: [200.0, 210.0, 215.0],
    nudge: 14,
};

/// Prints `text` anchored at board point `at` (mm).
pub(crate) fn put_value(
    img: &mut Mat,
    text: &str,
    at: [f64; 2],
    style: &ValueStyle,
) -> opencv::Result<()> {
    let p = [
        (at[0] + MARGIN_MM) * PX_PER_MM,
        (at[1] + MARGIN_MM) * PX_PER_MM,
    ];
    imgproc::put_text(
        img,
        text,
        Point::new(p[0] as i32 - style.nudge, p[1] as i32 + style.nudge),
        style.font,
        style.scale,
        Scalar::new(style.bgr[0], style.bgr[1], style.bgr[2], 0.0),
        2,
        imgproc::LINE_AA,
        false,
    )
}

/// How a spider-web template is drawn: `spokes` threads from the centre
/// out to `reach` times the hole's radius (turned by `turn` of a spoke's
/// angle), crossed by `rings` rings, in grey `grey` and `thickness` px.
pub(crate) struct WebStyle {
    pub spokes: usize,
    pub rings: usize,
    pub turn: f64,
    pub reach: f64,
    pub grey: f64,
    pub thickness: i32,
}

/// The plain drawing's web.
const PLAIN_WEB: WebStyle = WebStyle {
    spokes: 8,
    rings: 4,
    turn: 0.0,
    reach: 1.1,
    grey: 200.0,
    thickness: 2,
};

/// A spider-web template over the hole at `c`, radius `r`; each ring's
/// corner lies `ring_jitter()` times its radius out (1 for even rings).
pub(crate) fn draw_web(
    img: &mut Mat,
    c: [f64; 2],
    r: f64,
    style: &WebStyle,
    ring_jitter: &mut dyn FnMut() -> f64,
    to_px: &dyn Fn([f64; 2]) -> Point,
) -> opencv::Result<()> {
    let col = Scalar::new(style.grey, style.grey, style.grey, 0.0);
    let r = r * style.reach;
    let angle = |k: usize| (k as f64 + style.turn) * std::f64::consts::TAU / style.spokes as f64;
    for k in 0..style.spokes {
        let a = angle(k);
        imgproc::line(
            img,
            to_px(c),
            to_px([c[0] + r * a.cos(), c[1] + r * a.sin()]),
            col,
            style.thickness,
            imgproc::LINE_AA,
            4,
        )?;
    }
    for ring in 1..=style.rings {
        let pts: opencv::core::Vector<Point> = (0..style.spokes)
            .map(|k| {
                let rr = r * ring as f64 / style.rings as f64 * ring_jitter();
                let a = angle(k);
                to_px([c[0] + rr * a.cos(), c[1] + rr * a.sin()])
            })
            .collect();
        let mut v = opencv::core::Vector::<opencv::core::Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(img, &v, true, col, style.thickness, imgproc::LINE_AA, 4)?;
    }
    Ok(())
}

/// Cut-out ArUco markers centred on the corners of the board frame, as the
/// calibration crate's "corners" placement expects (marker 0 top-left).
pub(crate) fn draw_markers(img: &mut Mat, frame: [f64; 2]) -> opencv::Result<()> {
    let layout = SheetLayout::a4();
    let dict = aruco::get_predefined_dictionary(aruco::PREDEFINED_DICTIONARY_NAME::DICT_4X4_50)?;
    let side = (layout.marker_mm * PX_PER_MM).round() as i32;
    // At least a quarter marker of white around it: the detector needs a quiet zone.
    let margin = (layout.cut_margin_mm.max(layout.marker_mm / 4.0) * PX_PER_MM).round() as i32;
    for m in &layout.markers {
        let at = match m.corner {
            Corner::TopLeft => [0.0, 0.0],
            Corner::TopRight => [frame[0], 0.0],
            Corner::BottomRight => [frame[0], frame[1]],
            Corner::BottomLeft => [0.0, frame[1]],
        };
        let cx = ((at[0] + MARGIN_MM) * PX_PER_MM).round() as i32;
        let cy = ((at[1] + MARGIN_MM) * PX_PER_MM).round() as i32;
        let mut marker = Mat::default();
        aruco::draw_marker(&dict, m.id, side, &mut marker, 1)?;
        let mut bgr = Mat::default();
        imgproc::cvt_color(&marker, &mut bgr, imgproc::COLOR_GRAY2BGR, 0)?;
        let outer = Rect::new(
            cx - side / 2 - margin,
            cy - side / 2 - margin,
            side + 2 * margin,
            side + 2 * margin,
        );
        imgproc::rectangle(img, outer, Scalar::all(245.0), -1, imgproc::LINE_8, 0)?;
        let mut roi = Mat::roi_mut(img, Rect::new(cx - side / 2, cy - side / 2, side, side))?;
        bgr.copy_to(&mut roi)?;
    }
    Ok(())
}
