//! Laying out the dungeon: cards, cubes, enemies, and characters at the Gate.

use crate::command::Cube;
use crate::ctx::{refuse, Ctx};
use crate::event::Event;
use crate::model::{
    parse_rows, Attributes, Card, CardKind, Cell, Character, CharacterType, Enemy, EnemyKind, Item,
    Pos,
};
use tw_rules::Refusal;

/// The goblin whose placement calls a boss ("the last, 8th goblin").
pub const BOSS_GOBLIN: u32 = 8;

#[allow(clippy::too_many_arguments)]
pub fn place_card(
    cx: &mut Ctx,
    id: &str,
    kind: CardKind,
    origin: Pos,
    rows: &[String],
    explorer: Option<&str>,
    lost_map: bool,
) -> Result<(), Refusal> {
    const RULE: &str = "Dungeon cards";
    if id.is_empty() {
        return refuse(RULE, "a card needs an id");
    }
    if cx.s.cards.iter().any(|c| c.id == id) {
        return refuse(RULE, format!("card {id:?} is already on the table"));
    }
    // `origin` lies within ±MAX_COORD: `limits::check` ran before.
    let (width, height, cells) =
        parse_rows(rows).map_err(|e| Refusal::new(RULE, format!("card {id}: {e}")))?;
    let card = Card {
        id: id.to_string(),
        kind,
        origin,
        width,
        height,
        cells,
        revealed_by_map: lost_map,
        entered: !lost_map,
    };
    if cx.s.cards.is_empty() {
        if kind != CardKind::Gate {
            return refuse("Setup", "the first card of a dungeon is a Gate");
        }
    } else {
        if let Some(o) = cx.s.cards.iter().find(|o| o.overlaps(&card)) {
            return refuse(
                RULE,
                format!("card {id} at {origin} would overlap card {}", o.id),
            );
        }
        if !cx.s.cards.iter().any(|o| o.touches(&card)) {
            return refuse(
                RULE,
                format!("card {id} at {origin} must meet another card edge to edge"),
            );
        }
    }
    if lost_map && explorer.is_none() {
        return refuse(
            "Items: Lost Map",
            "say which character uses the Lost Map (explorer)",
        );
    }
    if let Some(who) = explorer {
        let c = cx.can_act(who, "exploring")?;
        let at = c.pos.expect("in dungeon");
        if !at.neighbours().iter().any(|n| card.contains(*n)) {
            return refuse(
                "Exploring",
                format!("{who} at {at} is not on the edge next to where card {id} would go"),
            );
        }
        if lost_map {
            let Some(i) = c.inventory.iter().position(|i| *i == Item::LostMap) else {
                return refuse("Items: Lost Map", format!("{who} carries no Lost Map"));
            };
            cx.emit(Event::ItemLost {
                character: who.to_string(),
                index: i,
            });
        } else if c.attrs.torch > 0 {
            let left = c.attrs.torch - 1;
            cx.set_torch(who, left, "exploring");
        }
    }
    cx.emit(Event::CardPlaced {
        card,
        explorer: explorer.filter(|_| !lost_map).map(String::from),
    });
    Ok(())
}

/// A floor square of a card with nobody on it.
fn empty_floor(cx: &Ctx, at: Pos, rule: &str, what: &str) -> Result<(), Refusal> {
    match cx.s.cell(at) {
        None => return refuse(rule, format!("{at} is not on any dungeon card")),
        Some(Cell::Floor) => {}
        Some(c) => {
            return refuse(
                rule,
                format!(
                    "{at} already holds {} — {what} needs an empty square",
                    describe(c)
                ),
            )
        }
    }
    if let Some(e) = cx.s.enemy_at(at) {
        return refuse(rule, format!("enemy {} stands on {at}", e.id));
    }
    if let Some(c) = cx.s.character_at(at) {
        return refuse(rule, format!("character {} stands on {at}", c.id));
    }
    Ok(())
}

