//! Cards as the player taps them in, and the monsters they make.

use crate::data::rules;
use serde::{Deserialize, Serialize};
use tw_rules::Refusal;

/// Card symbols left in play (Brick and Straw cards go back in the box).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Drop,
    Hammer,
    Wood,
    Cog,
}

/// A card's number and symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub number: u8,
    pub symbol: Symbol,
}

impl Card {
    pub fn check(&self) -> Result<(), Refusal> {
        let c = &rules().cards;
        if (c.min..=c.max).contains(&self.number) {
            Ok(())
        } else {
            Err(Refusal::new(
                "Cards",
                format!(
                    "a card shows {} to {}, not {}; check the reading",
                    c.min, c.max, self.number
                ),
            ))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    Minion,
    MiniBoss,
    FinalBoss,
}

/// Where a monster came from; decides its experience and roll bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Origin {
    Drop,
    Hammer,
    Wandering,
    MiniBoss,
    FinalBoss,
}

impl Origin {
    /// Whether a card of this symbol adds 1 to this monster's difficulty:
    /// Drop for Drop-room and wandering monsters; Drop or Hammer for Hammer
    /// rooms and bosses.
    pub fn is_nasty(self, symbol: Symbol) -> bool {
        match self {
            Origin::Drop | Origin::Wandering => symbol == Symbol::Drop,
            _ => matches!(symbol, Symbol::Drop | Symbol::Hammer),
        }
    }
}

impl Card {
    /// Treasure cubes a kept Treasure card gives: its number, doubled for
    /// a Cog (a treasure with no other use).
    pub fn treasure_cubes(&self) -> i32 {
        let n = self.number as i32;
        if self.symbol == Symbol::Cog {
            2 * n
        } else {
            n
        }
    }
}

/// A monster as its card(s) define it. Kept whole on a meeple so a fled or
/// bribed monster is met again exactly as it was drawn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Monster {
    pub origin: Origin,
    /// Health to take away, and the damage of each hit it lands.
    pub difficulty: u8,
    /// The card number that prices a bribe (the higher of two cards).
    pub card_number: u8,
    pub spellcaster: bool,
    /// Treasure cards the player draws on defeating it.
    pub treasure_cards: u8,
    /// The player fled from it before: bribes cost double.
    pub fled_before: bool,
    /// Treasure paid to it in bribes, reclaimed when it is defeated.
    pub bribe_held: u8,
}

impl Monster {
    pub fn rank(&self) -> Rank {
        match self.origin {
            Origin::MiniBoss => Rank::MiniBoss,
            Origin::FinalBoss => Rank::FinalBoss,
            _ => Rank::Minion,
        }
    }

    pub fn xp(&self) -> u8 {
        let x = &rules().xp;
        match self.origin {
            Origin::Drop => x.drop,
            Origin::Hammer => x.hammer,
            Origin::Wandering => x.wandering,
            Origin::MiniBoss => x.mini_boss,
            Origin::FinalBoss => x.final_boss,
        }
    }

    /// Added to the monster's melee roll. A wandering monster fights "as
    /// though the room were a Drop tile", so it never gets the Hammer bonus.
    pub fn roll_bonus(&self) -> u8 {
        let b = &rules().monster_bonus;
        match self.origin {
            Origin::Hammer => b.hammer_room,
            Origin::MiniBoss => b.mini_boss,
            Origin::FinalBoss => b.final_boss,
            Origin::Drop | Origin::Wandering => 0,
        }
    }

    /// Starting blue cubes: a spellcaster has as many as its difficulty.
    pub fn magic(&self) -> u8 {
        if self.spellcaster {
            self.difficulty
        } else {
            0
        }
    }

    pub fn bribe_cost(&self) -> u8 {
        let m = if self.fled_before {
            rules().bribe_multiplier_after_flight
        } else {
            1
        };
        self.card_number.saturating_mul(m)
    }

