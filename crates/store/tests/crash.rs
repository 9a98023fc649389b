//! Durability: SIGKILL a writer at random moments; every entry it reported
//! committed must be on disk, intact, and the file must pass integrity_check.
//! Four databases, so kills also land while a fresh file is being created
//! and migrated. Only trials killed after an acknowledged write count as
//! effective (issue 23, item 12); `warden store soak` runs 1,000 of them.

mod common;

use std::time::Duration;
use tw_store::crash;

#[test]
fn killing_the_writer_at_random_loses_nothing_acknowledged() {
    let writer = vec![env!("CARGO_BIN_EXE_tw-store-crash-writer").to_string()];
    let (mut acknowledged, mut before_ready, mut tried) = (0, 0, 0);
    for series in 0..4u64 {
        let db = common::temp_db();
        let report = crash::run_trials(
            &writer,
            &db.path,
            25,
            0x5eed + series,
            Duration::from_millis(100),
        )
        .unwrap();
        assert!(
            report.failures.is_empty(),
            "series {series}: {:#?}",
            report.failures
        );
        assert_eq!(report.effective, 25, "series {series}: {report:?}");
        acknowledged += report.acknowledged;
        before_ready += report.killed_before_ready;
        tried += report.trials;
        assert!(report.final_entries >= report.acknowledged);
    }
    // The harness must really have exercised both situations.
    assert!(
        acknowledged > 500,
        "only {acknowledged} entries acknowledged over 100 effective trials"
    );
    assert!(before_ready > 0, "no kill landed before the writer was ready");
    eprintln!("{tried} trials, 100 effective: {acknowledged} acknowledged entries, {before_ready} kills before ready");
}

/// A writer killed before it ever acknowledges a write proves nothing: the
/// soak counts no effective trial, so asking for 3 is not met.
#[test]
fn trials_without_an_acknowledged_write_are_not_effective() {
    let writer: Vec<String> = ["sh", "-c", "kill -9 $$", "sh"].map(String::from).to_vec();
    let db = common::temp_db();
    let report = crash::run_trials(&writer, &db.path, 3, 1, Duration::from_millis(1)).unwrap();
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.effective, 0);
    assert_eq!(report.trials, 12, "tried 4 writers per trial asked, then stopped");
}
