//! Development diagnostics: each true die measured at its true pose (and
//! placed by its regions from there), with the verifier's probability, to
//! tell dice the verifier would refuse from dice the fit never reaches.
//! `cargo run --release -p tw-target --example truthdiag -- DIR [COLOUR]`
mod common;

use tw_board::Board;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let only = std::env::args().nth(2);
    let set = common::shipped_set();
    let v = set.verifier.clone().expect("a verifier");
    let board = Board::catacombs_default();
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
        let mask = tw_target::detect::foreground(&img, &h, &board).unwrap();
        let g = tw_target::fit::Gradients::new(&img).unwrap();
        for d in &t.dice {
            if only.as_deref().is_some_and(|c| c != d.color.name()) {
                continue;
            }
            let c = d.center_mm;
            let yaw = (d.corners_mm[0][1] - c[1]).atan2(d.corners_mm[0][0] - c[0]);
            let Some(fit) = tw_target::fit::fit_at_pose(&g, &pose, &set.die, c, yaw, 0.0) else {
                continue;
            };
            let spread = tw_target::fit::face_spread(&g, &fit.corners_px).unwrap_or(-1.0);
            let expl = tw_target::region::explained(&g, &pose, &set.die, &fit).unwrap_or(-9.0);
            let m = tw_target::read::measure(&img, &mask, &g, &set, fit).unwrap();
            let p = v.probability(&tw_target::verify::features(&m));
            let f = tw_target::verify::features(&m);
            println!(
                "{name} {} {:?} r {:.1} spread {spread:.1} expl {expl:.3} p {:.3} read {} {} conf {:.2} feats {}",
                d.color.name(),
                d.face,
                common::top_radius_px(d),
                p,
                m.color,
                m.face,
                m.confidence,
                f.iter().map(|x| format!("{x:.2}")).collect::<Vec<_>>().join(" ")
            );
        }
    }
}
