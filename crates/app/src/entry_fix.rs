//! One-click corrections from a throw's log entry, beyond where the die lay:
//! "no bounce", "requirement failed" (naming the requirement and its card),
//! and the ability chosen for the throw's icon. The core lists them with the
//! game view ([`fixes`]) and applies one by its key ([`apply`]), so the
//! window draws only the corrections the core would take.
//!
//! A throw is corrected while it is the last action, or while only its
//! ability choice follows it. In that second case the choice is taken back,
//! the throw replaced, and the same choice made again when the engine still
//! offers it (else the choice is open again for the player). Everything is
//! tried on the engine before anything is written, so a refused correction
//! leaves the log as it was.

use serde::Serialize;
use serde_json::Value;
use tw_rules::DynGame;
use tw_session::throw_fixes::throw_fixes;
use tw_store::{GameSession, LogEntry, Provenance, Source, Store};

/// A correction the window offers on log entry `seq`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EntryFix {
    /// The log entry it corrects (the throw).
    pub seq: i64,
    /// Stable name: `no_bounce`, `bounced`, `requirement_failed`,
    /// `requirement_met`, or `choice:<offer key>` for another ability choice.
    pub key: String,
    /// What the button says.
    pub label: String,
}

/// How a fix is carried out.
#[derive(Debug, Clone, PartialEq)]
enum Plan {
    /// Replace the last action with this command.
    ReplaceLast(Value),
    /// Take back the ability choice `choice`, replace the throw under it
    /// with `throw`, and make the same choice again if it is still offered.
    UnderChoice { throw: Value, choice: Value },
}

fn kind(e: &LogEntry) -> Option<&str> {
    e.command.as_ref()?.get("type")?.as_str()
}

fn entry(store: &Store, id: i64, seq: i64) -> Result<LogEntry, String> {
    store
        .entries(id, seq - 1, seq)
        .map_err(|e| e.to_string())?
        .pop()
        .ok_or_else(|| format!("entry {seq} is missing from the log of game {id}"))
}

fn state_after(store: &Store, engine: &dyn DynGame, id: i64, seq: i64) -> Result<Value, String> {
    store.state_at(engine, id, seq).map_err(|e| e.to_string())
}

/// Every fix open now, with how to carry it out.
fn plans(
    store: &Store,
    engine: &dyn DynGame,
    s: &GameSession<'_>,
) -> Result<Vec<(EntryFix, Plan)>, String> {
    if engine.name() != "dungeon-fighter" {
        return Ok(Vec::new());
    }
    let Some(last) = s.undo_target() else {
        return Ok(Vec::new());
    };
    let id = s.id();
    let top = entry(store, id, last)?;
    let mut out = Vec::new();
    match kind(&top) {
        Some("throw") => {
            let before = state_after(store, engine, id, last - 1)?;
            let throw = top.command.as_ref().expect("a throw has its command");
            out.extend(throw_entry_fixes(&before, throw, last, Plan::ReplaceLast));
        }
        Some("use_ability" | "skip_ability") => {
            // The throw whose icon this choice answered: the action under it.
            let stack = store.undo_stack(id).map_err(|e| e.to_string())?;
            let Some(&under) = stack.len().checked_sub(2).and_then(|i| stack.get(i)) else {
                return Ok(out);
            };
            let throw = entry(store, id, under)?;
            if kind(&throw) != Some("throw") {
                return Ok(out);
            }
            let taken = top.command.clone().expect("a choice has its command");
            // The other choices the engine offered for the icon, as it offered them.
            let open = state_after(store, engine, id, under)?;
            for o in engine.offers(&open).map_err(|e| e.to_string())? {
                let choice = matches!(
                    o.command.get("type").and_then(Value::as_str),
                    Some("use_ability" | "skip_ability")
                );
                if choice && o.fill.is_empty() && o.command != taken {
                    let label = format!("{} instead", o.label);
                    out.push((
                        EntryFix {
                            seq: under,
                            key: format!("choice:{}", o.key),
                            label,
                        },
                        Plan::ReplaceLast(o.command),
                    ));
                }
            }
            let before = state_after(store, engine, id, under - 1)?;
            let command = throw.command.as_ref().expect("a throw has its command");
            out.extend(throw_entry_fixes(&before, command, under, |throw| {
                Plan::UnderChoice {
                    throw,
                    choice: taken.clone(),
                }
            }));
        }
        _ => {}
    }
    Ok(out)
}

