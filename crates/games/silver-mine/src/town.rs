//! Crossroads Town and the campaign: quests and titles, the Merchant, the
//! Mystic, the Innkeeper, the Tree, the stash, and the arena purse.
//!
//! Coins a character carries out of the dungeon go to the stash when they
//! leave (see `actions::exit_dungeon`), so every town price is paid from the
//! stash. Quest progress is counted from what is played through the app
//! (`quests`), but not everything happens through it, so the players declare
//! the quest complete and the engine pays and awards the title.

use crate::actions::gain_item;
use crate::ctx::{refuse, Ctx};
use crate::data::tables;
use crate::event::Event;
use crate::model::{
    Attribute, Character, Difficulty, Item, Mode, PathCard, Pos, Prerequisite, Stash, State, Title,
};
use std::collections::BTreeMap;
use tw_rules::Refusal;

fn in_town<'a>(cx: &'a Ctx, id: &str, place: &str) -> Result<&'a Character, Refusal> {
    let c = cx.character(id)?;
    if !c.alive {
        return refuse(
            "End Game",
            format!("{id} has died; make a new character (the stash is kept)"),
        );
    }
    if c.pos.is_some() {
        return refuse(
            "Crossroads Town",
            format!("{id} is in the dungeon; {place} is in town"),
        );
    }
    Ok(c)
}

fn stash(cx: &Ctx, c: &Character) -> Stash {
    cx.s.stashes.get(&c.player).cloned().unwrap_or_default()
}

fn pay(cx: &mut Ctx, c: &Character, price: u32, what: &str) -> Result<(), Refusal> {
    let st = stash(cx, c);
    if st.coins < price {
        return refuse(
            "Stash",
            format!(
                "{what} costs {price} coins; {}'s stash holds {}",
                c.player, st.coins
            ),
        );
    }
    cx.emit(Event::StashChanged {
        player: c.player.clone(),
        coins: st.coins - price,
        books: st.books,
    });
    Ok(())
}

fn earn(cx: &mut Ctx, player: &str, coins: u32) {
    let st = cx.s.stashes.get(player).cloned().unwrap_or_default();
    cx.emit(Event::StashChanged {
        player: player.to_string(),
        coins: st.coins.saturating_add(coins),
        books: st.books,
    });
}

pub fn accept_quest(cx: &mut Ctx, id: &str, quest: &str) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Questmaster")?;
    if cx.s.mode == Mode::Arena {
        return refuse(
            "The Questmaster",
            "in arena mode you don't visit the Questmaster",
        );
    }
    if !tables().quests.quests.contains_key(quest) {
        let known: Vec<_> = tables().quests.quests.keys().cloned().collect();
        return refuse(
            "Quests",
            format!("no quest {quest:?}; quests are {}", known.join(", ")),
        );
    }
    if let Some(q) = &c.quest {
        return refuse(
            "Quests",
            format!("{id} already has the {q} quest; deliver it first"),
        );
    }
    cx.emit(Event::QuestAccepted {
        character: id.to_string(),
        quest: quest.to_string(),
    });
    Ok(())
}

/// A collecting quest (Alchemist, Scholar, Warmaster) is delivered with its
/// items: "He also collects the required items" (p.32). They leave the
/// inventory; the equipped weapon and its runes are unequipped first when the
/// set needs them. Personal quests deliver nothing (p.18).
fn collect_required_items(cx: &mut Ctx, id: &str, quest: &str) -> Result<(), Refusal> {
    let Some(goal) = tables().quests.goals.get(quest) else {
        return Ok(());
    };
    let target = goal.target as usize;
    let Some(mut picked) = required_items(cx.character(id)?, &goal.tally, target) else {
        return Ok(());
    };
    if picked.len() < target && cx.character(id)?.equipped.is_some() {
        crate::actions::unequip(cx, id)?;
        picked = required_items(cx.character(id)?, &goal.tally, target).unwrap_or_default();
    }
    if picked.len() < target {
        return refuse(
            "The Questmaster",
            format!(
                "the {quest} quest is delivered with its {target} items; {id} carries {} of them",
                picked.len()
            ),
        );
    }
    picked.sort_unstable();
    for index in picked.into_iter().rev() {
        cx.emit(Event::ItemLost {
            character: id.to_string(),
            index,
        });
    }
    Ok(())
}

