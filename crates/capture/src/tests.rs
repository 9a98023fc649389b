//! Behaviour of the sources on files this test writes itself, plus the
//! embedded demo footage. No camera is needed (CI has none).

use super::*;
use opencv::core::{Mat, Scalar, Size, Vector, CV_8UC3};
use opencv::prelude::*;
use opencv::{imgcodecs, videoio};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A fresh, empty scratch folder per test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tw-capture-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn solid(w: i32, h: i32, bgr: (u8, u8, u8)) -> Mat {
    Mat::new_rows_cols_with_default(
        h,
        w,
        CV_8UC3,
        Scalar::new(bgr.0 as f64, bgr.1 as f64, bgr.2 as f64, 0.0),
    )
    .unwrap()
}

fn write_png(path: &std::path::Path, mat: &Mat) {
    assert!(imgcodecs::imwrite_def(path.to_str().unwrap(), mat).unwrap());
}

fn mean_abs_diff(a: &Frame, b: &Frame) -> f64 {
    assert_eq!(a.size(), b.size());
    let sum: u64 = a
        .data
        .iter()
        .zip(&b.data)
        .map(|(x, y)| x.abs_diff(*y) as u64)
        .sum();
    sum as f64 / a.data.len() as f64
}

#[test]
fn image_sequence_plays_files_in_name_order_then_ends() {
    let dir = scratch("seq");
    // Written out of order on purpose; playback must follow the names.
    write_png(&dir.join("frame_2.png"), &solid(8, 6, (0, 0, 200)));
    write_png(&dir.join("frame_0.png"), &solid(8, 6, (200, 0, 0)));
    write_png(&dir.join("frame_1.png"), &solid(8, 6, (0, 200, 0)));
    std::fs::write(dir.join("notes.txt"), "not an image").unwrap();

    let mut seq = ImageSequence::open(&dir, 10.0).unwrap();
    assert_eq!(seq.len(), 3);
    let frames: Vec<Frame> = (0..3).map(|_| seq.next_frame().unwrap()).collect();
    for (i, f) in frames.iter().enumerate() {
        assert_eq!(f.index, i as u64);
        assert_eq!(f.timestamp, Duration::from_millis(100 * i as u64));
        assert_eq!(f.size(), (8, 6));
        assert_eq!(f.data.len(), 8 * 6 * 3);
    }
    // Blue, then green, then red channel lit (BGR order).
    assert_eq!(&frames[0].data[..3], &[200, 0, 0]);
    assert_eq!(&frames[1].data[..3], &[0, 200, 0]);
    assert_eq!(&frames[2].data[..3], &[0, 0, 200]);

    let end = seq.next_frame().unwrap_err();
    assert!(matches!(end, CaptureError::Ended { .. }), "{end}");
    assert!(end.is_terminal());
}

#[test]
fn looping_sequence_starts_over_and_keeps_counting() {
    let dir = scratch("loop");
    write_png(&dir.join("a.png"), &solid(4, 4, (10, 20, 30)));
    write_png(&dir.join("b.png"), &solid(4, 4, (40, 50, 60)));
    let mut seq = ImageSequence::open(&dir, 5.0).unwrap().looping(true);
    let f: Vec<Frame> = (0..5).map(|_| seq.next_frame().unwrap()).collect();
    assert_eq!(
        f.iter().map(|f| f.index).collect::<Vec<_>>(),
        vec![0, 1, 2, 3, 4]
    );
    assert_eq!(f[0].data, f[2].data);
    assert_eq!(f[1].data, f[3].data);
    assert_ne!(f[0].data, f[1].data);
}

#[test]
fn empty_folder_and_bad_rate_are_clear_errors() {
    let dir = scratch("empty");
    let err = ImageSequence::open(&dir, 10.0).err().unwrap();
    assert!(err.to_string().contains("holds no images"), "{err}");
    let missing = dir.join("nope");
    let err = ImageSequence::open(&missing, 10.0).err().unwrap();
    assert!(err.to_string().contains("nope"), "{err}");
    write_png(&dir.join("a.png"), &solid(4, 4, (1, 2, 3)));
    let err = ImageSequence::open(&dir, 0.0).err().unwrap();
    assert!(err.to_string().contains("frame rate"), "{err}");
}

