//! Rulebook 5, Twist Cards (optional): two cards each at the start, one
//! more after each delve round, played on anyone's delve before the
//! level's monsters are fought.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::event::Event;
use tw_dungeon_roll::{DungeonFace, PartyFace};

fn draw(s: &mut tw_dungeon_roll::State, player: usize, card: &str) {
    run(
        s,
        json!({"type": "draw_twist", "player": player, "card": card}),
    );
}

#[test]
fn each_player_draws_two_at_the_start_and_one_after_each_round() {
    let mut s = twist_game(&["bard", "paladin"]);
    draw(&mut s, 0, "lucky-charm");
    draw(&mut s, 0, "Dragon Call"); // by name, any case
    let r = refused(
        &mut s,
        json!({"type": "draw_twist", "player": 0, "card": "doppelganger"}),
    );
    assert_eq!(r.rule, "Twist Cards");
    assert!(r.reason.contains("every Twist card due"), "{r}");
    assert_eq!(s.players[0].twists, ["lucky-charm", "dragon-call"]);
    assert_eq!(s.players[1].twist_draws, 2);
    // The first delve ends: the round is not over until the second player has delved.
    quiet_delve(&mut s);
    assert_eq!(s.players[0].twist_draws, 0);
    quiet_delve(&mut s);
    assert_eq!((s.players[0].twist_draws, s.players[1].twist_draws), (1, 3));
    let r = refused(
        &mut s,
        json!({"type": "draw_twist", "player": 0, "card": "no-such-card"}),
    );
    assert!(r.reason.contains("card: no Twist card"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "draw_twist", "player": 5, "card": "doppelganger"}),
    );
    assert!(r.reason.contains("player: seat 5"), "{r}");
}

#[test]
fn without_the_module_no_card_is_drawn() {
    let mut s = game(&["bard"]);
    let r = refused(
        &mut s,
        json!({"type": "draw_twist", "player": 0, "card": "doppelganger"}),
    );
    assert_eq!(r.rule, "Twist Cards");
    assert!(r.reason.contains("without the Twist cards"), "{r}");
}

#[test]
fn a_card_is_played_before_fighting_and_only_from_the_hand() {
    let mut s = twist_game(&["bard", "paladin"]);
    draw(&mut s, 1, "polymorph-spell");
    draw(&mut s, 1, "trick-of-the-light");
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["skeleton", "skeleton", "ooze"], 0);
    // Not in the Adventurer's hand: P1 holds none.
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "polymorph-spell", "dungeon": {"from": ["ooze"], "to": []}}),
    );
    assert!(r.reason.contains("holds no Polymorph Spell"), "{r}");
    // The other player plays on the Adventurer's delve: the Ooze becomes a Goblin.
    let ev = run(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "polymorph-spell", "dungeon": {"from": ["ooze"], "to": []}}),
    );
    assert!(matches!(&ev[0], Event::TwistPlayed { player: 1, card } if card == "polymorph-spell"));
    assert_eq!((delve(&s).dungeon.ooze, delve(&s).dungeon.goblin), (0, 1));
    assert!(
        s.players[1].twists == ["trick-of-the-light"],
        "played cards are discarded"
    );
    // Once a monster has fallen, the fight has begun: no more cards this level.
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "cleric"}, "monster": "skeleton"}),
    );
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "trick-of-the-light", "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert!(r.reason.contains("before fighting monsters"), "{r}");
}

#[test]
fn rerolls_name_one_die_and_the_face_it_shows_after() {
    let mut s = twist_game(&["bard"]);
    draw(&mut s, 0, "trick-of-the-light");
    draw(&mut s, 0, "lucky-charm");
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin"], 0);
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "trick-of-the-light", "dungeon": {"from": ["goblin", "goblin"], "to": ["chest", "chest"]}}),
    );
    assert!(r.reason.contains("name one Dungeon die, not 2"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "trick-of-the-light", "party": {"from": ["fighter"], "to": ["mage"]}}),
    );
    assert!(r.reason.contains("names no Party dice"), "{r}");
    // A reroll that comes up Dragon goes to the Lair.
    run(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "trick-of-the-light", "dungeon": {"from": ["goblin"], "to": ["dragon"]}}),
    );
    assert_eq!((delve(&s).dungeon.goblin, delve(&s).lair), (1, 1));
    // Lucky Charm: a Party die instead.
    run(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "lucky-charm", "party": {"from": ["scroll"], "to": ["champion"]}}),
    );
    assert_eq!(
        (
            delve(&s).party.get(PartyFace::Scroll),
            delve(&s).party.get(PartyFace::Champion)
        ),
        (0, 2)
    );
}

