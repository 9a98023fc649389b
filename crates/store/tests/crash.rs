//! Durability: SIGKILL a writer at random moments; every entry it reported
//! committed must be on disk, intact, and the file must pass integrity_check.
//! 200 trials over four databases, so kills also land while a fresh file is
//! being created and migrated.

mod common;

use std::time::Duration;
use tw_store::crash;

#[test]
fn killing_the_writer_at_random_loses_nothing_acknowledged() {
    let writer = vec![env!("CARGO_BIN_EXE_tw-store-crash-writer").to_string()];
    let mut acknowledged = 0;
    let mut before_ready = 0;
    for series in 0..4u64 {
        let db = common::temp_db();
        let report = crash::run_trials(
            &writer,
            &db.path,
            50,
            0x5eed + series,
            Duration::from_millis(100),
        )
        .unwrap();
        assert!(
            report.failures.is_empty(),
            "series {series}: {:#?}",
            report.failures
        );
        acknowledged += report.acknowledged;
        before_ready += report.killed_before_ready;
        assert!(report.final_entries >= report.acknowledged);
    }
    // The harness must really have exercised both situations.
    assert!(
        acknowledged > 1000,
        "only {acknowledged} entries acknowledged over 200 trials"
    );
    assert!(
        before_ready > 0,
        "no kill landed before the writer was ready"
    );
    eprintln!("200 trials: {acknowledged} acknowledged entries, {before_ready} kills before ready");
}
