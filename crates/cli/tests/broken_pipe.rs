//! Output into a pipe that closed early (`warden … | head`, `| true`) ends
//! the command quietly, as other Unix tools do, never with a panic (issue
//! 23, item 2). The reader's end is closed before the command writes.

#![cfg(unix)]

use std::process::{Command, Stdio};

/// Runs warden with its stdout a pipe whose reading end is already closed;
/// returns the exit code (None when ended by a signal) and stderr.
fn into_closed_pipe(args: &[&str], db: &std::path::Path) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warden"))
        .args(args)
        .env("TABLE_WARDEN_DB", db)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn printing_into_a_closed_pipe_is_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.sqlite");
    let ok = Command::new(env!("CARGO_BIN_EXE_warden"))
        .args(["campaign", "new", "Crypt", "--game", "dungeon-fighter", "--player", "ann"])
        .env("TABLE_WARDEN_DB", &db)
        .output()
        .unwrap();
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../games/dungeon-fighter/examples/first-room.json");
    for args in [
        vec!["sources", "--json"],
        vec!["replay", "dungeon-fighter", "--script", script],
        vec!["campaign", "list"],
        vec!["campaign", "show", "Crypt"],
        vec!["campaign", "export", "Crypt"],
    ] {
        let (code, err) = into_closed_pipe(&args, &db);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_ne!(code, Some(101), "{args:?}: {err}");
    }
}

/// Past `ulimit -f` a write fails: warden reports it as an error (exit 1,
/// a message) instead of dying by SIGXFSZ (issue 23, item 12).
#[test]
fn a_file_size_limit_is_a_write_error_not_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("w.sqlite");
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 2 && exec \"$0\" campaign new Crypt --game dungeon-fighter --player ann")
        .arg(env!("CARGO_BIN_EXE_warden"))
        .env("TABLE_WARDEN_DB", &db)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("warden"), "{err}");
}
