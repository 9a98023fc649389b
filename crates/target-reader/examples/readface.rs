//! Development diagnostics for icon/blank reads by the whole reader: for
//! every true die, the reading matched to it and the face descriptor at the
//! read corners and at the true corners, one CSV row each on stdout; the
//! face patches of wrong reads go to OUT.
//! `cargo run --release -p tw-target --example readface -- DIR OUT [SCENES]`
mod common;

use tw_board::{Board, Webs};
use tw_target::face::{describe, face_patch};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let out = std::path::PathBuf::from(std::env::args().nth(2).expect("OUT"));
    let only: Vec<String> = std::env::args()
        .nth(3)
        .map(|s| s.split(',').map(String::from).collect())
        .unwrap_or_default();
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    println!("scene,k,color,truth,read,conf,corner_mm,radius_px,frac,contrast,true_frac,true_contrast,band_b,band_g,band_r,mid_b,mid_g,mid_r,read_color");
    for sc in common::scenes(&dir) {
        if !only.is_empty() && !only.contains(&sc.name) {
            continue;
        }
        let webs = Webs::on(&board, &sc.truth.webs).unwrap();
        let r = tw_target::read_target(&sc.img, &sc.board_to_image, &board, &webs, &set).unwrap();
        for (k, d) in sc.truth.dice.iter().enumerate() {
            let dist = |c: &[[f64; 2]]| {
                let n = c.len() as f64;
                let m = [
                    c.iter().map(|p| p[0]).sum::<f64>() / n,
                    c.iter().map(|p| p[1]).sum::<f64>() / n,
                ];
                (m[0] - d.center_mm[0]).hypot(m[1] - d.center_mm[1])
            };
            let Some(rd) = r
                .dice
                .iter()
                .filter(|rd| dist(&rd.corners_mm) < 15.0)
                .min_by(|a, b| dist(&a.corners_mm).total_cmp(&dist(&b.corners_mm)))
            else {
                continue;
            };
            let corners: [[f64; 2]; 5] = std::array::from_fn(|i| rd.corners[i]);
            let patch = face_patch(&sc.img, &corners).unwrap();
            let desc = describe(&patch).unwrap();
            let mid = centre_bgr(&patch);
            let tc: [[f64; 2]; 5] = std::array::from_fn(|i| d.corners_px[i]);
            let tpatch = face_patch(&sc.img, &tc).unwrap();
            let tdesc = describe(&tpatch).unwrap();
            let truth = format!("{:?}", d.face).to_lowercase();
            println!(
                "{},{},{:?},{},{},{:.3},{:.2},{:.1},{:.3},{:.1},{:.3},{:.1},{:.0},{:.0},{:.0},{:.0},{:.0},{:.0},{}",
                sc.name,
                k,
                d.color,
                truth,
                rd.face,
                rd.confidence,
                common::worst_corner_mm(&d.corners_mm, &rd.corners_mm),
                common::top_radius_px(d),
                desc.glyph_fraction,
                desc.glyph_contrast,
                tdesc.glyph_fraction,
                tdesc.glyph_contrast,
                desc.bgr[0],
                desc.bgr[1],
                desc.bgr[2],
                mid[0],
                mid[1],
                mid[2],
                rd.color
            );
            if rd.face != truth {
                let stem = format!("{}-{}", sc.name.trim_end_matches(".json"), k);
                let mut big = opencv::core::Mat::default();
                let mut tbig = opencv::core::Mat::default();
                for (p, b) in [(&patch, &mut big), (&tpatch, &mut tbig)] {
                    opencv::imgproc::resize(
                        p,
                        b,
                        opencv::core::Size::new(160, 160),
                        0.0,
                        0.0,
                        opencv::imgproc::INTER_NEAREST,
                    )
                    .unwrap();
                }
                let v = opencv::core::Vector::<opencv::core::Mat>::from_iter([big, tbig]);
                let mut both = opencv::core::Mat::default();
                opencv::core::hconcat(&v, &mut both).unwrap();
                opencv::imgcodecs::imwrite(
                    out.join(format!("{stem}.png")).to_str().unwrap(),
                    &both,
                    &opencv::core::Vector::new(),
                )
                .unwrap();
            }
        }
    }
}

/// Median colour of the patch within 0.2 of the pentagon's circumradius.
fn centre_bgr(patch: &opencv::core::Mat) -> [f64; 3] {
    use opencv::prelude::*;
    let (w, h) = (patch.cols() as usize, patch.rows() as usize);
    let d = patch.data_bytes().unwrap();
    let radius = 0.45 * w.min(h) as f64;
    let mut v: Vec<[f64; 3]> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let r =
                (x as f64 + 0.5 - w as f64 / 2.0).hypot(y as f64 + 0.5 - h as f64 / 2.0) / radius;
            if r < 0.2 {
                let i = (y * w + x) * 3;
                v.push([d[i] as f64, d[i + 1] as f64, d[i + 2] as f64]);
            }
        }
    }
    std::array::from_fn(|k| {
        let mut c: Vec<f64> = v.iter().map(|p| p[k]).collect();
        c.sort_by(f64::total_cmp);
        c[c.len() / 2]
    })
}
