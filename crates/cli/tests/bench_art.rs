//! `warden bench read --dice-set SET --yolo DIR`: a set or folder it cannot
//! use is refused naming it, and nothing is timed.

mod common;

fn warden(args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().args(args))
}

#[test]
fn bench_read_refuses_a_set_or_folder_it_cannot_use_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let photos = dir.path().join("photos");
    std::fs::create_dir(&photos).unwrap();
    let photos_s = photos.to_str().unwrap();

    let missing = dir.path().join("no-such-set.json");
    let (rc, out, err) = warden(&[
        "bench",
        "read",
        "--dice-set",
        missing.to_str().unwrap(),
        "--yolo",
        photos_s,
    ]);
    assert_eq!(rc, 1, "{out}{err}");
    assert!(err.contains("no-such-set.json"), "{err}");
    assert!(!out.contains("ms/frame"), "{out}");

    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, "{\"format\": \"tw-dice-set/1\", \"kind\": \"d6\"}").unwrap();
    let (rc, out, err) = warden(&[
        "bench",
        "read",
        "--dice-set",
        broken.to_str().unwrap(),
        "--yolo",
        photos_s,
    ]);
    assert_eq!(rc, 1, "{out}{err}");
    assert!(err.contains("broken.json"), "{err}");
    assert!(!out.contains("ms/frame"), "{out}");

    // --yolo without --dice-set (and the reverse) is a usage error.
    let (rc, _, err) = warden(&["bench", "read", "--yolo", photos_s]);
    assert_eq!(rc, 2, "{err}");
}
