//! The dungeon turn: movement, targeting, order, attacks and their readings.

mod common;
use common::*;
use serde_json::json;
use tw_silver_mine::{Event, Pos, TieBreak, Who};

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// One open 8x5 Gate; the warrior enters at (0, 0).
fn room(rows: &[&str]) -> tw_silver_mine::State {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), rows);
    hero(&mut s, "warrior", 1, 3, 2, 4);
    enter(&mut s, "warrior", (0, 0));
    s
}

const OPEN: [&str; 5] = ["........", "........", "........", "........", "........"];

#[test]
fn enemy_walks_its_move_along_a_shortest_path_and_stops_short() {
    let mut s = room(&OPEN);
    enemy(&mut s, "g1", "goblin", (7, 0), 1, 3, 2);
    let ev = turn(&mut s, 1, &[]);
    assert_eq!(moves(&ev, "g1"), vec![p(6, 0), p(5, 0), p(4, 0)]);
    assert_eq!(s.enemy("g1").unwrap().pos, p(4, 0));
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Combat { .. })),
        "not adjacent yet: no attack"
    );
}

#[test]
fn enemy_goes_around_a_wall_and_attacks_when_adjacent() {
    // The wall forces the goblin down and round; 4 steps reach (1, 0).
    let mut s = room(&["..#.....", "..#.....", "........", "........", "........"]);
    enemy(&mut s, "g1", "goblin", (3, 0), 1, 6, 2);
    let ev = turn(&mut s, 1, &[(2, 6)]);
    let path = moves(&ev, "g1");
    assert_eq!(path.first(), Some(&p(3, 1)));
    assert_eq!(path.last(), Some(&p(1, 0)), "ends next to the warrior");
    assert_eq!(path.len(), 6, "(3,1) (3,2) (2,2) (1,2) (1,1) (1,0)");
    // goblin 6 + 1 = 7 beats warrior 2 + 1 = 3.
    assert_eq!(life(&s, "warrior"), 3);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combat {
            character_hit: 3,
            enemy_hit: 7,
            loser: Some(Who::Character(_)),
            ..
        }
    )));
}

#[test]
fn no_one_crosses_a_container_and_enemies_do_not_pass_characters() {
    // A corridor: the crate closes the top row, the mage blocks the bottom.
    let mut s = room(&["...c....", "###.####", "........"]);
    hero(&mut s, "mage", 1, 3, 2, 4);
    put(&mut s, "mage", (3, 1));
    // From the bottom row the warrior is only reachable through the mage or the crate.
    enemy(&mut s, "r1", "goblin", (7, 2), 1, 8, 1);
    let ev = turn(&mut s, 1, &[(1, 1)]);
    assert_eq!(target_of(&ev, "r1").as_deref(), Some("mage"));
    assert_eq!(moves(&ev, "r1"), vec![p(6, 2), p(5, 2), p(4, 2), p(3, 2)]);
    assert_eq!(s.enemy("r1").unwrap().pos, p(3, 2));
}

#[test]
fn goblins_cross_traps_other_enemies_walk_around() {
    let rows = ["..^.....", "........", "........", "........", "........"];
    let mut s = room(&rows);
    put(&mut s, "warrior", (0, 0));
    enemy(&mut s, "g", "goblin", (4, 0), 0, 3, 3);
    let ev = turn(&mut s, 1, &[(6, 1)]);
    assert_eq!(
        moves(&ev, "g"),
        vec![p(3, 0), p(2, 0), p(1, 0)],
        "straight over the trap"
    );

    let mut s = room(&rows);
    enemy(&mut s, "r", "rat", (4, 0), 0, 3, 3);
    let ev = turn(&mut s, 1, &[]);
    assert!(
        moves(&ev, "r").iter().all(|q| *q != p(2, 0)),
        "the rat steps round the trap"
    );
}

#[test]
fn goblins_cannot_unlock_doors_spiders_can() {
    let rows = ["..L.....", "###.....", "........"];
    let mut s = room(&["..L.....", "##L#####", "........"]);
    enemy(&mut s, "g", "goblin", (4, 0), 0, 5, 3);
    let ev = turn(&mut s, 1, &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EnemyWaits { enemy, .. } if enemy == "g")));
    assert_eq!(s.enemy("g").unwrap().pos, p(4, 0));

    let mut s = room(&rows);
    enemy(&mut s, "sp", "spider", (4, 0), 0, 5, 3);
    let ev = turn(&mut s, 1, &[(6, 1)]);
    assert_eq!(moves(&ev, "sp"), vec![p(3, 0), p(2, 0), p(1, 0)]);
}

#[test]
fn the_enemy_closest_to_a_character_acts_first() {
    let mut s = room(&OPEN);
    enemy(&mut s, "far", "goblin", (7, 4), 0, 1, 3);
    enemy(&mut s, "near", "goblin", (3, 0), 0, 1, 3);
    let ev = turn(&mut s, 1, &[]);
    let order = ev.iter().find_map(|e| match e {
        Event::DungeonTurnStarted { order, .. } => Some(order.clone()),
        _ => None,
    });
    assert_eq!(order, Some(vec!["near".to_string(), "far".to_string()]));
}

