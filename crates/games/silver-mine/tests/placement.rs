//! Laying out the dungeon: impossible placements are refused with the rule.

mod common;
use common::*;
use serde_json::json;
use tw_silver_mine::Event;

fn gate(s: &mut tw_silver_mine::State) {
    card(s, "gate", "gate", (0, 0), &["....", "....", "....", "...."]);
}

fn place(id: &str, origin: (i32, i32), rows: &[&str]) -> serde_json::Value {
    json!({"type": "place_card", "id": id, "kind": "hall", "origin": [origin.0, origin.1], "rows": rows})
}

#[test]
fn the_first_card_is_a_gate() {
    let mut s = new_game(1);
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "h", "kind": "hall", "origin": [0, 0], "rows": ["."]}),
    );
    assert_eq!(r.rule, "Setup");
}

#[test]
fn cards_meet_edge_to_edge_without_overlap() {
    let mut s = new_game(1);
    gate(&mut s);
    let rows = ["...", "..."];
    let c = place("over", (3, 3), &rows);
    assert!(refused(&mut s, c).reason.contains("overlap"));
    let c = place("gap", (5, 0), &rows);
    assert!(refused(&mut s, c).reason.contains("edge to edge"));
    let c = place("corner", (4, 4), &rows);
    assert!(
        refused(&mut s, c).reason.contains("edge to edge"),
        "touching at a corner only is not edge to edge"
    );
    let c = place("ok", (4, 2), &rows);
    ok(&mut s, c);
    let c = place("ok", (0, 4), &rows);
    assert!(refused(&mut s, c).reason.contains("already"));
}

#[test]
fn bad_rows_are_refused_with_the_square() {
    let mut s = new_game(1);
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "g", "kind": "gate", "origin": [0, 0], "rows": ["..", ".?"]}),
    );
    assert!(r.reason.contains("(1, 1)") && r.reason.contains('?'), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "g", "kind": "gate", "origin": [0, 0], "rows": ["..", "."]}),
    );
    assert!(r.reason.contains("rectangle"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "g", "kind": "gate", "origin": [0, 0], "rows": []}),
    );
    assert!(r.reason.contains("rows"), "{r}");
}

#[test]
fn enemies_never_stand_on_containers_or_figures() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &[".c..", "#...", "...."]);
    hero(&mut s, "w", 1, 3, 2, 4);
    enter(&mut s, "w", (0, 0));
    let e = |at: [i32; 2]| {
        json!({"type": "place_enemy", "id": "g", "kind": "goblin", "at": at,
                                  "attrs": {"attack": 1, "move": 2, "torch": 0, "life": 2}})
    };
    assert_eq!(refused(&mut s, e([1, 0])).rule, "Dungeon: containers");
    assert!(refused(&mut s, e([0, 1])).reason.contains("wall"));
    assert!(refused(&mut s, e([0, 0])).reason.contains("character w"));
    assert!(refused(&mut s, e([9, 9])).reason.contains("not on any"));
    ok(&mut s, e([3, 2]));
    let r = refused(
        &mut s,
        json!({"type": "place_enemy", "id": "g2", "kind": "rat", "at": [3, 2],
                                   "attrs": {"attack": 1, "move": 2, "torch": 0, "life": 2}}),
    );
    assert!(r.reason.contains("enemy g"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "place_enemy", "id": "g3", "kind": "rat", "at": [2, 2],
                                   "attrs": {"attack": 1, "move": 2, "torch": 0, "life": 0}}),
    );
    assert!(r.reason.contains("Life"), "{r}");
}

#[test]
fn cubes_go_on_empty_floor_only() {
    let mut s = new_game(1);
    gate(&mut s);
    ok(
        &mut s,
        json!({"type": "place_cube", "at": [1, 1], "cube": {"container": "chest"}}),
    );
    assert_eq!(s.cards[0].rows()[1], ".h..");
    let r = refused(
        &mut s,
        json!({"type": "place_cube", "at": [1, 1], "cube": "trap"}),
    );
    assert!(r.reason.contains("chest"), "{r}");
    ok(
        &mut s,
        json!({"type": "place_cube", "at": [2, 1], "cube": "locked_door"}),
    );
    assert_eq!(s.cards[0].rows()[1], ".hL.");
}

