//! Attacking Monsters, Roll To Hit and Critical Misses.

use super::turn::{hurt, settle};
use super::Ctx;
use crate::data::{Critical, FaceKind};
use crate::event::{AttackResult, Event};
use crate::state::Step;
use crate::tile::{Category, Gear, HeroKind, Pile, Pos, TileKind};
use tw_rules::Refusal;

const ATTACK: &str = "Attack Monsters";
const ROLL: &str = "Roll To Hit";

/// A face of the Attack Die by name, or a refusal naming the data file.
fn face(ctx: &Ctx, name: &str) -> Result<crate::data::Face, Refusal> {
    ctx.s.rules.face(name).ok_or_else(|| {
        let known: Vec<&String> = ctx.s.rules.dice.attack_die.keys().collect();
        Refusal::new(
            ROLL,
            format!(
                "{name:?} is not a face of the Attack Die (data/dice.json attack_die: {known:?})"
            ),
        )
    })
}

/// Roll the die against a Monster: the Archer's re-roll replaces the first
/// roll; the Warrior's +1 Sword and the most recent Effect apply to Swords.
pub(super) fn roll_attack(
    ctx: &mut Ctx,
    me: HeroKind,
    target: Pos,
    monster: TileKind,
    roll: &str,
    reroll: Option<&str>,
) -> Result<(AttackResult, u8), Refusal> {
    let first = face(ctx, roll)?;
    let mut f = first;
    if let Some(r) = reroll {
        if !ctx.s.has_ability(me, HeroKind::Archer) {
            return Err(Refusal::new(
                "Eagle Eye Vision",
                format!("only the Archer (or an Archer Cap) re-rolls; {me} cannot"),
            ));
        }
        if ctx.s.turn.rerolled {
            return Err(Refusal::new(
                "Eagle Eye Vision",
                "the Archer re-rolls the Attack Die once a turn, and has already",
            ));
        }
        f = face(ctx, r)?;
    }
    let mut bonus: i16 = 0;
    if ctx.s.has_ability(me, HeroKind::Warrior) {
        bonus += 1;
    }
    if let Some(e) = ctx.s.hero(me).and_then(|h| h.effects.last().copied()) {
        bonus += if e == TileKind::Sword { 1 } else { -1 };
        ctx.emit(Event::EffectSpent {
            hero: me,
            effect: e,
        });
    }
    let (result, swords) = match f.kind {
        FaceKind::Swords => {
            let swords = (f.swords as i16 + bonus).clamp(0, u8::MAX as i16) as u8;
            let hit = swords >= ctx.s.rules.numbers.hit_swords;
            (
                if hit {
                    AttackResult::Hit
                } else {
                    AttackResult::Miss
                },
                swords,
            )
        }
        FaceKind::Flash => (AttackResult::Miss, 0),
        FaceKind::Skull => (AttackResult::CriticalMiss, 0),
    };
    ctx.emit(Event::Attacked {
        hero: me,
        target,
        monster,
        roll: roll.to_string(),
        reroll: reroll.map(str::to_string),
        swords,
        result,
    });
    Ok((result, swords))
}

#[allow(clippy::too_many_arguments)]
pub fn attack(
    ctx: &mut Ctx,
    target: Pos,
    roll: &str,
    reroll: Option<&str>,
    second: Option<Pos>,
    steal: Option<TileKind>,
    gem: Option<TileKind>,
) -> Result<(), Refusal> {
    if ctx.s.boss.is_some() {
        return super::boss::boss_attack(ctx, target, roll, reroll, steal, gem);
    }
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(ATTACK, "no hero"))?;
    let allowed = match ctx.s.turn.step {
        Step::Start => h.pinned.clone(),
        Step::Fighting => ctx.s.to_fight(),
        Step::Looting => vec![],
    };
    if !allowed.contains(&target) {
        let why = match ctx.s.turn.step {
            Step::Start if h.pinned.is_empty() => "move and reveal first".to_string(),
            Step::Start => "first the Skelly Archer that stayed must be attacked".to_string(),
            _ => format!("there is no Monster to fight at {target}"),
        };
        return Err(Refusal::new(
            ATTACK,
            format!("{me} cannot attack {target}: {why}"),
        ));
    }
    let monster = ctx
        .s
        .shown(target)
        .ok_or_else(|| Refusal::new(ATTACK, "no Monster there"))?;
    if let Some(s2) = second {
        if !h.gear.contains(&Gear::MassiveSword) {
            return Err(Refusal::new(
                "Massive Sword",
                format!("{me} has no Massive Sword to aim at a second Monster"),
            ));
        }
        if s2 == target || !allowed.contains(&s2) {
            return Err(Refusal::new(
                "Massive Sword",
                format!("{s2} is not a second Monster {me} is fighting"),
            ));
        }
    }
    let crit = ctx.s.rules.critical(monster);
    check_steal(ctx, me, steal, gem)?;
    let stunned = ctx.s.turn.stunned.contains(&target);
    let (result, swords) = roll_attack(ctx, me, target, monster, roll, reroll)?;
    match result {
        AttackResult::Hit => {
            ctx.emit(Event::MonsterDefeated {
                at: target,
                monster,
                hero: me,
            });
            if let Some(s2) = second.filter(|_| swords > 2) {
                if let Some(m2) = ctx.s.shown(s2) {
                    ctx.emit(Event::MonsterDefeated {
                        at: s2,
                        monster: m2,
                        hero: me,
                    });
                }
            }
        }
        _ if stunned => {} // a stunned Monster neither fights nor runs
        AttackResult::Miss => {
            ctx.emit(Event::ToPile {
                at: target,
                tile: monster,
                pile: Pile::Monster,
            });
            hurt(ctx, me, 1, "missed attack");
        }
        AttackResult::CriticalMiss => {
            let extra = critical(ctx, me, crit, steal, gem, Some(target))?;
            if !(crit == Critical::Stays && extra.is_some()) && ctx.s.shown(target) == Some(monster)
            {
                ctx.emit(Event::ToPile {
                    at: target,
                    tile: monster,
                    pile: Pile::Monster,
                });
            }
            hurt(ctx, me, 1 + extra.unwrap_or(0), "critical miss");
        }
    }
    settle(ctx);
    Ok(())
}

