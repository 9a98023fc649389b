//! Attack Monsters, Roll To Hit, Critical Misses and the heroes' abilities.

mod common;
use common::*;
use tw_pocket_dungeon_quest::{Cell, Command, HeroKind::*, Step, TileKind::*};

/// "A Hero must roll 2 or more Swords to hit a Monster. Hit Monsters are
/// placed in the Monster Pile." (and 1 XP to the hero who defeated it)
#[test]
fn two_swords_hit_and_the_monster_goes_to_the_monster_pile() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin)]);
    assert_eq!(s.turn.step, Step::Fighting);
    run(&mut s, attack(p(0, 4), "two_swords"));
    assert_eq!(s.piles.monster, vec![Goblin]);
    assert_eq!(s.cell(p(0, 4)), Some(Cell::Empty));
    assert_eq!(hero(&s, Rogue).hearts, 3);
    assert_eq!(hero(&s, Rogue).xp, 1);
    assert_eq!(s.turn.step, Step::Looting);
}

/// "1 Sword misses ... On a miss, the Hero loses 1 Heart, and the Monster
/// runs off to the Monster Pile."
#[test]
fn one_sword_misses_the_hero_loses_a_heart_and_the_monster_runs_off() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin)]);
    run(&mut s, attack(p(0, 4), "one_sword"));
    assert_eq!(hero(&s, Rogue).hearts, 2);
    assert_eq!(s.piles.monster, vec![Goblin]);
    assert_eq!(
        hero(&s, Rogue).xp,
        0,
        "a Monster that ran off was not defeated"
    );
}

/// Brute Strength: "each roll gains +1 Sword" (1 Sword + 1 hits); a Flash
/// is a miss whatever the bonus.
#[test]
fn brute_strength_turns_one_sword_into_a_hit_but_not_a_flash() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Slime), (p(0, 5), Goblin)]);
    run(&mut s, attack(p(0, 3), "one_sword"));
    assert_eq!(hero(&s, Warrior).hearts, 3);
    run(&mut s, attack(p(0, 5), "flash"));
    assert_eq!(hero(&s, Warrior).hearts, 2);
}

/// "Effects happen at the next opportunity ... One Effect (the most recent
/// one) is resolved at a time." Sword +1, Broken Sword -1.
#[test]
fn the_most_recent_effect_changes_the_next_attack_roll() {
    let mut s = game(&[Rogue]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Sword), (p(0, 4), BrokenSword), (p(0, 5), Goblin)],
    );
    assert_eq!(hero(&s, Rogue).effects, vec![Sword, BrokenSword]);
    run(&mut s, attack(p(0, 5), "two_swords"));
    assert_eq!(hero(&s, Rogue).hearts, 2, "2 - 1 = 1 Sword misses");
    assert_eq!(hero(&s, Rogue).effects, vec![Sword]);
    assert_eq!(s.piles.discard, vec![BrokenSword]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Minotaur)]);
    run(&mut s, attack(p(1, 4), "one_sword"));
    assert_eq!(hero(&s, Rogue).hearts, 2, "1 + 1 = 2 Swords hit");
    assert!(hero(&s, Rogue).effects.is_empty());
}

/// Eagle Eye Vision: "You may re-roll the Attack Die once on your turn."
#[test]
fn eagle_eye_vision_rerolls_once_a_turn() {
    let mut s = game(&[Archer, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Slime), (p(0, 5), Goblin)]);
    let reroll = |t, r: &str, rr: &str| Command::Attack {
        target: t,
        roll: r.into(),
        reroll: Some(rr.into()),
        second: None,
        steal: None,
        gem: None,
    };
    run(&mut s, reroll(p(0, 3), "flash", "two_swords"));
    assert_eq!(hero(&s, Archer).hearts, 3);
    let r = refused(&mut s, reroll(p(0, 5), "flash", "two_swords"));
    assert_eq!(r.rule, "Eagle Eye Vision");
    run(&mut s, attack(p(0, 5), "three_swords"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[(p(0, 8), Goblin)]);
    let r = refused(&mut s, reroll(p(0, 8), "flash", "two_swords"));
    assert!(r.reason.contains("only the Archer"), "{r}");
}

