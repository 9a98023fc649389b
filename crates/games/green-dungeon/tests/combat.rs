//! Combat: melee with two coloured dice, bonuses, home turf, magic on both
//! sides, fleeing, bribes, luck, levelling up, bosses and the final score.

mod common;
use common::*;
use tw_green_dungeon::command::{Action, ColoredDie, Command};
use tw_green_dungeon::event::{Event, MonsterAction};
use tw_green_dungeon::grid::MeepleReason;
use tw_green_dungeon::state::{Idle, Outcome, Phase, State};
use tw_green_dungeon::{Dir, Exits, Symbol, TileKind};
use tw_rules::DieColor;

/// A fight against a monster drawn from `card` in a room of `kind` east
/// of the entrance.
fn fight_in(kind: TileKind, list: &[(u8, Symbol)]) -> State {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    run(&mut s, flip(0, 1, kind, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, cards(list));
    assert!(s.fight().is_some());
    s
}

fn spell(
    action: Action,
    roll: Option<u8>,
    monster_roll: Option<u8>,
    hero: u8,
    monster: u8,
) -> Command {
    Command::Fight {
        action,
        dice: dice(hero, monster),
        spell_roll: roll.map(d),
        monster_spell_roll: monster_roll.map(d),
    }
}

#[test]
fn winning_a_melee_round_deals_one_plus_the_weapon() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Hammer)]);
    s.player.weapon = Some(1);
    // Hero 3 + level 0 + weapon 1 = 4 beats 3.
    let ev = run(&mut s, melee(3, 3));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            player_total: 4,
            monster_total: 3,
            player_won: true,
            ..
        }
    )));
    assert_eq!(s.fight().unwrap().health, 1);
}

#[test]
fn ties_go_to_the_monster_and_a_hit_costs_its_difficulty() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Drop)]);
    run(&mut s, melee(4, 4));
    assert_eq!(
        s.player.health,
        10 - 4,
        "difficulty 3 + 1 for the drop symbol"
    );
    assert_eq!(s.fight().unwrap().health, 4);
}

#[test]
fn the_monster_gets_plus_one_in_a_hammer_room() {
    let mut s = fight_in(TileKind::Hammer, &[(2, Symbol::Cog), (1, Symbol::Cog)]);
    let ev = run(&mut s, melee(4, 3));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            monster_total: 4,
            player_won: false,
            ..
        }
    )));
}

#[test]
fn dice_are_told_apart_by_colour_in_any_order() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Cog)]);
    let reversed = vec![
        ColoredDie {
            value: d(1),
            color: DieColor::Red,
        },
        ColoredDie {
            value: d(5),
            color: DieColor::White,
        },
    ];
    let ev = run(
        &mut s,
        Command::Fight {
            action: Action::Melee,
            dice: reversed,
            spell_roll: None,
            monster_spell_roll: None,
        },
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            player_die: 5,
            monster_die: 1,
            ..
        }
    )));
    let two_white = vec![
        ColoredDie {
            value: d(6),
            color: DieColor::White,
        },
        ColoredDie {
            value: d(1),
            color: DieColor::White,
        },
    ];
    let r = refused(
        &mut s,
        Command::Fight {
            action: Action::Melee,
            dice: two_white,
            spell_roll: None,
            monster_spell_roll: None,
        },
    );
    assert_eq!(r.rule, "Melee Combat");
    assert!(r.reason.contains("white 6, white 1"));
    let r = refused(
        &mut s,
        Command::Fight {
            action: Action::Melee,
            dice: vec![],
            spell_roll: None,
            monster_spell_roll: None,
        },
    );
    assert!(r.reason.contains("melee dice"));
}

