//! Ray-marching a d6 scene into an 8-bit RGB image.
//!
//! Each die is a rounded cube, found along a camera ray by sphere tracing its
//! distance function in the die's own frame; the ray that misses every die
//! lands on the table (world z = 0). Shading: the lamp's diffuse light with a
//! soft shadow (marching toward the lamp, penumbra from the lamp's size),
//! ambient light darkened where dice meet the table, a highlight on the
//! plastic (stronger with glare) and on glossy tables. Pixels near a die get
//! 2×2 samples for smooth edges and face art. Then vignette, lens blur and
//! sensor noise are painted on; JPEG loss comes when the file is written.

use super::art::{paint_at, Paint};
use super::surface::srgb;
use super::{D6Die, D6Scene, CUBE_NORMALS};
use crate::camera::Camera;
use crate::math::*;
use crate::rng::Rng;

/// An 8-bit image, RGB, row by row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgb8 {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl Rgb8 {
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }
}

/// What to draw; tests switch parts off to see where each part lands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parts {
    pub dice: bool,
    pub art: bool,
}

impl Default for Parts {
    fn default() -> Parts {
        Parts { dice: true, art: true }
    }
}

/// Unit world direction of the ray through pixel `(x, y)`.
pub fn ray_dir(cam: &Camera, x: f64, y: f64) -> V3 {
    let c = [(x - cam.width as f64 / 2.0) / cam.focal_px, (y - cam.height as f64 / 2.0) / cam.focal_px, 1.0];
    let r = &cam.rotation;
    norm([
        r[0][0] * c[0] + r[1][0] * c[1] + r[2][0] * c[2],
        r[0][1] * c[0] + r[1][1] * c[1] + r[2][1] * c[2],
        r[0][2] * c[0] + r[1][2] * c[1] + r[2][2] * c[2],
    ])
}

/// A die prepared for ray queries.
struct Solid<'a> {
    die: &'a D6Die,
    centre: V3,
    /// World → die frame.
    inv: M3,
    half: f64,
    round: f64,
    bound: f64,
}

impl Solid<'_> {
    fn sdf(&self, p: V3) -> f64 {
        let q = p.map(|x| x.abs() - (self.half - self.round));
        let out = [q[0].max(0.0), q[1].max(0.0), q[2].max(0.0)];
        dot(out, out).sqrt() + q[0].max(q[1]).max(q[2]).min(0.0) - self.round
    }
    fn normal(&self, p: V3) -> V3 {
        let q = p.map(|x| x.abs() - (self.half - self.round));
        let out = [q[0].max(0.0), q[1].max(0.0), q[2].max(0.0)];
        let n = if dot(out, out) > 1e-12 {
            out
        } else {
            let k = if q[0] >= q[1] && q[0] >= q[2] { 0 } else if q[1] >= q[2] { 1 } else { 2 };
            let mut e = [0.0; 3];
            e[k] = 1.0;
            e
        };
        norm([n[0] * p[0].signum(), n[1] * p[1].signum(), n[2] * p[2].signum()])
    }
    fn to_local(&self, p: V3) -> V3 {
        mul_v(&self.inv, sub(p, self.centre))
    }
    /// Nearest hit along the ray, in local coordinates.
    fn hit(&self, o: V3, d: V3) -> Option<(f64, V3)> {
        let oc = sub(o, self.centre);
        let b = dot(oc, d);
        let disc = b * b - (dot(oc, oc) - self.bound * self.bound);
        if disc < 0.0 {
            return None;
        }
        let (ol, dl) = (mul_v(&self.inv, oc), mul_v(&self.inv, d));
        let (mut t0, mut t1) = (0.0f64, f64::MAX);
        for k in 0..3 {
            let inv = 1.0 / if dl[k].abs() < 1e-12 { 1e-12 } else { dl[k] };
            let (a, c) = ((-self.half - ol[k]) * inv, (self.half - ol[k]) * inv);
            t0 = t0.max(a.min(c));
            t1 = t1.min(a.max(c));
        }
        if t0 > t1 {
            return None;
        }
        let mut t = t0;
        for _ in 0..64 {
            let p = add(ol, scale(dl, t));
            let s = self.sdf(p);
            if s < 1e-3 * self.half {
                return Some((t, p));
            }
            t += s;
            if t > t1 {
                return None;
            }
        }
        None
    }
    /// Unshadowed fraction of the lamp seen from `p` past this die (1 = none
    /// blocked); `k` turns angular clearance into penumbra.
    fn shade(&self, p: V3, l: V3, reach: f64, k: f64) -> f64 {
        let oc = sub(self.centre, p);
        let along = dot(oc, l);
        if along < -self.bound {
            return 1.0;
        }
        let miss = (dot(oc, oc) - along * along).max(0.0).sqrt();
        if miss > self.bound + along.max(0.0) / k + 0.5 {
            return 1.0;
        }
        let (pl, ll) = (self.to_local(p), mul_v(&self.inv, l));
        let mut res: f64 = 1.0;
        let mut t = (along - self.bound).max(0.02 * self.half);
        let end = (along + self.bound * 2.0 + 10.0 * self.half).min(reach);
        while t < end {
            let s = self.sdf(add(pl, scale(ll, t)));
            if s < 1e-4 {
                return 0.0;
            }
            res = res.min(k * s / t);
            t += s.clamp(0.03 * self.half, self.half);
        }
        res.clamp(0.0, 1.0)
    }
    /// Distance from table point `p` to the die's footprint (0 inside).
    fn footprint_dist(&self, p: [f64; 2]) -> f64 {
        let (s, c) = self.die.yaw.sin_cos();
        let (dx, dy) = (p[0] - self.centre[0], p[1] - self.centre[1]);
        let (x, y) = ((c * dx + s * dy).abs() - self.half, (-s * dx + c * dy).abs() - self.half);
        x.max(0.0).hypot(y.max(0.0))
    }
}