/// The fixes of the throw logged at `seq` (state `before` it), each carried
/// out as `plan` says with the corrected throw.
fn throw_entry_fixes(
    before: &Value,
    throw: &Value,
    seq: i64,
    plan: impl Fn(Value) -> Plan,
) -> Vec<(EntryFix, Plan)> {
    throw_fixes(before, throw)
        .into_iter()
        .map(|f| {
            let fix = EntryFix {
                seq,
                key: f.key,
                label: f.label,
            };
            (fix, plan(f.throw))
        })
        .collect()
}

/// The fixes the window may offer for game `s` now.
pub fn fixes(
    store: &Store,
    engine: &dyn DynGame,
    s: &GameSession<'_>,
) -> Result<Vec<EntryFix>, String> {
    Ok(plans(store, engine, s)?
        .into_iter()
        .map(|(f, _)| f)
        .collect())
}

/// Carry out fix `key` of entry `seq`; an error (a fix no longer open, the
/// engine's refusal) writes nothing.
pub fn apply(
    store: &mut Store,
    engine: &dyn DynGame,
    s: &mut GameSession<'_>,
    seq: i64,
    key: &str,
) -> Result<Vec<Value>, String> {
    let plan = plans(store, engine, s)?
        .into_iter()
        .find(|(f, _)| f.seq == seq && f.key == key)
        .map(|(_, p)| p)
        .ok_or_else(|| {
            format!("entry {seq} cannot be corrected with {key:?} now (the game has moved on)")
        })?;
    let id = s.id();
    match plan {
        Plan::ReplaceLast(command) => {
            let last = entry(
                store,
                id,
                s.undo_target().expect("a plan needs a last action"),
            )?;
            let original = last
                .original_reading
                .or(last.command)
                .ok_or("the last action has nothing to keep")?;
            let out = s
                .correct(store, &command, original, last.image_path)
                .map_err(|e| e.to_string())?;
            Ok(out.events)
        }
        Plan::UnderChoice { throw, choice } => {
            let old = entry(store, id, seq)?;
            // Tried first: the corrected throw, then the same choice on it.
            let before = state_after(store, engine, id, seq - 1)?;
            let thrown = engine.execute(&before, &throw).map_err(|e| e.to_string())?;
            let again = engine.execute(&thrown.state, &choice).is_ok();
            s.undo(store).map_err(|e| e.to_string())?;
            let original = old
                .original_reading
                .or(old.command)
                .ok_or("the throw has nothing to keep")?;
            let mut events = s
                .correct(store, &throw, original, old.image_path)
                .map_err(|e| e.to_string())?
                .events;
            if again {
                let out = s
                    .execute(
                        store,
                        &choice,
                        Source::Manual,
                        Provenance {
                            original_reading: None,
                            image_path: None,
                        },
                    )
                    .map_err(|e| e.to_string())?;
                events.extend(out.events);
            }
            Ok(events)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{fix, new_game, run_command_with_reading as run, show, GameView};
    use serde_json::{json, Value};
    use tw_store::Store;

    use crate::test_store::temp as store;

    fn last_command(v: &GameView) -> Value {
        v.log
            .last()
            .and_then(|e| e.command.clone())
            .unwrap_or(Value::Null)
    }

    /// A combat against a monster that requires a chopstick throw, and an
    /// icon thrown by the first hero that leaves an ability choice open.
    fn icon_waiting(store: &mut Store) -> (i64, GameView) {
        let id = new_game(
            store,
            "df",
            &json!({"heroes": ["saul-baysar", "lianna-lightbringer", "lady-mary"]}),
            None,
        )
        .unwrap()
        .session;
        run(
            store,
            id,
            &json!({"type": "enter_dungeon", "card": {"name": "Rotten Food", "shop_icons": 2}}),
            "manual",
            None,
        )
        .unwrap();
        run(store, id, &json!({"type": "reveal_monster", "card": {"name": "Rice Eater", "level": 1, "life": 30, "damage": 1, "gold": 1, "requirement": "chopstick"}}), "manual", None).unwrap();
        for die in ["red", "green", "blue"] {
            let t = json!({"type": "throw", "die": die, "face": "icon", "landing": {"kind": "score", "value": 3}});
            let v = run(store, id, &t, "manual", None).unwrap();
            if v.offers.iter().any(|o| o.key == "skip_ability")
                && v.offers
                    .iter()
                    .any(|o| o.key != "skip_ability" && o.fill.is_empty())
            {
                return (id, v);
            }
            crate::game::undo(store, id).unwrap();
        }
        panic!("no colour die of the first hero leaves a ready ability choice open");
    }

    #[test]
    fn the_last_throw_offers_no_bounce_and_the_named_requirement() {
        let (_d, mut store) = store();
        let (id, v) = icon_waiting(&mut store);
        let seq = v.last_seq;
        let keys: Vec<(i64, &str)> = v.fixes.iter().map(|f| (f.seq, f.key.as_str())).collect();
        assert_eq!(keys, [(seq, "no_bounce"), (seq, "requirement_failed")]);
        assert!(
            v.fixes[1].label.contains("chopstick (Rice Eater)"),
            "{}",
            v.fixes[1].label
        );
        let after = fix(&mut store, id, seq, "requirement_failed").unwrap();
        assert_eq!(last_command(&after)["requirement_failed"], true);
        assert!(
            after.events.iter().any(|e| e["type"] == "missed"),
            "{:?}",
            after.events
        );
        // The corrected throw offers the way back.
        assert!(after.fixes.iter().any(|f| f.key == "requirement_met"));
    }

    #[test]
    fn the_ability_choice_and_the_throw_under_it_are_corrected_from_the_throw_in_one_action() {
        let (_d, mut store) = store();
        let (id, v) = icon_waiting(&mut store);
        let throw_seq = v.last_seq;
        let life = v.state["combat"]["life"].clone();
        let used = v
            .offers
            .iter()
            .find(|o| o.key != "skip_ability" && o.fill.is_empty())
            .unwrap()
            .clone();
        let v = run(&mut store, id, &used.command, "manual", None).unwrap();
        // The throw's entry now offers the other choice and still its own fixes.
        let on_throw: Vec<&str> = v
            .fixes
            .iter()
            .filter(|f| f.seq == throw_seq)
            .map(|f| f.key.as_str())
            .collect();
        assert_eq!(
            on_throw,
            ["choice:skip_ability", "no_bounce", "requirement_failed"]
        );
        assert_eq!(v.fixes[0].label, "Skip ability instead");

        let skipped = fix(&mut store, id, throw_seq, "choice:skip_ability").unwrap();
        assert_eq!(last_command(&skipped), json!({"type": "skip_ability"}));
        assert_eq!(
            skipped.log.last().unwrap().source,
            tw_store::Source::Correction
        );
        assert_eq!(
            skipped.undo_target,
            Some(skipped.last_seq),
            "the choice was replaced, not stacked"
        );

        // "No bounce" on the throw under the choice: the throw is replaced
        // (a Miss now), and the choice is made again when still offered.
        let missed = fix(&mut store, id, throw_seq, "no_bounce").unwrap();
        let throw_entry = missed
            .log
            .iter()
            .rev()
            .find(|e| e.command.as_ref().is_some_and(|c| c["type"] == "throw"))
            .unwrap();
        assert_eq!(throw_entry.command.as_ref().unwrap()["no_bounce"], true);
        assert_eq!(throw_entry.source, tw_store::Source::Correction);
        assert!(
            missed.events.iter().any(|e| e["type"] == "missed"),
            "{:?}",
            missed.events
        );
        assert_eq!(
            missed.state["combat"]["life"], life,
            "a Miss deals no damage"
        );
        // Skip is open whenever an icon waits, so nothing is left waiting:
        // the choice was made again, or the Miss raised none.
        let pending = &missed.state["combat"]["pending"];
        assert!(pending.is_null(), "{pending}");
        if last_command(&missed) != json!({"type": "skip_ability"}) {
            assert_eq!(
                last_command(&missed)["no_bounce"],
                true,
                "the corrected throw is the last action"
            );
        }
    }

    #[test]
    fn a_fix_no_longer_open_is_refused_and_writes_nothing() {
        let (_d, mut store) = store();
        let (id, v) = icon_waiting(&mut store);
        let e = fix(&mut store, id, v.last_seq, "choice:skip_ability")
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot be corrected"), "{e}");
        let e = fix(&mut store, id, v.last_seq - 1, "no_bounce")
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot be corrected"), "{e}");
        assert_eq!(show(&store, id).unwrap().last_seq, v.last_seq);
        // Other games have none.
        let sm = new_game(
            &mut store,
            "silver-mine",
            &json!({"seed": 1, "mode": "solo"}),
            None,
        )
        .unwrap();
        assert!(sm.fixes.is_empty());
    }
}
