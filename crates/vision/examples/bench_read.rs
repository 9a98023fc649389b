//! `cargo run --release -p tw-vision --example bench_read` — the same figures
//! as `warden bench read`, without building the whole CLI in release mode.
fn main() {
    match tw_vision::bench::run_read_bench(1280, 720, 300) {
        Ok(r) => println!("{}", serde_json::to_string_pretty(&r).unwrap_or_default()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
