//! Crossroads Town and the campaign: titles, rewards, Merchant, Mystic,
//! Innkeeper, the Tree, the stash and the arena purse.

mod common;
use common::*;
use serde_json::json;
use tw_silver_mine::model::{Item, Mode, Title};
use tw_silver_mine::{Event, State};

fn town() -> State {
    let mut s = new_game(1);
    hero(&mut s, "w", 1, 3, 2, 4);
    s
}

fn weapon(bonus: i32) -> Item {
    serde_json::from_value(json!({"item": "weapon", "name": format!("w{bonus}"), "attribute": "attack", "bonus": bonus})).unwrap()
}

fn potions(kinds: &[&str]) -> Vec<Item> {
    kinds
        .iter()
        .map(|k| serde_json::from_value(json!({"item": "potion", "potion": k})).unwrap())
        .collect()
}

fn stash(s: &State) -> u32 {
    s.stashes["p-w"].coins
}

fn quest(s: &mut State, name: &str, extra: serde_json::Value) -> Vec<Event> {
    ok(
        s,
        json!({"type": "accept_quest", "character": "w", "quest": name}),
    );
    let mut c = json!({"type": "complete_quest", "character": "w"});
    for (k, v) in extra.as_object().unwrap() {
        c[k] = v.clone();
    }
    ok(s, c)
}

#[test]
fn titles_come_strictly_in_order_seeker_not_soldier() {
    let mut s = town();
    // A Hard quest first earns coins and a book, but no title: Vagabond comes first.
    quest(&mut s, "tombs", json!({"book": "trader"}));
    assert!(s.character("w").unwrap().titles.is_empty());
    quest(&mut s, "crates", json!({}));
    quest(&mut s, "lockpicking", json!({}));
    assert_eq!(
        s.character("w").unwrap().titles,
        vec![Title::Vagabond, Title::Seeker]
    );
    // A third Easy quest earns nothing more: Pathfinder needs a Medium one.
    quest(&mut s, "cartographer", json!({}));
    assert_eq!(s.character("w").unwrap().titles.len(), 2);
    quest(&mut s, "barrels", json!({"item": {"item": "torch"}}));
    quest(&mut s, "campfire", json!({"item": {"item": "torch"}}));
    quest(&mut s, "rogue", json!({}));
    assert_eq!(
        s.character("w").unwrap().titles,
        vec![
            Title::Vagabond,
            Title::Seeker,
            Title::Pathfinder,
            Title::Adventurer,
            Title::Explorer
        ]
    );
    let before = stash(&s);
    let ev = quest(&mut s, "gates", json!({}));
    assert!(ev.iter().any(|e| matches!(e, Event::HeroDeclared { .. })));
    assert_eq!(
        stash(&s),
        before + 5 + 20,
        "the first Hero gets 20 coins more"
    );
    assert_eq!(serde_json::to_value(Title::Seeker).unwrap(), "seeker");
}

#[test]
fn only_the_first_hero_gets_the_bonus() {
    let mut s = town();
    hero(&mut s, "m", 1, 3, 2, 4);
    s.hero_declared = true;
    s.character_mut("w").unwrap().titles = vec![
        Title::Vagabond,
        Title::Seeker,
        Title::Pathfinder,
        Title::Adventurer,
        Title::Explorer,
    ];
    s.character_mut("w").unwrap().inventory = vec![weapon(1), weapon(2), weapon(3)];
    let before = stash(&s);
    quest(&mut s, "warmaster", json!({}));
    assert_eq!(s.character("w").unwrap().titles.last(), Some(&Title::Hero));
    assert_eq!(stash(&s), before + 5);
}

#[test]
fn rewards_follow_the_questmaster_table() {
    let mut s = town();
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "alchemist"}),
    );
    assert!(refused(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "crates"})
    )
    .reason
    .contains("already"));
    s.character_mut("w").unwrap().inventory = potions(&["health", "speed", "strength"]);
    let r = refused(&mut s, json!({"type": "complete_quest", "character": "w"}));
    assert!(r.reason.contains("1 random item"), "{r}");
    ok(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "item": {"item": "tools"}}),
    );
    assert_eq!(s.character("w").unwrap().inventory, vec![Item::Tools]);
    assert_eq!(stash(&s), 5);
    // Personal quests pay but grant no title.
    quest(&mut s, "silver_touch", json!({}));
    assert_eq!(stash(&s), 10);
    assert!(s.character("w").unwrap().titles.is_empty());
    assert!(refused(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "dragons"})
    )
    .reason
    .contains("no quest"));
}

