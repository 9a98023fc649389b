//! `warden synth d6`'s look options (table, ambient light, lamp colour,
//! face size) and `warden dice enroll --yolo` on art faces, through the
//! real binary: bad values are refused naming the flag, good ones write a
//! YOLO folder whose labels a set can be enrolled from.


mod common;

fn warden(args: &[&str]) -> (i32, String, String) {
    common::output(common::warden().args(args))
}

#[test]
fn bad_look_options_are_refused_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d6");
    let base = [
        "synth",
        "d6",
        "--set",
        "dungeon-roll",
        "--out",
        out.to_str().unwrap(),
        "--count",
        "1",
    ];
    for (extra, flag) in [
        (["--table", "marble"], "--table"),
        (["--face-px", "40,20"], "--face-px"),
        (["--ambient", "0.5,2"], "--ambient"),
        (["--lamp-color", "1,1"], "--lamp-color"),
        (["--lamp-color", "1,1,9"], "--lamp-color"),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(extra).collect();
        let (code, _, err) = warden(&args);
        assert_ne!(code, 0, "{extra:?} accepted");
        assert!(err.contains(flag), "{extra:?}: {err}");
    }
    assert!(!out.join("0000.jpg").exists());
}

#[test]
fn a_looked_scene_is_written_with_labels_for_its_faces() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d6");
    let (code, stdout, err) = warden(&[
        "synth",
        "d6",
        "--set",
        "pocket-dungeon-quest",
        "--out",
        out.to_str().unwrap(),
        "--count",
        "2",
        "--seed",
        "3",
        "--size",
        "320x240",
        "--dice",
        "2,3",
        "--face-px",
        "40,60",
        "--table",
        "cloth",
        "--ambient",
        "0.5,0.6",
        "--lamp-color",
        "1,0.8,0.6",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("2 images of pocket-dungeon-quest dice"),
        "{stdout}"
    );
    let classes = std::fs::read_to_string(out.join("classes.txt")).unwrap();
    assert_eq!(classes.lines().next(), Some("one_sword"));
    for i in 0..2 {
        let labels = std::fs::read_to_string(out.join(format!("{i:04}.txt"))).unwrap();
        let n = labels.lines().count();
        assert!((2..=3).contains(&n), "{n} labels");
        assert!(out.join(format!("{i:04}.jpg")).exists());
    }
}
