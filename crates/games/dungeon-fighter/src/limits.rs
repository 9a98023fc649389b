//! Range checks on every number a command, a setup or a typed card carries.
//!
//! Life, gold and dice are summed in `u32`/`i32`; bounding what comes in to
//! what a table can hold keeps those sums far from overflow. A refusal names
//! the field (`heals[1].amount`, `card "Skeleton Goblin": life`).

use crate::command::{Command, HeroSetup, Setup, Throw};
use serde_json::Value;
use tw_rules::limits::in_range;
use tw_rules::Refusal;

/// Largest hero index a command may name (a party has at most 6).
pub const MAX_HERO: usize = 99;
/// Largest life, damage, price, bonus or count a card or command may give.
pub const MAX_VALUE: u32 = 999;
/// Largest gold or white-dice amount (a chest to resume, gold to spend).
pub const MAX_GOLD: u32 = 9_999;

fn hero(path: &str, i: usize) -> Result<(), Refusal> {
    in_range(path, i, 0, MAX_HERO)
}

fn opt_hero(path: &str, i: Option<usize>) -> Result<(), Refusal> {
    i.map_or(Ok(()), |i| hero(path, i))
}

fn throw(t: &Throw) -> Result<(), Refusal> {
    opt_hero("hero", t.hero)?;
    t.landing
        .value
        .map_or(Ok(()), |v| in_range("landing.value", v, 0, MAX_VALUE))
}

/// Every number among the fields typed into a card, under `path`.
fn numbers(path: &str, v: &Value) -> Result<(), Refusal> {
    match v {
        Value::Number(n) => {
            let x = n.as_f64().unwrap_or(f64::INFINITY);
            let m = f64::from(MAX_VALUE);
            in_range(path, x, -m, m)
        }
        Value::Array(a) => a
            .iter()
            .enumerate()
            .try_for_each(|(k, x)| numbers(&format!("{path}[{k}]"), x)),
        Value::Object(o) => o
            .iter()
            .try_for_each(|(k, x)| numbers(&format!("{path}.{k}"), x)),
        _ => Ok(()),
    }
}

/// The numbers typed into a card (the catalogue's own are known to be small).
pub fn card(input: &crate::cards::CardInput) -> Result<(), Refusal> {
    input
        .fields
        .iter()
        .try_for_each(|(k, v)| numbers(&format!("card {:?}: {k}", input.name), v))
}

/// Refuse `command` if any of its numbers lies outside what the game uses.
pub fn check(command: &Command) -> Result<(), Refusal> {
    use Command::*;
    match command {
        EnterDungeon {
            card: c,
            free_equipment,
            ..
        } => {
            card(c)?;
            free_equipment.as_ref().map_or(Ok(()), |a| {
                hero("free_equipment.hero", a.hero)?;
                card(&a.card)
            })
        }
        RevealMonster { card: c } | RevealBoss { card: c } => card(c),
        Throw(t) => throw(t),
        UseAbility { target, heals, .. } => {
            opt_hero("target", *target)?;
            heals.iter().enumerate().try_for_each(|(k, h)| {
                hero(&format!("heals[{k}].hero"), h.hero)?;
                in_range(&format!("heals[{k}].amount"), h.amount, 0, MAX_VALUE)
            })
        }
        DiscardCharmed { hero: h, .. } | TakeScar { hero: h, .. } | LevelUp { hero: h, .. } => {
            hero("hero", *h)
        }
        UseItem {
            hero: h, target, ..
        } => {
            opt_hero("hero", *h)?;
            opt_hero("target", *target)
        }
        MoveEquipment { from, to, .. } => {
            hero("from", *from)?;
            hero("to", *to)
        }
        BuyEquipment { card: c, hero: h } => {
            card(c)?;
            opt_hero("hero", *h)
        }
        BuyHealing { gold } => in_range("gold", *gold, 0, MAX_GOLD),
        BuyWhiteDice { count } => in_range("count", *count, 0, MAX_VALUE),
        PlaceTemplate { .. }
        | TemplateFlipFailed
        | AddSpecialDie { .. }
        | SkipAbility
        | RetrieveDice
        | BackDown
        | AcceptFaint
        | EndRest
        | LeaveShop => Ok(()),
    }
}

/// Refuse a setup whose numbers lie outside what the game uses.
pub fn check_setup(s: &Setup) -> Result<(), Refusal> {
    if let Some(p) = s.players {
        in_range("players", p, 0, MAX_HERO as u32)?;
    }
    if let Some(b) = s.monster_life_bonus {
        in_range(
            "monster_life_bonus",
            b,
            -(MAX_VALUE as i32),
            MAX_VALUE as i32,
        )?;
    }
    hero("leader", s.leader)?;
    if let Some(c) = &s.chest {
        in_range("chest.gold", c.gold, 0, MAX_GOLD)?;
        in_range("chest.white_dice", c.white_dice, 0, MAX_GOLD)?;
    }
    for (k, h) in s.heroes.iter().enumerate() {
        if let HeroSetup::Detailed(d) = h {
            if let Some(l) = d.life {
                in_range(&format!("heroes[{k}].life"), l, 0, MAX_VALUE)?;
            }
            for (j, c) in d.equipment.iter().enumerate() {
                numbers(
                    &format!("heroes[{k}].equipment[{j}]"),
                    &Value::Object(c.fields.clone()),
                )?;
            }
        }
    }
    Ok(())
}
