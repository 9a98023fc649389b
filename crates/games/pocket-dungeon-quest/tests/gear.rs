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
            by: None,
            roll: None,
            steal: None,
            gem: None,
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
        by: None,
        roll: None,
        steal: None,
        gem: None,
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

/// A campaign party, each hero with the Gear named (in seat order).
fn party(heroes: &[(HeroKind, Vec<Gear>)]) -> State {
    let kinds: Vec<HeroKind> = heroes.iter().map(|(k, _)| *k).collect();
    let mut st = setup_for(&kinds);
    st.campaign = Some(1);
    st.carry = heroes
        .iter()
        .map(|(hero, gear)| Carry {
            hero: *hero,
            xp: 0,
            keys: 0,
            level: gear.len() as u8,
            gear: gear.clone(),
        })
        .collect();
    PocketDungeonQuest::setup(&st).unwrap()
}

/// `use_gear` with the fields given, the rest left out.
fn gear_cmd(gear: Gear, by: Option<HeroKind>, at: Option<tw_pocket_dungeon_quest::Pos>) -> Command {
    Command::UseGear {
        gear,
        at,
        hero: None,
        take: None,
        by,
        roll: None,
        steal: None,
        gem: None,
    }
}

/// Bow & Arrow with a roll.
fn shot(by: HeroKind, at: tw_pocket_dungeon_quest::Pos, roll: &str) -> Command {
    Command::UseGear {
        gear: Gear::BowAndArrow,
        at: Some(at),
        hero: None,
        take: None,
        by: Some(by),
        roll: Some(roll.into()),
        steal: None,
        gem: None,
    }
}

fn offer(s: &State, key: &str) -> Option<tw_rules::Offer> {
    PocketDungeonQuest::offers(s)
        .into_iter()
        .find(|o| o.key == key)
}

/// The Warrior enters at column 2 and the Archer at column 8, each seeing
/// only Floor; round 2, the Warrior's turn, steps down and turns up `found`.
fn archer_watching(
    found: &[(
        tw_pocket_dungeon_quest::Pos,
        tw_pocket_dungeon_quest::TileKind,
    )],
) -> State {
    let mut s = party(&[(Warrior, vec![]), (Archer, vec![Gear::BowAndArrow])]);
    mv(&mut s, p(-1, 1), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    mv(&mut s, p(0, 1), found);
    s
}

/// Bow & Arrow: "Attack a Monster outside of your Circle of Sight ... May
/// be used once per round, and only on another Hero's turn."
#[test]
fn the_bow_and_arrow_shoots_a_monster_another_hero_is_fighting() {
    let mut s = archer_watching(&[(p(1, 1), Goblin), (p(1, 2), Slime)]);
    assert_eq!(s.turn.step, Step::Fighting);
    let o = offer(&s, "gear_bow_and_arrow").expect("the Archer's shot is offered");
    assert_eq!(o.command["by"], "archer");
    assert_eq!(o.inputs["at"].choices.len(), 2, "{o:?}");
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, shot(Archer, p(1, 1), "two_swords"));
    assert_eq!(hero(&s, Archer).xp, 1, "the shooter defeated it");
    assert_eq!(s.to_fight(), vec![p(1, 2)]);
    let r = refused(&mut s, shot(Archer, p(1, 2), "two_swords"));
    assert_eq!(r.rule, "Gear: bow_and_arrow");
    assert!(r.reason.contains("once per round"), "{r}");
    run(&mut s, attack(p(1, 2), "two_swords"));
    end(&mut s);
    // On the Archer's own turn the Bow is not used.
    let r = refused(&mut s, shot(Archer, p(1, 2), "two_swords"));
    assert!(r.reason.contains("only on another Hero's turn"), "{r}");
}

