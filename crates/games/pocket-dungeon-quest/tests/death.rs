//! Death, the final turns, the reset, and the goal.

mod common;
use common::*;
use tw_pocket_dungeon_quest::{Cell, Command, HeroKind::*, Outcome, State, TileKind::*};

/// The Warrior holds a Potion and the Rogue a Phoenix Feather; then the
/// Warrior walks into a Sword Effect and three Spike Traps and dies.
fn warrior_dies() -> State {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Potion)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 4),
            put_back: None,
        },
    );
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), PhoenixFeather)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 8),
            put_back: None,
        },
    );
    end(&mut s);
    mv(
        &mut s,
        p(0, 3),
        &[
            (p(0, 2), Sword),
            (p(1, 2), SpikeTrap),
            (p(1, 3), SpikeTrap),
            (p(1, 4), SpikeTrap),
        ],
    );
    s
}

/// "They lose all Items/Spells in their Inventory, as well as any Effects
/// ... When a Hero dies, the remaining Heroes each take one final turn ...
/// When a Hero is revived, they continue their next turn in the space where they died."
#[test]
fn a_dead_hero_loses_items_and_effects_and_a_phoenix_feather_revives_them() {
    let mut s = warrior_dies();
    let w = hero(&s, Warrior);
    assert!(w.dead && w.inventory.is_empty() && w.effects.is_empty());
    assert_eq!(
        w.pos,
        Some(p(0, 3)),
        "the Hero tile remains where they died"
    );
    assert_eq!(s.piles.merchant, vec![Potion]);
    assert_eq!(
        s.piles.discard,
        vec![SpikeTrap, SpikeTrap, SpikeTrap, Sword]
    );
    assert_eq!(s.turn.hero, Rogue);
    assert_eq!(s.last_turns, Some(vec![Rogue]));
    let r = refused(&mut s, Command::PhoenixFeather { hero: Rogue });
    assert_eq!(r.rule, "Phoenix Feather");
    run(&mut s, Command::PhoenixFeather { hero: Warrior });
    assert_eq!(
        (hero(&s, Warrior).dead, hero(&s, Warrior).hearts),
        (false, 3)
    );
    assert_eq!(s.last_turns, None);
    pass(&mut s);
    assert_eq!(
        (s.turn.hero, hero(&s, Warrior).pos),
        (Warrior, Some(p(0, 3)))
    );
}

/// "If the Dead Hero is not revived, the Dungeon Floor Mat is reset, and
/// the game starts over!"
#[test]
fn without_a_revival_the_mat_is_reset_and_the_game_starts_over() {
    let mut s = warrior_dies();
    pass(&mut s);
    assert_eq!(s.resets, 1);
    assert!(s.cells.iter().all(|c| *c == Cell::Hidden));
    assert!(s.piles.merchant.is_empty() && s.piles.discard.is_empty());
    for k in [Warrior, Rogue] {
        let h = hero(&s, k);
        assert!(!h.dead && h.hearts == 3 && h.pos.is_none() && h.inventory.is_empty());
    }
    assert_eq!((s.turn.hero, s.round), (Warrior, 1));
    mv(&mut s, p(-1, 4), &[(p(0, 4), Boss)]);
}

/// "Any Monsters within the Dead Hero's Circle Of Sight are placed in the
/// Monster Pile ... Traps, Gems and Effects are placed in the Discard pile."
#[test]
fn the_dead_heros_circle_of_sight_is_cleared_into_the_piles() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), SpikeTrap)]);
    end(&mut s);
    pass_in(&mut s);
    mv(
        &mut s,
        p(0, 3),
        &[
            (p(1, 3), SpikeTrap),
            (p(1, 4), SpikeTrap),
            (p(0, 2), Goblin),
            (p(1, 2), Gems10),
        ],
    );
    assert!(hero(&s, Warrior).dead);
    assert_eq!(s.piles.monster, vec![Goblin]);
    assert!(s.piles.discard.contains(&Gems10));
    assert!(s.piles.gem.is_empty());
}

fn pass_in(s: &mut State) {
    mv(s, p(9, -1), &[]);
    end(s);
}

/// "All Heroes are working together to find the 3 Master Relic tiles and
/// the Exit tile without dying." Relics are collected at once and never lost.
#[test]
fn the_three_master_relics_and_the_exit_win_the_game() {
    let mut s = game(&[Warrior, Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), RelicCircle), (p(0, 5), SpikeTrap)],
    );
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), RelicSquare)]);
    end(&mut s);
    assert_eq!(s.relics, vec![RelicCircle, RelicSquare]);
    mv(
        &mut s,
        p(0, 4),
        &[(p(1, 3), SpikeTrap), (p(1, 4), SpikeTrap)],
    );
    assert!(hero(&s, Warrior).dead);
    assert_eq!(s.relics.len(), 2, "Relics are never lost if a Hero dies");
    run(
        &mut s,
        Command::Move {
            to: p(0, 8),
            reveal: vec![
                rv(p(1, 8), RelicTriangle),
                rv(p(1, 7), Floor),
                rv(p(1, 9), Exit),
            ],
        },
    );
    assert_eq!(s.outcome, Some(Outcome::SessionWon));
    let r = refused(&mut s, Command::EndTurn);
    assert_eq!(r.rule, "The Goal");
}

/// A hero dying on another hero's turn (a Red Beholder's gaze): the turn in
/// progress is that hero's final turn.
#[test]
fn a_death_on_anothers_turn_makes_that_turn_the_final_one() {
    let mut s = expansion(&[Warrior, Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), SpikeTrap), (p(0, 4), SpikeTrap)],
    );
    end(&mut s);
    mv(&mut s, p(-1, 4), &[]);
    end(&mut s);
    mv(&mut s, p(0, 3), &[]);
    end(&mut s);
    let mut c = go_cmd(&s, p(0, 5), &[(p(0, 6), RedBeholder)]);
    if let Command::Move { reveal, .. } = &mut c {
        reveal[0].saves.insert(Warrior, "skull".into());
        reveal[0].saves.insert(Rogue, "one_sword".into());
    }
    run(&mut s, c);
    assert!(hero(&s, Warrior).dead);
    assert_eq!(s.last_turns, Some(vec![Rogue]));
    run(&mut s, attack(p(0, 6), "two_swords"));
    end(&mut s);
    assert_eq!(s.resets, 1);
}

/// Audit 2026-11-27. "Resolve Traps, and pick up any Effects in the order
/// in which they were revealed"; "When a Master Relic is revealed, it is
/// immediately collected by the Party"; "Relics are never lost or
/// discarded if a Hero dies": a Relic turned up in the same Circle as the
/// Trap that kills the hero is still the Party's.
#[test]
fn a_relic_revealed_beside_a_fatal_trap_is_still_collected() {
    let mut s = game(&[Warrior, Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), SpikeTrap), (p(0, 4), SpikeTrap)],
    );
    end(&mut s);
    pass_in(&mut s);
    mv(
        &mut s,
        p(0, 4),
        &[
            (p(1, 4), SpikeTrap),
            (p(1, 5), RelicCircle),
            (p(1, 3), Sword),
        ],
    );
    assert!(hero(&s, Warrior).dead);
    assert_eq!(s.relics, vec![RelicCircle]);
    assert!(hero(&s, Warrior).effects.is_empty());
    assert!(
        s.piles.discard.contains(&Sword),
        "an Effect in a Dead Hero's sight is discarded"
    );
}
