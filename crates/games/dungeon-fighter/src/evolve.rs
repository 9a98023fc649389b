//! Folding events into the state. Every rule was checked by `decide`; here
//! each event only records its change, so a log replays to the same state.

use crate::cards::EquipmentKind;
use crate::data::rules;
use crate::event::Event;
use crate::model::{Combat, Foe, Phase, Resting, Shop, State};

pub fn evolve(s: &mut State, e: &Event) {
    use Event::*;
    // Events come from `decide`, or from a stored log that may be damaged:
    // one naming a hero the game does not have is ignored, never a panic.
    if heroes_named(e).into_iter().any(|h| h >= s.heroes.len()) {
        return;
    }
    match e {
        DungeonEntered { card, .. } => {
            s.shop_icons = s.shop_icons.saturating_add(card.shop_icons);
            s.dungeon_cards.push(card.clone());
            s.dungeon = Some(card.clone());
            s.phase = Phase::Monster;
        }
        GoldGained { amount, .. } => s.chest.gold = s.chest.gold.saturating_add(*amount),
        GoldSpent { amount, .. } => s.chest.gold = s.chest.gold.saturating_sub(*amount),
        WhiteDiceGained { count, .. } => {
            s.chest.white_dice = s
                .chest
                .white_dice
                .saturating_add(*count)
                .min(rules().max_white_dice)
        }
        WhiteDieLost { .. } => s.chest.white_dice = s.chest.white_dice.saturating_sub(1),
        HeroHealed { hero, amount } => {
            let h = &mut s.heroes[*hero];
            h.life = h.life.saturating_add(*amount).min(h.max_life());
        }
        HeroDamaged { hero, amount, .. } => {
            let h = &mut s.heroes[*hero];
            h.life = h.life.saturating_sub(*amount);
        }
        HeroFainted { hero } => {
            let h = &mut s.heroes[*hero];
            h.life = 0;
            h.fainted = true;
            leave_fainting(s, *hero);
        }
        FaintPending { heroes, then } => with_combat(s, |c| {
            c.fainting = Some(crate::model::Fainting {
                heroes: heroes.clone(),
                then: *then,
            })
        }),
        FaintAverted { hero } => leave_fainting(s, *hero),
        EquipmentGiven { hero, card } => s.heroes[*hero].equipment.push(card.clone()),
        EquipmentMoved { from, to, item } => {
            if let Some(i) = s.heroes[*from]
                .equipment
                .iter()
                .position(|c| &c.name == item)
            {
                let card = s.heroes[*from].equipment.remove(i);
                s.heroes[*to].equipment.push(card);
            }
        }
        RelicGained { card } => s.relics.push(card.clone()),
        MonsterRevealed {
            card,
            life,
            deck_level,
        } => {
            if deck_level.is_some() && !s.monster_deck.is_empty() {
                s.monster_deck.remove(0);
            }
            start_combat(s, Foe::Monster(card.clone()), *life);
        }
        BossRevealed { card, life } => start_combat(s, Foe::Boss(card.clone()), *life),
        MonsterSentAway { .. } => {
            s.combat = None;
            s.phase = Phase::Monster;
        }
        TemplatePlaced { template } => with_combat(s, |c| {
            if !c.templates.contains(template) {
                c.templates.push(*template)
            }
        }),
        TemplateRemoved { template } => with_combat(s, |c| c.templates.retain(|t| t != template)),
        SpiderWebTorn => with_combat(s, |c| c.spider_webs = c.spider_webs.saturating_sub(1)),
        SpecialDieAdded { die } => with_combat(s, |c| c.special_dice.push((*die, false))),
        WhiteDieTaken { .. } => {
            s.chest.white_dice = s.chest.white_dice.saturating_sub(1);
            with_combat(s, |c| c.white_dice_thrown += 1);
        }
        DieThrown { hero, die } => with_combat(s, |c| {
            if let Some(col) = die.colour() {
                if !c.thrown.contains(&col) {
                    c.thrown.push(col);
                }
            }
            if let Some(sp) = die.special() {
                if c.rethrow != Some(*die) {
                    if let Some(slot) = c.special_dice.iter_mut().find(|(d, t)| *d == sp && !*t) {
                        slot.1 = true;
                    }
                }
            }
            c.rethrow = None;
            c.last_thrower = Some(*hero);
            c.hit_by = Some(*hero);
        }),
        AbilityOffered { pending } => with_combat(s, |c| c.pending = Some(pending.clone())),
        AbilityUsed { .. } | AbilitySkipped { .. } => with_combat(s, |c| c.pending = None),
        ThrowCancelled { die, .. } => with_combat(s, |c| {
            c.pending = None;
            c.rethrow = Some(*die);
        }),
        Hit { damage, .. } => with_combat(s, |c| c.life -= damage),
        Missed { .. } => {}
        MonsterDamaged {
            amount, by_item, ..
        } => with_combat(s, |c| {
            c.life -= amount;
            if *by_item {
                c.hit_by = None;
            }
        }),
        InstaKill { .. } => with_combat(s, |c| c.insta_kill = true),
        ArmourUsed { hero, item, .. } => s.heroes[*hero].armour_used.push(item.clone()),
        ToxicSpent => with_combat(s, |c| c.toxic_spent = true),
        DeathListSpent { hero, monster_type } => {
            s.heroes[*hero].death_list.retain(|t| t != monster_type)
        }
        CharmPlaced { hero } => with_combat(s, |c| c.charm_on_monster = Some(*hero)),
        CharmedDiscarded { hero, monster } => {
            let list = &mut s.heroes[*hero].charmed;
            if let Some(i) = list.iter().position(|m| &m.name == monster) {
                list.remove(i);
            }
        }
        CharmedGained { hero, monster } => s.heroes[*hero].charmed.push(monster.clone()),
        ItemSpent {
            hero: Some(h),
            item,
        } => {
            let eq = &mut s.heroes[*h].equipment;
            if let Some(i) = eq
                .iter()
                .position(|c| &c.name == item && matches!(c.kind, EquipmentKind::Spendable { .. }))
            {
                eq.remove(i);
            }
        }
        ItemSpent { hero: None, .. } => {}
        RelicUsed { item } => with_combat(s, |c| c.relics_used.push(item.clone())),
        XpGained { hero } => {
            let h = &mut s.heroes[*hero];
            h.xp = (h.xp + 1).min(3);
        }
        TurnPassed { to } => with_combat(s, |c| c.active = *to),
        DiceRetrieved => with_combat(s, |c| {
            c.thrown.clear();
            c.retrievals += 1;
        }),
        MonsterDefeated { .. } => {
            let awaiting = (0..s.heroes.len())
                .filter(|&i| s.heroes[i].fainted && !s.heroes[i].eliminated)
                .collect();
            s.phase = Phase::Resting(Resting {
                awaiting_scar: awaiting,
            });
        }
        LeaderChanged { hero } => s.leader = *hero,
        ScarTaken { hero, colour } => {
            let h = &mut s.heroes[*hero];
            h.scars.push(*colour);
            h.fainted = false;
            h.life = h.max_life();
            s.scars_taken += 1;
            unawait(s, *hero);
        }
        HeroEliminated { hero } => {
            let h = &mut s.heroes[*hero];
            h.eliminated = true;
            h.fainted = false;
            h.life = 0;
            unawait(s, *hero);
        }
        RestEnded => {
            for h in &mut s.heroes {
                h.armour_used.clear();
                h.fainted = false;
            }
            s.combat = None;
            s.dungeon = None;
            s.phase = Phase::Dungeon;
        }
        ShopOpened { cards } => {
            s.shops_visited += 1;
            for h in &mut s.heroes {
                for t in &mut h.level_ups {
                    t.used = false;
                }
            }
            s.phase = Phase::Shop(Shop { cards_left: *cards });
        }
        EquipmentBought { price } => {
            s.chest.gold = s.chest.gold.saturating_sub(*price);
            if let Phase::Shop(shop) = &mut s.phase {
                shop.cards_left = shop.cards_left.saturating_sub(1);
            }
        }
        LevelUpTaken { hero, colour } => {
            let h = &mut s.heroes[*hero];
            h.xp = 0;
            h.level_ups.push(crate::model::LevelUpToken {
                colour: *colour,
                used: false,
            });
        }
        LevelUpUsed { hero, colour } => {
            if let Some(t) = s.heroes[*hero]
                .level_ups
                .iter_mut()
                .find(|t| t.colour == *colour && !t.used)
            {
                t.used = true;
            }
        }
        ShopClosed { to_boss } => {
            s.dungeon_cards.clear();
            s.shop_icons = 0;
            if *to_boss {
                s.monster_deck.clear();
                s.phase = Phase::Boss;
            } else {
                s.phase = Phase::Dungeon;
            }
        }
        GameOver { ending } => s.phase = Phase::Over(ending.clone()),
    }
}

