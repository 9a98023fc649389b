//! Development diagnostics for the ring detector: per scene, the peak
//! response at each true die and at every other proposal.
//! `cargo run --release -p tw-target --example ringdiag -- DIR`
use tw_board::Board;
use tw_target::eval::list_scenes;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let board = Board::catacombs_default();
    let shape = tw_target::DieShape { edge_mm: 11.0 };
    for tp in list_scenes(&dir).unwrap() {
        let t = synth_truth(&tp);
        let img = tw_target::io::load_image(&tp.with_file_name(&t.image)).unwrap();
        let pose =
            tw_target::pose::Pose::from_homography(&t.board_to_image, t.width, t.height).unwrap();
        let c = tw_target::ring::ring_candidates(&img, &pose, &shape, &board).unwrap();
        let name = tp.file_name().unwrap().to_string_lossy().to_string();
        let mut used = vec![false; c.len()];
        for d in &t.dice {
            let best = c
                .iter()
                .enumerate()
                .map(|(i, k)| {
                    (
                        i,
                        (k.centroid_px[0] - d.center_px[0])
                            .hypot(k.centroid_px[1] - d.center_px[1]),
                    )
                })
                .filter(|(_, e)| *e < 16.0)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            match best {
                Some((i, _)) => {
                    used[i] = true;
                    println!("TRUE {name} {:.3} {}", c[i].ring_score, d.color.name())
                }
                None => println!("TRUEMISS {name} {}", d.color.name()),
            }
        }
        for (i, k) in c.iter().enumerate() {
            if !used[i] {
                println!("OTHER {name} {:.3}", k.ring_score);
            }
        }
    }
}

/// The generator's full truth for a scene (the diagnostics look at its
/// camera and exact homography, which `warden eval throws` does not need).
#[allow(dead_code)]
fn synth_truth(p: &std::path::Path) -> tw_synth::SceneTruth {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}