#[test]
fn the_bow_and_arrow_is_not_for_monsters_in_ones_own_sight() {
    let mut s = party(&[(Warrior, vec![]), (Archer, vec![Gear::BowAndArrow])]);
    mv(&mut s, p(-1, 1), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    mv(&mut s, p(0, 1), &[(p(1, 2), Goblin)]);
    // Set beside the Goblin (as after a Skelly Archer kept the Archer there).
    s.hero_mut(Archer).unwrap().pos = Some(p(2, 2));
    let r = refused(&mut s, shot(Archer, p(1, 2), "two_swords"));
    assert!(
        r.reason.contains("outside the Archer's Circle Of Sight"),
        "{r}"
    );
    let r = refused(
        &mut s,
        gear_cmd(Gear::BowAndArrow, Some(Archer), Some(p(1, 2))),
    );
    assert!(r.reason.contains("roll"), "{r}");
}

/// "Missing does not cause the loss of a Heart, however Critical Miss
/// effects still take effect." A missed Monster stays to be fought.
#[test]
fn a_bow_miss_costs_no_heart_but_a_critical_misss_effect_applies() {
    let mut s = archer_watching(&[(p(1, 1), Flayer)]);
    run(&mut s, shot(Archer, p(1, 1), "one_sword"));
    assert_eq!(hero(&s, Archer).hearts, 3);
    assert_eq!(s.to_fight(), vec![p(1, 1)], "the Flayer is still there");

    let mut s = archer_watching(&[(p(1, 1), Flayer)]);
    run(&mut s, shot(Archer, p(1, 1), "skull"));
    let a = hero(&s, Archer);
    assert_eq!(
        (a.hearts, a.skip_next_turn),
        (3, true),
        "the Flayer's effect"
    );
    assert_eq!(s.to_fight(), vec![p(1, 1)]);

    let mut s = archer_watching(&[(p(1, 1), Minotaur)]);
    run(&mut s, shot(Archer, p(1, 1), "skull"));
    assert_eq!(hero(&s, Archer).hearts, 2, "the Minotaur's extra Heart");
}

/// Holy Water: "Use before fighting a Monster. Prevents the effects of a
/// Critical Miss. May be used once per round, and on another Hero."
#[test]
fn holy_water_is_given_on_another_heros_turn_before_the_fight() {
    let mut s = party(&[(Warrior, vec![Gear::HolyWater]), (Rogue, vec![])]);
    mv(&mut s, p(-1, 1), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 5), &[(p(0, 5), Minotaur), (p(0, 4), Goblin)]);
    let o = offer(&s, "gear_holy_water").expect("offered to the Warrior");
    assert_eq!(o.command["by"], "warrior");
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, gear_cmd(Gear::HolyWater, Some(Warrior), None));
    assert!(
        hero(&s, Rogue).holy_water,
        "the hero taking the turn drinks"
    );
    run(&mut s, attack(p(0, 5), "skull"));
    assert_eq!(
        hero(&s, Rogue).hearts,
        2,
        "only the Heart, not the Minotaur's"
    );
    let r = refused(&mut s, gear_cmd(Gear::HolyWater, Some(Warrior), None));
    assert!(r.reason.contains("once per round"), "{r}");
    // Gear without that leave is used on one's own turn only.
    let mut t = party(&[(Warrior, vec![]), (Rogue, vec![Gear::Shield])]);
    let r = refused(&mut t, gear_cmd(Gear::Shield, Some(Rogue), None));
    assert_eq!(r.rule, "Gear: shield");
    assert!(r.reason.contains("own turn"), "{r}");
}

/// Harp: "Makes a Monster sleep for 1 Round. Heroes may move past sleeping
/// Monsters ... When the Monster wakes up, any Heroes in its Circle Of
/// Sight must fight it on their turn". Once per round, on another's turn.
#[test]
fn a_harped_monster_sleeps_a_round_then_must_be_fought_by_those_who_see_it() {
    let mut s = party(&[(Warrior, vec![]), (Rogue, vec![Gear::Harp])]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin), (p(0, 3), Slime)]);
    assert!(offer(&s, "gear_harp").is_some());
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, gear_cmd(Gear::Harp, Some(Rogue), Some(p(0, 4))));
    assert_eq!(s.to_fight(), vec![p(0, 3)], "the Goblin sleeps");
    let r = refused(&mut s, gear_cmd(Gear::Harp, Some(Rogue), Some(p(0, 3))));
    assert!(r.reason.contains("once per round"), "{r}");
    run(&mut s, attack(p(0, 3), "two_swords"));
    assert_eq!(s.turn.step, Step::Looting);
    end(&mut s);
    // The Rogue walks in beside the sleeping Goblin without a fight.
    mv(&mut s, p(-1, 5), &[]);
    assert_eq!(s.turn.step, Step::Looting);
    let r = refused(&mut s, gear_cmd(Gear::Harp, None, Some(p(0, 4))));
    assert!(r.reason.contains("only on another Hero's turn"), "{r}");
    end(&mut s);
    // Round 2, the Warrior's seat: it wakes, and both heroes see it.
    assert!(s.sleeping.is_empty());
    assert_eq!(hero(&s, Warrior).pinned, vec![p(0, 4)]);
    assert_eq!(hero(&s, Rogue).pinned, vec![p(0, 4)]);
    let r = refused_mv(&mut s, p(0, 3), &[]);
    assert_eq!(r.rule, "Gear: harp");
    run(&mut s, attack(p(0, 4), "two_swords"));
    assert!(hero(&s, Rogue).pinned.is_empty());
}

