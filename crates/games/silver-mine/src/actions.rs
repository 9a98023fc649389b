//! The character turn: moving, fighting, fleeing, looting, traps, afflictions,
//! resting, items and the inventory.

use crate::combat::{self, take_affliction, wound_character};
use crate::command::{DicePair, DiceSource, UnlockWith};
use crate::ctx::{refuse, Ctx};
use crate::data::{tables, TrapEffect};
use crate::event::Event;
use crate::model::{
    Affliction, Attribute, CardKind, Cell, Character, Item, Pos, PotionKind, BASE_CAPACITY,
};
use tw_rules::{Refusal, D6};

fn pos_of(cx: &Ctx, id: &str) -> Pos {
    cx.s.character(id)
        .and_then(|c| c.pos)
        .expect("checked in dungeon")
}

fn has_book(cx: &Ctx, id: &str, book: &str) -> bool {
    cx.s.character(id)
        .and_then(|c| cx.s.stashes.get(&c.player))
        .is_some_and(|st| st.books.iter().any(|b| b == book))
}

/// Put an item in a character's hands: coins are counted at once; with no
/// room left the item falls on `at` for anyone to pick up.
pub fn gain_item(cx: &mut Ctx, id: &str, item: Item, at: Pos) {
    let Some(c) = cx.s.character(id) else {
        cx.emit(Event::ItemDropped { at, item });
        return;
    };
    match item {
        Item::Coins { amount } => {
            let coins = c.coins.saturating_add(amount);
            cx.emit(Event::CoinsChanged {
                character: id.to_string(),
                coins,
            });
        }
        item if c.alive && c.inventory.len() < c.capacity() => cx.emit(Event::ItemGained {
            character: id.to_string(),
            item,
        }),
        item => cx.emit(Event::ItemDropped {
            at: c.pos.unwrap_or(at),
            item,
        }),
    }
}

/// Room for one more item? (A seventh item, or a fourth without a backpack,
/// is refused.)
fn room_for(cx: &Ctx, id: &str, item: &Item) -> Result<(), Refusal> {
    let c = cx.character(id)?;
    if matches!(item, Item::Coins { .. }) {
        return Ok(());
    }
    if *item == Item::Backpack && c.has_backpack() {
        return refuse(
            "Items: Backpack",
            format!("{id} already has a backpack; only one per character"),
        );
    }
    if c.inventory.len() >= c.capacity() {
        return refuse(
            "Inventory",
            format!(
                "{id} already carries {} items, the most they can ({})",
                c.inventory.len(),
                if c.has_backpack() {
                    "3 + a backpack's 3"
                } else {
                    "3 without a backpack"
                }
            ),
        );
    }
    Ok(())
}

/// The backpack holds the items beyond 3 (p.30: "a maximum of 5 items"), so
/// it may leave the inventory (dropped, given, sold) only when 3 or fewer
/// other items remain; otherwise they would have nowhere to go.
pub(crate) fn backpack_may_leave(c: &Character, item: &Item) -> Result<(), Refusal> {
    let others = c.inventory.len().saturating_sub(1);
    if *item == Item::Backpack && others > BASE_CAPACITY {
        return refuse(
            "Items: Backpack",
            format!(
                "{} carries {others} other items; without the backpack only {BASE_CAPACITY} fit: drop or sell some first",
                c.id
            ),
        );
    }
    Ok(())
}

pub fn start_turn(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    cx.in_dungeon(id)?;
    crate::order::check_start(cx, id)?;
    cx.emit(Event::TurnStarted {
        character: id.to_string(),
    });
    // Afflictions bite from the start of the turn after they were taken.
    let clocks =
        cx.s.character(id)
            .map(|c| c.afflictions.clone())
            .unwrap_or_default();
    for a in clocks {
        if a.turns_left == 0 {
            cx.emit(Event::AfflictionEnded {
                character: id.to_string(),
                affliction: a.kind,
            });
            continue;
        }
        let life = cx.s.character(id).map(|c| c.attrs.life).unwrap_or(0);
        let life_left = if a.kind == Affliction::Poison {
            life - 1
        } else {
            life
        };
        cx.emit(Event::AfflictionBites {
            character: id.to_string(),
            affliction: a.kind,
            life_left,
            turns_left: a.turns_left - 1,
        });
        if life_left <= 0 {
            combat::defeat_character(cx, id);
            return Ok(());
        }
        if a.kind == Affliction::Snared {
            cx.emit(Event::TurnLost {
                character: id.to_string(),
            });
        }
    }
    Ok(())
}

