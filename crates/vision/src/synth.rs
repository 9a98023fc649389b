//! Rendered dice with known faces, for tests and benchmarks.
//!
//! The renderer draws each die's top face as a rotated, foreshortened square
//! with round pips (ellipses after foreshortening), optionally the front side
//! face a tilted camera would also see (with its own pips, to test that the
//! reader picks the top face), glare, and a noisy table. It is deliberately
//! simple: enough to pin the reader's geometry and colour logic down on
//! images the project controls, while real photos test realism.

use crate::error::Result;
use opencv::{
    core::{self, Mat, Point, Scalar, Vector, CV_8UC3},
    imgproc,
    prelude::*,
};

/// Face and pip colours of a die, BGR.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DieStyle {
    pub name: &'static str,
    pub face: [u8; 3],
    pub pip: [u8; 3],
    /// Colour class the reader should report.
    pub expected_color: &'static str,
}

/// White die, black pips.
pub const WHITE_BLACK: DieStyle = DieStyle {
    name: "white/black",
    face: [235, 238, 240],
    pip: [25, 25, 30],
    expected_color: "white",
};
/// Red die, white pips.
pub const RED_WHITE: DieStyle = DieStyle {
    name: "red/white",
    face: [40, 35, 200],
    pip: [240, 240, 240],
    expected_color: "red",
};
/// Blue die, white pips.
pub const BLUE_WHITE: DieStyle = DieStyle {
    name: "blue/white",
    face: [190, 90, 30],
    pip: [245, 245, 245],
    expected_color: "blue",
};
/// Green die, white pips.
pub const GREEN_WHITE: DieStyle = DieStyle {
    name: "green/white",
    face: [60, 150, 40],
    pip: [240, 245, 240],
    expected_color: "green",
};
/// Black die, white pips.
pub const BLACK_WHITE: DieStyle = DieStyle {
    name: "black/white",
    face: [30, 30, 30],
    pip: [235, 235, 235],
    expected_color: "black",
};
/// Catan-style cream die with red pips.
pub const CREAM_RED: DieStyle = DieStyle {
    name: "cream/red",
    face: [190, 228, 240],
    pip: [40, 40, 190],
    expected_color: "white",
};
/// Catan-style red die with yellow pips.
pub const RED_YELLOW: DieStyle = DieStyle {
    name: "red/yellow",
    face: [35, 30, 185],
    pip: [60, 225, 245],
    expected_color: "red",
};

/// Every style above.
pub const ALL_STYLES: [DieStyle; 7] = [
    WHITE_BLACK,
    RED_WHITE,
    BLUE_WHITE,
    GREEN_WHITE,
    BLACK_WHITE,
    CREAM_RED,
    RED_YELLOW,
];

/// One die to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct DieSpec {
    /// Top face value 1..=6.
    pub value: u8,
    /// Top face centre, pixels.
    pub center: (f32, f32),
    /// Top face side, pixels (before foreshortening).
    pub size: f32,
    /// In-plane rotation of the die, radians.
    pub rotation: f32,
    /// Camera tilt from straight down, radians (0 top-down, ~0.8 for 45°).
    pub tilt: f32,
    pub style: DieStyle,
    /// Draw a small glare spot on the face.
    pub glare: bool,
}

/// A table with dice on it.
#[derive(Clone, Debug)]
pub struct Scene {
    pub width: i32,
    pub height: i32,
    /// Table colour, BGR.
    pub table: [u8; 3],
    pub dice: Vec<DieSpec>,
    /// Seed of the table's noise.
    pub seed: u64,
}

/// Pip positions (face units, side = 1) for a value; slightly different from
/// the reader's ideal grid on purpose, as real dice differ.
pub fn pip_layout(value: u8) -> Vec<(f32, f32)> {
    let g = 0.28;
    let (tl, tr, bl, br, c) = ((-g, -g), (g, -g), (-g, g), (g, g), (0.0, 0.0));
    match value {
        1 => vec![c],
        2 => vec![tl, br],
        3 => vec![tl, c, br],
        4 => vec![tl, tr, bl, br],
        5 => vec![tl, tr, c, bl, br],
        6 => vec![tl, tr, (-g, 0.0), (g, 0.0), bl, br],
        _ => vec![],
    }
}

fn scalar(c: [u8; 3]) -> Scalar {
    Scalar::new(c[0] as f64, c[1] as f64, c[2] as f64, 0.0)
}

fn shade(c: [u8; 3], k: f32) -> [u8; 3] {
    [
        (c[0] as f32 * k) as u8,
        (c[1] as f32 * k) as u8,
        (c[2] as f32 * k) as u8,
    ]
}

/// Map face units (side 1, centred) to image pixels for a face whose axes
/// are `u` and `v` (pixel vectors for one face unit) around `origin`.
fn poly(origin: (f32, f32), u: (f32, f32), v: (f32, f32), pts: &[(f32, f32)]) -> Vector<Point> {
    pts.iter()
        .map(|&(a, b)| {
            Point::new(
                (origin.0 + a * u.0 + b * v.0).round() as i32,
                (origin.1 + a * u.1 + b * v.1).round() as i32,
            )
        })
        .collect()
}

