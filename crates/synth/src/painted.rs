//! A second drawing of the same board (`--art painted`): other paints,
//! painted texture, ghosts printed in the sections, bones drawn otherwise,
//! thicker or thinner borders, another font and web. The reader was
//! developed on the plain drawing ([`crate::art`]); this one shows how it
//! does on art it was not tuned on, as a player's printed board (or another
//! generator's drawing) would be.

use crate::art::{
    draw_markers, draw_web, fixed_px, paint_pixels, put_value, Texture, ValueStyle, WebStyle,
    PX_PER_MM,
};
use crate::rng::Rng;
use opencv::core::{Mat, Point, Scalar, Size};
use opencv::imgproc;
use opencv::prelude::*;
use tw_board::{Board, Region};

/// HSV (hue in degrees, saturation and value 0–1) to BGR 0–255.
pub(crate) fn hsv(h: f64, s: f64, v: f64) -> [f64; 3] {
    let c = v * s;
    let hp = h.rem_euclid(360.0) / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [(b + m) * 255.0, (g + m) * 255.0, (r + m) * 255.0]
}

/// Renders the painted board texture (same frame and markers as the plain
/// one, so calibration and truth are unchanged).
pub fn render_painted(board: &Board, webs: &[usize], rng: &mut Rng) -> opencv::Result<Texture> {
    let frame = board.spec().frame_mm;
    let c = board.centre();
    // One paint per value, hues spread round a theme; muted, as printed art.
    let theme = rng.range(0.0, 360.0);
    let values = [10u32, 5, 4, 3, 2, 1];
    let paints: Vec<[f64; 3]> = values
        .iter()
        .enumerate()
        .map(|(i, _)| {
            hsv(
                theme + 360.0 * i as f64 / 6.0 + rng.range(-20.0, 20.0),
                rng.range(0.2, 0.6),
                rng.range(0.35, 0.8),
            )
        })
        .collect();
    let felt = hsv(
        rng.range(0.0, 360.0),
        rng.range(0.1, 0.5),
        rng.range(0.15, 0.45),
    );
    let bone = hsv(
        rng.range(30.0, 50.0),
        rng.range(0.05, 0.25),
        rng.range(0.7, 0.9),
    );
    let gap_deg = rng.range(8.0, 14.0);
    // Brush texture: two crossed waves of random direction and scale.
    let waves: Vec<(f64, f64, f64)> = (0..2)
        .map(|_| {
            let a = rng.range(0.0, std::f64::consts::PI);
            let k = std::f64::consts::TAU / rng.range(15.0, 60.0);
            (k * a.cos(), k * a.sin(), rng.range(0.0, 6.3))
        })
        .collect();
    let strength = rng.range(0.04, 0.14);
    let sector_jitter: Vec<f64> = (0..64).map(|_| rng.range(0.92, 1.08)).collect();
    let mut img = paint_pixels(board, |u, v, [x, y], reg| {
        let brush = 1.0
            + strength
                * waves
                    .iter()
                    .map(|(kx, ky, ph)| (kx * x + ky * y + ph).sin())
                    .product::<f64>();
        // Fine speckle from the pixel's position (deterministic).
        let hash = ((u as u64).wrapping_mul(73856093) ^ (v as u64).wrapping_mul(19349663)) % 1000;
        let speckle = 1.0 + 0.04 * (hash as f64 / 500.0 - 1.0);
        let col = match reg {
            Region::Section { ring, sector } => {
                let val = board.section_value(reg).map(|v| v.0).unwrap_or(1);
                let i = values.iter().position(|&x| x == val).unwrap_or(5);
                let j = sector_jitter[(ring * 16 + sector) % 64];
                paints[i].map(|k| k * j * brush)
            }
            Region::Hole(_) => [18.0, 14.0, 12.0],
            Region::Bone => {
                let a = (y - c[1]).atan2(x - c[0]).to_degrees().rem_euclid(gap_deg);
                if a < 1.0 {
                    bone.map(|k| k * 0.45)
                } else {
                    bone.map(|k| k * brush)
                }
            }
            Region::Outside => felt,
        };
        col.map(|k| k * speckle)
    })?;
    let to_px = fixed_px;
    ghosts(&mut img, board, rng, &to_px)?;
    // Printed borders: dark ink or gold, 1–3 mm.
    let ink = if rng.chance(0.5) {
        Scalar::new(20.0, 25.0, 35.0, 0.0)
    } else {
        Scalar::new(60.0, 170.0, 210.0, 0.0)
    };
    let thick = 2 + rng.below(5) as i32;
    for s in board.strokes(0.3) {
        let pts: opencv::core::Vector<Point> = s.points.iter().map(|p| to_px(*p)).collect();
        let mut v = opencv::core::Vector::<opencv::core::Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(&mut img, &v, s.closed, ink, thick, imgproc::LINE_AA, 4)?;
    }
    let values = ValueStyle {
        font: imgproc::FONT_HERSHEY_TRIPLEX,
        scale: rng.range(1.0, 1.8),
        bgr: [235.0, 235.0, 230.0],
        nudge: 12,
    };
    for l in board.labels() {
        if l.text.starts_with("hole") || matches!(board.region_at(l.at), Region::Hole(_)) {
            continue;
        }
        put_value(&mut img, &l.text, l.at, &values)?;
    }
    for &i in webs {
        let hsp = &board.spec().holes[i];
        web(&mut img, hsp.centre_mm, hsp.radius_mm, rng, &to_px)?;
    }
    draw_markers(&mut img, frame)?;
    Ok(Texture { image: img })
}