/// Inventory indices of the items a collecting quest takes, at most
/// `target` (one per kind for potions and runes); `None` for quests that
/// collect nothing.
fn required_items(c: &Character, tally: &crate::data::Tally, target: usize) -> Option<Vec<usize>> {
    use crate::data::Tally;
    let inv = c.inventory.iter().enumerate();
    let mut seen: Vec<String> = Vec::new();
    let mut one_per_kind = |kind: String| {
        let new = !seen.contains(&kind);
        seen.push(kind);
        new
    };
    let picked: Vec<usize> = match tally {
        Tally::CarryPotionKinds => inv
            .filter(|(_, i)| match i {
                Item::Potion { potion } => one_per_kind(format!("{potion:?}")),
                _ => false,
            })
            .map(|(k, _)| k)
            .collect(),
        Tally::CarryRuneKinds => inv
            .filter(|(_, i)| match i {
                Item::Rune(r) => one_per_kind(format!("{:?}", r.attribute)),
                _ => false,
            })
            .map(|(k, _)| k)
            .collect(),
        Tally::CarryWeapons => inv
            .filter(|(_, i)| matches!(i, Item::Weapon { .. }))
            .map(|(k, _)| k)
            .collect(),
        _ => return None,
    };
    Some(picked.into_iter().take(target).collect())
}

/// The next title this character can earn, if the quest's difficulty is the one it needs.
pub fn next_title(c: &Character, d: Difficulty) -> Option<Title> {
    let step = tables().quests.titles.get(c.titles.len())?;
    (step.needs == d).then_some(step.title)
}

pub fn complete_quest(
    cx: &mut Ctx,
    id: &str,
    item: Option<&Item>,
    book: Option<&str>,
) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Questmaster")?.clone();
    let Some(quest) = c.quest.clone() else {
        return refuse("The Questmaster", format!("{id} has no quest to deliver"));
    };
    // A state read back from disk may name a quest this build does not know.
    let Some(&difficulty) = tables().quests.quests.get(&quest) else {
        return refuse(
            "Quests",
            format!("{id}'s quest {quest:?} is not in the quest table"),
        );
    };
    let reward = tables().quests.rewards[&difficulty];
    if difficulty != Difficulty::Personal {
        collect_required_items(cx, id, &quest)?;
    }
    // Room for the reward is counted after the Questmaster took his items.
    let c = cx.character(id)?.clone();
    match (reward.items, item) {
        (0, Some(_)) => {
            return refuse(
                "The Questmaster",
                format!("a {difficulty:?} quest gives no item"),
            )
        }
        (1, None) => {
            return refuse(
                "The Questmaster",
                "a Medium quest gives 1 random item: give the card drawn (item)",
            )
        }
        (1, Some(i)) if c.inventory.len() >= c.capacity() && !matches!(i, Item::Coins { .. }) => {
            return refuse(
                "Inventory",
                // The stash keeps only coins and books (p.16): in town an item
                // leaves the inventory by a sale, by equipping it, or as a gift.
                format!(
                    "{id} has no room for the reward item: sell an item to the Merchant, \
                     equip a weapon or attach a rune, or give an item to another character first \
                     (the stash keeps only coins and books)"
                ),
            );
        }
        _ => {}
    }
    if book.is_some() && !reward.book {
        return refuse(
            "The Questmaster",
            format!("a {difficulty:?} quest gives no book"),
        );
    }
    if let Some(b) = book {
        check_book(cx, &c, b)?;
    }
    cx.emit(Event::QuestCompleted {
        character: id.to_string(),
        quest,
    });
    earn(cx, &c.player, reward.coins);
    if let Some(i) = item {
        gain_item(cx, id, i.clone(), Pos::new(0, 0));
    }
    if let Some(b) = book {
        let st = stash(cx, &c);
        let mut books = st.books.clone();
        books.push(b.to_string());
        cx.emit(Event::StashChanged {
            player: c.player.clone(),
            coins: st.coins,
            books,
        });
    }
    if reward.title {
        if let Some(title) = next_title(&c, difficulty) {
            cx.emit(Event::TitleEarned {
                character: id.to_string(),
                title,
            });
            if title == Title::Hero && !cx.s.hero_declared {
                cx.emit(Event::HeroDeclared {
                    character: id.to_string(),
                });
                earn(cx, &c.player, tables().quests.first_hero_bonus);
            }
        }
    }
    Ok(())
}

