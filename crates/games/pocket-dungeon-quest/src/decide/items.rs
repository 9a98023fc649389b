//! Items: picking up, the use limit, Potions, Bombs and giving.

use super::turn::settle;
use super::Ctx;
use crate::event::Event;
use crate::state::Step;
use crate::tile::{HeroKind, Pile, Pos, TileKind};
use tw_rules::Refusal;

const USING: &str = "Using An Item Or Spell";
const PICK: &str = "Items & Spells: pick up";

/// One more use this turn, within the limit (the Wizard uses two).
pub fn count_use(ctx: &Ctx, me: HeroKind) -> Result<(), Refusal> {
    let limit = ctx.s.use_limit(me);
    if ctx.s.turn.uses >= limit {
        let who = if limit > 1 {
            "even the Wizard uses only two"
        } else {
            "a Hero uses one a turn (the Wizard two)"
        };
        return Err(Refusal::new(
            USING,
            format!(
                "{me} has used {} Item(s)/Spell(s) this turn: {who}",
                ctx.s.turn.uses
            ),
        ));
    }
    Ok(())
}

/// The current hero spends `item` from their Inventory.
pub(super) fn use_item(ctx: &mut Ctx, item: TileKind) -> Result<HeroKind, Refusal> {
    let me = ctx.me()?;
    if let Some(caster) = ctx.tome {
        // Cast from the Spell Tome: not discarded; a use on one's own turn.
        if !ctx.s.hero(caster).is_some_and(|h| h.tome.contains(&item)) {
            return Err(Refusal::new(
                "Gear: spell_tome",
                format!("{caster} has no {item} memorized"),
            ));
        }
        let counted = caster == me;
        if counted {
            count_use(ctx, me)?;
        }
        ctx.emit(Event::TomeCast {
            hero: caster,
            spell: item,
            counted,
        });
        return Ok(me);
    }
    if !ctx.s.hero(me).is_some_and(|h| h.inventory.contains(&item)) {
        return Err(Refusal::new(USING, format!("{me} holds no {item}")));
    }
    count_use(ctx, me)?;
    ctx.emit(Event::ItemUsed {
        hero: me,
        item,
        kept: false,
    });
    Ok(me)
}

/// Room for one more Item, or the Item to put back named and held.
pub(super) fn make_room(
    ctx: &mut Ctx,
    me: HeroKind,
    item: TileKind,
    put_back: Option<TileKind>,
    rule: &str,
) -> Result<(), Refusal> {
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(rule, "no hero"))?;
    if item == TileKind::BigBag {
        if h.big_bag {
            return Err(Refusal::new(
                rule,
                format!("{me} already carries the Big Bag"),
            ));
        }
        return Ok(()); // it takes no space
    }
    let full = h.inventory.len() >= ctx.s.inventory_limit(me);
    match put_back {
        Some(TileKind::BigBag) => Err(Refusal::new(
            rule,
            "the Big Bag is what makes room; it is not put back to make room",
        )),
        Some(p) if !h.inventory.contains(&p) => {
            Err(Refusal::new(rule, format!("{me} holds no {p} to put back")))
        }
        Some(p) => {
            ctx.emit(Event::ItemLost {
                hero: me,
                item: p,
                pile: Pile::Merchant,
            });
            Ok(())
        }
        None if full => Err(Refusal::new(
            rule,
            format!(
                "{me}'s Inventory is full ({}): name an Item to put back in the Merchant Pile",
                h.inventory.len()
            ),
        )),
        None => Ok(()),
    }
}

/// "Lastly, you may pick up only 1 Item or Spell." Swift Cunning lets the
/// Rogue take "ONE Item or Spell ... before attacking": our reading is that
/// it moves the Rogue's one pick-up before the fight, not that it adds one.
pub fn take(ctx: &mut Ctx, at: Pos, put_back: Option<TileKind>) -> Result<(), Refusal> {
    ctx.no_boss_fight("picking up")?;
    let me = ctx.me()?;
    if ctx.s.turn.took {
        return Err(Refusal::new(
            PICK,
            format!("{me} has taken this turn's one Item or Spell"),
        ));
    }
    match ctx.s.turn.step {
        Step::Looting => {}
        Step::Fighting if ctx.s.hero(me).is_some_and(|h| h.kind == HeroKind::Rogue) => {}
        Step::Fighting => {
            return Err(Refusal::new(
                PICK,
                "Items and Spells are picked up after attacking (only the Rogue's Swift Cunning takes one before)",
            ))
        }
        Step::Start => return Err(Refusal::new(PICK, "move and reveal first")),
    }
    let item = ctx
        .s
        .shown(at)
        .filter(|k| k.is_item_or_spell() && ctx.s.hero_sight(me).contains(&at));
    let Some(item) = item else {
        return Err(Refusal::new(
            PICK,
            format!("there is no Item or Spell at {at} in {me}'s Circle Of Sight"),
        ));
    };
    make_room(ctx, me, item, put_back, PICK)?;
    ctx.emit(Event::ItemTaken { hero: me, at, item });
    Ok(())
}

