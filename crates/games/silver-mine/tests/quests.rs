//! Quest progress: counted from the events of what is played, for the holder
//! only, from acceptance on; collecting quests read what is carried.

mod common;
use common::*;
use serde_json::json;
use tw_silver_mine::{Event, State};

fn progress(s: &State, id: &str) -> u32 {
    s.character(id).unwrap().quest_progress
}

fn accept(s: &mut State, id: &str, quest: &str) {
    ok(
        s,
        json!({"type": "accept_quest", "character": id, "quest": quest}),
    );
}

/// A Gate with a row of crates along its top edge, and `w` (Torch 2) below them.
fn crates_room() -> State {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate-1",
        "gate",
        (0, 0),
        &["ccc.", "....", "....", "...."],
    );
    hero(&mut s, "w", 1, 3, 2, 4);
    hero(&mut s, "v", 1, 3, 2, 4);
    s
}

#[test]
fn crates_count_successful_loots_by_the_holder_only() {
    let mut s = crates_room();
    accept(&mut s, "w", "crates");
    enter(&mut s, "w", (0, 1));
    enter(&mut s, "v", (1, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    // 3 + Torch 2 = 5 ≥ 5: a success, one card drawn.
    let ev = ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 0], "roll": 3, "items": [{"item": "torch"}]}),
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::QuestProgress {
            progress: 1,
            goal: 3,
            ..
        }
    )));
    assert_eq!(progress(&s, "w"), 1);
    // The other character's crate does not count for w.
    ok(&mut s, json!({"type": "start_turn", "character": "v"}));
    ok(
        &mut s,
        json!({"type": "loot", "character": "v", "at": [1, 0], "roll": 6, "items": [{"item": "torch"}]}),
    );
    assert_eq!(progress(&s, "w"), 1);
    // A failed loot (1 + 2 < 5) does not count either.
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "move", "character": "w", "path": [[1, 1], [2, 1]]}),
    );
    ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [2, 0], "roll": 1}),
    );
    assert_eq!(progress(&s, "w"), 1);
}

#[test]
fn progress_starts_at_acceptance_and_ends_with_delivery_or_death() {
    let mut s = crates_room();
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    // Looted before the quest was taken: not counted.
    ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 0], "roll": 6, "items": [{"item": "torch"}]}),
    );
    ok(&mut s, json!({"type": "exit_dungeon", "character": "w"}));
    accept(&mut s, "w", "crates");
    assert_eq!(progress(&s, "w"), 0);
    ok(&mut s, json!({"type": "complete_quest", "character": "w"}));
    let w = s.character("w").unwrap();
    assert_eq!((w.quest.as_deref(), w.quest_progress), (None, 0));
}

#[test]
fn collecting_quests_read_what_is_carried() {
    let mut s = new_game(1);
    hero(&mut s, "w", 1, 3, 2, 4);
    ok(
        &mut s,
        json!({"type": "new_character", "id": "k", "player": "kim", "character_type": "magic",
               "attrs": {"attack": 1, "move": 3, "torch": 2, "life": 4},
               "items": [{"item": "master_key"}, {"item": "master_key"}]}),
    );
    // Keys already carried count at once (p.32: deliver at once if you have them).
    accept(&mut s, "k", "wayfinder");
    assert_eq!(progress(&s, "k"), 2);
    ok(
        &mut s,
        json!({"type": "give", "from": "k", "to": "w", "index": 0}),
    );
    assert_eq!(progress(&s, "k"), 1, "a key given away no longer counts");
    // Alchemist: different potions only.
    for p in ["health", "health", "speed"] {
        s.character_mut("w")
            .unwrap()
            .inventory
            .push(tw_silver_mine::model::Item::Potion {
                potion: serde_json::from_value(json!(p)).unwrap(),
            });
    }
    accept(&mut s, "w", "alchemist");
    assert_eq!(progress(&s, "w"), 2);
}

#[test]
fn head_hunter_counts_goblins_defeated_and_goblin_bane_their_kinds() {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate-1",
        "gate",
        (0, 0),
        &["....", "....", "....", "...."],
    );
    hero(&mut s, "w", 3, 3, 2, 6);
    accept(&mut s, "w", "goblin_bane");
    enter(&mut s, "w", (0, 0));
    for (id, name, at) in [
        ("g1", "Goblin Scout", [1, 0]),
        ("g2", "Goblin Scout", [0, 1]),
        ("r1", "Rat", [3, 3]),
    ] {
        let kind = if id.starts_with('g') { "goblin" } else { "rat" };
        ok(
            &mut s,
            json!({"type": "place_enemy", "id": id, "kind": kind, "name": name, "at": at,
                   "attrs": {"attack": 0, "move": 0, "torch": 0, "life": 1}}),
        );
    }
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g1", "dice": {"character": 6, "enemy": 1}}),
    );
    assert_eq!(
        s.character("w").unwrap().quest_tally,
        vec!["Goblin Scout".to_string()]
    );
    assert_eq!(progress(&s, "w"), 1);
    // The dungeon turn: g2 strikes back and ties (1 + 3 against 4 + 0).
    turn(&mut s, 1, &[(1, 4)]);
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g2", "dice": {"character": 6, "enemy": 1}}),
    );
    assert_eq!(
        progress(&s, "w"),
        1,
        "a second Goblin Scout is the same kind"
    );
}

#[test]
fn explored_halls_count_for_the_explorer_and_campfire_halls_need_a_campfire() {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate-1",
        "gate",
        (0, 0),
        &["....", "....", "....", "...."],
    );
    hero(&mut s, "w", 1, 3, 5, 4);
    accept(&mut s, "w", "campfire");
    enter(&mut s, "w", (3, 0));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h1", "kind": "hall", "origin": [4, 0], "explorer": "w", "rows": ["....", "...."]}),
    );
    assert_eq!(progress(&s, "w"), 0, "no campfire in that Hall");
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h2", "kind": "hall", "origin": [0, 4], "rows": ["..f.", "...."]}),
    );
    assert_eq!(progress(&s, "w"), 0, "laid at set-up, not explored by w");
    put(&mut s, "w", (3, 3));
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h3", "kind": "hall", "origin": [4, 2], "explorer": "w", "rows": ["f..", "..."]}),
    );
    assert_eq!(progress(&s, "w"), 1);
}

#[test]
fn progress_stops_at_the_goal() {
    let mut s = crates_room();
    accept(&mut s, "w", "crates");
    s.character_mut("w").unwrap().quest_progress = 3;
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let ev = ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 0], "roll": 6, "items": [{"item": "torch"}]}),
    );
    assert_eq!(progress(&s, "w"), 3);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::QuestProgress { .. })),
        "nothing changed, no event"
    );
}

/// p.17 (l.617): "If you exit the dungeon and enter again with the same
/// quest, continue from where you left off." A crate looted in one
/// exploration still counts in the next.
#[test]
fn p17_progress_carries_over_to_the_next_exploration() {
    let mut s = crates_room();
    accept(&mut s, "w", "crates");
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 0], "roll": 6, "items": [{"item": "torch"}]}),
    );
    ok(&mut s, json!({"type": "exit_dungeon", "character": "w"}));
    ok(&mut s, json!({"type": "new_dungeon"}));
    assert_eq!(progress(&s, "w"), 1);
    card(&mut s, "gate-2", "gate", (0, 0), &["c...", "...."]);
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 0], "roll": 6, "items": [{"item": "torch"}]}),
    );
    assert_eq!(progress(&s, "w"), 2);
}
