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

#[test]
fn a_body_kind_is_refused_where_it_cannot_apply_and_paints_only_the_dice() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let run = |out: &str, set: &str, extra: &[&str]| {
        let mut args = vec!["synth", "d6", "--set", set, "--out", out, "--count", "1", "--seed", "5"];
        args.extend_from_slice(&["--size", "320x240", "--dice", "3,3", "--face-px", "50,60", "--table", "wood"]);
        args.extend_from_slice(extra);
        warden(&args)
    };
    for (set, extra, said) in [
        ("pips", vec!["--body", "pink"], "unknown body \"pink\""),
        ("dungeon-roll", vec!["--body", "red"], "only the pips set"),
        ("pips", vec!["--body", "red", "--bag", "4"], "--bag"),
    ] {
        let out = at("refused");
        let (code, _, err) = run(&out, set, &extra);
        assert_ne!(code, 0, "{extra:?} accepted");
        assert!(err.contains("--body") && err.contains(said), "{extra:?}: {err}");
        assert!(!std::path::Path::new(&out).join("0000.jpg").exists());
    }
    // The same seed with red and with blue bodies: the same dice in the same
    // places, the top faces redder in the one, bluer in the other.
    let mut redness = Vec::new();
    let mut labels = Vec::new();
    for body in ["red", "blue"] {
        let out = at(body);
        let (code, _, err) = run(&out, "pips", &["--body", body]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(std::path::Path::new(&out).join("0000.txt")).unwrap();
        let img = opencv::imgcodecs::imread(&format!("{out}/0000.jpg"), opencv::imgcodecs::IMREAD_COLOR).unwrap();
        let (w, h) = (320.0, 240.0);
        let mut sum = 0.0;
        for line in text.lines() {
            let v: Vec<f64> = line.split_whitespace().skip(1).map(|x| x.parse().unwrap()).collect();
            let (cx, cy, bw, bh) = (v[0] * w, v[1] * h, v[2] * w, v[3] * h);
            let rect = opencv::core::Rect::new((cx - bw / 3.0) as i32, (cy - bh / 3.0) as i32, (bw / 1.5) as i32, (bh / 1.5) as i32);
            let roi = opencv::core::Mat::roi(&img, rect).unwrap();
            let m = opencv::core::mean(&roi, &opencv::core::no_array()).unwrap();
            sum += m[2] - m[0]; // red minus blue (BGR)
        }
        redness.push(sum / text.lines().count() as f64);
        labels.push(text.lines().map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>());
    }
    assert_eq!(labels[0], labels[1], "the dice moved with their colour");
    assert!(redness[0] > 40.0 && redness[1] < -20.0, "red minus blue on the top faces: {redness:?}");
}
