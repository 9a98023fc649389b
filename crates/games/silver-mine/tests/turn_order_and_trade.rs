//! Turn order (p.13 Initiative, p.19 Actions, Character Turn) and trading
//! coins between characters (p.20 Pick up/Drop/Trade, p.30 Coins, p.32).

mod common;
use common::*;
use serde_json::json;
use tw_silver_mine::{Event, State};

/// Two characters side by side on a 6x2 Gate: a at [0,0], b at [1,0]. With
/// `goblin`, a goblin that cannot move waits at [5,1], so the dungeon turn
/// is needed between rounds but attacks nobody.
fn two(goblin: bool) -> State {
    let mut s = new_game(3);
    card(&mut s, "gate", "gate", (0, 0), &["......", "......"]);
    hero(&mut s, "a", 1, 3, 2, 4);
    hero(&mut s, "b", 1, 3, 2, 4);
    enter(&mut s, "a", (0, 0));
    enter(&mut s, "b", (1, 0));
    if goblin {
        enemy(&mut s, "g", "goblin", (5, 1), 1, 0, 2);
    }
    s
}

fn start(s: &mut State, id: &str) -> Vec<Event> {
    ok(s, json!({"type": "start_turn", "character": id}))
}

fn refuse_start(s: &mut State, id: &str) -> tw_rules::Refusal {
    refused(s, json!({"type": "start_turn", "character": id}))
}

fn coins(
    s: &mut State,
    from: &str,
    to: &str,
    amount: i64,
) -> Result<Vec<Event>, tw_rules::Refusal> {
    let c = cmd(json!({"type": "give_coins", "from": from, "to": to, "amount": amount}));
    let before = s.clone();
    let out = <tw_silver_mine::SilverMine as tw_rules::Game>::execute(s, &c);
    if out.is_err() {
        assert_eq!(*s, before, "a refused command changed the state");
    }
    out
}

/// p.13: "Roll to determine which player goes first ... Players take their
/// turns in clockwise order. After all characters have taken their turns, it
/// is then the dungeon's turn." The first round (b won the roll) fixes the
/// order; every later round repeats it.
#[test]
fn p13_the_first_round_fixes_the_order_and_later_rounds_repeat_it() {
    let mut s = two(true);
    start(&mut s, "b");
    let r = refuse_start(&mut s, "b");
    assert_eq!(r.rule, "Initiative: turn order");
    assert!(r.reason.contains("already had a turn this round"), "{r}");
    start(&mut s, "a");
    assert_eq!(s.turn_order, vec!["b".to_string(), "a".to_string()]);
    turn(&mut s, 1, &[]);
    assert_eq!(s.current, None, "nobody's turn after the dungeon turn");
    let r = refuse_start(&mut s, "a");
    assert!(r.reason.contains("it is b's turn before a's"), "{r}");
    start(&mut s, "b");
    start(&mut s, "a");
    // With an enemy on the table the dungeon turn must come between rounds.
    let r = refuse_start(&mut s, "b");
    assert!(r.reason.contains("the dungeon turn comes next"), "{r}");
}

/// p.19: "On your turn, you can choose to perform all actions, some actions,
/// or none at all, and skip your turn." A skipped turn is started and left
/// empty: nobody is passed over by the next character starting theirs.
#[test]
fn p19_skipping_is_starting_the_turn_and_doing_nothing() {
    let mut s = two(true);
    start(&mut s, "a");
    start(&mut s, "b");
    turn(&mut s, 1, &[]);
    start(&mut s, "a"); // a skips: no action
    ok(&mut s, json!({"type": "start_turn", "character": "b"}));
    ok(
        &mut s,
        json!({"type": "move", "character": "b", "path": [[1, 1]]}),
    );
}

