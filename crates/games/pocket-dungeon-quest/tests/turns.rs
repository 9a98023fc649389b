//! Taking Turns, Moving & Revealing, the Circle Of Sight and the Dungeon.

mod common;
use common::*;
use tw_pocket_dungeon_quest::{Cell, Command, HeroKind::*, PocketDungeonQuest, Step, TileKind::*};
use tw_rules::{DynGame, JsonGame};

/// "On the Warrior's first turn, they choose to enter the dungeon at this
/// point, and can 'see' these three tiles ... If they choose A or C, Circle
/// Of Sight will be 4 tiles, but only 3 tiles if they choose B."
#[test]
fn moving_and_revealing_example_three_tiles_then_four_for_a_or_c_three_for_b() {
    let mut s = game(&[Warrior]);
    assert_eq!(hidden_around(&s, p(-1, 4)), vec![p(0, 3), p(0, 4), p(0, 5)]);
    mv(&mut s, p(-1, 4), &[]);
    end(&mut s);
    assert_eq!(hidden_around(&s, p(0, 3)).len(), 4, "A");
    assert_eq!(hidden_around(&s, p(0, 4)).len(), 3, "B");
    assert_eq!(hidden_around(&s, p(0, 5)).len(), 4, "C");
    mv(&mut s, p(0, 3), &[]);
    assert_eq!(hero(&s, Warrior).pos, Some(p(0, 3)));
    assert_eq!(s.cell(p(1, 2)), Some(Cell::Shown(Floor)));
}

#[test]
fn a_hero_enters_from_one_space_outside_an_edge() {
    let mut s = game(&[Warrior]);
    for bad in [p(-1, -1), p(3, 3), p(-2, 4), p(10, 10)] {
        let r = refused_mv(&mut s, bad, &[]);
        assert_eq!(r.rule, "Moving & Revealing", "{bad}: {r}");
    }
    // The left and bottom edges work as well as the top.
    let mut t = game(&[Warrior]);
    mv(&mut t, p(5, -1), &[]);
    let mut u = game(&[Warrior]);
    mv(&mut u, p(10, 0), &[]);
    assert_eq!(u.sight(p(10, 0)).len(), 2, "a corner entry sees two spaces");
}

#[test]
fn a_hero_moves_one_space_and_walls_block_the_path() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Wall)]);
    end(&mut s);
    let r = refused_mv(&mut s, p(0, 4), &[]);
    assert_eq!(r.rule, "Moving & Revealing");
    assert!(r.reason.contains("Wall tiles block"), "{r}");
    let r = refused_mv(&mut s, p(1, 4), &[]);
    assert!(
        r.reason.contains("off the Dungeon Floor Mat") || r.reason.contains("spaces from"),
        "{r}"
    );
    mv(&mut s, p(0, 5), &[]);
    end(&mut s);
    let r = refused_mv(&mut s, p(2, 5), &[]);
    assert!(r.reason.contains("one space a turn"), "{r}");
}

/// "Sight is not blocked by walls": a tile behind a Wall is still revealed.
#[test]
fn sight_is_not_blocked_by_walls() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Wall)]);
    end(&mut s);
    mv(&mut s, p(0, 3), &[]);
    end(&mut s);
    mv(&mut s, p(1, 3), &[]);
    assert_eq!(
        s.cell(p(2, 4)),
        Some(Cell::Shown(Floor)),
        "seen diagonally past the Wall"
    );
}

/// "The Pegasus Mount allows the Hero to use Wall tiles as valid movement spaces."
#[test]
fn the_pegasus_mount_flies_over_walls_and_is_bound_to_its_finder() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Pegasus), (p(0, 4), Wall)]);
    assert!(hero(&s, Warrior).pegasus);
    assert_eq!(s.cell(p(0, 3)), Some(Cell::Empty));
    end(&mut s);
    pass_rogue_in(&mut s);
    mv(&mut s, p(0, 4), &[]);
    assert_eq!(hero(&s, Warrior).pos, Some(p(0, 4)));
    let r = refused(
        &mut s,
        Command::Give {
            item: Pegasus,
            to: Rogue,
        },
    );
    // "It cannot be given or traded": refused by the Pegasus Mount's own
    // rule (audit 2026-11-27; it was refused as "Giving Items": no such Item).
    assert_eq!(r.rule, "Pegasus Mount");
}

fn pass_rogue_in(s: &mut tw_pocket_dungeon_quest::State) {
    mv(s, p(9, -1), &[]);
    end(s);
}

#[test]
fn every_face_down_tile_of_the_circle_must_be_named_once() {
    let mut s = game(&[Warrior]);
    let Command::Move { to, mut reveal } = go_cmd(&s, p(-1, 4), &[]) else {
        unreachable!()
    };
    let missing = Command::Move {
        to,
        reveal: reveal[..2].to_vec(),
    };
    assert!(refused(&mut s, missing)
        .reason
        .contains("name the tile at row 1, column 6"));
    reveal.push(rv(p(5, 5), Floor));
    let extra = Command::Move { to, reveal };
    assert!(refused(&mut s, extra)
        .reason
        .contains("not a face-down tile"));
}

/// The tile list: a kind whose every copy is face up cannot turn up again.
#[test]
fn a_tile_with_no_copy_left_face_down_is_refused() {
    let mut s = game(&[Warrior]);
    let c = go_cmd(&s, p(-1, 4), &[(p(0, 3), Boss), (p(0, 5), Boss)]);
    let r = refused(&mut s, c);
    assert_eq!(r.rule, "Tile list");
    assert!(r.reason.contains("holds 1 boss"), "{r}");
}

#[test]
fn turns_pass_in_seat_order_and_rounds_count() {
    let mut s = game(&[Warrior, Rogue, Wizard]);
    assert_eq!((s.turn.hero, s.round), (Warrior, 1));
    mv(&mut s, p(-1, 1), &[]);
    end(&mut s);
    assert_eq!(s.turn.hero, Rogue);
    let r = refused(&mut s, Command::EndTurn);
    assert_eq!(r.rule, "Taking Turns");
    mv(&mut s, p(-1, 5), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    assert_eq!(
        (s.turn.hero, s.round, s.turn.step),
        (Warrior, 2, Step::Start)
    );
}

#[test]
fn misspelt_or_impossible_input_is_refused_not_dropped() {
    let g = JsonGame::<PocketDungeonQuest>::default();
    let st = g
        .setup(&serde_json::json!({"heroes": ["warrior"]}))
        .unwrap();
    for bad in [
        serde_json::json!({"type": "move", "to": {"row": -1, "col": 4}, "reveals": []}),
        serde_json::json!({"type": "move", "to": {"row": 1e12, "col": 4}}),
        serde_json::json!({"type": "attack", "target": {"row": 0, "col": 0}}),
        serde_json::json!({"type": "fly"}),
    ] {
        let r = g.execute(&st, &bad).unwrap_err();
        assert_eq!(r.rule, "Input", "{bad}");
    }
    let r = g
        .setup(&serde_json::json!({"heroes": ["warrior", "warrior"]}))
        .unwrap_err();
    assert_eq!(r.rule, "Setup");
    let r = g
        .setup(&serde_json::json!({"heroes": ["farmer"]}))
        .unwrap_err();
    assert!(r.reason.contains("expansion"), "{r}");
    let r = g
        .setup(&serde_json::json!({"heroes": ["warrior"], "tile_counts": {"floor": 3}}))
        .unwrap_err();
    assert!(r.reason.contains("tiles.json counts"), "{r}");
}
