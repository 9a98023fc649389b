//! Development diagnostics: every true die's fit error against the scene's
//! look (blur, elevation, die size in pixels), to see where precision is lost.
//! `cargo run --release -p tw-target --example errdiag -- DIR`
mod common;

use tw_board::{Board, Webs};

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    let opts = tw_synth::scene::Options::default();
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let scene = tw_synth::scene::sample_scene(&board, t.seed, &opts);
        let webs: Webs = tw_synth::scene::webs_of(&board, &scene.webs);
        let ms = common::accepted(&img, &h, &board, &set);
        for (k, d) in t.dice.iter().enumerate() {
            let Some(m) = common::nearest(&ms, d.center_mm) else {
                println!("{name} {k} NOTFOUND");
                continue;
            };
            let dist =
                (m.fit.centre_mm[0] - d.center_mm[0]).hypot(m.fit.centre_mm[1] - d.center_mm[1]);
            if dist > 8.0 {
                println!("{name} {k} NOTFOUND");
                continue;
            }
            let corner_err = common::worst_corner_mm(&d.corners_mm, &m.fit.corners_mm);
            let yaw_err = common::turn_error_deg(&m.fit, d);
            let landing = board
                .landing(&m.fit.corners_mm, &webs)
                .map(|l| l.section.name)
                .unwrap_or_default();
            let ok = landing == d.section.name;
            // Signed error of the top face's centre in the image, along the
            // die's own up direction there (parallax) and across it.
            let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
            let fc = centre(&m.fit.corners_px);
            let tc = centre(&d.corners_px);
            let base = pose.project([d.center_mm[0], d.center_mm[1], 0.0]).unwrap();
            let top = pose
                .project([d.center_mm[0], d.center_mm[1], -d.top_height_mm])
                .unwrap();
            let up = [top[0] - base[0], top[1] - base[1]];
            let ul = up[0].hypot(up[1]).max(1e-9);
            let u = [up[0] / ul, up[1] / ul];
            let e = [fc[0] - tc[0], fc[1] - tc[1]];
            let (e_up, e_across) = (e[0] * u[0] + e[1] * u[1], -e[0] * u[1] + e[1] * u[0]);
            let r_px = common::top_radius_px(d);
            println!(
                "{name} {k} {} yaw {yaw_err:.1} eup {e_up:.2} eacross {e_across:.2} blur {:.1} el {:.0} rpx {:.1} centre {:.2} corner {:.2} clear {:.1} border {} sec {} {}",
                d.color.name(),
                scene.look.blur_px,
                t.elevation_deg,
                r_px,
                dist,
                corner_err,
                d.corner_clearance_mm,
                d.border,
                d.section.name,
                if ok { "ok" } else { "WRONGSEC" }
            );
        }
    }
}

fn centre(ps: &[[f64; 2]]) -> [f64; 2] {
    let n = ps.len() as f64;
    [
        ps.iter().map(|p| p[0]).sum::<f64>() / n,
        ps.iter().map(|p| p[1]).sum::<f64>() / n,
    ]
}
