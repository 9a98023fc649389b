//! The assumed tables are corrected in one place: the data files, or the
//! setup's `tile_counts` and `tables`. Undo restores the previous state.

mod common;
use common::*;
use serde_json::json;
use tw_pocket_dungeon_quest::{Command, HeroKind::*, PocketDungeonQuest, TileKind::*};
use tw_rules::{Game, History};

#[test]
fn a_setup_override_replaces_an_assumed_table() {
    // A player whose die reads "one_sword" as two Swords, and whose
    // Henchmen table gives 3 on two Swords.
    let mut st = setup_for(&[Rogue]);
    st.tables = serde_json::from_value(json!({
        "attack_die": {
            "one_sword": {"swords": 2, "kind": "swords"},
            "two_swords": {"swords": 2, "kind": "swords"},
            "three_swords": {"swords": 3, "kind": "swords"},
            "flash": {"swords": 0, "kind": "flash"},
            "skull": {"swords": 0, "kind": "skull"}
        },
        "henchmen": {"one_sword": 1, "two_swords": 3, "three_swords": 3, "flash": 2, "skull": 4}
    }))
    .unwrap();
    let mut s = PocketDungeonQuest::setup(&st).unwrap();
    assert_eq!(s.rules.dice.henchmen["two_swords"], 3);
    mv(&mut s, p(-1, 4), &[(p(0, 4), Goblin)]);
    run(&mut s, attack(p(0, 4), "one_sword"));
    assert_eq!(hero(&s, Rogue).xp, 1, "one_sword now hits");
}

#[test]
fn an_override_that_breaks_a_table_is_refused_naming_it() {
    let mut st = setup_for(&[Rogue]);
    st.tables =
        serde_json::from_value(json!({"attack_die": {"blank": {"swords": 0, "kind": "flash"}}}))
            .unwrap();
    let r = PocketDungeonQuest::setup(&st).unwrap_err();
    assert_eq!(r.rule, "Setup");
    assert!(r.reason.contains("dice.json"), "{r}");
    let mut st = setup_for(&[Rogue]);
    st.tile_counts.insert(Poisoner, 2);
    let r = PocketDungeonQuest::setup(&st).unwrap_err();
    assert!(
        r.reason.contains("do not fill"),
        "swap one in for another Monster: {r}"
    );
}

#[test]
fn undo_restores_the_state_before_the_last_command() {
    let mut h = History::<PocketDungeonQuest>::new(&setup_for(&[Warrior])).unwrap();
    let start = h.state().clone();
    let c = go_cmd(h.state(), p(-1, 4), &[(p(0, 4), SpikeTrap)]);
    h.execute(c.clone()).unwrap();
    assert_eq!(h.state().hero(Warrior).unwrap().hearts, 2);
    assert_eq!(h.undo().unwrap(), c);
    assert_eq!(h.state(), &start);
    assert!(h.execute(Command::EndTurn).is_err());
    assert_eq!(PocketDungeonQuest::NAME, "pocket-dungeon-quest");
}
