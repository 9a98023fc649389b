//! Rulebook 4.1, the Monster Phase: the companion table, Scrolls, hero
//! Specialties and Ultimates, and fleeing from a monster left standing.

mod common;
use common::*;
use serde_json::json;
use tw_dungeon_roll::event::{DelveOutcome, Event};
use tw_dungeon_roll::{DungeonFace, PartyFace, TreasureKind};

fn fight(s: &mut tw_dungeon_roll::State, die: &str, monster: &str) -> Vec<Event> {
    run(
        s,
        json!({"type": "fight", "with": {"die": die}, "monster": monster}),
    )
}

#[test]
fn a_fighter_defeats_any_number_of_goblins_but_one_skeleton() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(
        &mut s,
        &["goblin", "goblin", "goblin", "skeleton", "skeleton"],
        0,
    );
    let ev = fight(&mut s, "fighter", "goblin");
    assert!(ev.contains(&Event::MonstersDefeated {
        monster: DungeonFace::Goblin,
        count: 3
    }));
    assert_eq!(delve(&s).dungeon.goblin, 0);
    assert_eq!(delve(&s).graveyard, 1, "the used die goes to the Graveyard");
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "skeleton", "count": 2}),
    );
    assert_eq!(r.rule, "Monster Phase");
    assert!(r.reason.contains("defeats 1 of the 2"), "{r}");
    fight(&mut s, "fighter", "skeleton");
    assert_eq!(delve(&s).dungeon.skeleton, 1);
}

#[test]
fn clerics_take_skeletons_mages_take_oozes_thieves_take_one() {
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(
        &mut s,
        &[
            "skeleton", "skeleton", "ooze", "ooze", "ooze", "goblin", "goblin",
        ],
        0,
    );
    fight(&mut s, "cleric", "skeleton");
    assert_eq!(delve(&s).dungeon.skeleton, 0);
    fight(&mut s, "mage", "ooze");
    assert_eq!(delve(&s).dungeon.ooze, 0);
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "monster": "goblin", "count": 2}),
    );
    assert!(r.reason.contains("Thief defeats 1"), "{r}");
    fight(&mut s, "thief", "goblin");
    assert_eq!(delve(&s).dungeon.goblin, 1);
}

#[test]
fn a_champion_defeats_any_number_of_one_type() {
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["ooze", "ooze", "ooze", "skeleton"], 0);
    fight(&mut s, "champion", "ooze");
    assert_eq!(delve(&s).dungeon.ooze, 0);
    assert_eq!(delve(&s).dungeon.skeleton, 1, "one type only");
}

#[test]
fn a_scroll_fights_nothing_and_chests_are_not_fought() {
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "chest"], 0);
    assert!(refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "scroll"}, "monster": "goblin"})
    )
    .reason
    .contains("Scroll defeats no"));
    assert!(refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "monster": "chest"})
    )
    .reason
    .contains("Loot Phase"));
    assert!(refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "fighter"}, "monster": "ooze"})
    )
    .reason
    .contains("no Ooze"));
}

#[test]
fn a_die_not_in_the_party_cannot_be_used() {
    let mut s = game(&["commander"]);
    start(&mut s, &["fighter"; 7], "goblin");
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "cleric"}, "monster": "goblin"}),
    );
    assert_eq!(r.rule, "Core Mechanics: Party Dice");
}

#[test]
fn a_scroll_rerolls_party_and_dungeon_dice_and_new_dragons_go_to_the_lair() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["ooze", "ooze", "goblin"], 0);
    run(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"},
               "party": {"from": ["mage"], "to": ["thief"]},
               "dungeon": {"from": ["ooze", "ooze"], "to": ["chest", "dragon"]}}),
    );
    let d = delve(&s);
    assert_eq!(
        (d.dungeon.ooze, d.dungeon.chest, d.dungeon.goblin, d.lair),
        (0, 1, 1, 1)
    );
    assert_eq!(
        (
            d.party.get(PartyFace::Thief),
            d.party.get(PartyFace::Mage),
            d.party.get(PartyFace::Scroll)
        ),
        (2, 0, 0)
    );
    assert_eq!(d.graveyard, 1);
}

