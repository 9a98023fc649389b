//! The character turn helpers: move, run, combat, flee, loot, traps,
//! afflictions, rest, items and the inventory limit.

mod common;
use common::*;
use serde_json::{json, Value};
use tw_silver_mine::model::{Affliction, Item, PotionKind};
use tw_silver_mine::{Event, State};

/// A 6x4 Gate with a crate, sack, barrel, tomb, chest, trap and campfire.
///   x: 012345
/// y0: .c.s..
/// y1: ......
/// y2: b^..t.
/// y3: h..f.#
fn start() -> State {
    let mut s = new_game(1);
    card(
        &mut s,
        "gate",
        "gate",
        (0, 0),
        &[".c.s..", "......", "b^..t.", "h..f.#"],
    );
    hero(&mut s, "w", 1, 3, 2, 4);
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    s
}

/// The dungeon turn (with these dice for its attacks), then w's next turn:
/// w cannot take two turns in a row while enemies are on the table.
fn next_turn(s: &mut State, dice: &[(u8, u8)]) {
    turn(s, 1, dice);
    ok(s, json!({"type": "start_turn", "character": "w"}));
}

fn give(s: &mut State, id: &str, item: Item) {
    s.character_mut(id).unwrap().inventory.push(item);
}

fn mv(path: Value) -> Value {
    json!({"type": "move", "character": "w", "path": path})
}

#[test]
fn moves_are_orthogonal_within_move_and_not_through_blocks() {
    let mut s = start();
    assert!(refused(&mut s, mv(json!([[1, 2]])))
        .reason
        .contains("not one square"));
    assert!(
        refused(&mut s, mv(json!([[1, 1], [1, 0]])))
            .reason
            .contains("crate"),
        "containers block"
    );
    assert!(refused(&mut s, mv(json!([[1, 1], [2, 1], [3, 1], [4, 1]])))
        .reason
        .contains("3 more"));
    enemy(&mut s, "g", "goblin", (2, 1), 1, 0, 2);
    assert!(refused(&mut s, mv(json!([[1, 1], [2, 1], [3, 1]])))
        .reason
        .contains("through enemies"));
    ok(&mut s, mv(json!([[0, 0]])));
    assert!(refused(&mut s, mv(json!([[-1, 0]])))
        .reason
        .contains("not on any"));
}

#[test]
fn characters_pass_characters_but_do_not_stop_on_them() {
    let mut s = start();
    hero(&mut s, "m", 1, 3, 2, 4);
    enter(&mut s, "m", (1, 1));
    assert!(refused(&mut s, mv(json!([[1, 1]])))
        .reason
        .contains("cannot end on another character"));
    ok(&mut s, mv(json!([[1, 1], [2, 1]])));
}

#[test]
fn run_adds_two_needs_a_torch_and_forbids_other_actions() {
    let mut s = start();
    ok(
        &mut s,
        json!({"type": "move", "character": "w", "path": [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]], "run": true}),
    );
    let r = refused(
        &mut s,
        json!({"type": "use_item", "character": "w", "index": 0}),
    );
    assert_eq!(r.rule, "Run");
    let mut s = start();
    s.character_mut("w").unwrap().attrs.torch = 0;
    assert!(refused(
        &mut s,
        json!({"type": "move", "character": "w", "path": [[1, 1]], "run": true})
    )
    .reason
    .contains("Torch"));
}

#[test]
fn attack_once_per_turn_with_strength_potion_bonus() {
    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 3, 0, 3);
    give(
        &mut s,
        "w",
        Item::Potion {
            potion: PotionKind::Strength,
        },
    );
    ok(
        &mut s,
        json!({"type": "use_item", "character": "w", "index": 0}),
    );
    // 2 + 1 + 2 = 5 against 1 + 3 = 4.
    let ev = ok(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 2, "enemy": 1}}),
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combat {
            character_hit: 5,
            enemy_hit: 4,
            ..
        }
    )));
    assert_eq!(life(&s, "g"), 2);
    let r = refused(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
    );
    assert!(r.reason.contains("one attack per turn"));
    // A tie hurts nobody (the goblin's strike back too: 6 + 1 against 4 + 3).
    next_turn(&mut s, &[(6, 4)]);
    ok(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 4, "enemy": 2}}),
    );
    assert_eq!((life(&s, "g"), life(&s, "w")), (2, 4));
}