fn price_row(item: &Item) -> Result<&'static crate::data::Price, Refusal> {
    let row = item.merchant_row().ok_or_else(|| {
        Refusal::new(
            "The Merchant",
            format!("the Merchant does not trade {item:?}"),
        )
    })?;
    Ok(&tables().merchant[row])
}

fn has_trader(s: &State, c: &Character) -> bool {
    s.stashes
        .get(&c.player)
        .is_some_and(|st| st.books.iter().any(|b| b == "trader"))
}

/// What `c` pays the Merchant for an item of price row `row` (the Trader
/// book takes its adjustment off, p.34); None for a row he does not sell.
pub fn buy_price(s: &State, c: &Character, row: &str) -> Option<u32> {
    let price = tables().merchant.get(row)?.buy;
    Some(if has_trader(s, c) {
        price.saturating_sub(tables().trader_adjustment)
    } else {
        price
    })
}

/// What the Merchant pays `c` for `item`, or why he will not buy it.
pub fn sell_price(s: &State, c: &Character, item: &Item) -> Result<u32, Refusal> {
    let price = price_row(item)?.sell;
    if matches!(item, Item::MasterKey { charges } if *charges < 2) {
        return refuse(
            "The Merchant",
            "he does not accept partially used items (this Master Key has spent a charge)",
        );
    }
    // Checked here so the view and the offers leave the sale out too.
    crate::actions::backpack_may_leave(c, item)?;
    if c.bought_this_visit.contains(item) {
        return refuse(
            "The Merchant",
            "he will not buy back an item he just sold you",
        );
    }
    Ok(if has_trader(s, c) {
        price.saturating_add(tables().trader_adjustment)
    } else {
        price
    })
}

pub fn buy(cx: &mut Ctx, id: &str, item: &Item) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Merchant")?.clone();
    let row = price_row(item)?;
    let price = item
        .merchant_row()
        .and_then(|r| buy_price(&cx.s, &c, r))
        .unwrap_or(row.buy);
    if c.inventory.len() >= c.capacity() {
        return refuse("Inventory", format!("{id} has no room for another item"));
    }
    if *item == Item::Backpack && c.has_backpack() {
        return refuse("Items: Backpack", "only one backpack per character");
    }
    pay(cx, &c, price, "that item")?;
    cx.emit(Event::BoughtFromMerchant {
        character: id.to_string(),
        item: item.clone(),
    });
    Ok(())
}

pub fn sell(cx: &mut Ctx, id: &str, index: usize) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Merchant")?.clone();
    let item =
        c.inventory.get(index).cloned().ok_or_else(|| {
            Refusal::new("Inventory", format!("{id} has no item at slot {index}"))
        })?;
    let price = sell_price(&cx.s, &c, &item)?;
    cx.emit(Event::ItemLost {
        character: id.to_string(),
        index,
    });
    earn(cx, &c.player, price);
    Ok(())
}

/// The Mystic sells a book only to the character types printed on it.
fn sold_to(row: &crate::data::BookRow, t: crate::model::CharacterType) -> bool {
    row.types.contains(&t)
}

fn check_book(cx: &Ctx, c: &Character, book: &str) -> Result<u32, Refusal> {
    book_price(&cx.s, c, book)
}

/// What `c`'s player pays the Mystic for `book`, or why it is not for sale
/// to them (another type's book, owned already, a full stash).
pub fn book_price(s: &State, c: &Character, book: &str) -> Result<u32, Refusal> {
    let t = &tables().books;
    let Some(row) = t.books.get(book) else {
        let known: Vec<_> = t.books.keys().cloned().collect();
        return refuse(
            "Books",
            format!("no book {book:?}; books are {}", known.join(", ")),
        );
    };
    if !sold_to(row, c.character_type) {
        return refuse(
            "The Mystic",
            format!(
                "{} is not a book for a {:?} character",
                row.name, c.character_type
            ),
        );
    }
    let st = s.stashes.get(&c.player).cloned().unwrap_or_default();
    if st.books.iter().any(|b| b == book) {
        return refuse(
            "Books",
            format!(
                "{} already owns {}; you cannot possess the same book twice",
                c.player, row.name
            ),
        );
    }
    if st.books.len() >= t.max_books {
        return refuse(
            "Books",
            format!("a stash holds at most {} books", t.max_books),
        );
    }
    t.prices
        .get(&row.tier.to_string())
        .copied()
        .ok_or_else(|| Refusal::new("Books", format!("no price for tier {}", row.tier)))
}