#[test]
fn a_scroll_cannot_reroll_itself_or_a_dragon() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin"], 1);
    let r = refused(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"}, "party": {"from": ["scroll"], "to": ["fighter"]}}),
    );
    assert_eq!(r.rule, "Monster Phase: Scrolls");
    let r = refused(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"}, "dungeon": {"from": ["dragon"], "to": ["goblin"]}}),
    );
    assert!(r.reason.contains("Dragon faces cannot be rerolled"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "scroll", "with": {"die": "fighter"}, "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert!(r.reason.contains("only a Scroll"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"}, "dungeon": {"from": ["goblin"], "to": []}}),
    );
    assert!(r.reason.contains("results"), "{r}");
}

#[test]
fn a_scroll_token_rerolls_and_goes_back_to_the_box() {
    let mut s = game(&["necromancer"]);
    give(&mut s, TreasureKind::Scroll, 1);
    start(&mut s, &PARTY, "goblin");
    run(
        &mut s,
        json!({"type": "scroll", "with": {"treasure": "scroll"}, "dungeon": {"from": ["goblin"], "to": ["potion"]}}),
    );
    assert_eq!(s.players[0].tokens.get(TreasureKind::Scroll), 0);
    assert_eq!(s.treasure_box.get(TreasureKind::Scroll), 3);
    assert_eq!(delve(&s).graveyard, 0, "no die was used");
    assert_eq!(delve(&s).dungeon.potion, 1);
}

#[test]
fn a_specialty_lets_a_die_act_as_another_companion() {
    // Minstrel: Thieves may be used as Mages.
    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["ooze", "ooze", "ooze"], 0);
    run(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "as": "mage", "monster": "ooze"}),
    );
    assert_eq!(delve(&s).dungeon.ooze, 0);
    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "skeleton");
    let r = refused(
        &mut s,
        json!({"type": "fight", "with": {"die": "thief"}, "as": "cleric", "monster": "skeleton"}),
    );
    assert_eq!(r.rule, "Hero Abilities: Specialty");
    assert!(r.reason.contains("Minstrel"), "{r}");
}

#[test]
fn the_ultimate_is_used_once_per_delve_and_refreshed_at_the_next() {
    // Mercenary: Calculated Strike defeats any two monsters.
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["skeleton", "ooze", "goblin"], 0);
    run(
        &mut s,
        json!({"type": "ultimate", "monsters": ["skeleton", "ooze"]}),
    );
    assert_eq!(delve(&s).dungeon.monsters(), 1);
    assert!(delve(&s).ultimate_used);
    let r = refused(&mut s, json!({"type": "ultimate", "monsters": ["goblin"]}));
    assert_eq!(r.rule, "Hero Abilities: Ultimate");
    fight(&mut s, "fighter", "goblin");
    run(&mut s, json!({"type": "retire"}));
    start(&mut s, &PARTY, "goblin");
    assert!(!delve(&s).ultimate_used);
    run(&mut s, json!({"type": "ultimate", "monsters": ["goblin"]}));
}

#[test]
fn the_ultimate_belongs_to_the_monster_phase_and_takes_only_its_own_fields() {
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "goblin"], 0);
    let r = refused(
        &mut s,
        json!({"type": "ultimate", "monsters": ["goblin", "goblin", "goblin"]}),
    );
    assert!(r.reason.contains("1 to 2"), "{r}");
    let r = refused(
        &mut s,
        json!({"type": "ultimate", "monsters": ["goblin"], "revive": ["fighter"]}),
    );
    assert!(r.reason.contains("takes no revive"), "{r}");
    fight(&mut s, "fighter", "goblin");
    set_dungeon(&mut s, &["chest"], 0);
    run(
        &mut s,
        json!({"type": "open_chests", "with": {"die": "thief"}, "drawn": ["talisman"]}),
    );
    let r = refused(&mut s, json!({"type": "ultimate", "monsters": ["goblin"]}));
    assert!(
        r.reason.contains("Monster Phase of this level is over"),
        "{r}"
    );
}

