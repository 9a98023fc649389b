//! Issue 23's remaining items, through the real binary: reading from any
//! working directory, images too small or claiming too many pixels, a
//! benchmark frame too big, a FIFO given as an image, and a read-only store.

use std::path::Path;
use std::process::Command;

/// Runs warden in `cwd` with the environment given (nothing pointing at the
/// repository, so the models folder must be found by the binary itself).
fn warden_in(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_warden"));
    c.current_dir(cwd)
        .args(args)
        .env_remove("TABLE_WARDEN_MODELS");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn synth(cwd: &Path, out: &Path, extra: &[&str]) {
    let mut args = vec![
        "synth",
        "--out",
        out.to_str().unwrap(),
        "--count",
        "1",
        "--seed",
        "7",
    ];
    args.extend_from_slice(extra);
    let (rc, _, err) = warden_in(cwd, &args, &[]);
    assert_eq!(rc, 0, "{err}");
}

fn read_scene(cwd: &Path, dir: &Path, env: &[(&str, &str)]) -> (i32, String, String) {
    let img = dir.join("scene-00000.jpg");
    let cal = dir.join("scene-00000.calibration.json");
    warden_in(
        cwd,
        &[
            "read",
            "--image",
            img.to_str().unwrap(),
            "--calibration",
            cal.to_str().unwrap(),
        ],
        env,
    )
}

#[test]
fn a_synth_scene_reads_from_a_folder_outside_the_repository() {
    let cwd = tempfile::tempdir().unwrap();
    let scenes = cwd.path().join("scenes");
    synth(cwd.path(), &scenes, &["--clean"]);
    let (rc, out, err) = read_scene(cwd.path(), &scenes, &[]);
    assert_eq!(rc, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["dice"].as_array().is_some_and(|d| !d.is_empty()), "{out}");

    // The override is honoured: a models folder without the set is named in the error.
    let empty = tempfile::tempdir().unwrap();
    let (rc, _, err) = read_scene(
        cwd.path(),
        &scenes,
        &[("TABLE_WARDEN_MODELS", empty.path().to_str().unwrap())],
    );
    assert_eq!(rc, 1);
    assert!(err.contains(&empty.path().display().to_string()), "{err}");
}

#[test]
fn a_profile_from_synth_with_a_relative_board_names_it_absolutely() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let cwd = tempfile::tempdir().unwrap();
    std::fs::copy(
        repo.join("calibration/boards/catacombs-default.json"),
        cwd.path().join("my-board.json"),
    )
    .unwrap();
    let scenes = cwd.path().join("scenes");
    synth(
        cwd.path(),
        &scenes,
        &["--clean", "--board", "my-board.json"],
    );
    let cal: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(scenes.join("scene-00000.calibration.json")).unwrap(),
    )
    .unwrap();
    let geometry = cal["board"]["geometry"].as_str().unwrap();
    assert!(Path::new(geometry).is_absolute(), "{geometry}");
    // Read from another folder: the board is still found.
    let elsewhere = tempfile::tempdir().unwrap();
    let (rc, _, err) = read_scene(elsewhere.path(), &scenes, &[]);
    assert_eq!(rc, 0, "{err}");
}