/// p.19, Actions, Character Turn: every action belongs to a turn, so a
/// character cannot act in another's turn, nor when it is nobody's.
#[test]
fn p19_a_character_cannot_act_in_another_characters_turn() {
    let mut s = two(true);
    s.character_mut("b").unwrap().coins = 3;
    s.character_mut("b")
        .unwrap()
        .inventory
        .push(tw_silver_mine::model::Item::Torch);
    let r = refused(
        &mut s,
        json!({"type": "move", "character": "a", "path": [[0, 1]]}),
    );
    assert_eq!(r.rule, "Actions, Character Turn");
    assert!(r.reason.contains("nobody's turn"), "{r}");
    start(&mut s, "a");
    for c in [
        json!({"type": "move", "character": "b", "path": [[1, 1]]}),
        json!({"type": "use_item", "character": "b", "index": 0}),
        json!({"type": "drop", "character": "b", "index": 0}),
        json!({"type": "give", "from": "b", "to": "a", "index": 0}),
        json!({"type": "give_coins", "from": "b", "to": "a", "amount": 1}),
        json!({"type": "exit_dungeon", "character": "b"}),
        json!({"type": "use_power", "character": "b"}),
        json!({"type": "place_card", "id": "h", "kind": "hall", "origin": [6, 0], "rows": [".."], "explorer": "b"}),
    ] {
        let r = refused(&mut s, c.clone());
        assert_eq!(r.rule, "Actions, Character Turn", "{c}");
        assert!(
            r.reason
                .contains("it is a's turn; b cannot act in another character's turn"),
            "{c}: {r}"
        );
    }
    // a's own actions are fine in a's turn.
    ok(
        &mut s,
        json!({"type": "move", "character": "a", "path": [[0, 1]]}),
    );
    // The dungeon turn ends a's turn: a cannot act on until the next one.
    turn(&mut s, 1, &[]);
    let r = refused(
        &mut s,
        json!({"type": "move", "character": "a", "path": [[0, 0]]}),
    );
    assert!(r.reason.contains("nobody's turn"), "{r}");
}

/// p.28: "If there are no enemies left, nothing happens on the dungeon
/// turn." Once everyone has had a turn, the next round may begin without
/// one, but still with the first character in the order.
#[test]
fn p28_with_no_enemies_the_next_round_begins_without_a_dungeon_turn() {
    let mut s = two(false);
    start(&mut s, "a");
    let r = refuse_start(&mut s, "a");
    assert!(
        r.reason.contains("already had a turn"),
        "b has not played yet: {r}"
    );
    start(&mut s, "b");
    let r = refuse_start(&mut s, "b");
    assert!(r.reason.contains("a new round begins with a"), "{r}");
    start(&mut s, "a");
    assert_eq!(s.turns_taken, vec!["a".to_string()]);
    start(&mut s, "b");
}

/// A character who leaves the dungeon (or dies) drops out of the order; a
/// new exploration rolls initiative again (p.13: "Roll for initiative before
/// each new dungeon exploration").
#[test]
fn p13_those_who_left_are_skipped_and_a_new_exploration_rolls_again() {
    let mut s = two(true);
    start(&mut s, "a");
    start(&mut s, "b");
    turn(&mut s, 1, &[]);
    start(&mut s, "a");
    s.enemies.clear();
    ok(&mut s, json!({"type": "exit_dungeon", "character": "a"}));
    assert_eq!(s.current, None, "a left; it is nobody's turn");
    start(&mut s, "b");
    start(&mut s, "b"); // alone now, and no enemies: round after round
    ok(&mut s, json!({"type": "exit_dungeon", "character": "b"}));
    ok(&mut s, json!({"type": "new_dungeon"}));
    assert!(s.turn_order.is_empty() && s.turns_taken.is_empty());
    card(&mut s, "gate-2", "gate", (0, 0), &["...."]);
    enter(&mut s, "a", (0, 0));
    enter(&mut s, "b", (1, 0));
    start(&mut s, "b"); // b wins this exploration's roll
    start(&mut s, "a");
    assert_eq!(s.turn_order, vec!["b".to_string(), "a".to_string()]);
}

/// A character who enters after the first round joins the order at its end.
#[test]
fn a_late_arrival_joins_the_order_at_its_end() {
    let mut s = two(true);
    hero(&mut s, "c", 1, 3, 2, 4);
    start(&mut s, "a");
    start(&mut s, "b");
    turn(&mut s, 1, &[]);
    enter(&mut s, "c", (2, 0));
    let r = refuse_start(&mut s, "c");
    assert!(r.reason.contains("it is a's turn before c's"), "{r}");
    start(&mut s, "a");
    start(&mut s, "b");
    start(&mut s, "c");
    assert_eq!(s.turn_order, vec!["a", "b", "c"]);
}

