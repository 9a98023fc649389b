//! Development diagnostics for white dice the reader misses: for each
//! white die of the truth that the reading over the calibration still
//! lacks, whether a whole-frame read (no print test) finds it, how much
//! of its top face and of its side faces changed since the still, and
//! whether the frame's change covers it; with a crop (frame | still, the
//! true top face green, the whole-frame fit red) for each.
//! `cargo run --release -p tw-target --example whitediag -- DIR [OUTDIR] [COLOUR]`
//! (COLOUR: the truth colour to look at, default white).

use opencv::core::{self, Mat, Point, Rect, Scalar, Vector};
use opencv::imgproc;
use opencv::prelude::*;
use std::path::{Path, PathBuf};
use tw_board::Board;
use tw_target::eval::{calibration_still_of, evaluate_with};
use tw_target::pose::Pose;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let out = std::env::args().nth(2).map(PathBuf::from);
    let colour = std::env::args().nth(3).unwrap_or_else(|| "white".into());
    if let Some(o) = &out {
        std::fs::create_dir_all(o).unwrap();
    }
    let set = tw_target::DieSet::load(Path::new("models/dice-sets/dungeon-fighter.json")).unwrap();
    let board = Board::catacombs_default();
    let n = std::cell::Cell::new(0usize);
    evaluate_with(&dir, &board, &set, &|image, img, h, look, webs, set| {
        let still = tw_target::neutral_still(calibration_still_of(image)?, h, look)?;
        let (img, still) = tw_target::neutral_with_still(img, still.as_ref(), h, look)?;
        let reading =
            tw_target::read_over_still(&img, still.as_deref(), h, &board, webs, set)?;
        let Some(still) = still else {
            return Ok((reading, Default::default()));
        };
        let truth_path = image.with_extension("json");
        let t = tw_target::truth::load(&truth_path).unwrap();
        let pose = Pose::from_homography(h, img.cols() as u32, img.rows() as u32).unwrap();
        let changed = tw_target::print::changed_boxes(&img, &still)?;
        let mut whole = None;
        for d in t.dice.iter().filter(|d| d.color == colour) {
            let c = d.centre_mm().unwrap();
            let near = |ds: &[tw_target::TargetDie]| {
                ds.iter()
                    .map(|x| {
                        let m = centroid(&x.corners_mm);
                        ((m[0] - c[0]).hypot(m[1] - c[1]), x.clone())
                    })
                    .filter(|(e, _)| *e < 8.0)
                    .min_by(|a, b| a.0.total_cmp(&b.0))
            };
            if near(&reading.dice).is_some() {
                continue;
            }
            if whole.is_none() {
                whole = Some(tw_target::read_target_in(&img, h, &board, webs, set, None)?);
            }
            let raw = near(&whole.as_ref().unwrap().dice);
            let px = d.center_px.unwrap_or([0.0, 0.0]);
            let in_change = changed.iter().any(|b| {
                px[0] >= b[0] && px[0] <= b[0] + b[2] && px[1] >= b[1] && px[1] <= b[1] + b[3]
            });
            let top_true = d
                .corners_px
                .as_ref()
                .map(|cs| tw_target::throw::top_changed_share(&img, &still, cs))
                .transpose()?
                .flatten();
            let mut line = format!(
                "MISS {} {} {} sec {} at {:?} in_change {} top_true {:.2}",
                image.file_name().unwrap().to_string_lossy(),
                d.color,
                d.face.name(),
                d.section.name,
                px.map(|v| v.round()),
                in_change,
                top_true.unwrap_or(f64::NAN),
            );
            if let Some((e, x)) = &raw {
                let top = tw_target::throw::top_changed_share(&img, &still, &x.corners)?;
                let (ch, seen) = tw_target::throw::sides_changed(&img, &still, x, &reading.dice, &pose, &set.die)?;
                line += &format!(
                    " | whole-frame fit {:.1} mm off, {} {}, top {:.2}, sides {ch}/{seen}",
                    e,
                    x.color,
                    x.face,
                    top.unwrap_or(f64::NAN)
                );
            } else {
                line += " | whole-frame read: not found";
            }
            println!("{line}");
            if std::env::var("DIAG_DETAIL").is_ok() {
                detail(&img, h, &pose, &board, set, c);
            }
            if let Some(o) = &out {
                n.set(n.get() + 1);
                let file = o.join(format!("miss-{:03}.png", n.get()));
                crop(&img, &still, px, d.corners_px.as_deref(), raw.as_ref().map(|r| &r.1), &file);
            }
        }
        // Extras: dice read that match no true die.
        for x in &reading.dice {
            let m = centroid(&x.corners_mm);
            if t.dice.iter().any(|d| {
                let c = d.centre_mm().unwrap();
                (m[0] - c[0]).hypot(m[1] - c[1]) < 8.0
            }) {
                continue;
            }
            let top = tw_target::throw::top_changed_share(&img, &still, &x.corners)?;
            let (ch, seen) = tw_target::throw::sides_changed(&img, &still, x, &reading.dice, &pose, &set.die)?;
            println!(
                "EXTRA {} {} {} at {:?} top {:.2} sides {ch}/{seen}",
                image.file_name().unwrap().to_string_lossy(),
                x.color,
                x.face,
                x.center.map(|v| v.round()),
                top.unwrap_or(f64::NAN)
            );
            if let Some(o) = &out {
                n.set(n.get() + 1);
                let file = o.join(format!("extra-{:03}.png", n.get()));
                crop(&img, &still, x.center, None, Some(x), &file);
            }
        }
        Ok((reading, Default::default()))
    })
    .unwrap();
}