fn smooth(x: f64) -> f64 {
    let x = x.clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

struct Ctx<'a> {
    scene: &'a D6Scene,
    solids: Vec<Solid<'a>>,
    parts: Parts,
    /// Exponent of the lamp's mirror highlight: it falls to half at the
    /// edge of the lamp's disc as seen from the table.
    sharp: f64,
}

impl Ctx<'_> {
    /// Fraction of the lamp reaching `p` (soft shadows of all dice).
    fn lit(&self, p: V3, skip: Option<usize>) -> (V3, f64, f64) {
        let to = sub(self.scene.light.pos, p);
        let dist = dot(to, to).sqrt();
        let l = scale(to, 1.0 / dist);
        let k = dist / self.scene.light.radius;
        let mut vis = 1.0f64;
        for (i, s) in self.solids.iter().enumerate() {
            if Some(i) == skip {
                continue;
            }
            let mut v = s.shade(p, l, dist, k);
            if s.die.look.body.translucent() {
                v = v.max(0.5);
            }
            vis = vis.min(v);
        }
        (l, dist, smooth(vis))
    }

    fn sample(&self, o: V3, d: V3) -> V3 {
        let light = &self.scene.light;
        let glare = self.scene.photo.glare;
        let mut best: Option<(f64, usize, V3)> = None;
        if self.parts.dice {
            for (i, s) in self.solids.iter().enumerate() {
                if let Some((t, pl)) = s.hit(o, d) {
                    if best.is_none_or(|b| t < b.0) {
                        best = Some((t, i, pl));
                    }
                }
            }
        }
        if let Some((t, i, pl)) = best {
            let s = &self.solids[i];
            let look = &s.die.look;
            let p = add(o, scale(d, t));
            let nl = s.normal(pl);
            let n = mul_v(&transpose(&s.inv), nl);
            // Which cube face, and where on it.
            let ax = if pl[0].abs() >= pl[1].abs() && pl[0].abs() >= pl[2].abs() {
                0
            } else if pl[1].abs() >= pl[2].abs() {
                1
            } else {
                2
            };
            let face = 2 * ax + usize::from(pl[ax] < 0.0);
            let fnorm = CUBE_NORMALS[face];
            let mut ua = [0.0; 3];
            ua[(ax + 1) % 3] = 1.0;
            let va = cross(fnorm, ua);
            let (u, v) = (dot(pl, ua) / s.half, dot(pl, va) / s.half);
            let body = look.body.at(scale(pl, 1.0 / s.die.edge), self.scene.seed ^ (i as u64 * 7919));
            let flat = u.abs().max(v.abs()) < 1.0 - 0.5 * s.round / s.half;
            let paint = if self.parts.art && flat { paint_at(self.scene.set, look.faces[face], [u / 0.85, v / 0.85]) } else { None };
            let albedo = match paint {
                None | Some(Paint::Body) => body,
                Some(Paint::Ink) => look.ink,
                Some(Paint::Color(c)) => srgb(c),
            };
            let (l, _, vis) = self.lit(add(p, scale(n, 0.02 * s.half)), Some(i));
            let diff = dot(n, l).max(0.0);
            let height = -p[2] / s.die.edge;
            let ao = 1.0 - 0.35 * (-height / 0.12).exp();
            let h = norm(sub(l, d));
            // A broad sheen, plus the lamp's own mirror image: as sharp as the
            // lamp is small, so a flat face flares only when it mirrors the lamp.
            let nh = dot(n, h).max(0.0);
            let spec = (0.25 * look.gloss * nh.powf(look.shininess) + (0.3 * look.gloss + glare) * nh.powf(self.sharp)) * vis;
            let sheen = 0.05 * (1.0 - dot(n, scale(d, -1.0)).max(0.0)).powi(4);
            let (amb, dif) = if look.body.translucent() { (light.ambient + 0.25, 0.6) } else { (light.ambient, 0.85) };
            return [0, 1, 2].map(|c| albedo[c] * (amb * ao + dif * diff * vis * light.color[c]) + (spec + sheen) * light.color[c]);
        }
        // The table.
        if d[2] <= 1e-9 {
            return [0.02, 0.02, 0.02];
        }
        let t = -o[2] / d[2];
        let p = add(o, scale(d, t));
        let albedo = self.scene.table.albedo([p[0], p[1]], self.scene.seed);
        let n = [0.0, 0.0, -1.0];
        let (l, _, vis) = if self.parts.dice { self.lit(p, None) } else { (norm(sub(light.pos, p)), 0.0, 1.0) };
        let mut ao = 1.0;
        if self.parts.dice {
            for s in &self.solids {
                ao *= 1.0 - 0.6 * (-s.footprint_dist([p[0], p[1]]) / (0.1 * s.die.edge)).exp();
            }
        }
        let diff = dot(n, l).max(0.0);
        let h = norm(sub(l, d));
        let nh = dot(n, h).max(0.0);
        let spec = self.scene.table.gloss() * (0.3 * nh.powf(40.0) + glare * nh.powf(self.sharp * 0.25)) * vis;
        [0, 1, 2].map(|c| albedo[c] * (light.ambient * ao + 0.85 * diff * vis * light.color[c]) + spec * light.color[c])
    }
}