/// A PNG of `w`×`h` pixels as its header states them; the pixel data is a
/// real 1×1 image's, so only the header can tell a reader the size.
fn png_claiming(w: u32, h: u32) -> Vec<u8> {
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend_from_slice(&w.to_be_bytes());
    ihdr.extend_from_slice(&h.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let chunk = |png: &mut Vec<u8>, body: &[u8]| {
        png.extend_from_slice(&((body.len() - 4) as u32).to_be_bytes());
        png.extend_from_slice(body);
        png.extend_from_slice(&crc32(body).to_be_bytes());
    };
    chunk(&mut png, &ihdr);
    // zlib stream of one scanline: filter 0 and one RGB pixel (stored block).
    let raw = [0u8, 200, 100, 50];
    let mut idat = b"IDAT".to_vec();
    idat.extend_from_slice(&[0x78, 0x01, 0x01, 4, 0, !4u8, 0xFF]);
    idat.extend_from_slice(&raw);
    idat.extend_from_slice(&adler32(&raw).to_be_bytes());
    chunk(&mut png, &idat);
    chunk(&mut png, b"IEND");
    png
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut c = 0xFFFF_FFFFu32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in bytes {
        a = (a + u32::from(x)) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

#[test]
fn the_crafted_png_is_valid_and_a_one_pixel_photo_of_the_board_is_refused_by_name() {
    let cwd = tempfile::tempdir().unwrap();
    // Known CRC of "IEND".
    assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    let tiny = cwd.path().join("tiny.png");
    std::fs::write(&tiny, png_claiming(1, 1)).unwrap();
    // The 1×1 image decodes (so the refusal below is about its size).
    let (rc, out, err) = warden_in(
        cwd.path(),
        &["read", "--image", tiny.to_str().unwrap()],
        &[],
    );
    assert_eq!(rc, 0, "1×1 PNG should decode for the d6 reader: {err}");
    assert!(out.contains("\"width\":1"), "{out}");

    let scenes = cwd.path().join("scenes");
    synth(cwd.path(), &scenes, &["--clean"]);
    let cal = scenes.join("scene-00000.calibration.json");
    let (rc, _, err) = warden_in(
        cwd.path(),
        &[
            "read",
            "--image",
            tiny.to_str().unwrap(),
            "--calibration",
            cal.to_str().unwrap(),
        ],
        &[],
    );
    assert_eq!(rc, 1, "{err}");
    assert!(err.contains("tiny.png") && err.contains("1×1"), "{err}");
    assert!(!err.contains("Assertion"), "{err}");
}

#[test]
fn a_png_claiming_60000_squared_is_refused_naming_the_file() {
    let cwd = tempfile::tempdir().unwrap();
    let huge = cwd.path().join("huge.png");
    std::fs::write(&huge, png_claiming(60000, 60000)).unwrap();
    let scenes = cwd.path().join("scenes");
    synth(cwd.path(), &scenes, &["--clean"]);
    let cal = scenes.join("scene-00000.calibration.json");
    for args in [
        vec!["read", "--image", huge.to_str().unwrap()],
        vec![
            "read",
            "--image",
            huge.to_str().unwrap(),
            "--calibration",
            cal.to_str().unwrap(),
        ],
        vec!["calibration", "detect", "--image", huge.to_str().unwrap()],
    ] {
        let (rc, _, err) = warden_in(cwd.path(), &args, &[]);
        assert_ne!(rc, 0, "{args:?}");
        assert!(
            err.contains("huge.png") && err.contains("3600 megapixels"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("CV_IO_MAX_IMAGE_PIXELS"), "{err}");
    }
}

#[test]
fn bench_motion_refuses_a_frame_above_the_cap() {
    let cwd = tempfile::tempdir().unwrap();
    let (rc, _, err) = warden_in(
        cwd.path(),
        &["bench", "motion", "--width", "200000", "--height", "200000"],
        &[],
    );
    assert_eq!(rc, 1, "{err}");
    assert!(
        err.contains("megapixels") && err.contains("at most 50"),
        "{err}"
    );
}

#[test]
fn bench_throw_refuses_an_elevation_out_of_range_naming_the_flag() {
    let cwd = tempfile::tempdir().unwrap();
    for bad in ["5,90", "60,95", "80,60", "high,90"] {
        let (rc, out, err) = warden_in(cwd.path(), &["bench", "throw", "--clips", "1", "--elevation", bad], &[]);
        assert_ne!(rc, 0, "--elevation {bad} accepted: {out}");
        assert!(err.contains("--elevation"), "--elevation {bad}: {err}");
        assert!(out.is_empty(), "--elevation {bad} ran the bench: {out}");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_as_image_is_refused_without_blocking() {
    let cwd = tempfile::tempdir().unwrap();
    let fifo = cwd.path().join("pipe.jpg");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_warden"))
        .current_dir(cwd.path())
        .args(["read", "--image", fifo.to_str().unwrap()])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() > 20 {
            let _ = child.kill();
            panic!("warden read blocked on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("pipe.jpg") && err.contains("FIFO"), "{err}");
}

#[test]
fn store_errors_name_the_database() {
    let cwd = tempfile::tempdir().unwrap();
    // A folder where the database file should be: opening fails, and the
    // message must say which path.
    let db = cwd.path().join("games.sqlite3");
    std::fs::create_dir(&db).unwrap();
    let (rc, _, err) = warden_in(
        cwd.path(),
        &["campaign", "list", "--db", db.to_str().unwrap()],
        &[],
    );
    assert_eq!(rc, 1);
    assert!(err.contains(&db.display().to_string()), "{err}");
}

/// A solid-colour PNG of `w`×`h` (BGR).
fn solid_png(path: &Path, w: i32, h: i32, bgr: [f64; 3]) {
    use opencv::core::{Mat, Scalar, Vector, CV_8UC3};
    let m =
        Mat::new_rows_cols_with_default(h, w, CV_8UC3, Scalar::new(bgr[0], bgr[1], bgr[2], 0.0))
            .unwrap();
    assert!(opencv::imgcodecs::imwrite(path.to_str().unwrap(), &m, &Vector::new()).unwrap());
}

#[test]
fn dice_enroll_refuses_tiny_crops_and_faces_it_cannot_tell_apart() {
    let cwd = tempfile::tempdir().unwrap();
    let out = cwd.path().join("set.json");
    let enroll = |crops: &Path| {
        warden_in(
            cwd.path(),
            &[
                "dice",
                "enroll",
                "--name",
                "t",
                "--crops",
                crops.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ],
            &[],
        )
    };
    let tiny = cwd.path().join("tiny");
    std::fs::create_dir(&tiny).unwrap();
    solid_png(&tiny.join("red-icon-1.png"), 1, 1, [40.0, 40.0, 200.0]);
    solid_png(&tiny.join("red-blank-1.png"), 1, 1, [40.0, 40.0, 200.0]);
    let (rc, _, err) = enroll(&tiny);
    assert_eq!(rc, 1, "{err}");
    assert!(
        err.contains("red-blank-1.png") && err.contains("1×1"),
        "{err}"
    );

    let same = cwd.path().join("same");
    std::fs::create_dir(&same).unwrap();
    solid_png(&same.join("red-icon-1.png"), 40, 40, [40.0, 40.0, 200.0]);
    solid_png(&same.join("red-blank-1.png"), 40, 40, [40.0, 40.0, 200.0]);
    let (rc, _, err) = enroll(&same);
    assert_eq!(rc, 1, "{err}");
    assert!(
        err.contains("icon and blank") && err.contains("red"),
        "{err}"
    );
    assert!(!out.exists(), "nothing saved");
}

/// Bad-input sweep, 2026-11-27: `store check` on a path in a missing folder
/// created the folder and a new database and called it sound.
#[test]
fn store_check_creates_nothing() {
    let cwd = tempfile::tempdir().unwrap();
    let db = cwd.path().join("no-such-folder").join("games.sqlite3");
    let (rc, out, err) = warden_in(
        cwd.path(),
        &["store", "check", "--db", db.to_str().unwrap()],
        &[],
    );
    assert_eq!(rc, 1, "{out}");
    assert!(
        err.contains(&db.display().to_string()) && err.contains("creates nothing"),
        "{err}"
    );
    assert!(!db.parent().unwrap().exists(), "the folder was created");
}

/// Bad-input sweep, 2026-11-27: `eval dice` on an empty folder printed
/// `median NaN` and exited 0.
#[test]
fn eval_dice_refuses_a_folder_without_photos() {
    let cwd = tempfile::tempdir().unwrap();
    let dir = cwd.path().join("photos");
    std::fs::create_dir(&dir).unwrap();
    let (rc, out, err) = warden_in(
        cwd.path(),
        &["eval", "dice", "--yolo", dir.to_str().unwrap()],
        &[],
    );
    assert_eq!(rc, 1, "{out}");
    assert!(err.contains("no labelled images in"), "{err}");
}

/// Bad-input sweep, 2026-11-27: `game do 1 'not json'` was "cannot read
/// command file not json", and every error began "database PATH:".
#[test]
fn game_input_that_is_neither_json_nor_a_file_says_so_without_blaming_the_database() {
    let cwd = tempfile::tempdir().unwrap();
    let db = cwd.path().join("games.sqlite3");
    let (rc, _, err) = warden_in(
        cwd.path(),
        &["game", "--db", db.to_str().unwrap(), "do", "1", "not json"],
        &[],
    );
    assert_eq!(rc, 1);
    assert!(
        err.starts_with("warden: command \"not json\" is neither valid JSON (expected ident at line 1 column 2) nor an existing file"),
        "{err}"
    );
}

/// Typed errors out of the core (2026-11-28): `cards save` with no name
/// read "database PATH: card.name: …", a kept card of kind `zzz` was
/// accepted, and a refused setup read as an "illegal move".
#[test]
fn card_and_setup_errors_name_the_field_without_blaming_the_database() {
    let cwd = tempfile::tempdir().unwrap();
    let db = cwd.path().join("games.sqlite3");
    let db = db.to_str().unwrap();
    let save = |kind: &str, card: &str| {
        warden_in(
            cwd.path(),
            &[
                "cards",
                "--db",
                db,
                "save",
                "--game",
                "dungeon-fighter",
                "--kind",
                kind,
                "--card",
                card,
            ],
            &[],
        )
    };
    let (rc, _, err) = save("monster", r#"{"life": 3}"#);
    assert_eq!(rc, 1);
    assert_eq!(
        err.trim_end(),
        "warden: card.name: a kept card needs a name"
    );
    let (rc, out, err) = save("zzz", r#"{"name": "Bat"}"#);
    assert_eq!(rc, 1, "{out}");
    assert_eq!(
        err.trim_end(),
        "warden: kind: \"zzz\" is not a card kind of dungeon-fighter; the kinds are dungeon, monster, equipment, boss"
    );
    let (rc, out, err) = warden_in(
        cwd.path(),
        &["cards", "--db", db, "list", "--game", "dungeon-fighter"],
        &[],
    );
    assert_eq!((rc, out.as_str()), (0, ""), "nothing kept: {err}");
    let (rc, _, err) = warden_in(
        cwd.path(),
        &[
            "game",
            "--db",
            db,
            "new",
            "dungeon-fighter",
            "--setup",
            r#"{"heroes": ["saul-baysar"]}"#,
        ],
        &[],
    );
    assert_eq!(rc, 1);
    assert!(
        err.starts_with(
            "warden: the dungeon-fighter game could not be set up: refused by rule \"Setup\""
        ),
        "{err}"
    );
}