#[test]
fn in_combat_you_flee_before_walking_away() {
    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 5, 0, 3);
    assert_eq!(refused(&mut s, mv(json!([[0, 0]]))).rule, "Combat: flee");
    // Flee ignores attributes: 3 against 3 fails, −1 Life, then away.
    ok(
        &mut s,
        json!({"type": "flee", "character": "w", "enemy": "g", "dice": {"character": 3, "enemy": 3}}),
    );
    assert_eq!(life(&s, "w"), 3);
    ok(&mut s, mv(json!([[0, 0]])));
    // With the Flee Combat book a failed flee costs nothing.
    let mut s = start();
    s.stashes
        .get_mut("p-w")
        .unwrap()
        .books
        .push("flee_combat".into());
    enemy(&mut s, "g", "goblin", (1, 1), 5, 0, 3);
    ok(
        &mut s,
        json!({"type": "flee", "character": "w", "enemy": "g", "dice": {"character": 1, "enemy": 6}}),
    );
    assert_eq!(life(&s, "w"), 4);
    // A winning flee roll costs nothing either.
    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 5, 0, 3);
    ok(
        &mut s,
        json!({"type": "flee", "character": "w", "enemy": "g", "dice": {"character": 4, "enemy": 3}}),
    );
    assert_eq!(life(&s, "w"), 4);
}

fn loot(
    s: &mut State,
    at: [i32; 2],
    roll: Option<u8>,
    items: Value,
) -> Result<Vec<Event>, tw_rules::Refusal> {
    let mut c = json!({"type": "loot", "character": "w", "at": at, "items": items});
    if let Some(r) = roll {
        c["roll"] = json!(r);
    }
    <tw_silver_mine::SilverMine as tw_rules::Game>::execute(s, &cmd(c))
}

#[test]
fn loot_needs_adjacency_and_the_container_threshold() {
    let mut s = start();
    // Not adjacent to the crate at (1, 0).
    ok(&mut s, mv(json!([[0, 0]])));
    let mut t = start();
    let r = loot(&mut t, [4, 2], Some(6), json!([])).unwrap_err();
    assert!(r.reason.contains("next to"), "{r}");
    // Crate: 3 + Torch 2 = 5 >= 5 succeeds with exactly one card.
    let torch = json!([{"item": "torch"}]);
    assert!(loot(&mut s, [1, 0], Some(3), json!([]))
        .unwrap_err()
        .reason
        .contains("1 item card"));
    let ev = loot(&mut s, [1, 0], Some(3), torch.clone()).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LootRolled {
            success: true,
            score: 5,
            ..
        }
    )));
    assert_eq!(s.character("w").unwrap().inventory, vec![Item::Torch]);
    assert_eq!(s.cards[0].rows()[0], "...s..", "the crate cube is removed");
    assert!(loot(&mut s, [1, 0], Some(3), json!([]))
        .unwrap_err()
        .reason
        .contains("no container"));
}

#[test]
fn failed_loot_draws_nothing_and_still_removes_the_cube() {
    let mut s = start();
    ok(&mut s, mv(json!([[0, 0]])));
    assert!(loot(&mut s, [1, 0], Some(2), json!([{"item": "tools"}]))
        .unwrap_err()
        .reason
        .contains("no item cards"));
    let ev = loot(&mut s, [1, 0], Some(2), json!([])).unwrap();
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::LootRolled {
            success: false,
            score: 4,
            ..
        }
    )));
    assert_eq!(s.cards[0].rows()[0], "...s..");
}

#[test]
fn for_the_loot_grants_a_reroll_only_with_the_book() {
    let mut s = start();
    ok(&mut s, mv(json!([[0, 0]])));
    let c = json!({"type": "loot", "character": "w", "at": [1, 0], "roll": 1, "reroll": 6, "items": [{"item": "tools"}]});
    assert_eq!(refused(&mut s, c.clone()).rule, "Books");
    s.stashes
        .get_mut("p-w")
        .unwrap()
        .books
        .push("for_the_loot".into());
    ok(&mut s, c);
    assert_eq!(s.character("w").unwrap().inventory, vec![Item::Tools]);
}

