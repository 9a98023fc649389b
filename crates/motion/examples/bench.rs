//! The motion benchmark without the CLI (no OpenCV needed):
//! `cargo run --release -p tw-motion --example bench [SEQUENCES [FPS [SEED]]]`.
//! `warden bench motion` prints the same figures.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut cfg = tw_motion::bench::BenchConfig::default();
    if let Some(n) = args.first().and_then(|s| s.parse().ok()) {
        cfg.sequences = n;
    }
    if let Some(f) = args.get(1).and_then(|s| s.parse().ok()) {
        cfg.fps = f;
    }
    if let Some(s) = args.get(2).and_then(|s| s.parse().ok()) {
        cfg.seed = s;
    }
    let report = tw_motion::bench::run(&cfg);
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("report serialises")
    );
}
