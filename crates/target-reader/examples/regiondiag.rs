//! Development diagnostics: each found die's fit error before and after
//! the region refinement ([`tw_target::region`]), with its size and blur.
//! `cargo run --release -p tw-target --example regiondiag -- DIR`
mod common;

use tw_board::{Board, Webs};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    let opts = tw_synth::scene::Options::default();
    // How far (mm) to seek the die from its edge fit (`REGION_REACH`, default 0).
    let reach: f64 = std::env::var("REGION_REACH")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let scene = tw_synth::scene::sample_scene(&board, t.seed, &opts);
        let webs: Webs = tw_synth::scene::webs_of(&board, &scene.webs);
        let ms = common::accepted(&img, &h, &board, &set);
        let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
        let g = tw_target::fit::Gradients::new(&img).unwrap();
        for (k, d) in t.dice.iter().enumerate() {
            let Some(m) = common::nearest(&ms, d.center_mm) else {
                continue;
            };
            let dist =
                (m.fit.centre_mm[0] - d.center_mm[0]).hypot(m.fit.centre_mm[1] - d.center_mm[1]);
            if dist > 8.0 {
                continue;
            }
            let t0 = std::time::Instant::now();
            let Some(r) = tw_target::region::place(&g, &pose, &set.die, &m.fit, reach) else {
                println!("{name} {k} NOREFINE");
                continue;
            };
            let ms_taken = t0.elapsed().as_secs_f64() * 1000.0;
            // Edge evidence where the regions put the die, against the edge fit's.
            let edge_ratio = r.score / m.fit.score;
            let sec = |c: &[[f64; 2]; 5]| {
                board
                    .landing(c, &webs)
                    .map(|l| l.section.name)
                    .unwrap_or_default()
            };
            let yaw = |f: &tw_target::fit::Fit| common::turn_error_deg(f, d);
            let r_px = common::top_radius_px(d);
            println!(
                "{name} {k} {} rpx {r_px:.1} blur {:.1} el {:.0} before {:.2} {:.1} {} after {:.2} {:.1} {} edges {edge_ratio:.3} ms {ms_taken:.0}",
                d.color.name(),
                scene.look.blur_px,
                t.elevation_deg,
                common::worst_corner_mm(&d.corners_mm, &m.fit.corners_mm),
                yaw(&m.fit),
                sec(&m.fit.corners_mm) == d.section.name,
                common::worst_corner_mm(&d.corners_mm, &r.corners_mm),
                yaw(&r),
                sec(&r.corners_mm) == d.section.name,
            );
        }
    }
}