#[test]
fn equal_distance_targets_the_least_life_then_a_seeded_draw() {
    let mut s = room(&OPEN);
    hero(&mut s, "mage", 1, 3, 2, 2);
    put(&mut s, "mage", (6, 4));
    put(&mut s, "warrior", (0, 4));
    enemy(&mut s, "g", "goblin", (3, 4), 0, 1, 3);
    let ev = turn(&mut s, 1, &[]);
    assert_eq!(target_of(&ev, "g").as_deref(), Some("mage"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::TargetChosen {
            tie_break: Some(TieBreak::LeastLife { .. }),
            ..
        }
    )));

    // Same Life: the draw depends on the seed only, and the event says so.
    let picks: Vec<String> = (0..40)
        .map(|seed| {
            let mut s = room(&OPEN);
            hero(&mut s, "mage", 1, 3, 2, 4);
            put(&mut s, "mage", (6, 4));
            put(&mut s, "warrior", (0, 4));
            enemy(&mut s, "g", "goblin", (3, 4), 0, 1, 3);
            let ev = turn(&mut s, seed, &[]);
            assert!(ev.iter().any(|e| matches!(
                e,
                Event::TargetChosen {
                    tie_break: Some(TieBreak::Random {
                        seeded_by_command: true,
                        ..
                    }),
                    ..
                }
            )));
            target_of(&ev, "g").unwrap()
        })
        .collect();
    assert!(
        picks.iter().any(|t| t == "mage") && picks.iter().any(|t| t == "warrior"),
        "both can be drawn"
    );
}

#[test]
fn without_a_seed_the_state_generator_breaks_ties_and_advances() {
    let mut s = room(&OPEN);
    hero(&mut s, "mage", 1, 3, 2, 4);
    put(&mut s, "mage", (6, 4));
    put(&mut s, "warrior", (0, 4));
    enemy(&mut s, "g", "goblin", (3, 4), 0, 0, 3);
    let rng_before = s.rng.clone();
    ok(&mut s, json!({"type": "dungeon_turn"}));
    assert_ne!(s.rng, rng_before, "the state's generator moved on");
}

#[test]
fn goblin_pack_bonus_needs_two_goblins_in_the_hall() {
    let mut s = room(&OPEN);
    enemy(&mut s, "g1", "goblin", (1, 0), 1, 0, 3);
    enemy(&mut s, "g2", "goblin", (7, 4), 1, 0, 3);
    let ev = turn(&mut s, 1, &[(3, 1)]);
    // warrior 3+1 = 4, goblin 1+1+1 = 3: the pack bonus is in.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combat {
            character_hit: 4,
            enemy_hit: 3,
            ..
        }
    )));
}

#[test]
fn rats_leave_disease_spiders_poison() {
    for (kind, affl) in [("rat", "disease"), ("spider", "poison")] {
        let mut s = room(&OPEN);
        enemy(&mut s, "x", kind, (1, 0), 0, 0, 3);
        turn(&mut s, 1, &[(1, 6)]);
        let c = s.character("warrior").unwrap();
        assert_eq!(c.afflictions.len(), 1);
        assert_eq!(
            serde_json::to_value(c.afflictions[0].kind).unwrap(),
            json!(affl)
        );
        assert!(c.afflictions[0].pending);
    }
}

#[test]
fn lost_map_enemies_wait_until_someone_enters() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &["...", "...", "..."]);
    hero(&mut s, "warrior", 1, 3, 2, 4);
    s.characters[0]
        .inventory
        .push(tw_silver_mine::model::Item::LostMap);
    enter(&mut s, "warrior", (2, 1));
    ok(
        &mut s,
        json!({"type": "start_turn", "character": "warrior"}),
    );
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h1", "kind": "hall", "origin": [3, 0], "rows": ["...", "...", "..."],
                      "explorer": "warrior", "lost_map": true}),
    );
    assert_eq!(
        s.character("warrior").unwrap().attrs.torch,
        2,
        "a Lost Map costs no Torch"
    );
    enemy(&mut s, "g", "goblin", (5, 1), 1, 3, 2);
    let ev = turn(&mut s, 1, &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EnemyWaits { enemy, .. } if enemy == "g")));
    assert_eq!(s.enemy("g").unwrap().pos, p(5, 1));
    ok(
        &mut s,
        json!({"type": "start_turn", "character": "warrior"}),
    );
    ok(
        &mut s,
        json!({"type": "move", "character": "warrior", "path": [[3, 1]]}),
    );
    let ev = turn(&mut s, 1, &[(3, 3)]);
    assert_eq!(target_of(&ev, "g").as_deref(), Some("warrior"));
}

