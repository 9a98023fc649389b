//! The real game engines persist and resume through the store: each committed
//! replay script is played through a `GameSession` (with undo and redo of
//! every command) and the state after resuming equals the replay's.

mod common;

use serde_json::Value;
use std::path::Path;
use tw_store::{GameSession, Provenance, Source};

const SCRIPTS: &[(&str, &str)] = &[
    (
        "dungeon-fighter",
        "games/dungeon-fighter/tests/data/skeleton-goblin.json",
    ),
    (
        "dungeon-fighter",
        "games/dungeon-fighter/tests/data/lizard-king.json",
    ),
    (
        "silver-mine",
        "games/silver-mine/tests/scripts/combat_example.json",
    ),
];

#[test]
fn rulebook_examples_persist_and_resume_through_the_store() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut played = 0;
    for (name, rel) in SCRIPTS {
        let path = crates.join(rel);
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("skipping {} (not present)", path.display());
            continue;
        };
        let script: tw_session::replay::Script = serde_json::from_str(&text).unwrap();
        let game = tw_session::registry::find(name).expect("engine registered");
        let expected = tw_session::replay::run(game.as_ref(), &script, false)
            .unwrap()
            .state;

        let db = common::temp_db();
        let id = {
            let mut store = common::open(&db);
            let mut s =
                GameSession::start(&mut store, game.as_ref(), &script.setup, None, 3).unwrap();
            for cmd in &script.commands {
                let before: Value = s.state().clone();
                s.execute(&mut store, cmd, Source::Manual, Provenance::default())
                    .unwrap();
                // Undo restores exactly the state before, then play it again.
                s.undo(&mut store).unwrap();
                assert_eq!(s.state(), &before, "{rel}: undo of {cmd}");
                s.execute(&mut store, cmd, Source::Manual, Provenance::default())
                    .unwrap();
            }
            assert_eq!(s.state(), &expected, "{rel}: live state");
            s.id()
        };
        let store = common::open(&db);
        let resumed = GameSession::resume(&store, game.as_ref(), id).unwrap();
        assert_eq!(resumed.state(), &expected, "{rel}: resumed state");
        assert_eq!(resumed.last_seq() as usize, script.commands.len() * 3);
        played += 1;
    }
    assert!(
        played > 0,
        "no rulebook script found under {}",
        crates.display()
    );
}