pub fn buy_book(cx: &mut Ctx, id: &str, book: &str) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Mystic")?.clone();
    let price = check_book(cx, &c, book)?;
    pay(cx, &c, price, "that book")?;
    let st = stash(cx, &c);
    let mut books = st.books.clone();
    books.push(book.to_string());
    cx.emit(Event::StashChanged {
        player: c.player.clone(),
        coins: st.coins,
        books,
    });
    Ok(())
}

/// Recover: Life and Torch back to the printed values plus gear bonuses.
pub fn inn_recover(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Innkeeper")?.clone();
    pay(cx, &c, tables().quests.inn_recover, "a rest at the inn")?;
    cx.set_attr(id, Attribute::Life, c.cap(Attribute::Life));
    cx.emit(Event::AttributeSet {
        character: id.to_string(),
        attribute: Attribute::Torch,
        value: c.cap(Attribute::Torch),
    });
    Ok(())
}

pub fn inn_rumor(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Innkeeper")?.clone();
    if c.rumor_heard {
        return refuse("The Innkeeper", "only one rumour per dungeon exploration");
    }
    pay(cx, &c, tables().quests.inn_rumor, "a beer")?;
    cx.emit(Event::RumorHeard {
        character: id.to_string(),
    });
    Ok(())
}

/// Paths open with the titles Vagabond (first) and Pathfinder (second).
/// The first path chosen becomes the active one.
pub fn choose_path(
    cx: &mut Ctx,
    id: &str,
    path: &str,
    prerequisite: Prerequisite,
    charges: u8,
) -> Result<(), Refusal> {
    let c = in_town(cx, id, "the Tree")?.clone();
    let open = c
        .titles
        .iter()
        .filter(|t| matches!(t, Title::Vagabond | Title::Pathfinder))
        .count();
    if path.is_empty() || charges == 0 {
        return refuse(
            "The Tree",
            "a path needs a name and at least one charge square",
        );
    }
    if c.paths.iter().any(|p| p.name == path) {
        return refuse("The Tree", format!("{id} already walks the {path} path"));
    }
    if c.paths.len() >= open {
        return refuse(
            "The Tree",
            format!(
                "{id} has {open} path(s) open and has chosen {}; paths open with the titles Vagabond and then Pathfinder",
                c.paths.len()
            ),
        );
    }
    let card = PathCard {
        name: path.to_string(),
        prerequisite,
        charges,
    };
    cx.emit(Event::PathChosen {
        character: id.to_string(),
        path: card,
    });
    Ok(())
}

/// Swap the active path (in town: one path per dungeon run); progress is lost.
pub fn switch_path(cx: &mut Ctx, id: &str, path: &str) -> Result<(), Refusal> {
    let c = in_town(cx, id, "switching paths")?.clone();
    if !c.paths.iter().any(|p| p.name == path) {
        return refuse("The Tree", format!("{id} has not chosen the {path} path"));
    }
    if c.active_path.as_deref() == Some(path) {
        return refuse("The Tree", format!("the {path} path is already active"));
    }
    cx.emit(Event::PathSwitched {
        character: id.to_string(),
        path: path.to_string(),
    });
    Ok(())
}

/// After an arena every surviving character gets 20 coins, and 10 more per
/// character they defeated.
pub fn arena_ended(cx: &mut Ctx, defeats: &BTreeMap<String, u32>) -> Result<(), Refusal> {
    if cx.s.mode != Mode::Arena {
        return refuse("Arena", "this game is not in arena mode");
    }
    for who in defeats.keys() {
        cx.character(who)?;
    }
    let q = &tables().quests;
    let alive: Vec<Character> =
        cx.s.characters
            .iter()
            .filter(|c| c.alive)
            .cloned()
            .collect();
    for c in alive {
        let n = defeats.get(&c.id).copied().unwrap_or(0);
        earn(
            cx,
            &c.player,
            q.arena_bonus
                .saturating_add(n.saturating_mul(q.arena_per_defeat)),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::BookRow;
    use crate::model::CharacterType;

    #[test]
    fn the_mystic_sells_by_character_type() {
        let row = BookRow {
            tier: 1,
            name: "Trader".into(),
            types: vec![CharacterType::Magic],
        };
        assert!(sold_to(&row, CharacterType::Magic));
        assert!(!sold_to(&row, CharacterType::Strength));
    }
}
