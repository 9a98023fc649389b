//! Resolving a room from the cards the player taps in: monsters, magic,
//! traps, treasure, and the way out of each.

use super::explore::start_combat;
use super::{refuse, Ctx};
use crate::data::rules;
use crate::event::{Event, Stat, Via};
use crate::monster::{Card, Monster, Origin, Symbol};
use crate::state::{CardsFor, Idle, Outcome, Phase, Potion, Then, Trap};
use crate::time::TimeReason;
use tw_rules::{Refusal, D6};

pub(super) fn cards(cx: &mut Ctx, cards: &[Card]) -> Result<(), Refusal> {
    let Phase::Cards { purpose } = cx.s.phase else {
        return refuse("Cards", "no card is being drawn now");
    };
    if cards.len() != purpose.count() {
        return refuse(
            "Cards",
            format!(
                "this encounter draws {} card(s), {} given",
                purpose.count(),
                cards.len()
            ),
        );
    }
    for c in cards {
        c.check()?;
    }
    let monster = |origin| Monster::from_cards(origin, cards);
    match purpose {
        CardsFor::DropMonster => start_combat(cx, monster(Origin::Drop)?, Then::ClearRoom),
        CardsFor::HammerMonster => start_combat(cx, monster(Origin::Hammer)?, Then::ClearRoom),
        CardsFor::WanderingMonster { resume } => start_combat(
            cx,
            monster(Origin::Wandering)?,
            Then::Resume { idle: resume },
        ),
        CardsFor::MiniBoss => start_combat(cx, monster(Origin::MiniBoss)?, Then::MiniBoss),
        CardsFor::FinalBoss => start_combat(cx, monster(Origin::FinalBoss)?, Then::FinalBoss),
        CardsFor::BrickTrap => cx.set_phase(Phase::TrapRoll {
            trap: Trap::Brick,
            card: cards[0],
        }),
        CardsFor::WoodMagic => {
            let card = cards[0];
            match card.symbol {
                Symbol::Drop => {
                    cx.adjust(Stat::Health, card.number as i32, "healing magic");
                    finish(cx, Then::ClearRoom);
                }
                Symbol::Wood => {
                    let flips = (card.number as usize).min(cx.s.grid.face_down_count());
                    if flips == 0 {
                        finish(cx, Then::ClearRoom);
                    } else {
                        cx.set_phase(Phase::Clairvoyance {
                            remaining: flips as u8,
                        });
                    }
                }
                Symbol::Hammer | Symbol::Cog => cx.set_phase(Phase::TrapRoll {
                    trap: Trap::Wood,
                    card,
                }),
            }
        }
    }
    Ok(())
}

/// The roll against a trap: die + level.
pub(super) fn trap_roll(cx: &mut Ctx, die: D6) -> Result<(), Refusal> {
    let Phase::TrapRoll { trap, card } = cx.s.phase else {
        return refuse("Brick: Trap", "no trap is waiting for a roll");
    };
    let total = die.value() as i32 + cx.s.player.level as i32;
    let n = card.number as i32;
    let loot = &rules().loot;
    let mut treasure = 0;
    match trap {
        Trap::Brick => {
            if total < n {
                let stat = if card.symbol == Symbol::Wood {
                    Stat::Magic
                } else {
                    Stat::Health
                };
                cx.adjust(stat, -n, "trap");
            }
            if card.symbol == Symbol::Cog {
                treasure = loot.brick_cog_trap;
            }
        }
        Trap::Wood => {
            cx.adjust(Stat::Health, -(n - total).max(0), "magical trap");
            if card.symbol == Symbol::Cog {
                treasure = loot.wood_cog_trap;
            }
        }
    }
    if treasure > 0 {
        cx.set_phase(Phase::Loot {
            remaining: treasure,
            then: Then::ClearRoom,
        });
    } else {
        finish(cx, Then::ClearRoom);
    }
    Ok(())
}