/// "If there is more than 1 Monster, choose which order to fight them";
/// the turn does not end while one is left.
#[test]
fn every_monster_is_fought_in_the_order_chosen_before_the_turn_ends() {
    let mut s = game(&[Warrior]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Slime), (p(0, 5), Goblin), (p(0, 4), Gems10)],
    );
    run(&mut s, attack(p(0, 5), "two_swords"));
    assert_eq!(refused(&mut s, Command::EndTurn).rule, "Attack Monsters");
    assert_eq!(
        s.cell(p(0, 4)),
        Some(Cell::Shown(Gems10)),
        "Gems wait until the fighting is over"
    );
    assert_eq!(
        refused(&mut s, attack(p(0, 4), "two_swords")).rule,
        "Attack Monsters"
    );
    run(&mut s, attack(p(0, 3), "two_swords"));
    assert_eq!(s.piles.gem, vec![Gems10], "stashed after attacking");
    end(&mut s);
}

/// Critical Miss, Slimes: "Steals (Discards) 1 Item from the Hero's
/// Inventory (Hero's Choice)".
#[test]
fn critical_miss_slime_steals_an_item_of_the_heros_choice() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Potion)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 3),
            put_back: None,
        },
    );
    end(&mut s);
    mv(&mut s, p(0, 3), &[(p(1, 2), Bomb)]);
    run(
        &mut s,
        Command::Take {
            at: p(1, 2),
            put_back: None,
        },
    );
    end(&mut s);
    mv(&mut s, p(1, 3), &[(p(2, 3), Slime)]);
    let r = refused(&mut s, attack(p(2, 3), "skull"));
    assert_eq!(r.rule, "Critical Miss: Slimes");
    run(
        &mut s,
        Command::Attack {
            target: p(2, 3),
            roll: "skull".into(),
            reroll: None,
            second: None,
            steal: Some(Bomb),
            gem: None,
        },
    );
    assert_eq!(hero(&s, Rogue).inventory, vec![Potion]);
    assert_eq!(s.piles.discard, vec![Bomb]);
    assert_eq!(hero(&s, Rogue).hearts, 2);
    assert_eq!(s.piles.monster, vec![Slime]);
}

/// Goblins: "Steals (Discards) 1 Gem randomly from the Gem Pile."
#[test]
fn critical_miss_goblin_discards_a_gem_from_the_gem_pile() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Gems5), (p(0, 4), Gems10)]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Goblin)]);
    run(
        &mut s,
        Command::Attack {
            target: p(1, 4),
            roll: "skull".into(),
            reroll: None,
            second: None,
            steal: None,
            gem: Some(Gems10),
        },
    );
    assert_eq!(s.piles.gem, vec![Gems5]);
    assert_eq!(s.piles.discard, vec![Gems10]);
    // Without naming it, the engine draws one from its seeded generator.
    end(&mut s);
    mv(&mut s, p(1, 4), &[(p(2, 4), Goblin)]);
    run(&mut s, attack(p(2, 4), "skull"));
    assert!(s.piles.gem.is_empty());
}

/// Flayers: the hero loses their next turn.
#[test]
fn critical_miss_flayer_costs_the_next_turn() {
    let mut s = game(&[Warrior, Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Flayer)]);
    run(&mut s, attack(p(0, 4), "skull"));
    end(&mut s);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    assert_eq!(
        (s.turn.hero, s.round),
        (Rogue, 2),
        "the Warrior's round-2 turn was lost"
    );
    assert!(!hero(&s, Warrior).skip_next_turn);
}

/// Minotaurs: "Deals +1 point of damage to the Hero."
#[test]
fn critical_miss_minotaur_deals_an_extra_heart() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Minotaur)]);
    run(&mut s, attack(p(0, 4), "skull"));
    assert_eq!(hero(&s, Rogue).hearts, 1);
}

/// Skelly Archers: "Stays on Dungeon Floor. Must be attacked before taking next turn."
#[test]
fn critical_miss_skelly_archer_stays_and_is_attacked_before_the_next_move() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), SkellyArcher)]);
    run(&mut s, attack(p(0, 4), "skull"));
    assert_eq!(s.cell(p(0, 4)), Some(Cell::Shown(SkellyArcher)));
    assert_eq!(s.turn.step, Step::Looting, "it waits for the next turn");
    end(&mut s);
    let r = refused_mv(&mut s, p(-1, 4), &[]);
    assert_eq!(r.rule, "Critical Miss: Skelly Archers");
    run(&mut s, attack(p(0, 4), "two_swords"));
    assert_eq!(s.piles.monster, vec![SkellyArcher]);
    mv(&mut s, p(0, 4), &[]);
}

