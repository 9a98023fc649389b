//! Property: resuming from snapshots gives exactly the state of a fold from
//! setup, and both equal an independent model, whatever mix of commands,
//! refusals, undos and corrections was played and whatever the interval.

mod common;

use proptest::prelude::*;
use serde_json::json;
use tw_store::tally;
use tw_store::{GameSession, Provenance, Source, StoreError};

#[derive(Debug, Clone)]
enum Op {
    Add(i64),
    Undo,
    Correct(i64),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (-8i64..12).prop_map(Op::Add),
        2 => Just(Op::Undo),
        1 => (0i64..9).prop_map(Op::Correct),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]
    #[test]
    fn resume_from_snapshots_equals_fold_from_scratch(ops in prop::collection::vec(op(), 1..60), every in 1u32..9) {
        let db = common::temp_db();
        let game = tally::game();
        let mut store = common::open(&db);
        let mut s = GameSession::start(&mut store, &game, &json!({"start": 3}), None, every).unwrap();
        // The model: a stack of totals, one per active action, over the setup total.
        let mut model: Vec<i64> = vec![3];
        for op in &ops {
            let top = *model.last().unwrap();
            match op {
                Op::Add(n) => match s.execute(&mut store, &tally::add(*n, 3), Source::Camera, Provenance::default()) {
                    Ok(_) => model.push(top + n),
                    Err(StoreError::Refused(_)) => prop_assert!(top + n < 0),
                    Err(e) => return Err(TestCaseError::fail(e.to_string())),
                },
                Op::Undo => match s.undo(&mut store) {
                    Ok(_) => { model.pop(); }
                    Err(StoreError::NothingToUndo) => prop_assert_eq!(model.len(), 1),
                    Err(e) => return Err(TestCaseError::fail(e.to_string())),
                },
                Op::Correct(n) => match s.correct(&mut store, &tally::add(*n, 3), json!({"read": n + 1}), None) {
                    Ok(_) => { model.pop(); let below = *model.last().unwrap(); model.push(below + n); }
                    Err(StoreError::NothingToUndo) => prop_assert_eq!(model.len(), 1),
                    Err(e) => return Err(TestCaseError::fail(e.to_string())),
                },
            }
            prop_assert_eq!(s.state()["total"].as_i64(), Some(*model.last().unwrap()));
        }
        let id = s.id();
        let last = s.last_seq();
        let live = s.state().clone();
        drop(s);
        drop(store);
        let store = common::open(&db);
        let resumed = GameSession::resume(&store, &game, id).unwrap();
        let scratch = store.state_from_scratch(&game, id, last).unwrap();
        prop_assert_eq!(resumed.state(), &live);
        prop_assert_eq!(&scratch, &live);
        prop_assert_eq!(resumed.last_seq(), last);
        // Every intermediate state too, reached from the nearest snapshot.
        for seq in 0..=last {
            prop_assert_eq!(store.state_at(&game, id, seq).unwrap(), store.state_from_scratch(&game, id, seq).unwrap());
        }
        prop_assert_eq!(store.undo_stack(id).unwrap().len(), model.len() - 1);
    }
}