/// Run: "adding +2 to your movement" (p.20).
pub const RUN_BONUS: i32 = 2;

pub fn move_character(cx: &mut Ctx, id: &str, path: &[Pos], run: bool) -> Result<(), Refusal> {
    const RULE: &str = "Move";
    let c = cx.can_act(id, "moving")?;
    if path.is_empty() {
        return refuse(RULE, "a move needs at least one square");
    }
    let running = run || c.turn.ran;
    if run && !c.turn.ran {
        if c.turn.acted {
            return refuse("Run", format!("{id} has already acted this turn; Run is only for a turn of nothing but moving"));
        }
        if c.attrs.torch < 1 {
            return refuse("Run", format!("{id} has no Torch; running needs one"));
        }
    }
    let budget =
        c.attrs.move_ + c.turn.move_bonus + if running { RUN_BONUS } else { 0 } - c.turn.moved;
    if path.len() as i32 > budget {
        return refuse(
            RULE,
            format!(
                "{id} can move {budget} more square(s) this turn, not {}",
                path.len()
            ),
        );
    }
    let start = c.pos.expect("in dungeon");
    if !c.turn.fled {
        if let Some(e) = cx.s.enemies.iter().find(|e| e.pos.adjacent(start)) {
            return refuse(
                "Combat: flee",
                format!(
                    "{id} is in combat with {} next to them; flee to leave",
                    e.id
                ),
            );
        }
    }
    let mut prev = start;
    for (k, &p) in path.iter().enumerate() {
        if !p.adjacent(prev) {
            return refuse(
                RULE,
                format!("step {k}: {prev} to {p} is not one square up, down, left or right"),
            );
        }
        match cx.s.cell(p) {
            None => return refuse(RULE, format!("step {k}: {p} is not on any dungeon card")),
            Some(Cell::Floor | Cell::Door { locked: false }) => {}
            Some(Cell::Trap) if k + 1 == path.len() => {}
            Some(Cell::Trap) => {
                return refuse(
                    "Trap",
                    format!(
                        "step {k}: stepping on the trap at {p} stops the move until it is resolved"
                    ),
                )
            }
            Some(other) => {
                return refuse(
                    RULE,
                    format!(
                        "step {k}: {p} holds {}; it cannot be entered or crossed",
                        crate::build::describe(other)
                    ),
                )
            }
        }
        if let Some(e) = cx.s.enemy_at(p) {
            return refuse(
                RULE,
                format!(
                    "step {k}: characters cannot pass through enemies ({} at {p})",
                    e.id
                ),
            );
        }
        prev = p;
    }
    if let Some(o) = cx.s.character_at(prev) {
        return refuse(
            RULE,
            format!(
                "a move cannot end on another character ({} at {prev})",
                o.id
            ),
        );
    }
    cx.emit(Event::Moved {
        character: id.to_string(),
        path: path.to_vec(),
        ran: run,
    });
    let mut entered: Vec<String> = Vec::new();
    for p in path {
        if let Some(card) = cx.s.card_at(*p) {
            if !card.entered && !entered.contains(&card.id) {
                entered.push(card.id.clone());
            }
        }
    }
    for card in entered {
        cx.emit(Event::CardEntered { card });
    }
    if cx.s.cell(prev) == Some(Cell::Trap) {
        cx.emit(Event::SteppedOnTrap {
            character: id.to_string(),
            at: prev,
        });
    }
    Ok(())
}

fn adjacent_enemy(cx: &Ctx, id: &str, enemy: &str) -> Result<(), Refusal> {
    let at = pos_of(cx, id);
    let e = cx.enemy(enemy)?;
    if !e.pos.adjacent(at) {
        return refuse(
            "Combat",
            format!(
                "{enemy} at {} is not next to {id} at {at} (up, down, left or right)",
                e.pos
            ),
        );
    }
    Ok(())
}

/// Giant Strength: 3 charges of +2 per dungeon run.
pub const GIANT_STRENGTH_CHARGES: u8 = 3;
pub const GIANT_STRENGTH_BONUS: i32 = 2;

