//! Development diagnostics for dice the reader misses: every proposal and
//! raw fit near each true die, with the verifier's probability.
//! `cargo run --release -p tw-target --example missdiag -- DIR`
mod common;

use tw_board::Board;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
        let (mut cands, _) =
            tw_target::detect::find_candidates(&img, &h, &pose, &set.die, &board).unwrap();
        let nblob = cands.len();
        cands.extend(tw_target::ring::ring_candidates(&img, &pose, &set.die, &board).unwrap());
        let ms = tw_target::read::measure_all(&img, &h, &board, &set).unwrap();
        for d in &t.dice {
            println!(
                "TRUTH {name} {} {:?} sec {} at_px {:?} h {:.1}",
                d.color.name(),
                d.face,
                d.section.name,
                d.center_px.map(|v| v.round()),
                d.top_height_mm
            );
            for (i, c) in cands.iter().enumerate() {
                let Some(m) = pose.unproject_at_height(c.centroid_px, set.die.height_mm() / 2.0)
                else {
                    continue;
                };
                let e = (m[0] - d.center_mm[0]).hypot(m[1] - d.center_mm[1]);
                if e < 40.0 {
                    println!(
                        "  CAND {} err {:.1}mm area {:.0}/{:.0} ring {:.2}",
                        if i < nblob { "blob" } else { "ring" },
                        e,
                        c.area_px,
                        c.expected_px,
                        c.ring_score
                    );
                }
            }
            for m in &ms {
                let e = (m.fit.centre_mm[0] - d.center_mm[0])
                    .hypot(m.fit.centre_mm[1] - d.center_mm[1]);
                if e < 40.0 {
                    let p = set
                        .verifier
                        .as_ref()
                        .map_or(-1.0, |v| v.probability(&tw_target::verify::features(m)));
                    println!(
                        "  POLY {} {}",
                        serde_json::to_string(&m.fit.corners_px).unwrap(),
                        serde_json::to_string(&m.fit.silhouette_px).unwrap()
                    );
                    println!("  FIT err {:.1}mm drop {:.1} score {:.1} top {:.1}/{:.1} out {:.1}/{:.1} cov {:.2} cd {:.4} band {:.2} side {:.3} {} {} conf {:.2} p {:.3}",
                        e, m.fit.drop_mm, m.fit.score, m.fit.top_edge, m.fit.top_min, m.fit.outline_edge, m.fit.outline_min, m.coverage, m.color_dist, m.band_uniform, m.side_match, m.color, m.face, m.confidence, p);
                }
            }
            let gr = tw_target::fit::Gradients::new(&img).unwrap();
            let c = d.center_mm;
            let tyaw = (d.corners_mm[0][1] - c[1]).atan2(d.corners_mm[0][0] - c[0]);
            if let Some(s) = tw_target::fit::score_at(&gr, &pose, &set.die, c, tyaw) {
                println!("  AT-TRUTH score {:.1} top {:.1} out {:.1}", s.0, s.1, s.2);
            }
        }
    }
}