#[test]
fn a_spell_costs_one_cube_and_deals_one_plus_level() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Cog)]);
    s.player.level = 1;
    // Spell deals 2; the monster survives and the melee roll follows with
    // only the level for the hero; winning it deals nothing more.
    let ev = run(&mut s, spell(Action::Spell, None, None, 6, 1));
    assert_eq!(s.player.magic, 4);
    assert_eq!(s.fight().unwrap().health, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            player_total: 7,
            player_won: true,
            ..
        }
    )));
    // Losing it costs the monster's difficulty.
    run(&mut s, spell(Action::Spell, None, None, 1, 6));
    assert_eq!(
        s.fight(),
        None,
        "the second spell finished it before the roll"
    );
    assert_eq!(s.player.health, 10);
}

#[test]
fn a_powerful_spell_costs_three_cubes_rolls_damage_and_hurts_the_caster() {
    let mut s = fight_in(TileKind::Drop, &[(6, Symbol::Drop)]);
    let r = refused(&mut s, spell(Action::PowerSpell, None, None, 1, 1));
    assert!(r.reason.contains("spell_roll"));
    run(&mut s, spell(Action::PowerSpell, Some(4), None, 1, 6));
    assert_eq!(s.player.magic, 2);
    assert_eq!(s.fight().unwrap().health, 7 - 4);
    assert_eq!(
        s.player.health,
        10 - 1 - 7,
        "1 for casting, 7 for the lost roll"
    );
    let r = refused(&mut s, spell(Action::PowerSpell, Some(4), None, 1, 1));
    assert_eq!(r.rule, "Magical Combat");
}

#[test]
fn spellcasting_monsters_spend_their_cubes_first() {
    let mut s = fight_in(TileKind::Drop, &[(2, Symbol::Wood)]);
    assert_eq!(s.fight().unwrap().magic, 2);
    // Monster casts (2 damage); melee follows without the monster's bonus,
    // and a monster win deals no more damage.
    let ev = run(&mut s, melee(2, 5));
    assert!(ev.contains(&Event::CombatRound {
        player: Action::Melee,
        monster: MonsterAction::Spell
    }));
    assert_eq!(s.player.health, 8);
    // The hero winning the roll hits as usual.
    run(&mut s, melee(5, 2));
    assert_eq!(
        (
            s.player.health,
            s.fight().unwrap().health,
            s.fight().unwrap().magic
        ),
        (6, 1, 0)
    );
    // Out of cubes: plain melee now.
    let ev = run(&mut s, melee(1, 2));
    assert!(ev.contains(&Event::CombatRound {
        player: Action::Melee,
        monster: MonsterAction::Melee
    }));
    assert_eq!(s.player.health, 4);
}

#[test]
fn a_boss_prefers_powerful_magic_and_pays_for_it() {
    let mut s = fight_in(TileKind::Straw, &[(3, Symbol::Wood)]);
    let f = s.fight().unwrap();
    assert_eq!((f.monster.difficulty, f.magic), (3, 3));
    let r = refused(&mut s, melee(6, 1));
    assert!(r.reason.contains("monster_spell_roll"));
    let ev = run(&mut s, spell(Action::Melee, None, Some(2), 6, 1));
    assert!(ev.contains(&Event::CombatRound {
        player: Action::Melee,
        monster: MonsterAction::PowerSpell
    }));
    assert_eq!(s.player.health, 10 - 5);
    // 1 from its own spell, 1 from the hero's hit.
    assert_eq!(s.fight().unwrap().health, 1);
}

#[test]
fn when_both_cast_the_hero_goes_first_and_no_melee_follows() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Wood)]);
    let ev = run(
        &mut s,
        Command::Fight {
            action: Action::Spell,
            dice: vec![],
            spell_roll: None,
            monster_spell_roll: None,
        },
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::MeleeRolled { .. })));
    assert_eq!((s.fight().unwrap().health, s.player.health), (2, 7));
}

