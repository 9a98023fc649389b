//! Development helper: where a d6 read spends its time on one image
//! (pip finder, body finder, classifier), averaged over repeats.
//! `d6_timing IMAGE [REPEATS]`
use std::time::Instant;
use tw_vision::bodies::body_candidates;
use tw_vision::image_io::load_bgr;
use tw_vision::DiceReader;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let frame = load_bgr(std::path::Path::new(&a[0])).expect("image");
    let n: usize = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let full = DiceReader::default();
    let mut pips = DiceReader::default();
    pips.net = None;
    let net = full.net.clone().expect("net");
    let time = |f: &dyn Fn() -> usize| {
        let t = Instant::now();
        let mut k = 0;
        for _ in 0..n {
            k = f();
        }
        (t.elapsed().as_secs_f64() * 1000.0 / n as f64, k)
    };
    let (t_pips, n_pips) = time(&|| pips.read(&frame).unwrap().dice.len());
    let (t_bodies, n_bodies) = time(&|| body_candidates(&frame).unwrap().len());
    let (t_one, _) = time(&|| net.classify(&frame, [100.0, 100.0], 40.0).unwrap().face as usize);
    let (t_full, n_full) = time(&|| full.read(&frame).unwrap().dice.len());
    println!("pips {t_pips:.2} ms ({n_pips} dice); bodies {t_bodies:.2} ms ({n_bodies} candidates); one crop {t_one:.3} ms; whole read {t_full:.2} ms ({n_full} dice)");
}