#[test]
fn merchant_prices_trader_discount_and_his_refusals() {
    let mut s = town();
    s.stashes.get_mut("p-w").unwrap().coins = 20;
    ok(
        &mut s,
        json!({"type": "buy", "character": "w", "item": {"item": "weapon", "attribute": "attack"}}),
    );
    assert_eq!(stash(&s), 4);
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "buy", "character": "w", "item": {"item": "potion", "potion": "speed"}})
        )
        .rule,
        "Stash"
    );
    assert!(refused(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 0})
    )
    .reason
    .contains("just sold"));
    s.character_mut("w")
        .unwrap()
        .inventory
        .push(Item::MasterKey { charges: 1 });
    assert!(refused(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 1})
    )
    .reason
    .contains("partially used"));
    s.character_mut("w").unwrap().inventory.push(Item::Torch);
    ok(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 2}),
    );
    assert_eq!(stash(&s), 6);
    // With the Trader book: buy 2 less, sell 2 more.
    s.stashes
        .get_mut("p-w")
        .unwrap()
        .books
        .push("trader".into());
    ok(
        &mut s,
        json!({"type": "buy", "character": "w", "item": {"item": "torch"}}),
    );
    assert_eq!(stash(&s), 4);
    s.character_mut("w").unwrap().inventory = vec![Item::Tools];
    ok(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 0}),
    );
    assert_eq!(stash(&s), 10);
}

#[test]
fn mystic_books_by_tier_at_most_four_no_duplicates() {
    let mut s = town();
    s.stashes.get_mut("p-w").unwrap().coins = 200;
    ok(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "trader"}),
    );
    assert_eq!(stash(&s), 180);
    assert!(refused(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "trader"})
    )
    .reason
    .contains("twice"));
    ok(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "mirror_image"}),
    );
    assert_eq!(stash(&s), 145);
    ok(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "opportunity"}),
    );
    ok(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "giant_strength"}),
    );
    assert_eq!(stash(&s), 90);
    assert!(refused(
        &mut s,
        json!({"type": "buy_book", "character": "w", "book": "second_wind"})
    )
    .reason
    .contains("at most 4"));
}

#[test]
fn innkeeper_recover_and_one_rumour_per_exploration() {
    let mut s = town();
    s.stashes.get_mut("p-w").unwrap().coins = 9;
    {
        let w = s.character_mut("w").unwrap();
        w.attrs.life = 1;
        w.attrs.torch = 0;
    }
    ok(&mut s, json!({"type": "inn_recover", "character": "w"}));
    let w = s.character("w").unwrap();
    assert_eq!((w.attrs.life, w.attrs.torch, stash(&s)), (4, 2, 4));
    ok(&mut s, json!({"type": "inn_rumor", "character": "w"}));
    assert!(
        refused(&mut s, json!({"type": "inn_rumor", "character": "w"}))
            .reason
            .contains("one rumour")
    );
    assert_eq!(
        refused(&mut s, json!({"type": "inn_recover", "character": "w"})).rule,
        "Stash"
    );
}

#[test]
fn the_tree_opens_paths_after_vagabond_and_pathfinder() {
    let mut s = town();
    let path = |p: &str| json!({"type": "choose_path", "character": "w", "path": p, "prerequisite": "attack"});
    assert!(refused(&mut s, path("iron")).reason.contains("Vagabond"));
    s.character_mut("w").unwrap().titles = vec![Title::Vagabond, Title::Seeker];
    ok(&mut s, path("iron"));
    assert!(refused(&mut s, path("shadow"))
        .reason
        .contains("1 path(s) open"));
    s.character_mut("w").unwrap().titles.push(Title::Pathfinder);
    assert!(refused(&mut s, path("iron")).reason.contains("already"));
    ok(&mut s, path("shadow"));
}

#[test]
fn town_is_not_the_dungeon() {
    let mut s = town();
    card(&mut s, "gate", "gate", (0, 0), &["..", ".."]);
    enter(&mut s, "w", (0, 0));
    assert_eq!(
        refused(&mut s, json!({"type": "inn_recover", "character": "w"})).rule,
        "Crossroads Town"
    );
}

