//! `warden`: Table Warden without the window.
//!
//! Every capability of the app is reachable here so it can be tested,
//! benchmarked and scripted. Each command group lives in its own module under
//! `cmd/`; `main` only parses and dispatches.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod cmd;

#[derive(Parser)]
#[command(
    name = "warden",
    version,
    about = "Table Warden: the camera-assisted companion for dungeon-crawl board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a JSON script of commands through a game engine and print the result.
    Replay(cmd::replay::Args),
    /// Benchmarks that print their figures (motion stage, …).
    Bench(cmd::bench::Args),
    /// Table calibration: marker sheet, marker detection, manual points, lens.
    Calibration(cmd::calibration::Args),
    /// Target-board geometry: validate a file, rule where a die landed.
    Board(cmd::board::Args),
    /// Generate target-board scenes and throw sequences with ground truth.
    Synth(cmd::synth::Args),
    /// Die sets for the target board: enrol from labelled faces, read dice on the target.
    Dice(cmd::dice::Args),
    /// Read the dice in one image and print them as JSON.
    Read(cmd::read::Args),
    /// Measure readers against labelled data and print the figures.
    Eval(cmd::eval::Args),
    /// List the cameras and the bundled demo footage.
    Sources(cmd::sources::Args),
    /// Campaigns in the store: list, show, new, export, import.
    Campaign(cmd::campaign::Args),
    /// The card library: cards typed once, offered by name again.
    Cards(cmd::cards::Args),
    /// The database: path, check, and the bench and soak figures.
    Store(cmd::store::Args),
    /// Play a saved game: new, do, observe (camera reading), correct, undo, show.
    Game(cmd::game::Args),
    /// The live pipeline headless: frames → throw finished → reading (→ game), one JSON line per throw.
    Watch(cmd::watch::Args),
}

fn main() -> ExitCode {
    set_signal_actions();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Replay(a) => cmd::replay::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Calibration(a) => cmd::calibration::run(a),
        Command::Board(a) => cmd::board::run(a),
        Command::Synth(a) => cmd::synth::run(a),
        Command::Dice(a) => cmd::dice::run(a),
        Command::Read(a) => cmd::read::run(a),
        Command::Eval(a) => cmd::eval::run(a),
        Command::Sources(a) => cmd::sources::run(a),
        Command::Campaign(a) => cmd::campaign::run(a),
        Command::Cards(a) => cmd::cards::run(a),
        Command::Watch(a) => cmd::watch::run(a),
        Command::Store(a) => cmd::store::run(a),
        Command::Game(a) => cmd::game::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("warden: {}", error_chain(&e));
            ExitCode::from(1)
        }
    }
}

/// Signals that would otherwise panic or kill without a word, set once here
/// for every command:
/// - `warden … | head` closes the pipe before all is printed. Rust ignores
///   SIGPIPE, so every `println!` would then panic on "Broken pipe"; with the
///   signal's default action the process ends quietly instead, as `cat` does.
/// - Past a file-size limit (`ulimit -f`) SIGXFSZ kills the process; ignored,
///   the write fails with "File too large" and is reported as an error.
fn set_signal_actions() {
    #[cfg(unix)]
    // SAFETY: run first thing in main, before any thread exists; setting a
    // signal's action touches no Rust state.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// The error and its causes on one line, skipping a cause whose text the
/// message before it already carries (wrapped errors often repeat it).
fn error_chain(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if !out.contains(&text) {
            if !out.is_empty() {
                out.push_str(": ");
            }
            out.push_str(&text);
        }
    }
    out
}
