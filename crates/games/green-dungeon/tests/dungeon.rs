//! The grid: set up, turning tiles, walls, the perimeter, doors, meeples,
//! and resolving each kind of room from its card.

mod common;
use common::*;
use tw_green_dungeon::command::Command;
use tw_green_dungeon::grid::MeepleReason;
use tw_green_dungeon::state::{
    CardsFor, DiceColours, Idle, Phase, PlacedTile, Potion, Setup, Trap,
};
use tw_green_dungeon::{Dir, Exits, GreenDungeon, Symbol, TileKind};
use tw_rules::{DieColor, Game};

fn setup(at: (u8, u8), kind: TileKind) -> Setup {
    Setup {
        entrance: PlacedTile {
            at: pos(at.0, at.1),
            kind,
            exits: Exits::EastWest,
        },
        straw_seen: vec![],
        dice: Default::default(),
    }
}

#[test]
fn setup_puts_the_hero_on_a_cleared_corner_with_the_starting_cubes() {
    let s = game(TileKind::Drop, Exits::NorthSouth);
    assert_eq!(s.at, pos(0, 0));
    let t = s.grid.tile(pos(0, 0));
    assert!(t.face_up && t.explored && t.cleared);
    let p = &s.player;
    assert_eq!(
        (p.health, p.magic, p.luck, p.treasure, p.level, p.xp),
        (10, 5, 3, 3, 0, 0)
    );
    assert_eq!(s.grid.face_down_count(), 24);
}

#[test]
fn setup_refuses_a_middle_entrance_a_straw_entrance_and_same_coloured_dice() {
    assert!(GreenDungeon::setup(&setup((0, 2), TileKind::Cog)).is_err());
    let r = GreenDungeon::setup(&setup((4, 4), TileKind::Straw)).unwrap_err();
    assert!(r.reason.contains("Straw"));
    let mut same = setup((4, 0), TileKind::Cog);
    same.dice = DiceColours {
        player: DieColor::Blue,
        monster: DieColor::Blue,
    };
    assert!(GreenDungeon::setup(&same).is_err());
}

#[test]
fn a_straw_corner_seen_at_setup_stays_face_up_but_unexplored() {
    let mut st = setup((0, 0), TileKind::Cog);
    st.straw_seen = vec![PlacedTile {
        at: pos(4, 4),
        kind: TileKind::Straw,
        exits: Exits::NorthSouth,
    }];
    let s = GreenDungeon::setup(&st).unwrap();
    let t = s.grid.tile(pos(4, 4));
    assert!(t.face_up && t.clairvoyant && !t.explored);
    st.straw_seen[0].kind = TileKind::Drop;
    assert!(GreenDungeon::setup(&st).is_err());
}

#[test]
fn the_perimeter_is_walled() {
    let mut s = game(TileKind::Cog, Exits::NorthSouth);
    for dir in [Dir::North, Dir::West] {
        let r = refused(&mut s, mv(dir));
        assert_eq!(r.rule, "Movement in the Dungeon");
        assert!(r.reason.contains("perimeter"));
    }
}

#[test]
fn two_dark_edges_are_a_wall() {
    let mut s = game(TileKind::Cog, Exits::NorthSouth);
    run(&mut s, flip(0, 1, TileKind::Drop, Exits::NorthSouth));
    let r = refused(&mut s, door(Dir::East, 6));
    assert!(r.reason.contains("wall"));
}

#[test]
fn a_face_down_room_must_be_turned_up_before_moving_in() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    let r = refused(&mut s, mv(Dir::East));
    assert!(r.reason.contains("flip"));
    // Only a neighbour can be turned up outside a vision.
    let r = refused(&mut s, flip(2, 2, TileKind::Drop, Exits::EastWest));
    assert_eq!(r.rule, "Movement in the Dungeon");
    run(&mut s, flip(0, 1, TileKind::Drop, Exits::EastWest));
    assert!(refused(&mut s, flip(0, 1, TileKind::Drop, Exits::EastWest))
        .reason
        .contains("already face up"));
    run(&mut s, mv(Dir::East));
    assert_eq!(
        s.phase,
        Phase::Cards {
            purpose: CardsFor::DropMonster
        }
    );
}

#[test]
fn there_are_only_two_straw_tiles() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Straw, Exits::EastWest));
    run(&mut s, flip(1, 0, TileKind::Straw, Exits::EastWest));
    s.at = pos(1, 1); // stand elsewhere to reach another neighbour
    let r = refused(&mut s, flip(2, 1, TileKind::Straw, Exits::EastWest));
    assert_eq!(r.rule, "Components Used");
}

