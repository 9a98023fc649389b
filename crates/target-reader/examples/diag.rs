//! Development diagnostics: per generated die, how far the fitted top face
//! is from the truth (centre in mm, turn in degrees) and what the candidate
//! measurements look like, plus every unmatched detection's measurements.
//! `cargo run --release -p tw-target --example diag -- DIR`

mod common;

use tw_board::Board;
use tw_target::read::measure_candidates;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    for sc in common::scenes(&dir) {
        let (t, img, name) = (sc.truth, sc.img, sc.name);
        let table_to_image = sc.board_to_image;
        let ms = measure_candidates(&img, &table_to_image, &board, &set).unwrap();
        let mut used = vec![false; ms.len()];
        let pose =
            tw_target::pose::Pose::from_homography(&table_to_image, t.width, t.height).unwrap();
        for d in &t.dice {
            let e = d
                .corners_mm
                .iter()
                .zip(&d.corners_px)
                .map(|(m, p)| {
                    let q = pose.project([m[0], m[1], -d.top_height_mm]).unwrap();
                    (q[0] - p[0]).hypot(q[1] - p[1])
                })
                .fold(0.0f64, f64::max);
            println!(
                "POSE el {:.0} f_true {:.0} f_est {:.0} reproj_px {:.2}",
                t.elevation_deg, t.camera.focal_px, pose.focal_px, e
            );
        }
        for d in &t.dice {
            let best = ms
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    (
                        i,
                        (m.fit.centre_mm[0] - d.center_mm[0])
                            .hypot(m.fit.centre_mm[1] - d.center_mm[1]),
                    )
                })
                .filter(|(_, e)| *e < 12.0)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            // True yaw: angle of the first true corner around the centre, mod 72°.
            let c = d.center_mm;
            let tyaw = (d.corners_mm[0][1] - c[1])
                .atan2(d.corners_mm[0][0] - c[0])
                .to_degrees()
                .rem_euclid(72.0);
            let sc = (t.board_to_image[0][0].powi(2) + t.board_to_image[1][0].powi(2)).sqrt();
            match best {
                Some((i, e)) => {
                    used[i] = true;
                    let m = &ms[i];
                    let fy = m.fit.yaw.to_degrees().rem_euclid(72.0);
                    let mut dy = (fy - tyaw).rem_euclid(72.0);
                    if dy > 36.0 {
                        dy -= 72.0;
                    }
                    let gr = tw_target::fit::Gradients::new(&img).unwrap();
                    let at_truth = tw_target::fit::score_at(
                        &gr,
                        &pose,
                        &set.die,
                        d.center_mm,
                        tyaw.to_radians(),
                    )
                    .unwrap();
                    let at_fit =
                        tw_target::fit::score_at(&gr, &pose, &set.die, m.fit.centre_mm, m.fit.yaw)
                            .unwrap();
                    println!(
                        "SCORE truth {:.1} {:.1} {:.1} fit {:.1} {:.1} {:.1}",
                        at_truth.0, at_truth.1, at_truth.2, at_fit.0, at_fit.1, at_fit.2
                    );
                    if std::env::var("DRIFT").is_ok() {
                        let mut line = String::from("DRIFT");
                        for lam in [0.0, 0.5, 1.0, 2.0, 100.0] {
                            let obj = |c: [f64; 2], y: f64| {
                                tw_target::fit::score_at(&gr, &pose, &set.die, c, y)
                                    .map(|s| s.1 + lam * s.2)
                            };
                            let c_start = d.center_mm;
                            let y_start = tyaw.to_radians();
                            let s_start = obj(c_start, y_start).unwrap();
                            let (_, c0, y0) =
                                tw_target::fit::pattern_search(&obj, (s_start, c_start, y_start));
                            line += &format!(
                                " l{lam}: {:.2}mm {:.1}deg",
                                (c0[0] - d.center_mm[0]).hypot(c0[1] - d.center_mm[1]),
                                (y0.to_degrees() - tyaw)
                            );
                        }
                        println!("{line}");
                    }
                    if std::env::var("DUMP").is_ok() {
                        println!(
                            "DUMP {name} {} {} {}",
                            serde_json::to_string(&d.corners_px).unwrap(),
                            serde_json::to_string(&m.fit.corners_px).unwrap(),
                            serde_json::to_string(&m.fit.silhouette_px).unwrap()
                        );
                    }
                    println!(
                        "DIE {name} {:>5} {:>5} el {:>4.0} h {:>5.1} cerr {:>5.2} yerr {:>6.1} top {:>6.1} out {:>6.1} cov {:.2} cd {:.4} {} {} conf {:.2} sec {} p {:.3} acc {}",
                        d.color.name(), format!("{:?}", d.face), t.elevation_deg, d.top_height_mm, e, dy,
                        m.fit.top_edge, m.fit.outline_edge, m.coverage, m.color_dist, m.color, m.face, m.confidence, d.section.name,
                        set.verifier.as_ref().map_or(-1.0, |v| v.probability(&tw_target::verify::features(m))),
                        tw_target::read::accepted(&set, m)
                    );
                }
                None => println!(
                    "MISS {name} {:>5} {:?} el {:.0} at {:?} sec {} scale {sc:.2}",
                    d.color.name(),
                    d.face,
                    t.elevation_deg,
                    d.center_px.map(|v| v.round()),
                    d.section.name
                ),
            }
        }
        for (_, m) in ms.iter().enumerate().filter(|(i, _)| !used[*i]) {
            println!(
                "EXTRA {name} at {:?} top {:>6.1} out {:>6.1} cov {:.2} cd {:.4} {} {} conf {:.2}",
                m.fit.corners_px[0].map(|v| v.round()),
                m.fit.top_edge,
                m.fit.outline_edge,
                m.coverage,
                m.color_dist,
                m.color,
                m.face,
                m.confidence
            );
        }
    }
}
