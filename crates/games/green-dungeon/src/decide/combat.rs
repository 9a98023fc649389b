//! Combat rounds, fleeing and bribes.
//!
//! Readings chosen where the rulebook is silent:
//! - When both sides cast, the hero's spell lands first; if the monster
//!   survives its spell follows; no melee roll is made that round.
//! - Fleeing is tried "at the end of a combat turn", so only after at least
//!   one round; a failed flight must be followed by a round of fighting.
//! - A monster met again (fled or bribed) starts at full health and magic.

use super::encounter::{finish, leave};
use super::{refuse, Ctx};
use crate::command::{Action, ColoredDie};
use crate::data::rules;
use crate::event::{Event, MonsterAction, Stat, Via};
use crate::grid::{Meeple, MeepleReason};
use crate::monster::Rank;
use crate::state::{Fight, Phase, State};
use tw_rules::{Refusal, D6};

const NO_MAGIC_AFTER_FAILED_FLIGHT: &str =
    "after a failed escape the hero may not use magic this round";

/// What the monster does this round: spellcasting monsters use magic while
/// they can; bosses prefer the powerful spell; only bosses may cast it.
pub(crate) fn monster_action(f: &Fight) -> MonsterAction {
    let m = &rules().magic;
    if f.magic >= m.power_cost && f.monster.rank() != Rank::Minion {
        MonsterAction::PowerSpell
    } else if f.magic >= m.spell_cost && f.magic > 0 {
        MonsterAction::Spell
    } else {
        MonsterAction::Melee
    }
}

/// Why the hero may not cast a spell costing `cost` now, if not.
pub(crate) fn spell_blocker(s: &State, f: &Fight, cost: u8) -> Option<String> {
    if f.flee_failed {
        Some(NO_MAGIC_AFTER_FAILED_FLIGHT.into())
    } else if s.player.magic < cost {
        Some(format!(
            "this spell needs {cost} blue cube(s); the hero has {}",
            s.player.magic
        ))
    } else {
        None
    }
}

/// Why the hero may not try to flee now, if not.
pub(crate) fn flee_blocker(s: &State, f: &Fight) -> Option<&'static str> {
    if f.monster.rank() == Rank::FinalBoss {
        Some("magical barriers keep the hero from fleeing the final boss")
    } else if f.rounds == 0 {
        Some("the hero may flee only at the end of a combat round; fight a round (or bribe) first")
    } else if f.flee_failed {
        Some("the escape failed: this round must be fought before trying again")
    } else if s.previous.is_none() {
        Some("there is no previous room to flee to")
    } else {
        None
    }
}

/// Why this monster may not be bribed now, if not.
pub(crate) fn bribe_blocker(s: &State, f: &Fight) -> Option<String> {
    if f.monster.rank() != Rank::Minion {
        return Some("bosses cannot be bribed".into());
    }
    let cost = f.monster.bribe_cost();
    (s.player.treasure < cost).then(|| {
        format!(
            "this monster's bribe is {cost} treasure; the hero has {}",
            s.player.treasure
        )
    })
}

fn current(cx: &Ctx) -> Result<Fight, Refusal> {
    match cx.s.fight() {
        Some(f) => Ok(f.clone()),
        None => refuse("Combat", "there is no fight in progress"),
    }
}

/// Tell the hero's die from the monster's by colour.
fn split_dice(cx: &Ctx, dice: &[ColoredDie], rule: &str) -> Result<(u8, u8), Refusal> {
    let c = cx.s.dice;
    let of = |colour| {
        dice.iter()
            .filter(|d| d.color == colour)
            .collect::<Vec<_>>()
    };
    let (hero, monster) = (of(c.player), of(c.monster));
    if dice.len() != 2 || hero.len() != 1 || monster.len() != 1 {
        let seen: Vec<String> = dice
            .iter()
            .map(|d| format!("{} {}", d.color.name(), d.value))
            .collect();
        return refuse(
            rule,
            format!(
                "this roll needs one {} die (hero) and one {} die (monster); got [{}]",
                c.player.name(),
                c.monster.name(),
                seen.join(", ")
            ),
        );
    }
    Ok((hero[0].value.value(), monster[0].value.value()))
}

