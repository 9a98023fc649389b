//! Running the `warden` binary from the CLI's tests.

use std::process::Command;

/// The `warden` binary built for these tests.
pub fn warden() -> Command {
    Command::new(env!("CARGO_BIN_EXE_warden"))
}

/// Runs `cmd`: its exit code, standard output and standard error.
pub fn output(cmd: &mut Command) -> (i32, String, String) {
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}