#[test]
fn sack_coins_by_the_die_and_barrel_torch() {
    let mut s = start();
    ok(&mut s, mv(json!([[1, 1], [2, 1], [2, 0]])));
    loot(&mut s, [3, 0], Some(5), json!([])).unwrap();
    assert_eq!(
        s.character("w").unwrap().coins,
        3,
        "5 or 6 on a sack: 3 coins"
    );

    let mut s = start();
    s.character_mut("w").unwrap().attrs.torch = 1;
    // The barrel at (0, 2) is right below the warrior: 5 + 1 = 6 >= 6.
    let ev = loot(&mut s, [0, 2], Some(5), json!([{"item": "lost_map"}])).unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::LootRolled { success: true, .. })));
    assert_eq!(
        s.character("w").unwrap().attrs.torch,
        2,
        "a barrel gives +1 Torch up to the maximum"
    );
}

#[test]
fn chest_needs_a_key_and_keeps_one_card_plus_a_coin() {
    let mut s = new_game(1);
    card(&mut s, "gate", "gate", (0, 0), &["h..", "...", "t.."]);
    hero(&mut s, "w", 1, 3, 2, 4);
    enter(&mut s, "w", (0, 1));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let c =
        json!({"type": "loot", "character": "w", "at": [0, 0], "items": [{"item": "backpack"}]});
    assert!(refused(&mut s, c.clone()).reason.contains("locked"));
    let c = json!({"type": "loot", "character": "w", "at": [0, 0], "with": "master_key", "items": [{"item": "backpack"}]});
    assert!(refused(&mut s, c.clone()).reason.contains("Master Key"));
    give(&mut s, "w", Item::MasterKey { charges: 2 });
    ok(&mut s, c);
    let w = s.character("w").unwrap();
    assert_eq!(
        w.inventory,
        vec![Item::MasterKey { charges: 1 }, Item::Backpack]
    );
    assert_eq!(w.coins, 1);
    // Tomb: 6 + 2 = 8 >= 8, two cards.
    ok(
        &mut s,
        json!({"type": "loot", "character": "w", "at": [0, 2], "roll": 6, "items": [{"item": "tools"}, {"item": "torch"}]}),
    );
    assert_eq!(s.character("w").unwrap().inventory.len(), 4);
}

#[test]
fn a_seventh_item_is_refused_and_a_full_hand_drops_loot() {
    let mut s = start();
    for _ in 0..3 {
        give(&mut s, "w", Item::Torch);
    }
    hero(&mut s, "m", 1, 3, 2, 4);
    enter(&mut s, "m", (0, 0));
    give(&mut s, "m", Item::Tools);
    // A trade is m's action, so it happens in m's turn, after w's.
    ok(&mut s, json!({"type": "start_turn", "character": "m"}));
    let r = refused(
        &mut s,
        json!({"type": "give", "from": "m", "to": "w", "index": 0}),
    );
    assert!(r.reason.contains("3 without a backpack"), "{r}");
    // With a backpack (it fills one slot) the limit is 5 more: the 7th is refused.
    s.character_mut("w").unwrap().inventory = vec![
        Item::Backpack,
        Item::Torch,
        Item::Torch,
        Item::Torch,
        Item::Torch,
    ];
    ok(
        &mut s,
        json!({"type": "give", "from": "m", "to": "w", "index": 0}),
    );
    give(&mut s, "m", Item::Tools);
    let r = refused(
        &mut s,
        json!({"type": "give", "from": "m", "to": "w", "index": 0}),
    );
    assert!(r.reason.contains("6 items"), "{r}");
    // Loot found with no room falls on the looter's square. No enemy is
    // out, so w's next turn follows m's without a dungeon turn.
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let ev = loot(&mut s, [1, 0], Some(6), json!([{"item": "lost_map"}])).unwrap_err();
    assert!(ev.reason.contains("next to"));
    ok(&mut s, mv(json!([[1, 1]])));
    loot(&mut s, [1, 0], Some(6), json!([{"item": "lost_map"}])).unwrap();
    assert_eq!(s.dropped.len(), 1);
    assert_eq!(s.dropped[0].item, Item::LostMap);
}

