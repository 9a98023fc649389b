//! A third drawing of the same board (`--art ornate`): light parchment or
//! stone sections in a seeded hue theme with a mottled, hatched fill, carved
//! ivory bones, double-ruled borders, thin ornaments (arcs and dots) along
//! the borders, and printed objects the size of a die's top face scattered
//! over the sections — filled pentagons and hexagons, gems, shields and
//! coins in the dice's own red, green, blue and near-white, some with a star
//! or a skull inside, some outlined, at random turns, a few across a border.
//! Neither the plain drawing ([`crate::art`]) nor the painted one
//! ([`crate::painted`]) has such objects: this one tests whether the reader
//! takes die-like print for dice. The frame, markers and value placement are
//! the plain drawing's, so calibration and truth are unchanged.

use crate::art::{
    draw_markers, draw_web, fixed_px, paint_pixels, put_value, value_anchor, Texture, ValueStyle,
    WebStyle, MARGIN_MM, PX_PER_MM,
};
use crate::painted::hsv;
use crate::rng::Rng;
use crate::scene::DIE_EDGE_MM;
use opencv::core::{Mat, Point, Scalar, Vector};
use opencv::imgproc;
use std::f64::consts::{PI, TAU};
use tw_board::{Board, Region};

/// Smooth value noise on a square grid of `cell` mm over the texture,
/// seeded; `at` gives about −1..1.
struct Noise {
    n: usize,
    cell: f64,
    v: Vec<f64>,
}

impl Noise {
    fn new(board: &Board, cell: f64, rng: &mut Rng) -> Noise {
        let fr = board.spec().frame_mm;
        let extent = fr[0].max(fr[1]) + 2.0 * MARGIN_MM;
        let n = (extent / cell).ceil() as usize + 2;
        let v = (0..n * n).map(|_| rng.range(-1.0, 1.0)).collect();
        Noise { n, cell, v }
    }

    fn at(&self, x: f64, y: f64) -> f64 {
        let gx = ((x + MARGIN_MM) / self.cell).max(0.0);
        let gy = ((y + MARGIN_MM) / self.cell).max(0.0);
        let (i, j) = ((gx as usize).min(self.n - 2), (gy as usize).min(self.n - 2));
        let s = |t: f64| {
            let t = t.clamp(0.0, 1.0);
            t * t * (3.0 - 2.0 * t)
        };
        let (fx, fy) = (s(gx - i as f64), s(gy - j as f64));
        let g = |a: usize, b: usize| self.v[b * self.n + a];
        let top = g(i, j) * (1.0 - fx) + g(i + 1, j) * fx;
        let bottom = g(i, j + 1) * (1.0 - fx) + g(i + 1, j + 1) * fx;
        top * (1.0 - fy) + bottom * fy
    }
}

/// Pen lines `width` mm wide every `spacing` mm across the unit direction
/// `dir`: 1 on a line, 0 between them (anti-aliased over a tenth of the
/// spacing).
fn hatch(x: f64, y: f64, dir: [f64; 2], spacing: f64, width: f64) -> f64 {
    let t = (x * dir[0] + y * dir[1]) / spacing;
    let d = (t - t.round()).abs() * spacing; // mm from the nearest line
    (1.0 - (d - width / 2.0) / (0.1 * spacing)).clamp(0.0, 1.0)
}

