//! What the Silver Mine screen shows beside the state, derived by the engine
//! from its own tables and constants so the screen restates no rule: the
//! tables the forms choose from (enemy kinds, Merchant, books, quests,
//! titles, containers, traps), the fixed numbers it prints (8th goblin,
//! Run, inn, arena purse), and per character what their seat in town costs
//! and holds (capacity, prices with the Trader book, books for sale, the
//! quest's goal). Shapes are documented in `docs/replay-itdd.md`.

use crate::actions::{GIANT_STRENGTH_BONUS, GIANT_STRENGTH_CHARGES, RUN_BONUS};
use crate::build::{starting_items, starting_items_allowed, BOSS_GOBLIN};
use crate::data::{tables, Tally};
use crate::model::{Character, Item, MAX_CARD_SIDE};
use crate::town::{book_price, buy_price, next_title, sell_price};
use crate::State;
use serde::Serialize;
use serde_json::{json, Map, Value};

/// A serde enum value as its JSON word (`"goblin"`, `"easy"`).
fn word<T: Serialize>(v: T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The same word as plain text (empty when it is not a word).
pub(crate) fn word_str<T: Serialize>(v: T) -> String {
    word(v).as_str().unwrap_or_default().to_string()
}

pub fn view(s: &State) -> Value {
    let t = tables();
    let q = &t.quests;
    json!({
        "rules": {
            "boss_goblin": BOSS_GOBLIN,
            "run_bonus": RUN_BONUS,
            "giant_strength_bonus": GIANT_STRENGTH_BONUS,
            "giant_strength_charges": GIANT_STRENGTH_CHARGES,
            "max_books": t.books.max_books,
            "trader_adjustment": t.trader_adjustment,
            "inn_recover": q.inn_recover,
            "inn_rumor": q.inn_rumor,
            "arena_bonus": q.arena_bonus,
            "arena_per_defeat": q.arena_per_defeat,
            "first_hero_bonus": q.first_hero_bonus,
            "max_card_side": MAX_CARD_SIDE,
            "path_charges": crate::command::PRINTED_PATH_CHARGES,
            "starting_items": starting_items().iter().filter_map(Item::merchant_row).collect::<Vec<_>>(),
            "item_defaults": item_defaults(),
        },
        "enemy_kinds": enemy_kinds(),
        "merchant": t.merchant.iter().map(|(item, p)| json!({"item": item, "buy": p.buy, "sell": p.sell})).collect::<Vec<_>>(),
        "books": books(),
        "quests": quests(),
        "titles": q.titles.iter().map(|st| json!({"title": word(st.title), "needs": word(st.needs)})).collect::<Vec<_>>(),
        "containers": containers(),
        "traps": t.traps.iter().map(|(roll, r)| json!({"roll": roll, "effect": word(r.effect), "text": r.text})).collect::<Vec<_>>(),
        // For the new-character form: a character made now takes this many.
        "starting_items_allowed": starting_items_allowed(s, ""),
        "characters": Value::Object(s.characters.iter().map(|c| (c.id.clone(), character(s, c))).collect()),
    })
}

/// The values an item card carries when it does not print one (a Master
/// Key's charges, a rune's or weapon's bonus): the form's starting values.
fn item_defaults() -> Value {
    let charges = match Item::default_master_key() {
        Item::MasterKey { charges } => charges,
        _ => 0,
    };
    json!({"bonus": Item::default_bonus(), "master_key_charges": charges})
}

fn enemy_kinds() -> Vec<Value> {
    tables()
        .enemies
        .iter()
        .map(|(kind, r)| {
            json!({
                "kind": word(kind),
                "reach": word(r.reach),
                "crosses_traps": r.crosses_traps,
                "opens_locked_doors": r.opens_locked_doors,
                "pack_bonus": r.pack_bonus,
                "inflicts": r.inflicts.map(word),
            })
        })
        .collect()
}

fn books() -> Vec<Value> {
    let b = &tables().books;
    b.books
        .iter()
        .map(|(id, row)| {
            json!({
                "id": id,
                "name": row.name,
                "tier": row.tier,
                "price": b.prices.get(&row.tier.to_string()),
                "types": row.types.iter().map(word).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// A quest's goal as the app counts it: `tally` is the tally's kind word,
/// `container` the container a loot quest counts (else null).
fn quests() -> Vec<Value> {
    let q = &tables().quests;
    q.quests
        .iter()
        .map(|(id, d)| {
            let goal = q.goals.get(id);
            let (tally, container) = match goal.map(|g| &g.tally) {
                Some(Tally::Loot { container }) => (json!("loot"), word(container)),
                Some(t) => (tally_word(t), Value::Null),
                None => (Value::Null, Value::Null),
            };
            json!({
                "id": id,
                "difficulty": word(d),
                "target": goal.map(|g| g.target),
                "tally": tally,
                "container": container,
            })
        })
        .collect()
}

fn tally_word(t: &Tally) -> Value {
    match t {
        Tally::ExploreHalls => json!("explore_halls"),
        Tally::ExploreCampfireHalls => json!("explore_campfire_halls"),
        Tally::DefeatGoblins => json!("defeat_goblins"),
        Tally::DefeatGoblinNames => json!("defeat_goblin_names"),
        Tally::Loot { .. } => json!("loot"),
        Tally::UnlockDoors => json!("unlock_doors"),
        Tally::DisarmTraps => json!("disarm_traps"),
        Tally::CoinsGained => json!("coins_gained"),
        Tally::GatesInDungeon => json!("gates_in_dungeon"),
        Tally::CarryPotionKinds => json!("carry_potion_kinds"),
        Tally::CarryRuneKinds => json!("carry_rune_kinds"),
        Tally::CarryWeapons => json!("carry_weapons"),
        Tally::CarryKeys => json!("carry_keys"),
    }
}

/// Containers: `threshold` is the Loot score (die + Torch) needed, null for
/// the sack (a coin roll) and the chest (a key); `draw` the cards drawn to
/// keep `items` (the chest), else null.
fn containers() -> Vec<Value> {
    tables()
        .loot
        .iter()
        .map(|(kind, c)| {
            json!({
                "kind": word(kind),
                "threshold": c.threshold,
                "needs_key": c.needs_key,
                "items": c.items,
                "draw": c.draw,
                "coins": c.coins,
            })
        })
        .collect()
}

/// One character's sheet as the town and inventory show it.
fn character(s: &State, c: &Character) -> Value {
    let t = tables();
    let stash_books = s
        .stashes
        .get(&c.player)
        .map(|st| st.books.clone())
        .unwrap_or_default();
    let quest = c.quest.as_deref().map(|id| {
        let target = t.quests.goals.get(id).map(|g| g.target);
        let reward = t
            .quests
            .quests
            .get(id)
            .and_then(|d| t.quests.rewards.get(d));
        json!({
            "id": id,
            "difficulty": t.quests.quests.get(id).map(word),
            // What delivering it pays (p.32): coins, item cards to choose, a book.
            "reward": reward.map(|r| json!({"coins": r.coins, "items": r.items, "book": r.book})),
            "target": target,
            "progress": c.quest_progress,
            "done": target.is_some_and(|n| c.quest_progress >= n),
        })
    });
    let next = t.quests.titles.get(c.titles.len());
    json!({
        "capacity": c.capacity(),
        // The Merchant's buy price per row for this character (Trader applied).
        "buy": Value::Object(t.merchant.keys().filter_map(|row| Some((row.clone(), json!(buy_price(s, c, row)?)))).collect::<Map<_, _>>()),
        // What the Merchant pays for each carried item, null where he will not buy it.
        "sell": c.inventory.iter().map(|i| sell_price(s, c, i).ok()).collect::<Vec<_>>(),
        "books_for_sale": t.books.books.keys().filter(|b| book_price(s, c, b).is_ok()).collect::<Vec<_>>(),
        "stash_full": stash_books.len() >= t.books.max_books,
        // Books a Hard quest may still award this player (not owned yet).
        "reward_books": t.books.books.keys().filter(|b| !stash_books.contains(b)).collect::<Vec<_>>(),
        "open_quests": t.quests.quests.keys().filter(|q| !c.completed.contains(q)).collect::<Vec<_>>(),
        "quest": quest,
        "next_title": next.map(|st| json!({"title": word(st.title), "needs": word(st.needs)})),
        // The title the current quest earns on completion, if it is the one that comes next.
        "quest_earns_title": c.quest.as_deref().and_then(|q| t.quests.quests.get(q)).and_then(|d| next_title(c, *d)).map(word),
        "path_charges": c.active_path.as_deref().and_then(|a| c.paths.iter().find(|p| p.name == a)).map(|p| p.charges),
        "giant_strength_left": GIANT_STRENGTH_CHARGES.saturating_sub(c.giant_strength_used),
        "move_left": c.in_dungeon().then(|| c.attrs.move_.saturating_add(c.turn.move_bonus).saturating_sub(c.turn.moved)),
        "loot": loot_outcomes(c),
    })
}

/// What each die roll would give this character at each container that is
/// rolled for: `{kind: [{success, score, cards}; 6]}` for rolls 1 to 6.
fn loot_outcomes(c: &Character) -> Value {
    Value::Object(
        tables()
            .loot
            .iter()
            .filter(|(_, rule)| !rule.needs_key)
            .map(|(kind, rule)| {
                let rolls = (1..=6u8)
                    .map(|roll| {
                        let (success, score) = crate::actions::loot_score(rule.threshold, c.attrs.torch, roll);
                        json!({"success": success, "score": score, "cards": if success { rule.items } else { 0 }})
                    })
                    .collect::<Vec<_>>();
                (word_str(kind), Value::Array(rolls))
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Command, SilverMine};
    use tw_rules::Game;

    fn run(s: &mut State, v: Value) {
        let c: Command = serde_json::from_value(v.clone()).unwrap();
        SilverMine::execute(s, &c).unwrap_or_else(|e| panic!("{v}: {e}"));
    }

    fn town_with_hero() -> State {
        let mut s =
            SilverMine::setup(&serde_json::from_value(json!({"seed": 1})).unwrap()).unwrap();
        run(
            &mut s,
            json!({"type": "new_character", "id": "ann", "player": "a", "character_type": "strength",
            "attrs": {"attack": 1, "move": 3, "torch": 3, "life": 5}, "items": [{"item": "torch"}]}),
        );
        s
    }

    #[test]
    fn fixed_numbers_are_the_rulebooks() {
        let v = view(&town_with_hero());
        let r = &v["rules"];
        // "when the last, 8th goblin is placed in the dungeon" (p.27).
        assert_eq!(r["boss_goblin"], 8);
        // Run: "adding +2 to your movement"; Giant Strength: "3 charges of +2".
        assert_eq!(
            (r["run_bonus"].as_i64(), r["giant_strength_bonus"].as_i64()),
            (Some(2), Some(2))
        );
        assert_eq!(r["giant_strength_charges"], 3);
        // The Innkeeper: "spend 5 coins to rest"; a rumour costs 2.
        assert_eq!(
            (r["inn_recover"].as_u64(), r["inn_rumor"].as_u64()),
            (Some(5), Some(2))
        );
        // "After each arena, all characters get 20 coins"; "Defeating a character in the Arena gives you 10 coins."
        assert_eq!(
            (r["arena_bonus"].as_u64(), r["arena_per_defeat"].as_u64()),
            (Some(20), Some(10))
        );
        assert_eq!(r["max_books"], 4);
        assert_eq!(r["starting_items"], json!(["tools", "master_key", "torch"]));
        // "The master key ... has 2 charges."
        assert_eq!(r["item_defaults"]["master_key_charges"], 2);
    }

    #[test]
    fn tables_are_the_engines() {
        let v = view(&town_with_hero());
        let torch = v["merchant"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["item"] == "torch")
            .unwrap();
        assert_eq!(
            (torch["buy"].as_u64(), torch["sell"].as_u64()),
            (Some(4), Some(2))
        );
        let tomb = v["containers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["kind"] == "tomb")
            .unwrap();
        assert_eq!(
            (tomb["threshold"].as_i64(), tomb["items"].as_u64()),
            (Some(8), Some(2))
        );
        let chest = v["containers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["kind"] == "chest")
            .unwrap();
        assert_eq!(
            (chest["needs_key"].as_bool(), chest["draw"].as_u64()),
            (Some(true), Some(2))
        );
        let crates = v["quests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| q["id"] == "crates")
            .unwrap();
        assert_eq!(crates["difficulty"], "easy");
        assert_eq!(
            (
                crates["target"].as_u64(),
                crates["tally"].as_str(),
                crates["container"].as_str()
            ),
            (Some(3), Some("loot"), Some("crate"))
        );
        let traps: Vec<_> = v["traps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["roll"].as_u64().unwrap())
            .collect();
        assert_eq!(traps, vec![1, 2, 3, 4, 5, 6]);
        let spider = v["enemy_kinds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == "spider")
            .unwrap();
        assert_eq!(spider["inflicts"], "poison");
        let trader = v["books"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["id"] == "trader")
            .unwrap();
        assert_eq!(
            (trader["tier"].as_u64(), trader["price"].as_u64()),
            (Some(1), Some(20))
        );
    }

    #[test]
    fn loot_outcomes_are_the_die_plus_torch_against_each_threshold() {
        let s = town_with_hero();
        let c = &view(&s)["characters"]["ann"];
        let torch = i64::from(s.characters.iter().find(|c| c.id == "ann").unwrap().attrs.torch);
        for (kind, rule) in &tables().loot {
            let rolls = &c["loot"][word_str(kind)];
            if rule.needs_key {
                assert!(rolls.is_null(), "a locked container is not rolled for");
                continue;
            }
            for roll in 1..=6i64 {
                let o = &rolls[(roll - 1) as usize];
                let want = rule.threshold.map_or(true, |need| roll + torch >= i64::from(need));
                assert_eq!(o["success"], want, "{kind:?} roll {roll}");
                assert_eq!(o["cards"], if want { rule.items } else { 0 });
            }
        }
    }

    #[test]
    fn a_characters_prices_follow_the_trader_book_and_the_backpack() {
        let mut s = town_with_hero();
        let c = &view(&s)["characters"]["ann"];
        assert_eq!(c["capacity"], 3);
        assert_eq!(c["buy"]["backpack"], 16);
        assert_eq!(c["sell"], json!([2]));
        assert_eq!(c["next_title"]["title"], "vagabond");
        // With the Trader book: 2 off each purchase, 2 more for each sale (p.34).
        s.stashes
            .entry("a".into())
            .or_default()
            .books
            .push("trader".into());
        s.stashes.entry("a".into()).or_default().coins = 50;
        let c = &view(&s)["characters"]["ann"];
        assert_eq!(
            (c["buy"]["backpack"].as_u64(), c["sell"][0].as_u64()),
            (Some(14), Some(4))
        );
        assert!(!c["books_for_sale"]
            .as_array()
            .unwrap()
            .contains(&json!("trader")));
        run(
            &mut s,
            json!({"type": "buy", "character": "ann", "item": {"item": "backpack"}}),
        );
        let c = &view(&s)["characters"]["ann"];
        // A backpack: 6 slots; he will not buy back what he just sold.
        assert_eq!(c["capacity"], 6);
        assert_eq!(c["sell"][1], Value::Null);
    }

    #[test]
    fn starting_items_shrink_as_characters_join() {
        // p.15: 1 character takes 3 item cards, 2 take 2 each, 3 take 1 each.
        let mut s =
            SilverMine::setup(&serde_json::from_value(json!({"seed": 1})).unwrap()).unwrap();
        assert_eq!(view(&s)["starting_items_allowed"], 3);
        s = {
            run(
                &mut s,
                json!({"type": "new_character", "id": "a", "player": "a", "character_type": "magic",
                "attrs": {"attack": 1, "move": 3, "torch": 3, "life": 5}}),
            );
            s
        };
        assert_eq!(view(&s)["starting_items_allowed"], 2);
    }

    #[test]
    fn a_quest_shows_its_goal_and_progress() {
        let mut s = town_with_hero();
        run(
            &mut s,
            json!({"type": "accept_quest", "character": "ann", "quest": "crates"}),
        );
        let q = &view(&s)["characters"]["ann"]["quest"];
        assert_eq!(
            (
                q["target"].as_u64(),
                q["progress"].as_u64(),
                q["done"].as_bool()
            ),
            (Some(3), Some(0), Some(false))
        );
        assert_eq!(
            view(&s)["characters"]["ann"]["quest_earns_title"],
            "vagabond"
        );
    }
}