/// A Slime steals an Item of the hero's choice: refuse before rolling if
/// the choice is needed and missing, so the roll can be sent again with it.
pub(super) fn check_steal(
    ctx: &Ctx,
    me: HeroKind,
    steal: Option<TileKind>,
    gem: Option<TileKind>,
) -> Result<(), Refusal> {
    let h = ctx
        .s
        .hero(me)
        .ok_or_else(|| Refusal::new(ATTACK, "no hero"))?;
    if let Some(it) = steal {
        if !h.inventory.contains(&it) {
            return Err(Refusal::new(
                "Critical Miss: Slimes",
                format!("{me} holds no {it} for a Slime to steal"),
            ));
        }
    }
    if let Some(g) = gem {
        if g.category() != Category::Gem || !ctx.s.piles.gem.contains(&g) {
            return Err(Refusal::new(
                "Critical Miss: Goblins",
                format!("the Gem Pile holds no {g} tile"),
            ));
        }
    }
    Ok(())
}

/// A Critical Miss's own effect. Returns extra Hearts lost (Minotaur), or
/// `Some(0)` when the Monster stays (Skelly Archer); Holy Water cancels it.
pub(super) fn critical(
    ctx: &mut Ctx,
    me: HeroKind,
    crit: Critical,
    steal: Option<TileKind>,
    gem: Option<TileKind>,
    at: Option<Pos>,
) -> Result<Option<u8>, Refusal> {
    if ctx.s.hero(me).is_some_and(|h| h.holy_water) {
        ctx.emit(Event::HolyWaterSpent { hero: me });
        return Ok(None);
    }
    match crit {
        Critical::StealItem => {
            let mut inv = ctx
                .s
                .hero(me)
                .map(|h| h.inventory.clone())
                .unwrap_or_default();
            inv.sort();
            inv.dedup();
            if steal.is_none() && inv.len() > 1 {
                return Err(Refusal::new(
                    "Critical Miss: Slimes",
                    format!("the Slime steals an Item of {me}'s choice: send the attack again with `steal` naming it"),
                ));
            }
            if let Some(item) = steal.or_else(|| inv.first().copied()) {
                ctx.emit(Event::ItemLost {
                    hero: me,
                    item,
                    pile: Pile::Discard,
                });
            }
            Ok(None)
        }
        Critical::StealGem => {
            let pile = ctx.s.piles.gem.clone();
            if pile.is_empty() {
                return Ok(None);
            }
            match gem {
                Some(g) => ctx.emit(Event::GemLost { gem: g, rng: None }),
                None => {
                    let mut rng = ctx.s.rng.clone();
                    let g = pile[rng.below(pile.len() as u64) as usize];
                    ctx.emit(Event::GemLost {
                        gem: g,
                        rng: Some(rng),
                    });
                }
            }
            Ok(None)
        }
        Critical::LoseNextTurn => {
            ctx.emit(Event::LosesNextTurn { hero: me });
            Ok(None)
        }
        Critical::ExtraDamage => Ok(Some(1)),
        Critical::Stays => {
            if let Some(at) = at {
                ctx.emit(Event::SkellyStays { hero: me, at });
            }
            Ok(Some(0))
        }
        Critical::AllHeroesHurt => {
            for h in ctx.s.living() {
                hurt(ctx, h, 1, "the Boss's Critical Miss");
            }
            Ok(None)
        }
        Critical::None => Ok(None),
    }
}
