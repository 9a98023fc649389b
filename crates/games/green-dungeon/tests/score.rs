//! The final score: cubes, cards, level, experience and luck, less the
//! face-down tiles, fled monsters and event cubes.

mod common;
use common::*;
use tw_green_dungeon::command::Command;
use tw_green_dungeon::grid::{Meeple, MeepleReason};
use tw_green_dungeon::monster::{Monster, Origin};
use tw_green_dungeon::score::score;
use tw_green_dungeon::state::{Outcome, Phase, Potion};
use tw_green_dungeon::{Exits, Symbol, TileKind};

fn monster() -> Monster {
    Monster::from_cards(Origin::Drop, &[card(2, Symbol::Cog)]).unwrap()
}

#[test]
fn penalties_count_face_down_tiles_fled_meeples_and_event_cubes_only() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    let p = &mut s.player;
    (p.health, p.magic, p.treasure, p.level, p.xp, p.luck) = (6, 2, 7, 1, 4, 2);
    p.weapon = Some(2);
    p.potions = vec![Potion::Healing { amount: 1 }];
    s.time.event_cubes = 2;
    s.grid.tile_mut(pos(0, 1)).meeple = Some(Meeple {
        monster: monster(),
        reason: MeepleReason::Fled,
    });
    s.grid.tile_mut(pos(0, 2)).meeple = Some(Meeple {
        monster: monster(),
        reason: MeepleReason::Bribed,
    });
    let sc = score(&s);
    // 15 cubes + 2 cards x 2 + level 10 + 4 xp + 2 luck x 20 = 73.
    assert_eq!(sc.initial, 15 + 4 + 10 + 4 + 40);
    // 24 face-down tiles + one fled meeple (the bribed one is free) + 2 event cubes.
    assert_eq!(
        (sc.face_down_tiles, sc.fled_meeples, sc.event_cubes),
        (24, 5, 10)
    );
    assert_eq!(sc.total, 73 - 39);
}

#[test]
fn dying_ends_the_game_with_the_score_of_that_moment() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.player.health = 0;
    run(&mut s, Command::Perish);
    let Phase::Over { outcome, score: sc } = &s.phase else {
        panic!("over")
    };
    assert_eq!(*outcome, Outcome::Died);
    assert_eq!(sc.initial, 5 + 3 + 60);
    assert_eq!(sc.total, 68 - 24);
}

/// Treasures (l. 352): a Cog card gives double its number in cubes and goes
/// back in the deck; Scoring (l. 358) counts two points only for cards held
/// (weapons and potions).
#[test]
fn a_cog_treasure_scores_its_cubes_but_not_as_a_card() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    clear_cog_room_east(&mut s);
    let sc = score(&s);
    assert_eq!((sc.cubes, sc.cards), (10 + 5 + 3 + 2, 0));
    s.player.potions.push(Potion::Healing { amount: 2 });
    assert_eq!(score(&s).cards, 2);
}