/// Ghosts printed in the sections: pale bodies with dark eyes, some the
/// size of a die's top face, as the real board's art has.
fn ghosts(
    img: &mut Mat,
    board: &Board,
    rng: &mut Rng,
    to_px: &dyn Fn([f64; 2]) -> Point,
) -> opencv::Result<()> {
    let c = board.centre();
    let r = board.outer_radius();
    let count = 6 + rng.below(11);
    let mut placed = 0;
    for _ in 0..200 {
        if placed == count {
            break;
        }
        let p = [c[0] + rng.range(-r, r), c[1] + rng.range(-r, r)];
        if !matches!(board.region_at(p), Region::Section { .. }) {
            continue;
        }
        placed += 1;
        let (bw, bh) = (rng.range(12.0, 30.0), rng.range(15.0, 36.0));
        let pale = rng.range(170.0, 235.0);
        let body = Scalar::new(
            pale,
            pale + rng.range(-10.0, 10.0),
            pale - rng.range(0.0, 30.0),
            0.0,
        );
        let mut layer = img.try_clone()?;
        let px = |mm: f64| (mm * PX_PER_MM * 16.0) as i32;
        imgproc::ellipse(
            &mut layer,
            to_px(p),
            Size::new(px(bw / 2.0), px(bh / 2.0)),
            rng.range(-30.0, 30.0),
            0.0,
            360.0,
            body,
            -1,
            imgproc::LINE_AA,
            4,
        )?;
        for side in [-1.0, 1.0] {
            let eye = [p[0] + side * bw * 0.2, p[1] - bh * 0.1];
            imgproc::circle(
                &mut layer,
                to_px(eye),
                px(rng.range(1.2, 3.0)),
                Scalar::new(25.0, 20.0, 20.0, 0.0),
                -1,
                imgproc::LINE_AA,
                4,
            )?;
        }
        let alpha = rng.range(0.45, 0.85);
        let mut out = Mat::default();
        opencv::core::add_weighted(&layer, alpha, &*img, 1.0 - alpha, 0.0, &mut out, -1)?;
        *img = out;
    }
    Ok(())
}

/// A web drawn another way: more spokes, uneven rings, thin threads.
fn web(
    img: &mut Mat,
    c: [f64; 2],
    r: f64,
    rng: &mut Rng,
    to_px: &dyn Fn([f64; 2]) -> Point,
) -> opencv::Result<()> {
    // Drawn in this order so each seed renders as it did for the figures
    // in docs/measurements/ (another order would change the painted renders).
    let grey = rng.range(170.0, 230.0);
    let spokes = 10 + rng.below(5);
    let turn = rng.range(0.0, 1.0);
    let style = WebStyle {
        spokes,
        rings: 5,
        turn,
        reach: 1.08,
        grey,
        thickness: 1,
    };
    draw_web(img, c, r, &style, &mut || rng.range(0.9, 1.05), to_px)
}
