//! The motion benchmark without the CLI (no OpenCV needed):
//! `cargo run --release -p tw-motion --example bench`. The CLI's
//! `warden bench motion` prints the same figures.

fn main() {
    let report = tw_motion::bench::run(&tw_motion::bench::BenchConfig::default());
    println!(
        "{}",
        serde_json::to_string_pretty(&report).expect("report serialises")
    );
}
