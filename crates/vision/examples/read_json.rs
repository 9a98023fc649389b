//! Development helper: print one JSON line of dice per image path given.
use tw_vision::{image_io::load_bgr, DiceReader};

fn main() {
    let reader = DiceReader::default();
    for path in std::env::args().skip(1) {
        if std::env::var("TW_PIPS").is_ok() {
            let f = load_bgr(std::path::Path::new(&path)).unwrap();
            let g = tw_vision::gray::GrayImage::from_mat(&f).unwrap();
            for p in tw_vision::pips::find_pips(&g, &reader.params.pips).unwrap() {
                eprintln!("pip ({:.0},{:.0}) area {:.0} major {:.1} round {:.2} angle {:.2} contrast {:.0} ring {:.0} surround {:?} {:?}", p.center.0, p.center.1, p.area, p.major, p.roundness(), p.angle, p.contrast, p.ring_level, tw_vision::pips::surround_uniformity(&g, &p), p.polarity);
            }
        }
        match load_bgr(std::path::Path::new(&path)).and_then(|f| reader.read(&f)) {
            Ok(r) => println!("{}", serde_json::json!({"image": path, "dice": r.dice})),
            Err(e) => eprintln!("{e}"),
        }
    }
}
