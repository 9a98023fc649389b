//! The Boss Fight: the Henchmen roll, the search when the Monster Pile runs
//! short, and heroes taking turns on the top of the stack.

use super::combat::{check_steal, critical, roll_attack};
use super::turn::{advance, check_win, hurt, lose, settle, start_last_turns};
use super::Ctx;
use crate::event::{AttackResult, Event};
use crate::state::BossStage;
use crate::tile::{Category, HeroKind, Pile, Pos, TileKind};
use tw_rules::Refusal;

const BOSS: &str = "Boss Fight";

pub(super) fn boss_attack(
    ctx: &mut Ctx,
    target: Pos,
    roll: &str,
    reroll: Option<&str>,
    steal: Option<TileKind>,
    gem: Option<TileKind>,
) -> Result<(), Refusal> {
    let b = ctx
        .s
        .boss
        .clone()
        .ok_or_else(|| Refusal::new(BOSS, "no Boss Fight"))?;
    let BossStage::Fight { attacker } = b.stage else {
        return Err(Refusal::new(
            BOSS,
            "the Henchmen are not all on the Boss yet",
        ));
    };
    let me = ctx.me()?;
    if me != attacker {
        return Err(Refusal::new(
            BOSS,
            format!("it is {attacker}'s attack on the stack"),
        ));
    }
    if target != b.at {
        return Err(Refusal::new(
            BOSS,
            format!(
                "the stack on the Boss at {} is attacked, top Monster first",
                b.at
            ),
        ));
    }
    let top = b.stack.last().copied().unwrap_or(TileKind::Boss);
    let crit = ctx.s.rules.critical(top);
    check_steal(ctx, me, steal, gem)?;
    let (result, _) = roll_attack(ctx, me, target, top, roll, reroll)?;
    match result {
        AttackResult::Hit => defeat_top(ctx, me),
        AttackResult::Miss => hurt(ctx, me, 1, "missed attack"),
        AttackResult::CriticalMiss => {
            let extra = critical(ctx, me, crit, steal, gem, None)?;
            hurt(ctx, me, 1 + extra.unwrap_or(0), "critical miss");
        }
    }
    if ctx.s.boss.is_some() {
        next_attacker(ctx, me);
    }
    Ok(())
}

/// The top of the stack falls (to a hit or a Bomb); the Boss last.
pub fn defeat_top(ctx: &mut Ctx, me: HeroKind) {
    let Some(b) = ctx.s.boss.clone() else { return };
    match b.stack.last() {
        Some(m) => ctx.emit(Event::HenchmanDefeated {
            hero: me,
            monster: *m,
        }),
        None => {
            ctx.emit(Event::BossDefeated { hero: me, at: b.at });
            end_boss_fight(ctx);
        }
    }
}

fn next_attacker(ctx: &mut Ctx, after: HeroKind) {
    if ctx.s.outcome.is_some() {
        return;
    }
    let order: Vec<HeroKind> = ctx.s.heroes.iter().map(|h| h.kind).collect();
    let i = order.iter().position(|h| *h == after).unwrap_or(0);
    let living = ctx.s.living();
    let next = (1..=order.len())
        .map(|d| order[(i + d) % order.len()])
        .find(|h| living.contains(h));
    match next {
        Some(attacker) => ctx.emit(Event::BossStageChanged {
            stage: BossStage::Fight { attacker },
        }),
        None => lose(ctx),
    }
}

/// The stack is beaten: the revealer's turn resumes where it stopped, and
/// heroes who died in the fight now get the others' final turns.
fn end_boss_fight(ctx: &mut Ctx) {
    ctx.emit(Event::BossFightEnded);
    let dead: Vec<HeroKind> = ctx
        .s
        .heroes
        .iter()
        .filter(|h| h.dead)
        .map(|h| h.kind)
        .collect();
    if let Some(d) = dead.first() {
        start_last_turns(ctx, *d);
    }
    if ctx.s.current().is_some_and(|h| h.dead) {
        advance(ctx);
    } else {
        settle(ctx);
    }
}