/// p.20: "Trade: Trade with other characters by being on adjacent squares.
/// Exchange an item or more for free or agree on a price." p.30: "Coins can
/// be used at the town or traded between characters."
#[test]
fn p20_coins_pass_between_adjacent_characters_in_the_givers_turn() {
    let mut s = two(true);
    s.character_mut("a").unwrap().coins = 5;
    start(&mut s, "a");
    let ev = coins(&mut s, "a", "b", 3).unwrap();
    assert!(ev.contains(&Event::CoinsGiven {
        from: "a".into(),
        to: "b".into(),
        amount: 3
    }));
    assert_eq!(
        (
            s.character("a").unwrap().coins,
            s.character("b").unwrap().coins
        ),
        (2, 3)
    );
    // A trade is an action: no Run after it this turn.
    let r = refused(
        &mut s,
        json!({"type": "move", "character": "a", "path": [[0, 1]], "run": true}),
    );
    assert_eq!(r.rule, "Run");

    let r = coins(&mut s, "a", "b", 3).unwrap_err();
    assert_eq!(r.rule, "Pick up/Drop/Trade");
    assert!(
        r.reason.contains("amount is 3 but a carries 2 coin(s)"),
        "{r}"
    );
    let r = coins(&mut s, "a", "b", 0).unwrap_err();
    assert!(r.reason.contains("amount is 0"), "{r}");
    let r = coins(&mut s, "a", "nobody", 1).unwrap_err();
    assert_eq!(r.rule, "Characters");
    assert!(r.reason.contains("\"nobody\""), "{r}");
    let r = coins(&mut s, "a", "a", 1).unwrap_err();
    assert!(r.reason.contains("with themself"), "{r}");
    let r = coins(&mut s, "a", "b", 2_000_000).unwrap_err();
    assert_eq!(r.rule, "Input: numbers");
    assert!(r.reason.starts_with("amount is 2000000"), "{r}");
    // Not from the receiver's side in the giver's turn.
    let r = coins(&mut s, "b", "a", 1).unwrap_err();
    assert_eq!(r.rule, "Actions, Character Turn");
    // Apart, no trade.
    ok(
        &mut s,
        json!({"type": "move", "character": "a", "path": [[0, 1]]}),
    );
    put(&mut s, "a", (3, 1));
    let r = coins(&mut s, "a", "b", 1).unwrap_err();
    assert!(r.reason.contains("must stand on adjacent squares"), "{r}");
}

/// p.32 (the Merchant): "You can trade items with other characters"; coins
/// are "used at the town or traded between characters" (p.30). In town every
/// coin is in the stash (p.16), so a gift moves stash coins; a character in
/// the dungeon cannot trade with one in town, nor anyone with the dead.
#[test]
fn p32_in_town_coins_pass_from_stash_to_stash() {
    let mut s = new_game(1);
    hero(&mut s, "a", 1, 3, 2, 4);
    hero(&mut s, "b", 1, 3, 2, 4);
    s.stashes.get_mut("p-a").unwrap().coins = 10;
    coins(&mut s, "a", "b", 4).unwrap();
    assert_eq!((s.stashes["p-a"].coins, s.stashes["p-b"].coins), (6, 4));
    let r = coins(&mut s, "a", "b", 7).unwrap_err();
    assert_eq!(r.rule, "Stash");
    assert!(r.reason.contains("p-a's stash holds 6"), "{r}");

    // Two characters of one player share the stash.
    ok(
        &mut s,
        json!({"type": "new_character", "id": "a2", "player": "p-a", "character_type": "magic",
               "attrs": {"attack": 1, "move": 3, "torch": 2, "life": 4}}),
    );
    let r = coins(&mut s, "a", "a2", 1).unwrap_err();
    assert!(r.reason.contains("share one stash"), "{r}");

    // One in the dungeon, one in town.
    card(&mut s, "gate", "gate", (0, 0), &[".."]);
    enter(&mut s, "b", (0, 0));
    let r = coins(&mut s, "a", "b", 1).unwrap_err();
    assert!(r.reason.contains("both be in the dungeon"), "{r}");
    assert_eq!(
        coins(&mut s, "b", "a", 1).unwrap_err().rule,
        "Pick up/Drop/Trade"
    );

    // The dead trade nothing.
    s.character_mut("b").unwrap().alive = false;
    s.character_mut("b").unwrap().pos = None;
    let r = coins(&mut s, "a", "b", 1).unwrap_err();
    assert!(r.reason.contains("b has died"), "{r}");
}
