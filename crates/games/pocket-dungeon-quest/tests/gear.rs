//! Gear the engine plays, and Spells that move the hero taking the turn.

mod common;
use common::*;
use tw_pocket_dungeon_quest::state::Carry;
use tw_pocket_dungeon_quest::{
    Command, Gear, HeroKind, HeroKind::*, PocketDungeonQuest, State, Step, TileKind::*,
};
use tw_rules::Game;

fn with_gear(hero: HeroKind, gear: Vec<Gear>) -> State {
    let mut st = setup_for(&[hero]);
    st.campaign = Some(1);
    st.carry = vec![Carry {
        hero,
        xp: 0,
        keys: 0,
        level: gear.len() as u8,
        gear,
    }];
    PocketDungeonQuest::setup(&st).unwrap()
}

fn swing(
    target: tw_pocket_dungeon_quest::Pos,
    roll: &str,
    second: tw_pocket_dungeon_quest::Pos,
) -> Command {
    Command::Attack {
        target,
        roll: roll.into(),
        reroll: None,
        second: Some(second),
        steal: None,
        gem: None,
    }
}

/// Massive Sword: "If you roll more than two swords, both Monsters are
/// defeated. If you don't, the second Monster must be fought as normal."
#[test]
fn the_massive_sword_takes_two_monsters_on_more_than_two_swords() {
    let mut s = with_gear(Warrior, vec![Gear::MassiveSword]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    run(&mut s, swing(p(0, 3), "two_swords", p(0, 5)));
    assert_eq!(hero(&s, Warrior).xp, 2, "2 + Brute Strength = 3 Swords");
    assert_eq!(s.turn.step, Step::Looting);

    let mut s = with_gear(Rogue, vec![Gear::MassiveSword]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    run(&mut s, swing(p(0, 3), "two_swords", p(0, 5)));
    assert_eq!(hero(&s, Rogue).xp, 1);
    assert_eq!(
        s.to_fight(),
        vec![p(0, 5)],
        "the second is fought as normal"
    );
    let mut t = with_gear(Rogue, vec![]);
    mv(&mut t, p(-1, 4), &[(p(0, 3), Goblin), (p(0, 5), Slime)]);
    assert_eq!(
        refused(&mut t, swing(p(0, 3), "two_swords", p(0, 5))).rule,
        "Massive Sword"
    );
}

/// Boomerang: "Stunned Monsters don't fight or run if you miss your
/// attack ... fight the Monster as normal."
#[test]
fn a_boomeranged_monster_neither_fights_nor_runs_on_the_first_miss() {
    let mut s = with_gear(Rogue, vec![Gear::Boomerang]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin)]);
    run(
        &mut s,
        Command::UseGear {
            gear: Gear::Boomerang,
            at: Some(p(0, 4)),
            hero: None,
            take: None,
        },
    );
    run(&mut s, attack(p(0, 4), "flash"));
    assert_eq!((hero(&s, Rogue).hearts, s.to_fight()), (3, vec![p(0, 4)]));
    run(&mut s, attack(p(0, 4), "flash"));
    assert_eq!(
        (hero(&s, Rogue).hearts, s.piles.monster.clone()),
        (2, vec![Goblin])
    );
}

/// Magic Ring: "Spend 20 Gems for 1 Item or Spell from the Discard Pile.
/// Cooldown: 2 Rounds".
#[test]
fn the_magic_ring_buys_back_from_the_discard_pile() {
    let mut s = with_gear(Rogue, vec![Gear::MagicRing]);
    mv(
        &mut s,
        p(-1, 4),
        &[(p(0, 3), Gems10), (p(0, 4), Gems10), (p(0, 5), Potion)],
    );
    run(
        &mut s,
        Command::Take {
            at: p(0, 5),
            put_back: None,
        },
    );
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Slime)]);
    run(&mut s, attack(p(1, 4), "skull"));
    assert_eq!(s.piles.discard, vec![Potion]);
    let ring = Command::UseGear {
        gear: Gear::MagicRing,
        at: None,
        hero: None,
        take: Some(Potion),
    };
    run(&mut s, ring.clone());
    assert_eq!(hero(&s, Rogue).inventory, vec![Potion]);
    assert_eq!((s.piles.gem_total(), s.piles.discard_gem_total()), (0, 20));
    end(&mut s);
    assert!(refused(&mut s, ring).reason.contains("cooling down"));
}

/// Teleport on the hero taking the turn: what leaves their sight goes to
/// its pile (as Swap Tiles says), what they now see is handled as usual.
#[test]
fn teleporting_oneself_away_sends_the_monsters_left_behind_to_the_pile() {
    let mut s = game(&[Wizard]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Teleport)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 3),
            put_back: None,
        },
    );
    end(&mut s);
    mv(&mut s, p(0, 5), &[(p(1, 6), Goblin), (p(0, 6), Gems5)]);
    assert_eq!(s.turn.step, Step::Fighting);
    run(
        &mut s,
        Command::Teleport {
            hero: Some(Wizard),
            to: Some(p(0, 3)),
            monster: None,
        },
    );
    assert_eq!(s.piles.monster, vec![Goblin]);
    assert_eq!(s.piles.gem, vec![Gems5]);
    assert_eq!(s.turn.step, Step::Looting);
    end(&mut s);
    assert_eq!(
        hidden_around(&s, p(0, 3)).len(),
        3,
        "revealed on the next turn"
    );
}

#[test]
fn one_hero_hat_at_most_and_the_big_bag_keeps_its_load() {
    let mut st = setup_for(&[Rogue]);
    st.campaign = Some(1);
    st.carry = vec![Carry {
        hero: Rogue,
        xp: 0,
        keys: 0,
        level: 2,
        gear: vec![Gear::Helmet, Gear::ArcherCap],
    }];
    assert_eq!(
        PocketDungeonQuest::setup(&st).unwrap_err().rule,
        "Hero Hats"
    );

    let mut s = game(&[Rogue, Warrior]);
    for (i, item) in [BigBag, Potion, Bomb, Potion].into_iter().enumerate() {
        let at = if i == 0 { p(-1, 4) } else { p(i as i32 - 1, 4) };
        mv(&mut s, at, &[(p(i as i32, 5), item)]);
        run(
            &mut s,
            Command::Take {
                at: p(i as i32, 5),
                put_back: None,
            },
        );
        end(&mut s);
        mv(&mut s, p(9, -1), &[]); // the Warrior waits at the edge
        end(&mut s);
    }
    assert_eq!(hero(&s, Rogue).inventory.len(), 3);
    let r = refused(
        &mut s,
        Command::Give {
            item: BigBag,
            to: Warrior,
        },
    );
    assert!(r.reason.contains("without the Big Bag"), "{r}");
}
