//! Twist cards: drawing one into a hand and playing one (see
//! [`crate::twist`] for the readings taken).

use super::delve::{check_dungeon_reroll, check_party_reroll};
use super::{refuse, Ctx, TWIST};
use crate::command::Reroll;
use crate::data::twist;
use crate::event::Event;
use crate::faces::{DungeonFace, PartyFace};
use crate::state::Stage;
use crate::twist::{TwistCard, TwistEffect};
use tw_rules::Refusal;

fn card(c: &Ctx, player: usize, name: &str) -> Result<&'static TwistCard, Refusal> {
    if !c.s.twists {
        return refuse(
            TWIST,
            "this game is played without the Twist cards (set `twists` at setup)",
        );
    }
    if player >= c.s.players.len() {
        return refuse(
            TWIST,
            format!(
                "player: seat {player} does not exist ({} players)",
                c.s.players.len()
            ),
        );
    }
    twist(name).ok_or_else(|| Refusal::new(TWIST, format!("card: no Twist card {name:?}")))
}

pub(super) fn draw(c: &mut Ctx, player: usize, name: &str) -> Result<(), Refusal> {
    let card = card(c, player, name)?;
    let p = &c.s.players[player];
    if p.twist_draws == 0 {
        return refuse(
            TWIST,
            format!(
                "{} has drawn every Twist card due: two at the start, one after each delve round",
                p.name
            ),
        );
    }
    c.emit(Event::TwistDrawn {
        player,
        card: card.id.clone(),
    });
    Ok(())
}

pub(super) fn play(
    c: &mut Ctx,
    player: usize,
    name: &str,
    party: &Reroll<PartyFace>,
    dungeon: &Reroll<DungeonFace>,
) -> Result<(), Refusal> {
    let card = card(c, player, name)?;
    let p = &c.s.players[player];
    if !p.twists.contains(&card.id) {
        return refuse(TWIST, format!("{} holds no {} card", p.name, card.name));
    }
    let d = c.delve()?;
    if d.stage != Stage::Monster || d.fought {
        return refuse(
            TWIST,
            "a Twist card is played before fighting monsters: this level's fight has begun",
        );
    }
    let (party_dice, dungeon_dice) = (d.party, d.dungeon);
    let only = |what: &str, given: bool| -> Result<(), Refusal> {
        if given {
            return refuse(
                TWIST,
                format!("{}: {} names no {what} dice", card.name, card.text),
            );
        }
        Ok(())
    };
    let one = |n: usize, what: &str| -> Result<(), Refusal> {
        if n != 1 {
            return refuse(
                TWIST,
                format!("{}: name one {what} die, not {n}", card.name),
            );
        }
        Ok(())
    };
    let mut effect = Vec::new();
    match card.effect {
        TwistEffect::RerollDungeon => {
            only("Party", !party.is_empty())?;
            one(dungeon.from.len(), "Dungeon")?;
            check_dungeon_reroll(&dungeon_dice, dungeon, TWIST)?;
            effect.push(rerolled(&Reroll::default(), dungeon));
        }
        TwistEffect::RerollParty => {
            only("Dungeon", !dungeon.is_empty())?;
            one(party.from.len(), "Party")?;
            check_party_reroll(&party_dice, party, TWIST)?;
            effect.push(rerolled(party, &Reroll::default()));
        }
        TwistEffect::RerollAny => {
            one(party.from.len() + dungeon.from.len(), "Party or Dungeon")?;
            check_party_reroll(&party_dice, party, TWIST)?;
            check_dungeon_reroll(&dungeon_dice, dungeon, TWIST)?;
            effect.push(rerolled(party, dungeon));
        }
        TwistEffect::DungeonTo { face } => {
            only("Party", !party.is_empty())?;
            one(dungeon.from.len(), "Dungeon")?;
            if !(dungeon.to.is_empty() || dungeon.to == [face]) {
                return refuse(TWIST, format!("{}: the die becomes a {face}", card.name));
            }
            let from = dungeon.from[0];
            if from == DungeonFace::Dragon || dungeon_dice.get(from) == 0 {
                return refuse(
                    TWIST,
                    format!("{}: no non-Dragon Dungeon die shows a {from}", card.name),
                );
            }
            effect.push(Event::MonstersTransformed {
                from: vec![from],
                to: face,
            });
        }
        TwistEffect::PartyTo { face } => {
            only("Dungeon", !dungeon.is_empty())?;
            one(party.from.len(), "Party")?;
            if !(party.to.is_empty() || party.to == [face]) {
                return refuse(TWIST, format!("{}: the die becomes a {face}", card.name));
            }
            let from = party.from[0];
            if party_dice.get(from) == 0 {
                return refuse(
                    TWIST,
                    format!("{}: no active Party die shows a {from}", card.name),
                );
            }
            effect.push(Event::PartyChanged {
                from: vec![from],
                to: vec![face],
            });
        }
        TwistEffect::RerollDungeonFace => {
            only("Party", !party.is_empty())?;
            let Some(&face) = dungeon.from.first() else {
                return refuse(
                    TWIST,
                    format!("{}: name the dice showing the chosen face", card.name),
                );
            };
            let all = dungeon_dice.get(face) as usize;
            if dungeon.from.iter().any(|f| *f != face) || dungeon.from.len() != all {
                return refuse(
                    TWIST,
                    format!(
                        "{}: every Dungeon die showing a {face} is rerolled ({all} here)",
                        card.name
                    ),
                );
            }
            check_dungeon_reroll(&dungeon_dice, dungeon, TWIST)?;
            effect.push(rerolled(&Reroll::default(), dungeon));
        }
        TwistEffect::RerollPartyFace => {
            only("Dungeon", !dungeon.is_empty())?;
            let Some(&face) = party.from.first() else {
                return refuse(
                    TWIST,
                    format!("{}: name the dice showing the chosen face", card.name),
                );
            };
            let all = party_dice.get(face) as usize;
            if party.from.iter().any(|f| *f != face) || party.from.len() != all {
                return refuse(
                    TWIST,
                    format!(
                        "{}: every Party die showing a {face} is rerolled ({all} here)",
                        card.name
                    ),
                );
            }
            check_party_reroll(&party_dice, party, TWIST)?;
            effect.push(rerolled(party, &Reroll::default()));
        }
        TwistEffect::ChampionsAsThieves => {
            only("Party or Dungeon", !party.is_empty() || !dungeon.is_empty())?;
            effect.push(Event::ChampionsDistracted);
        }
        TwistEffect::DragonNeeds { lair } => {
            only("Party or Dungeon", !party.is_empty() || !dungeon.is_empty())?;
            effect.push(Event::DragonLairChanged { lair });
        }
    }
    c.emit(Event::TwistPlayed {
        player,
        card: card.id.clone(),
    });
    for e in effect {
        c.emit(e);
    }
    Ok(())
}

fn rerolled(party: &Reroll<PartyFace>, dungeon: &Reroll<DungeonFace>) -> Event {
    Event::Rerolled {
        party_from: party.from.clone(),
        party_to: party.to.clone(),
        dungeon_from: dungeon.from.clone(),
        dungeon_to: dungeon.to.clone(),
    }
}
