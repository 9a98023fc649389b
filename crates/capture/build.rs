//! Embeds the demo footage (assets/demo/*.jpg and footage.json) into the
//! library, so the app and `warden` play it from any working directory.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let demo = manifest.join("../../assets/demo");
    println!("cargo:rerun-if-changed={}", demo.display());

    let mut frames: Vec<PathBuf> = std::fs::read_dir(&demo)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "jpg"))
                .collect()
        })
        .unwrap_or_default();
    frames.sort();

    let mut code = String::from("/// Demo frames in playback order: (file name, JPEG bytes).\n");
    code.push_str("pub(crate) static FRAMES: &[(&str, &[u8])] = &[\n");
    for f in &frames {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().unwrap().to_string_lossy();
        writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            f.canonicalize().unwrap()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let footage = demo.join("footage.json");
    println!("cargo:rerun-if-changed={}", footage.display());
    match footage.canonicalize() {
        Ok(p) => writeln!(
            code,
            "pub(crate) static FOOTAGE_JSON: Option<&str> = Some(include_str!({p:?}));"
        )
        .unwrap(),
        Err(_) => code.push_str("pub(crate) static FOOTAGE_JSON: Option<&str> = None;\n"),
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("demo_frames.rs");
    std::fs::write(out, code).unwrap();
}