fn centroid(ps: &[[f64; 2]]) -> [f64; 2] {
    let n = ps.len().max(1) as f64;
    [
        ps.iter().map(|p| p[0]).sum::<f64>() / n,
        ps.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}

fn crop(
    img: &Mat,
    still: &Mat,
    c: [f64; 2],
    truth: Option<&[[f64; 2]]>,
    fit: Option<&tw_target::TargetDie>,
    file: &Path,
) {
    let r = 45;
    let x0 = (c[0] as i32 - r).clamp(0, img.cols() - 2 * r);
    let y0 = (c[1] as i32 - r).clamp(0, img.rows() - 2 * r);
    let rect = Rect::new(x0, y0, 2 * r, 2 * r);
    let poly = |ps: &[[f64; 2]]| -> Vector<Vector<Point>> {
        let v: Vector<Point> = ps
            .iter()
            .map(|p| Point::new((p[0] as i32 - x0) * 3, (p[1] as i32 - y0) * 3))
            .collect();
        Vector::from_iter([v])
    };
    let mut halves = Vector::<Mat>::new();
    for m in [img, still] {
        let mut big = Mat::default();
        imgproc::resize(
            &Mat::roi(m, rect).unwrap(),
            &mut big,
            core::Size::new(6 * r, 6 * r),
            0.0,
            0.0,
            imgproc::INTER_NEAREST,
        )
        .unwrap();
        if let Some(t) = truth {
            imgproc::polylines(&mut big, &poly(t), true, Scalar::new(0.0, 255.0, 0.0, 0.0), 1, imgproc::LINE_8, 0).unwrap();
        }
        if let Some(f) = fit {
            imgproc::polylines(&mut big, &poly(&f.corners), true, Scalar::new(0.0, 0.0, 255.0, 0.0), 1, imgproc::LINE_8, 0).unwrap();
        }
        halves.push(big);
    }
    let mut both = Mat::default();
    core::hconcat(&halves, &mut both).unwrap();
    opencv::imgcodecs::imwrite(&file.to_string_lossy(), &both, &Vector::new()).unwrap();
}

/// Every candidate and raw fit within 30 mm of the true centre `c`, with
/// the verifier's probability.
fn detail(img: &Mat, h: &[[f64; 3]; 3], pose: &Pose, board: &Board, set: &tw_target::DieSet, c: [f64; 2]) {
    let (mut cands, _) = tw_target::detect::find_candidates(img, h, pose, &set.die, board).unwrap();
    let nblob = cands.len();
    cands.extend(tw_target::ring::ring_candidates(img, pose, &set.die, board).unwrap());
    for (i, k) in cands.iter().enumerate() {
        let Some(m) = pose.unproject_at_height(k.centroid_px, set.die.height_mm() / 2.0) else {
            continue;
        };
        let e = (m[0] - c[0]).hypot(m[1] - c[1]);
        if e < 30.0 {
            println!(
                "  CAND {} err {:.1}mm area {:.0}/{:.0} ring {:.2}",
                if i < nblob { "blob" } else { "ring" },
                e,
                k.area_px,
                k.expected_px,
                k.ring_score
            );
        }
    }
    let ms = tw_target::read::measure_all(img, h, board, set).unwrap();
    for m in &ms {
        let e = (m.fit.centre_mm[0] - c[0]).hypot(m.fit.centre_mm[1] - c[1]);
        if e < 30.0 {
            let p = set
                .verifier
                .as_ref()
                .map_or(-1.0, |v| v.probability(&tw_target::verify::features(m)));
            println!("  FIT err {:.1}mm drop {:.1} score {:.1} top {:.1}/{:.1} out {:.1}/{:.1} cov {:.2} cd {:.4} band {:.2} side {:.3} {} {} conf {:.2} p {:.3}",
                e, m.fit.drop_mm, m.fit.score, m.fit.top_edge, m.fit.top_min, m.fit.outline_edge, m.fit.outline_min, m.coverage, m.color_dist, m.band_uniform, m.side_match, m.color, m.face, m.confidence, p);
        }
    }
}