#[test]
fn traps_stop_the_move_and_roll_on_the_table() {
    let mut s = start();
    let r = refused(&mut s, mv(json!([[1, 1], [1, 2], [2, 2]])));
    assert_eq!(r.rule, "Trap");
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "use_item", "character": "w", "index": 0})
        )
        .rule,
        "Trap"
    );
    assert!(
        refused(&mut s, json!({"type": "disarm_trap", "character": "w"}))
            .reason
            .contains("Tools")
    );
    ok(
        &mut s,
        json!({"type": "trigger_trap", "character": "w", "roll": 4}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 1, "4: lose 1 Torch");
    assert_eq!(s.cards[0].rows()[2], "b...t.", "a trap works once");

    for (roll, check) in [(1u8, "life"), (2, "poison"), (3, "disease"), (6, "evade")] {
        let mut s = start();
        ok(&mut s, mv(json!([[1, 1], [1, 2]])));
        ok(
            &mut s,
            json!({"type": "trigger_trap", "character": "w", "roll": roll}),
        );
        let w = s.character("w").unwrap();
        match check {
            "life" => assert_eq!(w.attrs.life, 3),
            "poison" => assert_eq!(w.afflictions[0].kind, Affliction::Poison),
            "disease" => assert_eq!(w.afflictions[0].kind, Affliction::Disease),
            _ => assert!(w.afflictions.is_empty() && w.attrs.life == 4 && w.on_trap.is_none()),
        }
    }
    let mut s = start();
    give(&mut s, "w", Item::Tools);
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    ok(&mut s, json!({"type": "disarm_trap", "character": "w"}));
    assert!(
        s.character("w").unwrap().inventory.is_empty(),
        "tools are discarded"
    );
    ok(&mut s, mv(json!([[2, 2]])));
}

#[test]
fn snared_stops_now_and_loses_the_next_turn() {
    let mut s = start();
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    ok(
        &mut s,
        json!({"type": "trigger_trap", "character": "w", "roll": 5}),
    );
    assert_eq!(refused(&mut s, mv(json!([[2, 2]]))).rule, "Trap: Snared");
    let ev = ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    assert!(ev.iter().any(|e| matches!(e, Event::TurnLost { .. })));
    assert_eq!(refused(&mut s, mv(json!([[2, 2]]))).rule, "Trap: Snared");
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(&mut s, mv(json!([[2, 2]])));
}

#[test]
fn disease_and_poison_bite_from_the_next_turn_for_two_turns_and_restart() {
    let mut s = start();
    enemy(&mut s, "rat", "rat", (1, 1), 0, 0, 9);
    enemy(&mut s, "spider", "spider", (0, 0), 0, 0, 9);
    // The rat hits (6 vs 1): disease taken, not yet biting.
    ok(
        &mut s,
        json!({"type": "dungeon_turn", "dice": [{"character": 1, "enemy": 6}, {"character": 1, "enemy": 6}]}),
    );
    let w = s.character("w").unwrap();
    assert_eq!(w.attrs.life, 2);
    assert_eq!(
        w.combat_attack(),
        1,
        "disease bites at the start of the next turn"
    );
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let w = s.character("w").unwrap();
    assert_eq!(w.combat_attack(), 0);
    assert_eq!(w.attrs.life, 1, "poison: -1 Life");
    // Hit again before it ends: the clocks restart, they do not stack.
    s.character_mut("w").unwrap().attrs.life = 9;
    ok(
        &mut s,
        json!({"type": "dungeon_turn", "dice": [{"character": 1, "enemy": 6}, {"character": 1, "enemy": 6}]}),
    );
    assert_eq!(s.character("w").unwrap().afflictions.len(), 2);
    assert!(s
        .character("w")
        .unwrap()
        .afflictions
        .iter()
        .all(|a| a.turns_left == 2));
    for expected_life in [6, 5] {
        ok(&mut s, json!({"type": "start_turn", "character": "w"}));
        assert_eq!(life(&s, "w"), expected_life);
        assert_eq!(s.character("w").unwrap().combat_attack(), 0);
        // w wins both rolls of the dungeon turn: no new affliction.
        turn(&mut s, 1, &[(6, 1), (6, 1)]);
    }
    s.enemies.clear();
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    let w = s.character("w").unwrap();
    assert!(w.afflictions.is_empty());
    assert_eq!((w.attrs.life, w.combat_attack()), (5, 1));
}

#[test]
fn campfire_rest_once_capped_not_with_enemies_on_the_card() {
    let mut s = start();
    s.character_mut("w").unwrap().attrs.life = 2;
    ok(&mut s, mv(json!([[1, 1], [2, 1], [2, 2]])));
    let rest = json!({"type": "short_rest", "character": "w", "campfire": [3, 3]});
    assert!(
        refused(&mut s, rest.clone()).reason.contains("next to"),
        "diagonal is not adjacent"
    );
    put(&mut s, "w", (3, 2));
    enemy(&mut s, "g", "goblin", (5, 0), 0, 0, 1);
    assert_eq!(refused(&mut s, rest.clone()).rule, "Dungeon: campfire");
    s.enemies.clear();
    ok(&mut s, rest.clone());
    let w = s.character("w").unwrap();
    assert_eq!(
        (w.attrs.life, w.attrs.torch),
        (3, 2),
        "+1 Life; Torch already at its maximum"
    );
    assert!(refused(&mut s, rest).reason.contains("already rested"));
    assert_eq!(
        s.cards[0].rows()[3],
        "h....#",
        "the campfire is spent and becomes floor"
    );
}