fn with_combat(s: &mut State, f: impl FnOnce(&mut Combat)) {
    if let Some(c) = s.combat.as_mut() {
        f(c)
    }
}

/// `hero` no longer waits to faint (fainted, or saved); the window closes
/// with its last hero.
fn leave_fainting(s: &mut State, hero: usize) {
    with_combat(s, |c| {
        if let Some(f) = &mut c.fainting {
            f.heroes.retain(|&h| h != hero);
            if f.heroes.is_empty() {
                c.fainting = None;
            }
        }
    })
}

fn unawait(s: &mut State, hero: usize) {
    if let Phase::Resting(r) = &mut s.phase {
        r.awaiting_scar.retain(|&h| h != hero);
    }
}

/// The board and the pool as a combat begins: requirements of the room and
/// the foe (each counted once), their gadgets, and the first active hero.
fn start_combat(s: &mut State, foe: Foe, life: i32) {
    let (m_req, m_gadgets) = match &foe {
        Foe::Monster(m) => (m.requirement, m.gadgets.clone()),
        Foe::Boss(b) => (b.requirement, b.gadgets.clone()),
    };
    let d_gadgets = s
        .dungeon
        .as_ref()
        .map(|d| d.gadgets.clone())
        .unwrap_or_default();
    let mut requirements = Vec::new();
    for r in [s.dungeon.as_ref().and_then(|d| d.requirement), m_req]
        .into_iter()
        .flatten()
    {
        if !requirements.contains(&r) {
            requirements.push(r);
        }
    }
    let mut templates = Vec::new();
    for t in d_gadgets.templates.iter().chain(m_gadgets.templates.iter()) {
        if !templates.contains(t) {
            templates.push(*t);
        }
    }
    let special_dice = d_gadgets
        .special_dice
        .iter()
        .chain(m_gadgets.special_dice.iter())
        .map(|d| (*d, false))
        .collect();
    let active = s.next_able(s.leader).unwrap_or(s.leader);
    s.combat = Some(Combat {
        foe,
        life,
        active,
        thrown: Vec::new(),
        special_dice,
        rethrow: None,
        pending: None,
        last_thrower: None,
        hit_by: None,
        requirements,
        spider_webs: if d_gadgets.spider_webs || m_gadgets.spider_webs {
            4
        } else {
            0
        },
        templates,
        flying_stand: d_gadgets.flying_stand || m_gadgets.flying_stand,
        toxic_spent: false,
        insta_kill: false,
        charm_on_monster: None,
        relics_used: Vec::new(),
        white_dice_thrown: 0,
        retrievals: 0,
        fainting: None,
    });
    s.phase = Phase::Combat;
}