/// Audit 2026-11-27. "Yellow flashes are misses, Red Skulls are Critical
/// Misses" (Roll To Hit) whatever Swords are added; "The Sword Effect gives
/// +1 Sword to your next Attack Roll" is spent on that roll even so; a
/// Minotaur's Critical Miss "Deals +1 point of damage" on top of the Heart.
#[test]
fn a_skull_is_a_critical_miss_whatever_the_bonus_and_spends_the_effect() {
    let mut s = game(&[Warrior]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Sword), (p(0, 4), Minotaur)]);
    assert_eq!(hero(&s, Warrior).effects, vec![Sword]);
    run(&mut s, attack(p(0, 4), "skull"));
    assert_eq!(hero(&s, Warrior).hearts, 1, "1 Heart + the Minotaur's 1");
    assert!(hero(&s, Warrior).effects.is_empty(), "spent on the roll");
    assert_eq!(s.piles.monster, vec![Minotaur]);
    assert_eq!(s.piles.discard, vec![Sword]);
}

/// Audit 2026-11-27. Brute Strength "each roll gains +1 Sword" and "The
/// Broken Sword gives -1 Sword to your next Attack Roll" add up: 1 + 1 - 1
/// = 1 Sword misses; the next roll, the Effect spent, 1 + 1 = 2 hits.
#[test]
fn brute_strength_and_a_broken_sword_cancel_out() {
    let mut s = game(&[Warrior]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), BrokenSword), (p(0, 4), Goblin), (p(0, 5), Slime)],
    );
    run(&mut s, attack(p(0, 4), "one_sword"));
    assert_eq!(hero(&s, Warrior).hearts, 2, "1 Sword is a miss");
    assert_eq!(hero(&s, Warrior).xp, 0);
    run(&mut s, attack(p(0, 5), "one_sword"));
    assert_eq!(hero(&s, Warrior).hearts, 2, "1 + 1 = 2 Swords hit");
    assert_eq!(hero(&s, Warrior).xp, 1);
}

/// Audit 2026-11-27. "In addition to losing a Heart, Critical Misses do
/// different terrible things": a Slime with no Item to steal and a Goblin
/// with an empty Gem Pile cost the Heart and nothing else, and the roll is
/// not refused for want of a choice.
#[test]
fn a_critical_miss_with_nothing_to_steal_costs_only_the_heart() {
    let mut s = game(&[Rogue]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Slime), (p(0, 5), Goblin)]);
    run(&mut s, attack(p(0, 3), "skull"));
    assert_eq!(hero(&s, Rogue).hearts, 2);
    run(&mut s, attack(p(0, 5), "skull"));
    assert_eq!(hero(&s, Rogue).hearts, 1);
    assert_eq!(s.piles.monster, vec![Slime, Goblin], "both ran off");
    assert!(s.piles.gem.is_empty() && hero(&s, Rogue).inventory.is_empty());
}

/// Audit 2026-11-27. Eagle Eye Vision: "You may re-roll the Attack Die":
/// the re-roll replaces a Skull, so no Critical Miss happens, and the
/// Broken Sword counts against the roll that stands (2 - 1 = 1 misses).
#[test]
fn an_archers_reroll_replaces_a_skull_and_the_effect_counts_once() {
    let mut s = game(&[Archer]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), BrokenSword), (p(0, 4), Minotaur)],
    );
    run(
        &mut s,
        Command::Attack {
            target: p(0, 4),
            roll: "skull".into(),
            reroll: Some("two_swords".into()),
            second: None,
            steal: None,
            gem: None,
        },
    );
    assert_eq!(
        hero(&s, Archer).hearts,
        2,
        "a plain miss: no Minotaur damage"
    );
    assert!(hero(&s, Archer).effects.is_empty());
    assert_eq!(s.piles.monster, vec![Minotaur]);
}