#[test]
fn weapons_and_runes_raise_attributes_and_unequipping_lowers_them() {
    let mut s = start();
    give(
        &mut s,
        "w",
        serde_json::from_value(
            json!({"item": "weapon", "name": "Axe", "attribute": "attack", "bonus": 2}),
        )
        .unwrap(),
    );
    give(
        &mut s,
        "w",
        serde_json::from_value(json!({"item": "rune", "attribute": "move", "great": true}))
            .unwrap(),
    );
    give(
        &mut s,
        "w",
        serde_json::from_value(json!({"item": "rune", "attribute": "life", "great": true}))
            .unwrap(),
    );
    assert!(refused(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 1})
    )
    .reason
    .contains("equip one first"));
    ok(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0}),
    );
    ok(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0}),
    );
    assert!(refused(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0})
    )
    .reason
    .contains("one great"));
    let w = s.character("w").unwrap();
    assert_eq!((w.attrs.attack, w.attrs.move_), (3, 4));
    assert_eq!(
        w.inventory.len(),
        1,
        "equipped gear takes no inventory space"
    );
    ok(&mut s, json!({"type": "unequip", "character": "w"}));
    let w = s.character("w").unwrap();
    assert_eq!((w.attrs.attack, w.attrs.move_), (1, 3));
    assert_eq!(w.inventory.len(), 3);
}

#[test]
fn torch_card_and_health_potion_stop_at_the_maximum() {
    let mut s = start();
    give(&mut s, "w", Item::Torch);
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "use_item", "character": "w", "index": 0})
        )
        .rule,
        "Items: Torch"
    );
    s.character_mut("w").unwrap().attrs.torch = 1;
    ok(
        &mut s,
        json!({"type": "use_item", "character": "w", "index": 0}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 2);
    give(
        &mut s,
        "w",
        Item::Potion {
            potion: PotionKind::Health,
        },
    );
    assert!(refused(
        &mut s,
        json!({"type": "use_item", "character": "w", "index": 0})
    )
    .reason
    .contains("full Life"));
}

#[test]
fn leaving_through_the_gate_puts_carried_coins_in_the_stash() {
    let mut s = start();
    s.character_mut("w").unwrap().coins = 6;
    enemy(&mut s, "g", "goblin", (5, 0), 0, 0, 1);
    ok(&mut s, json!({"type": "exit_dungeon", "character": "w"}));
    assert_eq!(s.stashes["p-w"].coins, 6);
    let w = s.character("w").unwrap();
    assert!(w.pos.is_none() && w.coins == 0);
}

#[test]
fn giant_strength_gives_plus_two_three_times_per_run_and_second_wind_rerolls_a_one() {
    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 1, 0, 9);
    let attack = |gs: bool| {
        json!({"type": "attack", "character": "w", "enemy": "g", "giant_strength": gs,
                                   "dice": {"character": 2, "enemy": 4}})
    };
    assert_eq!(refused(&mut s, attack(true)).rule, "Books");
    s.stashes
        .get_mut("p-w")
        .unwrap()
        .books
        .push("giant_strength".into());
    for _ in 0..3 {
        // The goblin's strike back ties (3 + 1 against 3 + 1).
        next_turn(&mut s, &[(3, 3)]);
        // 2 + 1 + 2 = 5 against 4 + 1 = 5: a tie instead of a loss.
        let ev = ok(&mut s, attack(true));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Combat {
                character_hit: 5,
                enemy_hit: 5,
                loser: None,
                ..
            }
        )));
    }
    next_turn(&mut s, &[(3, 3)]);
    assert_eq!(refused(&mut s, attack(true)).rule, "Books: Giant Strength");

    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 1, 0, 9);
    let reroll = |first: u8| {
        json!({"type": "attack", "character": "w", "enemy": "g", "reroll": 6,
                                    "dice": {"character": first, "enemy": 4}})
    };
    assert_eq!(refused(&mut s, reroll(1)).rule, "Books");
    s.stashes
        .get_mut("p-w")
        .unwrap()
        .books
        .push("second_wind".into());
    assert_eq!(refused(&mut s, reroll(2)).rule, "Books: Second Wind");
    let ev = ok(&mut s, reroll(1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Combat {
            character_roll: 6,
            character_hit: 7,
            ..
        }
    )));
}

