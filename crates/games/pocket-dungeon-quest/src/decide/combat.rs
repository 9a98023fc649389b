//! Attacking Monsters, Critical Misses, and the Boss Fight.

use super::turn::{advance, check_win, hurt, lose, settle, start_last_turns};
use super::Ctx;
use crate::data::{Critical, FaceKind};
use crate::event::{AttackResult, Event};
use crate::state::{BossStage, Step};
use crate::tile::{Category, Gear, HeroKind, Pile, Pos, TileKind};
use tw_rules::Refusal;

const ATTACK: &str = "Attack Monsters";
const ROLL: &str = "Roll To Hit";
const BOSS: &str = "Boss Fight";

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
fn roll_attack(
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
        return boss_attack(ctx, target, roll, reroll, steal, gem);
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
fn check_steal(
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
fn critical(
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

fn boss_attack(
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
