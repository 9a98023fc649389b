//! Hearts and Death: the Shield, dying, the final turns and the reset.

use super::Ctx;
use crate::event::Event;
use crate::state::Outcome;
use crate::tile::{Category, HeroKind, Pile};

/// Lose Hearts (a raised Shield saves one); at none the hero is Dead.
pub fn hurt(ctx: &mut Ctx, hero: HeroKind, n: u8, why: &str) {
    let Some(h) = ctx.s.hero(hero) else { return };
    if h.dead || n == 0 {
        return;
    }
    let mut n = n;
    if h.shield {
        ctx.emit(Event::ShieldSpent { hero });
        n -= 1;
        if n == 0 {
            return;
        }
    }
    let hearts = ctx
        .s
        .hero(hero)
        .map(|h| h.hearts.saturating_sub(n))
        .unwrap_or(0);
    ctx.emit(Event::Hearts {
        hero,
        hearts,
        why: why.to_string(),
    });
    if hearts == 0 {
        die(ctx, hero);
    }
}

/// Death: Items and Effects are lost, the dead hero's Circle Of Sight is
/// cleared into the piles, and the others get their final turns.
fn die(ctx: &mut Ctx, hero: HeroKind) {
    ctx.emit(Event::HeroDied { hero });
    for at in ctx.s.hero_sight(hero) {
        if let Some(k) = ctx.s.shown(at) {
            let pile = match k.category() {
                Category::Monster => Some(Pile::Monster),
                Category::Item | Category::Spell => Some(Pile::Merchant),
                Category::Trap | Category::Gem | Category::Effect => Some(Pile::Discard),
                _ => None,
            };
            if let Some(pile) = pile {
                ctx.emit(Event::ToPile { at, tile: k, pile });
            }
        }
    }
    if ctx.s.living().is_empty() {
        lose(ctx);
        return;
    }
    if ctx.s.boss.is_some() {
        return; // the final turns wait for the end of the Boss Fight
    }
    start_last_turns(ctx, hero);
}

pub fn start_last_turns(ctx: &mut Ctx, dead: HeroKind) {
    match ctx.s.last_turns {
        None => {
            let owed = ctx.s.living();
            ctx.emit(Event::LastTurnsBegan { owed });
        }
        Some(_) => ctx.emit(Event::LastTurnTaken { hero: dead }),
    }
}

/// No revival: the mat is reset and the game starts over; in a campaign the
/// session, and with it the campaign, is lost.
pub fn lose(ctx: &mut Ctx) {
    if ctx.s.campaign.is_some() {
        ctx.emit(Event::Outcome {
            outcome: Outcome::CampaignLost,
        });
    } else {
        let resets = ctx.s.resets.saturating_add(1);
        ctx.emit(Event::DungeonReset { resets });
    }
}
