//! The reader on the real photos in `../shared/datasets/` (outside the
//! repository; see each folder's SOURCE.md). Thresholds sit a little below
//! the figures measured when the shipped face classifier was trained
//! (docs/measurements/2026-11-25-d6-reader.md), so a regression fails.
//! Only images the classifier was not trained on are used: the webcam set's
//! `valid/` split, and the multicolour set's last 50 photos by name (the
//! classifier was trained on its first 150).

use std::path::PathBuf;
use tw_vision::eval::{evaluate_dir, Summary};
use tw_vision::DiceReader;

fn dataset(rel: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/datasets")).join(rel);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping: shared dataset not found at {} (CI provides ../shared)", dir.display());
        None
    }
}

fn report(s: &Summary) {
    eprintln!(
        "recall {:.4} precision {:.4} face accuracy {:.4} read right {:.4}",
        s.recall(),
        s.precision(),
        s.face_accuracy(),
        s.read_right()
    );
}

#[test]
fn webcam_valid_split_meets_the_measured_figures() {
    // Measured: recall 100%, precision 98.84%, 254 of 255 faces read right.
    let Some(dir) = dataset("dice-pips-webcam/valid") else { return };
    let s = evaluate_dir(&dir, &DiceReader::default()).expect("the corpus reads without errors");
    assert_eq!(s.images, 86, "valid/ should hold 86 images");
    assert_eq!(s.totals.labels, 255, "valid/ should hold 255 labelled faces");
    report(&s);
    assert!(s.recall() >= 0.99, "recall {}", s.recall());
    assert!(s.precision() >= 0.97, "precision {}", s.precision());
    assert!(s.read_right() >= 0.99, "read right {}", s.read_right());
}

#[test]
fn multicolour_held_out_photos_meet_the_measured_figures() {
    // Measured on the last 50 photos: recall 98.76%, precision 99.58%,
    // 224 of 242 faces read right (2026-11-26-d6-reader-2.md).
    let Some(dir) = dataset("dice-multicolour-topdown/train") else { return };
    let mut images = tw_vision::eval::list_images(&dir).expect("list");
    let held_out = images.split_off(150);
    let tmp = tempfile::tempdir().expect("temp dir");
    for img in &held_out {
        for p in [img.clone(), img.with_extension("txt")] {
            std::os::unix::fs::symlink(&p, tmp.path().join(p.file_name().unwrap())).expect("link");
        }
    }
    let s = evaluate_dir(tmp.path(), &DiceReader::default()).expect("the photos read without errors");
    assert_eq!(s.totals.labels, 242, "the last 50 photos should hold 242 labelled faces");
    report(&s);
    assert!(s.recall() >= 0.95, "recall {}", s.recall());
    assert!(s.precision() >= 0.98, "precision {}", s.precision());
    assert!(s.read_right() >= 0.91, "read right {}", s.read_right());
}
