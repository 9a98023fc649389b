//! Development helper: where an art-face read spends its time.
//! `artface_timing SET.json IMAGE [REPEATS]`
use std::time::Instant;
use tw_vision::artface::{find, read, Prepared};
use tw_vision::color::ColorTable;
use tw_vision::faceset::FaceSet;
use tw_vision::image_io::load_bgr;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let set = FaceSet::load(std::path::Path::new(&a[0])).expect("set");
    let art = set.art.expect("an art set");
    let frame = load_bgr(std::path::Path::new(&a[1])).expect("image");
    let n: usize = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let colors = ColorTable::builtin();
    let (mut tp, mut tf, mut tr) = (0.0, 0.0, 0.0);
    let mut finds = 0;
    for _ in 0..n {
        let t = Instant::now();
        let prep = Prepared::new(&frame).expect("prep");
        tp += t.elapsed().as_secs_f64();
        let t = Instant::now();
        finds = find(&prep, &art).expect("find").len();
        tf += t.elapsed().as_secs_f64();
        let t = Instant::now();
        read(&frame, &art, &colors).expect("read");
        tr += t.elapsed().as_secs_f64();
    }
    let ms = |x: f64| 1000.0 * x / n as f64;
    println!(
        "prepare {:.1} ms, find {:.1} ms ({finds} finds), whole read {:.1} ms",
        ms(tp),
        ms(tf),
        ms(tr)
    );
}