#[test]
fn arena_pays_twenty_each_and_ten_per_defeat() {
    let mut s = town();
    hero(&mut s, "m", 1, 3, 2, 4);
    assert_eq!(
        refused(&mut s, json!({"type": "arena_ended", "defeats": {"w": 1}})).rule,
        "Arena"
    );
    s.mode = Mode::Arena;
    assert!(refused(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "crates"})
    )
    .reason
    .contains("arena"));
    ok(&mut s, json!({"type": "arena_ended", "defeats": {"w": 2}}));
    assert_eq!(stash(&s), 40);
    assert_eq!(s.stashes["p-m"].coins, 20);
    assert!(refused(
        &mut s,
        json!({"type": "arena_ended", "defeats": {"nobody": 1}})
    )
    .reason
    .contains("nobody"));
}

#[test]
fn a_campaign_survives_a_json_round_trip_between_evenings() {
    let mut s = town();
    quest(&mut s, "crates", json!({}));
    let saved = serde_json::to_string(&s).unwrap();
    let mut back: State = serde_json::from_str(&saved).unwrap();
    assert_eq!(back, s);
    quest(&mut back, "lockpicking", json!({}));
    assert_eq!(
        back.character("w").unwrap().titles,
        vec![Title::Vagabond, Title::Seeker]
    );
}

#[test]
fn from_town_to_dungeon_and_back_then_a_fresh_dungeon() {
    let mut s = town();
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "crates"}),
    );
    card(&mut s, "gate", "gate", (0, 0), &["...", "..."]);
    enter(&mut s, "w", (0, 0));
    enemy(&mut s, "g", "goblin", (2, 1), 1, 0, 1);
    s.character_mut("w").unwrap().coins = 4;
    assert!(refused(&mut s, json!({"type": "new_dungeon"}))
        .reason
        .contains("still in the dungeon"));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(&mut s, json!({"type": "exit_dungeon", "character": "w"}));
    ok(&mut s, json!({"type": "new_dungeon"}));
    assert!(s.cards.is_empty() && s.enemies.is_empty() && s.goblins_placed == 0);
    ok(&mut s, json!({"type": "complete_quest", "character": "w"}));
    assert_eq!(stash(&s), 9, "4 carried out + 5 reward");
    // The next exploration starts from a new Gate; the quest and titles stay.
    card(&mut s, "gate-2", "gate", (10, 10), &["..", ".."]);
    enter(&mut s, "w", (10, 10));
    assert_eq!(s.character("w").unwrap().titles, vec![Title::Vagabond]);
}

#[test]
fn the_active_path_charges_on_its_prerequisite_and_the_power_empties_it() {
    let mut s = town();
    s.character_mut("w").unwrap().titles = vec![Title::Vagabond, Title::Seeker, Title::Pathfinder];
    ok(
        &mut s,
        json!({"type": "choose_path", "character": "w", "path": "iron", "prerequisite": "attack", "charges": 2}),
    );
    ok(
        &mut s,
        json!({"type": "choose_path", "character": "w", "path": "ember", "prerequisite": "torch"}),
    );
    assert_eq!(
        s.character("w").unwrap().active_path.as_deref(),
        Some("iron")
    );
    card(&mut s, "gate", "gate", (0, 0), &["....", "...."]);
    enter(&mut s, "w", (0, 0));
    enemy(&mut s, "g", "goblin", (1, 0), 0, 0, 9);
    let attack = |c: u8, e: u8| json!({"type": "attack", "character": "w", "enemy": "g", "dice": {"character": c, "enemy": e}});
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    assert_eq!(
        refused(&mut s, json!({"type": "use_power", "character": "w"})).rule,
        "Special Powers"
    );
    ok(&mut s, attack(1, 6)); // a lost attack does not charge
    assert_eq!(s.character("w").unwrap().path_charge, 0);
    for expected in [1, 2, 2] {
        // The goblin strikes back in the dungeon turn and ties (1 + 1 against 2 + 0).
        turn(&mut s, 1, &[(1, 2)]);
        ok(&mut s, json!({"type": "start_turn", "character": "w"}));
        ok(&mut s, attack(6, 1));
        assert_eq!(
            s.character("w").unwrap().path_charge,
            expected,
            "charges stop at the star"
        );
    }
    let ev = ok(&mut s, json!({"type": "use_power", "character": "w"}));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::PowerUsed { path, .. } if path == "iron")));
    assert_eq!(s.character("w").unwrap().path_charge, 0);
    // Switching (in town) makes the other path active and loses progress.
    // The goblin strikes back in the dungeon turn and ties (1 + 1 against 2 + 0).
    turn(&mut s, 1, &[(1, 2)]);
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(&mut s, attack(6, 1));
    s.enemies.clear();
    ok(&mut s, json!({"type": "exit_dungeon", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "switch_path", "character": "w", "path": "ember"}),
    );
    let w = s.character("w").unwrap();
    assert_eq!(
        (w.active_path.as_deref(), w.path_charge),
        (Some("ember"), 0)
    );
}