// ---- Rules audit 2026-11-27: situations worked out from the rulebook ----

/// p.28 (rulebook l.977, l.997): disease makes Attack 0 "for 2 turns"; a second
/// hit does not stack, "you simply restart the affliction". Restarting resets
/// the count; it does not lift the weakness until the next turn starts.
#[test]
fn p28_a_disease_restarted_while_it_bites_keeps_attack_at_zero() {
    let mut s = start();
    enemy(&mut s, "rat", "rat", (1, 1), 0, 0, 9);
    turn(&mut s, 1, &[(1, 6)]);
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    assert_eq!(s.character("w").unwrap().combat_attack(), 0, "biting");
    // The rat hits again in this dungeon turn: the clock restarts at 2.
    turn(&mut s, 1, &[(1, 6)]);
    let w = s.character("w").unwrap();
    assert_eq!(w.affliction(Affliction::Disease).unwrap().turns_left, 2);
    assert_eq!(
        w.combat_attack(),
        0,
        "a restarted disease still weakens; it is not pending again"
    );
    // Two more turns at 0, then it ends.
    for _ in 0..2 {
        ok(&mut s, json!({"type": "start_turn", "character": "w"}));
        assert_eq!(s.character("w").unwrap().combat_attack(), 0);
        turn(&mut s, 1, &[(6, 1)]);
    }
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    assert_eq!(s.character("w").unwrap().combat_attack(), 1);
}

/// p.24 (l.826): trap roll 4 "Lose 1 Torch"; p.14 (l.560): "If all
/// Torches are spent, a random boss enemy enters ... from the Gate where the
/// player ... entered". The trap taking the last Torch calls the boss; at 0
/// there is nothing left to lose and no second boss.
#[test]
fn p24_a_trap_taking_the_last_torch_calls_the_boss_at_zero_nothing() {
    let mut s = start();
    s.character_mut("w").unwrap().attrs.torch = 1;
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    let ev = ok(
        &mut s,
        json!({"type": "trigger_trap", "character": "w", "roll": 4}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 0);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::BossDue { gate, .. } if gate == "gate")));

    let mut s = start();
    s.character_mut("w").unwrap().attrs.torch = 0;
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    let ev = ok(
        &mut s,
        json!({"type": "trigger_trap", "character": "w", "roll": 4}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::BossDue { .. })));
}

/// p.24 (l.821): a trap is disarmed "if you have Tools"; p.30 (l.1053): the
/// Master Key opens "doors and chests" only. A key alone cannot disarm, and
/// the refusal names the trap rule, not unlocking.
#[test]
fn p24_only_tools_disarm_a_trap_not_a_master_key() {
    let mut s = start();
    give(&mut s, "w", Item::MasterKey { charges: 2 });
    ok(&mut s, mv(json!([[1, 1], [1, 2]])));
    let r = refused(&mut s, json!({"type": "disarm_trap", "character": "w"}));
    assert_eq!(r.rule, "Trap", "{r}");
    assert!(r.reason.contains("Tools"), "{r}");
}

/// p.24 (l.860): a barrel raises Torch by 1 "if space is available". At the
/// maximum the item is still taken and Torch stays.
#[test]
fn p24_a_barrel_at_the_torch_maximum_gives_the_item_only() {
    let mut s = start();
    assert_eq!(
        s.character("w").unwrap().attrs.torch,
        2,
        "the printed maximum"
    );
    let ev = loot(&mut s, [0, 2], Some(4), json!([{"item": "lost_map"}])).unwrap();
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::LootRolled { success: true, .. })));
    let w = s.character("w").unwrap();
    assert_eq!(w.attrs.torch, 2);
    assert_eq!(w.inventory, vec![Item::LostMap]);
}

