//! The Don't Go Alone expansion: Poison, Keys, Levels, Gear and sessions.

use super::turn::hurt;
use super::Ctx;
use crate::data::PoisonRoll;
use crate::event::Event;
use crate::state::{Outcome, Step};
use crate::tile::{Gear, HeroKind, Pos, TileKind};
use tw_rules::Refusal;

const POISON: &str = "Poison";
const LEVEL: &str = "Leveling Up";
const GEAR: &str = "Gear";

fn expansion(ctx: &Ctx, rule: &str) -> Result<(), Refusal> {
    if !ctx.s.expansion {
        return Err(Refusal::new(
            rule,
            "this comes with the Don't Go Alone expansion: set `expansion` in the setup",
        ));
    }
    Ok(())
}

pub fn poison_roll(ctx: &mut Ctx, roll: &str) -> Result<(), Refusal> {
    ctx.no_boss_fight("the Poison roll")?;
    let me = ctx.me()?;
    if !ctx.s.hero(me).is_some_and(|h| h.poisoned) {
        return Err(Refusal::new(POISON, format!("{me} is not Poisoned")));
    }
    if ctx.s.turn.step != Step::Start || ctx.s.turn.poison_rolled {
        return Err(Refusal::new(
            POISON,
            "the Poison is rolled once, at the start of the turn",
        ));
    }
    let result = *ctx.s.rules.dice.poison.get(roll).ok_or_else(|| {
        Refusal::new(
            POISON,
            format!("{roll:?} is not a face of the Attack Die (data/dice.json poison)"),
        )
    })?;
    ctx.emit(Event::PoisonRolled {
        hero: me,
        roll: roll.to_string(),
        cured: result == PoisonRoll::Cure,
    });
    if result == PoisonRoll::LoseHeart {
        hurt(ctx, me, 1, "Poison");
    }
    Ok(())
}

pub fn give_key(ctx: &mut Ctx, to: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Gaining XP & Keys";
    expansion(ctx, RULE)?;
    let me = ctx.me()?;
    ctx.alive(to)?;
    if to == me {
        return Err(Refusal::new(RULE, "give the Key to another Hero"));
    }
    if ctx.s.hero(me).is_none_or(|h| h.keys == 0) {
        return Err(Refusal::new(RULE, format!("{me} has no Key")));
    }
    super::items::count_use(ctx, me)?;
    ctx.emit(Event::KeyGiven { from: me, to });
    Ok(())
}

pub fn level_up(ctx: &mut Ctx, gear: Option<Gear>) -> Result<(), Refusal> {
    expansion(ctx, LEVEL)?;
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(LEVEL, "no hero"))?;
    let levels = ctx.s.rules.numbers.levels.clone();
    let Some(need) = levels.get(h.level as usize) else {
        return Err(Refusal::new(
            LEVEL,
            format!("{me} is at Level {}, the last", h.level),
        ));
    };
    let next = h.level + 1;
    if h.xp < need.xp || h.keys < need.keys {
        return Err(Refusal::new(
            LEVEL,
            format!(
                "Level {next} costs {} XP and {} Key(s); {me} has {} XP and {} Key(s)",
                need.xp, need.keys, h.xp, h.keys
            ),
        ));
    }
    let room = h.gear.len() < ctx.s.rules.numbers.max_gear;
    match gear {
        None if room => {
            return Err(Refusal::new(
                GEAR,
                "a new Level earns 1 piece of Gear: name it (`gear`)",
            ))
        }
        Some(_) if !room => {
            return Err(Refusal::new(
                GEAR,
                format!("{me} holds three pieces of Gear, the most a Hero may"),
            ))
        }
        Some(g) => {
            if ctx.s.heroes.iter().any(|o| o.gear.contains(&g)) {
                return Err(Refusal::new(
                    GEAR,
                    format!("the {} is already taken", g.name()),
                ));
            }
            if g.hat_of().is_some() && h.gear.iter().any(|o| o.hat_of().is_some()) {
                return Err(Refusal::new(
                    "Hero Hats",
                    "a Hero may only wear one Hero Hat",
                ));
            }
        }
        None => {}
    }
    ctx.emit(Event::LevelGained {
        hero: me,
        level: next,
        xp: need.xp,
        keys: need.keys,
        gear,
    });
    let top = levels.len();
    if ctx.s.campaign.is_some() && ctx.s.heroes.iter().all(|h| h.level as usize >= top) {
        ctx.emit(Event::Outcome {
            outcome: Outcome::CampaignWon,
        });
    }
    Ok(())
}