/// Renders the ornate board texture (same frame, markers and value anchors
/// as the plain one, so calibration and truth are unchanged).
pub fn render_ornate(board: &Board, webs: &[usize], rng: &mut Rng) -> opencv::Result<Texture> {
    let frame = board.spec().frame_mm;
    let c = board.centre();
    // A paper family and a hue theme within it: light, low-saturation
    // grounds (the painted drawing spreads saturated mid-tones round the
    // whole wheel; the plain one has fixed stone tones).
    let (hue, sat) = match rng.below(4) {
        0 => (rng.range(28.0, 48.0), (0.16, 0.34)),   // parchment
        1 => (rng.range(190.0, 230.0), (0.03, 0.12)), // grey stone
        2 => (rng.range(75.0, 115.0), (0.08, 0.22)),  // sage
        _ => (rng.range(5.0, 22.0), (0.14, 0.3)),     // rose sandstone
    };
    // Light and dark tiers so neighbouring sections (1 beside 2, 3 beside
    // 4) stay apart; which of each pair is the light one is seeded.
    let light = rng.range(0.82, 0.93);
    let dark = rng.range(0.52, 0.64);
    let (v1, v2) = if rng.chance(0.5) {
        (light, dark)
    } else {
        (dark, light)
    };
    let (v3, v4) = if rng.chance(0.5) {
        (light - 0.06, dark + 0.04)
    } else {
        (dark + 0.04, light - 0.06)
    };
    let values = [10u32, 5, 4, 3, 2, 1];
    let tiers = [rng.range(0.6, 0.75), rng.range(0.7, 0.86), v4, v3, v2, v1];
    let paints: Vec<[f64; 3]> = values
        .iter()
        .zip(tiers)
        .map(|(&val, v)| {
            // The bullseye takes an accent hue opposite the theme.
            let (h, s) = if val == 10 {
                (hue + 180.0 + rng.range(-30.0, 30.0), rng.range(0.25, 0.4))
            } else {
                (hue + rng.range(-12.0, 12.0), rng.range(sat.0, sat.1))
            };
            hsv(h, s, v)
        })
        .collect();
    let table = hsv(
        rng.range(0.0, 360.0),
        rng.range(0.15, 0.4),
        rng.range(0.16, 0.3),
    );
    let ivory = hsv(
        rng.range(38.0, 52.0),
        rng.range(0.1, 0.22),
        rng.range(0.8, 0.9),
    );
    let bone_deg = rng.range(10.0, 18.0);
    let rim = board.spec().bone_rim.clone();
    // Mottling at two scales, and pen hatching (crossed on some values).
    let coarse = Noise::new(board, rng.range(10.0, 18.0), rng);
    let fine = Noise::new(board, rng.range(2.0, 3.5), rng);
    let (mottle, grain) = (rng.range(0.05, 0.1), rng.range(0.02, 0.05));
    let (hs, hc) = rng.range(0.0, PI).sin_cos();
    let (along, across) = ([hc, hs], [-hs, hc]);
    let hatch_gap = rng.range(2.2, 3.6);
    let hatch_ink = rng.range(0.08, 0.16);
    let crossed: Vec<bool> = values.iter().map(|_| rng.chance(0.4)).collect();
    let sector_jitter: Vec<f64> = (0..64).map(|_| rng.range(0.95, 1.05)).collect();
    let mut img = paint_pixels(board, |_, _, [x, y], reg| {
        let tex = 1.0 + mottle * coarse.at(x, y) + grain * fine.at(x, y);
        match reg {
            Region::Section { ring, sector } => {
                let val = board.section_value(reg).map(|v| v.0).unwrap_or(1);
                let i = values.iter().position(|&x| x == val).unwrap_or(5);
                let mut pen = hatch(x, y, along, hatch_gap, 0.35);
                if crossed[i] {
                    pen = pen.max(hatch(x, y, across, hatch_gap, 0.35));
                }
                let j = sector_jitter[(ring * 16 + sector) % 64];
                paints[i].map(|k| k * j * tex * (1.0 - hatch_ink * pen))
            }
            Region::Hole(_) => [14.0, 12.0, 12.0],
            Region::Bone => {
                // Carved segments, rounded across the rim.
                let r = (x - c[0]).hypot(y - c[1]);
                let a = (y - c[1]).atan2(x - c[0]).to_degrees().rem_euclid(bone_deg);
                let across = ((r - rim.inner_mm) / (rim.outer_mm - rim.inner_mm)).clamp(0.0, 1.0);
                let round = 0.75 + 0.25 * (PI * across).sin();
                if a < 0.9 || (a - bone_deg / 2.0).abs() < 0.25 {
                    ivory.map(|k| k * 0.4)
                } else {
                    ivory.map(|k| k * round * tex)
                }
            }
            Region::Outside => table.map(|k| k * (1.0 + 0.5 * mottle * coarse.at(x, y))),
        }
    })?;
    let ink = *rng.pick(&[
        [22.0, 38.0, 62.0],  // sepia
        [60.0, 35.0, 30.0],  // navy
        [30.0, 30.0, 30.0],  // black
        [35.0, 55.0, 110.0], // oxblood
    ]);
    let gold = [
        rng.range(40.0, 70.0),
        rng.range(150.0, 180.0),
        rng.range(195.0, 225.0),
    ];
    ornaments(&mut img, board, rng, ink)?;
    // Ruled borders: a broad ink line, most often with a thin gold line
    // down its middle.
    let thick = 3 + rng.below(3) as i32;
    let ruled = rng.chance(0.7);
    for s in board.strokes(0.3) {
        let pts: Vector<Point> = s.points.iter().map(|p| fixed_px(*p)).collect();
        let mut v = Vector::<Vector<Point>>::new();
        v.push(pts);
        imgproc::polylines(&mut img, &v, s.closed, bgr(ink), thick, imgproc::LINE_AA, 4)?;
        if ruled {
            imgproc::polylines(&mut img, &v, s.closed, bgr(gold), 1, imgproc::LINE_AA, 4)?;
        }
    }
    let labels: Vec<[f64; 2]> = board
        .labels()
        .iter()
        .filter(|l| !l.text.starts_with("hole"))
        .map(|l| value_anchor(board, l.at))
        .collect();
    distractors(&mut img, board, &labels, rng)?;
    let style = ValueStyle {
        font: imgproc::FONT_HERSHEY_COMPLEX,
        scale: rng.range(1.1, 1.6),
        bgr: ink.map(|k| k * 0.7),
        nudge: 13,
    };
    for l in board.labels() {
        if l.text.starts_with("hole") {
            continue;
        }
        put_value(&mut img, &l.text, value_anchor(board, l.at), &style)?;
    }
    for &i in webs {
        let hsp = &board.spec().holes[i];
        let style = WebStyle {
            spokes: 6 + rng.below(3),
            rings: 3,
            turn: rng.range(0.0, 1.0),
            reach: 1.05,
            grey: rng.range(190.0, 235.0),
            thickness: 2,
        };
        draw_web(
            &mut img,
            hsp.centre_mm,
            hsp.radius_mm,
            &style,
            &mut || rng.range(0.85, 1.05),
            &fixed_px,
        )?;
    }
    draw_markers(&mut img, frame)?;
    Ok(Texture { image: img })
}