/// p.15 (l.580): "up to 3 items"; p.30 (l.1083): the backpack "takes one of
/// the 3 spaces but provides an additional 3 ... a maximum of 5 items". With
/// four other items it cannot be dropped or handed over until only three
/// are left besides it.
#[test]
fn p30_the_backpack_stays_while_it_holds_more_than_three_items() {
    let mut s = start();
    give(&mut s, "w", Item::Backpack);
    for _ in 0..4 {
        give(&mut s, "w", Item::Torch);
    }
    let r = refused(
        &mut s,
        json!({"type": "drop", "character": "w", "index": 0}),
    );
    assert_eq!(r.rule, "Items: Backpack", "{r}");
    ok(
        &mut s,
        json!({"type": "drop", "character": "w", "index": 1}),
    );
    ok(
        &mut s,
        json!({"type": "drop", "character": "w", "index": 0}),
    );
    assert_eq!(s.character("w").unwrap().inventory.len(), 3);
}

/// p.30 (l.1065): unequipping a weapon "immediately decrease[s] the
/// attribute(s) gained"; p.14 (l.560), p.27 (l.963): a boss comes when Torches "are
/// spent". Taking off a Torch weapon is not spending a Torch: no boss, and
/// no charge for a path that charges "When you spend a Torch" (p.36).
#[test]
fn p30_unequipping_a_torch_weapon_is_not_spending_a_torch() {
    let mut s = start();
    s.character_mut("w").unwrap().attrs.torch = 0;
    give(
        &mut s,
        "w",
        serde_json::from_value(
            json!({"item": "weapon", "name": "Lantern", "attribute": "torch", "bonus": 1}),
        )
        .unwrap(),
    );
    ok(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0}),
    );
    assert_eq!(s.character("w").unwrap().attrs.torch, 1);
    let ev = ok(&mut s, json!({"type": "unequip", "character": "w"}));
    assert_eq!(s.character("w").unwrap().attrs.torch, 0);
    assert!(!ev.iter().any(|e| matches!(e, Event::BossDue { .. })));
    assert!(s.bosses_due.is_empty());
}

/// p.26 (l.888): "declare that you want to flee instead of attacking"; p.20
/// (l.757): attacking is once per turn. A flee, won or lost, uses the
/// turn's attack, and an attack uses the turn's flee.
#[test]
fn p26_a_flee_is_instead_of_the_turns_attack() {
    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 0, 0, 3);
    ok(
        &mut s,
        json!({"type": "flee", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
    );
    let r = refused(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
    );
    assert!(r.rule.starts_with("Combat"), "{r}");

    let mut s = start();
    enemy(&mut s, "g", "goblin", (1, 1), 0, 0, 3);
    ok(
        &mut s,
        json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
    );
    let r = refused(
        &mut s,
        json!({"type": "flee", "character": "w", "enemy": "g", "dice": {"character": 6, "enemy": 1}}),
    );
    assert_eq!(r.rule, "Combat: flee", "{r}");
}

/// p.28 (l.995): poison takes 1 Life "at the start of your next turn"; p.16
/// (l.603): dying in the dungeon loses what is carried, not the stash. A
/// poisoned character at 1 Life dies as that turn starts.
#[test]
fn p28_poison_at_one_life_kills_at_the_start_of_the_turn() {
    let mut s = start();
    enemy(&mut s, "spider", "spider", (1, 1), 0, 0, 9);
    give(&mut s, "w", Item::Torch);
    s.character_mut("w").unwrap().coins = 4;
    s.stashes.get_mut("p-w").unwrap().coins = 7;
    turn(&mut s, 1, &[(1, 6)]);
    s.character_mut("w").unwrap().attrs.life = 1;
    let ev = ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CharacterDefeated { coins_lost: 4, .. })));
    let w = s.character("w").unwrap();
    assert!(!w.alive && w.inventory.is_empty() && w.coins == 0);
    assert_eq!(s.stashes["p-w"].coins, 7);
}

/// p.20 (l.720): Run adds 2 "if you don't take any other actions"; using a
/// potion is an action. After a Speed Potion (+3) the move is 3 + 3, no Run.
#[test]
fn p20_no_run_after_drinking_a_speed_potion() {
    let mut s = start();
    give(
        &mut s,
        "w",
        Item::Potion {
            potion: PotionKind::Speed,
        },
    );
    ok(
        &mut s,
        json!({"type": "use_item", "character": "w", "index": 0}),
    );
    let r = refused(
        &mut s,
        json!({"type": "move", "character": "w", "path": [[1, 1]], "run": true}),
    );
    assert_eq!(r.rule, "Run", "{r}");
}
