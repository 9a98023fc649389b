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

/// A real JPEG of a gradient (so the scan data is not trivially short).
fn jpeg(w: i32, h: i32) -> Vec<u8> {
    use opencv::core::{Mat, Vector, CV_8UC3};
    use opencv::prelude::*;
    let mut m =
        Mat::new_rows_cols_with_default(h, w, CV_8UC3, opencv::core::Scalar::all(0.0)).unwrap();
    for y in 0..h {
        for x in 0..w {
            let v = ((x * 7 + y * 3) % 256) as u8;
            *m.at_2d_mut::<opencv::core::Vec3b>(y, x).unwrap() = [v, 255 - v, v / 2].into();
        }
    }
    let mut buf = Vector::<u8>::new();
    opencv::imgcodecs::imencode(".jpg", &m, &mut buf, &Vector::new()).unwrap();
    buf.as_slice().to_vec()
}

#[test]
fn a_truncated_jpeg_is_refused_naming_the_file() {
    let whole = jpeg(96, 64);
    assert!(tw_vision::image_io::jpeg_complete(&whole));
    // Bytes padded after the end marker are harmless.
    let mut padded = whole.clone();
    padded.extend_from_slice(&[0, 0, 0, 0]);
    assert!(load_bgr(&temp_file("padded.jpg", &padded)).is_ok());
    // Cut in the middle of the scan: OpenCV alone would decode it with a warning.
    let cut = &whole[..whole.len() * 2 / 3];
    assert!(!tw_vision::image_io::jpeg_complete(cut));
    let err = load_bgr(&temp_file("cut.jpg", cut))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cut.jpg") && err.contains("cut short"),
        "{err}"
    );
    // Only the end marker missing.
    let err = load_bgr(&temp_file("noeoi.jpg", &whole[..whole.len() - 2]))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("noeoi.jpg") && err.contains("cut short"),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_is_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.jpg");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    // Reading a FIFO with no writer would block for ever: run it on a thread
    // and fail the test instead of hanging.
    let (tx, rx) = std::sync::mpsc::channel();
    let p = fifo.clone();
    std::thread::spawn(move || {
        let _ = tx.send(load_bgr(&p).map(|_| ()).map_err(|e| e.to_string()));
    });
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("load_bgr blocked on a FIFO");
    let err = got.unwrap_err();
    assert!(err.contains("pipe.jpg") && err.contains("FIFO"), "{err}");
    let err = load_bgr(dir.path()).unwrap_err().to_string();
    assert!(
        err.contains("a folder") && err.contains(&dir.path().display().to_string()),
        "{err}"
    );
}
