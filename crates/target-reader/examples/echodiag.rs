//! Development diagnostics for telling print from dice: for every fit the
//! verifier accepts, whether a true die lies there (within 6 mm), its rim
//! echo ([`tw_target::echo`]; NaN off the rim), the share of the colour
//! round it its faces explain ([`tw_target::region::explained`]), the
//! verifier's probability and colour, one line each.
//! `cargo run --release -p tw-target --example echodiag -- DIR`
mod common;

use opencv::prelude::*;
use tw_board::Board;
use tw_target::fit::Gradients;
use tw_target::pose::Pose;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    for sc in common::scenes(&dir) {
        let g = Gradients::new(&sc.img).unwrap();
        let pose = Pose::from_homography(
            &sc.board_to_image,
            sc.img.cols() as u32,
            sc.img.rows() as u32,
        )
        .unwrap();
        for m in common::accepted(&sc.img, &sc.board_to_image, &board, &set) {
            let e = tw_target::echo::rim_echo(&g, &pose, &board, &m.fit).unwrap_or(f64::NAN);
            let expl =
                tw_target::region::explained(&g, &pose, &set.die, &m.fit).unwrap_or(f64::NAN);
            let p = set.verifier.as_ref().map_or(f64::NAN, |v| {
                v.probability(&tw_target::verify::features(&m))
            });
            let die = sc.truth.dice.iter().find(|d| {
                (d.center_mm[0] - m.fit.centre_mm[0]).hypot(d.center_mm[1] - m.fit.centre_mm[1])
                    < 6.0
            });
            println!(
                "{} {} {:.3} {:.3} {:.3} {} {:?} at {:?}",
                sc.name,
                if die.is_some() { "DIE" } else { "phantom" },
                e,
                expl,
                p,
                m.color,
                die.map(|d| format!("{:?}", d.color)).unwrap_or_default(),
                common::centroid_px(&m.fit.corners_px)
            );
        }
    }
}
