//! Items and Spells: picking up, using, giving, and the Merchant.

use super::turn::{
    after_position_change, check_reveals, check_win, reveal_and_resolve, settle, sweep, walkable,
};
use super::Ctx;
use crate::command::Reveal;
use crate::event::Event;
use crate::state::{Cell, Step};
use crate::tile::{Category, HeroKind, Pile, Pos, TileKind};
use tw_rules::Refusal;

const USING: &str = "Using An Item Or Spell";
const PICK: &str = "Items & Spells: pick up";
const MERCHANT: &str = "The Merchant";
const SELLING: &str = "Selling Items";

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
fn use_item(ctx: &mut Ctx, item: TileKind) -> Result<HeroKind, Refusal> {
    let me = ctx.me()?;
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
fn make_room(
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
        super::combat::defeat_top(ctx, me);
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

pub fn teleport(
    ctx: &mut Ctx,
    hero: Option<HeroKind>,
    to: Option<Pos>,
    monster: Option<Pos>,
) -> Result<(), Refusal> {
    const RULE: &str = "Teleport";
    ctx.no_boss_fight("teleporting")?;
    match (hero, monster) {
        (Some(h), None) => {
            let Some(to) = to else {
                return Err(Refusal::new(
                    RULE,
                    "name the open space (`to`) the hero moves to",
                ));
            };
            ctx.alive(h)?;
            ctx.on_mat(to, "to")?;
            if !walkable(ctx.s.cell(to), false) {
                return Err(Refusal::new(
                    RULE,
                    format!("{to} is not an open Dungeon Floor space"),
                ));
            }
            let me = use_item(ctx, TileKind::Teleport)?;
            move_current_aware(ctx, me, h, to);
            Ok(())
        }
        (None, Some(at)) => {
            if to.is_some() {
                return Err(Refusal::new(
                    RULE,
                    "a moved Monster goes to the Monster Pile: give no `to`",
                ));
            }
            let Some(m) = ctx.s.shown(at).filter(|k| k.is_monster()) else {
                return Err(Refusal::new(RULE, format!("there is no Monster at {at}")));
            };
            use_item(ctx, TileKind::Teleport)?;
            ctx.emit(Event::ToPile {
                at,
                tile: m,
                pile: Pile::Monster,
            });
            settle(ctx);
            Ok(())
        }
        _ => Err(Refusal::new(
            RULE,
            "Teleport moves one Hero (`hero`, `to`) or one Monster (`monster`)",
        )),
    }
}

/// Move a hero; when it is the hero whose turn it is, what leaves their
/// sight goes to the piles and what they now see is fought or stashed.
fn move_current_aware(ctx: &mut Ctx, me: HeroKind, h: HeroKind, to: Pos) {
    let old = ctx.s.hero_sight(h);
    ctx.emit(Event::Moved { hero: h, to });
    if h == me {
        let new = ctx.s.hero_sight(h);
        let left: Vec<Pos> = old.into_iter().filter(|p| !new.contains(p)).collect();
        sweep(ctx, &left);
        after_position_change(ctx, me);
        if ctx.s.turn.step != Step::Start {
            settle(ctx);
        }
    }
}

pub fn swap_tiles(ctx: &mut Ctx, a: Pos, b: Pos, reveal: &[Reveal]) -> Result<(), Refusal> {
    const RULE: &str = "Swap Tiles";
    ctx.no_boss_fight("swapping tiles")?;
    ctx.on_mat(a, "a")?;
    ctx.on_mat(b, "b")?;
    if a == b {
        return Err(Refusal::new(RULE, "swap two different tiles"));
    }
    let me = ctx.me()?;
    let on = |p: Pos| {
        ctx.s
            .heroes
            .iter()
            .find(|h| !h.dead && h.pos == Some(p))
            .map(|h| h.kind)
    };
    if let Some((h, to)) = on(a).map(|h| (h, b)).or_else(|| on(b).map(|h| (h, a))) {
        // Used on a Hero it works like Teleport.
        if !reveal.is_empty() {
            return Err(Refusal::new(
                RULE,
                "used on a Hero it works like Teleport: nothing is revealed",
            ));
        }
        if !walkable(ctx.s.cell(to), false) || on(to).is_some() {
            return Err(Refusal::new(
                RULE,
                format!(
                    "used on a Hero it works like Teleport, and {to} is not an open Floor space"
                ),
            ));
        }
        use_item(ctx, TileKind::SwapTiles)?;
        move_current_aware(ctx, me, h, to);
        return Ok(());
    }
    let sight = ctx.s.hero_sight(me);
    let mut after = ctx.s.clone();
    if let (Some(ca), Some(cb)) = (after.cell(a), after.cell(b)) {
        after.set_cell(a, cb);
        after.set_cell(b, ca);
    }
    let entering: Vec<Pos> = [a, b]
        .into_iter()
        .filter(|p| sight.contains(p) && after.cell(*p) == Some(Cell::Hidden))
        .collect();
    use_item(ctx, TileKind::SwapTiles)?;
    ctx.emit(Event::TilesSwapped { a, b });
    check_reveals(ctx, &entering, reveal, "tiles swapped into sight")?;
    reveal_and_resolve(ctx, me, reveal, false)?;
    let left: Vec<Pos> = [a, b].into_iter().filter(|p| !sight.contains(p)).collect();
    sweep(ctx, &left);
    if ctx.s.turn.step != Step::Start {
        settle(ctx);
    }
    Ok(())
}

pub fn extra_move(ctx: &mut Ctx) -> Result<(), Refusal> {
    ctx.no_boss_fight("taking an Extra Move")?;
    let me = use_item(ctx, TileKind::ExtraMove)?;
    ctx.emit(Event::ExtraTurn { hero: me });
    Ok(())
}

/// Three tiles anywhere are turned and resolved where they lie: Gems to the
/// Gem Pile, Monsters to the Monster Pile, Items and Spells to the
/// Merchant, Traps harmlessly discarded, Effects to the user's Effects.
pub fn foresight(ctx: &mut Ctx, reveal: &[Reveal]) -> Result<(), Refusal> {
    const RULE: &str = "Foresight";
    ctx.no_boss_fight("using Foresight")?;
    let hidden = ctx.s.hidden_cells();
    let want = hidden.len().min(3);
    if reveal.len() != want {
        return Err(Refusal::new(
            RULE,
            format!(
                "Foresight reveals 3 tiles ({want} are face down): {} given",
                reveal.len()
            ),
        ));
    }
    let targets: Vec<Pos> = reveal.iter().map(|r| r.at).collect();
    check_reveals(ctx, &targets, reveal, "Foresight's tiles")?;
    if reveal.iter().any(|r| r.disarm || !r.saves.is_empty()) {
        return Err(Refusal::new(
            RULE,
            "tiles turned by Foresight harm no one: no disarming or saving rolls",
        ));
    }
    let me = use_item(ctx, TileKind::Foresight)?;
    let mut boss = None;
    for r in reveal {
        ctx.emit(Event::Revealed {
            at: r.at,
            tile: r.tile,
        });
        let at = r.at;
        match r.tile.category() {
            Category::Monster => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Monster,
            }),
            Category::Item | Category::Spell => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Merchant,
            }),
            Category::Gem => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Gem,
            }),
            Category::Trap => ctx.emit(Event::ToPile {
                at,
                tile: r.tile,
                pile: Pile::Discard,
            }),
            Category::Effect => ctx.emit(Event::EffectGained {
                hero: me,
                at,
                effect: r.tile,
            }),
            Category::Relic => ctx.emit(Event::RelicCollected { at, relic: r.tile }),
            Category::Exit => ctx.emit(Event::ExitFound { at }),
            Category::Merchant => ctx.emit(Event::MerchantOpened { at }),
            Category::Pegasus => ctx.emit(Event::PegasusBefriended { hero: me, at }),
            Category::Boss => boss = Some(at),
            Category::Terrain => {}
        }
    }
    check_win(ctx);
    if let (Some(at), None) = (boss, ctx.s.outcome) {
        ctx.emit(Event::BossFightBegan {
            at,
            revealer: me,
            adventurer: false,
        });
    }
    Ok(())
}