    /// Build a monster from the cards drawn for it.
    ///
    /// One card (Drop room, wandering monster, mini boss) or two (Hammer
    /// room, final boss): the higher number is the difficulty, +1 for each
    /// "nasty" symbol (Drop for Drop-room monsters; Drop or Hammer for
    /// Hammer rooms and bosses). Any Wood makes a spellcaster; a Cog on a
    /// minion means it guards a treasure card.
    pub fn from_cards(origin: Origin, cards: &[Card]) -> Result<Monster, Refusal> {
        let need = match origin {
            Origin::Hammer | Origin::FinalBoss => 2,
            _ => 1,
        };
        if cards.len() != need {
            return Err(Refusal::new(
                "Cards",
                format!(
                    "this monster is drawn from {need} card(s), {} given",
                    cards.len()
                ),
            ));
        }
        for c in cards {
            c.check()?;
        }
        let top = cards.iter().map(|c| c.number).max().unwrap_or(0);
        let nasty = cards.iter().filter(|c| origin.is_nasty(c.symbol)).count() as u8;
        let loot = &rules().loot;
        let treasure_cards = match origin {
            Origin::MiniBoss => loot.mini_boss,
            Origin::FinalBoss => loot.final_boss,
            _ if cards.iter().any(|c| c.symbol == Symbol::Cog) => loot.guarded_monster,
            _ => 0,
        };
        Ok(Monster {
            origin,
            difficulty: top + nasty,
            card_number: top,
            spellcaster: cards.iter().any(|c| c.symbol == Symbol::Wood),
            treasure_cards,
            fled_before: false,
            bribe_held: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(number: u8, symbol: Symbol) -> Card {
        Card { number, symbol }
    }

    #[test]
    fn drop_monster_difficulty_and_powers_follow_the_symbol() {
        let nasty = Monster::from_cards(Origin::Drop, &[card(3, Symbol::Drop)]).unwrap();
        assert_eq!(
            (nasty.difficulty, nasty.card_number, nasty.spellcaster),
            (4, 3, false)
        );
        let mage = Monster::from_cards(Origin::Drop, &[card(2, Symbol::Wood)]).unwrap();
        assert_eq!(
            (mage.difficulty, mage.magic(), mage.treasure_cards),
            (2, 2, 0)
        );
        let guard = Monster::from_cards(Origin::Drop, &[card(2, Symbol::Cog)]).unwrap();
        assert_eq!(guard.treasure_cards, 1);
        // A Hammer symbol is not nasty for a Drop-room monster.
        assert_eq!(
            Monster::from_cards(Origin::Drop, &[card(2, Symbol::Hammer)])
                .unwrap()
                .difficulty,
            2
        );
    }

    #[test]
    fn hammer_monster_uses_the_higher_card_plus_each_nasty_symbol() {
        let m = Monster::from_cards(
            Origin::Hammer,
            &[card(2, Symbol::Hammer), card(4, Symbol::Drop)],
        )
        .unwrap();
        assert_eq!((m.difficulty, m.card_number, m.roll_bonus()), (6, 4, 1));
        let m = Monster::from_cards(
            Origin::Hammer,
            &[card(1, Symbol::Wood), card(3, Symbol::Cog)],
        )
        .unwrap();
        assert_eq!(
            (m.difficulty, m.spellcaster, m.treasure_cards),
            (3, true, 1)
        );
    }

    #[test]
    fn bosses_get_their_bonus_and_treasure() {
        let mini = Monster::from_cards(Origin::MiniBoss, &[card(3, Symbol::Hammer)]).unwrap();
        assert_eq!(
            (
                mini.difficulty,
                mini.roll_bonus(),
                mini.treasure_cards,
                mini.xp()
            ),
            (4, 2, 2, 3)
        );
        let fin = Monster::from_cards(
            Origin::FinalBoss,
            &[card(5, Symbol::Drop), card(2, Symbol::Hammer)],
        )
        .unwrap();
        assert_eq!(
            (
                fin.difficulty,
                fin.roll_bonus(),
                fin.treasure_cards,
                fin.xp()
            ),
            (7, 3, 3, 5)
        );
    }

    #[test]
    fn wrong_card_count_or_number_is_refused() {
        assert!(Monster::from_cards(Origin::Hammer, &[card(2, Symbol::Drop)]).is_err());
        let r = Monster::from_cards(Origin::Drop, &[card(0, Symbol::Drop)]).unwrap_err();
        assert_eq!(r.rule, "Cards");
    }

    #[test]
    fn bribes_double_after_flight() {
        let mut m = Monster::from_cards(Origin::Drop, &[card(3, Symbol::Cog)]).unwrap();
        assert_eq!(m.bribe_cost(), 3);
        m.fled_before = true;
        assert_eq!(m.bribe_cost(), 6);
    }
}