#[test]
fn spending_a_torch_while_exploring_charges_a_torch_path() {
    let mut s = town();
    s.character_mut("w").unwrap().titles = vec![Title::Vagabond];
    ok(
        &mut s,
        json!({"type": "choose_path", "character": "w", "path": "ember", "prerequisite": "torch"}),
    );
    card(&mut s, "gate", "gate", (0, 0), &[".."]);
    enter(&mut s, "w", (1, 0));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    ok(
        &mut s,
        json!({"type": "place_card", "id": "h", "kind": "hall", "origin": [2, 0], "rows": [".."], "explorer": "w"}),
    );
    assert_eq!(s.character("w").unwrap().path_charge, 1);
}

/// p.32: "He also collects the required items, if needed, and gives the
/// rewards." A full inventory of the three potions is handed over, so the
/// Medium reward item has room.
#[test]
fn p32_the_questmaster_collects_the_alchemists_potions() {
    let mut s = town();
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "alchemist"}),
    );
    s.character_mut("w").unwrap().inventory = potions(&["health", "health", "speed"]);
    let r = refused(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "item": {"item": "tools"}}),
    );
    assert!(r.reason.contains("carries 2 of them"), "{r}");
    s.character_mut("w").unwrap().inventory = potions(&["health", "speed", "strength"]);
    ok(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "item": {"item": "tools"}}),
    );
    assert_eq!(s.character("w").unwrap().inventory, vec![Item::Tools]);
}

/// p.32, the Warmaster's 3 weapons: the equipped one counts and is handed
/// over too (unequipped first, its bonus gone); a fourth weapon stays.
#[test]
fn p32_the_questmaster_collects_the_warmasters_weapons_the_equipped_one_too() {
    let mut s = town();
    s.character_mut("w").unwrap().inventory = vec![weapon(1), weapon(2)];
    ok(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0}),
    );
    assert_eq!(s.character("w").unwrap().attrs.attack, 2);
    s.character_mut("w").unwrap().inventory.push(weapon(3));
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "warmaster"}),
    );
    ok(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "book": "trader"}),
    );
    let w = s.character("w").unwrap();
    assert!(w.inventory.is_empty(), "{:?}", w.inventory);
    assert!(w.equipped.is_none());
    assert_eq!(w.attrs.attack, 1);
    // With four weapons in hand, one stays.
    let mut s = town();
    s.character_mut("w").unwrap().inventory = vec![weapon(1), weapon(2), weapon(3), Item::Backpack];
    s.character_mut("w").unwrap().inventory.push(weapon(4));
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "warmaster"}),
    );
    ok(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "book": "trader"}),
    );
    assert_eq!(
        s.character("w").unwrap().inventory,
        vec![Item::Backpack, weapon(4)]
    );
}

/// p.15: "2 characters: Take 2 item cards each", 3 take 1 each, 4 none.
#[test]
fn p15_starting_items_by_the_number_of_characters() {
    let mut s = town();
    let new = |id: &str, items: &[&str]| {
        let items: Vec<_> = items.iter().map(|i| json!({"item": i})).collect();
        json!({"type": "new_character", "id": id, "player": format!("p-{id}"), "character_type": "strength",
               "attrs": {"attack": 1, "move": 3, "torch": 2, "life": 4}, "items": items})
    };
    let r = refused(&mut s, new("b", &["tools", "torch", "torch"]));
    assert!(
        r.reason
            .contains("with 2 characters each takes 2 item cards (p.15), not 3"),
        "{r}"
    );
    ok(&mut s, new("b", &["tools", "torch"]));
    assert!(refused(&mut s, new("c", &["tools", "torch"]))
        .reason
        .contains("takes 1 item card "));
    ok(&mut s, new("c", &["master_key"]));
    assert!(refused(&mut s, new("d", &["torch"]))
        .reason
        .contains("takes 0 item cards"));
    ok(&mut s, new("d", &[]));
}