fn bgr(c: [f64; 3]) -> Scalar {
    Scalar::new(c[0], c[1], c[2], 0.0)
}

/// Texture px (in OpenCV's 1/16 fixed point) for a length in mm.
fn fixed_len(mm: f64) -> i32 {
    (mm * PX_PER_MM * 16.0).round() as i32
}

/// Draws the polyline `pts` (mm) in runs that leave out the holes (cut
/// out of the board, so nothing is printed there).
fn line_off_holes(
    img: &mut Mat,
    board: &Board,
    pts: &[[f64; 2]],
    col: [f64; 3],
    thickness: i32,
) -> opencv::Result<()> {
    let mut runs = Vector::<Vector<Point>>::new();
    let mut run = Vector::<Point>::new();
    for p in pts {
        if matches!(board.region_at(*p), Region::Hole(_)) {
            if run.len() > 1 {
                runs.push(std::mem::take(&mut run));
            }
            run = Vector::new();
        } else {
            run.push(fixed_px(*p));
        }
    }
    if run.len() > 1 {
        runs.push(run);
    }
    if runs.is_empty() {
        return Ok(());
    }
    imgproc::polylines(img, &runs, false, bgr(col), thickness, imgproc::LINE_AA, 4)
}

/// Thin ornaments near the borders: broken arcs just inside and outside
/// the ring borders and the rim, rows of dots, and dotted rings round the
/// holes.
fn ornaments(img: &mut Mat, board: &Board, rng: &mut Rng, ink: [f64; 3]) -> opencv::Result<()> {
    let s = board.spec();
    let c = s.centre_mm;
    let mut radii: Vec<f64> = s
        .rings
        .iter()
        .map(|r| r.inner_mm)
        .filter(|r| *r > 0.0)
        .collect();
    radii.push(s.bone_rim.inner_mm);
    let col = ink.map(|k| k * 1.3 + 20.0);
    for r0 in radii {
        for side in [-1.0, 1.0] {
            if !rng.chance(0.75) {
                continue;
            }
            let r = r0 + side * rng.range(2.5, 4.5);
            // Broken into arcs with gaps, from a seeded start angle.
            let pieces = 6 + rng.below(10);
            let start = rng.range(0.0, TAU);
            let fill = rng.range(0.55, 0.85);
            for k in 0..pieces {
                let a0 = start + TAU * k as f64 / pieces as f64;
                let a1 = a0 + fill * TAU / pieces as f64;
                let n = ((a1 - a0) * r / 1.0).ceil().max(2.0) as usize;
                let pts: Vec<[f64; 2]> = (0..=n)
                    .map(|i| {
                        let a = a0 + (a1 - a0) * i as f64 / n as f64;
                        [c[0] + r * a.cos(), c[1] + r * a.sin()]
                    })
                    .collect();
                line_off_holes(img, board, &pts, col, 1)?;
            }
            // A row of dots a little further from the border.
            if rng.chance(0.6) {
                let rd = r + side * rng.range(2.0, 3.0);
                let step = rng.range(5.0, 9.0) / rd;
                let dot = rng.range(0.4, 0.8);
                let mut a = rng.range(0.0, step);
                while a < TAU {
                    let p = [c[0] + rd * a.cos(), c[1] + rd * a.sin()];
                    if !matches!(board.region_at(p), Region::Hole(_)) {
                        imgproc::circle(
                            img,
                            fixed_px(p),
                            fixed_len(dot),
                            bgr(col),
                            -1,
                            imgproc::LINE_AA,
                            4,
                        )?;
                    }
                    a += step;
                }
            }
        }
    }
    for h in &s.holes {
        if !rng.chance(0.7) {
            continue;
        }
        let r = h.radius_mm + rng.range(3.0, 5.0);
        let n = (TAU * r / rng.range(3.0, 5.0)) as usize;
        for k in 0..n {
            let a = TAU * k as f64 / n as f64;
            let p = [h.centre_mm[0] + r * a.cos(), h.centre_mm[1] + r * a.sin()];
            if matches!(board.region_at(p), Region::Section { .. } | Region::Bone) {
                imgproc::circle(
                    img,
                    fixed_px(p),
                    fixed_len(0.5),
                    bgr(col),
                    -1,
                    imgproc::LINE_AA,
                    4,
                )?;
            }
        }
    }
    Ok(())
}