#[test]
fn ultimates_from_the_hero_vocabulary() {
    // Enchantress: one monster into a Potion.
    let mut s = game(&["enchantress"]);
    start(&mut s, &PARTY, "ooze");
    run(&mut s, json!({"type": "ultimate", "monsters": ["ooze"]}));
    assert_eq!((delve(&s).dungeon.ooze, delve(&s).dungeon.potion), (0, 1));

    // Knight: Battlecry turns every monster into a Dragon.
    let mut s = game(&["dragon_slayer"]);
    start(&mut s, &PARTY, "ooze");
    set_dungeon(&mut s, &["ooze", "goblin", "chest"], 1);
    run(&mut s, json!({"type": "ultimate"}));
    assert_eq!(
        (
            delve(&s).dungeon.monsters(),
            delve(&s).dungeon.chest,
            delve(&s).lair
        ),
        (0, 1, 3)
    );

    // Occultist: revive one die with a chosen face.
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    fight(&mut s, "fighter", "goblin");
    run(&mut s, json!({"type": "ultimate", "revive": ["champion"]}));
    assert_eq!(
        (
            delve(&s).graveyard,
            delve(&s).party.get(PartyFace::Champion)
        ),
        (0, 2)
    );

    // Spellsword: the hero joins as a Fighter and a Mage for the level.
    let mut s = game(&["battlemage"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "ooze"], 0);
    run(&mut s, json!({"type": "ultimate"}));
    run(
        &mut s,
        json!({"type": "fight", "with": {"hero": "fighter"}, "monster": "goblin"}),
    );
    run(
        &mut s,
        json!({"type": "fight", "with": {"hero": "mage"}, "monster": "ooze"}),
    );
    assert_eq!((delve(&s).dungeon.monsters(), delve(&s).graveyard), (0, 0));
    let r = refused(&mut s, json!({"type": "quaff", "with": {"hero": "mage"}}));
    assert!(r.reason.contains("Potion"), "{r}");

    // Half-Goblin: every Goblin is discarded.
    let mut s = game(&["half_goblin"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "skeleton"], 0);
    run(&mut s, json!({"type": "ultimate"}));
    assert_eq!(
        (delve(&s).dungeon.goblin, delve(&s).dungeon.skeleton),
        (0, 1)
    );

    // Minstrel: Bard's Song empties the Lair.
    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "dragon");
    run(&mut s, json!({"type": "ultimate"}));
    assert_eq!(delve(&s).lair, 0);
}

#[test]
fn a_master_ultimate_can_cost_a_treasure() {
    // Paladin: Divine Intervention discards everything for one token.
    let mut s = game(&["paladin"]);
    s.players[0].master = true;
    give(&mut s, TreasureKind::DragonScales, 1);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "skeleton", "chest"], 2);
    let r = refused(&mut s, json!({"type": "ultimate"}));
    assert!(r.reason.contains("costs 1"), "{r}");
    let r = refused(&mut s, json!({"type": "ultimate", "pay": ["town_portal"]}));
    assert!(r.reason.contains("does not hold"), "{r}");
    run(
        &mut s,
        json!({"type": "ultimate", "pay": ["dragon_scales"]}),
    );
    assert_eq!((delve(&s).dungeon.total(), delve(&s).lair), (0, 0));
    assert_eq!(s.players[0].tokens.total(), 0);
    assert_eq!(s.treasure_box.total(), 36);
}

#[test]
fn the_commander_rerolls_any_party_and_dungeon_dice() {
    let mut s = game(&["commander"]);
    s.players[0].master = true;
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "ooze"], 1);
    run(
        &mut s,
        json!({"type": "ultimate", "party": {"from": ["scroll"], "to": ["champion"]}, "dungeon": {"from": ["goblin", "ooze"], "to": ["chest", "chest"]}}),
    );
    assert_eq!(
        (
            delve(&s).dungeon.chest,
            delve(&s).lair,
            delve(&s).party.get(PartyFace::Champion)
        ),
        (2, 1, 2)
    );
}

#[test]
fn the_mercenary_may_reroll_the_party_only_as_it_forms() {
    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    run(
        &mut s,
        json!({"type": "formation_reroll", "party": {"from": ["scroll", "cleric"], "to": ["champion", "thief"]}}),
    );
    assert_eq!(delve(&s).party.get(PartyFace::Champion), 2);
    let r = refused(
        &mut s,
        json!({"type": "formation_reroll", "party": {"from": ["fighter"], "to": ["thief"]}}),
    );
    assert!(r.reason.contains("only as it forms"), "{r}");

    let mut s = game(&["commander"]);
    start(&mut s, &PARTY, "goblin");
    fight(&mut s, "fighter", "goblin");
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "formation_reroll", "party": {"from": ["mage"], "to": ["thief"]}})
        )
        .rule,
        "Hero Abilities: Specialty"
    );

    let mut s = game(&["bard"]);
    start(&mut s, &PARTY, "goblin");
    let r = refused(
        &mut s,
        json!({"type": "formation_reroll", "party": {"from": ["mage"], "to": ["thief"]}}),
    );
    assert!(r.reason.contains("Minstrel cannot"), "{r}");
}

