//! Every engine's JSON surface under fuzzing (issue 23): replay scripts,
//! setups and commands through `registry::find` and the `DynGame` adapter.
//! Arbitrary values and spoiled copies of the documented example scripts
//! never panic; refusals say what they refused; states and events that an
//! engine writes load back equal.

#[path = "../../../tests/support/json_fuzz.rs"]
mod json_fuzz;

use json_fuzz::*;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use serde_json::Value;
use std::path::Path;
use tw_rules::DynGame;
use tw_session::{registry, replay};

/// Every committed example script: the JSON blocks of `docs/replay-*.md`
/// that are whole scripts, and the engines' own script files.
fn scripts(game: &str) -> Vec<Value> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = match game {
        "silver-mine" => "itdd",
        other => other,
    };
    let mut out = Vec::new();
    let text = std::fs::read_to_string(root.join(format!("docs/replay-{doc}.md"))).unwrap();
    for block in text.split("```json\n").skip(1) {
        let body = block.split("```").next().unwrap_or("");
        if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(body) {
            if v.get("setup").is_some() {
                out.push(v);
            }
        }
    }
    let extra: &[&str] = match game {
        "dungeon-fighter" => &[
            "crates/games/dungeon-fighter/tests/data/skeleton-goblin.json",
            "crates/games/dungeon-fighter/tests/data/lizard-king.json",
        ],
        "silver-mine" => &["crates/games/silver-mine/tests/scripts/combat_example.json"],
        _ => &[],
    };
    for rel in extra {
        out.push(serde_json::from_str(&std::fs::read_to_string(root.join(rel)).unwrap()).unwrap());
    }
    assert!(!out.is_empty(), "no example script for {game}");
    out
}

fn engine(name: &str) -> Box<dyn DynGame> {
    registry::find(name).unwrap_or_else(|| panic!("{name} is registered"))
}

/// The states a script passes through, paired with the command run on each.
fn states_and_commands(game: &dyn DynGame, script: &Value) -> Vec<(Value, Value)> {
    let s: replay::Script = serde_json::from_value(script.clone()).unwrap();
    let mut state = game.setup(&s.setup).unwrap();
    let mut out = Vec::new();
    for c in &s.commands {
        out.push((state.clone(), c.clone()));
        if let Ok(o) = game.execute(&state, c) {
            state = o.state;
        }
    }
    out
}

/// A refusal always says which rule refused and why.
fn check_refusal(r: &tw_rules::Refusal) {
    assert!(!r.rule.trim().is_empty() && !r.reason.trim().is_empty(), "empty refusal {r:?}");
}

/// Arbitrary setups and commands: refused or accepted, never a panic; a
/// value that is not even an object is refused naming what it was meant to be.
fn arbitrary_values(name: &str) {
    let game = engine(name);
    let states: Vec<Value> =
        scripts(name).iter().flat_map(|s| states_and_commands(game.as_ref(), s)).map(|(s, _)| s).collect();
    let mut runner = TestRunner::new(config(128));
    runner
        .run(&(arb_json(), any::<prop::sample::Index>()), |(v, at)| {
            match game.setup(&v) {
                Ok(state) => {
                    let _ = game.execute(&state, &v);
                }
                Err(r) => {
                    check_refusal(&r);
                    // The adapter's own refusal (rule "Input") says what it could not read.
                    if r.rule == "Input" {
                        prop_assert!(r.reason.contains("setup"), "{r:?}");
                    }
                }
            }
            if let Err(r) = game.execute(at.get(&states), &v) {
                check_refusal(&r);
                if r.rule == "Input" {
                    prop_assert!(r.reason.contains("command"), "{r:?}");
                }
            }
            if let Err(r) = game.replay_events(at.get(&states), std::slice::from_ref(&v)) {
                check_refusal(&r);
            }
            Ok(())
        })
        .unwrap();
}

/// One command of an example, spoiled, run on the state it was written for.
fn spoiled_commands(name: &str) {
    let game = engine(name);
    let steps: Vec<(Value, Value)> =
        scripts(name).iter().flat_map(|s| states_and_commands(game.as_ref(), s)).collect();
    let mut runner = TestRunner::new(config(256));
    runner
        .run(&(any::<prop::sample::Index>(), arb_spoils(2)), |(at, spoils)| {
            let (state, command) = at.get(&steps);
            if let Err(r) = game.execute(state, &spoil(command, &spoils)) {
                check_refusal(&r);
            }
            Ok(())
        })
        .unwrap();
}

/// One command of an example with some of its numbers made extreme
/// (i32 and i64 limits, 1e308, numbers as text), run on its own state;
/// and an example's setup spoiled the same way.
fn extreme_numbers(name: &str) {
    let game = engine(name);
    let steps: Vec<(Value, Value)> =
        scripts(name).iter().flat_map(|s| states_and_commands(game.as_ref(), s)).collect();
    let setups: Vec<Value> = scripts(name).iter().map(|s| s["setup"].clone()).collect();
    let mut runner = TestRunner::new(config(256));
    runner
        .run(&(any::<prop::sample::Index>(), arb_number_spoils(2)), |(at, spoils)| {
            let (state, command) = at.get(&steps);
            if let Err(r) = game.execute(state, &spoil(command, &spoils)) {
                check_refusal(&r);
            }
            if let Err(r) = game.setup(&spoil(at.get(&setups), &spoils)) {
                check_refusal(&r);
            }
            Ok(())
        })
        .unwrap();
}

