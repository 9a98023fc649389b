//! Draws Table Warden's bundled demo footage: three white dice thrown onto a
//! wooden table, tumbling and coming to rest, then lying still.
//!
//! ```text
//! cargo run -p tw-capture --example make_demo -- assets/demo
//! ```
//!
//! Everything is synthesised with OpenCV drawing calls from a fixed seed, so
//! the output is reproducible and the project owns every pixel. The clip is
//! deliberately simple but camera-like: a fixed viewpoint, soft shadows that
//! grow while a die is in the air, faces that flicker while tumbling, and a
//! little sensor noise so even "still" frames are not bit-identical.

use opencv::core::{Mat, Point, Scalar, Vector, CV_8UC1, CV_8UC3};
use opencv::prelude::*;
use opencv::{imgcodecs, imgproc};
use std::path::PathBuf;

const WIDTH: i32 = 640;
const HEIGHT: i32 = 480;
const FPS: f64 = 10.0;
/// Clip length: 0.4 s of empty table, the throw, then the dice at rest.
const FRAMES: usize = 50;
const THROW_START_S: f64 = 0.4;
const JPEG_QUALITY: i32 = 78;
const DIE_SIZE: f64 = 58.0;

/// Small deterministic generator (SplitMix64) so the clip is reproducible.
struct Rng(u64);
impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn face(&mut self) -> u8 {
        (self.next_u64() % 6) as u8 + 1
    }
}

/// One die's throw: where it enters, where it stops, how it spins.
struct Throw {
    start: (f64, f64),
    end: (f64, f64),
    /// Seconds after the throw starts that this die is released.
    delay: f64,
    /// Seconds from release to rest.
    duration: f64,
    end_angle: f64,
    spin: f64,
    final_face: u8,
}

/// Where a die is and how it looks at one instant.
#[derive(Clone, Copy)]
struct Pose {
    center: (f64, f64),
    angle: f64,
    /// 0 on the table, up to about 1 at the top of a bounce.
    height: f64,
    /// Fraction of the roll done, 0..=1.
    progress: f64,
}

impl Throw {
    fn pose(&self, t: f64) -> Option<Pose> {
        let local = t - self.delay;
        if local < 0.0 {
            return None;
        }
        let u = (local / self.duration).min(1.0);
        // Fast entry, long slow-down: like a die sliding to a stop.
        let s = 1.0 - (1.0 - u).powi(3);
        let lerp = |a: f64, b: f64| a + (b - a) * s;
        Some(Pose {
            center: (
                lerp(self.start.0, self.end.0),
                lerp(self.start.1, self.end.1),
            ),
            angle: self.end_angle - self.spin * (1.0 - s),
            height: ((3.0 * std::f64::consts::PI * u).sin().abs()) * (1.0 - u).powi(2),
            progress: u,
        })
    }
}

/// Light wood: warm base colour, wavy grain lines, plank seams, soft vignette.
fn draw_table(rng: &mut Rng) -> opencv::Result<Mat> {
    let mut table = Mat::new_rows_cols_with_default(HEIGHT, WIDTH, CV_8UC3, Scalar::all(0.0))?;
    let phase: Vec<f64> = (0..8)
        .map(|_| rng.range(0.0, std::f64::consts::TAU))
        .collect();
    let plank_h = 120.0;
    let bytes = table.data_bytes_mut()?;
    for y in 0..HEIGHT as usize {
        for x in 0..WIDTH as usize {
            let (xf, yf) = (x as f64, y as f64);
            let plank = (yf / plank_h).floor();
            let p = plank as usize % 4;
            let wobble =
                6.0 * (xf / 97.0 + phase[p]).sin() + 3.0 * (xf / 31.0 + phase[p + 4]).sin();
            let grain = ((yf + wobble) * 0.45 + plank * 1.7).sin() * 0.5 + 0.5;
            let fine = ((yf + wobble * 0.5) * 1.9 + xf * 0.01).sin() * 0.5 + 0.5;
            let seam = {
                let d = (yf - (plank + 1.0) * plank_h)
                    .abs()
                    .min((yf - plank * plank_h).abs());
                if d < 1.5 {
                    0.55
                } else {
                    1.0
                }
            };
            let dx = (xf - WIDTH as f64 / 2.0) / WIDTH as f64;
            let dy = (yf - HEIGHT as f64 / 2.0) / HEIGHT as f64;
            let vignette = 1.0 - 0.55 * (dx * dx + dy * dy);
            let tone = (0.78 + 0.14 * grain + 0.06 * fine + 0.04 * (p as f64 - 1.5) / 1.5)
                * seam
                * vignette;
            let i = (y * WIDTH as usize + x) * 3;
            bytes[i] = (70.0 * tone).clamp(0.0, 255.0) as u8;
            bytes[i + 1] = (118.0 * tone).clamp(0.0, 255.0) as u8;
            bytes[i + 2] = (168.0 * tone).clamp(0.0, 255.0) as u8;
        }
    }
    Ok(table)
}