pub fn potion(ctx: &mut Ctx, hero: HeroKind) -> Result<(), Refusal> {
    ctx.alive(hero)?;
    let h = ctx
        .s
        .hero(hero)
        .cloned()
        .ok_or_else(|| Refusal::new("Potion", "no hero"))?;
    if h.hearts >= h.max_hearts && !h.poisoned {
        return Err(Refusal::new(
            "Potion",
            format!("{hero} has every Heart and no Poison: the Potion would do nothing"),
        ));
    }
    use_item(ctx, TileKind::Potion)?;
    if h.hearts < h.max_hearts {
        ctx.emit(Event::Hearts {
            hero,
            hearts: h.hearts + 1,
            why: "Potion".into(),
        });
    }
    if h.poisoned {
        ctx.emit(Event::PoisonCured { hero });
    }
    Ok(())
}

pub fn bomb(ctx: &mut Ctx, at: Pos) -> Result<(), Refusal> {
    const RULE: &str = "Bomb";
    if let Some(b) = ctx.s.boss.clone() {
        if at != b.at || !matches!(b.stage, crate::state::BossStage::Fight { .. }) {
            return Err(Refusal::new(
                RULE,
                "in the Boss Fight the Bomb takes the top of the stack on the Boss",
            ));
        }
        let me = use_item(ctx, TileKind::Bomb)?;
        super::boss::defeat_top(ctx, me);
        return Ok(());
    }
    let me = ctx.me()?;
    let h = ctx
        .s
        .hero(me)
        .cloned()
        .ok_or_else(|| Refusal::new(RULE, "no hero"))?;
    let fighting = ctx.s.to_fight().contains(&at) || h.pinned.contains(&at);
    let wall = ctx.s.shown(at) == Some(TileKind::Wall) && ctx.s.hero_sight(me).contains(&at);
    if !fighting && !wall {
        return Err(Refusal::new(RULE, format!("the Bomb defeats a Monster {me} is fighting or removes a Wall in sight; {at} is neither")));
    }
    use_item(ctx, TileKind::Bomb)?;
    if wall {
        ctx.emit(Event::WallRemoved { at });
    } else if let Some(m) = ctx.s.shown(at) {
        ctx.emit(Event::MonsterDefeated {
            at,
            monster: m,
            hero: me,
        });
        settle(ctx);
    }
    Ok(())
}

/// Tiles a hero has but never holds as an Item: the Pegasus Mount is bound
/// to its finder ("It cannot be given or traded") and the Master Relics
/// belong to the Party. Giving or selling them is refused by their own rule.
pub(super) fn not_tradeable(item: TileKind, verb: &str) -> Result<(), Refusal> {
    match item.category() {
        crate::tile::Category::Pegasus => Err(Refusal::new(
            "Pegasus Mount",
            format!("the Pegasus Mount is bound to the Hero that found it: it is never {verb}"),
        )),
        crate::tile::Category::Relic => Err(Refusal::new(
            "Master Relics",
            format!("the {item} is collected by the Party, not held by a Hero: it is never {verb}"),
        )),
        _ => Ok(()),
    }
}

pub fn give(ctx: &mut Ctx, item: TileKind, to: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Giving Items";
    not_tradeable(item, "given")?;
    let me = ctx.me()?;
    ctx.alive(to)?;
    if to == me {
        return Err(Refusal::new(RULE, "give to another Hero"));
    }
    let holds = ctx.s.hero(me).is_some_and(|h| {
        if item == TileKind::BigBag {
            h.big_bag
        } else {
            h.inventory.contains(&item)
        }
    });
    if !holds {
        return Err(Refusal::new(RULE, format!("{me} holds no {item}")));
    }
    let t = ctx
        .s
        .hero(to)
        .cloned()
        .ok_or_else(|| Refusal::new(RULE, "no hero"))?;
    if item == TileKind::BigBag && t.big_bag
        || item != TileKind::BigBag && t.inventory.len() >= ctx.s.inventory_limit(to)
    {
        return Err(Refusal::new(
            RULE,
            format!("{to} cannot take it without going above their Inventory limit"),
        ));
    }
    bag_stays(ctx, me, item, RULE)?;
    count_use(ctx, me)?;
    ctx.emit(Event::ItemGiven { from: me, to, item });
    Ok(())
}

/// The Big Bag leaves only if what it holds fits in two slots again.
pub(super) fn bag_stays(
    ctx: &Ctx,
    me: HeroKind,
    item: TileKind,
    rule: &str,
) -> Result<(), Refusal> {
    let held = ctx.s.hero(me).map_or(0, |h| h.inventory.len());
    if item == TileKind::BigBag && held > ctx.s.rules.numbers.inventory {
        return Err(Refusal::new(
            rule,
            format!("{me} carries {held} Items: without the Big Bag they would not fit; part with one first"),
        ));
    }
    Ok(())
}