#[test]
fn the_knight_forms_a_party_with_champions_for_scrolls() {
    let mut s = game(&["dragon_slayer"]);
    let ev = start(
        &mut s,
        &[
            "scroll", "scroll", "fighter", "fighter", "mage", "thief", "cleric",
        ],
        "goblin",
    );
    assert!(ev.contains(&Event::ScrollsBecameChampions { count: 2 }));
    assert_eq!(
        (
            delve(&s).party.get(PartyFace::Scroll),
            delve(&s).party.get(PartyFace::Champion)
        ),
        (0, 2)
    );
}

#[test]
fn a_monster_left_standing_means_fleeing_with_no_xp() {
    let mut s = game(&["bard", "paladin"]);
    start(&mut s, &["scroll"; 7], "ooze");
    let r = refused(&mut s, json!({"type": "retire"}));
    assert_eq!(r.rule, "Regroup Phase");
    let r = refused(
        &mut s,
        json!({"type": "seek_glory", "dungeon": ["goblin", "goblin"]}),
    );
    assert_eq!(r.rule, "Regroup Phase");
    let ev = run(&mut s, json!({"type": "flee"}));
    assert!(ev.contains(&Event::DelveEnded {
        player: 0,
        outcome: DelveOutcome::Fled
    }));
    assert_eq!(s.players[0].xp, 0);
    assert_eq!(s.players[0].delves, 1);
    assert!(s.delve.is_none());
    assert_eq!(s.adventurer, 1, "the Dungeon Lord becomes the Adventurer");
}

/// Rulebook 4.1 a: a Scroll rerolls "any number of Dungeon or Party Dice";
/// it is spent first, so a second Scroll may be among the dice it rerolls.
#[test]
fn a_scroll_may_reroll_another_scroll() {
    let mut s = game(&["necromancer"]);
    start(
        &mut s,
        &[
            "scroll", "scroll", "fighter", "fighter", "cleric", "mage", "thief",
        ],
        "goblin",
    );
    run(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"}, "party": {"from": ["scroll"], "to": ["champion"]}}),
    );
    let d = delve(&s);
    assert_eq!(
        (
            d.party.get(PartyFace::Scroll),
            d.party.get(PartyFace::Champion),
            d.graveyard
        ),
        (0, 1, 1)
    );
    // No Scroll is left to reroll anything.
    let r = refused(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"}, "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert_eq!(r.rule, "Core Mechanics: Party Dice");
}

/// Rulebook 4.1 a "Dragon faces cannot be rerolled" and 5 (the Lair:
/// "Dice here cannot be rerolled"): the Commander's Ultimate rerolls any
/// other die but not a Dragon, and a refused try leaves it unspent.
#[test]
fn the_commanders_reroll_cannot_touch_the_lair() {
    let mut s = game(&["commander"]);
    s.players[0].master = true;
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin"], 2);
    let r = refused(
        &mut s,
        json!({"type": "ultimate", "dungeon": {"from": ["goblin", "dragon"], "to": ["chest", "chest"]}}),
    );
    assert_eq!(r.rule, "Hero Abilities: Ultimate");
    assert!(r.reason.contains("Dragon faces cannot be rerolled"), "{r}");
    assert!(!delve(&s).ultimate_used);
    run(
        &mut s,
        json!({"type": "ultimate", "dungeon": {"from": ["goblin"], "to": ["chest"]}}),
    );
    assert_eq!((delve(&s).dungeon.chest, delve(&s).lair), (1, 2));
}

/// Rulebook 4 "1. Monster Phase a) Use Scrolls … b) … c) Use active Party
/// dice to defeat monsters": the letters list what the phase holds; unlike
/// the Twist cards ("before fighting monsters", 5), nothing says a Scroll
/// must come before the first fight. A player who has beaten the Goblins
/// may still read a Scroll at the Ooze, and the engine lets them (kept).
#[test]
fn rulebook_4_1_a_scroll_may_still_reroll_after_a_fight() {
    let mut s = game(&["necromancer"]);
    start(&mut s, &PARTY, "goblin");
    set_dungeon(&mut s, &["goblin", "goblin", "ooze"], 0);
    fight(&mut s, "fighter", "goblin");
    assert!(delve(&s).fought, "the level's fight has begun");
    run(
        &mut s,
        json!({"type": "scroll", "with": {"die": "scroll"},
               "dungeon": {"from": ["ooze"], "to": ["chest"]}}),
    );
    let d = delve(&s);
    assert_eq!((d.dungeon.ooze, d.dungeon.chest), (0, 1));
    assert_eq!(d.graveyard, 2, "the Fighter and the Scroll are spent");
}