fn draw_face(
    img: &mut Mat,
    origin: (f32, f32),
    u: (f32, f32),
    v: (f32, f32),
    value: u8,
    face: [u8; 3],
    pip: [u8; 3],
) -> Result<()> {
    // Rounded square: a 24-gon with squarish shape.
    let outline: Vec<(f32, f32)> = (0..32)
        .map(|k| {
            let t = k as f32 / 32.0 * std::f32::consts::TAU;
            let (c, s) = (t.cos(), t.sin());
            let p = 8.0;
            let r = 1.0 / (c.abs().powf(p) + s.abs().powf(p)).powf(1.0 / p);
            (0.5 * r * c, 0.5 * r * s)
        })
        .collect();
    imgproc::fill_convex_poly(
        img,
        &poly(origin, u, v, &outline),
        scalar(face),
        imgproc::LINE_AA,
        0,
    )?;
    let circle: Vec<(f32, f32)> = (0..20)
        .map(|k| {
            let t = k as f32 / 20.0 * std::f32::consts::TAU;
            (0.09 * t.cos(), 0.09 * t.sin())
        })
        .collect();
    for (px, py) in pip_layout(value) {
        let pts: Vec<(f32, f32)> = circle.iter().map(|&(a, b)| (a + px, b + py)).collect();
        imgproc::fill_convex_poly(
            img,
            &poly(origin, u, v, &pts),
            scalar(pip),
            imgproc::LINE_AA,
            0,
        )?;
    }
    Ok(())
}

/// A face adjacent to `value` (never its opposite), shown on the side.
fn side_value(value: u8) -> u8 {
    let s = value % 6 + 1;
    if s + value == 7 {
        s % 6 + 1
    } else {
        s
    }
}

/// Top-face corners of a die spec in pixels (same order as the reader:
/// clockwise from the top-left-most), for checking outlines.
pub fn top_face_axes(d: &DieSpec) -> ((f32, f32), (f32, f32)) {
    let (c, s) = (d.rotation.cos(), d.rotation.sin());
    let squash = d.tilt.cos();
    let u = (d.size * c, d.size * s * squash);
    let v = (-d.size * s, d.size * c * squash);
    (u, v)
}

/// Draw the scene.
pub fn render(scene: &Scene) -> Result<Mat> {
    let mut img =
        Mat::new_rows_cols_with_default(scene.height, scene.width, CV_8UC3, scalar(scene.table))?;
    // Table texture: seeded noise plus a gentle gradient (vignetting).
    {
        let mut state = scene.seed ^ 0x9E37_79B9_7F4A_7C15;
        let w = scene.width as f32;
        let h = scene.height as f32;
        let data = img.data_bytes_mut()?;
        for (i, px) in data.chunks_exact_mut(3).enumerate() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let noise = ((state >> 40) % 13) as i32 - 6;
            let x = (i % scene.width as usize) as f32 / w - 0.5;
            let y = (i / scene.width as usize) as f32 / h - 0.5;
            let vign = (-(x * x + y * y) * 40.0) as i32;
            for ch in px.iter_mut() {
                *ch = (*ch as i32 + noise + vign).clamp(0, 255) as u8;
            }
        }
    }
    for d in &scene.dice {
        let (u, v) = top_face_axes(d);
        // Front face: hangs below the top face, foreshortened by sin(tilt).
        let depth = d.size * d.tilt.sin();
        if depth > 2.0 {
            // The top face's edge nearest the camera is its lowest edge in the image.
            let edges = [
                ((-0.5, -0.5), (0.5, -0.5)),
                ((0.5, -0.5), (0.5, 0.5)),
                ((0.5, 0.5), (-0.5, 0.5)),
                ((-0.5, 0.5), (-0.5, -0.5)),
            ];
            let mid_y = |e: &((f32, f32), (f32, f32))| {
                let m = ((e.0 .0 + e.1 .0) / 2.0, (e.0 .1 + e.1 .1) / 2.0);
                m.0 * u.1 + m.1 * v.1
            };
            let front = edges
                .iter()
                .max_by(|a, b| mid_y(a).total_cmp(&mid_y(b)))
                .copied()
                .unwrap_or(edges[2]);
            let a = (
                d.center.0 + front.0 .0 * u.0 + front.0 .1 * v.0,
                d.center.1 + front.0 .0 * u.1 + front.0 .1 * v.1,
            );
            let b = (
                d.center.0 + front.1 .0 * u.0 + front.1 .1 * v.0,
                d.center.1 + front.1 .0 * u.1 + front.1 .1 * v.1,
            );
            let origin = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 + depth / 2.0);
            let su = (b.0 - a.0, b.1 - a.1);
            let sv = (0.0, depth);
            draw_face(
                &mut img,
                origin,
                su,
                sv,
                side_value(d.value),
                shade(d.style.face, 0.8),
                shade(d.style.pip, 0.9),
            )?;
        }
        draw_face(&mut img, d.center, u, v, d.value, d.style.face, d.style.pip)?;
        if d.glare {
            // A soft highlight near an edge, clear of the pips.
            let (gx, gy) = (d.center.0 + 0.40 * v.0, d.center.1 + 0.40 * v.1);
            let mut overlay = img.try_clone()?;
            imgproc::circle(
                &mut overlay,
                Point::new(gx as i32, gy as i32),
                (d.size * 0.07).max(1.0) as i32,
                Scalar::new(255.0, 255.0, 255.0, 0.0),
                -1,
                imgproc::LINE_AA,
                0,
            )?;
            let mut out = Mat::default();
            core::add_weighted(&img, 0.4, &overlay, 0.6, 0.0, &mut out, -1)?;
            img = out;
        }
    }
    let mut blurred = Mat::default();
    imgproc::gaussian_blur(
        &img,
        &mut blurred,
        core::Size::new(3, 3),
        0.7,
        0.7,
        core::BORDER_DEFAULT,
    )?;
    Ok(blurred)
}