#[test]
fn mini_boss_and_final_boss_bonuses() {
    let s = fight_in(TileKind::Straw, &[(2, Symbol::Cog)]);
    assert_eq!(s.fight().unwrap().monster.roll_bonus(), 2);
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.mini_boss_room = Some(pos(4, 4));
    run(&mut s, flip(0, 1, TileKind::Straw, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    assert_eq!(s.phase, Phase::FinalBossChoice);
    run(&mut s, Command::FaceBoss);
    run(&mut s, cards(&[(2, Symbol::Cog), (1, Symbol::Hammer)]));
    let f = s.fight().unwrap();
    assert_eq!((f.monster.difficulty, f.monster.roll_bonus()), (3, 3));
}

fn final_boss() -> State {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.mini_boss_room = Some(pos(4, 4));
    s.mini_boss_defeated = true;
    run(&mut s, flip(0, 1, TileKind::Straw, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, Command::FaceBoss);
    run(&mut s, cards(&[(1, Symbol::Cog), (1, Symbol::Cog)]));
    s
}

#[test]
fn the_final_boss_cannot_be_fled_or_bribed() {
    let mut s = final_boss();
    run(&mut s, melee(1, 1));
    let r = refused(&mut s, Command::Flee { dice: dice(6, 1) });
    assert_eq!(r.rule, "Fleeing");
    assert!(r.reason.contains("final boss"));
    assert_eq!(refused(&mut s, Command::Bribe).rule, "Avoiding Combat");
}

#[test]
fn retreating_from_the_final_boss_door_goes_back() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.mini_boss_room = Some(pos(4, 4));
    run(&mut s, flip(0, 1, TileKind::Straw, Exits::EastWest));
    run(&mut s, mv(Dir::East));
    run(&mut s, Command::Retreat);
    assert_eq!(
        (s.at, s.phase.clone()),
        (pos(0, 0), Phase::Idle(Idle::Exploring))
    );
    assert!(!s.grid.tile(pos(0, 1)).explored);
    run(&mut s, mv(Dir::East));
    assert_eq!(s.phase, Phase::FinalBossChoice, "the choice comes again");
}

#[test]
fn defeating_the_final_boss_wins_with_three_treasures_and_a_score() {
    let mut s = final_boss();
    run(&mut s, melee(6, 1));
    assert_eq!(s.player.xp, 5);
    assert!(matches!(s.phase, Phase::Loot { remaining: 3, .. }));
    run(&mut s, treasure(1, Symbol::Cog));
    run(&mut s, treasure(1, Symbol::Cog));
    run(&mut s, treasure(2, Symbol::Drop));
    let Phase::Over { outcome, score } = &s.phase else {
        panic!("the game should be over")
    };
    assert_eq!(*outcome, Outcome::Won);
    // Cubes: 10 red + 5 blue + (3 + 2 + 2 + 2) yellow = 24; one potion card
    // 2; level 0; 5 xp; 3 luck = 60. Penalties: 23 face-down tiles.
    assert_eq!(
        (
            score.cubes,
            score.cards,
            score.xp,
            score.luck,
            score.initial
        ),
        (24, 2, 5, 60, 91)
    );
    assert_eq!(
        (score.face_down_tiles, score.penalties, score.total),
        (23, 23, 68)
    );
    assert_eq!(refused(&mut s, Command::Rest).rule, "Game over");
}

#[test]
fn fleeing_is_tried_at_the_end_of_a_round() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Cog)]);
    assert!(refused(&mut s, Command::Flee { dice: dice(6, 1) })
        .reason
        .contains("end of a combat round"));
    run(&mut s, melee(1, 1));
    // A tie is no escape; the next round has no magic and no bonuses.
    run(&mut s, Command::Flee { dice: dice(3, 3) });
    assert_eq!(s.at, pos(0, 1));
    assert!(s.fight().unwrap().flee_failed);
    assert_eq!(
        refused(&mut s, Command::Flee { dice: dice(6, 1) }).rule,
        "Fleeing"
    );
    assert_eq!(
        refused(&mut s, spell(Action::Spell, None, None, 6, 1)).rule,
        "Fleeing"
    );
    s.player.weapon = Some(1);
    let ev = run(&mut s, melee(4, 3));
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::MeleeRolled {
                player_total: 4,
                ..
            }
        )),
        "no weapon bonus to the roll"
    );
    // The weapon still adds to the damage of a hit: 1 + 1.
    assert_eq!(s.fight().unwrap().health, 1);
    assert!(!s.fight().unwrap().flee_failed);
}

