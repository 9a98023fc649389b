//! Development diagnostics: the ring detector's response at and around each
//! true die (the best within a radius), to see why a die got no proposal.
//! `cargo run --release -p tw-target --example ringdiag2 -- DIR`
mod common;

use tw_board::Board;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = common::shipped_set();
    let board = Board::catacombs_default();
    for sc in common::scenes(&dir) {
        let (t, img, h, name) = (sc.truth, sc.img, sc.board_to_image, sc.name);
        let pose = tw_target::pose::Pose::from_homography(&h, t.width, t.height).unwrap();
        let (r, sw, sh) = tw_target::ring::response(&img, &pose, &set.die, &board).unwrap();
        for d in &t.dice {
            // The ring is centred on the die's mid-height point.
            let Some(c) =
                pose.project([d.center_mm[0], d.center_mm[1], -set.die.height_mm() / 2.0])
            else {
                continue;
            };
            let (x, y) = ((c[0] / 2.0).round() as i64, (c[1] / 2.0).round() as i64);
            let mut best = (0.0f32, 0, 0);
            for dy in -3..=3 {
                for dx in -3..=3 {
                    let (xx, yy) = (x + dx, y + dy);
                    if xx >= 0 && yy >= 0 && (xx as usize) < sw && (yy as usize) < sh {
                        let v = r[yy as usize * sw + xx as usize];
                        if v > best.0 {
                            best = (v, dx, dy);
                        }
                    }
                }
            }
            println!(
                "{name} {} {:?} at {:?} ring best within 6px {:.2} at ({},{})",
                d.color.name(),
                d.face,
                d.center_px.map(|v| v.round()),
                best.0,
                2 * best.1,
                2 * best.2
            );
        }
    }
}
