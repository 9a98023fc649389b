//! Checks that what the window grants matches what the UI uses: the
//! commands `ui/src` invokes, the capability file, the command list build.rs
//! makes permissions from (`command_names`) and the handler list in
//! `main.rs`. A UI call to a command that is not granted, a grant for a
//! command that no longer exists, or a grant the UI never uses fails here
//! rather than as a refused call in the running window.

use crate::command_names::COMMANDS;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The commands named in `main.rs`'s `generate_handler![...]`.
fn handler_names(main_rs: &str) -> Vec<String> {
    let start = main_rs
        .find("generate_handler![")
        .expect("main.rs registers its commands with generate_handler!");
    let body = &main_rs[start + "generate_handler![".len()..];
    let body = &body[..body.find(']').expect("generate_handler! is closed")];
    body.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|path| path.rsplit("::").next().unwrap_or(path).to_string())
        .collect()
}

/// The command names `invoke("name", ...)` / `invoke<T>('name')` calls in
/// `source` use. A call whose first argument is not a string literal is an
/// error: the grant list could not be checked against it.
fn invoked_names(source: &str, file: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    let bytes = source.as_bytes();
    let is_ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    for (at, _) in source.match_indices("invoke") {
        if at > 0 && is_ident(bytes[at - 1]) {
            continue;
        }
        let mut i = at + "invoke".len();
        if i < bytes.len() && bytes[i] == b'<' {
            // Skip the type argument, which may nest (`invoke<Map<K, V>>`).
            let mut depth = 0;
            while i < bytes.len() {
                match bytes[i] {
                    b'<' => depth += 1,
                    b'>' => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        if i >= bytes.len() || bytes[i] != b'(' {
            continue; // an import, a comment or a word, not a call
        }
        let rest = source[i + 1..].trim_start();
        let quote = rest.chars().next().unwrap_or(' ');
        if !matches!(quote, '"' | '\'' | '`') {
            let line = source[..at].matches('\n').count() + 1;
            return Err(format!(
                "{file}:{line}: invoke is called with a computed command name; use a string literal"
            ));
        }
        let name: String = rest[1..].chars().take_while(|&c| c != quote).collect();
        names.push(name);
    }
    Ok(names)
}

/// Every `.ts` file under `dir`, recursively, sorted.
fn ts_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ts") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The command names the UI invokes, across `ui/src`.
fn ui_invoked() -> BTreeSet<String> {
    let mut all = BTreeSet::new();
    for f in ts_files(&manifest_dir().join("../ui/src")) {
        let text = std::fs::read_to_string(&f).unwrap();
        all.extend(invoked_names(&text, &f.display().to_string()).unwrap());
    }
    all
}

fn capability() -> Value {
    let path = manifest_dir().join("capabilities/default.json");
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The permission tauri-build generates for app command `name`.
fn permission_for(name: &str) -> String {
    format!("allow-{}", name.replace('_', "-"))
}

#[test]
fn the_scanner_finds_literal_calls_and_refuses_computed_ones() {
    let src = r#"import { invoke } from "@tauri-apps/api/core";
        // a rejected `invoke` threw
        const a = () => invoke<Map<string, number[]>>("game_state", { id });
        await invoke('capture_set_source', { spec });
        myinvoke("not_this");"#;
    assert_eq!(
        invoked_names(src, "x.ts").unwrap(),
        ["game_state", "capture_set_source"]
    );
    let e = invoked_names("const n = 'x';\ninvoke(n);", "y.ts").unwrap_err();
    assert!(e.contains("y.ts:2"), "{e}");
    assert_eq!(
        handler_names("generate_handler![\n a::one,\n b::c::two\n ]"),
        ["one", "two"]
    );
}

#[test]
fn build_rs_and_main_rs_list_the_same_commands() {
    let main_rs = include_str!("main.rs");
    let handlers = handler_names(main_rs);
    let unique: BTreeSet<_> = handlers.iter().cloned().collect();
    assert_eq!(
        unique.len(),
        handlers.len(),
        "a command is registered twice"
    );
    let listed: BTreeSet<String> = COMMANDS.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        listed.len(),
        COMMANDS.len(),
        "command_names lists a command twice"
    );
    assert_eq!(
        unique, listed,
        "src/command_names.rs (which build.rs makes permissions from) and main.rs's generate_handler! differ"
    );
}

#[test]
fn the_capability_grants_exactly_the_commands_the_ui_invokes() {
    let ui = ui_invoked();
    assert!(!ui.is_empty(), "no invoke calls found under ui/src");
    let known: BTreeSet<&str> = COMMANDS.iter().copied().collect();
    let missing: Vec<_> = ui.iter().filter(|n| !known.contains(n.as_str())).collect();
    assert!(
        missing.is_empty(),
        "the UI invokes commands the window does not have: {missing:?}"
    );

    let cap = capability();
    // The core API grants (events) are checked against the UI's imports below.
    let granted: BTreeSet<String> = cap["permissions"]
        .as_array()
        .expect("capabilities/default.json: permissions is a list")
        .iter()
        .map(|p| {
            p.as_str()
                .expect("permissions are plain identifiers")
                .to_string()
        })
        .filter(|p| !p.starts_with("core:"))
        .collect();
    let wanted: BTreeSet<String> = ui.iter().map(|n| permission_for(n)).collect();
    let not_granted: Vec<_> = wanted.difference(&granted).collect();
    assert!(
        not_granted.is_empty(),
        "the UI invokes commands the capability does not grant: {not_granted:?}"
    );
    let unused: Vec<_> = granted.difference(&wanted).collect();
    assert!(
        unused.is_empty(),
        "capabilities/default.json grants what the UI never invokes (or commands that no longer exist): {unused:?}"
    );
    assert_eq!(cap["windows"], serde_json::json!(["main"]));
}

#[test]
fn the_ui_uses_no_tauri_api_beyond_invoke_and_listen() {
    // The capability grants of the core API only listening to events; a UI
    // import of another API (windows, paths...) would be refused at run time.
    let mut listens = false;
    for f in ts_files(&manifest_dir().join("../ui/src")) {
        let text = std::fs::read_to_string(&f).unwrap();
        for line in text.lines().filter(|l| l.contains("@tauri-apps/")) {
            let line = line.trim();
            listens |= line == r#"import { listen } from "@tauri-apps/api/event";"#;
            assert!(
                line == r#"import { invoke } from "@tauri-apps/api/core";"#
                    || line == r#"import { listen } from "@tauri-apps/api/event";"#,
                "{}: grant the core permission `{line}` needs in capabilities/default.json, then widen this test",
                f.display()
            );
        }
    }
    let cap = capability();
    let core: BTreeSet<&str> = cap["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| p.starts_with("core:"))
        .collect();
    let wanted: BTreeSet<&str> = if listens {
        ["core:event:allow-listen", "core:event:allow-unlisten"].into()
    } else {
        BTreeSet::new()
    };
    assert_eq!(core, wanted, "the core permissions granted are exactly those the UI's imports need");
}

/// The policy's choices: scripts only from the bundle (Tauri adds hashes of
/// its own); images from the bundle or `data:` (snapshots arrive as base64
/// data URLs); IPC through Tauri's `ipc:` protocol. Styles allow
/// `'unsafe-inline'` because the UI needs it: `dom.ts` sets `style`
/// attributes for board layouts and the Green Dungeon screen adds its own
/// `<style>` element. The end-to-end test checks that an inline script is
/// refused in the running window.
#[test]
fn the_window_has_a_content_security_policy() {
    let path = manifest_dir().join("tauri.conf.json");
    let conf: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let csp = &conf["app"]["security"]["csp"];
    assert!(
        csp.is_object(),
        "{}: app.security.csp is not set",
        path.display()
    );
    assert_eq!(csp["default-src"], "'self'");
    assert_eq!(csp["object-src"], "'none'");
    for directive in ["default-src", "script-src"] {
        let v = csp[directive].as_str().unwrap_or("");
        assert!(
            v.contains("'self'") && !v.contains("unsafe") && !v.contains('*'),
            "{directive}: {v}"
        );
    }
    assert_eq!(
        conf["app"]["windows"][0]["label"], "main",
        "the capability names the window `main`"
    );
}