pub fn phoenix(ctx: &mut Ctx, hero: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Phoenix Feather";
    let h = ctx
        .s
        .hero(hero)
        .cloned()
        .ok_or_else(|| Refusal::new(RULE, format!("{hero} is not playing")))?;
    if !h.dead {
        return Err(Refusal::new(
            RULE,
            format!("the Phoenix Feather revives a Dead Hero; {hero} is alive"),
        ));
    }
    use_item(ctx, TileKind::PhoenixFeather)?;
    ctx.emit(Event::Revived {
        hero,
        hearts: h.max_hearts,
    });
    if ctx.s.last_turns.is_some() && ctx.s.heroes.iter().all(|h| !h.dead) {
        ctx.emit(Event::LastTurnsEnded);
    }
    Ok(())
}

pub fn confusion(ctx: &mut Ctx, a: Pos, b: Pos, roll: &str) -> Result<(), Refusal> {
    const RULE: &str = "Confusion";
    ctx.no_boss_fight("casting Confusion")?;
    let fight = ctx.s.to_fight();
    if a == b || !fight.contains(&a) || !fight.contains(&b) {
        return Err(Refusal::new(
            RULE,
            "Confusion needs 2 different Monsters in the Circle Of Sight",
        ));
    }
    let face = ctx.s.rules.face(roll).ok_or_else(|| {
        Refusal::new(
            RULE,
            format!("{roll:?} is not a face of the Attack Die (data/dice.json attack_die)"),
        )
    })?;
    use_item(ctx, TileKind::Confusion)?;
    let both =
        face.kind == crate::data::FaceKind::Swords && face.swords >= ctx.s.rules.numbers.hit_swords;
    if both {
        for at in [a, b] {
            if let Some(m) = ctx.s.shown(at) {
                ctx.emit(Event::ToPile {
                    at,
                    tile: m,
                    pile: Pile::Monster,
                });
            }
        }
        settle(ctx);
    }
    Ok(())
}

