//! The two combat examples of the rulebook, replayed command by command,
//! checking every number the text states.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_fighter::model::{Ability, Colour, Phase};
use tw_dungeon_fighter::Event;

#[test]
fn skeleton_goblin_in_the_rotten_food() {
    let (setup, cmds) = load("skeleton-goblin.json");
    let mut r = start(setup);
    let (saul, lianna, mary) = (0, 1, 2);
    // Three players: 2 white dice and 3 - 2 = 1 gold.
    assert_eq!((r.state().chest.white_dice, r.state().chest.gold), (2, 1));

    // Rotten Food: "The party immediately adds 1 white die to the Chest".
    r.exec(cmds[0].clone()).unwrap();
    assert_eq!(r.state().chest.white_dice, 3);
    // "add 4 life points to him ... set the Life Tracker to 6 life points".
    r.exec(cmds[1].clone()).unwrap();
    assert_eq!(life(&r), 6);
    let c = r.state().combat.as_ref().unwrap();
    assert_eq!(c.foe.damage(), 1, "deals 1 damage when a player misses");
    assert_eq!(c.foe.gold(), 1, "carrying 1 Gold coin");
    assert_eq!(c.requirements.len(), 1, "Bone Chopsticks shot");
    // 1. Lianna, left of the leader Saul, is the Active Hero.
    assert_eq!(c.active, lianna);
    r.exec(cmds[2].clone()).unwrap();
    assert_eq!(life(&r), 5, "Lianna deals 1 damage");
    assert_eq!(
        r.state().combat.as_ref().unwrap().active,
        mary,
        "she passes the dice to Lady Mary"
    );
    // The blue die is spent for this combat.
    let again = r.refused(json!({"type": "throw", "die": "blue", "face": "blank", "landing": {"value": 4, "kind": "score"}}));
    assert!(again.rule.contains("once per combat"), "{again:?}");

    // 2. Lady Mary: red die outside, icon showing -> Re-throw.
    let ev = r.exec(cmds[3].clone()).unwrap();
    assert!(
        matches!(ev.last(), Some(Event::AbilityOffered { pending }) if pending.options == vec![Ability::ReThrow])
    );
    r.exec(cmds[4].clone()).unwrap();
    assert_eq!(
        r.state().heroes[mary].life,
        9,
        "the first throw is ignored: no damage"
    );
    assert_eq!(life(&r), 5);
    // She must throw the red die again, not another.
    let wrong = r.refused(json!({"type": "throw", "die": "green", "face": "blank", "landing": {"value": 2, "kind": "score"}}));
    assert_eq!(wrong.rule, "Re-throw");
    r.exec(cmds[5].clone()).unwrap();
    // "The icon is still showing, but she decides not to risk it and deals 2 damage".
    r.exec(cmds[6].clone()).unwrap();
    assert_eq!(life(&r), 3);
    assert_eq!(r.state().combat.as_ref().unwrap().active, saul);

    // 3. Saul: green die in a hole with the icon: a Miss, Pickpocket, 1 damage.
    let gold_before = r.state().chest.gold;
    r.exec(cmds[7].clone()).unwrap();
    let ev = r.exec(cmds[8].clone()).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Missed { .. })));
    assert_eq!(
        r.state().chest.gold,
        gold_before + 1,
        "adds 1 Gold coin to the Chest"
    );
    assert_eq!(
        r.state().heroes[saul].life,
        8,
        "takes 1 damage from the skeleton"
    );
    assert_eq!(life(&r), 3, "the fight is not over");
    assert_eq!(
        r.state().combat.as_ref().unwrap().active,
        lianna,
        "it's Lianna's turn again"
    );

    // 4. All 3 colour dice are used: a white die or retrieving them.
    assert!(r.state().combat.as_ref().unwrap().pool_empty());
    // 5. Lianna throws the white die: 3 damage, enough.
    r.exec(cmds[9].clone()).unwrap();
    let s = r.state();
    assert_eq!(s.chest.white_dice, 2, "1 white die used from the Chest");
    assert!(
        s.heroes
            .iter()
            .all(|h| h.life == 9 || h.key == "saul-baysar"),
        "the Heroes take no damage"
    );
    assert_eq!(s.combat.as_ref().unwrap().life, 0, "defeated");
    assert!(matches!(s.phase, Phase::Resting(_)));
    assert_eq!(s.chest.gold, 3, "1 start + 1 Pickpocket + 1 reward");
    assert_eq!(
        s.leader, lianna,
        "the hero who threw the last die becomes leader"
    );
    let defeat = r.steps.last().unwrap();
    assert!(
        defeat.contains(&Event::MonsterDefeated { epic_shot: false }),
        "life 0 is no Epic Shot"
    );

    r.exec(cmds[10].clone()).unwrap();
    assert!(
        matches!(r.state().phase, Phase::Dungeon),
        "2 shop icons: no shop yet"
    );
    assert!(r.state().combat.is_none());
}