pub fn attack(
    cx: &mut Ctx,
    id: &str,
    enemy: &str,
    mut dice: DicePair,
    giant_strength: bool,
    reroll: Option<D6>,
) -> Result<(), Refusal> {
    let c = cx.can_act(id, "attacking")?;
    if c.turn.attacked {
        return refuse(
            "Combat",
            format!("{id} has already attacked (or fled) this turn; one attack per turn"),
        );
    }
    adjacent_enemy(cx, id, enemy)?;
    if let Some(again) = reroll {
        if !has_book(cx, id, "second_wind") {
            return refuse(
                "Books",
                format!("{id} has no Second Wind book to reroll with"),
            );
        }
        if dice.character.value() != 1 {
            return refuse(
                "Books: Second Wind",
                "only a 1 on the combat roll may be rerolled",
            );
        }
        let detail = format!("rerolled a 1 into {}", again.value());
        cx.emit(Event::BookUsed {
            character: id.to_string(),
            book: "second_wind".into(),
            detail,
        });
        dice.character = again;
    }
    if giant_strength {
        if !has_book(cx, id, "giant_strength") {
            return refuse("Books", format!("{id} has no Giant Strength book"));
        }
        let used =
            cx.s.character(id)
                .map(|c| c.giant_strength_used)
                .unwrap_or(0);
        if used >= GIANT_STRENGTH_CHARGES {
            return refuse(
                "Books: Giant Strength",
                "all 3 charges are spent until you leave the dungeon",
            );
        }
        let detail = format!(
            "+{GIANT_STRENGTH_BONUS} to the combat roll ({} charge(s) left)",
            GIANT_STRENGTH_CHARGES - used - 1
        );
        cx.emit(Event::BookUsed {
            character: id.to_string(),
            book: "giant_strength".into(),
            detail,
        });
    }
    combat::resolve(cx, id, enemy, dice, true);
    Ok(())
}

/// Flee: no attributes; a roll not above the enemy's costs 1 Life (not with
/// the Flee Combat book), then the character leaves combat either way.
pub fn flee(cx: &mut Ctx, id: &str, enemy: &str, dice: DicePair) -> Result<(), Refusal> {
    let c = cx.can_act(id, "fleeing")?;
    if c.turn.attacked {
        return refuse(
            "Combat: flee",
            format!("{id} has already attacked or fled this turn"),
        );
    }
    adjacent_enemy(cx, id, enemy)?;
    let failed = dice.character.value() <= dice.enemy.value();
    let damaged = failed && !has_book(cx, id, "flee_combat");
    cx.emit(Event::Fled {
        character: id.to_string(),
        enemy: enemy.to_string(),
        character_roll: dice.character.value(),
        enemy_roll: dice.enemy.value(),
        source: dice.source,
        damaged,
    });
    if damaged {
        wound_character(cx, id, Some(enemy));
    }
    Ok(())
}

/// Spend a Master Key charge or the Tools; `rule` names the refusal's rule
/// (unlocking, or the trap for a disarm).
fn use_key(
    cx: &mut Ctx,
    id: &str,
    with: UnlockWith,
    what: &str,
    rule: &str,
) -> Result<(), Refusal> {
    let c = cx.character(id)?;
    let found = c.inventory.iter().enumerate().find(|(_, i)| match with {
        UnlockWith::MasterKey => matches!(i, Item::MasterKey { charges } if *charges > 0),
        UnlockWith::Tools => **i == Item::Tools,
    });
    let Some((index, item)) = found else {
        let name = if with == UnlockWith::MasterKey {
            "a Master Key with a charge"
        } else {
            "Tools"
        };
        return refuse(rule, format!("{id} has no {name} to open {what}"));
    };
    match item {
        Item::MasterKey { charges } if *charges > 1 => {
            let item = Item::MasterKey {
                charges: charges - 1,
            };
            cx.emit(Event::ItemChanged {
                character: id.to_string(),
                index,
                item,
            });
        }
        _ => cx.emit(Event::ItemLost {
            character: id.to_string(),
            index,
        }),
    }
    Ok(())
}

