//! Development aid: writes the reader's foreground mask for one scene.
//! `cargo run --release -p tw-target --example mask -- SCENE.json OUT.png`
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let tp = std::path::PathBuf::from(&a[1]);
    let t = synth_truth(&tp);
    let img = tw_target::io::load_image(&tp.with_file_name(&t.image)).unwrap();
    let board = tw_board::Board::catacombs_default();
    let m = tw_target::detect::foreground(&img, &t.board_to_image, &board).unwrap();
    tw_target::io::save_png(std::path::Path::new(&a[2]), &m).unwrap();
}

/// The generator's full truth for a scene (the diagnostics look at its
/// camera and exact homography, which `warden eval throws` does not need).
#[allow(dead_code)]
fn synth_truth(p: &std::path::Path) -> tw_synth::SceneTruth {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}