/// "... otherwise place it in the Monster Pile."
#[test]
fn a_harped_monster_no_hero_sees_on_waking_goes_to_the_monster_pile() {
    let mut s = party(&[(Warrior, vec![Gear::Harp]), (Rogue, vec![])]);
    mv(&mut s, p(-1, 8), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 4), &[(p(0, 5), SkellyArcher)]);
    run(&mut s, attack(p(0, 5), "skull"));
    end(&mut s);
    pass(&mut s);
    // Round 2, the Rogue must first attack the Skelly Archer that stayed;
    // the Warrior's Harp puts it to sleep, and the Rogue walks away.
    run(&mut s, gear_cmd(Gear::Harp, Some(Warrior), Some(p(0, 5))));
    assert!(hero(&s, Rogue).pinned.is_empty());
    mv(&mut s, p(0, 3), &[]);
    end(&mut s);
    pass(&mut s);
    assert!(s.sleeping.is_empty(), "woke at the Rogue's seat in round 3");
    assert_eq!(s.piles.monster, vec![SkellyArcher]);
    assert_eq!(s.shown(p(0, 5)), None);
}

/// Grapple Shot: "Snatch and hold an Item or Spell from the Dungeon Floor.
/// Held items can be placed into Inventory if there is room. Grapple Shot
/// may only hold 1 tile at a time. May be used once per round."
#[test]
fn the_grapple_shot_holds_one_tile_until_the_inventory_has_room() {
    let mut s = with_gear(Rogue, vec![Gear::GrappleShot]);
    mv(&mut s, p(-1, 4), &[(p(0, 3), Potion), (p(0, 5), Bomb)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 3),
            put_back: None,
        },
    );
    assert!(offer(&s, "gear_grapple_shot").is_some());
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, gear_cmd(Gear::GrappleShot, None, Some(p(0, 5))));
    assert_eq!(hero(&s, Rogue).grappled, Some(Bomb), "a second tile, held");
    assert_eq!(hero(&s, Rogue).inventory, vec![Potion]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[(p(1, 4), Teleport)]);
    let r = refused(&mut s, gear_cmd(Gear::GrappleShot, None, Some(p(1, 4))));
    assert!(r.reason.contains("1 tile at a time"), "{r}");
    assert!(offer(&s, "stow").is_some());
    run(&mut s, Command::Stow);
    assert_eq!(hero(&s, Rogue).inventory, vec![Potion, Bomb]);
    run(&mut s, gear_cmd(Gear::GrappleShot, None, Some(p(1, 4))));
    let r = refused(&mut s, Command::Stow);
    assert!(r.reason.contains("no room"), "{r}");
    assert_eq!(hero(&s, Rogue).grappled, Some(Teleport));
    end(&mut s);
    // Once per round: round 3 may snatch again, not twice.
    mv(
        &mut s,
        p(1, 4),
        &[(p(2, 4), Wall), (p(2, 3), Foresight), (p(2, 5), ExtraMove)],
    );
    run(&mut s, Command::Bomb { at: p(2, 4) });
    run(&mut s, Command::Stow);
    assert_eq!(hero(&s, Rogue).inventory, vec![Potion, Teleport]);
    run(&mut s, gear_cmd(Gear::GrappleShot, None, Some(p(2, 3))));
    let r = refused(&mut s, gear_cmd(Gear::GrappleShot, None, Some(p(2, 5))));
    assert!(r.reason.contains("once per round"), "{r}");
}

fn tome(by: Option<HeroKind>, cast: Command) -> Command {
    Command::Tome {
        by,
        cast: Box::new(cast),
    }
}

