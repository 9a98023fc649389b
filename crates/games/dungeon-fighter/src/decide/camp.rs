//! Between the fights: the dungeon phase, revealing monsters and the boss,
//! resting (rewards are given when the monster falls, scars here) and the shop.

use super::setup::can_carry;
use super::{expect, Tx};
use crate::cards::{
    resolve, BossCard, CardInput, Deck, DungeonCard, EquipmentCard, EquipmentKind, MonsterCard,
};
use crate::command::Assign;
use crate::data::rules;
use crate::event::Event;
use crate::model::{Colour, Phase};
use tw_rules::Refusal;

/// Give a card to a hero (or to the party if it is a relic).
fn give(tx: &mut Tx, hero: Option<usize>, card: EquipmentCard) -> Result<(), Refusal> {
    if matches!(card.kind, EquipmentKind::Relic { .. }) {
        tx.emit(Event::RelicGained { card });
        return Ok(());
    }
    let Some(h) = hero else {
        return Err(Refusal::new(
            "Equipment",
            format!("{} must be assigned to a hero", card.name),
        ));
    };
    can_carry(tx.hero(h)?, &card)?;
    tx.emit(Event::EquipmentGiven { hero: h, card });
    Ok(())
}

pub fn enter_dungeon(
    tx: &mut Tx,
    card: &CardInput,
    declined: &Option<String>,
    free: &Option<Assign>,
) -> Result<(), Refusal> {
    expect(
        &tx.s,
        matches!(tx.s.phase, Phase::Dungeon),
        "Dungeon: choosing your path",
        "choose a dungeon card",
    )?;
    let d: DungeonCard = resolve(Deck::Dungeon, card)?;
    match (d.free_equipment, free) {
        (true, None) => {
            return Err(Refusal::new(
                "Dungeon card effects: free equipment",
                format!(
                    "{} gives the top Shop card to a hero: say which card and which hero",
                    d.name
                ),
            ))
        }
        (false, Some(_)) => {
            return Err(Refusal::new(
                "Dungeon card effects: free equipment",
                format!("{} gives no free equipment", d.name),
            ))
        }
        _ => {}
    }
    tx.emit(Event::DungeonEntered {
        card: d.clone(),
        declined: declined.clone(),
    });
    if d.gold_bonus > 0 {
        tx.emit(Event::GoldGained {
            amount: d.gold_bonus,
            why: format!("gold bonus of {}", d.name),
        });
    }
    if d.heal_party > 0 {
        for i in 0..tx.s.heroes.len() {
            tx.heal(i, d.heal_party);
        }
    }
    if d.gain_dice > 0 {
        tx.gain_white_dice(d.gain_dice, &d.name);
    }
    if let Some(a) = free {
        let eq: EquipmentCard = resolve(Deck::Equipment, &a.card)?;
        give(tx, Some(a.hero), eq)?;
    }
    Ok(())
}

pub fn reveal_monster(tx: &mut Tx, card: &CardInput) -> Result<(), Refusal> {
    expect(
        &tx.s,
        matches!(tx.s.phase, Phase::Monster),
        "Dungeon: revealing the monster",
        "reveal a monster",
    )?;
    let m: MonsterCard = resolve(Deck::Monster, card)?;
    if !(1..=4).contains(&m.level) {
        return Err(Refusal::new(
            "Monster deck",
            format!("monster levels are 1 to 4, not {}", m.level),
        ));
    }
    if m.life < 1 {
        return Err(Refusal::new(
            "Monster card",
            format!("{} needs at least 1 life point", m.name),
        ));
    }
    let expected = tx.s.next_monster_level();
    if m.level != expected {
        return Err(Refusal::new(
            "Setup: create the monster deck",
            format!("the next monster card is level {expected} (3 each of levels 1-3 above the level 4 pile), not level {}", m.level),
        ));
    }
    let advantage =
        tx.s.dungeon
            .as_ref()
            .map(|d| d.monster_advantage)
            .unwrap_or(0);
    let life = m
        .life
        .saturating_add(advantage)
        .saturating_add(tx.s.monster_life_bonus);
    let deck_level = if tx.s.monster_deck.is_empty() {
        None
    } else {
        Some(m.level)
    };
    tx.emit(Event::MonsterRevealed {
        card: m,
        life: life.max(1),
        deck_level,
    });
    Ok(())
}

/// The boss's life is the card's, plus the difficulty bonus (which the
/// rulebook adds "every time you start a new combat").
pub fn reveal_boss(tx: &mut Tx, card: &CardInput) -> Result<(), Refusal> {
    expect(
        &tx.s,
        matches!(tx.s.phase, Phase::Boss),
        "Final Boss combat",
        "reveal the final boss",
    )?;
    let b: BossCard = resolve(Deck::Boss, card)?;
    if b.life < 1 {
        return Err(Refusal::new(
            "Boss card",
            format!("{} needs at least 1 life point", b.name),
        ));
    }
    let life = b.life + tx.s.monster_life_bonus;
    tx.emit(Event::BossRevealed { card: b, life });
    Ok(())
}

fn resting(tx: &Tx) -> Result<Vec<usize>, Refusal> {
    match &tx.s.phase {
        Phase::Resting(r) => Ok(r.awaiting_scar.clone()),
        _ => Err(expect(&tx.s, false, "Resting", "do that").unwrap_err()),
    }
}

