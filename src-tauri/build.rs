// Tauri's build step, with an app manifest: each command in COMMANDS gets an
// `allow-<name>` permission, and once the app has a manifest a command is
// only callable when a capability grants it (capabilities/default.json).
include!("src/command_names.rs");

fn main() {
    println!("cargo:rerun-if-changed=src/command_names.rs");
    let manifest = tauri_build::AppManifest::new().commands(COMMANDS);
    if let Err(error) =
        tauri_build::try_build(tauri_build::Attributes::new().app_manifest(manifest))
    {
        // Printed to stdout as tauri_build::build does, so cargo shows it.
        println!("{error:#}");
        std::process::exit(1);
    }
}