/// Spell Tome: "Keep up to 2 Memorized Spells in the Tome. Memorized
/// Spells do not count towards Inventory limits. Do not discard Memorized
/// Spells when used ... Cooldown: 2 Rounds."
#[test]
fn the_spell_tome_keeps_two_spells_and_casts_without_discarding() {
    let mut s = with_gear(Wizard, vec![Gear::SpellTome]);
    mv(
        &mut s,
        p(-1, 4),
        &[
            (p(0, 4), ExtraMove),
            (p(0, 3), Potion),
            (p(0, 5), Foresight),
        ],
    );
    run(
        &mut s,
        Command::Take {
            at: p(0, 4),
            put_back: None,
        },
    );
    assert!(offer(&s, "memorize").is_some());
    run(&mut s, Command::Memorize { spell: ExtraMove });
    assert_eq!(
        (
            hero(&s, Wizard).inventory.clone(),
            hero(&s, Wizard).tome.clone()
        ),
        (vec![], vec![ExtraMove])
    );
    let o = offer(&s, "tome_extra_move").expect("the memorized Spell is offered");
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, serde_json::from_value(o.command).unwrap());
    assert_eq!(s.extra_turns, 1);
    assert_eq!(s.turn.uses, 1, "a use, as any Spell on one's own turn");
    assert_eq!(hero(&s, Wizard).tome, vec![ExtraMove], "not discarded");
    assert!(s.piles.merchant.is_empty());
    let r = refused(&mut s, tome(None, Command::ExtraMove));
    assert_eq!(r.rule, "Gear: spell_tome");
    assert!(r.reason.contains("cooling down"), "{r}");
    let r = refused(&mut s, tome(None, Command::Potion { hero: Wizard }));
    assert!(r.reason.contains("Spell's command"), "{r}");
    let r = refused(&mut s, Command::Memorize { spell: Potion });
    assert!(r.reason.contains("only Spells"), "{r}");
}

/// "One Memorized Spell may be used on another Hero's turn, only if it was
/// not used during your turn."
#[test]
fn a_memorized_spell_helps_on_another_heros_turn_then_the_tome_rests() {
    let mut s = party(&[(Warrior, vec![]), (Wizard, vec![Gear::SpellTome])]);
    mv(&mut s, p(-1, 1), &[]);
    end(&mut s);
    mv(&mut s, p(-1, 5), &[(p(0, 5), Teleport)]);
    run(
        &mut s,
        Command::Take {
            at: p(0, 5),
            put_back: None,
        },
    );
    run(&mut s, Command::Memorize { spell: Teleport });
    end(&mut s);
    mv(&mut s, p(0, 1), &[(p(1, 1), Goblin)]);
    let o = offer(&s, "tome_teleport_monster").expect("offered to the Wizard");
    assert_eq!(o.command["by"], "wizard");
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    let cast = Command::Teleport {
        hero: None,
        to: None,
        monster: Some(p(1, 1)),
    };
    run(&mut s, tome(Some(Wizard), cast.clone()));
    assert_eq!(s.piles.monster, vec![Goblin]);
    assert_eq!(s.turn.step, Step::Looting);
    assert_eq!(s.turn.uses, 0, "not the Warrior's use");
    end(&mut s);
    mv(&mut s, p(0, 5), &[(p(1, 5), Slime)]);
    let r = refused(
        &mut s,
        tome(
            None,
            Command::Teleport {
                hero: None,
                to: None,
                monster: Some(p(1, 5)),
            },
        ),
    );
    assert!(r.reason.contains("cooling down"), "{r}");
}

fn wake_up(
    at: Option<tw_pocket_dungeon_quest::Pos>,
    tile: Option<tw_pocket_dungeon_quest::TileKind>,
) -> Command {
    Command::WakeUp {
        at,
        tile,
        disarm: false,
        saves: Default::default(),
    }
}

/// The Rogue enters onto a Spike Trap (2 Hearts left), then in round 2
/// lies down on the Bed Roll one space along.
fn rested() -> State {
    let mut s = with_gear(Rogue, vec![Gear::BedRoll]);
    mv(&mut s, p(-1, 4), &[(p(0, 4), SpikeTrap)]);
    end(&mut s);
    let r = refused(&mut s, gear_cmd(Gear::BedRoll, None, Some(p(1, 3))));
    assert!(r.reason.contains("move one space"), "{r}");
    assert!(offer(&s, "gear_bed_roll").is_some());
    run(&mut s, gear_cmd(Gear::BedRoll, None, Some(p(0, 3))));
    s
}