// ---- Rules audit 2026-11-27: situations worked out from the rulebook ----

/// p.36 (l.1261): a Torch path charges "When you spend a Torch". Equipping
/// and taking off a Torch weapon spends nothing, so it charges nothing (or
/// the path could be charged by swapping gear).
#[test]
fn p36_unequipping_a_torch_weapon_does_not_charge_a_torch_path() {
    let mut s = town();
    s.character_mut("w").unwrap().titles = vec![Title::Vagabond];
    ok(
        &mut s,
        json!({"type": "choose_path", "character": "w", "path": "ember", "prerequisite": "torch"}),
    );
    card(&mut s, "gate", "gate", (0, 0), &[".."]);
    enter(&mut s, "w", (1, 0));
    ok(&mut s, json!({"type": "start_turn", "character": "w"}));
    s.character_mut("w").unwrap().inventory.push(
        serde_json::from_value(
            json!({"item": "weapon", "name": "Lantern", "attribute": "torch", "bonus": 1}),
        )
        .unwrap(),
    );
    ok(
        &mut s,
        json!({"type": "equip", "character": "w", "index": 0}),
    );
    ok(&mut s, json!({"type": "unequip", "character": "w"}));
    assert_eq!(s.character("w").unwrap().attrs.torch, 2);
    assert_eq!(s.character("w").unwrap().path_charge, 0);
}

/// p.32 (l.1135): the Merchant buys items; p.30 (l.1083): the backpack holds
/// the items beyond 3. Selling it while it holds them would leave more than
/// 3 items with no backpack: refused until three or fewer are left.
#[test]
fn p32_the_merchant_takes_the_backpack_only_when_it_is_not_needed() {
    let mut s = town();
    let inv = &mut s.character_mut("w").unwrap().inventory;
    inv.push(Item::Backpack);
    inv.extend([Item::Torch, Item::Torch, Item::Torch, Item::Torch]);
    let r = refused(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 0}),
    );
    assert_eq!(r.rule, "Items: Backpack", "{r}");
    ok(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 1}),
    );
    ok(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 0}),
    );
    assert_eq!(stash(&s), 2 + 8);
    assert_eq!(s.character("w").unwrap().inventory.len(), 3);
}

/// p.18 (l.632): "Personal quests don't grant a Title, and you are not
/// required to deliver items." Wayfinder's keys stay with the character.
#[test]
fn p18_a_personal_quest_keeps_its_items_and_gives_no_title() {
    let mut s = town();
    s.character_mut("w").unwrap().inventory = vec![Item::MasterKey { charges: 2 }; 3];
    quest(&mut s, "wayfinder", json!({}));
    let w = s.character("w").unwrap();
    assert_eq!(w.inventory.len(), 3, "the keys are not collected");
    assert!(w.titles.is_empty());
    assert_eq!(stash(&s), 5);
}

/// p.16, the Stash: "Keep your Coins and Books in your Stash", so a Medium
/// reward item that finds no room cannot be stashed. The refusal names what
/// the character can do in town instead: sell at the Merchant, equip, or
/// give to another character.
#[test]
fn p32_no_room_for_the_reward_item_names_what_town_allows() {
    let mut s = town();
    ok(
        &mut s,
        json!({"type": "accept_quest", "character": "w", "quest": "barrels"}),
    );
    s.character_mut("w").unwrap().inventory = potions(&["health", "speed", "strength"]);
    let r = refused(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "item": {"item": "tools"}}),
    );
    assert_eq!(r.rule, "Inventory");
    assert!(!r.reason.contains("or stash"), "{r}");
    assert!(r.reason.contains("only coins and books"), "{r}");
    for way in ["sell", "Merchant", "equip", "give"] {
        assert!(r.reason.contains(way), "{way}: {r}");
    }
    // Selling one potion makes room, and the quest is delivered.
    ok(
        &mut s,
        json!({"type": "sell", "character": "w", "index": 0}),
    );
    ok(
        &mut s,
        json!({"type": "complete_quest", "character": "w", "item": {"item": "tools"}}),
    );
    assert!(s.character("w").unwrap().inventory.contains(&Item::Tools));
}