/// The printed objects' shapes.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Pentagon,
    Hexagon,
    Gem,
    Shield,
    Coin,
}

/// Outline of `shape` in unit coordinates (radius about 1, point down).
fn outline(shape: Shape) -> Vec<[f64; 2]> {
    let regular = |n: usize| -> Vec<[f64; 2]> {
        (0..n)
            .map(|k| {
                let a = PI / 2.0 + TAU * k as f64 / n as f64;
                [a.cos(), a.sin()]
            })
            .collect()
    };
    match shape {
        Shape::Pentagon => regular(5),
        Shape::Hexagon => regular(6),
        Shape::Coin => regular(40),
        // A cut stone seen from above: a flat table edge and a point.
        Shape::Gem => vec![
            [-0.55, -0.75],
            [0.55, -0.75],
            [1.0, -0.2],
            [0.0, 1.0],
            [-1.0, -0.2],
        ],
        Shape::Shield => {
            let mut p = vec![[-0.8, -0.9], [0.8, -0.9], [0.8, 0.05]];
            // Curved sides down to the point.
            for k in 1..8 {
                let t = k as f64 / 8.0;
                p.push([0.8 * (1.0 - t * t), 0.05 + 0.95 * t]);
            }
            p.push([0.0, 1.0]);
            for k in (1..8).rev() {
                let t = k as f64 / 8.0;
                p.push([-0.8 * (1.0 - t * t), 0.05 + 0.95 * t]);
            }
            p.push([-0.8, 0.05]);
            p
        }
    }
}

/// What is printed inside an object.
#[derive(Clone, Copy, PartialEq)]
enum Glyph {
    None,
    Star,
    Skull,
    Facets,
}