pub fn unlock(cx: &mut Ctx, id: &str, at: Pos, with: UnlockWith) -> Result<(), Refusal> {
    cx.can_act(id, "unlocking")?;
    if !at.adjacent(pos_of(cx, id)) {
        return refuse(
            "Interact: unlock",
            format!("{id} must stand next to the door at {at}"),
        );
    }
    if cx.s.cell(at) != Some(Cell::Door { locked: true }) {
        return refuse(
            "Interact: unlock",
            format!("there is no locked door at {at}"),
        );
    }
    use_key(cx, id, with, "the door", "Interact: unlock")?;
    cx.emit(Event::CellChanged {
        at,
        cell: Cell::Door { locked: false }.to_char(),
    });
    flag_acted(cx, id);
    Ok(())
}

/// Record that `id` took an action other than moving (Run is then closed).
pub(crate) fn flag_acted(cx: &mut Ctx, id: &str) {
    if let Some(c) = cx.s.character(id) {
        let mut flags = c.turn.clone();
        flags.acted = true;
        cx.emit(Event::TurnFlagsChanged {
            character: id.to_string(),
            flags,
        });
    }
}

/// Loot an adjacent container (p.24). One search per container: win or
/// lose, the cube is removed afterwards.
#[allow(clippy::too_many_arguments)]
/// A loot roll's score and whether it succeeds: the die plus Torch must
/// reach the container's threshold; one with no threshold (the sack) always
/// pays, its score the die alone.
pub fn loot_score(threshold: Option<i32>, torch: i32, roll: u8) -> (bool, i32) {
    match threshold {
        None => (true, i32::from(roll)),
        Some(need) => {
            let score = i32::from(roll) + torch;
            (score >= need, score)
        }
    }
}

pub fn loot(
    cx: &mut Ctx,
    id: &str,
    at: Pos,
    roll: Option<D6>,
    reroll: Option<D6>,
    with: Option<UnlockWith>,
    items: &[Item],
    source: DiceSource,
) -> Result<(), Refusal> {
    const RULE: &str = "Interact: loot";
    let c = cx.can_act(id, "looting")?;
    let (pos, torch) = (c.pos.expect("in dungeon"), c.attrs.torch);
    let Some(Cell::Container(kind)) = cx.s.cell(at) else {
        return refuse(RULE, format!("there is no container at {at}"));
    };
    if !at.adjacent(pos) {
        return refuse(
            RULE,
            format!("{id} at {pos} must stand next to the container at {at} to loot it"),
        );
    }
    let rules = tables().container(kind).clone();
    let name = serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    let (success, roll_used, score) = if rules.needs_key {
        let Some(with) = with else {
            return refuse(
                RULE,
                format!("the {name} is locked: use a Master Key or Tools (with)"),
            );
        };
        use_key(cx, id, with, &format!("the {name}"), "Interact: unlock")?;
        (true, 0, 0)
    } else {
        let Some(first) = roll else {
            return refuse(RULE, format!("looting the {name} needs a die roll"));
        };
        match rules.threshold {
            None => (true, first.value(), i32::from(first.value())),
            Some(need) => {
                let mut r = first;
                let fails = |r: D6| !loot_score(Some(need), torch, r.value()).0;
                if fails(r) {
                    if let Some(again) = reroll {
                        let may = has_book(cx, id, "for_the_loot")
                            || (r.value() == 1 && has_book(cx, id, "second_wind"));
                        if !may {
                            return refuse(
                                "Books",
                                format!("{id} has no book granting a loot reroll here"),
                            );
                        }
                        r = again;
                    }
                } else if reroll.is_some() {
                    return refuse("Books", "a reroll is only for a failed loot roll");
                }
                (!fails(r), r.value(), i32::from(r.value()) + torch)
            }
        }
    };
    let wanted = if success { rules.items } else { 0 };
    if items.len() != wanted {
        return refuse(
            RULE,
            if success {
                format!("the {name} gives {wanted} item card(s): give the card(s) drawn in items (got {})", items.len())
            } else {
                format!(
                    "the loot failed ({score} < {}); no item cards are drawn",
                    rules.threshold.unwrap_or(0)
                )
            },
        );
    }
    cx.emit(Event::LootRolled {
        character: id.to_string(),
        container: name,
        roll: roll_used,
        score,
        needed: rules.threshold,
        success,
        source,
    });
    cx.emit(Event::CellChanged {
        at,
        cell: Cell::Floor.to_char(),
    });
    if !success {
        return Ok(());
    }
    let coins = rules.coins
        + rules
            .coin_roll
            .map(|t| t[usize::from(roll_used.max(1)) - 1])
            .unwrap_or(0);
    if coins > 0 {
        let have = cx.s.character(id).map(|c| c.coins).unwrap_or(0);
        cx.emit(Event::CoinsChanged {
            character: id.to_string(),
            coins: have.saturating_add(coins),
        });
    }
    for item in items {
        gain_item(cx, id, item.clone(), pos);
    }
    if rules.torch > 0 {
        let c = cx.s.character(id).expect("looter");
        let t = c
            .attrs
            .torch
            .saturating_add(rules.torch)
            .min(c.cap(Attribute::Torch).max(c.attrs.torch));
        cx.set_torch(id, t, "barrel");
    }
    Ok(())
}

