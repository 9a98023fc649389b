//! Every finished throw reaches the game being played, with no screen open:
//! ten throws, two of them finishing 50 ms apart, and throws that land while
//! the game waits for the player are held and applied once the player acts.

use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tw_app::game::{run_command_with_reading, show};
use tw_app::{GameState, ThrowReading};
use tw_rules::DieColor;
use tw_session::observation::{DieReading, Section};
use tw_store::{Source, Store, ThrowStatus};

fn die(color: DieColor) -> DieReading {
    DieReading {
        center: [320.0, 240.0],
        corners: vec![],
        face: Some("blank".into()),
        color,
        confidence: 0.97,
        cocked: false,
        section: Some(Section { value: None, kind: "outside".into(), name: None }),
        corners_mm: None,
    }
}

fn throw(seq: u64, color: DieColor) -> ThrowReading {
    ThrowReading {
        seq,
        frame: seq * 40,
        settle_ms: 250.0,
        reader: "target",
        dice: vec![die(color)],
        landed: vec![0],
        snapshot_jpeg_b64: None,
    }
}

fn manual(games: &GameState, id: i64, command: Value) {
    run_command_with_reading(&mut *games.lock().unwrap(), id, &command, "manual", None).unwrap();
}

#[test]
fn ten_throws_two_close_together_all_reach_the_log_with_no_screen_open() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path().join("warden.sqlite3")).unwrap();
    let games = Arc::new(GameState::with_store(store));
    let setup = json!({"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"], "leader": 0, "difficulty": "normal"});
    let id = games.start("df", &setup, None).unwrap().session;
    manual(&games, id, json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}));
    manual(&games, id, json!({"type": "reveal_monster", "card": {"name": "Skeleton Goblin", "level": 1}}));
    assert_eq!(games.playing(), Some(id));

    // The camera: ten throws in colour order; the 9th and 10th finish 50 ms apart.
    let camera = {
        let games = games.clone();
        std::thread::spawn(move || {
            let colours = [DieColor::Red, DieColor::Green, DieColor::Blue];
            for k in 0..10u64 {
                games.throw_finished(&throw(k + 1, colours[k as usize % 3])).unwrap().unwrap();
                std::thread::sleep(Duration::from_millis(if k == 8 { 50 } else { 150 }));
            }
        })
    };
    // The player: retrieves the coloured dice whenever a throw waits for it.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let v = show(&*games.lock().unwrap(), id).unwrap();
        let waiting = v.throws.iter().any(|t| t.status == ThrowStatus::Waiting);
        if waiting && v.throws.iter().any(|t| t.reason.as_deref().is_some_and(|r| r.contains("retrieved"))) {
            manual(&games, id, json!({"type": "retrieve_dice"}));
        }
        if camera.is_finished() && !waiting {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "throws still waiting: {:?}", v.throws);
        std::thread::sleep(Duration::from_millis(20));
    }
    camera.join().unwrap();

    let store = games.lock().unwrap();
    let throws = store.throws(id, None).unwrap();
    assert_eq!(throws.len(), 10);
    for t in &throws {
        assert_eq!(t.status, ThrowStatus::Applied, "{t:?}");
    }
    let last = store.session(id).unwrap().last_seq;
    let camera_entries = store.entries(id, 0, last).unwrap().into_iter().filter(|e| e.source == Source::Camera).count();
    assert_eq!(camera_entries, 10);
    // Each applied throw names its own log entry, in order.
    let seqs: Vec<i64> = throws.iter().map(|t| t.applied_seq.unwrap()).collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
}

#[test]
fn a_throw_outside_combat_is_kept_as_ignored_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let games = GameState::with_store(Store::open(dir.path().join("w.sqlite3")).unwrap());
    assert!(games.throw_finished(&throw(1, DieColor::Red)).unwrap().is_none(), "no game, nothing kept");
    let setup = json!({"heroes": ["saul-baysar", "lianna-lightbringer"], "leader": 0, "difficulty": "normal"});
    let id = games.start("df", &setup, None).unwrap().session;
    let r = games.throw_finished(&throw(1, DieColor::Red)).unwrap().unwrap();
    assert_eq!(r.status, ThrowStatus::Ignored);
    assert!(r.reason.unwrap().contains("only in combat"));
    assert_eq!(r.view.throws.len(), 1);
    assert_eq!(r.view.last_seq, 0, "nothing was applied");
    assert_eq!(games.lock().unwrap().throws(id, None).unwrap()[0].status, ThrowStatus::Ignored);
}