/// Outline of a rounded square of side `size`, rotated and placed, in 1/16 px.
fn rounded_square(center: (f64, f64), size: f64, angle: f64) -> Vector<Point> {
    let half = size / 2.0;
    let r = size * 0.18;
    let (sin, cos) = angle.sin_cos();
    let mut pts = Vector::<Point>::new();
    let corners = [
        (half - r, half - r, 0.0),
        (-(half - r), half - r, 90.0),
        (-(half - r), -(half - r), 180.0),
        (half - r, -(half - r), 270.0),
    ];
    for (cx, cy, start) in corners {
        for k in 0..=6 {
            let a = (start + 15.0 * k as f64).to_radians();
            let (lx, ly) = (cx + r * a.cos(), cy + r * a.sin());
            let x = center.0 + lx * cos - ly * sin;
            let y = center.1 + lx * sin + ly * cos;
            pts.push(Point::new(
                (x * 16.0).round() as i32,
                (y * 16.0).round() as i32,
            ));
        }
    }
    pts
}

/// Pip positions for a face, in units of the die's side, centred on the die.
fn pips(face: u8) -> &'static [(f64, f64)] {
    const D: f64 = 0.26;
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-D, -D), (D, D)],
        3 => &[(-D, -D), (0.0, 0.0), (D, D)],
        4 => &[(-D, -D), (D, -D), (-D, D), (D, D)],
        5 => &[(-D, -D), (D, -D), (0.0, 0.0), (-D, D), (D, D)],
        _ => &[(-D, -D), (-D, 0.0), (-D, D), (D, -D), (D, 0.0), (D, D)],
    }
}

fn draw_die(img: &mut Mat, pose: &Pose, face: u8) -> opencv::Result<()> {
    let size = DIE_SIZE * (1.0 + 0.22 * pose.height);
    let aa = imgproc::LINE_AA;
    imgproc::fill_convex_poly(
        img,
        &rounded_square(pose.center, size, pose.angle),
        Scalar::new(178.0, 182.0, 188.0, 0.0),
        aa,
        4,
    )?;
    imgproc::fill_convex_poly(
        img,
        &rounded_square(pose.center, size * 0.9, pose.angle),
        Scalar::new(236.0, 240.0, 244.0, 0.0),
        aa,
        4,
    )?;
    // A soft highlight towards the light (top left).
    let hl = (pose.center.0 - size * 0.12, pose.center.1 - size * 0.12);
    imgproc::fill_convex_poly(
        img,
        &rounded_square(hl, size * 0.45, pose.angle),
        Scalar::new(246.0, 249.0, 252.0, 0.0),
        aa,
        4,
    )?;
    let (sin, cos) = pose.angle.sin_cos();
    let radius = if face == 1 { 0.14 } else { 0.085 } * size;
    for &(px, py) in pips(face) {
        let (lx, ly) = (px * size, py * size);
        let x = pose.center.0 + lx * cos - ly * sin;
        let y = pose.center.1 + lx * sin + ly * cos;
        let c = Point::new((x * 16.0).round() as i32, (y * 16.0).round() as i32);
        imgproc::circle(
            img,
            c,
            (radius * 16.0).round() as i32,
            Scalar::new(28.0, 26.0, 26.0, 0.0),
            -1,
            aa,
            4,
        )?;
    }
    Ok(())
}