/// Scattered printed objects about the size of a d12's top face (a
/// pentagon of edge [`DIE_EDGE_MM`], circumradius ≈ 0.85 edge), in the
/// dice's colours, placed on the board surface (sections and bones, never
/// in a hole) and clear of the printed values; about a quarter of them
/// straddle a ring, sector or rim border.
fn distractors(
    img: &mut Mat,
    board: &Board,
    labels: &[[f64; 2]],
    rng: &mut Rng,
) -> opencv::Result<()> {
    let s = board.spec();
    let c = s.centre_mm;
    let face_r = DIE_EDGE_MM / (2.0 * (PI / 5.0).sin());
    let count = 14 + rng.below(13);
    let mut placed: Vec<([f64; 2], f64)> = Vec::new();
    for _ in 0..400 {
        if placed.len() == count {
            break;
        }
        let shape = *rng.pick(&[
            Shape::Pentagon,
            Shape::Pentagon,
            Shape::Hexagon,
            Shape::Gem,
            Shape::Shield,
            Shape::Coin,
        ]);
        let size = face_r * rng.range(0.8, 1.25);
        let across = rng.chance(0.25);
        let at = if across {
            border_point(board, rng)
        } else {
            let r = s.bone_rim.outer_mm * rng.unit().sqrt();
            let a = rng.range(0.0, TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        };
        let turn = rng.range(0.0, TAU);
        let unit = outline(shape);
        let pts: Vec<[f64; 2]> = unit.iter().map(|p| place(at, turn, size, *p)).collect();
        let on_board =
            |p: &[f64; 2]| matches!(board.region_at(*p), Region::Section { .. } | Region::Bone);
        if !on_board(&at) || !pts.iter().all(on_board) {
            continue;
        }
        // Values run about 20 mm right of their anchor at the largest scale.
        if labels.iter().any(|l| dist(*l, at) < size + 14.0)
            || placed.iter().any(|(p, r)| dist(*p, at) < 1.1 * (size + r))
        {
            continue;
        }
        placed.push((at, size));
        let colour = pick_colour(rng);
        let white = colour[0] > 200.0 && colour[2] > 200.0;
        fill(img, &pts, colour)?;
        // A lighter bevel face inside, as a raised die face catches light.
        if shape != Shape::Coin && rng.chance(0.4) {
            let inner: Vec<[f64; 2]> = unit
                .iter()
                .map(|p| place(at, turn, size * 0.68, *p))
                .collect();
            let lift = if white { 0.93 } else { 1.18 };
            fill(img, &inner, colour.map(|k| (k * lift).min(250.0)))?;
        }
        if shape == Shape::Coin {
            // A struck rim.
            let ring: Vec<[f64; 2]> = unit
                .iter()
                .map(|p| place(at, turn, size * 0.8, *p))
                .collect();
            polyline(img, &ring, true, colour.map(|k| k * 0.7), 1)?;
        }
        let glyph = match shape {
            Shape::Gem if rng.chance(0.6) => Glyph::Facets,
            _ => *rng.pick(&[Glyph::None, Glyph::Star, Glyph::Star, Glyph::Skull]),
        };
        let mark = if white {
            [35.0, 30.0, 30.0]
        } else {
            [235.0, 240.0, 245.0]
        };
        match glyph {
            Glyph::None => {}
            Glyph::Star => {
                let r = size * rng.range(0.4, 0.55);
                let star: Vec<[f64; 2]> = (0..10)
                    .map(|k| {
                        let a = k as f64 * PI / 5.0 - PI / 2.0;
                        let rr = if k % 2 == 0 { 1.0 } else { 0.42 };
                        place(at, turn, r, [rr * a.cos(), rr * a.sin()])
                    })
                    .collect();
                fill(img, &star, mark)?;
            }
            Glyph::Skull => {
                let r = size * 0.42;
                let head: Vec<[f64; 2]> = (0..24)
                    .map(|k| {
                        let a = TAU * k as f64 / 24.0;
                        place(at, turn, r, [a.cos(), a.sin() - 0.2])
                    })
                    .collect();
                fill(img, &head, mark)?;
                let jaw: Vec<[f64; 2]> = [[-0.45, 0.5], [0.45, 0.5], [0.45, 1.05], [-0.45, 1.05]]
                    .iter()
                    .map(|p| place(at, turn, r, *p))
                    .collect();
                fill(img, &jaw, mark)?;
                for side in [-1.0, 1.0] {
                    imgproc::circle(
                        img,
                        fixed_px(place(at, turn, r, [side * 0.38, -0.2])),
                        fixed_len(r * 0.24),
                        bgr(colour),
                        -1,
                        imgproc::LINE_AA,
                        4,
                    )?;
                }
            }
            Glyph::Facets => {
                // Lines from the table corners down to the point.
                let shade = colour.map(|k| (k * 1.35).min(250.0));
                for &i in &[0usize, 1, 2, 4] {
                    let seg = [pts[i], pts[3]];
                    polyline(img, &seg, false, shade, 1)?;
                }
                polyline(img, &[pts[4], pts[2]], false, shade, 1)?;
            }
        }
        if rng.chance(0.5) {
            let t = 1 + rng.below(3) as i32;
            polyline(img, &pts, true, colour.map(|k| k * 0.5), t)?;
        }
    }
    Ok(())
}

/// A point on a border: a ring border, a sector border or the rim's inner
/// edge, so the object printed there straddles it.
fn border_point(board: &Board, rng: &mut Rng) -> [f64; 2] {
    let s = board.spec();
    let c = s.centre_mm;
    let off = rng.range(-3.0, 3.0);
    match rng.below(3) {
        0 => {
            let ring = rng.pick(&s.rings);
            let r = ring.outer_mm + off;
            let a = rng.range(0.0, TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        }
        1 => {
            let ring = rng.pick(&s.rings);
            let sec = rng.pick(&ring.sectors);
            let r = rng.range(ring.inner_mm, ring.outer_mm);
            let a = sec.from_deg.to_radians();
            let (x, y) = (c[0] + r * a.cos(), c[1] + r * a.sin());
            [x - off * a.sin(), y + off * a.cos()]
        }
        _ => {
            let r = s.bone_rim.inner_mm + off;
            let a = rng.range(0.0, TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        }
    }
}

/// The dice's colours, a little off, and now and then a gold or silver coin
/// colour.
fn pick_colour(rng: &mut Rng) -> [f64; 3] {
    let base = *rng.pick(&[
        [40.0, 35.0, 205.0],   // red
        [70.0, 165.0, 40.0],   // green
        [195.0, 90.0, 30.0],   // blue
        [236.0, 238.0, 240.0], // near-white
        [236.0, 238.0, 240.0],
        [50.0, 170.0, 215.0], // gold
    ]);
    let j = rng.range(0.88, 1.06);
    base.map(|k| (k * j + rng.range(-8.0, 8.0)).clamp(0.0, 250.0))
}

/// Unit point `p` turned by `turn` and scaled by `size` about `at` (mm).
fn place(at: [f64; 2], turn: f64, size: f64, p: [f64; 2]) -> [f64; 2] {
    let (s, k) = turn.sin_cos();
    [
        at[0] + size * (p[0] * k - p[1] * s),
        at[1] + size * (p[0] * s + p[1] * k),
    ]
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn fill(img: &mut Mat, pts: &[[f64; 2]], col: [f64; 3]) -> opencv::Result<()> {
    let mut v = Vector::<Vector<Point>>::new();
    v.push(pts.iter().map(|p| fixed_px(*p)).collect());
    imgproc::fill_poly(img, &v, bgr(col), imgproc::LINE_AA, 4, Point::default())
}

fn polyline(
    img: &mut Mat,
    pts: &[[f64; 2]],
    closed: bool,
    col: [f64; 3],
    thickness: i32,
) -> opencv::Result<()> {
    let mut v = Vector::<Vector<Point>>::new();
    v.push(pts.iter().map(|p| fixed_px(*p)).collect());
    imgproc::polylines(img, &v, closed, bgr(col), thickness, imgproc::LINE_AA, 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::render_board;
    use opencv::prelude::*;

    /// The ornate texture covers the same frame as the plain one (so the
    /// texture → board mapping and the markers hold), looks otherwise, and
    /// is a pure function of the seed.
    #[test]
    fn ornate_texture_matches_plain_size_differs_and_is_seeded() {
        let b = Board::catacombs_default();
        let plain = render_board(&b, &[0], &mut Rng::new(7)).unwrap();
        let a = render_ornate(&b, &[0], &mut Rng::new(7)).unwrap();
        let again = render_ornate(&b, &[0], &mut Rng::new(7)).unwrap();
        assert_eq!(a.image.size().unwrap(), plain.image.size().unwrap());
        assert_eq!(a.image.typ(), plain.image.typ());
        let (pa, pp) = (
            a.image.data_bytes().unwrap(),
            plain.image.data_bytes().unwrap(),
        );
        assert_eq!(
            pa,
            again.image.data_bytes().unwrap(),
            "same seed, same pixels"
        );
        let differ = pa
            .chunks(3)
            .zip(pp.chunks(3))
            .filter(|(x, y)| (0..3).map(|i| x[i].abs_diff(y[i]) as u32).sum::<u32>() > 30)
            .count();
        let share = differ as f64 / (pa.len() / 3) as f64;
        assert!(
            share > 0.3,
            "only {:.1}% of pixels differ from plain",
            100.0 * share
        );
    }
}
