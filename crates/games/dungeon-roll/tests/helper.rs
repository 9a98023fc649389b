//! The Monster Phase helper: whether every monster can fall, the proposal
//! (fewest dice spent, chests and potions kept reachable) and the command
//! that carries it out in one action.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::{propose, DungeonFace, PartyFace, TreasureKind, Unit};

#[test]
fn the_helper_sends_one_fighter_at_all_the_goblins() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(
        &mut s,
        &["goblin", "goblin", "goblin", "skeleton", "chest"],
        0,
    );
    let p = propose(&s).unwrap();
    assert!(p.feasible && p.chests_reachable);
    assert_eq!((p.dice_spent, p.tokens_spent), (2, 0));
    let goblins = p
        .fights
        .iter()
        .find(|a| a.monster == DungeonFace::Goblin)
        .unwrap();
    assert_eq!(
        (goblins.with, goblins.count),
        (Unit::Die(PartyFace::Fighter), 3)
    );
    let skeleton = p
        .fights
        .iter()
        .find(|a| a.monster == DungeonFace::Skeleton)
        .unwrap();
    assert!(
        matches!(
            skeleton.with,
            Unit::Die(PartyFace::Cleric | PartyFace::Fighter)
        ),
        "the Thief and Champion are kept for chests: {skeleton:?}"
    );
}

#[test]
fn the_helper_keeps_the_thief_for_the_chests_even_at_a_tokens_cost() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::VorpalSword, 1);
    start(
        &mut s,
        &[
            "thief", "scroll", "scroll", "scroll", "scroll", "scroll", "scroll",
        ],
        "goblin",
    );
    set_dungeon(&mut s, &["goblin", "chest", "chest"], 0);
    let p = propose(&s).unwrap();
    assert_eq!(p.fights[0].with, Unit::Treasure(TreasureKind::VorpalSword));
    assert!(p.chests_reachable);
    // With no chest to open, the die goes and the token (worth XP) stays.
    set_dungeon(&mut s, &["goblin"], 0);
    let p = propose(&s).unwrap();
    assert_eq!(p.fights[0].with, Unit::Die(PartyFace::Thief));
    assert_eq!(p.tokens_spent, 0);
}

#[test]
fn the_helper_leaves_a_die_to_quaff_when_it_can() {
    let mut s = game(&["necromancer"]);
    start(
        &mut s,
        &[
            "fighter", "champion", "scroll", "scroll", "scroll", "scroll", "scroll",
        ],
        "goblin",
    );
    // The Scrolls cannot fight but can quaff: any fight keeps a quaffer.
    set_dungeon(&mut s, &["goblin", "skeleton", "potion"], 0);
    let p = propose(&s).unwrap();
    assert!(p.feasible && p.potions_reachable);
    assert_eq!(p.dice_spent, 2);
}

#[test]
fn the_helper_reports_when_the_monsters_are_too_many() {
    let mut s = game(&["necromancer"]);
    start(
        &mut s,
        &[
            "thief", "scroll", "scroll", "scroll", "scroll", "scroll", "scroll",
        ],
        "goblin",
    );
    set_dungeon(&mut s, &["goblin", "ooze"], 0);
    let p = propose(&s).unwrap();
    assert!(!p.feasible && p.fights.is_empty());
    let reason = p.reason.clone().unwrap();
    assert!(
        reason.contains("1 Goblin(s), 0 Skeleton(s) and 1 Ooze(s)"),
        "{reason}"
    );
    let r = refused(&mut s, json!({"type": "accept_proposal"}));
    assert_eq!((r.rule.as_str(), r.reason), ("Monster Phase", reason));
}

#[test]
fn the_helper_uses_the_heroes_specialty() {
    // Minstrel: a Thief used as a Mage clears three Oozes.
    let mut s = game(&["bard"]);
    start(
        &mut s,
        &[
            "thief", "fighter", "scroll", "scroll", "scroll", "scroll", "scroll",
        ],
        "ooze",
    );
    set_dungeon(&mut s, &["ooze", "ooze", "ooze", "goblin"], 0);
    let p = propose(&s).unwrap();
    assert!(p.feasible);
    assert!(p
        .fights
        .iter()
        .any(|a| a.with == Unit::Die(PartyFace::Thief)
            && a.as_face == PartyFace::Mage
            && a.count == 3));
}

#[test]
fn the_heros_own_companions_are_spent_first() {
    let mut s = game(&["battlemage"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "ooze", "ooze"], 0);
    run(&mut s, json!({"type": "ultimate"}));
    let p = propose(&s).unwrap();
    assert_eq!(p.dice_spent, 0);
    assert!(p.fights.iter().all(|a| matches!(a.with, Unit::Hero(_))));
}