#[test]
fn corrupt_file_is_named_and_skipped_without_losing_the_rest() {
    let dir = scratch("corrupt");
    write_png(&dir.join("0.png"), &solid(6, 4, (1, 1, 1)));
    std::fs::write(
        dir.join("1.jpg"),
        b"\xff\xd8\xff\xe0 definitely not a whole jpeg",
    )
    .unwrap();
    std::fs::write(dir.join("2.png"), b"").unwrap();
    write_png(&dir.join("3.png"), &solid(6, 4, (9, 9, 9)));

    let mut seq = ImageSequence::open(&dir, 10.0).unwrap();
    assert_eq!(seq.next_frame().unwrap().data[0], 1);
    match seq.next_frame() {
        Err(e @ CaptureError::Unreadable { .. }) => {
            assert!(e.to_string().contains("1.jpg"), "{e}");
            assert!(!e.is_terminal());
        }
        other => panic!("expected Unreadable, got {other:?}"),
    }
    match seq.next_frame() {
        Err(e @ CaptureError::Unreadable { .. }) => assert!(e.to_string().contains("empty"), "{e}"),
        other => panic!("expected Unreadable, got {other:?}"),
    }
    let last = seq.next_frame().unwrap();
    assert_eq!(last.data[0], 9);
    assert_eq!(last.index, 3, "bad files keep their slot in the count");

    let err = StillImage::open(dir.join("1.jpg")).err().unwrap();
    assert!(
        matches!(err, CaptureError::Unreadable { .. }) && err.to_string().contains("1.jpg"),
        "{err}"
    );
    let err = VideoFile::open(dir.join("1.jpg")).err().unwrap();
    assert!(matches!(err, CaptureError::Unreadable { .. }), "{err}");
    let err = VideoFile::open(dir.join("missing.mp4")).err().unwrap();
    assert!(err.to_string().contains("no such file"), "{err}");
}

#[test]
fn size_change_is_reported_with_the_frame_and_then_accepted() {
    let dir = scratch("size");
    write_png(&dir.join("0.png"), &solid(8, 6, (5, 5, 5)));
    write_png(&dir.join("1.png"), &solid(8, 6, (6, 6, 6)));
    write_png(&dir.join("2.png"), &solid(12, 10, (7, 7, 7)));
    write_png(&dir.join("3.png"), &solid(12, 10, (8, 8, 8)));
    let mut seq = ImageSequence::open(&dir, 10.0).unwrap();
    seq.next_frame().unwrap();
    seq.next_frame().unwrap();
    match seq.next_frame() {
        Err(CaptureError::SizeChanged { from, to, frame }) => {
            assert_eq!(from, (8, 6));
            assert_eq!(to, (12, 10));
            assert_eq!(frame.size(), (12, 10));
            assert_eq!(frame.data[0], 7, "the changed frame is carried, not lost");
        }
        other => panic!("expected SizeChanged, got {other:?}"),
    }
    assert_eq!(seq.next_frame().unwrap().size(), (12, 10));
}

#[test]
fn still_image_yields_once_or_repeats() {
    let dir = scratch("still");
    let path = dir.join("table.png");
    write_png(&path, &solid(5, 3, (1, 2, 3)));
    let mut once = StillImage::open(&path).unwrap();
    assert_eq!(once.next_frame().unwrap().size(), (5, 3));
    assert!(matches!(once.next_frame(), Err(CaptureError::Ended { .. })));

    let mut again = StillImage::open(&path).unwrap().repeat(true);
    let a = again.next_frame().unwrap();
    let b = again.next_frame().unwrap();
    assert_eq!((a.index, b.index), (0, 1));
    assert_eq!(a.data, b.data);
}