pub fn describe(c: Cell) -> String {
    match c {
        Cell::Floor => "floor".into(),
        Cell::Wall => "a wall".into(),
        Cell::Door { locked: true } => "a locked door".into(),
        Cell::Door { locked: false } => "an unlocked door".into(),
        Cell::Container(k) => format!(
            "a {}",
            serde_json::to_value(k)
                .ok()
                .and_then(|v| v.as_str().map(String::from))
                .unwrap_or_default()
        ),
        Cell::Trap => "a trap".into(),
        Cell::Campfire => "a campfire".into(),
    }
}

pub fn place_cube(cx: &mut Ctx, at: Pos, cube: Cube) -> Result<(), Refusal> {
    empty_floor(cx, at, "Dungeon: cubes", "a cube")?;
    let cell = match cube {
        Cube::Container(container) => Cell::Container(container),
        Cube::Trap => Cell::Trap,
        Cube::Campfire => Cell::Campfire,
        Cube::LockedDoor => Cell::Door { locked: true },
        Cube::UnlockedDoor => Cell::Door { locked: false },
    };
    cx.emit(Event::CellChanged {
        at,
        cell: cell.to_char(),
    });
    Ok(())
}

fn check_attrs(rule: &str, who: &str, a: &Attributes) -> Result<(), Refusal> {
    if a.life < 1 || a.attack < 0 || a.move_ < 0 || a.torch < 0 {
        return refuse(
            rule,
            format!(
                "{who}: Life must be at least 1 and Attack, Move and Torch at least 0 (got {a:?})"
            ),
        );
    }
    Ok(())
}

pub fn place_enemy(
    cx: &mut Ctx,
    id: &str,
    kind: EnemyKind,
    name: &str,
    at: Pos,
    attrs: Attributes,
    carries: &[Item],
) -> Result<(), Refusal> {
    const RULE: &str = "Enemies";
    if id.is_empty() || cx.s.enemy(id).is_some() {
        return refuse(
            RULE,
            format!("enemy id {id:?} is empty or already in the dungeon"),
        );
    }
    check_attrs(RULE, id, &attrs)?;
    match cx.s.cell(at) {
        Some(Cell::Container(_)) => {
            return refuse(
                "Dungeon: containers",
                format!("{at} holds a container; no figure may stand on one"),
            )
        }
        Some(Cell::Floor) | Some(Cell::Door { locked: false }) => {}
        None => return refuse(RULE, format!("{at} is not on any dungeon card")),
        Some(c) => {
            return refuse(
                RULE,
                format!("{at} holds {}; an enemy needs a free square", describe(c)),
            )
        }
    }
    if let Some(e) = cx.s.enemy_at(at) {
        return refuse("Move", format!("enemy {} already stands on {at}", e.id));
    }
    if let Some(c) = cx.s.character_at(at) {
        return refuse("Move", format!("character {} stands on {at}", c.id));
    }
    if kind == EnemyKind::Boss {
        let card = cx.s.card_at(at).expect("checked above");
        if cx.s.bosses_due.is_empty() {
            return refuse("Boss", "no boss is due: one enters when a character spends the last Torch or the 8th goblin is placed");
        }
        if !cx.s.bosses_due.iter().any(|b| b.gate == card.id) {
            let gates: Vec<_> = cx.s.bosses_due.iter().map(|b| b.gate.as_str()).collect();
            return refuse(
                "Boss",
                format!(
                    "the boss enters at Gate {} (where the current player entered), not on card {}",
                    gates.join(" or "),
                    card.id
                ),
            );
        }
    }
    // Enemies on a card someone has entered have seen a character (goblins then chase).
    let engaged = cx.s.card_at(at).is_some_and(|c| c.entered);
    let enemy = Enemy {
        id: id.to_string(),
        kind,
        name: name.to_string(),
        pos: at,
        attrs,
        carries: carries.to_vec(),
        companions_called: false,
        engaged,
    };
    cx.emit(Event::EnemyPlaced { enemy });
    if kind == EnemyKind::Goblin && cx.s.goblins_placed == BOSS_GOBLIN {
        let gate =
            cx.s.current
                .as_deref()
                .and_then(|c| cx.s.character(c))
                .and_then(|c| c.entry_gate.clone())
                .or_else(|| {
                    cx.s.cards
                        .iter()
                        .find(|c| c.kind == CardKind::Gate)
                        .map(|c| c.id.clone())
                });
        if let Some(gate) = gate {
            cx.emit(Event::BossDue {
                gate,
                reason: format!("the {BOSS_GOBLIN}th goblin was placed"),
            });
        }
    }
    Ok(())
}