/// A whole example script spoiled (setup included) and replayed going on
/// past refusals, the way `warden replay --keep-going` reads a file.
fn spoiled_scripts(name: &str) {
    let game = engine(name);
    let all = scripts(name);
    let mut runner = TestRunner::new(config(64));
    runner
        .run(&(any::<prop::sample::Index>(), arb_spoils(3)), |(at, spoils)| {
            let doc = spoil(at.get(&all), &spoils);
            let text = doc.to_string();
            if let Ok(script) = serde_json::from_str::<replay::Script>(&text) {
                match replay::run(game.as_ref(), &script, true) {
                    Ok(out) => {
                        for step in &out.steps {
                            if let Some(r) = &step.refused {
                                check_refusal(r);
                            }
                        }
                    }
                    Err(replay::ReplayError::Setup(r)) => check_refusal(&r),
                    Err(e) => prop_assert!(false, "keep_going stopped on {e}"),
                }
            }
            Ok(())
        })
        .unwrap();
}

/// What an engine writes (states, events) loads back equal: every state
/// parses back to itself and folding a step's events reproduces its result.
fn saved_loads_back_equal(name: &str) {
    let game = engine(name);
    for script in scripts(name) {
        let s: replay::Script = serde_json::from_value(script).unwrap();
        let mut state = game.setup(&s.setup).unwrap();
        assert_eq!(game.replay_events(&state, &[]).unwrap(), state, "{name}: setup state");
        for (i, c) in s.commands.iter().enumerate() {
            let Ok(out) = game.execute(&state, c) else { continue };
            let text = serde_json::to_string(&out.events).unwrap();
            let events: Vec<Value> = serde_json::from_str(&text).unwrap();
            assert_eq!(game.replay_events(&state, &events).unwrap(), out.state, "{name}: command {i}");
            assert_eq!(game.replay_events(&out.state, &[]).unwrap(), out.state, "{name}: state after {i}");
            state = out.state;
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn arbitrary_bytes_are_not_a_script(bytes in arb_bytes()) {
        prop_assert!(serde_json::from_slice::<replay::Script>(&bytes).is_err());
    }

    #[test]
    fn an_arbitrary_script_replays_or_refuses(v in arb_json(), at in any::<prop::sample::Index>()) {
        let names = registry::names();
        let game = engine(names[at.index(names.len())]);
        if let Ok(script) = serde_json::from_value::<replay::Script>(v) {
            match replay::run(game.as_ref(), &script, true) {
                Ok(_) => {}
                Err(replay::ReplayError::Setup(r)) => check_refusal(&r),
                Err(e) => prop_assert!(false, "keep_going stopped on {e}"),
            }
        }
    }
}

/// One test per engine and property, so that a known panic in one engine
/// (ignored with its reason) does not hide the others.
macro_rules! engine_props {
    ($($module:ident => $name:literal $(#[$extreme:meta])*),* $(,)?) => {$(
        mod $module {
            #[test]
            fn arbitrary_setups_and_commands_never_panic() { super::arbitrary_values($name) }
            #[test]
            fn spoiled_commands_never_panic() { super::spoiled_commands($name) }
            #[test]
            $(#[$extreme])*
            fn extreme_numbers_in_commands_never_panic() { super::extreme_numbers($name) }
            #[test]
            fn spoiled_scripts_never_panic() { super::spoiled_scripts($name) }
            #[test]
            fn saved_states_and_events_load_back_equal() { super::saved_loads_back_equal($name) }
        }
    )*};
}

engine_props! {
    dungeon_fighter => "dungeon-fighter",
    silver_mine => "silver-mine",
    green_dungeon => "green-dungeon",
    dungeon_roll => "dungeon-roll",
    pocket_dungeon_quest => "pocket-dungeon-quest",
}

/// The cases the properties found, kept as named tests (issue 23 item 1:
/// Silver Mine's numbers are now range-checked at decide).
mod silver_mine_found {
    use super::*;

    /// The combat example with one field of command `index` replaced by `value`.
    fn combat_example_with(index: usize, pointer: &str, value: Value) -> replay::Script {
        let mut doc = scripts("silver-mine").pop().unwrap();
        *doc["commands"][index].pointer_mut(pointer).unwrap() = value;
        serde_json::from_value(doc).unwrap()
    }

    #[test]
    fn a_card_placed_at_the_i32_minimum_is_refused() {
        let game = engine("silver-mine");
        let script = combat_example_with(0, "/origin/1", serde_json::json!(-2147483648));
        let out = replay::run(game.as_ref(), &script, true).unwrap();
        check_refusal(out.steps[0].refused.as_ref().expect("the placement is refused"));
    }

    #[test]
    fn an_attack_with_the_i32_maximum_does_not_overflow() {
        let game = engine("silver-mine");
        let script = combat_example_with(1, "/attrs/attack", serde_json::json!(2147483647));
        // Refused at creation or played through: either way no panic.
        let _ = replay::run(game.as_ref(), &script, true);
    }
}
