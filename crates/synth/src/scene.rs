//! Sampling a scene from a seed and rendering it with its ground truth.

use crate::art::{render_board, Texture};
use crate::camera::{apply, Camera};
use crate::die::{place, DieColor, DiePose, Face, Mesh, PlacedDie};
use crate::math::*;
use crate::rng::Rng;
use crate::truth::{DieTruth, SceneTruth, FORMAT};
use opencv::core::{Mat, Point, Scalar, Size, Vector, CV_32F, CV_64F};
use opencv::imgproc;
use opencv::prelude::*;
use serde::{Deserialize, Serialize};
use tw_board::{Board, Region, Webs};

/// Edge of the d12s in mm (about 24 mm tall resting on a face).
pub const DIE_EDGE_MM: f64 = 11.0;

/// Faces carrying the icon, by mesh face index: coloured dice 6, white 2.
pub fn icon_faces(color: DieColor) -> &'static [usize] {
    if color == DieColor::White {
        &[0, 7]
    } else {
        &[0, 2, 4, 7, 9, 11]
    }
}

/// Knobs of the generator; defaults span the conditions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub elevation_deg: (f64, f64),
    /// Candidate image sizes.
    pub sizes: Vec<(u32, u32)>,
    /// Dice per scene (inclusive range).
    pub dice: (usize, usize),
    /// Fraction of dice placed across a section border.
    pub border_fraction: f64,
    /// Smallest allowed distance (mm) from a top corner to a border, so the
    /// truth is decidable by eye (and by a camera) as the rulebook intends.
    pub min_clearance_mm: f64,
    /// Probability that a hole carries a spider web.
    pub web_chance: f64,
    /// Photographic effects on/off (off gives clean renders for tests).
    pub effects: bool,
    /// How the board is drawn.
    #[serde(default)]
    pub art: Art,
    /// Strength of a white-balance shift ([`Look::white_balance`]): each
    /// scene's light is warmed or cooled by up to this (red and blue gains
    /// 1 ± it) and tinted by up to half of it (green). 0: neutral light.
    #[serde(default)]
    pub cast: f64,
}

/// How the board is drawn: the plain drawing the reader was developed on,
/// or one it was not: painted ([`crate::painted`]) or ornate, with die-like
/// printed objects ([`crate::ornate`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Art {
    #[default]
    Plain,
    Painted,
    Ornate,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            elevation_deg: (35.0, 90.0),
            sizes: vec![(1280, 720), (1920, 1080)],
            dice: (1, 4),
            border_fraction: 0.4,
            min_clearance_mm: 1.5,
            web_chance: 0.25,
            effects: true,
            art: Art::Plain,
            cast: 0.0,
        }
    }
}

/// One die in a scene.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DieSpec {
    pub color: DieColor,
    pub face: Face,
    pub pose: DiePose,
    /// Still moving (drawn with motion blur in sequences).
    #[serde(default)]
    pub moving_px: f64,
}

/// Lighting and photographic effects, all sampled from the seed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Look {
    /// Unit vector from the board towards the light (world frame).
    pub light: V3,
    pub ambient: f64,
    pub gradient: (f64, f64, f64),
    pub shadow: f64,
    pub glare: Option<(f64, f64, f64, f64)>,
    pub blur_px: f64,
    pub noise: f64,
    pub jpeg_quality: i32,
    /// Gains of the light's blue, green and red (a camera's white balance
    /// off, a warm lamp or cool daylight); applied to everything seen.
    #[serde(default = "neutral")]
    pub white_balance: [f64; 3],
}

fn neutral() -> [f64; 3] {
    [1.0; 3]
}

/// Everything needed to render one image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    pub seed: u64,
    pub camera: Camera,
    pub elevation_deg: f64,
    pub webs: Vec<usize>,
    pub dice: Vec<DieSpec>,
    pub look: Look,
    pub texture_seed: u64,
    /// How the board is drawn.
    #[serde(default)]
    pub art: Art,
}

