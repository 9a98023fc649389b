//! The Merchant: buying for 30 Gems, and (expansion) selling for 10.

use super::items::{bag_stays, make_room};
use super::Ctx;
use crate::event::Event;
use crate::tile::{Category, TileKind};
use tw_rules::Refusal;

const MERCHANT: &str = "The Merchant";
const SELLING: &str = "Selling Items";

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
    let want = ctx.s.piles.merchant.len().min(crate::tile::MERCHANT_DRAWS);
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
    super::items::not_tradeable(item, "sold")?;
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