pub fn give(ctx: &mut Ctx, item: TileKind, to: HeroKind) -> Result<(), Refusal> {
    const RULE: &str = "Giving Items";
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
fn bag_stays(ctx: &Ctx, me: HeroKind, item: TileKind, rule: &str) -> Result<(), Refusal> {
    let held = ctx.s.hero(me).map_or(0, |h| h.inventory.len());
    if item == TileKind::BigBag && held > ctx.s.rules.numbers.inventory {
        return Err(Refusal::new(
            rule,
            format!("{me} carries {held} Items: without the Big Bag they would not fit; part with one first"),
        ));
    }
    Ok(())
}

/// The Gem tiles that pay at least `price` with the least over-payment
/// (no change is given), then the fewest tiles.
pub(crate) fn pay(pile: &[TileKind], price: u32) -> Option<Vec<TileKind>> {
    let fives = pile.iter().filter(|g| **g == TileKind::Gems5).count();
    let tens = pile.iter().filter(|g| **g == TileKind::Gems10).count();
    let mut best: Option<(u32, usize, usize, usize)> = None;
    for t in 0..=tens {
        for f in 0..=fives {
            let total = 10 * t as u32 + 5 * f as u32;
            if total < price {
                continue;
            }
            let key = (total, t + f, t, f);
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, _, t, f)| {
        let mut v = vec![TileKind::Gems10; t];
        v.extend(std::iter::repeat_n(TileKind::Gems5, f));
        v
    })
}

pub fn buy(
    ctx: &mut Ctx,
    drawn: &[TileKind],
    keep: TileKind,
    put_back: Option<TileKind>,
) -> Result<(), Refusal> {
    ctx.no_boss_fight("buying")?;
    let me = ctx.me()?;
    if !ctx.s.merchant_open {
        return Err(Refusal::new(
            MERCHANT,
            "the Merchant has not been found: the Merchant Pile is closed",
        ));
    }
    if ctx.s.turn.bought {
        return Err(Refusal::new(
            MERCHANT,
            format!("{me} has made this turn's purchase"),
        ));
    }
    let price = ctx.s.rules.numbers.merchant_price;
    let paid = pay(&ctx.s.piles.gem, price).ok_or_else(|| {
        Refusal::new(
            MERCHANT,
            format!(
                "a purchase costs {price} Gems; the Gem Pile holds {}",
                ctx.s.piles.gem_total()
            ),
        )
    })?;
    let want = ctx.s.piles.merchant.len().min(2);
    if want == 0 {
        return Err(Refusal::new(MERCHANT, "the Merchant Pile is empty"));
    }
    if drawn.len() != want {
        return Err(Refusal::new(
            MERCHANT,
            format!(
                "reveal {want} tile(s) from the Merchant Pile, not {}",
                drawn.len()
            ),
        ));
    }
    let mut pile = ctx.s.piles.merchant.clone();
    for d in drawn {
        match pile.iter().position(|k| k == d) {
            Some(i) => {
                pile.remove(i);
            }
            None => {
                return Err(Refusal::new(
                    MERCHANT,
                    format!("the Merchant Pile holds no (more) {d}"),
                ))
            }
        }
    }
    if !drawn.contains(&keep) {
        return Err(Refusal::new(
            MERCHANT,
            format!("keep one of the tiles revealed, not {keep}"),
        ));
    }
    make_room(ctx, me, keep, put_back, MERCHANT)?;
    ctx.emit(Event::Bought {
        hero: me,
        drawn: drawn.to_vec(),
        kept: keep,
        paid,
    });
    Ok(())
}

pub fn sell(ctx: &mut Ctx, item: TileKind) -> Result<(), Refusal> {
    ctx.no_boss_fight("selling")?;
    let me = ctx.me()?;
    if !ctx.s.expansion {
        return Err(Refusal::new(
            SELLING,
            "selling comes with the Don't Go Alone expansion",
        ));
    }
    if !ctx.s.merchant_open {
        return Err(Refusal::new(
            SELLING,
            "the Merchant must be revealed to sell",
        ));
    }
    if ctx.s.turn.sold {
        return Err(Refusal::new(
            SELLING,
            format!("each Hero sells at most 1 Item or Spell a turn; {me} has"),
        ));
    }
    let holds = ctx.s.hero(me).is_some_and(|h| {
        if item == TileKind::BigBag {
            h.big_bag
        } else {
            h.inventory.contains(&item)
        }
    });
    if !holds {
        return Err(Refusal::new(
            SELLING,
            format!("{me} holds no {item} (Gear is bound and never sold)"),
        ));
    }
    bag_stays(ctx, me, item, SELLING)?;
    let price = ctx.s.rules.numbers.sell_price;
    if ctx.s.piles.discard_gem_total() < price {
        return Err(Refusal::new(
            SELLING,
            format!("there must be at least {price} Gems in the Discard Pile"),
        ));
    }
    let reclaimed = pay(
        &ctx.s
            .piles
            .discard
            .iter()
            .copied()
            .filter(|k| k.category() == Category::Gem)
            .collect::<Vec<_>>(),
        price,
    )
    .unwrap_or_default();
    ctx.emit(Event::Sold {
        hero: me,
        item,
        reclaimed,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payment_overpays_least_then_uses_fewest_tiles() {
        use TileKind::{Gems10 as T, Gems5 as F};
        assert_eq!(pay(&[T, T, T, F], 30), Some(vec![T, T, T]));
        assert_eq!(pay(&[T, T, F, F], 30), Some(vec![T, T, F, F]));
        assert_eq!(pay(&[T, T, T, T], 25), Some(vec![T, T, T]));
        assert_eq!(pay(&[T, F], 30), None);
    }
}