pub fn disarm_trap(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = cx.acting(id)?;
    let Some(at) = c.on_trap else {
        return refuse("Trap", format!("{id} is not standing on a trap"));
    };
    // p.24: a trap is disarmed with Tools only (a Master Key opens doors and chests).
    use_key(cx, id, UnlockWith::Tools, "the trap", "Trap")?;
    cx.emit(Event::TrapResolved {
        character: id.to_string(),
        at,
        roll: None,
        effect: "disarmed".into(),
        source: DiceSource::Manual,
    });
    cx.emit(Event::CellChanged {
        at,
        cell: Cell::Floor.to_char(),
    });
    Ok(())
}

pub fn trigger_trap(cx: &mut Ctx, id: &str, roll: D6, source: DiceSource) -> Result<(), Refusal> {
    let c = cx.acting(id)?;
    let Some(at) = c.on_trap else {
        return refuse("Trap", format!("{id} is not standing on a trap"));
    };
    let torch = c.attrs.torch;
    let row = &tables().traps[&roll.value()];
    cx.emit(Event::TrapResolved {
        character: id.to_string(),
        at,
        roll: Some(roll.value()),
        effect: row.text.clone(),
        source,
    });
    cx.emit(Event::CellChanged {
        at,
        cell: Cell::Floor.to_char(),
    });
    match row.effect {
        TrapEffect::LoseLife => wound_character(cx, id, None),
        TrapEffect::Poison => take_affliction(cx, id, Affliction::Poison),
        TrapEffect::Disease => take_affliction(cx, id, Affliction::Disease),
        TrapEffect::LoseTorch => {
            if torch > 0 {
                cx.set_torch(id, torch - 1, "trap");
            }
        }
        TrapEffect::Snared => {
            take_affliction(cx, id, Affliction::Snared);
            cx.emit(Event::TurnLost {
                character: id.to_string(),
            });
        }
        TrapEffect::Evade => {}
    }
    Ok(())
}

/// Short rest by an unused campfire: +1 Life, +1 Torch, once per turn, not
/// with enemies on the campfire's card; the campfire is then spent.
pub fn short_rest(cx: &mut Ctx, id: &str, campfire: Pos) -> Result<(), Refusal> {
    const RULE: &str = "Interact: short rest";
    let c = cx.can_act(id, "resting")?;
    if c.turn.rested {
        return refuse(RULE, format!("{id} has already rested this turn"));
    }
    if cx.s.cell(campfire) != Some(Cell::Campfire) {
        return refuse(RULE, format!("there is no unused campfire at {campfire}"));
    }
    if !campfire.adjacent(c.pos.expect("in dungeon")) {
        return refuse(
            RULE,
            format!("{id} must stand next to the campfire at {campfire}"),
        );
    }
    let card = cx.s.card_at(campfire).expect("campfire on a card");
    if let Some(e) = cx.s.enemies.iter().find(|e| card.contains(e.pos)) {
        return refuse(
            "Dungeon: campfire",
            format!(
                "{} is on the campfire's card; no rest with enemies there",
                e.id
            ),
        );
    }
    let life = c
        .attrs
        .life
        .saturating_add(1)
        .min(c.cap(Attribute::Life).max(c.attrs.life));
    let torch = c
        .attrs
        .torch
        .saturating_add(1)
        .min(c.cap(Attribute::Torch).max(c.attrs.torch));
    cx.emit(Event::Rested {
        character: id.to_string(),
        at: campfire,
    });
    cx.emit(Event::CellChanged {
        at: campfire,
        cell: Cell::Floor.to_char(),
    });
    cx.set_attr(id, Attribute::Life, life);
    cx.set_attr(id, Attribute::Torch, torch);
    Ok(())
}