/// Starting items a new character may choose (p.15): "Tools, Master Key,
/// Torch", as the card comes (a Master Key with its two charges).
pub fn starting_items() -> [Item; 3] {
    [Item::Tools, Item::default_master_key(), Item::Torch]
}

fn starting_item(i: &Item) -> bool {
    matches!(i, Item::Tools | Item::MasterKey { .. } | Item::Torch)
}

/// Starting item cards a new character `id` may take (p.15): 1 character
/// takes 3, 2 take 2 each, 3 take 1 each, 4 take none, counted with this
/// character among those alive.
pub fn starting_items_allowed(s: &crate::model::State, id: &str) -> usize {
    let in_play = s
        .characters
        .iter()
        .filter(|c| c.alive && c.id != id)
        .count()
        + 1;
    starting_items().len().saturating_sub(in_play - 1)
}

#[allow(clippy::too_many_arguments)]
pub fn new_character(
    cx: &mut Ctx,
    id: &str,
    player: &str,
    name: &str,
    character_type: CharacterType,
    attrs: Attributes,
    items: &[Item],
) -> Result<(), Refusal> {
    const RULE: &str = "Characters";
    if id.is_empty() || player.is_empty() {
        return refuse(RULE, "a character needs an id and a player");
    }
    if let Some(c) = cx.s.character(id) {
        if c.alive {
            return refuse(
                RULE,
                format!("character {id:?} already exists and is alive"),
            );
        }
    }
    check_attrs(RULE, id, &attrs)?;
    if !items.iter().all(starting_item) {
        return refuse(
            "Inventory: starting items",
            "starting items are chosen among Tools, Master Key and Torch",
        );
    }
    let in_play =
        cx.s.characters
            .iter()
            .filter(|c| c.alive && c.id != id)
            .count()
            + 1;
    let allowed = starting_items_allowed(&cx.s, id);
    if items.len() > allowed {
        return refuse(
            "Inventory: starting items",
            format!(
                "with {in_play} characters each takes {allowed} item card{} (p.15), not {}",
                if allowed == 1 { "" } else { "s" },
                items.len()
            ),
        );
    }
    let character = Character {
        id: id.to_string(),
        player: player.to_string(),
        name: name.to_string(),
        character_type,
        attrs,
        max: attrs,
        pos: None,
        entry_gate: None,
        alive: true,
        inventory: items.to_vec(),
        equipped: None,
        coins: 0,
        afflictions: vec![],
        turn: Default::default(),
        on_trap: None,
        titles: vec![],
        quest: None,
        completed: vec![],
        paths: vec![],
        active_path: None,
        path_charge: 0,
        bought_this_visit: vec![],
        rumor_heard: false,
        giant_strength_used: 0,
        quest_progress: 0,
        quest_tally: vec![],
    };
    cx.emit(Event::CharacterCreated { character });
    Ok(())
}

pub fn enter_dungeon(cx: &mut Ctx, id: &str, at: Pos) -> Result<(), Refusal> {
    let c = cx.character(id)?;
    if !c.alive {
        return refuse("End Game", format!("{id} has died; make a new character"));
    }
    if c.pos.is_some() {
        return refuse("Setup", format!("{id} is already in the dungeon"));
    }
    let Some(card) = cx.s.card_at(at) else {
        return refuse("Setup", format!("{at} is not on any dungeon card"));
    };
    if card.kind != CardKind::Gate {
        return refuse(
            "Setup",
            format!("characters enter on a Gate; card {} is a Hall", card.id),
        );
    }
    let gate = card.id.clone();
    empty_floor(cx, at, "Setup", "a character")?;
    cx.emit(Event::EnteredDungeon {
        character: id.to_string(),
        at,
        gate: gate.clone(),
    });
    cx.emit(Event::CardEntered { card: gate });
    Ok(())
}
