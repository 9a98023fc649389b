//! The advanced rule: players trade treasure tokens and Twist cards.
//!
//! Readings where the rules text is short ("Players may trade Twist cards
//! and treasures"):
//! - Trading is switched on at setup (`trading`); Twist cards change hands
//!   only in a game played with them.
//! - A trade may be made at any time until the game is over, during anyone's
//!   delve too: tokens and cards are usable at any time, so holding them
//!   is what counts.
//! - Either side may hand over nothing (a gift), not both.

use super::{refuse, Ctx, TRADING};
use crate::command::Goods;
use crate::event::Event;
use crate::state::Player;
use tw_rules::Refusal;

pub(super) fn trade(c: &mut Ctx, from: usize, to: usize, give: &Goods, take: &Goods) -> Result<(), Refusal> {
    let s = &c.s;
    if !s.trading {
        return refuse(TRADING, "this game is played without trading (set `trading` at setup)");
    }
    if s.finished.is_some() {
        return refuse(TRADING, "the game is over: nothing changes hands any more");
    }
    let n = s.players.len();
    for (field, seat) in [("from", from), ("to", to)] {
        if seat >= n {
            return refuse(TRADING, format!("{field}: seat {seat} does not exist ({n} players)"));
        }
    }
    if from == to {
        return refuse(TRADING, "from and to: a player trades with another player");
    }
    if give.is_empty() && take.is_empty() {
        return refuse(TRADING, "give and take: name what changes hands");
    }
    if !s.twists && !(give.twists.is_empty() && take.twists.is_empty()) {
        return refuse(TRADING, "this game is played without the Twist cards: only treasure is traded");
    }
    let (give, take) = (by_id(give, "give")?, by_id(take, "take")?);
    holds(&s.players[from], &give, "give")?;
    holds(&s.players[to], &take, "take")?;
    c.emit(Event::Traded { from, to, give, take });
    Ok(())
}

/// `goods` with each Twist card named by its id (a card may be named by
/// its name, as when it is drawn).
fn by_id(goods: &Goods, field: &str) -> Result<Goods, Refusal> {
    let twists = goods
        .twists
        .iter()
        .map(|name| {
            crate::data::twist(name)
                .map(|c| c.id.clone())
                .ok_or_else(|| Refusal::new(TRADING, format!("{field}.twists: no Twist card {name:?}")))
        })
        .collect::<Result<_, _>>()?;
    Ok(Goods { treasure: goods.treasure.clone(), twists })
}

/// Refuses unless `p` holds everything in `goods` (each token and card as
/// many times as it is named).
fn holds(p: &Player, goods: &Goods, field: &str) -> Result<(), Refusal> {
    for &k in &goods.treasure {
        let named = goods.treasure.iter().filter(|&&t| t == k).count();
        let held = p.tokens.get(k) as usize;
        if named > held {
            return refuse(TRADING, format!("{field}: {} holds {held} {k} token(s), not {named}", p.name));
        }
    }
    for card in &goods.twists {
        let named = goods.twists.iter().filter(|&t| t == card).count();
        let held = p.twists.iter().filter(|&t| t == card).count();
        if named > held {
            let name = crate::data::twist(card).map(|t| t.name.as_str()).unwrap_or(card.as_str());
            return refuse(TRADING, format!("{field}: {} holds {held} {name} card(s), not {named}", p.name));
        }
    }
    Ok(())
}
