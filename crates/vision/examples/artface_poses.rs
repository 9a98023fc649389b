//! Development helper: how well die-body proposals and their refit top
//! faces (`artface::top`) cover the labelled top faces of a YOLO folder.
//! For each label, the smallest proposal holding its centre (as a click
//! picks it) is compared with the label box by IoU.
//! Third line: the fitter alone, started a sixth of a face off the label
//! at 0.8 of its width (`FIXQ=1`: at the label's foreshortening).
//! `RATIO=1` prints each label's width over the fit's and the centre's
//! offset; `DRAW=1` writes the labels and fits over each image to /tmp/s6art.
//! `artface_poses DIR`
use std::time::Instant;
use tw_vision::artface::{top::top_faces, Prepared};
use tw_vision::eval::{list_images, parse_yolo_named};
use tw_vision::faceset::class_names;
use tw_vision::image_io::{frame_size, load_bgr};

fn iou(a: [f32; 4], b: [f32; 4]) -> f32 {
    let i = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0) * (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    let area = |r: [f32; 4]| (r[2] - r[0]) * (r[3] - r[1]);
    i / (area(a) + area(b) - i).max(1e-6)
}

fn pick(rects: &[[f32; 4]], at: [f32; 2]) -> Option<[f32; 4]> {
    rects
        .iter()
        .filter(|r| r[0] <= at[0] && at[0] <= r[2] && r[1] <= at[1] && at[1] <= r[3])
        .min_by(|a, b| ((a[2] - a[0]) * (a[3] - a[1])).total_cmp(&((b[2] - b[0]) * (b[3] - b[1]))))
        .copied()
}

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let names = class_names(&dir).expect("classes");
    let mut stats = [(0usize, 0usize, 0f32); 3];
    let mut unpicked = [0usize; 2];
    let (mut n, mut fit_ms) = (0usize, 0f64);
    for img in list_images(&dir).expect("images") {
        let frame = load_bgr(&img).expect("image");
        let (w, h) = frame_size(&frame);
        let text = std::fs::read_to_string(img.with_extension("txt")).unwrap_or_default();
        let labels = parse_yolo_named(&text, w, h, &names).expect("labels");
        let mut c = tw_vision::bodies::body_candidates(&frame).expect("bodies");
        c.sort_by(|a, b| b.side.total_cmp(&a.side));
        let mut raw: Vec<[f32; 4]> = Vec::new();
        for b in &c {
            let r = b.side / 2.0;
            let inside = raw.iter().any(|p| {
                p[0] <= b.center[0]
                    && b.center[0] <= p[2]
                    && p[1] <= b.center[1]
                    && b.center[1] <= p[3]
            });
            if !inside && b.side >= 8.0 {
                raw.push([
                    b.center[0] - r,
                    b.center[1] - r,
                    b.center[0] + r,
                    b.center[1] + r,
                ]);
            }
        }
        let t = Instant::now();
        let prep = Prepared::new(&frame).expect("prep");
        let tops = top_faces(&prep, &c);
        let fitted: Vec<[f32; 4]> = tops.iter().map(|f| f.bbox()).collect();
        fit_ms += t.elapsed().as_secs_f64() * 1000.0;
        let mut show = std::env::var("DRAW").ok().map(|_| frame.clone());
        if let Some(ref mut m) = show {
            use opencv::{
                core::{Rect, Scalar},
                imgproc,
            };
            for l in &labels {
                imgproc::rectangle(
                    m,
                    Rect::new(
                        l.x0 as i32,
                        l.y0 as i32,
                        (l.x1 - l.x0) as i32,
                        (l.y1 - l.y0) as i32,
                    ),
                    Scalar::new(0.0, 255.0, 0.0, 0.0),
                    1,
                    8,
                    0,
                )
                .unwrap();
            }
        }
        for l in &labels {
            let truth = [l.x0, l.y0, l.x1, l.y1];
            let at = [(l.x0 + l.x1) / 2.0, (l.y0 + l.y1) / 2.0];
            n += 1;
            // The fitter alone: started a sixth of a face off, 0.8 of its width.
            let lw = l.x1 - l.x0;
            let of = if std::env::var("FIXQ").is_ok() {
                let q = ((l.y1 - l.y0) / lw).min(1.0);
                tw_vision::artface::fit_top(
                    &prep,
                    [at[0] + lw / 6.0, at[1] - lw / 8.0],
                    lw / q.sqrt() / 1.2,
                    Some(q),
                )
            } else {
                tw_vision::artface::fit_top(
                    &prep,
                    [at[0] + lw / 6.0, at[1] - lw / 8.0],
                    0.8 * lw,
                    None,
                )
            };
            let oracle = of.bbox();
            if std::env::var("RATIO").is_ok() {
                println!(
                    "RATIO {} {:.3} {:.3} {:.3} {:.1}",
                    l.name,
                    lw / (oracle[2] - oracle[0]),
                    ((oracle[0] + oracle[2]) / 2.0 - at[0]) / lw,
                    ((oracle[1] + oracle[3]) / 2.0 - at[1]) / lw,
                    of.contrast
                );
            }
            if let (Some(ref mut m), true) = (&mut show, std::env::var("DRAW_ORACLE").is_ok()) {
                use opencv::{
                    core::{Point, Rect, Scalar},
                    imgproc,
                };
                imgproc::rectangle(
                    m,
                    Rect::new(l.x0 as i32, l.y0 as i32, lw as i32, (l.y1 - l.y0) as i32),
                    Scalar::new(0.0, 255.0, 0.0, 0.0),
                    1,
                    8,
                    0,
                )
                .unwrap();
                let c = of.corners();
                for i in 0..4 {
                    let (a, b) = (c[i], c[(i + 1) % 4]);
                    imgproc::line(
                        m,
                        Point::new(a[0] as i32, a[1] as i32),
                        Point::new(b[0] as i32, b[1] as i32),
                        Scalar::new(0.0, 0.0, 255.0, 0.0),
                        1,
                        8,
                        0,
                    )
                    .unwrap();
                }
            }
            for (k, rects) in [&raw, &fitted, &vec![oracle]].into_iter().enumerate() {
                let got = pick(rects, at);
                if got.is_none() && k < 2 {
                    unpicked[k] += 1;
                }
                if std::env::var("SHOW").is_ok() && k == 2 {
                    println!(
                        "{} {:?} truth {:?} got {:?}",
                        img.display(),
                        l.name,
                        truth,
                        got
                    );
                }
                let v = got.map_or(0.0, |r| iou(r, truth));
                stats[k].0 += (v >= 0.5) as usize;
                stats[k].1 += (v >= 0.7) as usize;
                stats[k].2 += v;
            }
        }
        if let Some(mut m) = show {
            use opencv::{
                core::{Point, Scalar},
                imgproc,
            };
            for f in &tops {
                let c = f.corners();
                for i in 0..4 {
                    let (a, b) = (c[i], c[(i + 1) % 4]);
                    imgproc::line(
                        &mut m,
                        Point::new(a[0] as i32, a[1] as i32),
                        Point::new(b[0] as i32, b[1] as i32),
                        Scalar::new(255.0, 0.0, 0.0, 0.0),
                        1,
                        8,
                        0,
                    )
                    .unwrap();
                }
            }
            for b in &c {
                imgproc::circle(
                    &mut m,
                    Point::new(b.center[0] as i32, b.center[1] as i32),
                    3,
                    Scalar::new(255.0, 255.0, 0.0, 0.0),
                    -1,
                    8,
                    0,
                )
                .unwrap();
            }
            let out = format!(
                "/tmp/s6art/draw-{}.png",
                img.file_stem().unwrap().to_string_lossy()
            );
            opencv::imgcodecs::imwrite(&out, &m, &opencv::core::Vector::new()).unwrap();
        }
    }
    for (k, name) in [
        "body squares",
        "fitted tops",
        "fit from a loose box at the label",
    ]
    .iter()
    .enumerate()
    {
        let (a, b, m) = stats[k];
        println!(
            "{name}: {n} labels, IoU>=0.5 {a} ({:.1} %), IoU>=0.7 {b} ({:.1} %), mean IoU {:.3}",
            100.0 * a as f64 / n as f64,
            100.0 * b as f64 / n as f64,
            m / n as f32
        );
    }
    println!("no proposal under the click: {:?}", unpicked);
    println!(
        "prepare + fit: {:.1} ms per image",
        fit_ms / list_images(&dir).unwrap().len() as f64
    );
}