pub fn use_gear(
    ctx: &mut Ctx,
    gear: Gear,
    at: Option<Pos>,
    hero: Option<HeroKind>,
    take: Option<TileKind>,
) -> Result<(), Refusal> {
    expansion(ctx, GEAR)?;
    let rule = format!("Gear: {}", gear.name());
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(GEAR, "no hero"))?;
    if !h.gear.contains(&gear) {
        return Err(Refusal::new(
            GEAR,
            format!(
                "{me} has no {}; Gear is bound to the Hero who gained it",
                gear.name()
            ),
        ));
    }
    let r = ctx.s.rules.gear(gear);
    if !r.played {
        return Err(Refusal::new(
            rule,
            "this engine does not play this piece of Gear yet; settle it at the table",
        ));
    }
    let round = ctx.s.round;
    if let Some(ready) = h.gear_ready.get(&gear).filter(|r| **r > round) {
        return Err(Refusal::new(
            rule,
            format!("cooling down: usable again in round {ready} (now round {round})"),
        ));
    }
    if r.once_a_round && h.gear_round.get(&gear) == Some(&round) {
        return Err(Refusal::new(
            rule,
            "used once per round, and already used this round",
        ));
    }
    if ctx.s.turn.gear_used.contains(&gear) {
        return Err(Refusal::new(rule, "already used this turn"));
    }
    let need_at = || {
        at.ok_or_else(|| Refusal::new(format!("Gear: {}", gear.name()), "name the space (`at`)"))
    };
    match gear {
        Gear::Torch => {
            let at = need_at()?;
            let from = h
                .pos
                .ok_or_else(|| Refusal::new(rule.clone(), "enter the dungeon first"))?;
            ctx.on_mat(at, "at")?;
            if from.distance(at) != 2 || ctx.s.cell(at) != Some(crate::state::Cell::Hidden) {
                return Err(Refusal::new(rule, format!("peek at a face-down tile 1 space beyond the Circle Of Sight; {at} is not one")));
            }
            ctx.emit(Event::Peeked { hero: me, at });
        }
        Gear::Shield => ctx.emit(Event::ShieldRaised { hero: me }),
        Gear::Boomerang => {
            let at = need_at()?;
            if !ctx.s.to_fight().contains(&at) && !h.pinned.contains(&at) {
                return Err(Refusal::new(
                    rule,
                    format!("stun a Monster {me} is fighting; there is none at {at}"),
                ));
            }
            ctx.emit(Event::Stunned { at });
        }
        Gear::MagicRing => {
            let Some(item) = take else {
                return Err(Refusal::new(
                    rule,
                    "name the Item or Spell (`take`) from the Discard Pile",
                ));
            };
            if !item.is_item_or_spell() || !ctx.s.piles.discard.contains(&item) {
                return Err(Refusal::new(
                    rule,
                    format!("the Discard Pile holds no {item}"),
                ));
            }
            let price = ctx.s.rules.numbers.magic_ring_price;
            let gems: Vec<TileKind> = ctx.s.piles.gem.clone();
            let paid = super::merchant::pay(&gems, price).ok_or_else(|| {
                Refusal::new(
                    rule.clone(),
                    format!("the Magic Ring costs {price} Gems from the Gem Pile"),
                )
            })?;
            let full = h.inventory.len() >= ctx.s.inventory_limit(me);
            if item != TileKind::BigBag && full || item == TileKind::BigBag && h.big_bag {
                return Err(Refusal::new(
                    rule,
                    format!("{me}'s Inventory has no room for it"),
                ));
            }
            ctx.emit(Event::RingBought {
                hero: me,
                item,
                paid,
            });
        }
        Gear::HolyWater => {
            let target = hero.unwrap_or(me);
            ctx.alive(target)?;
            ctx.emit(Event::HolyWaterTaken { hero: target });
        }
        Gear::HeroCape | Gear::Helmet | Gear::ArcherCap | Gear::WizardHat => {
            return Err(Refusal::new(
                rule,
                "this piece works by itself; it is never used",
            ))
        }
        Gear::MassiveSword => {
            return Err(Refusal::new(
                rule,
                "declare the second Monster in the attack (`second`)",
            ))
        }
        Gear::GrappleShot | Gear::BedRoll | Gear::SpellTome | Gear::Harp | Gear::BowAndArrow => {
            return Err(Refusal::new(
                rule,
                "this engine does not play this piece of Gear yet",
            ))
        }
    }
    ctx.emit(Event::GearUsed {
        hero: me,
        gear,
        round,
    });
    Ok(())
}

pub fn next_session(ctx: &mut Ctx) -> Result<(), Refusal> {
    const RULE: &str = "Ending A Session";
    let Some(session) = ctx.s.campaign else {
        return Err(Refusal::new(
            RULE,
            "sessions follow one another only in a campaign",
        ));
    };
    if ctx.s.outcome != Some(Outcome::SessionWon) {
        return Err(Refusal::new(RULE, "the session is still being played"));
    }
    ctx.emit(Event::SessionStarted {
        session: session.saturating_add(1),
    });
    Ok(())
}
