//! The example scripts in `docs/replay-pocket-dungeon-quest.md` run through
//! the JSON adapter exactly as `warden replay pocket-dungeon-quest` runs them.

use serde_json::{json, Value};
use tw_pocket_dungeon_quest::PocketDungeonQuest;
use tw_rules::{DynGame, JsonGame};

const DOC: &str = include_str!("../../../../docs/replay-pocket-dungeon-quest.md");

fn scripts() -> Vec<Value> {
    DOC.split("```json\n")
        .skip(1)
        .map(|rest| {
            let end = rest.find("```").expect("the json block is closed");
            serde_json::from_str(&rest[..end]).expect("the example script is valid JSON")
        })
        .collect()
}

/// Run a script; returns every event and the final state, and checks the
/// events alone rebuild it (how the store resumes a game).
fn play(script: &Value) -> (Vec<Value>, Value) {
    let game = JsonGame::<PocketDungeonQuest>::default();
    let mut state = game.setup(&script["setup"]).unwrap();
    let initial = state.clone();
    let mut all = Vec::new();
    for (i, c) in script["commands"].as_array().unwrap().iter().enumerate() {
        let out = game
            .execute(&state, c)
            .unwrap_or_else(|r| panic!("command {i} {c} refused: {r}"));
        all.extend(out.events);
        state = out.state;
    }
    assert_eq!(game.replay_events(&initial, &all).unwrap(), state);
    (all, state)
}

fn hero<'a>(state: &'a Value, kind: &str) -> &'a Value {
    state["heroes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|h| h["kind"] == kind)
        .unwrap()
}

#[test]
fn the_doc_has_four_scripts() {
    assert_eq!(scripts().len(), 4);
}

#[test]
fn a_first_round_as_described() {
    let (events, s) = play(&scripts()[0]);
    assert_eq!(
        (s["round"].clone(), s["turn"]["hero"].clone()),
        (json!(3), json!("warrior"))
    );
    assert_eq!(hero(&s, "warrior")["xp"], 1);
    assert_eq!(hero(&s, "rogue")["xp"], 1);
    assert_eq!(hero(&s, "rogue")["hearts"], 2);
    assert_eq!(hero(&s, "rogue")["inventory"], json!(["bomb", "potion"]));
    assert_eq!(s["piles"]["gem"], json!([]));
    assert_eq!(s["merchant_open"], true);
    let discard = s["piles"]["discard"].as_array().unwrap();
    assert_eq!(
        discard.iter().filter(|t| *t == "gems_10").count(),
        3,
        "30 Gems paid, no change"
    );
    assert!(events.iter().any(|e| e["type"] == "skelly_stays"));
    assert!(events
        .iter()
        .any(|e| e["type"] == "effect_spent" && e["effect"] == "sword"));
}

#[test]
fn the_boss_fight_as_described() {
    let (events, s) = play(&scripts()[1]);
    assert_eq!(s["boss_defeated"], true);
    assert_eq!(s["boss"], Value::Null);
    assert_eq!(s["relics"], json!(["relic_circle"]));
    assert_eq!(hero(&s, "wizard")["inventory"], json!(["teleport"]));
    assert_eq!(
        (
            hero(&s, "archer")["xp"].clone(),
            hero(&s, "wizard")["xp"].clone()
        ),
        (json!(4), json!(2))
    );
    assert_eq!(hero(&s, "archer")["hearts"], 2);
    assert_eq!(s["turn"]["hero"], "archer");
    let stack: Vec<&Value> = events
        .iter()
        .filter(|e| e["type"] == "henchman_defeated")
        .map(|e| &e["monster"])
        .collect();
    assert_eq!(stack, [&json!("slime"), &json!("goblin")], "top first");
}

#[test]
fn the_campaign_session_as_described() {
    let (events, s) = play(&scripts()[2]);
    assert_eq!(s["campaign"], 2);
    assert_eq!(s["outcome"], Value::Null);
    assert_eq!(hero(&s, "adventurer")["xp"], 1);
    assert_eq!(hero(&s, "farmer")["xp"], 1);
    assert_eq!(hero(&s, "farmer")["gear"], json!(["torch"]));
    assert!(events
        .iter()
        .any(|e| e["type"] == "outcome" && e["outcome"] == "session_won"));
    assert!(events.iter().any(|e| e["type"] == "peeked"));
    assert!(s["cells"].as_array().unwrap().iter().all(|c| c == "hidden"));
}

#[test]
fn gear_on_another_heros_turn_as_described() {
    let (events, s) = play(&scripts()[3]);
    assert_eq!(
        (s["round"].clone(), s["turn"]["hero"].clone()),
        (json!(4), json!("warrior"))
    );
    assert_eq!(hero(&s, "archer")["xp"], 1, "the Goblin shot");
    assert_eq!(hero(&s, "warrior")["xp"], 1, "the Slime, woken");
    assert_eq!(hero(&s, "rogue")["hearts"], 3);
    assert_eq!(hero(&s, "rogue")["holy_water"], false);
    assert_eq!(
        hero(&s, "rogue")["inventory"],
        json!(["bomb", "extra_move"])
    );
    assert_eq!(hero(&s, "rogue")["grappled"], Value::Null);
    assert_eq!(
        s["piles"]["monster"],
        json!(["goblin", "minotaur", "slime"])
    );
    assert_eq!(s["sleeping"], json!([]));
    assert!(events
        .iter()
        .any(|e| e["type"] == "holy_water_spent" && e["hero"] == "rogue"));
    assert!(events
        .iter()
        .any(|e| e["type"] == "monster_woke" && e["fought_by"] == json!(["warrior"])));
}

#[test]
fn the_documented_refusal_is_the_one_given() {
    let game = JsonGame::<PocketDungeonQuest>::default();
    let state = game.setup(&scripts()[0]["setup"]).unwrap();
    let r = game
        .execute(&state, &json!({"type": "move", "to": {"row": 1, "col": 4}}))
        .unwrap_err();
    assert_eq!(r.rule, "Moving & Revealing");
    assert!(DOC.contains(&r.reason), "the doc quotes: {}", r.reason);
}