fn transpose(m: &M3) -> M3 {
    [[m[0][0], m[1][0], m[2][0]], [m[0][1], m[1][1], m[2][1]], [m[0][2], m[1][2], m[2][2]]]
}

/// Renders the scene with every part.
pub fn render_d6(scene: &D6Scene) -> Rgb8 {
    render_parts(scene, Parts::default())
}

/// Renders the scene with the chosen parts.
pub fn render_parts(scene: &D6Scene, parts: Parts) -> Rgb8 {
    let cam = &scene.camera;
    let (w, h) = (cam.width as usize, cam.height as usize);
    let solids: Vec<Solid> = scene
        .dice
        .iter()
        .map(|d| {
            let half = d.edge / 2.0;
            Solid { die: d, centre: d.centre(), inv: transpose(&d.orient), half, round: 0.13 * d.edge, bound: half * 3f64.sqrt() }
        })
        .collect();
    // Screen boxes of the dice (bounding spheres), where pixels get 2×2 samples.
    let boxes: Vec<[f64; 4]> = solids
        .iter()
        .filter_map(|s| {
            let c = cam.to_camera(s.centre);
            let p = cam.project(s.centre)?;
            let r = cam.focal_px * s.bound / (c[2] - s.bound).max(1e-3) + 2.0;
            Some([p[0] - r, p[1] - r, p[0] + r, p[1] + r])
        })
        .collect();
    let l = &scene.light;
    let half_angle = (l.radius / dot(l.pos, l.pos).sqrt()).atan() / 2.0;
    let sharp = (0.5f64.ln() / half_angle.cos().ln()).clamp(50.0, 5000.0);
    let ctx = Ctx { scene, solids, parts, sharp };
    let mut buf = vec![0f32; w * h * 3];
    let o = cam.eye;
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f64 + 0.5, y as f64 + 0.5);
            let near = parts.dice && boxes.iter().any(|b| fx >= b[0] && fx <= b[2] && fy >= b[1] && fy <= b[3]);
            let col = if near {
                let mut acc = [0.0; 3];
                for (dx, dy) in [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)] {
                    acc = add(acc, ctx.sample(o, ray_dir(cam, fx + dx, fy + dy)));
                }
                scale(acc, 0.25)
            } else {
                ctx.sample(o, ray_dir(cam, fx, fy))
            };
            let i = 3 * (y * w + x);
            for c in 0..3 {
                buf[i + c] = col[c] as f32;
            }
        }
    }
    photograph(scene, &mut buf, w, h)
}

