//! Property tests: random (mostly legal) games keep the books straight.
#![allow(clippy::manual_is_multiple_of)]

use proptest::prelude::*;
use serde_json::{json, Value};
use tw_dungeon_fighter::evolve::evolve;
use tw_dungeon_fighter::model::{Phase, State};
use tw_dungeon_fighter::{Command, DungeonFighter, Setup};
use tw_rules::History;

const KINDS: [&str; 9] = [
    "score", "score", "score", "bullseye", "hole", "bone", "outside", "web", "treasure",
];
const DICE: [&str; 6] = ["red", "green", "blue", "white", "pendulum", "destiny_coin"];
const ABILITIES: [&str; 12] = [
    "agile_instincts",
    "re_throw",
    "heal_party",
    "piercing_damage",
    "pickpocket",
    "focused_damage",
    "self_healing",
    "sworn_enemy",
    "charming",
    "divine_intervention",
    "death_list",
    "spirit_energy",
];
const COLOURS: [&str; 3] = ["red", "green", "blue"];

/// Turn a few random bytes into a command that fits the phase (most of the time).
fn command(s: &State, b: [u8; 6]) -> Value {
    let pick = |xs: &[&'static str], i: u8| xs[i as usize % xs.len()];
    let n = s.heroes.len() as u8;
    match &s.phase {
        Phase::Dungeon => json!({"type": "enter_dungeon", "card": {
            "name": "Room", "shop_icons": b[1] % 6, "gold_bonus": b[2] % 3, "heal_party": (b[3] % 2) * 2,
            "gain_dice": b[4] % 2, "monster_advantage": b[5] % 4, "spider_webs": b[1] % 5 == 0,
            "templates": if b[2] % 4 == 0 { json!(["treasure"]) } else { json!([]) }}}),
        Phase::Monster => {
            let level = if b[0] % 10 == 0 {
                b[1] % 4 + 1
            } else {
                s.next_monster_level()
            };
            let ability = match b[2] % 5 {
                0 => json!("toxic"),
                1 => json!("super_toxic"),
                2 => json!("death_touch"),
                _ => Value::Null,
            };
            json!({"type": "reveal_monster", "card": {"name": "Beast", "level": level, "life": b[3] % 12 + 1,
                "damage": b[4] % 6, "gold": b[5] % 4, "ability": ability, "type": pick(&["undead", "beast"], b[1]),
                "special_dice": if b[5] % 7 == 0 { json!(["pendulum"]) } else { json!([]) }}})
        }
        Phase::Combat => {
            let c = s.combat.as_ref().unwrap();
            if let Some(f) = &c.fainting {
                // About to faint: a hero's spendable on one of them, or let them faint.
                let user = &s.heroes[(b[2] % n) as usize];
                let item = user.equipment.iter().find(|e| e.type_name() == "spendable");
                return match item {
                    Some(e) if b[0] % 3 != 0 => {
                        json!({"type": "use_item", "hero": b[2] % n, "item": e.name,
                        "target": f.heroes[b[1] as usize % f.heroes.len()]})
                    }
                    _ => json!({"type": "accept_faint"}),
                };
            }
            if let Some(p) = &c.pending {
                if b[0] % 3 == 0 {
                    return json!({"type": "skip_ability"});
                }
                let a = if b[1] % 4 == 0 {
                    pick(&ABILITIES, b[2]).to_string()
                } else {
                    serde_json::to_value(p.options[b[2] as usize % p.options.len()])
                        .unwrap()
                        .as_str()
                        .unwrap()
                        .to_string()
                };
                let level = c.foe.level() as u32 + 1;
                return json!({"type": "use_ability", "ability": a, "target": if a == "divine_intervention" { json!(b[3] % n) } else { Value::Null },
                    "heals": if a == "spirit_energy" { json!([{"hero": b[3] % n, "amount": level}]) } else { json!([]) }});
            }
            match b[0] % 20 {
                0 => json!({"type": "retrieve_dice"}),
                1 => json!({"type": "back_down"}),
                2 => json!({"type": "template_flip_failed"}),
                3 => json!({"type": "discard_charmed", "hero": b[1] % n, "monster": "Beast"}),
                4 => json!({"type": "add_special_die", "die": "destiny_coin"}),
                _ => {
                    let kind = pick(&KINDS, b[2]);
                    let value = if kind == "score" {
                        json!(b[3] % 6 + 1)
                    } else {
                        Value::Null
                    };
                    // Prefer a die that is still in the pool.
                    let die = if b[4] % 5 == 0 {
                        pick(&DICE, b[1])
                    } else {
                        COLOURS
                            .iter()
                            .copied()
                            .find(|d| {
                                !c.thrown
                                    .iter()
                                    .any(|t| serde_json::to_value(t).unwrap() == json!(d))
                            })
                            .unwrap_or("white")
                    };
                    json!({"type": "throw", "die": die, "face": if b[5] % 3 == 0 { "icon" } else { "blank" },
                        "landing": {"value": value, "kind": kind}, "no_bounce": b[5] % 11 == 0})
                }
            }
        }
        Phase::Resting(r) => match r.awaiting_scar.first() {
            Some(&h) if b[0] % 4 != 0 => {
                json!({"type": "take_scar", "hero": h, "colour": pick(&COLOURS, b[1])})
            }
            _ => json!({"type": "end_rest"}),
        },
        Phase::Shop(_) => match b[0] % 5 {
            0 => json!({"type": "buy_white_dice", "count": b[1] % 4}),
            1 => json!({"type": "buy_healing", "gold": b[1] % 4}),
            2 => {
                json!({"type": "buy_equipment", "hero": b[2] % n, "card": {"name": format!("Potion {}", b[3]), "kind": "spendable",
                "effect": "heal_hero", "amount": 2, "price": b[1] % 5}})
            }
            _ => json!({"type": "leave_shop"}),
        },
        Phase::Boss => {
            json!({"type": "reveal_boss", "card": {"name": "Skulletor", "life": b[1] % 30 + 5, "damage": b[2] % 4}})
        }
        Phase::Over(_) => json!({"type": "end_rest"}),
    }
}

fn check_invariants(s: &State) -> Result<(), TestCaseError> {
    for h in &s.heroes {
        prop_assert!(
            h.life <= h.max_life(),
            "{} has {} of {}",
            h.name,
            h.life,
            h.max_life()
        );
        prop_assert!(!h.fainted || h.life == 0);
        prop_assert!(!(h.fainted && h.eliminated));
        prop_assert!(h.scars.len() <= 3);
        prop_assert!(h.xp <= 3);
    }
    prop_assert!(s.chest.white_dice <= 9);
    if let (Phase::Combat, Some(c)) = (&s.phase, &s.combat) {
        prop_assert!(s.heroes[c.active].can_act(), "the active hero can act");
        prop_assert!(c.thrown.len() <= 3);
        if let Some(p) = &c.pending {
            prop_assert!(!p.options.is_empty());
        }
        // Below 1 life point and not fainted: only while waiting to faint.
        let waiting = c
            .fainting
            .as_ref()
            .map(|f| f.heroes.clone())
            .unwrap_or_default();
        prop_assert!(c.fainting.is_none() || !waiting.is_empty());
        for (i, h) in s.heroes.iter().enumerate() {
            let about_to_faint = h.can_act() && h.life == 0;
            prop_assert_eq!(about_to_faint, waiting.contains(&i), "hero {}", i);
        }
    }
    if let Phase::Over(e) = &s.phase {
        let sc = &e.score;
        prop_assert_eq!(
            sc.total,
            sc.gold + sc.white_dice + sc.no_scar_bonus + sc.scars + sc.eliminated + sc.difficulty
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_their_invariants_and_undo_restores_exactly(
        heroes in 2usize..=4,
        steps in prop::collection::vec(any::<[u8; 6]>(), 1..250),
    ) {
        let all = ["saul-baysar", "lianna-lightbringer", "lady-mary", "sir-moo"];
        let setup: Setup = serde_json::from_value(json!({"heroes": all[..heroes], "leader": heroes - 1})).unwrap();
        let mut h = History::<DungeonFighter>::new(&setup).unwrap();
        let mut snapshots = vec![serde_json::to_value(h.state()).unwrap()];
        for b in steps {
            let before = h.state().clone();
            let cmd: Command = serde_json::from_value(command(&before, b)).unwrap();
            match h.execute(cmd) {
                Ok(events) => {
                    // The events alone, folded into the old state, give the new one.
                    let mut folded = before.clone();
                    for e in &events { evolve(&mut folded, e); }
                    prop_assert_eq!(&folded, h.state());
                    // Events survive a JSON round trip (the store keeps them as JSON).
                    let json = serde_json::to_string(&events).unwrap();
                    let back: Vec<tw_dungeon_fighter::Event> = serde_json::from_str(&json).unwrap();
                    prop_assert_eq!(back, events);
                    check_invariants(h.state())?;
                    snapshots.push(serde_json::to_value(h.state()).unwrap());
                }
                Err(refusal) => {
                    prop_assert!(!refusal.rule.is_empty() && !refusal.reason.is_empty());
                    prop_assert_eq!(&before, h.state(), "a refusal changes nothing");
                }
            }
        }
        // Undo walks back through every state, exactly.
        snapshots.pop();
        while let Some(expected) = snapshots.pop() {
            h.undo().unwrap();
            prop_assert_eq!(serde_json::to_value(h.state()).unwrap(), expected);
        }
        prop_assert!(h.undo().is_err());
    }
}

#[test]
fn random_games_reach_every_phase() {
    // Not a property: a guard that the generator above really plays games
    // (combat, resting, shops and game endings), so the property is not vacuous.
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = tw_rules::SplitMix64::new(7);
    for _ in 0..300 {
        let setup: Setup = serde_json::from_value(
            json!({"heroes": ["saul-baysar", "lady-mary", "sir-moo"], "leader": 2}),
        )
        .unwrap();
        let mut h = History::<DungeonFighter>::new(&setup).unwrap();
        for _ in 0..400 {
            let mut b = [0u8; 6];
            for x in &mut b {
                *x = rng.below(256) as u8;
            }
            let cmd: Command = serde_json::from_value(command(h.state(), b)).unwrap();
            let _ = h.execute(cmd);
            let name = match &h.state().phase {
                Phase::Over(e) if e.won => "won".to_string(),
                Phase::Over(_) => "lost".to_string(),
                p => serde_json::to_value(p).unwrap()["phase"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            };
            seen.insert(name);
            if h.state()
                .combat
                .as_ref()
                .is_some_and(|c| c.fainting.is_some())
            {
                seen.insert("about to faint".to_string());
            }
        }
    }
    for p in &[
        "dungeon",
        "monster",
        "combat",
        "resting",
        "shop",
        "boss",
        "lost",
        "about to faint",
    ] {
        assert!(seen.contains(*p), "never reached {p}: {seen:?}");
    }
}