pub fn henchmen(ctx: &mut Ctx, roll: &str, chosen: &[TileKind]) -> Result<(), Refusal> {
    let b = ctx
        .s
        .boss
        .clone()
        .ok_or_else(|| Refusal::new(BOSS, "the Boss has not been revealed"))?;
    if b.stage != BossStage::Henchmen {
        return Err(Refusal::new(BOSS, "the Henchmen are already rolled"));
    }
    let count = *ctx.s.rules.dice.henchmen.get(roll).ok_or_else(|| {
        Refusal::new(
            BOSS,
            format!("{roll:?} is not a face of the Attack Die (data/dice.json henchmen)"),
        )
    })?;
    let mut pile = ctx.s.piles.monster.clone();
    let available = pile.iter().filter(|k| k.is_monster()).count();
    let take = (count as usize).min(available);
    if chosen.len() != take {
        return Err(Refusal::new(
            BOSS,
            format!("the roll calls {count} Henchmen and the Monster Pile holds {available}: choose {take}, not {}", chosen.len()),
        ));
    }
    for m in chosen {
        match pile.iter().position(|k| k == m && k.is_monster()) {
            Some(i) => {
                pile.remove(i);
            }
            None => {
                return Err(Refusal::new(
                    BOSS,
                    format!("the Monster Pile holds no (more) {m}"),
                ))
            }
        }
    }
    ctx.emit(Event::HenchmenRolled {
        roll: roll.to_string(),
        count,
    });
    for m in chosen {
        ctx.emit(Event::HenchmanAdded {
            monster: *m,
            from_pile: true,
        });
    }
    let need = count.saturating_sub(take as u8);
    if need > 0 && !ctx.s.hidden_cells().is_empty() {
        ctx.emit(Event::BossStageChanged {
            stage: BossStage::Search {
                need,
                searcher: first_living_from(ctx, b.revealer),
            },
        });
    } else {
        start_fight(ctx);
    }
    Ok(())
}

/// `from` if alive, else the next living hero in seat order.
fn first_living_from(ctx: &Ctx, from: HeroKind) -> HeroKind {
    let living = ctx.s.living();
    if living.contains(&from) {
        return from;
    }
    let order: Vec<HeroKind> = ctx.s.heroes.iter().map(|h| h.kind).collect();
    let i = order.iter().position(|h| *h == from).unwrap_or(0);
    (1..=order.len())
        .map(|d| order[(i + d) % order.len()])
        .find(|h| living.contains(h))
        .unwrap_or(from)
}

fn start_fight(ctx: &mut Ctx) {
    let Some(b) = ctx.s.boss.clone() else { return };
    if b.adventurer_discard {
        if let Some(top) = b.stack.last() {
            ctx.emit(Event::HenchmanDiscarded { monster: *top });
        }
    }
    let living = ctx.s.living();
    if living.contains(&b.revealer) {
        ctx.emit(Event::BossStageChanged {
            stage: BossStage::Fight {
                attacker: b.revealer,
            },
        });
    } else {
        next_attacker(ctx, b.revealer);
    }
}

pub fn boss_search(ctx: &mut Ctx, at: Pos, tile: TileKind) -> Result<(), Refusal> {
    const SEARCH: &str = "Boss Fight: not enough Henchmen";
    let b = ctx
        .s
        .boss
        .clone()
        .ok_or_else(|| Refusal::new(BOSS, "the Boss has not been revealed"))?;
    let BossStage::Search { need, searcher } = b.stage else {
        return Err(Refusal::new(SEARCH, "no Henchmen are being searched for"));
    };
    ctx.on_mat(at, "at")?;
    if ctx.s.cell(at) != Some(crate::state::Cell::Hidden) {
        return Err(Refusal::new(SEARCH, format!("{at} is not face down")));
    }
    ctx.check_available(tile, 0)?;
    ctx.emit(Event::Revealed { at, tile });
    let mut need = need;
    match tile.category() {
        Category::Monster => {
            ctx.emit(Event::ToPile {
                at,
                tile,
                pile: Pile::Monster,
            });
            ctx.emit(Event::HenchmanAdded {
                monster: tile,
                from_pile: true,
            });
            need = need.saturating_sub(1);
        }
        Category::Relic => ctx.emit(Event::RelicCollected { at, relic: tile }),
        Category::Exit => ctx.emit(Event::ExitFound { at }),
        Category::Merchant => ctx.emit(Event::MerchantOpened { at }),
        Category::Pegasus => ctx.emit(Event::PegasusBefriended { hero: searcher, at }),
        Category::Item | Category::Spell => ctx.emit(Event::ToPile {
            at,
            tile,
            pile: Pile::Merchant,
        }),
        Category::Gem => ctx.emit(Event::ToPile {
            at,
            tile,
            pile: Pile::Gem,
        }),
        Category::Trap | Category::Effect => ctx.emit(Event::ToPile {
            at,
            tile,
            pile: Pile::Discard,
        }),
        Category::Terrain | Category::Boss => {}
    }
    check_win(ctx);
    if ctx.s.outcome.is_some() {
        return Ok(());
    }
    if need == 0 || ctx.s.hidden_cells().is_empty() {
        start_fight(ctx);
    } else {
        let order: Vec<HeroKind> = ctx.s.heroes.iter().map(|h| h.kind).collect();
        let i = order.iter().position(|h| *h == searcher).unwrap_or(0);
        let living = ctx.s.living();
        let next = (1..=order.len())
            .map(|d| order[(i + d) % order.len()])
            .find(|h| living.contains(h))
            .unwrap_or(searcher);
        ctx.emit(Event::BossStageChanged {
            stage: BossStage::Search {
                need,
                searcher: next,
            },
        });
    }
    Ok(())
}