#[test]
fn lizard_king_in_the_haunted_cellar() {
    let (setup, cmds) = load("lizard-king.json");
    let mut r = start(setup);
    let (mary, lianna, saul) = (0, 1, 2);
    r.exec(cmds[0].clone()).unwrap();
    r.exec(cmds[1].clone()).unwrap();
    assert_eq!(life(&r), 13, "the Lizard King has 13 life points");
    let c = r.state().combat.as_ref().unwrap();
    assert!(
        c.flying_stand,
        "Haunted Cellar: the Flying stand goes under the board"
    );
    assert_eq!(c.active, lianna, "Lianna is the first to swing");
    assert_eq!(r.state().chest.white_dice, 2);

    // 1. No bounce: a Miss. Toxic costs a white die; 3 life down to zero.
    let ev = r.exec(cmds[2].clone()).unwrap();
    assert!(ev.iter().any(|e| matches!(e, Event::Missed { .. })));
    assert_eq!(
        r.state().chest.white_dice,
        1,
        "Lianna discards a white die from the Chest"
    );
    assert_eq!(r.state().heroes[lianna].life, 0);
    assert!(
        r.state().heroes[lianna].fainted,
        "Lianna faints and she's out of this combat"
    );
    assert_eq!(life(&r), 13, "no weapon bonus on a Miss");
    assert_eq!(
        r.state().combat.as_ref().unwrap().active,
        saul,
        "the next player is Saul"
    );

    // 2. Saul: bullseye without the icon, Spluttering Stick +2 = 12.
    let ev = r.exec(cmds[3].clone()).unwrap();
    assert!(ev.contains(&Event::Hit {
        hero: saul,
        section: 10,
        bonus: 2,
        damage: 12
    }));
    assert_eq!(life(&r), 1, "12 damage is not enough to kill it");
    // Lady Mary discards the Classy Orc (level 2): the attack becomes 14.
    r.exec(cmds[4].clone()).unwrap();
    let s = r.state();
    assert!(
        matches!(s.phase, Phase::Resting(_)),
        "defeated by this single throw"
    );
    assert!(s.heroes[mary].charmed.is_empty());
    // 3. 13 - 14 = -1: not -3 or less, so no Epic Shot; the reward is 3 gold.
    assert_eq!(s.combat.as_ref().unwrap().life, -1);
    assert!(r
        .steps
        .last()
        .unwrap()
        .contains(&Event::MonsterDefeated { epic_shot: false }));
    assert_eq!(s.chest.gold, 3);
    assert_eq!(s.leader, saul, "Saul threw the last die");
    // Lianna fainted: she takes a scar before moving on.
    let early = r.refused(json!({"type": "end_rest"}));
    assert_eq!(early.rule, "Resting: scars");
    r.exec(cmds[5].clone()).unwrap();
    let l = &r.state().heroes[lianna];
    assert_eq!(
        (l.life, l.max_life()),
        (7, 7),
        "restored to full health, 2 fewer life points"
    );
    assert_eq!(
        l.ability(Colour::Red),
        None,
        "won't be able to activate Piercing Damage"
    );
    assert_eq!(l.ability(Colour::Green), Some(Ability::SelfHealing));
    r.exec(cmds[6].clone()).unwrap();
    assert!(matches!(r.state().phase, Phase::Dungeon));
}
