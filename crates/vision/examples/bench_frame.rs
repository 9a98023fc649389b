//! Development helper: write the `warden bench read` frame to a PNG and print
//! which generated dice the reader misses.
use opencv::{core::Vector, imgcodecs};
use tw_vision::bench::fourteen_dice_scene;
use tw_vision::{synth::render, DiceReader};

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench_frame.png".into());
    let scene = fourteen_dice_scene(1280, 720);
    let frame = render(&scene).expect("render");
    imgcodecs::imwrite(&out, &frame, &Vector::new()).expect("write");
    let r = DiceReader::default().read(&frame).expect("read");
    for s in &scene.dice {
        let hit = r
            .dice
            .iter()
            .find(|d| (d.center[0] - s.center.0).hypot(d.center[1] - s.center.1) < s.size * 0.3);
        println!(
            "{:?} value {} style {} -> {:?}",
            s.center,
            s.value,
            s.style.name,
            hit.map(|d| d.face.clone())
        );
    }
}