/// Samples a camera that sees the whole board frame with its markers.
pub fn sample_camera(board: &Board, opts: &Options, rng: &mut Rng) -> (Camera, f64) {
    let (w, h) = *rng.pick(&opts.sizes);
    let el = rng.range(opts.elevation_deg.0, opts.elevation_deg.1);
    // Players set the camera roughly square to the board; ±25° off that.
    let az = 90.0 * rng.below(4) as f64 + rng.range(-25.0, 25.0);
    let roll = rng.range(-6.0, 6.0);
    let f = w as f64 * rng.range(0.7, 1.0);
    let fr = board.spec().frame_mm;
    let c = board.centre();
    let target = [c[0] + rng.range(-15.0, 15.0), c[1] + rng.range(-15.0, 15.0)];
    let pad = 40.0; // marker half-size plus its white margin
    let corners = [
        [-pad, -pad],
        [fr[0] + pad, -pad],
        [fr[0] + pad, fr[1] + pad],
        [-pad, fr[1] + pad],
    ];
    let fits = |d: f64| {
        let cam = Camera::orbit(w, h, f, target, d, el, az, roll);
        corners
            .iter()
            .all(|p| match cam.project([p[0], p[1], 0.0]) {
                Some(q) => {
                    q[0] > 0.03 * w as f64
                        && q[0] < 0.97 * w as f64
                        && q[1] > 0.03 * h as f64
                        && q[1] < 0.97 * h as f64
                }
                None => false,
            })
    };
    let (mut lo, mut hi) = (200.0, 20000.0);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if fits(mid) {
            hi = mid
        } else {
            lo = mid
        }
    }
    let d = hi * rng.range(1.0, 1.05);
    (Camera::orbit(w, h, f, target, d, el, az, roll), el)
}

/// Distance from `p` to the nearest border between two different
/// regions, estimated by probing circles around it.
pub fn clearance(board: &Board, p: [f64; 2], webs: &Webs, up_to: f64) -> f64 {
    let here = board.section_at(p, webs);
    let mut r = 0.25;
    while r <= up_to {
        for k in 0..24 {
            let a = k as f64 * std::f64::consts::TAU / 24.0;
            if board.section_at([p[0] + r * a.cos(), p[1] + r * a.sin()], webs) != here {
                return r;
            }
        }
        r += 0.25;
    }
    up_to
}

