//! The Boss Fight and its Henchmen.

mod common;
use common::*;
use tw_pocket_dungeon_quest::state::BossStage;
use tw_pocket_dungeon_quest::{Cell, Command, HeroKind::*, State, Step, TileKind::*};

fn henchmen(roll: &str, chosen: Vec<tw_pocket_dungeon_quest::TileKind>) -> Command {
    Command::Henchmen {
        roll: roll.into(),
        chosen,
    }
}

/// The Warrior beats a Goblin and a Slime (into the Monster Pile); the
/// Rogue then turns up the Boss.
fn boss_revealed() -> State {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    run(&mut s, attack(p(0, 3), "two_swords"));
    run(&mut s, attack(p(0, 5), "two_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Boss), (p(0, 9), Potion)]);
    s
}

/// "When the Boss tile is revealed, the Boss Fight begins ... Select that
/// many Henchmen from the Monster Pile ... players take turns attacking
/// the stack, starting with the Monster on top." Henchmen do not run.
#[test]
fn the_boss_fight_stacks_henchmen_and_heroes_take_turns_on_the_top() {
    let mut s = boss_revealed();
    let b = s.boss.clone().expect("a Boss Fight");
    assert_eq!((b.revealer, b.stage), (Rogue, BossStage::Henchmen));
    assert_eq!(
        refused(&mut s, attack(p(0, 8), "two_swords")).rule,
        "Boss Fight"
    );
    let r = refused(&mut s, henchmen("two_swords", vec![Goblin]));
    assert!(r.reason.contains("choose 2"), "{r}");
    run(&mut s, henchmen("two_swords", vec![Goblin, Slime]));
    assert_eq!(s.boss.as_ref().unwrap().stack, vec![Goblin, Slime]);
    assert!(s.piles.monster.is_empty());
    assert_eq!(s.turn.hero, Rogue, "the revealer attacks first");
    run(&mut s, attack(p(0, 8), "two_swords"));
    assert_eq!(s.boss.as_ref().unwrap().stack, vec![Goblin]);
    assert_eq!(s.turn.hero, Warrior);
    run(&mut s, attack(p(0, 8), "flash"));
    assert_eq!(
        s.boss.as_ref().unwrap().stack,
        vec![Goblin],
        "Henchmen do not run away on a miss"
    );
    assert_eq!(hero(&s, Warrior).hearts, 2);
    run(&mut s, attack(p(0, 8), "two_swords"));
    run(&mut s, attack(p(0, 8), "one_sword")); // Warrior: 1 + 1 = 2 Swords
    assert!(s.boss.is_none() && s.boss_defeated);
    assert_eq!(s.piles.monster, vec![Slime, Goblin, Boss]);
    assert_eq!((hero(&s, Rogue).xp, hero(&s, Warrior).xp), (2, 3));
    // The Rogue's turn resumes: pick up, then end.
    assert_eq!((s.turn.hero, s.turn.step), (Rogue, Step::Looting));
    run(
        &mut s,
        Command::Take {
            at: p(0, 9),
            put_back: None,
        },
    );
    assert_eq!(s.cell(p(0, 8)), Some(Cell::Empty));
    end(&mut s);
    assert_eq!(s.turn.hero, Warrior);
    assert!(
        s.outcome.is_none(),
        "the Relics and the Exit are still to find"
    );
}

/// "If there are not enough Henchmen in the Monster Pile, then each Hero in
/// turn reveals 1 tile anywhere ... Items and Spells revealed during this
/// time are placed in the Merchant Pile, Gems into the Gems Pile".
#[test]
fn short_of_henchmen_heroes_in_turn_reveal_tiles_until_enough_are_found() {
    let mut s = boss_revealed();
    let r = refused(&mut s, henchmen("three_swords", vec![Goblin]));
    assert!(r.reason.contains("choose 2"), "{r}");
    run(&mut s, henchmen("three_swords", vec![Slime, Goblin]));
    assert_eq!(
        s.boss.as_ref().unwrap().stage,
        BossStage::Search {
            need: 1,
            searcher: Rogue
        }
    );
    run(
        &mut s,
        Command::BossSearch {
            at: p(5, 5),
            tile: Potion,
        },
    );
    assert_eq!(
        s.boss.as_ref().unwrap().stage,
        BossStage::Search {
            need: 1,
            searcher: Warrior
        }
    );
    run(
        &mut s,
        Command::BossSearch {
            at: p(6, 6),
            tile: Gems5,
        },
    );
    assert_eq!(
        s.boss.as_ref().unwrap().stage,
        BossStage::Search {
            need: 1,
            searcher: Rogue
        }
    );
    run(
        &mut s,
        Command::BossSearch {
            at: p(7, 7),
            tile: Minotaur,
        },
    );
    assert_eq!(
        s.boss.as_ref().unwrap().stack,
        vec![Slime, Goblin, Minotaur]
    );
    assert_eq!(s.piles.merchant, vec![Potion]);
    assert_eq!(s.piles.gem, vec![Gems5]);
    assert_eq!(
        s.boss.as_ref().unwrap().stage,
        BossStage::Fight { attacker: Rogue }
    );
}

/// The Boss's Critical Miss: "All Heroes lose 1 Heart" (on top of the
/// attacker's own Heart).
#[test]
fn the_bosss_critical_miss_hurts_every_hero() {
    let mut s = boss_revealed();
    run(&mut s, henchmen("one_sword", vec![Goblin]));
    run(&mut s, attack(p(0, 8), "two_swords"));
    run(&mut s, attack(p(0, 8), "flash")); // Warrior, on the Boss
    run(&mut s, attack(p(0, 8), "skull")); // Rogue, on the Boss
    assert_eq!((hero(&s, Rogue).hearts, hero(&s, Warrior).hearts), (1, 1));
}

/// "The Boss Fight continues until the stack is defeated or all the Heroes
/// die": with no one left the mat is reset.
#[test]
fn all_heroes_dead_in_the_boss_fight_resets_the_dungeon() {
    let mut s = boss_revealed();
    run(&mut s, henchmen("one_sword", vec![Goblin]));
    for _ in 0..2 {
        run(&mut s, attack(p(0, 8), "skull")); // Rogue on the Goblin (gem theft: no gems)
        run(&mut s, attack(p(0, 8), "flash")); // Warrior
    }
    run(&mut s, attack(p(0, 8), "flash")); // Rogue: last Heart
    assert!(hero(&s, Rogue).dead);
    run(&mut s, attack(p(0, 8), "flash")); // Warrior: last Heart
    assert_eq!(s.resets, 1);
    assert!(s.boss.is_none());
    assert!(s.cells.iter().all(|c| *c == Cell::Hidden));
    assert_eq!((hero(&s, Warrior).hearts, hero(&s, Warrior).pos), (3, None));
    assert_eq!(s.turn.hero, Warrior);
}

/// Quick As A Whip on the Boss: "If it's the Boss, discard the top Henchman".
#[test]
fn quick_as_a_whip_on_the_boss_discards_the_top_henchman() {
    let mut s = expansion(&[Warrior, Adventurer]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    run(&mut s, attack(p(0, 3), "two_swords"));
    run(&mut s, attack(p(0, 5), "two_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Boss)]);
    run(&mut s, henchmen("two_swords", vec![Goblin, Slime]));
    assert_eq!(s.boss.as_ref().unwrap().stack, vec![Goblin]);
    assert_eq!(s.piles.discard, vec![Slime]);
}

/// The Boss turned up by a hero who falls to a Trap revealed just before
/// it: the Boss Fight still happens, fought by the living.
#[test]
fn the_boss_fight_happens_even_if_its_revealer_died_revealing_it() {
    let mut s = game(&[Warrior, Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), SpikeTrap), (p(0, 4), SpikeTrap)],
    );
    end(&mut s);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    mv(&mut s, p(0, 5), &[(p(1, 5), SpikeTrap), (p(1, 6), Boss)]);
    assert!(hero(&s, Warrior).dead);
    assert_eq!(s.boss.as_ref().map(|b| b.revealer), Some(Warrior));
    run(&mut s, henchmen("one_sword", vec![]));
    assert_eq!(
        s.boss.as_ref().unwrap().stage,
        BossStage::Search {
            need: 1,
            searcher: Rogue
        }
    );
    run(
        &mut s,
        Command::BossSearch {
            at: p(9, 9),
            tile: Slime,
        },
    );
    assert_eq!(s.turn.hero, Rogue);
    run(&mut s, attack(p(1, 6), "two_swords"));
    run(&mut s, attack(p(1, 6), "two_swords"));
    assert!(s.boss_defeated);
    // The fight over, the Warrior's turn (he is Dead) passes: the Rogue's
    // turn is the final one.
    assert_eq!(
        (s.turn.hero, s.last_turns.clone()),
        (Rogue, Some(vec![Rogue]))
    );
}

/// Audit 2026-11-27. "Critical Misses do different terrible things
/// depending on the Monster being fought at the time" and "Henchmen do not
/// run away to the Monster Pile when a Hero rolls a miss": a Skull on a
/// Minotaur on top of the stack costs its +1 damage, and it stays on top.
#[test]
fn a_henchmans_critical_miss_is_its_own_and_it_stays_on_the_stack() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Minotaur)]);
    run(&mut s, attack(p(0, 3), "two_swords"));
    run(&mut s, attack(p(0, 5), "two_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Boss)]);
    run(&mut s, henchmen("two_swords", vec![Goblin, Minotaur]));
    run(&mut s, attack(p(0, 8), "skull")); // the Rogue, on the Minotaur
    assert_eq!(hero(&s, Rogue).hearts, 1, "1 Heart + the Minotaur's 1");
    assert_eq!(hero(&s, Warrior).hearts, 3, "not the Boss's effect");
    assert_eq!(s.boss.as_ref().unwrap().stack, vec![Goblin, Minotaur]);
    assert!(s.piles.monster.is_empty());
}
