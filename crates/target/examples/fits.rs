//! Development diagnostics: every fit (before de-duplication) near each true die.
//! `cargo run --release -p tw-target --example fits -- DIR`
use tw_board::Board;
use tw_target::eval::{list_scenes, load_truth};
use tw_target::DieSet;

fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).expect("DIR"));
    let set = DieSet::load(std::path::Path::new(
        "models/dice-sets/dungeon-fighter.json",
    ))
    .unwrap();
    let board = Board::catacombs_default();
    for tp in list_scenes(&dir).unwrap() {
        let t = load_truth(&tp).unwrap();
        let img = tw_target::io::load_image(&tp.with_file_name(&t.image)).unwrap();
        let (fits, _) =
            tw_target::read::fit_candidates(&img, &t.board_to_image, &board, &set).unwrap();
        let name = tp.file_name().unwrap().to_string_lossy().to_string();
        for d in &t.dice {
            println!(
                "TRUTH {name} {} {:?}",
                d.color.name(),
                d.center_mm.map(|v| (v * 10.0).round() / 10.0)
            );
            for f in &fits {
                let e = (f.centre_mm[0] - d.center_mm[0]).hypot(f.centre_mm[1] - d.center_mm[1]);
                if e < 20.0 {
                    println!("   fit err {e:5.2} score {:6.1} top {:5.1} out {:5.1} tmin {:5.1} omin {:5.1} drop {}", f.score, f.top_edge, f.outline_edge, f.top_min, f.outline_min, f.drop_mm);
                }
            }
        }
    }
}
