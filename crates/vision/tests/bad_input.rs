//! Bad input gives a clear error naming the file, never a panic.

use std::io::Write;
use tw_vision::image_io::load_bgr;
use tw_vision::{DiceReader, VisionError};

fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tw-vision-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(bytes)
        .unwrap();
    path
}

#[test]
fn empty_file_is_reported_as_empty() {
    let p = temp_file("empty.jpg", b"");
    let err = load_bgr(&p).unwrap_err();
    assert!(matches!(err, VisionError::EmptyFile { .. }), "{err:?}");
    assert!(
        err.to_string().contains("empty.jpg") && err.to_string().contains("empty"),
        "{err}"
    );
}

#[test]
fn corrupt_file_is_reported_as_undecodable() {
    let p = temp_file(
        "corrupt.jpg",
        b"\xFF\xD8\xFF\xE0 this is not really a jpeg at all",
    );
    let err = load_bgr(&p).unwrap_err();
    assert!(matches!(err, VisionError::Undecodable { .. }), "{err:?}");
    assert!(err.to_string().contains("corrupt.jpg"), "{err}");
    let p = temp_file("text.png", b"hello");
    assert!(matches!(
        load_bgr(&p).unwrap_err(),
        VisionError::Undecodable { .. }
    ));
}

#[test]
fn missing_file_is_reported_with_its_path() {
    let err = load_bgr(std::path::Path::new("/no/such/dir/die.png")).unwrap_err();
    assert!(matches!(err, VisionError::Io { .. }), "{err:?}");
    assert!(err.to_string().contains("/no/such/dir/die.png"), "{err}");
}

#[test]
fn frames_of_the_wrong_shape_are_refused() {
    use opencv::core::{Mat, Scalar, CV_8UC1};
    let reader = DiceReader::default();
    let gray = Mat::new_rows_cols_with_default(10, 10, CV_8UC1, Scalar::all(0.0)).unwrap();
    assert!(matches!(reader.read(&gray), Err(VisionError::BadFrame(_))));
    assert!(matches!(
        reader.read(&Mat::default()),
        Err(VisionError::BadFrame(_))
    ));
}

#[test]
fn tiny_frames_read_as_no_dice() {
    use opencv::core::{Mat, Scalar, CV_8UC3};
    let reader = DiceReader::default();
    for (w, h) in [(1, 1), (3, 2), (16, 9)] {
        let m = Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::all(200.0)).unwrap();
        assert!(reader.read(&m).unwrap().dice.is_empty());
    }
}
