//! Opposed combat rolls, damage, afflictions and defeat.
//!
//! Both sides roll one die and add their Attack; the higher Hit score wins and
//! the loser loses 1 Life; a tie hurts nobody. The same resolution serves a
//! character's attack and an enemy's attack in the dungeon turn.

use crate::command::DicePair;
use crate::ctx::Ctx;
use crate::data::tables;
use crate::event::{Event, Who};
use crate::model::AfflictionClock;

/// Turns an affliction lasts (disease, poison: 2; snared: the next turn).
pub fn affliction_turns(a: crate::model::Affliction) -> u8 {
    match a {
        crate::model::Affliction::Snared => 1,
        _ => 2,
    }
}

/// An enemy's Attack in a roll: goblins gain +1 with 2+ goblins in the Hall.
pub fn enemy_attack(cx: &Ctx, enemy: &str) -> i32 {
    let Some(e) = cx.s.enemy(enemy) else { return 0 };
    let pack = tables().enemy(e.kind).pack_bonus && cx.s.goblins_on_card_of(e.pos) >= 2;
    e.attrs.attack.saturating_add(i32::from(pack))
}

/// Resolve one opposed roll. `character_attacks` says whose action it is: a
/// Strength Potion's bonus counts only on the character's own attack.
pub fn resolve(
    cx: &mut Ctx,
    character: &str,
    enemy: &str,
    dice: DicePair,
    character_attacks: bool,
) {
    let (Some(c), Some(_)) = (cx.s.character(character), cx.s.enemy(enemy)) else {
        return;
    };
    let bonus = if character_attacks {
        c.turn.combat_bonus
    } else {
        0
    };
    let character_hit = i32::from(dice.character.value())
        .saturating_add(c.combat_attack())
        .saturating_add(bonus);
    let enemy_hit = i32::from(dice.enemy.value()).saturating_add(enemy_attack(cx, enemy));
    let (cw, ew) = (
        Who::Character(character.to_string()),
        Who::Enemy(enemy.to_string()),
    );
    let loser = match character_hit.cmp(&enemy_hit) {
        std::cmp::Ordering::Greater => Some(ew.clone()),
        std::cmp::Ordering::Less => Some(cw.clone()),
        std::cmp::Ordering::Equal => None,
    };
    let (attacker, defender) = if character_attacks {
        (cw, ew)
    } else {
        (ew, cw)
    };
    cx.emit(Event::Combat {
        attacker,
        defender,
        character_roll: dice.character.value(),
        enemy_roll: dice.enemy.value(),
        character_hit,
        enemy_hit,
        source: dice.source,
        loser: loser.clone(),
    });
    match loser {
        Some(Who::Character(_)) => wound_character(cx, character, Some(enemy)),
        Some(Who::Enemy(_)) => wound_enemy(cx, enemy, character),
        None => {}
    }
}

/// 1 damage to a character; rats and spiders leave their affliction.
pub fn wound_character(cx: &mut Ctx, character: &str, by: Option<&str>) {
    let Some(c) = cx.s.character(character) else {
        return;
    };
    let life_left = c.attrs.life.saturating_sub(1);
    cx.emit(Event::LifeLost {
        who: Who::Character(character.to_string()),
        life_left,
    });
    if life_left <= 0 {
        defeat_character(cx, character);
        return;
    }
    let inflicts = by
        .and_then(|e| cx.s.enemy(e))
        .and_then(|e| tables().enemy(e.kind).inflicts);
    if let Some(kind) = inflicts {
        take_affliction(cx, character, kind);
    }
}

/// Take (or restart) an affliction: it bites from the start of the next turn.
/// A restart (p.28: "you simply restart the affliction") only resets the
/// count: one already biting stays in force, not pending again.
pub fn take_affliction(cx: &mut Ctx, character: &str, kind: crate::model::Affliction) {
    let biting =
        cx.s.character(character)
            .and_then(|c| c.affliction(kind))
            .is_some_and(|a| !a.pending);
    let clock = AfflictionClock {
        kind,
        turns_left: affliction_turns(kind),
        pending: !biting,
    };
    cx.emit(Event::AfflictionTaken {
        character: character.to_string(),
        clock,
    });
}

/// Death in the dungeon: items and carried coins are lost, the stash is not.
pub fn defeat_character(cx: &mut Ctx, character: &str) {
    let Some(c) = cx.s.character(character) else {
        return;
    };
    let mut items_lost = c.inventory.clone();
    if let Some(eq) = &c.equipped {
        items_lost.push(eq.weapon.clone());
        items_lost.extend(eq.runes.iter().cloned().map(crate::model::Item::Rune));
    }
    let coins_lost = c.coins;
    cx.emit(Event::CharacterDefeated {
        character: character.to_string(),
        items_lost,
        coins_lost,
    });
}

pub fn wound_enemy(cx: &mut Ctx, enemy: &str, by: &str) {
    let Some(e) = cx.s.enemy(enemy) else { return };
    let life_left = e.attrs.life.saturating_sub(1);
    let (pos, carries) = (e.pos, e.carries.clone());
    cx.emit(Event::LifeLost {
        who: Who::Enemy(enemy.to_string()),
        life_left,
    });
    if life_left > 0 {
        return;
    }
    cx.emit(Event::EnemyDefeated {
        enemy: enemy.to_string(),
        by: Some(by.to_string()),
    });
    // The winner takes the defeated enemy's items if there is room; the rest drop.
    for item in carries {
        crate::actions::gain_item(cx, by, item, pos);
    }
}