/// A point near a random border of the board (ring edge, sector edge, hole
/// edge or rim), so border cases are common.
fn near_border(board: &Board, rng: &mut Rng) -> [f64; 2] {
    let s = board.spec();
    let c = s.centre_mm;
    let off = rng.range(-7.0, 7.0);
    match rng.below(4) {
        0 => {
            let ring = rng.pick(&s.rings);
            let r = ring.outer_mm + off;
            let a = rng.range(0.0, std::f64::consts::TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        }
        1 => {
            let ring = &s.rings[s.rings.len() - 1 - rng.below(2.min(s.rings.len()))];
            let sec = rng.pick(&ring.sectors);
            let r = rng.range(ring.inner_mm, ring.outer_mm);
            let a = sec.from_deg.to_radians();
            let (x, y) = (c[0] + r * a.cos(), c[1] + r * a.sin());
            [x - off * a.sin(), y + off * a.cos()]
        }
        2 if !s.holes.is_empty() => {
            let h = rng.pick(&s.holes);
            let a = rng.range(0.0, std::f64::consts::TAU);
            let r = h.radius_mm + off;
            [h.centre_mm[0] + r * a.cos(), h.centre_mm[1] + r * a.sin()]
        }
        _ => {
            let r = if rng.chance(0.5) {
                s.bone_rim.inner_mm
            } else {
                s.bone_rim.outer_mm
            } + off;
            let a = rng.range(0.0, std::f64::consts::TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        }
    }
}

/// Top-face corners (world) of a placed die: the face pointing up.
pub fn top_corners(mesh: &Mesh, die: &PlacedDie) -> Vec<V3> {
    mesh.faces[die.up_face()]
        .iter()
        .map(|&i| die.vertices[i])
        .collect()
}

/// Samples a die that rests somewhere on or near the board, with its top
/// corners clear of borders by `min_clearance_mm`.
pub fn sample_die(
    board: &Board,
    mesh: &Mesh,
    webs: &Webs,
    opts: &Options,
    others: &[DieSpec],
    rng: &mut Rng,
) -> Option<DieSpec> {
    let c = board.centre();
    for _ in 0..200 {
        let at = if rng.chance(opts.border_fraction) {
            near_border(board, rng)
        } else if rng.chance(0.1) && !board.spec().holes.is_empty() {
            let h = rng.pick(&board.spec().holes);
            let r = rng.range(0.0, h.radius_mm - 14.0).max(0.0);
            let a = rng.range(0.0, std::f64::consts::TAU);
            [h.centre_mm[0] + r * a.cos(), h.centre_mm[1] + r * a.sin()]
        } else {
            let r = board.outer_radius() * 1.08 * rng.unit().sqrt();
            let a = rng.range(0.0, std::f64::consts::TAU);
            [c[0] + r * a.cos(), c[1] + r * a.sin()]
        };
        if others
            .iter()
            .any(|o| (o.pose.at[0] - at[0]).hypot(o.pose.at[1] - at[1]) < 3.2 * DIE_EDGE_MM)
        {
            continue;
        }
        let color = *rng.pick(&DieColor::ALL);
        let face = if rng.chance(0.5) {
            Face::Icon
        } else {
            Face::Blank
        };
        let icons = icon_faces(color);
        let candidates: Vec<usize> = (0..12)
            .filter(|f| icons.contains(f) == (face == Face::Icon))
            .collect();
        let top_face = *rng.pick(&candidates);
        let mut pose = DiePose {
            at,
            lift_mm: 0.0,
            top_face,
            yaw: rng.range(0.0, std::f64::consts::TAU),
            tilt: 0.0,
        };
        let die = place(mesh, DIE_EDGE_MM, &pose);
        // Entirely over a hole: it drops through to the table below the board.
        let foot: Vec<[f64; 2]> = die.vertices.iter().map(|v| [v[0], v[1]]).collect();
        if foot
            .iter()
            .all(|p| matches!(board.region_at(*p), Region::Hole(_)))
        {
            pose.lift_mm = -3.0;
        }
        let die = place(mesh, DIE_EDGE_MM, &pose);
        let top = top_corners(mesh, &die);
        if top.iter().all(|p| {
            clearance(board, [p[0], p[1]], webs, opts.min_clearance_mm + 0.25)
                > opts.min_clearance_mm
        }) {
            return Some(DieSpec {
                color,
                face,
                pose,
                moving_px: 0.0,
            });
        }
    }
    None
}

pub fn sample_look(opts: &Options, rng: &mut Rng) -> Look {
    let el = rng.range(45f64.to_radians(), 85f64.to_radians());
    let az = rng.range(0.0, std::f64::consts::TAU);
    let fx = opts.effects;
    Look {
        light: [el.cos() * az.cos(), el.cos() * az.sin(), -el.sin()],
        ambient: rng.range(0.35, 0.55),
        gradient: if fx {
            (
                rng.range(0.0, std::f64::consts::TAU),
                rng.range(0.0, 0.35),
                rng.range(0.85, 1.1),
            )
        } else {
            (0.0, 0.0, 1.0)
        },
        shadow: if fx { rng.range(0.25, 0.55) } else { 0.0 },
        glare: if fx && rng.chance(0.5) {
            Some((
                rng.unit(),
                rng.unit(),
                rng.range(0.03, 0.15),
                rng.range(30.0, 110.0),
            ))
        } else {
            None
        },
        blur_px: if fx && rng.chance(0.15) {
            rng.range(1.5, 4.0)
        } else {
            0.0
        },
        noise: if fx { rng.range(1.0, 6.0) } else { 0.0 },
        jpeg_quality: if fx { 70 + rng.below(26) as i32 } else { 100 },
        white_balance: white_balance(opts.cast, el, az),
    }
}

/// Blue, green and red gains for a cast of strength `cast`, drawn from a
/// generator of their own (seeded by the light's direction) so that scenes
/// without a cast stay as they were drawn before casts existed.
fn white_balance(cast: f64, el: f64, az: f64) -> [f64; 3] {
    if cast <= 0.0 {
        return neutral();
    }
    let mut rng = Rng::new(el.to_bits() ^ az.to_bits().rotate_left(29) ^ 0xCA57_0000_0000_0001);
    let warm = rng.range(-cast, cast);
    let tint = rng.range(-cast / 2.0, cast / 2.0);
    [1.0 - warm, 1.0 + tint, 1.0 + warm]
}

/// Samples a whole still scene from `seed`.
pub fn sample_scene(board: &Board, seed: u64, opts: &Options) -> Scene {
    let mut rng = Rng::new(seed);
    let mesh = Mesh::dodecahedron();
    let (camera, elevation_deg) = sample_camera(board, opts, &mut rng);
    let webs: Vec<usize> = (0..board.spec().holes.len())
        .filter(|_| rng.chance(opts.web_chance))
        .collect();
    let web_set = webs_of(board, &webs);
    let n = opts.dice.0 + rng.below(opts.dice.1 - opts.dice.0 + 1);
    let mut dice: Vec<DieSpec> = Vec::new();
    for _ in 0..n {
        if let Some(d) = sample_die(board, &mesh, &web_set, opts, &dice, &mut rng) {
            dice.push(d);
        }
    }
    let look = sample_look(opts, &mut rng);
    Scene {
        seed,
        camera,
        elevation_deg,
        webs,
        dice,
        look,
        texture_seed: rng.below(1 << 30) as u64,
        art: opts.art,
    }
}

pub fn webs_of(board: &Board, idx: &[usize]) -> Webs {
    let names: Vec<&str> = idx
        .iter()
        .map(|&i| board.spec().holes[i].name.as_str())
        .collect();
    Webs::on(board, &names).unwrap_or_default()
}

fn to_mat(h: &M3) -> opencv::Result<Mat> {
    let mut m = Mat::new_rows_cols_with_default(3, 3, CV_64F, Scalar::all(0.0))?;
    for i in 0..3 {
        for j in 0..3 {
            *m.at_2d_mut::<f64>(i as i32, j as i32)? = h[i][j];
        }
    }
    Ok(m)
}

fn pts(cam: &Camera, ps: &[V3]) -> Option<Vector<Point>> {
    ps.iter()
        .map(|p| {
            cam.project(*p)
                .map(|q| Point::new((q[0] * 16.0).round() as i32, (q[1] * 16.0).round() as i32))
        })
        .collect()
}

fn fill(img: &mut Mat, poly: Vector<Point>, col: [f64; 3]) -> opencv::Result<()> {
    let mut v = Vector::<Vector<Point>>::new();
    v.push(poly);
    imgproc::fill_poly(
        img,
        &v,
        Scalar::new(col[0], col[1], col[2], 0.0),
        imgproc::LINE_AA,
        4,
        Point::default(),
    )
}

fn die_bgr(c: DieColor) -> [f64; 3] {
    match c {
        DieColor::Red => [40.0, 35.0, 205.0],
        DieColor::Green => [70.0, 165.0, 40.0],
        DieColor::Blue => [195.0, 90.0, 30.0],
        DieColor::White => [238.0, 240.0, 240.0],
    }
}

fn icon_bgr(c: DieColor) -> [f64; 3] {
    match c {
        DieColor::White => [35.0, 30.0, 30.0],
        _ => [235.0, 240.0, 245.0],
    }
}

/// The icon glyph: a five-pointed star in the face plane, scaled to the face.
fn star(centre: V3, u: V3, w: V3, r: f64) -> Vec<V3> {
    (0..10)
        .map(|k| {
            let a = k as f64 * std::f64::consts::PI / 5.0;
            let rr = if k % 2 == 0 { r } else { r * 0.42 };
            add(centre, add(scale(u, rr * a.cos()), scale(w, rr * a.sin())))
        })
        .collect()
}

/// Draws the dice (faces, icons, edges) over `img`.
fn draw_dice(img: &mut Mat, cam: &Camera, mesh: &Mesh, scene: &Scene) -> opencv::Result<()> {
    for d in &scene.dice {
        let die = place(mesh, DIE_EDGE_MM, &d.pose);
        let base = die_bgr(d.color);
        let icons = icon_faces(d.color);
        for (fi, face) in mesh.faces.iter().enumerate() {
            let n = die.normals[fi];
            let fv: Vec<V3> = face.iter().map(|&i| die.vertices[i]).collect();
            let fc = scale(fv.iter().fold([0.0; 3], |s, v| add(s, *v)), 0.2);
            if dot(n, sub(cam.eye, fc)) <= 0.0 {
                continue;
            }
            let lum =
                scene.look.ambient + (1.0 - scene.look.ambient) * dot(n, scene.look.light).max(0.0);
            let Some(poly) = pts(cam, &fv) else { continue };
            fill(img, poly.clone(), base.map(|x| (x * lum).min(255.0)))?;
            let mut v = Vector::<Vector<Point>>::new();
            v.push(poly);
            let e = base.map(|x| x * lum * 0.6);
            imgproc::polylines(
                img,
                &v,
                true,
                Scalar::new(e[0], e[1], e[2], 0.0),
                1,
                imgproc::LINE_AA,
                4,
            )?;
            if icons.contains(&fi) {
                let u = norm(sub(fv[0], fc));
                let w = cross(n, u);
                let r = (sub(fv[0], fc).iter().map(|x| x * x).sum::<f64>()).sqrt() * 0.62;
                // Lift the glyph a hair off the face so it never z-fights.
                let g = star(add(fc, scale(n, 0.05)), u, w, r);
                if let Some(p) = pts(cam, &g) {
                    fill(img, p, icon_bgr(d.color).map(|x| (x * lum).min(255.0)))?;
                }
            }
        }
    }
    Ok(())
}

/// Soft shadows of the dice, cast along the light onto the board.
fn draw_shadows(img: &mut Mat, cam: &Camera, mesh: &Mesh, scene: &Scene) -> opencv::Result<()> {
    if scene.look.shadow <= 0.0 {
        return Ok(());
    }
    let mut mask =
        Mat::new_rows_cols_with_default(img.rows(), img.cols(), CV_32F, Scalar::all(0.0))?;
    let l = scene.look.light;
    for d in &scene.dice {
        let die = place(mesh, DIE_EDGE_MM, &d.pose);
        let ground: Vec<V3> = die
            .vertices
            .iter()
            .map(|p| sub(*p, scale(l, p[2] / l[2])))
            .collect();
        let Some(p) = pts(cam, &ground) else { continue };
        let mut hull = Vector::<Point>::new();
        imgproc::convex_hull(&p, &mut hull, false, true)?;
        let mut v = Vector::<Vector<Point>>::new();
        v.push(hull);
        imgproc::fill_poly(
            &mut mask,
            &v,
            Scalar::all(scene.look.shadow),
            imgproc::LINE_AA,
            4,
            Point::default(),
        )?;
    }
    let mut soft = Mat::default();
    imgproc::gaussian_blur(
        &mask,
        &mut soft,
        Size::new(0, 0),
        4.0,
        4.0,
        opencv::core::BORDER_DEFAULT,
    )?;
    let (w, h) = (img.cols() as usize, img.rows() as usize);
    let m = soft.data_typed::<f32>()?.to_vec();
    let data = img.data_bytes_mut()?;
    for i in 0..w * h {
        let k = 1.0 - m[i];
        for c in 0..3 {
            data[i * 3 + c] = (data[i * 3 + c] as f32 * k) as u8;
        }
    }
    Ok(())
}

/// Lighting gradient, glare, blur and sensor noise, in place.
fn photograph(img: &mut Mat, look: &Look, rng: &mut Rng) -> opencv::Result<()> {
    if look.blur_px > 0.0 {
        let k = look.blur_px.round().max(1.0) as i32 * 2 + 1;
        let mut out = Mat::default();
        imgproc::blur(
            img,
            &mut out,
            Size::new(k, 1),
            Point::new(-1, -1),
            opencv::core::BORDER_DEFAULT,
        )?;
        *img = out;
    }
    let (w, h) = (img.cols() as usize, img.rows() as usize);
    let (ga, gs, gb) = look.gradient;
    let diag = ((w * w + h * h) as f64).sqrt();
    let glare = look
        .glare
        .map(|(x, y, s, a)| (x * w as f64, y * h as f64, s * diag, a));
    let data = img.data_bytes_mut()?;
    for y in 0..h {
        for x in 0..w {
            let t = ((x as f64 - w as f64 / 2.0) * ga.cos()
                + (y as f64 - h as f64 / 2.0) * ga.sin())
                / diag;
            let g = gb * (1.0 + gs * t);
            let add = glare.map_or(0.0, |(gx, gy, s, a)| {
                a * (-((x as f64 - gx).powi(2) + (y as f64 - gy).powi(2)) / (2.0 * s * s)).exp()
            });
            let i = (y * w + x) * 3;
            for c in 0..3 {
                let n = if look.noise > 0.0 {
                    look.noise * rng.normal()
                } else {
                    0.0
                };
                let lit = (data[i + c] as f64 * g + add) * look.white_balance[c];
                data[i + c] = (lit + n).clamp(0.0, 255.0) as u8;
            }
        }
    }
    Ok(())
}

/// Renders `scene` and computes its ground truth.
pub fn render(
    board: &Board,
    board_file: &str,
    scene: &Scene,
    image_name: &str,
) -> opencv::Result<(Mat, SceneTruth)> {
    let (tex, mut rng) = render_texture(board, scene)?;
    render_with(board, board_file, scene, image_name, &tex, &mut rng)
}

/// The board texture `scene` is drawn on (its art, webs and texture seed),
/// and the generator as drawing it left it (which [`render`] goes on with).
pub fn render_texture(board: &Board, scene: &Scene) -> opencv::Result<(Texture, Rng)> {
    let mut rng = Rng::new(scene.texture_seed);
    let tex: Texture = match scene.art {
        Art::Plain => render_board(board, &scene.webs, &mut rng)?,
        Art::Painted => crate::painted::render_painted(board, &scene.webs, &mut rng)?,
        Art::Ornate => crate::ornate::render_ornate(board, &scene.webs, &mut rng)?,
    };
    Ok((tex, rng))
}

/// [`render`] on a board texture drawn already (for `scene.webs`), with
/// `rng` as [`render_board`] left it: the frames of a clip share one
/// texture, which is most of the drawing time.
pub fn render_with(
    board: &Board,
    board_file: &str,
    scene: &Scene,
    image_name: &str,
    tex: &Texture,
    rng: &mut Rng,
) -> opencv::Result<(Mat, SceneTruth)> {
    let cam = &scene.camera;
    let b2i = cam.board_to_image();
    let t2i = mul(&b2i, &Texture::pixel_to_board());
    let mut img = Mat::default();
    imgproc::warp_perspective(
        &tex.image,
        &mut img,
        &to_mat(&t2i)?,
        Size::new(cam.width as i32, cam.height as i32),
        imgproc::INTER_LINEAR,
        opencv::core::BORDER_CONSTANT,
        Scalar::new(40.0, 60.0, 90.0, 0.0),
    )?;
    let mesh = Mesh::dodecahedron();
    draw_shadows(&mut img, cam, &mesh, scene)?;
    draw_dice(&mut img, cam, &mesh, scene)?;
    photograph(&mut img, &scene.look, rng)?;
    let webs = webs_of(board, &scene.webs);
    let dice = scene
        .dice
        .iter()
        .map(|d| die_truth(board, &mesh, cam, &webs, d))
        .collect();
    let truth = SceneTruth {
        format: FORMAT.into(),
        seed: scene.seed,
        image: image_name.into(),
        width: cam.width,
        height: cam.height,
        board: board_file.into(),
        webs: scene
            .webs
            .iter()
            .map(|&i| board.spec().holes[i].name.clone())
            .collect(),
        camera: cam.clone(),
        elevation_deg: scene.elevation_deg,
        board_to_image: b2i,
        die_edge_mm: DIE_EDGE_MM,
        dice,
    };
    Ok((img, truth))
}

pub fn die_truth(board: &Board, mesh: &Mesh, cam: &Camera, webs: &Webs, d: &DieSpec) -> DieTruth {
    let die = place(mesh, DIE_EDGE_MM, &d.pose);
    let top = top_corners(mesh, &die);
    let corners_mm: Vec<[f64; 2]> = top.iter().map(|p| [p[0], p[1]]).collect();
    let corners_px: Vec<[f64; 2]> = top
        .iter()
        .map(|p| cam.project(*p).unwrap_or([f64::NAN; 2]))
        .collect();
    let c3 = scale(
        top.iter().fold([0.0; 3], |s, v| add(s, *v)),
        1.0 / top.len() as f64,
    );
    let landing = board
        .landing(&corners_mm, webs)
        .expect("five finite corners");
    let clear = corners_mm
        .iter()
        .map(|p| clearance(board, *p, webs, 10.0))
        .fold(f64::INFINITY, f64::min);
    DieTruth {
        color: d.color,
        face: d.face,
        corners_px,
        corners_mm,
        center_px: cam.project(c3).unwrap_or([f64::NAN; 2]),
        center_mm: [c3[0], c3[1]],
        top_height_mm: -c3[2],
        border: landing.votes.len() > 1,
        tie: landing.tie,
        section: landing.section,
        corner_clearance_mm: clear,
        at_rest: d.moving_px == 0.0 && d.pose.tilt == 0.0,
    }
}

/// Convenience: board mm → image px with the scene's camera.
pub fn board_to_px(scene: &Scene, p: [f64; 2]) -> [f64; 2] {
    apply(&scene.camera.board_to_image(), p)
}

#[cfg(test)]
mod tests {
    use super::{sample_look, Options};
    use crate::rng::Rng;

    /// Without a cast the light is neutral and the looks drawn are the
    /// same as with one (the cast has a generator of its own); with one,
    /// red and blue move opposite ways within the strength asked.
    #[test]
    fn a_cast_shifts_the_white_balance_and_nothing_else() {
        let plain = Options::default();
        let cast = Options {
            cast: 0.3,
            ..Options::default()
        };
        let mut moved = 0;
        for seed in 0..50 {
            let a = sample_look(&plain, &mut Rng::new(seed));
            let mut b = sample_look(&cast, &mut Rng::new(seed));
            assert_eq!(a.white_balance, [1.0; 3]);
            let [blue, green, red] = b.white_balance;
            assert!((blue + red - 2.0).abs() < 1e-12, "{:?}", b.white_balance);
            assert!((red - 1.0).abs() <= 0.3 && (green - 1.0).abs() <= 0.15);
            moved += usize::from((red - 1.0).abs() > 0.05);
            b.white_balance = [1.0; 3];
            assert_eq!(a, b);
        }
        assert!(moved > 30, "{moved} of 50 casts moved red by over 0.05");
    }
}