#[test]
fn torch_enemies_call_companions_once() {
    let mut s = room(&OPEN);
    ok(
        &mut s,
        json!({"type": "place_enemy", "id": "chief", "kind": "goblin", "at": [7, 4],
                      "attrs": {"attack": 1, "move": 1, "torch": 2, "life": 3}}),
    );
    let ev = turn(&mut s, 1, &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CompanionsDue { enemy, count: 2 } if enemy == "chief")));
    let ev = turn(&mut s, 2, &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::CompanionsDue { .. })));
}

#[test]
fn missing_dice_are_refused_with_the_count_or_rolled_on_request() {
    let mut s = room(&OPEN);
    enemy(&mut s, "g", "goblin", (1, 0), 1, 0, 3);
    let r = refused(&mut s, json!({"type": "dungeon_turn", "seed": 3}));
    assert!(r.reason.contains("needs a pair of dice"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "dungeon_turn", "seed": 3, "dice": [
        {"character": 1, "enemy": 1}, {"character": 2, "enemy": 2}]}),
    );
    assert!(r.reason.contains("left over"), "{r}");
    let ev = ok(
        &mut s,
        json!({"type": "dungeon_turn", "roll_missing": true}),
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combat {
            source: tw_silver_mine::DiceSource::Virtual,
            ..
        }
    )));
}

#[test]
fn a_character_at_zero_life_dies_and_loses_what_they_carry_not_the_stash() {
    let mut s = room(&OPEN);
    s.characters[0].attrs.life = 1;
    s.characters[0].coins = 7;
    s.characters[0]
        .inventory
        .push(tw_silver_mine::model::Item::Torch);
    s.stashes.get_mut("p-warrior").unwrap().coins = 12;
    enemy(&mut s, "g", "goblin", (1, 0), 1, 0, 3);
    let ev = turn(&mut s, 1, &[(1, 6)]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CharacterDefeated { coins_lost: 7, .. })));
    let c = s.character("warrior").unwrap();
    assert!(!c.alive && c.pos.is_none() && c.inventory.is_empty() && c.coins == 0);
    assert_eq!(c.quest, None, "the quest is failed");
    assert_eq!(s.stashes["p-warrior"].coins, 12);
    // A new character for the same player inherits the stash.
    ok(
        &mut s,
        json!({"type": "new_character", "id": "warrior", "player": "p-warrior", "character_type": "precision",
                      "attrs": {"attack": 1, "move": 3, "torch": 3, "life": 4}}),
    );
    assert_eq!(s.stashes["p-warrior"].coins, 12);
    assert!(s.character("warrior").unwrap().alive);
}

#[test]
fn rats_stay_in_their_hall_goblins_chase() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &["...", "...", "..."]);
    card(&mut s, "hall", "hall", (3, 0), &["...", "...", "..."]);
    hero(&mut s, "warrior", 1, 3, 2, 4);
    enter(&mut s, "warrior", (0, 1));
    enemy(&mut s, "rat", "rat", (5, 0), 1, 3, 1);
    enemy(&mut s, "gob", "goblin", (5, 2), 1, 3, 1);
    let ev = turn(&mut s, 1, &[]);
    assert!(
        moves(&ev, "rat").is_empty(),
        "the rat does not leave its hall for a character elsewhere"
    );
    assert_eq!(target_of(&ev, "gob").as_deref(), Some("warrior"));
    assert!(!moves(&ev, "gob").is_empty());
}

#[test]
fn a_boss_hunts_the_closest_character_in_the_whole_dungeon() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &["...", "...", "..."]);
    hero(&mut s, "warrior", 1, 3, 1, 4);
    hero(&mut s, "mage", 1, 3, 1, 4);
    enter(&mut s, "warrior", (2, 1));
    enter(&mut s, "mage", (2, 2));
    ok(
        &mut s,
        json!({"type": "start_turn", "character": "warrior"}),
    );
    // Exploring with the last Torch calls a boss at the warrior's Gate.
    ok(
        &mut s,
        json!({"type": "place_card", "id": "hall", "kind": "hall", "origin": [3, 0], "rows": ["...", "...", "..."], "explorer": "warrior"}),
    );
    card(&mut s, "far", "hall", (6, 0), &["...", "...", "..."]);
    assert_eq!(s.bosses_due.len(), 1);
    ok(
        &mut s,
        json!({"type": "exit_dungeon", "character": "warrior"}),
    );
    put(&mut s, "mage", (8, 2));
    ok(
        &mut s,
        json!({"type": "place_enemy", "id": "boss", "kind": "boss", "at": [0, 0],
                      "attrs": {"attack": 2, "move": 4, "torch": 0, "life": 5}}),
    );
    // A rat in the same spot would stay in its hall; the boss crosses two cards.
    let ev = turn(&mut s, 1, &[]);
    assert_eq!(target_of(&ev, "boss").as_deref(), Some("mage"));
    assert_eq!(moves(&ev, "boss").len(), 4);
}