pub(super) fn face_boss(cx: &mut Ctx) -> Result<(), Refusal> {
    if cx.s.phase != Phase::FinalBossChoice {
        return refuse(
            "Straw: Boss",
            "the hero is not at the door of the final boss",
        );
    }
    let at = cx.s.at;
    cx.emit(Event::RoomExplored { at });
    cx.set_phase(Phase::Cards {
        purpose: CardsFor::FinalBoss,
    });
    Ok(())
}

pub(super) fn retreat(cx: &mut Ctx) -> Result<(), Refusal> {
    if cx.s.phase != Phase::FinalBossChoice {
        return refuse(
            "Straw: Boss",
            "retreating is the choice at the final boss's door, and the hero is not there",
        );
    }
    let Some(back) = cx.s.previous else {
        return refuse("Straw: Boss", "there is no previous room to retreat to");
    };
    let from = cx.s.at;
    cx.emit(Event::Moved {
        from,
        to: back,
        via: Via::Retreat,
    });
    cx.set_phase(Phase::Idle(Idle::Exploring));
    Ok(())
}

/// A treasure card kept: its cubes, and the potion or weapon it is.
pub(super) fn treasure(cx: &mut Ctx, card: Card, keep_new_weapon: bool) -> Result<(), Refusal> {
    let Phase::Loot { remaining, then } = cx.s.phase else {
        return refuse("Treasures", "no treasure card is being drawn now");
    };
    card.check()?;
    let n = card.number;
    cx.adjust(Stat::Treasure, card.treasure_cubes(), "treasure card");
    match card.symbol {
        Symbol::Drop => cx.emit(Event::PotionGained {
            potion: Potion::Healing { amount: n },
        }),
        Symbol::Wood => cx.emit(Event::PotionGained {
            potion: Potion::Magic { amount: n },
        }),
        Symbol::Hammer => match cx.s.player.weapon {
            None => cx.emit(Event::WeaponEquipped { bonus: n }),
            Some(old) if keep_new_weapon => {
                cx.adjust(Stat::Treasure, old as i32, "weapon traded");
                cx.emit(Event::WeaponEquipped { bonus: n });
            }
            Some(_) => cx.adjust(Stat::Treasure, n as i32, "weapon traded"),
        },
        Symbol::Cog => {}
    }
    if remaining > 1 {
        cx.set_phase(Phase::Loot {
            remaining: remaining - 1,
            then,
        });
    } else {
        finish(cx, then);
    }
    Ok(())
}

pub(super) fn end_vision(cx: &mut Ctx) -> Result<(), Refusal> {
    if !matches!(cx.s.phase, Phase::Clairvoyance { .. }) {
        return refuse("Wood: Magic", "there is no clairvoyant vision to end");
    }
    finish(cx, Then::ClearRoom);
    Ok(())
}

/// An encounter is over and won (or resolved): clear the room and move on.
pub(super) fn finish(cx: &mut Ctx, then: Then) {
    let at = cx.s.at;
    let t = &rules().time;
    match then {
        Then::ClearRoom => {
            cx.emit(Event::RoomCleared { at });
            cx.owe(t.room_cleared, TimeReason::RoomCleared);
            cx.set_phase(Phase::Idle(Idle::Exploring));
        }
        Then::MiniBoss => {
            cx.emit(Event::RoomCleared { at });
            cx.owe(t.room_cleared, TimeReason::RoomCleared);
            cx.set_phase(Phase::Idle(Idle::MustRest));
        }
        Then::FinalBoss => {
            cx.emit(Event::RoomCleared { at });
            cx.game_over(Outcome::Won);
        }
        Then::Resume { idle } => {
            cx.set_phase(Phase::Idle(idle));
            cx.advance(t.after_wandering, TimeReason::WanderingMonster, false);
        }
    }
}

/// The hero got away (fled or bribed) without winning: nothing is cleared.
pub(super) fn leave(cx: &mut Ctx, then: Then) {
    match then {
        Then::Resume { idle } => {
            cx.set_phase(Phase::Idle(idle));
            cx.advance(
                rules().time.after_wandering,
                TimeReason::WanderingMonster,
                false,
            );
        }
        _ => cx.set_phase(Phase::Idle(Idle::Exploring)),
    }
}