#[test]
fn video_file_frames_come_back_in_order_then_end() {
    let dir = scratch("video");
    let path = dir.join("clip.avi");
    let fourcc = videoio::VideoWriter::fourcc('M', 'J', 'P', 'G').unwrap();
    let mut writer = videoio::VideoWriter::new(
        path.to_str().unwrap(),
        fourcc,
        10.0,
        Size::new(64, 48),
        true,
    )
    .unwrap();
    assert!(
        writer.is_opened().unwrap(),
        "OpenCV cannot write MJPG avi here"
    );
    for i in 0..6 {
        writer.write(&solid(64, 48, (i * 40, 0, 0))).unwrap();
    }
    writer.release().unwrap();

    let mut video = VideoFile::open(&path).unwrap();
    assert_eq!(video.kind(), SourceKind::VideoFile);
    let fps = video.nominal_fps().unwrap();
    assert!((fps - 10.0).abs() < 0.01, "{fps}");
    let mut blues = Vec::new();
    let mut stamps = Vec::new();
    loop {
        match video.next_frame() {
            Ok(f) => {
                assert_eq!(f.size(), (64, 48));
                blues.push(f.data[0]);
                stamps.push(f.timestamp);
            }
            Err(CaptureError::Ended { .. }) => break,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(blues.len(), 6);
    assert!(
        blues.windows(2).all(|w| w[1] > w[0]),
        "frames out of order: {blues:?}"
    );
    assert!(
        stamps.windows(2).all(|w| w[1] > w[0]),
        "timestamps not rising: {stamps:?}"
    );
}

#[test]
fn frames_round_trip_through_opencv_and_jpeg() {
    let mat = solid(32, 16, (10, 120, 240));
    let frame = Frame::from_mat(&mat, 7, Duration::from_millis(5)).unwrap();
    assert_eq!(frame.size(), (32, 16));
    let back = frame.to_mat().unwrap();
    assert_eq!(back.data_bytes().unwrap(), mat.data_bytes().unwrap());

    let jpeg = frame.encode_jpeg(90).unwrap();
    assert_eq!(&jpeg[..2], &[0xff, 0xd8]);
    let decoded =
        imgcodecs::imdecode(&Vector::<u8>::from_slice(&jpeg), imgcodecs::IMREAD_COLOR).unwrap();
    assert_eq!((decoded.cols(), decoded.rows()), (32, 16));

    let bad = Frame {
        data: vec![0; 5],
        ..frame
    };
    assert!(
        bad.to_mat().is_err(),
        "a frame with the wrong byte count must not convert"
    );
}

#[test]
fn demo_footage_matches_its_manifest_and_moves() {
    let info = footage_info().unwrap();
    let mut demo = DemoFootage::new().unwrap();
    let n = super::demo::frame_count();
    assert!(
        n >= 20,
        "demo footage should be a few seconds long, has {n} frames"
    );
    let frames: Vec<Frame> = (0..n + 1).map(|_| demo.next_frame().unwrap()).collect();
    for f in &frames {
        assert_eq!(f.size(), (info.width, info.height));
    }
    // Dice are thrown: early frames differ from each other visibly.
    let diff = mean_abs_diff(&frames[0], &frames[n / 4]);
    assert!(diff > 1.0, "demo frames barely change: mean diff {diff}");
    // It loops: frame n is frame 0 again, and the count keeps rising.
    assert_eq!(frames[n].data, frames[0].data);
    assert_eq!(frames[n].index, n as u64);
    assert_eq!(frames[1].timestamp, Duration::from_secs_f64(1.0 / info.fps));
    // Not a blank picture: pixel values spread out.
    let mean = frames[0].data.iter().map(|&v| v as f64).sum::<f64>() / frames[0].data.len() as f64;
    let var = frames[0]
        .data
        .iter()
        .map(|&v| (v as f64 - mean).powi(2))
        .sum::<f64>()
        / frames[0].data.len() as f64;
    assert!(var > 100.0, "demo frame looks flat (variance {var})");
}

#[test]
fn camera_failure_falls_back_to_demo_with_the_reason() {
    let opened = open_default_with(|| {
        Err(CaptureError::Busy {
            camera: "#0".into(),
            detail: "Device or resource busy".into(),
        })
    })
    .unwrap();
    assert!(opened.is_demo());
    assert_eq!(opened.source.name(), DEMO_NAME);
    let reason = opened.fallback_reason.unwrap();
    assert!(reason.contains("busy"), "{reason}");

    let opened = open_default_with(|| Err(CaptureError::NoCamera)).unwrap();
    assert_eq!(opened.fallback_reason.as_deref(), Some("no camera found"));
}

#[test]
fn a_working_camera_is_used_without_a_notice() {
    let dir = scratch("fake-camera");
    let path = dir.join("cam.png");
    write_png(&path, &solid(4, 4, (1, 2, 3)));
    let opened = open_default_with(|| {
        Ok(Box::new(StillImage::open(&path)?.repeat(true)) as Box<dyn FrameSource>)
    })
    .unwrap();
    assert!(!opened.is_demo());
    assert!(opened.fallback_reason.is_none());
}

#[test]
fn this_machine_without_a_camera_gets_demo_footage() {
    let cameras =
        list_cameras().expect("listing cameras must not fail just because there are none");
    if !cameras.is_empty() {
        println!("skipped: this machine has {} camera(s)", cameras.len());
        return;
    }
    let mut opened = open_default().unwrap();
    assert!(opened.is_demo());
    assert_eq!(opened.fallback_reason.as_deref(), Some("no camera found"));
    assert_eq!(opened.source.next_frame().unwrap().index, 0);
}

#[test]
fn sources_list_ends_with_the_demo_and_reports_camera_errors() {
    let list = list_sources_with(Ok(vec![CameraEntry {
        index: 2,
        name: "USB Cam".into(),
        description: "uvc".into(),
    }]));
    assert_eq!(list.sources.len(), 2);
    assert_eq!(list.sources[0].id, "camera:2");
    assert_eq!(list.sources[1].id, "demo");
    assert!(
        list.sources[1].detail.contains("fps"),
        "{}",
        list.sources[1].detail
    );
    assert!(list.camera_error.is_none());

    let list = list_sources_with(Err(CaptureError::Camera {
        camera: "(listing)".into(),
        detail: "permission denied".into(),
    }));
    assert_eq!(list.sources.len(), 1);
    assert!(list.camera_error.unwrap().contains("permission denied"));
}

#[test]
fn open_spec_understands_names_and_paths() {
    let dir = scratch("spec");
    write_png(&dir.join("a.png"), &solid(4, 4, (1, 2, 3)));
    assert_eq!(open_spec("demo", None).unwrap().kind(), SourceKind::Demo);
    assert_eq!(
        open_spec(dir.to_str().unwrap(), Some(100.0))
            .unwrap()
            .kind(),
        SourceKind::ImageSequence
    );
    assert_eq!(
        open_spec(dir.join("a.png").to_str().unwrap(), None)
            .unwrap()
            .kind(),
        SourceKind::StillImage
    );
    let err = open_spec("camera:first", None).err().unwrap();
    assert!(err.to_string().contains("camera:N"), "{err}");
    let err = open_spec(dir.join("missing.mp4").to_str().unwrap(), None)
        .err()
        .unwrap();
    assert!(err.to_string().contains("missing.mp4"), "{err}");
}

#[test]
fn paced_source_delivers_no_faster_than_its_rate() {
    let dir = scratch("paced");
    write_png(&dir.join("a.png"), &solid(4, 4, (1, 2, 3)));
    let seq = ImageSequence::open(&dir, 1000.0).unwrap().looping(true);
    let mut paced = Paced::new(seq, 50.0);
    let start = Instant::now();
    for _ in 0..6 {
        paced.next_frame().unwrap();
    }
    // Six frames at 50 fps span at least five periods (20 ms each).
    assert!(
        start.elapsed() >= Duration::from_millis(100),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(paced.nominal_fps().map(|f| f.round()), Some(50.0));
}

#[test]
fn fps_meter_measures_over_its_window() {
    let mut meter = FpsMeter::new(Duration::from_secs(1));
    let t0 = Instant::now();
    assert_eq!(meter.fps(), 0.0);
    for i in 0..=30 {
        meter.tick(t0 + Duration::from_millis(100 * i));
    }
    assert!((meter.fps() - 10.0).abs() < 1e-9, "{}", meter.fps());
    // A burst at 50 fps after that dominates the one-second window.
    for i in 1..=50 {
        meter.tick(t0 + Duration::from_millis(3000 + 20 * i));
    }
    assert!((meter.fps() - 50.0).abs() < 1.5, "{}", meter.fps());
}

/// `--source` naming a FIFO (any extension) or a device is refused up front,
/// naming the path, instead of blocking the capture thread on open.
#[cfg(unix)]
#[test]
fn a_fifo_or_device_source_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let mut specs = Vec::new();
    for name in ["pipe", "pipe.jpg", "pipe.mp4"] {
        let p = dir.join(name);
        assert!(std::process::Command::new("mkfifo")
            .arg(&p)
            .status()
            .unwrap()
            .success());
        specs.push(p.display().to_string());
    }
    specs.push("/dev/null".into());
    for spec in specs {
        let (tx, rx) = std::sync::mpsc::channel();
        let s = spec.clone();
        std::thread::spawn(move || {
            let _ = tx.send(open_spec(&s, None).map(|_| ()).map_err(|e| e.to_string()));
        });
        let got = rx
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("opening {spec} blocked"));
        let err = got.expect_err("refused");
        assert!(
            err.contains(&spec) && err.contains("not a regular file"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