#[test]
fn bribes_cost_the_card_number_leave_a_meeple_and_come_back_on_victory() {
    let mut s = fight_in(TileKind::Hammer, &[(3, Symbol::Drop), (2, Symbol::Cog)]);
    assert_eq!(
        s.fight().unwrap().monster.bribe_cost(),
        3,
        "the higher card, not the difficulty"
    );
    run(&mut s, Command::Bribe);
    assert_eq!((s.player.treasure, s.at), (0, pos(0, 1)));
    let m = s.grid.tile(pos(0, 1)).meeple.clone().unwrap();
    assert_eq!((m.reason, m.monster.bribe_held), (MeepleReason::Bribed, 3));
    assert_eq!(s.phase, Phase::Idle(Idle::Exploring));
    // Leave and come back: the monster is there again; beat it and the
    // bribe comes back with its treasure card.
    run(&mut s, mv(Dir::West));
    run(&mut s, mv(Dir::East));
    s.fight().expect("the bribed monster waits");
    if let Phase::Combat(f) = &mut s.phase {
        f.health = 1;
    }
    run(&mut s, melee(6, 1));
    assert_eq!((s.player.treasure, s.player.xp), (3, 2));
    assert!(matches!(s.phase, Phase::Loot { remaining: 1, .. }));
}

#[test]
fn bosses_cannot_be_bribed_and_bribes_need_the_treasure() {
    let mut s = fight_in(TileKind::Straw, &[(2, Symbol::Cog)]);
    assert_eq!(
        refused(&mut s, Command::Bribe).reason,
        "bosses cannot be bribed"
    );
    let mut s = fight_in(TileKind::Drop, &[(5, Symbol::Cog)]);
    assert!(refused(&mut s, Command::Bribe)
        .reason
        .contains("bribe is 5"));
}

#[test]
fn luck_heals_at_one_health_or_less_and_death_waits_for_it() {
    let mut s = fight_in(TileKind::Drop, &[(6, Symbol::Drop)]);
    s.player.health = 5;
    assert_eq!(
        refused(
            &mut s,
            Command::UseLuck {
                roll: d(3),
                more: vec![]
            }
        )
        .rule,
        "Luck Points"
    );
    run(&mut s, melee(1, 6)); // 7 damage: 0 health
    assert_eq!(s.player.health, 0);
    assert!(!s.is_over(), "luck can still save the hero");
    assert_eq!(refused(&mut s, melee(6, 1)).rule, "Luck Points");
    run(
        &mut s,
        Command::UseLuck {
            roll: d(4),
            more: vec![],
        },
    );
    assert_eq!((s.player.health, s.player.luck), (4, 2));
    run(&mut s, melee(6, 1));
    assert_eq!(s.fight().unwrap().health, 6);
}

#[test]
fn without_luck_zero_health_ends_the_game() {
    let mut s = fight_in(TileKind::Drop, &[(6, Symbol::Drop)]);
    s.player.luck = 0;
    s.player.health = 3;
    let ev = run(&mut s, melee(1, 6));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::GameOver {
            outcome: Outcome::Died,
            ..
        }
    )));
    // Perishing by choice with luck left also ends it.
    let mut s = fight_in(TileKind::Drop, &[(6, Symbol::Drop)]);
    s.player.health = 2;
    run(&mut s, melee(1, 6));
    run(&mut s, Command::Perish);
    assert!(matches!(
        s.phase,
        Phase::Over {
            outcome: Outcome::Died,
            ..
        }
    ));
}