fn hurt_monster(cx: &mut Ctx, amount: u8) -> bool {
    let health =
        cx.s.fight()
            .map(|f| f.health)
            .unwrap_or(0)
            .saturating_sub(amount);
    cx.emit(Event::MonsterHurt { amount, health });
    health == 0
}

pub(super) fn fight(
    cx: &mut Ctx,
    action: Action,
    dice: &[ColoredDie],
    spell_roll: Option<D6>,
    monster_spell_roll: Option<D6>,
) -> Result<(), Refusal> {
    let f = current(cx)?;
    let m = &rules().magic;
    let (level, weapon) = (cx.s.player.level, cx.s.player.weapon.unwrap_or(0));
    let cost = match action {
        Action::Melee => 0,
        Action::Spell => m.spell_cost,
        Action::PowerSpell => m.power_cost,
    };
    if action != Action::Melee {
        if f.flee_failed {
            return refuse("Fleeing", NO_MAGIC_AFTER_FAILED_FLIGHT);
        }
        if cx.s.player.magic < cost {
            return refuse(
                "Magical Combat",
                format!(
                    "this spell needs {cost} blue cube(s); the hero has {}",
                    cx.s.player.magic
                ),
            );
        }
    }
    let player_spell_damage = match action {
        Action::Melee => 0,
        Action::Spell => m.spell_damage.saturating_add(level),
        Action::PowerSpell => match spell_roll {
            Some(r) => r.value().saturating_add(level),
            None => {
                return refuse(
                    "Magical Combat",
                    "a powerful spell needs its damage die (spell_roll)",
                )
            }
        },
    };
    let monster_action = monster_action(&f);
    let difficulty = f.monster.difficulty;
    let melee_needed = action == Action::Melee || monster_action == MonsterAction::Melee;
    // Read the dice up front so a bad reading refuses the whole round.
    let melee_dice = if melee_needed && !dice.is_empty() {
        Some(split_dice(cx, dice, "Melee Combat")?)
    } else {
        None
    };

    cx.emit(Event::CombatRound {
        player: action,
        monster: monster_action,
    });

    if action != Action::Melee {
        cx.adjust(Stat::Magic, -(cost as i32), "spell");
        if action == Action::PowerSpell {
            cx.adjust(
                Stat::Health,
                -(m.power_self_damage as i32),
                "powerful spell",
            );
        }
        if hurt_monster(cx, player_spell_damage) {
            return victory(cx);
        }
        if cx.s.player.health == 0 {
            return Ok(());
        }
    }
    if monster_action != MonsterAction::Melee {
        let (power, spent) = match monster_action {
            MonsterAction::PowerSpell => (true, m.power_cost),
            _ => (false, m.spell_cost),
        };
        // Asked for only now: a boss felled by the hero's spell never casts.
        let monster_spell_damage =
            match (power, monster_spell_roll) {
                (false, _) => difficulty,
                (true, Some(r)) => r.value().saturating_add(difficulty),
                (true, None) => return refuse(
                    "Magical Combat",
                    "the boss casts powerful magic: its damage die is needed (monster_spell_roll)",
                ),
            };
        let magic_left = f.magic.saturating_sub(spent);
        cx.emit(Event::MonsterCast {
            power,
            damage: monster_spell_damage,
            magic_left,
        });
        cx.adjust(
            Stat::Health,
            -(monster_spell_damage as i32),
            "monster spell",
        );
        if power && hurt_monster(cx, m.power_self_damage) {
            return victory(cx);
        }
        if cx.s.player.health == 0 {
            return Ok(());
        }
    }
    if !melee_needed {
        return Ok(());
    }
    let Some((hero_die, monster_die)) = melee_dice else {
        return refuse(
            "Melee Combat",
            "this round needs the melee dice: one for the hero and one for the monster",
        );
    };
    let hero_bonus = if f.flee_failed {
        0
    } else if action != Action::Melee {
        level
    } else {
        level.saturating_add(weapon)
    };
    let monster_bonus = if monster_action != MonsterAction::Melee {
        0
    } else {
        f.monster.roll_bonus()
    };
    let player_total = hero_die.saturating_add(hero_bonus);
    let monster_total = monster_die.saturating_add(monster_bonus);
    // Home turf: ties go to the monster.
    let player_won = player_total > monster_total;
    cx.emit(Event::MeleeRolled {
        player_die: hero_die,
        monster_die,
        player_total,
        monster_total,
        player_won,
    });
    if player_won && action == Action::Melee {
        if hurt_monster(cx, 1u8.saturating_add(weapon)) {
            return victory(cx);
        }
    } else if !player_won && monster_action == MonsterAction::Melee {
        cx.adjust(Stat::Health, -(difficulty as i32), "monster hit");
    }
    Ok(())
}