pub fn take_scar(tx: &mut Tx, hero: usize, colour: Colour) -> Result<(), Refusal> {
    let awaiting = resting(tx)?;
    let h = tx.hero(hero)?;
    if !awaiting.contains(&hero) {
        return Err(Refusal::new(
            "Resting: scars",
            format!("{} did not faint in this combat", h.name),
        ));
    }
    if h.scars.contains(&colour) {
        return Err(Refusal::new(
            "Resting: scars",
            format!(
                "{} already has a scar on {colour:?}; only 1 scar per colour",
                h.name
            ),
        ));
    }
    tx.emit(Event::ScarTaken { hero, colour });
    Ok(())
}

pub fn move_equipment(tx: &mut Tx, from: usize, to: usize, item: &str) -> Result<(), Refusal> {
    resting(tx)?;
    let f = tx.hero(from)?;
    let Some(card) = f.equipment.iter().find(|c| c.name == item).cloned() else {
        return Err(Refusal::new(
            "Resting: moving on",
            format!("{} carries no {item}", f.name),
        ));
    };
    if from == to {
        return Err(Refusal::new(
            "Resting: moving on",
            "the item already belongs to that hero",
        ));
    }
    can_carry(tx.hero(to)?, &card)?;
    tx.emit(Event::EquipmentMoved {
        from,
        to,
        item: item.to_string(),
    });
    Ok(())
}

pub fn end_rest(tx: &mut Tx) -> Result<(), Refusal> {
    let awaiting = resting(tx)?;
    if let Some(&h) = awaiting.first() {
        return Err(Refusal::new(
            "Resting: scars",
            format!("{} fainted and must take a scar first", tx.s.heroes[h].name),
        ));
    }
    tx.emit(Event::RestEnded);
    if tx.s.shop_icons >= tx.s.shop_icons_needed() {
        let heroes = tx.s.heroes.iter().filter(|h| !h.eliminated).count() as u32;
        tx.emit(Event::ShopOpened {
            cards: rules().shop_base_offer + heroes,
        });
    }
    Ok(())
}

fn shop(tx: &Tx) -> Result<u32, Refusal> {
    match &tx.s.phase {
        Phase::Shop(s) => Ok(s.cards_left),
        _ => Err(expect(&tx.s, false, "Shopping time", "shop").unwrap_err()),
    }
}

pub fn buy_equipment(tx: &mut Tx, card: &CardInput, hero: Option<usize>) -> Result<(), Refusal> {
    let left = shop(tx)?;
    if left == 0 {
        return Err(Refusal::new(
            "Shopping time: buying equipment",
            "every card on display (2 plus 1 per hero) has been bought",
        ));
    }
    let eq: EquipmentCard = resolve(Deck::Equipment, card)?;
    let Some(price) = eq.price else {
        return Err(Refusal::new(
            "Shopping time: buying equipment",
            format!("enter the price of {}", eq.name),
        ));
    };
    if price > tx.s.chest.gold {
        return Err(Refusal::new(
            "Shopping time: buying equipment",
            format!(
                "{} costs {price} gold and the chest holds {}",
                eq.name, tx.s.chest.gold
            ),
        ));
    }
    tx.emit(Event::EquipmentBought { price });
    give(tx, hero, eq)
}

pub fn buy_healing(tx: &mut Tx, gold: u32) -> Result<(), Refusal> {
    shop(tx)?;
    if gold == 0 {
        return Err(Refusal::new(
            "Shopping time: buying healing",
            "spend at least 1 gold",
        ));
    }
    if gold > tx.s.chest.gold {
        return Err(Refusal::new(
            "Shopping time: buying healing",
            format!("the chest holds {} gold, not {gold}", tx.s.chest.gold),
        ));
    }
    tx.emit(Event::GoldSpent {
        amount: gold,
        why: "healing".into(),
    });
    for i in 0..tx.s.heroes.len() {
        tx.heal(i, gold);
    }
    Ok(())
}

pub fn buy_white_dice(tx: &mut Tx, count: u32) -> Result<(), Refusal> {
    shop(tx)?;
    let r = rules();
    if count == 0 {
        return Err(Refusal::new(
            "Shopping time: white bonus dice",
            "buy at least 1 die",
        ));
    }
    if tx.s.chest.white_dice + count > r.max_white_dice {
        return Err(Refusal::new(
            "Shopping time: white bonus dice",
            format!(
                "the chest may hold at most {} white dice; it has {} so {count} more is too many",
                r.max_white_dice, tx.s.chest.white_dice
            ),
        ));
    }
    let cost = r.white_die_price * count;
    if cost > tx.s.chest.gold {
        return Err(Refusal::new(
            "Shopping time: white bonus dice",
            format!(
                "{count} white dice cost {cost} gold and the chest holds {}",
                tx.s.chest.gold
            ),
        ));
    }
    tx.emit(Event::GoldSpent {
        amount: cost,
        why: format!("{count} white dice"),
    });
    tx.emit(Event::WhiteDiceGained {
        count,
        why: "bought".into(),
    });
    Ok(())
}

pub fn level_up(tx: &mut Tx, hero: usize, colour: Colour) -> Result<(), Refusal> {
    shop(tx)?;
    if !tx.s.level_up_variant {
        return Err(Refusal::new(
            "Variant: Level Up",
            "this game is not played with the Level Up variant",
        ));
    }
    let h = tx.hero(hero)?;
    if h.xp < 3 {
        return Err(Refusal::new(
            "Variant: Level Up",
            format!("{} has {} XP; a Level Up needs 3", h.name, h.xp),
        ));
    }
    tx.emit(Event::LevelUpTaken { hero, colour });
    Ok(())
}

pub fn leave_shop(tx: &mut Tx) -> Result<(), Refusal> {
    shop(tx)?;
    let to_boss = tx.s.shops_visited >= rules().shops_before_boss;
    tx.emit(Event::ShopClosed { to_boss });
    Ok(())
}