#[test]
fn face_cards_reroll_every_die_showing_the_face() {
    let mut s = twist_game(&["bard"]);
    draw(&mut s, 0, "scatter-in-fear");
    draw(&mut s, 0, "party-time");
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "ooze"], 0);
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "scatter-in-fear", "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert!(
        r.reason
            .contains("every Dungeon die showing a Goblin is rerolled (2 here)"),
        "{r}"
    );
    run(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "scatter-in-fear", "dungeon": {"from": ["goblin", "goblin"], "to": ["potion", "ooze"]}}),
    );
    let d = delve(&s);
    assert_eq!(
        (
            d.dungeon.goblin,
            d.dungeon.ooze,
            d.dungeon.get(DungeonFace::Potion)
        ),
        (0, 2, 1)
    );
    run(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "party-time", "party": {"from": ["fighter", "fighter"], "to": ["mage", "cleric"]}}),
    );
    assert_eq!(delve(&s).party.get(PartyFace::Fighter), 0);
    assert_eq!(delve(&s).party.get(PartyFace::Mage), 2);
}

#[test]
fn change_cards_turn_one_die_and_a_dragon_call_fills_the_lair() {
    let mut s = twist_game(&["bard", "paladin"]);
    draw(&mut s, 1, "dragon-call");
    draw(&mut s, 1, "tough-as-nails");
    draw(&mut s, 0, "wary-dragon");
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "chest"], 1);
    let r = refused(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "dragon-call", "dungeon": {"from": ["chest"], "to": ["potion"]}}),
    );
    assert!(r.reason.contains("becomes a Dragon"), "{r}");
    run(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "dragon-call", "dungeon": {"from": ["chest"], "to": []}}),
    );
    assert_eq!(
        (delve(&s).dungeon.get(DungeonFace::Chest), delve(&s).lair),
        (0, 2)
    );
    run(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "tough-as-nails", "party": {"from": ["scroll"], "to": []}}),
    );
    assert_eq!(delve(&s).party.get(PartyFace::Fighter), 3);
    // Wary Dragon: two dice in the Lair are enough for this delve's Dragon.
    run(
        &mut s,
        json!({"type": "play_twist", "player": 0, "card": "wary-dragon"}),
    );
    assert_eq!(s.dragon_lair_needed(), 2);
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "goblin"}),
    );
    let r = refused(&mut s, json!({"type": "retire"}));
    assert!(r.reason.contains("the Dragon appears"), "{r}");
    run(&mut s, json!({"type": "flee"}));
    assert_eq!(
        s.dragon_lair_needed(),
        3,
        "the card lasts for its delve only"
    );
}

#[test]
fn distractions_make_champions_fight_as_thieves_for_the_level() {
    let mut s = twist_game(&["bard", "paladin"]);
    draw(&mut s, 1, "distractions");
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["skeleton", "skeleton", "skeleton"], 0);
    run(
        &mut s,
        json!({"type": "play_twist", "player": 1, "card": "distractions"}),
    );
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "champion"}, "monster": "skeleton", "count": 3}),
    );
    assert!(r.reason.contains("defeats 1 of the 3"), "{r}");
    // The helper's plan knows it too: the Cleric takes the Skeletons.
    let p = tw_dungeon_roll::propose(&s).unwrap();
    assert!(p.feasible);
    assert!(p.fights.iter().all(
        |a| a.count <= 1 || a.with != tw_dungeon_roll::command::Unit::Die(PartyFace::Champion)
    ));
    run(&mut s, json!({"type": "accept_proposal"}));
    assert_eq!(delve(&s).dungeon.monsters(), 0);
    // The next level is not distracted.
    run(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["goblin", "goblin"]}),
    );
    assert!(!delve(&s).champions_as_thieves);
}