fn item_at(cx: &Ctx, id: &str, index: usize) -> Result<Item, Refusal> {
    let c = cx.character(id)?;
    c.inventory.get(index).cloned().ok_or_else(|| {
        Refusal::new(
            "Inventory",
            format!(
                "{id} has no item at slot {index} (carries {})",
                c.inventory.len()
            ),
        )
    })
}

pub fn use_item(cx: &mut Ctx, id: &str, index: usize) -> Result<(), Refusal> {
    let c = cx.can_act(id, "using an item")?.clone();
    let item = item_at(cx, id, index)?;
    let mut flags = c.turn.clone();
    flags.acted = true;
    match item {
        Item::Potion { potion: PotionKind::Strength } => flags.combat_bonus += 2,
        Item::Potion { potion: PotionKind::Speed } => flags.move_bonus += 3,
        Item::Potion { potion: PotionKind::Health } => {
            if c.attrs.life >= c.cap(Attribute::Life) {
                return refuse("Items: Health Potion", format!("{id} is already at full Life"));
            }
        }
        Item::Torch => {
            if c.attrs.torch >= c.cap(Attribute::Torch) {
                return refuse("Items: Torch", format!("{id}'s Torch is at its maximum; keep the card for later"));
            }
        }
        other => {
            return refuse("Items", format!("{other:?} is not used this way (keys and tools: unlock/loot/disarm; lost map: place_card; weapons and runes: equip)"))
        }
    }
    cx.emit(Event::ItemLost {
        character: id.to_string(),
        index,
    });
    cx.emit(Event::TurnFlagsChanged {
        character: id.to_string(),
        flags,
    });
    match item {
        Item::Potion {
            potion: PotionKind::Health,
        } => cx.set_attr(id, Attribute::Life, c.attrs.life.saturating_add(1)),
        Item::Torch => cx.set_attr(id, Attribute::Torch, c.attrs.torch.saturating_add(1)),
        _ => {}
    }
    Ok(())
}

pub fn equip(cx: &mut Ctx, id: &str, index: usize) -> Result<(), Refusal> {
    let c = cx.character(id)?.clone();
    if c.pos.is_some() {
        cx.can_act(id, "equipping")?;
    }
    let item = item_at(cx, id, index)?;
    match &item {
        Item::Weapon {
            attribute, bonus, ..
        } => {
            if c.equipped.is_some() {
                return refuse(
                    "Items: Weapon",
                    format!("{id} already has a weapon equipped; unequip it first"),
                );
            }
            cx.emit(Event::Equipped {
                character: id.to_string(),
                index,
            });
            cx.set_attr(
                id,
                *attribute,
                c.attrs.get(*attribute).saturating_add(*bonus),
            );
        }
        Item::Rune(r) => {
            let Some(eq) = &c.equipped else {
                return refuse(
                    "Items: Rune",
                    "runes are attached to an equipped weapon; equip one first",
                );
            };
            if eq.runes.iter().any(|x| x.great == r.great) {
                return refuse(
                    "Items: Rune",
                    "a weapon holds at most one great rune and one simple rune",
                );
            }
            cx.emit(Event::RuneAttached {
                character: id.to_string(),
                index,
            });
            cx.set_attr(
                id,
                r.attribute,
                c.attrs.get(r.attribute).saturating_add(r.bonus),
            );
        }
        other => return refuse("Items", format!("{other:?} cannot be equipped")),
    }
    flag_acted(cx, id);
    Ok(())
}

pub fn unequip(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = cx.character(id)?.clone();
    if c.pos.is_some() {
        cx.can_act(id, "unequipping")?;
    }
    let Some(eq) = &c.equipped else {
        return refuse("Items: Weapon", format!("{id} has no weapon equipped"));
    };
    let returning = 1 + eq.runes.len();
    if c.inventory.len() + returning > c.capacity() {
        return refuse(
            "Inventory",
            format!(
                "no room for the weapon and its runes ({returning} items); drop something first"
            ),
        );
    }
    cx.emit(Event::Unequipped {
        character: id.to_string(),
    });
    for a in [
        Attribute::Attack,
        Attribute::Move,
        Attribute::Torch,
        Attribute::Life,
    ] {
        let lost = c.gear_bonus(a);
        if lost != 0 {
            let value = (c.attrs.get(a) - lost).max(if a == Attribute::Life { 1 } else { 0 });
            // Taking off gear spends no Torch (p.14, p.36): set the value
            // directly, so no boss is called and no Torch path charged.
            cx.emit(Event::AttributeSet {
                character: id.to_string(),
                attribute: a,
                value,
            });
        }
    }
    flag_acted(cx, id);
    Ok(())
}