#[test]
fn levelling_up_at_a_rest_with_ten_experience() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    s.player.xp = 9;
    run(&mut s, Command::Rest);
    let r = refused(
        &mut s,
        Command::Recover {
            health: d(1),
            magic: d(1),
            level_up: true,
        },
    );
    assert_eq!(r.rule, "Levelling Up");
    s.player.xp = 11;
    s.player.health = 2;
    s.player.magic = 0;
    s.player.luck = 2;
    run(
        &mut s,
        Command::Recover {
            health: d(2),
            magic: d(1),
            level_up: true,
        },
    );
    let p = &s.player;
    assert_eq!((p.level, p.xp, p.max_health, p.max_magic), (1, 1, 11, 6));
    assert_eq!((p.health, p.magic, p.luck), (2 + 2 + 3, 1 + 3, 3));
}

#[test]
fn the_mini_boss_gives_luck_experience_and_two_treasures() {
    let mut s = fight_in(TileKind::Straw, &[(1, Symbol::Cog)]);
    s.player.luck = 1;
    run(&mut s, melee(6, 1));
    assert!(s.mini_boss_defeated);
    assert_eq!((s.player.luck, s.player.xp), (2, 3));
    assert!(matches!(s.phase, Phase::Loot { remaining: 2, .. }));
}

#[test]
fn a_boss_felled_by_the_heros_spell_needs_no_spell_die() {
    let mut s = fight_in(TileKind::Straw, &[(3, Symbol::Wood)]);
    s.player.level = 2;
    if let Phase::Combat(f) = &mut s.phase {
        f.health = 3;
    }
    // 1 + level 2 = 3 damage: the boss falls before it can cast.
    run(
        &mut s,
        Command::Fight {
            action: Action::Spell,
            dice: vec![],
            spell_roll: None,
            monster_spell_roll: None,
        },
    );
    assert!(s.mini_boss_defeated);
}

#[test]
fn fleeing_a_wandering_monster_leaves_it_in_the_room_and_costs_the_cube() {
    let mut s = game(TileKind::Cog, Exits::EastWest);
    clear_cog_room_east(&mut s); // hero at (0,1), came from (0,0)
    s.time
        .pending_checks
        .push_back(tw_green_dungeon::time::PendingCheck {
            event_cubes: 1,
            wandering: true,
        });
    run(&mut s, check(6, 6, 1));
    run(&mut s, cards(&[(4, Symbol::Cog)]));
    run(&mut s, melee(1, 6));
    let before = s.time.elapsed;
    run(&mut s, Command::Flee { dice: dice(6, 1) });
    assert_eq!(s.at, pos(0, 0));
    assert_eq!(s.time.elapsed, before + 1);
    assert_eq!(
        s.grid.tile(pos(0, 1)).meeple.as_ref().map(|m| m.reason),
        Some(MeepleReason::Fled)
    );
    // Going back means facing it again.
    run(&mut s, mv(Dir::East));
    assert_eq!(s.fight().unwrap().monster.difficulty, 4);
}

/// "You can use multiple luck cubes at a time if you choose": two cubes at
/// once heal both rolls; more cubes than the hero holds are refused.
#[test]
fn several_luck_cubes_may_be_used_at_a_time() {
    let mut s = fight_in(TileKind::Drop, &[(6, Symbol::Drop)]);
    s.player.health = 5;
    run(&mut s, melee(1, 6)); // 7 damage: 0 health
    assert_eq!((s.player.health, s.player.luck), (0, 3));
    let r = refused(
        &mut s,
        Command::UseLuck {
            roll: d(1),
            more: vec![d(1), d(1), d(1)],
        },
    );
    assert!(r.reason.contains("not 4"), "{r}");
    run(
        &mut s,
        Command::UseLuck {
            roll: d(1),
            more: vec![d(2)],
        },
    );
    assert_eq!((s.player.health, s.player.luck), (3, 1));
    let c: tw_green_dungeon::command::Command =
        serde_json::from_value(serde_json::json!({"type": "use_luck", "roll": 2, "more": [3]}))
            .unwrap();
    assert_eq!(
        c,
        Command::UseLuck {
            roll: d(2),
            more: vec![d(3)]
        }
    );
}