#[test]
fn a_new_room_behind_a_closed_door_needs_more_than_six() {
    let mut s = game(TileKind::Cog, Exits::NorthSouth);
    run(&mut s, flip(0, 1, TileKind::Drop, Exits::EastWest));
    run(&mut s, door(Dir::East, 6));
    assert_eq!(s.at, pos(0, 0), "at level 0 a 6 is not enough");
    assert_eq!(s.failed_doors, vec![Dir::East]);
}

#[test]
fn a_fled_monster_waits_on_its_tile_and_its_bribe_doubles() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Drop, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(2, Symbol::Cog)]));
    run(&mut s, melee(1, 6)); // hit: 2 damage
    assert_eq!(s.player.health, 8);
    run(&mut s, Command::Flee { dice: dice(5, 2) });
    assert_eq!(s.at, pos(0, 0));
    assert_eq!(s.phase, Phase::Idle(Idle::Exploring));
    let m = s.grid.tile(pos(0, 1)).meeple.clone().unwrap();
    assert_eq!(m.reason, MeepleReason::Fled);
    assert!(m.monster.fled_before);
    assert!(!s.grid.tile(pos(0, 1)).cleared);
    assert_eq!(s.time.elapsed, 0, "fleeing clears nothing");
    // Coming back: the same monster, at full health; the bribe is doubled.
    run(&mut s, mv(Dir::East));
    let f = s.fight().unwrap();
    assert_eq!(
        (f.monster.difficulty, f.health, f.monster.bribe_cost()),
        (2, 2, 4)
    );
    let r = refused(&mut s, Command::Bribe);
    assert!(r.reason.contains("4"), "{}", r.reason);
}

#[test]
fn cog_room_gives_a_treasure_card_then_is_cleared() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Cog, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    assert_eq!(
        s.phase,
        Phase::Loot {
            remaining: 1,
            then: tw_green_dungeon::state::Then::ClearRoom
        }
    );
    run(&mut s, treasure(3, Symbol::Cog));
    assert_eq!(s.player.treasure, 3 + 6, "coins give double");
    // Re-entering a cleared room gives nothing.
    run(&mut s, mv(Dir::West));
    run(&mut s, mv(Dir::East));
    assert_eq!(s.phase, Phase::Idle(Idle::Exploring));
}

#[test]
fn treasure_cards_give_potions_and_one_weapon() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.phase = Phase::Loot {
        remaining: 4,
        then: tw_green_dungeon::state::Then::ClearRoom,
    };
    run(&mut s, treasure(2, Symbol::Drop));
    run(&mut s, treasure(3, Symbol::Wood));
    run(&mut s, treasure(1, Symbol::Hammer));
    assert_eq!(
        s.player.potions,
        vec![Potion::Healing { amount: 2 }, Potion::Magic { amount: 3 }]
    );
    assert_eq!(s.player.weapon, Some(1));
    // A second weapon: keep the new one, trade the old for its number.
    run(
        &mut s,
        Command::Treasure {
            card: card(2, Symbol::Hammer),
            keep_new_weapon: true,
        },
    );
    assert_eq!(s.player.weapon, Some(2));
    assert_eq!(s.player.treasure, 3 + 2 + 3 + 1 + 2 + 1);
    s.player.health = 5;
    run(&mut s, Command::UsePotion { index: 0 });
    assert_eq!((s.player.health, s.player.potions.len()), (7, 1));
    assert!(refused(&mut s, Command::UsePotion { index: 3 })
        .reason
        .contains("no number 3"));
}

#[test]
fn wood_room_drop_card_heals() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.player.health = 4;
    run(&mut s, flip(0, 1, TileKind::Wood, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(3, Symbol::Drop)]));
    assert_eq!(s.player.health, 7);
    assert!(s.grid.tile(pos(0, 1)).cleared);
    assert_eq!(s.time.elapsed, 1);
}

#[test]
fn wood_room_wood_card_turns_up_tiles_marked_as_unexplored() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Wood, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(2, Symbol::Wood)]));
    assert_eq!(s.phase, Phase::Clairvoyance { remaining: 2 });
    run(&mut s, flip(4, 4, TileKind::Straw, Exits::NorthSouth));
    run(&mut s, flip(3, 3, TileKind::Brick, Exits::NorthSouth));
    for p in [pos(4, 4), pos(3, 3)] {
        let t = s.grid.tile(p);
        assert!(t.face_up && t.clairvoyant && !t.explored && !t.cleared);
    }
    assert_eq!(s.phase, Phase::Idle(Idle::Exploring));
    assert!(s.grid.tile(pos(0, 1)).cleared);
}