pub fn pick_up(cx: &mut Ctx, id: &str, index: usize) -> Result<(), Refusal> {
    let at = cx.can_act(id, "picking up")?.pos;
    let Some(d) = cx.s.dropped.get(index).cloned() else {
        return refuse(
            "Pick up",
            format!("there is no dropped item number {index}"),
        );
    };
    if Some(d.pos) != at {
        return refuse(
            "Pick up",
            format!("the item lies on {}; {id} must stand on that square", d.pos),
        );
    }
    room_for(cx, id, &d.item)?;
    cx.emit(Event::ItemPickedUp {
        character: id.to_string(),
        index,
    });
    if let Item::Coins { amount } = d.item {
        // Coin cards turn into coins at once.
        let n = cx.s.character(id).map(|c| c.inventory.len()).unwrap_or(1) - 1;
        let coins =
            cx.s.character(id)
                .map(|c| c.coins)
                .unwrap_or(0)
                .saturating_add(amount);
        cx.emit(Event::ItemLost {
            character: id.to_string(),
            index: n,
        });
        cx.emit(Event::CoinsChanged {
            character: id.to_string(),
            coins,
        });
    }
    flag_acted(cx, id);
    Ok(())
}

pub fn drop_item(cx: &mut Ctx, id: &str, index: usize) -> Result<(), Refusal> {
    let at = cx.can_act(id, "dropping")?.pos.expect("in dungeon");
    let item = item_at(cx, id, index)?;
    backpack_may_leave(cx.character(id)?, &item)?;
    cx.emit(Event::ItemLost {
        character: id.to_string(),
        index,
    });
    cx.emit(Event::ItemDropped { at, item });
    Ok(())
}

/// Give an item to an adjacent character (or freely in town); see `trade`.
pub fn give(cx: &mut Ctx, from: &str, to: &str, index: usize) -> Result<(), Refusal> {
    let place = crate::trade::meet(cx, from, to, "trading")?;
    let item = item_at(cx, from, index)?;
    backpack_may_leave(cx.character(from)?, &item)?;
    room_for(cx, to, &item)?;
    cx.emit(Event::ItemLost {
        character: from.to_string(),
        index,
    });
    cx.emit(Event::ItemGained {
        character: to.to_string(),
        item,
    });
    if place == crate::trade::Meeting::Dungeon {
        flag_acted(cx, from);
    }
    Ok(())
}

/// Leave through a Gate (from anywhere once the dungeon has no enemies). The
/// coins carried go to the stash.
pub fn exit_dungeon(cx: &mut Ctx, id: &str) -> Result<(), Refusal> {
    let c = cx.acting(id)?.clone();
    let on_gate = c
        .pos
        .and_then(|p| cx.s.card_at(p))
        .is_some_and(|k| k.kind == CardKind::Gate);
    if !on_gate && !cx.s.enemies.is_empty() {
        return refuse(
            "Completing a Dungeon",
            format!("{id} must stand on a Gate to leave while enemies remain"),
        );
    }
    if c.on_trap.is_some() {
        return refuse("Trap", format!("{id} must resolve the trap first"));
    }
    cx.emit(Event::ExitedDungeon {
        character: id.to_string(),
    });
    if c.coins > 0 {
        let st = cx.s.stashes.get(&c.player).cloned().unwrap_or_default();
        cx.emit(Event::CoinsChanged {
            character: id.to_string(),
            coins: 0,
        });
        cx.emit(Event::StashChanged {
            player: c.player.clone(),
            coins: st.coins.saturating_add(c.coins),
            books: st.books,
        });
    }
    Ok(())
}

/// Clear the table for the next exploration (p.31: collect all cubes, shuffle
/// the cards). Refused while anyone is still down there, so nobody is lost.
pub fn new_dungeon(cx: &mut Ctx) -> Result<(), Refusal> {
    if let Some(c) = cx.s.characters.iter().find(|c| c.in_dungeon()) {
        return refuse(
            "Completing a Dungeon",
            format!("{} is still in the dungeon", c.id),
        );
    }
    cx.emit(Event::DungeonCleared);
    Ok(())
}