/// Exposure, vignette, blur, gamma and sensor noise.
fn photograph(scene: &D6Scene, buf: &mut [f32], w: usize, h: usize) -> Rgb8 {
    let ph = &scene.photo;
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let r2max = cx * cx + cy * cy;
    for y in 0..h {
        for x in 0..w {
            let r2 = ((x as f64 - cx).powi(2) + (y as f64 - cy).powi(2)) / r2max;
            let f = (ph.exposure * (1.0 - ph.vignette * r2)) as f32;
            for c in 0..3 {
                buf[3 * (y * w + x) + c] *= f;
            }
        }
    }
    if ph.blur_px > 0.05 {
        blur(buf, w, h, ph.blur_px);
    }
    let mut rng = Rng::new(scene.seed ^ 0x6E6F_6973_65);
    let mut data = vec![0u8; w * h * 3];
    for (i, px) in buf.chunks(3).enumerate() {
        let grain = if ph.noise > 0.0 { rng.normal() * ph.noise * 0.6 } else { 0.0 };
        for c in 0..3 {
            let v = (px[c].max(0.0) as f64).powf(1.0 / 2.2) * 255.0;
            let n = if ph.noise > 0.0 { grain + rng.normal() * ph.noise * 0.8 } else { 0.0 };
            data[3 * i + c] = (v + n).round().clamp(0.0, 255.0) as u8;
        }
    }
    Rgb8 { width: w as u32, height: h as u32, data }
}

/// Separable Gaussian blur of a 3-channel float image.
fn blur(buf: &mut [f32], w: usize, h: usize, sigma: f64) {
    let r = (sigma * 2.5).ceil() as isize;
    let k: Vec<f32> = (-r..=r).map(|i| (-(i * i) as f64 / (2.0 * sigma * sigma)).exp() as f32).collect();
    let sum: f32 = k.iter().sum();
    let k: Vec<f32> = k.iter().map(|v| v / sum).collect();
    let mut tmp = vec![0f32; buf.len()];
    for (step, len, other) in [(3usize, w, h), (3 * w, h, w)] {
        for j in 0..other {
            let base = if step == 3 { 3 * j * w } else { 3 * j };
            for i in 0..len {
                let mut acc = [0f32; 3];
                for (ki, kv) in k.iter().enumerate() {
                    let s = (i as isize + ki as isize - r).clamp(0, len as isize - 1) as usize;
                    for c in 0..3 {
                        acc[c] += kv * buf[base + s * step + c];
                    }
                }
                tmp[base + i * step..base + i * step + 3].copy_from_slice(&acc);
            }
        }
        buf.copy_from_slice(&tmp);
    }
}
