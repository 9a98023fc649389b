//! Development diagnostics for placing refused fits by their regions: each
//! refused fit far from any accepted one is placed over a reach and
//! measured again; prints whether it then lies on a die the reader missed,
//! on a die already found, or on nothing, with the verifier's probability
//! and the share of colour its faces explain.
//! `cargo run --release -p tw-target --example placediag -- DIR [FLOOR]`
mod common;

use tw_board::Board;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let floor: f64 = std::env::args().nth(2).map_or(1e-7, |s| s.parse().unwrap());
    let set = common::shipped_set();
    let v = set.verifier.clone().expect("a verifier");
    let board = Board::catacombs_default();
    let sep = 1.5 * set.die.face_radius_mm();
    let dist = |a: [f64; 2], b: [f64; 2]| (a[0] - b[0]).hypot(a[1] - b[1]);
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
        let mask = tw_target::detect::foreground(&img, &h, &board).unwrap();
        let g = tw_target::fit::Gradients::new(&img).unwrap();
        let ms = tw_target::read::measure_all(&img, &h, &board, &set).unwrap();
        let scored: Vec<(f64, &tw_target::read::Measured)> = ms
            .iter()
            .map(|m| (v.probability(&tw_target::verify::features(m)), m))
            .collect();
        let sure: Vec<[f64; 2]> = scored
            .iter()
            .filter(|(p, _)| *p >= v.threshold)
            .map(|(_, m)| m.fit.centre_mm)
            .collect();
        let mut todo: Vec<&(f64, &tw_target::read::Measured)> = scored
            .iter()
            .filter(|(p, m)| {
                (floor..v.threshold).contains(p)
                    && sure.iter().all(|c| dist(*c, m.fit.centre_mm) > sep)
            })
            .collect();
        todo.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut picked: Vec<&tw_target::read::Measured> = Vec::new();
        for (_, m) in todo {
            if picked
                .iter()
                .all(|q| dist(q.fit.centre_mm, m.fit.centre_mm) > 4.0)
            {
                picked.push(m);
            }
        }
        for m in picked {
            let Some(fit) = tw_target::region::place(&g, &pose, &set.die, &m.fit, 9.0) else {
                continue;
            };
            let expl = tw_target::region::explained(&g, &pose, &set.die, &fit).unwrap_or(-1.0);
            let pm = tw_target::read::measure(&img, &mask, &g, &set, fit).unwrap();
            let p = v.probability(&tw_target::verify::features(&pm));
            let near = t
                .dice
                .iter()
                .find(|d| dist(d.center_mm, pm.fit.centre_mm) < 3.0);
            let label = match near {
                None => "phantom",
                Some(d) if sure.iter().any(|c| dist(*c, d.center_mm) < sep) => "found",
                Some(_) => "MISSED",
            };
            println!(
                "{name} {label} p0 {:.4} p {:.3} expl {:.3} {} {} conf {:.2} at {:?}",
                v.probability(&tw_target::verify::features(m)),
                p,
                expl,
                pm.color,
                pm.face,
                pm.confidence,
                common::centroid_px(&pm.fit.corners_px)
            );
        }
    }
}
