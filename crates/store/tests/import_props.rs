//! Campaign import under fuzzing (issue 23): any text, any JSON and spoiled
//! exports of real engine sessions never panic, refusals name the field,
//! what an import accepts can be reopened without a panic, and an export
//! imports back to the same export.

mod common;
#[path = "../../../tests/support/json_fuzz.rs"]
mod json_fuzz;

use json_fuzz::*;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::path::Path;
use tw_store::campaign::NewCampaign;
use tw_store::exchange;
use tw_store::{GameSession, Provenance, Source, Store, StoreError};

/// Plays the committed example script of `game` into a new campaign, with
/// an undo and a camera correction, and returns the campaign's export.
fn export_of(store: &mut Store, campaign: &str, game_name: &str, script: &str) -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(script)).unwrap();
    let text = match text.split("```json\n").nth(1) {
        Some(block) => block.split("```").next().unwrap().to_string(),
        None => text,
    };
    let script: tw_session::replay::Script = serde_json::from_str(&text).unwrap();
    let game = tw_session::registry::find(game_name).unwrap();
    let players = vec!["Ann".to_string(), "Bo".to_string()];
    let id = store
        .create_campaign(&NewCampaign::fresh(campaign, game_name, &players).unwrap())
        .unwrap();
    let mut s = GameSession::start(store, game.as_ref(), &script.setup, Some(id), 3).unwrap();
    for (i, cmd) in script.commands.iter().enumerate() {
        let prov = Provenance { original_reading: None, image_path: Some(format!("shots/{i}.png")) };
        s.execute(store, cmd, Source::Camera, prov).unwrap();
        if i == 1 {
            // An undo and a redo, then a correction that replaces the action.
            s.undo(store).unwrap();
            s.execute(store, cmd, Source::Manual, Provenance::default()).unwrap();
            s.correct(store, cmd, json!({"faces": [3]}), None).unwrap();
        }
    }
    serde_json::to_value(store.export_campaign(campaign).unwrap()).unwrap()
}

fn exports(store: &mut Store) -> Vec<Value> {
    vec![
        export_of(store, "Silver", "silver-mine", "crates/games/silver-mine/tests/scripts/combat_example.json"),
        export_of(store, "Roll", "dungeon-roll", "docs/replay-dungeon-roll.md"),
    ]
}

/// An import refusal names the field at fault (or the whole file).
fn check_refusal(e: &StoreError) {
    match e {
        StoreError::Invalid { field, problem } => {
            assert!(!field.trim().is_empty() && !problem.trim().is_empty(), "unnamed refusal: {e}")
        }
        // An entry that its engine cannot fold names session and entry.
        StoreError::Replay { .. } => {}
        other => panic!("an import refusal that names no field: {other}"),
    }
}

/// What became of the spoiled imports, printed with `--nocapture`.
#[derive(Default, Debug)]
struct Tally {
    refused: usize,
    accepted: usize,
    /// Accepted, but a session then fails to reopen through its engine.
    accepted_unopenable: usize,
}

/// The engines an import replays each session through.
fn engines(name: &str) -> Option<Box<dyn tw_rules::DynGame>> {
    tw_session::registry::find(name)
}

/// Imports `text` under a fresh name; what it accepts must reopen (or
/// refuse to) through its engine without a panic.
fn import(store: &mut Store, text: &str, name: &str, tally: &mut Tally) {
    match store.import_campaign(text, Some(name), &engines) {
        Ok(id) => {
            tally.accepted += 1;
            let sessions = store.sessions(Some(id)).unwrap();
            let mut opens = true;
            for info in sessions {
                match tw_session::registry::find(&info.game) {
                    Some(game) => opens &= GameSession::resume(store, game.as_ref(), info.id).is_ok(),
                    None => opens = false,
                }
            }
            tally.accepted_unopenable += usize::from(!opens);
        }
        Err(e) => {
            tally.refused += 1;
            check_refusal(&e)
        }
    }
}

fn without_export_time(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("exported_at_ms");
    v
}

#[test]
fn real_engine_exports_import_back_to_the_same_export() {
    let db = common::temp_db();
    let mut store = common::open(&db);
    let docs = exports(&mut store);
    let other = common::temp_db();
    let mut store2 = common::open(&other);
    for doc in docs {
        store2.import_campaign(&doc.to_string(), None, &engines).unwrap();
        let name = doc["campaign"]["name"].as_str().unwrap();
        let again = serde_json::to_value(store2.export_campaign(name).unwrap()).unwrap();
        assert_eq!(without_export_time(again), without_export_time(doc));
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn arbitrary_bytes_are_refused_naming_the_file(bytes in arb_bytes()) {
        let text = String::from_utf8_lossy(&bytes);
        let e = exchange::parse_export(&text).unwrap_err();
        check_refusal(&e);
    }

    #[test]
    fn arbitrary_json_is_refused_naming_a_field(v in arb_json()) {
        let e = exchange::parse_export(&v.to_string()).unwrap_err();
        check_refusal(&e);
    }
}

/// Spoiled real exports, imported one after another into one database.
#[test]
fn spoiled_exports_never_panic_and_refusals_name_the_field() {
    let db = common::temp_db();
    let store = RefCell::new(common::open(&db));
    let docs = exports(&mut store.borrow_mut());
    let n = Cell::new(0);
    let tally = RefCell::new(Tally::default());
    let mut runner = TestRunner::new(config(128));
    runner
        .run(&(any::<prop::sample::Index>(), arb_any_spoils(3)), |(at, spoils)| {
            let doc = spoil(at.get(&docs), &spoils);
            n.set(n.get() + 1);
            let name = format!("fuzzed {}", n.get());
            import(&mut store.borrow_mut(), &doc.to_string(), &name, &mut tally.borrow_mut());
            Ok(())
        })
        .unwrap();
    eprintln!("spoiled imports: {:?}", tally.borrow());
    // Import replays every session through its engine before writing, so
    // nothing it accepts fails to reopen (issue 23 item 10).
    assert_eq!(tally.borrow().accepted_unopenable, 0, "{:?}", tally.borrow());
}