/// Bed Roll: "first move one space. The rest of the your turn is forfeit.
/// On your next turn, reveal 1 tile in your Circle Of Sight ... The Hero
/// rests successfuly if the tile was anything but a Monster or a Trap. A
/// successful rest restores 1 Heart. Cooldown: 1 Round".
#[test]
fn a_rest_on_the_bed_roll_turns_up_one_tile_and_restores_a_heart() {
    let mut s = rested();
    assert_eq!(s.round, 3, "the rest of the turn was forfeit");
    assert_eq!(hero(&s, Rogue).pos, Some(p(0, 3)));
    assert!(hero(&s, Rogue).resting);
    assert_eq!(hidden_around(&s, p(0, 3)).len(), 4, "nothing turned up");
    let r = refused_mv(&mut s, p(0, 3), &[]);
    assert_eq!(r.rule, "Gear: bed_roll");
    let r = refused(&mut s, gear_cmd(Gear::BedRoll, None, Some(p(0, 4))));
    assert!(r.reason.contains("cooling down"), "{r}");
    let o = offer(&s, "wake_up").expect("waking up is offered");
    assert_eq!(o.inputs["at"].choices.len(), 4);
    tw_rules::testing::assert_offers_honest::<PocketDungeonQuest>(&s);
    run(&mut s, wake_up(Some(p(1, 3)), Some(Potion)));
    let h = hero(&s, Rogue);
    assert_eq!((h.hearts, h.resting), (3, false));
    assert_eq!(hidden_around(&s, p(0, 3)).len(), 3, "only 1 tile turned up");
    assert_eq!(s.turn.step, Step::Looting);
    run(
        &mut s,
        Command::Take {
            at: p(1, 3),
            put_back: None,
        },
    );
    end(&mut s);
    assert!(
        offer(&s, "gear_bed_roll").is_some(),
        "ready again in round 4"
    );
    let r = refused(&mut s, wake_up(None, None));
    assert!(r.reason.contains("not resting"), "{r}");
}

#[test]
fn a_monster_turned_up_after_the_bed_roll_is_fought_and_the_rest_fails() {
    let mut s = rested();
    let r = refused(&mut s, wake_up(None, None));
    assert!(r.reason.contains("name the 1 tile"), "{r}");
    run(&mut s, wake_up(Some(p(1, 3)), Some(Goblin)));
    assert_eq!(hero(&s, Rogue).hearts, 2, "no Heart restored");
    assert_eq!(s.to_fight(), vec![p(1, 3)]);
    run(&mut s, attack(p(1, 3), "two_swords"));
    assert_eq!(s.turn.step, Step::Looting);

    let mut s = rested();
    run(&mut s, wake_up(Some(p(1, 2)), Some(SpikeTrap)));
    assert_eq!(hero(&s, Rogue).hearts, 1, "a Trap: hurt, and no rest");
}

/// Audit 2026-11-27. Torch: "On Your turn, peek at any 1 tile that is 1
/// space beyond normal Circle Of Sight. After peeking return that tile face
/// down." Two spaces away (diagonals counted as sight counts them), not
/// three; the tile stays face down; one peek a turn.
#[test]
fn the_torch_peeks_one_tile_just_beyond_sight_and_leaves_it_face_down() {
    let mut s = with_gear(Warrior, vec![Gear::Torch]);
    mv(&mut s, p(-1, 4), &[]);
    end(&mut s);
    mv(&mut s, p(0, 4), &[]);
    let torch = |at| Command::UseGear {
        gear: Gear::Torch,
        at: Some(at),
        hero: None,
        take: None,
        by: None,
        roll: None,
        steal: None,
        gem: None,
    };
    assert_eq!(refused(&mut s, torch(p(3, 4))).rule, "Gear: torch");
    assert_eq!(
        refused(&mut s, torch(p(1, 5))).rule,
        "Gear: torch",
        "in sight"
    );
    run(&mut s, torch(p(2, 6)));
    assert_eq!(s.cell(p(2, 6)), Some(tw_pocket_dungeon_quest::Cell::Hidden));
    assert_eq!(
        refused(&mut s, torch(p(2, 2))).rule,
        "Gear: torch",
        "one a turn"
    );
}