fn victory(cx: &mut Ctx) -> Result<(), Refusal> {
    let f = current(cx)?;
    cx.emit(Event::MonsterDefeated);
    cx.adjust(Stat::Xp, f.monster.xp() as i32, "monster defeated");
    if f.monster.bribe_held > 0 {
        cx.adjust(
            Stat::Treasure,
            f.monster.bribe_held as i32,
            "bribe reclaimed",
        );
    }
    if f.monster.rank() == Rank::MiniBoss {
        cx.emit(Event::MiniBossDefeated);
        cx.adjust(
            Stat::Luck,
            rules().mini_boss_luck as i32,
            "mini boss defeated",
        );
    }
    if f.monster.treasure_cards > 0 {
        cx.set_phase(Phase::Loot {
            remaining: f.monster.treasure_cards,
            then: f.then,
        });
    } else {
        finish(cx, f.then);
    }
    Ok(())
}

pub(super) fn flee(cx: &mut Ctx, dice: &[ColoredDie]) -> Result<(), Refusal> {
    let f = current(cx)?;
    if let Some(why) = flee_blocker(&cx.s, &f) {
        return refuse("Fleeing", why);
    }
    let Some(back) = cx.s.previous else {
        return refuse("Fleeing", "there is no previous room to flee to");
    };
    let (hero_die, monster_die) = split_dice(cx, dice, "Fleeing")?;
    let player_total = hero_die.saturating_add(cx.s.player.level);
    let escaped = player_total > monster_die;
    cx.emit(Event::FleeRolled {
        player_die: hero_die,
        monster_die,
        player_total,
        monster_total: monster_die,
        escaped,
    });
    if escaped {
        let at = cx.s.at;
        let mut monster = f.monster.clone();
        monster.fled_before = true;
        cx.emit(Event::MeeplePlaced {
            at,
            meeple: Meeple {
                monster,
                reason: MeepleReason::Fled,
            },
        });
        cx.emit(Event::Moved {
            from: at,
            to: back,
            via: Via::Fled,
        });
        leave(cx, f.then);
    }
    Ok(())
}

pub(super) fn bribe(cx: &mut Ctx) -> Result<(), Refusal> {
    let f = current(cx)?;
    if let Some(why) = bribe_blocker(&cx.s, &f) {
        return refuse("Avoiding Combat", why);
    }
    let cost = f.monster.bribe_cost();
    cx.adjust(Stat::Treasure, -(cost as i32), "bribe");
    let mut monster = f.monster.clone();
    monster.bribe_held = monster.bribe_held.saturating_add(cost);
    let at = cx.s.at;
    cx.emit(Event::Bribed { cost });
    cx.emit(Event::MeeplePlaced {
        at,
        meeple: Meeple {
            monster,
            reason: MeepleReason::Bribed,
        },
    });
    leave(cx, f.then);
    Ok(())
}