/// Darkens the image under each die's shadow; higher dice cast softer,
/// farther shadows.
fn draw_shadows(img: &mut Mat, poses: &[Pose]) -> opencv::Result<()> {
    let mut mask = Mat::new_rows_cols_with_default(HEIGHT, WIDTH, CV_8UC1, Scalar::all(0.0))?;
    for p in poses {
        let offset = 5.0 + 28.0 * p.height;
        let c = (p.center.0 + offset, p.center.1 + offset * 1.3);
        let strength = 200.0 - 90.0 * p.height;
        imgproc::fill_convex_poly(
            &mut mask,
            &rounded_square(c, DIE_SIZE * 1.02, p.angle),
            Scalar::all(strength),
            imgproc::LINE_AA,
            4,
        )?;
    }
    let mut soft = Mat::default();
    imgproc::gaussian_blur_def(&mask, &mut soft, opencv::core::Size::new(0, 0), 6.0)?;
    let shade = soft.data_bytes()?.to_vec();
    let px = img.data_bytes_mut()?;
    for (i, s) in shade.iter().enumerate() {
        let k = 1.0 - 0.55 * (*s as f64 / 255.0);
        for c in 0..3 {
            px[i * 3 + c] = (px[i * 3 + c] as f64 * k) as u8;
        }
    }
    Ok(())
}

fn add_noise(img: &mut Mat, rng: &mut Rng) -> opencv::Result<()> {
    for v in img.data_bytes_mut()?.iter_mut() {
        let n = (rng.next_u64() % 5) as i32 - 2;
        *v = (*v as i32 + n).clamp(0, 255) as u8;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "assets/demo".into()),
    );
    std::fs::create_dir_all(&out)?;
    for entry in std::fs::read_dir(&out)? {
        let p = entry?.path();
        if p.extension().is_some_and(|e| e == "jpg") {
            std::fs::remove_file(p)?;
        }
    }

    let mut rng = Rng(0x0007_ab1e_3a2d);
    let table = draw_table(&mut rng)?;
    let final_faces = [3u8, 5, 6];
    let ends = [(230.0, 215.0), (330.0, 300.0), (410.0, 190.0)];
    let throws: Vec<Throw> = final_faces
        .iter()
        .zip(ends)
        .enumerate()
        .map(|(i, (&face, end))| Throw {
            start: (
                WIDTH as f64 + 50.0 + 25.0 * i as f64,
                end.1 + rng.range(-60.0, 60.0),
            ),
            end,
            delay: 0.12 * i as f64,
            duration: rng.range(1.3, 1.8),
            end_angle: rng.range(-0.6, 0.6),
            spin: rng.range(5.0, 9.0) * if i % 2 == 0 { 1.0 } else { -1.0 },
            final_face: face,
        })
        .collect();
    let settled_at = throws
        .iter()
        .map(|t| THROW_START_S + t.delay + t.duration)
        .fold(0.0, f64::max);

    let mut faces: Vec<u8> = throws.iter().map(|_| rng.face()).collect();
    let mut total = 0usize;
    for i in 0..FRAMES {
        let t = i as f64 / FPS - THROW_START_S;
        let mut frame = table.try_clone()?;
        let poses: Vec<(usize, Pose)> = throws
            .iter()
            .enumerate()
            .filter_map(|(k, th)| th.pose(t).map(|p| (k, p)))
            .collect();
        let shadow_poses: Vec<Pose> = poses.iter().map(|(_, p)| *p).collect();
        draw_shadows(&mut frame, &shadow_poses)?;
        for (k, pose) in &poses {
            // Tumbling dice show a new face most frames; the last stretch shows the result.
            faces[*k] = if pose.progress > 0.8 {
                throws[*k].final_face
            } else if i % 2 == 0 {
                rng.face()
            } else {
                faces[*k]
            };
            draw_die(&mut frame, pose, faces[*k])?;
        }
        add_noise(&mut frame, &mut rng)?;
        let path = out.join(format!("frame_{i:03}.jpg"));
        let params = Vector::from_slice(&[imgcodecs::IMWRITE_JPEG_QUALITY, JPEG_QUALITY]);
        imgcodecs::imwrite(
            path.to_str().ok_or("output path is not UTF-8")?,
            &frame,
            &params,
        )?;
        total += std::fs::metadata(&path)?.len() as usize;
    }

    let manifest = serde_json::json!({
        "fps": FPS,
        "width": WIDTH,
        "height": HEIGHT,
        "frames": FRAMES,
        "description": "three white dice thrown onto a wooden table, generated by crates/capture/examples/make_demo.rs",
        "final_faces": final_faces,
        "settled_at_s": (settled_at * 100.0).round() / 100.0,
    });
    std::fs::write(
        out.join("footage.json"),
        serde_json::to_string_pretty(&manifest)? + "\n",
    )?;
    println!(
        "wrote {FRAMES} frames ({:.2} MB) and footage.json to {}",
        total as f64 / 1e6,
        out.display()
    );
    Ok(())
}