#[test]
fn accepting_the_proposal_fights_every_monster_in_one_action() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(
        &mut s,
        &["goblin", "skeleton", "ooze", "ooze", "chest", "potion"],
        0,
    );
    let p = propose(&s).unwrap();
    run(&mut s, json!({"type": "accept_proposal"}));
    let d = delve(&s);
    assert_eq!(d.dungeon.monsters(), 0);
    assert_eq!(d.graveyard, p.dice_spent);
    assert_eq!((d.dungeon.chest, d.dungeon.potion), (1, 1));
    // The loot is still reachable, as promised.
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    let r = refused(&mut s, json!({"type": "accept_proposal"}));
    assert_eq!(r.rule, "Monster Phase");
}

#[test]
fn the_search_stays_fast_with_a_full_party_and_many_tokens() {
    use std::time::Instant;
    use tw_dungeon_roll::{data::hero, plan, DungeonDice, PartyDice, Tokens};
    let side = &hero("half_goblin").unwrap().master; // Thief as Fighter or Champion
    let mut tokens = Tokens::default();
    for k in [
        TreasureKind::VorpalSword,
        TreasureKind::Talisman,
        TreasureKind::ScepterOfPower,
        TreasureKind::ThievesTools,
    ] {
        tokens.add(k, 3);
    }
    let party = PartyDice {
        fighter: 1,
        cleric: 1,
        mage: 1,
        thief: 2,
        champion: 1,
        scroll: 1,
    };
    let heroes = [PartyFace::Fighter, PartyFace::Mage];
    let t = Instant::now();
    let dungeon = DungeonDice {
        goblin: 2,
        skeleton: 3,
        ooze: 2,
        chest: 0,
        potion: 0,
    };
    let p = plan(&party, &heroes, &tokens, &dungeon, side);
    assert!(p.feasible);
    // The hero's two companions and one die; a die rather than a token
    // when either would do, since the token is worth XP at the end.
    assert_eq!(
        (p.dice_spent, p.tokens_spent, p.fights.len()),
        (1, 0, 3),
        "{p:?}"
    );
    // Seven single monsters against six Thieves: exhaustive, and refused.
    let thieves = PartyDice {
        thief: 6,
        scroll: 1,
        ..Default::default()
    };
    let plain = &hero("necromancer").unwrap().novice;
    let p = plan(&thieves, &[], &Tokens::default(), &dungeon, plain);
    assert!(!p.feasible);
    eprintln!("two searches took {:?}", t.elapsed());
    assert!(t.elapsed().as_millis() < 500, "took {:?}", t.elapsed());
}

/// The brief: the helper never proposes what the engine would refuse.
/// Rulebook 4.1 c: each proposed assignment, sent as its own `fight`
/// command, is accepted, and together they leave no monster standing.
/// Every hero on both sides, tokens in hand, and several dungeons.
#[test]
fn every_proposed_fight_is_one_the_engine_accepts() {
    // Every hero card the data file holds, so a new card is checked too.
    let heroes: Vec<&str> = tw_dungeon_roll::data::heroes()
        .iter()
        .map(|h| h.id.as_str())
        .collect();
    assert!(heroes.len() >= 9, "{heroes:?}");
    let dungeons: [&[&str]; 5] = [
        &["goblin", "goblin", "skeleton", "ooze", "chest"],
        &["skeleton", "skeleton", "skeleton", "ooze", "ooze", "potion"],
        &[
            "goblin", "skeleton", "ooze", "goblin", "skeleton", "ooze", "chest",
        ],
        &["ooze", "ooze", "ooze", "goblin"],
        &["skeleton", "goblin", "chest", "chest"],
    ];
    let parties: [[&str; 7]; 2] = [
        PARTY,
        [
            "thief", "thief", "scroll", "scroll", "mage", "cleric", "champion",
        ],
    ];
    let mut proposals = 0;
    for &hero in &heroes {
        for master in [false, true] {
            for party in &parties {
                for dungeon in dungeons {
                    let mut s = game(&[hero]);
                    s.players[0].master = master;
                    give(&mut s, TreasureKind::VorpalSword, 1);
                    give(&mut s, TreasureKind::ThievesTools, 1);
                    start(&mut s, party, "goblin");
                    set_dungeon(&mut s, dungeon, 0);
                    // The Crusader and the Spellsword join as companions.
                    if !master && (hero == "paladin" || hero == "battlemage") {
                        run(&mut s, json!({"type": "ultimate"}));
                    }
                    let p = propose(&s).unwrap();
                    if !p.feasible {
                        continue;
                    }
                    proposals += 1;
                    for a in &p.fights {
                        let with = serde_json::to_value(a.with).unwrap();
                        run(
                            &mut s,
                            json!({"type": "fight", "with": with, "as": a.as_face,
                                   "monster": a.monster, "count": a.count}),
                        );
                    }
                    assert_eq!(
                        delve(&s).dungeon.monsters(),
                        0,
                        "{hero} {master} {dungeon:?}"
                    );
                }
            }
        }
    }
    assert!(
        proposals > 40,
        "only {proposals} feasible proposals were checked"
    );
}