#[test]
fn the_eighth_goblin_calls_a_boss_at_the_current_players_gate() {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate-a",
        "gate",
        (0, 0),
        &["....", "....", "....", "...."],
    );
    card(
        &mut s,
        "gate-b",
        "gate",
        (4, 0),
        &["....", "....", "....", "...."],
    );
    hero(&mut s, "w", 1, 3, 2, 4);
    enter(&mut s, "w", (4, 0));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let boss = json!({"type": "place_enemy", "id": "boss", "kind": "boss", "at": [5, 3],
                      "attrs": {"attack": 3, "move": 3, "torch": 0, "life": 6}});
    assert_eq!(refused(&mut s, boss.clone()).rule, "Boss");
    for i in 0..8 {
        let ev = ok(
            &mut s,
            json!({"type": "place_enemy", "id": format!("g{i}"), "kind": "goblin", "at": [i % 4, 1 + i / 4],
                                   "attrs": {"attack": 1, "move": 2, "torch": 0, "life": 1}}),
        );
        let due = ev
            .iter()
            .any(|e| matches!(e, Event::BossDue { gate, .. } if gate == "gate-b"));
        assert_eq!(due, i == 7, "boss due only with the 8th goblin");
    }
    let wrong = json!({"type": "place_enemy", "id": "boss", "kind": "boss", "at": [0, 3],
                       "attrs": {"attack": 3, "move": 3, "torch": 0, "life": 6}});
    assert!(refused(&mut s, wrong).reason.contains("gate-b"));
    ok(&mut s, boss);
    assert!(s.bosses_due.is_empty());
}

#[test]
fn exploring_spends_a_torch_and_the_last_one_calls_a_boss_each_time() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &["...", "...", "..."]);
    hero(&mut s, "w", 1, 3, 1, 4);
    hero(&mut s, "m", 1, 3, 1, 4);
    enter(&mut s, "w", (2, 1));
    enter(&mut s, "m", (1, 2));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let far = json!({"type": "place_card", "id": "h0", "kind": "hall", "origin": [3, 3], "rows": ["..."], "explorer": "w"});
    assert!(refused(&mut s, far).reason.contains("edge to edge"));
    let not_edge = json!({"type": "place_card", "id": "h0", "kind": "hall", "origin": [0, 3], "rows": ["...", "..."], "explorer": "w"});
    assert_eq!(refused(&mut s, not_edge).rule, "Exploring");
    let ev = ok(
        &mut s,
        json!({"type": "place_card", "id": "h1", "kind": "hall", "origin": [3, 0], "rows": ["...", "...", "..."], "explorer": "w"}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::BossDue { .. })));
    ok(&mut s, json!({"type": "start_turn", "character": "m"}));
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h2", "kind": "hall", "origin": [0, 3], "rows": ["...", "...", "..."], "explorer": "m"}),
    );
    assert_eq!(s.bosses_due.len(), 2, "more than one boss may appear");
    // Without Torches one may still explore, for free.
    ok(
        &mut s,
        json!({"type": "move", "character": "m", "path": [[0, 2]]}),
    );
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h3", "kind": "hall", "origin": [-3, 0], "rows": ["...", "...", "..."], "explorer": "m"}),
    );
    assert_eq!(s.bosses_due.len(), 2);
}

#[test]
fn wild_coordinates_are_refused_not_panicked_on() {
    let mut s = new_game(1);
    let r = refused(
        &mut s,
        json!({"type": "place_card", "id": "g", "kind": "gate", "origin": [2147483647, 0], "rows": [".."]}),
    );
    assert!(r.reason.starts_with("origin[0] is 2147483647"), "{r}");
    gate(&mut s);
    hero(&mut s, "w", 1, 3, 2, 4);
    enter(&mut s, "w", (0, 0));
    let r = refused(
        &mut s,
        json!({"type": "move", "character": "w", "path": [[-2147483648, -2147483648]]}),
    );
    assert_eq!(r.rule, "Input: numbers");
    assert!(r.reason.starts_with("path[0][0] is -2147483648"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "place_enemy", "id": "g", "kind": "goblin", "at": [2147483647, 2147483647],
                                   "attrs": {"attack": 1, "move": 1, "torch": 0, "life": 1}}),
    );
    assert!(r.reason.starts_with("at[0] is 2147483647"), "{r}");
}