#[test]
fn wood_room_hammer_card_is_a_trap_reduced_by_the_roll() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.player.level = 1;
    run(&mut s, flip(0, 1, TileKind::Wood, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(6, Symbol::Hammer)]));
    assert_eq!(
        s.phase,
        Phase::TrapRoll {
            trap: Trap::Wood,
            card: card(6, Symbol::Hammer)
        }
    );
    run(&mut s, Command::TrapRoll { die: d(2) });
    assert_eq!(s.player.health, 10 - (6 - 3));
}

#[test]
fn wood_room_cog_card_is_a_trap_guarding_treasure() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Wood, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(2, Symbol::Cog)]));
    run(&mut s, Command::TrapRoll { die: d(5) });
    assert_eq!(
        s.player.health, 10,
        "a roll above the number takes no damage"
    );
    assert!(matches!(s.phase, Phase::Loot { remaining: 1, .. }));
}

#[test]
fn brick_trap_is_beaten_at_or_above_its_number() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Brick, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(4, Symbol::Drop)]));
    run(&mut s, Command::TrapRoll { die: d(4) });
    assert_eq!(s.player.health, 10);
    assert!(s.grid.tile(pos(0, 1)).cleared);
}

#[test]
fn a_failed_brick_trap_hurts_and_a_wood_one_drains_magic() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Brick, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(4, Symbol::Hammer)]));
    run(&mut s, Command::TrapRoll { die: d(3) });
    assert_eq!(s.player.health, 6);

    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Brick, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(3, Symbol::Wood)]));
    run(&mut s, Command::TrapRoll { die: d(1) });
    assert_eq!((s.player.health, s.player.magic), (10, 2));
}

#[test]
fn a_cog_brick_trap_guards_a_treasure_whatever_the_roll() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Brick, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(5, Symbol::Cog)]));
    run(&mut s, Command::TrapRoll { die: d(1) });
    assert_eq!(s.player.health, 5);
    assert!(matches!(s.phase, Phase::Loot { remaining: 1, .. }));
}

#[test]
fn cards_are_checked_against_the_encounter() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Hammer, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    assert!(refused(&mut s, cards(&[(3, Symbol::Drop)]))
        .reason
        .contains("2 card"));
    assert_eq!(
        refused(&mut s, cards(&[(3, Symbol::Drop), (40, Symbol::Cog)])).rule,
        "Cards"
    );
    run(&mut s, cards(&[(3, Symbol::Drop), (2, Symbol::Hammer)]));
    let f = s.fight().unwrap();
    assert_eq!((f.monster.difficulty, f.monster.roll_bonus()), (5, 1));
}

#[test]
fn a_misspelt_setup_field_is_refused() {
    let bad = serde_json::json!({
        "entrance": {"at": {"row": 0, "col": 0}, "kind": "cog", "exits": "east_west"},
        "straw_sen": []
    });
    let r = tw_rules::JsonGame::<GreenDungeon>::default();
    let err = tw_rules::DynGame::setup(&r, &bad).unwrap_err();
    assert!(err.reason.contains("straw_sen"), "{err}");
}

/// "When you flip the first Straw tile, that chamber contains the dungeon's
/// mini boss": a Straw turned up in a vision is the mini boss's room, so
/// the other Straw, though entered first, is the final stage (issue 23,
/// item 16). One seen while choosing the entrance counts the same way.
#[test]
fn the_first_straw_flipped_holds_the_mini_boss_even_when_seen_in_a_vision() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, TileKind::Wood, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(&[(2, Symbol::Wood)]));
    run(&mut s, flip(4, 4, TileKind::Straw, Exits::NorthSouth));
    run(&mut s, tw_green_dungeon::command::Command::EndVision);
    assert_eq!(s.mini_boss_room, Some(pos(4, 4)));
    run(&mut s, flip(0, 2, TileKind::Straw, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    assert_eq!(s.phase, Phase::FinalBossChoice);

    let mut st = setup((0, 0), TileKind::Cog);
    st.straw_seen = vec![PlacedTile {
        at: pos(4, 4),
        kind: TileKind::Straw,
        exits: Exits::NorthSouth,
    }];
    assert_eq!(
        GreenDungeon::setup(&st).unwrap().mini_boss_room,
        Some(pos(4, 4))
    );
}
