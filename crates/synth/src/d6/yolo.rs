//! Writing d6 scenes as a YOLO folder: `NNNN.jpg`, `NNNN.txt` (one line
//! `class cx cy w h` per die, normalised, the box around the top face) and
//! `classes.txt` (one face name a line), as `warden eval dice --yolo` and
//! `warden dice enroll --yolo` read them.

use super::render::{render_d6, Rgb8};
use super::{sample_d6_scene, top_box, D6Options, D6Scene, DieSet};
use crate::write::{io, scene_seed, write_image, WriteError};
use opencv::core::{Mat, Scalar, CV_8UC3};
use opencv::prelude::*;
use std::path::Path;

/// One label line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Label {
    pub class: usize,
    /// Centre and size, as fractions of the image width and height.
    pub cx: f64,
    pub cy: f64,
    pub w: f64,
    pub h: f64,
}

impl Label {
    pub fn line(&self) -> String {
        format!("{} {:.6} {:.6} {:.6} {:.6}", self.class, self.cx, self.cy, self.w, self.h)
    }
    /// Parses a label line; the error names the field.
    pub fn parse(line: &str) -> Result<Label, String> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 5 {
            return Err(format!("expected 5 fields, got {}", f.len()));
        }
        let class = f[0].parse().map_err(|_| format!("class: {:?} is not a class number", f[0]))?;
        let num = |i: usize, name: &str| f[i].parse::<f64>().map_err(|_| format!("{name}: {:?} is not a number", f[i]));
        Ok(Label { class, cx: num(1, "cx")?, cy: num(2, "cy")?, w: num(3, "w")?, h: num(4, "h")? })
    }
}

/// Labels of a scene: each die's top-face box, clipped to the image.
pub fn labels(scene: &D6Scene) -> Vec<Label> {
    let cam = &scene.camera;
    let (w, h) = (cam.width as f64, cam.height as f64);
    scene
        .dice
        .iter()
        .filter_map(|d| {
            let b = top_box(cam, d)?;
            let (x0, y0, x1, y1) = (b[0].max(0.0), b[1].max(0.0), b[2].min(w), b[3].min(h));
            (x1 > x0 && y1 > y0).then(|| Label {
                class: d.top_class(),
                cx: (x0 + x1) / 2.0 / w,
                cy: (y0 + y1) / 2.0 / h,
                w: (x1 - x0) / w,
                h: (y1 - y0) / h,
            })
        })
        .collect()
}

/// An RGB image as an OpenCV BGR matrix, for the JPEG encoder.
pub fn to_bgr_mat(img: &Rgb8) -> Result<Mat, WriteError> {
    let mut m = Mat::new_rows_cols_with_default(img.height as i32, img.width as i32, CV_8UC3, Scalar::all(0.0))?;
    let out = m.data_bytes_mut()?;
    for (o, i) in out.chunks_mut(3).zip(img.data.chunks(3)) {
        o.copy_from_slice(&[i[2], i[1], i[0]]);
    }
    Ok(m)
}

/// What a run wrote.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Written {
    pub images: usize,
    pub dice: usize,
    /// Dice per class.
    pub per_class: Vec<usize>,
}

/// Writes `count` scenes of `set` into `dir`.
pub fn write_d6(dir: &Path, set: DieSet, seed: u64, count: usize, opts: &D6Options) -> Result<Written, WriteError> {
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let classes = dir.join("classes.txt");
    std::fs::write(&classes, set.classes().join("\n") + "\n").map_err(|e| io(&classes, e))?;
    let mut out = Written { per_class: vec![0; set.classes().len()], ..Written::default() };
    for i in 0..count {
        let scene = sample_d6_scene(set, scene_seed(seed, i), opts);
        let img = render_d6(&scene);
        let jpg = dir.join(format!("{i:04}.jpg"));
        write_image(&jpg, &to_bgr_mat(&img)?, scene.photo.jpeg_quality)?;
        let ls = labels(&scene);
        let txt = dir.join(format!("{i:04}.txt"));
        let text: String = ls.iter().map(|l| l.line() + "\n").collect();
        std::fs::write(&txt, text).map_err(|e| io(&txt, e))?;
        out.images += 1;
        out.dice += ls.len();
        for l in &ls {
            out.per_class[l.class] += 1;
        }
    }
    Ok(out)
}