/// Hero indices an event refers to.
fn heroes_named(e: &Event) -> Vec<usize> {
    use Event::*;
    match e {
        HeroHealed { hero, .. }
        | HeroDamaged { hero, .. }
        | HeroFainted { hero }
        | FaintAverted { hero }
        | EquipmentGiven { hero, .. }
        | WhiteDieTaken { hero }
        | DieThrown { hero, .. }
        | AbilityUsed { hero, .. }
        | AbilitySkipped { hero }
        | ThrowCancelled { hero, .. }
        | Hit { hero, .. }
        | Missed { hero, .. }
        | InstaKill { hero }
        | ArmourUsed { hero, .. }
        | DeathListSpent { hero, .. }
        | CharmPlaced { hero }
        | CharmedDiscarded { hero, .. }
        | CharmedGained { hero, .. }
        | XpGained { hero }
        | LeaderChanged { hero }
        | ScarTaken { hero, .. }
        | HeroEliminated { hero }
        | LevelUpTaken { hero, .. }
        | LevelUpUsed { hero, .. } => vec![*hero],
        ItemSpent {
            hero: Some(hero), ..
        } => vec![*hero],
        TurnPassed { to } => vec![*to],
        EquipmentMoved { from, to, .. } => vec![*from, *to],
        AbilityOffered { pending } => vec![pending.hero],
        FaintPending { heroes, .. } => heroes.clone(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{HeroSetup, Setup};

    #[test]
    fn an_event_naming_a_missing_hero_is_ignored_not_a_panic() {
        let setup = Setup {
            heroes: vec![
                HeroSetup::Key("sir-moo".into()),
                HeroSetup::Key("lady-mary".into()),
            ],
            players: None,
            difficulty: crate::model::Difficulty::Normal,
            monster_life_bonus: None,
            leader: 0,
            level_up_variant: false,
            chest: None,
            monster_deck: None,
        };
        let mut s = crate::decide::setup::setup(&setup).unwrap();
        let before = s.clone();
        evolve(
            &mut s,
            &Event::HeroDamaged {
                hero: 7,
                amount: 3,
                why: "corrupt log".into(),
            },
        );
        evolve(
            &mut s,
            &Event::EquipmentMoved {
                from: 0,
                to: 9,
                item: "x".into(),
            },
        );
        assert_eq!(s, before);
        evolve(
            &mut s,
            &Event::HeroDamaged {
                hero: 1,
                amount: 3,
                why: "real".into(),
            },
        );
        assert_eq!(s.heroes[1].life, 6);
    }
}