/// Combining Melee and Magic (l. 160-162): when only the hero casts, the
/// melee roll adds only the level (no weapon), and a won roll deals nothing.
#[test]
fn when_only_the_hero_casts_the_melee_roll_adds_only_the_level() {
    let mut s = fight_in(TileKind::Drop, &[(4, Symbol::Cog)]);
    s.player.weapon = Some(2);
    // Spell: 4 -> 3. Hero 3 (+0, the weapon not counted) ties the monster's
    // 3: the monster hits for 4.
    let ev = run(&mut s, spell(Action::Spell, None, None, 3, 3));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            player_total: 3,
            player_won: false,
            ..
        }
    )));
    assert_eq!((s.fight().unwrap().health, s.player.health), (3, 6));
    // Spell: 3 -> 2; the hero wins the roll but only defends.
    run(&mut s, spell(Action::Spell, None, None, 6, 1));
    assert_eq!((s.fight().unwrap().health, s.player.health), (2, 6));
}

/// Combining Melee and Magic (l. 164-166): when only the monster casts, the
/// hero adds all bonuses and the monster none, not even a Hammer room's +1.
#[test]
fn when_only_the_monster_casts_it_loses_the_hammer_bonus() {
    let mut s = fight_in(TileKind::Hammer, &[(3, Symbol::Wood), (2, Symbol::Cog)]);
    s.player.weapon = Some(1);
    let f = s.fight().unwrap();
    assert_eq!((f.monster.difficulty, f.magic), (3, 3));
    let ev = run(&mut s, melee(2, 2));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MeleeRolled {
            player_total: 3,
            monster_total: 2,
            player_won: true,
            ..
        }
    )));
    // Its spell hit for 3; the hero's hit deals 1 + weapon 1.
    assert_eq!((s.player.health, s.fight().unwrap().health), (7, 1));
}

/// Magical Combat (l. 154) and Combining (l. 158): a boss uses three cubes
/// "if possible"; with fewer it casts the one-cube spell and needs no die.
#[test]
fn a_boss_with_fewer_than_three_cubes_casts_the_lesser_spell() {
    let mut s = fight_in(TileKind::Straw, &[(2, Symbol::Wood)]);
    assert_eq!(s.fight().unwrap().magic, 2);
    let ev = run(&mut s, melee(6, 1));
    assert!(ev.contains(&Event::CombatRound {
        player: Action::Melee,
        monster: MonsterAction::Spell
    }));
    let f = s.fight().unwrap();
    assert_eq!((s.player.health, f.health, f.magic), (8, 1, 1));
}

/// Fleeing (l. 174): "each side rolls a die. The player adds their level":
/// a weapon does not help the escape, and a tie keeps the hero (l. 181).
#[test]
fn the_flee_roll_adds_the_level_but_not_the_weapon() {
    let mut s = fight_in(TileKind::Drop, &[(3, Symbol::Cog)]);
    s.player.weapon = Some(1);
    s.player.level = 1;
    run(&mut s, melee(1, 6));
    run(&mut s, Command::Flee { dice: dice(2, 3) });
    assert!(s.fight().unwrap().flee_failed, "2 + level 1 ties 3");
    run(&mut s, melee(1, 6));
    run(&mut s, Command::Flee { dice: dice(3, 3) });
    assert_eq!(s.at, pos(0, 0), "3 + level 1 beats 3");
}

/// Luck Points (l. 114): a luck point after a mini boss, "but only to the
/// maximum of three".
#[test]
fn the_mini_boss_luck_point_stops_at_three() {
    let mut s = fight_in(TileKind::Straw, &[(1, Symbol::Cog)]);
    assert_eq!(s.player.luck, 3);
    run(&mut s, melee(6, 1));
    assert!(s.mini_boss_defeated);
    assert_eq!(s.player.luck, 3);
}
