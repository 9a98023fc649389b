//! What happened, and how each event changes the state ([`evolve`]).
//!
//! `decide` works out every consequence (how many dice, which tokens), so
//! folding an event is plain bookkeeping and a stored log replays exactly.
//! Arithmetic saturates: a hand-edited log cannot make `evolve` panic.

use crate::command::{Goods, Unit};
use crate::data::rules;
use crate::faces::{DungeonDice, DungeonFace, PartyDice, PartyFace};
use crate::score::Standings;
use crate::state::{Delve, Stage, State};
use crate::treasure::TreasureKind;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum XpReason {
    /// A chest opened when the box was empty.
    EmptyBox,
    Dragon,
    Retired,
    StuffOfLegend,
    TownPortal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DelveOutcome {
    Retired,
    StuffOfLegend,
    TownPortal,
    Fled,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    DelveStarted {
        player: usize,
        delve: u8,
    },
    PartyFormed {
        party: PartyDice,
    },
    ScrollsBecameChampions {
        count: u8,
    },
    FormationRerolled {
        from: Vec<PartyFace>,
        to: Vec<PartyFace>,
    },
    DungeonRolled {
        level: u8,
        dice: DungeonDice,
        dragons: u8,
    },
    /// A unit used: a die goes to the Graveyard, a token back to the box,
    /// a hero companion is gone.
    UnitSpent {
        unit: Unit,
        #[serde(rename = "as")]
        as_face: PartyFace,
    },
    Rerolled {
        party_from: Vec<PartyFace>,
        party_to: Vec<PartyFace>,
        dungeon_from: Vec<DungeonFace>,
        dungeon_to: Vec<DungeonFace>,
    },
    MonstersDefeated {
        monster: DungeonFace,
        count: u8,
    },
    UltimateUsed {
        name: String,
    },
    HeroJoined {
        faces: Vec<PartyFace>,
    },
    /// Monsters turned into another face; Dragons go to the Lair.
    MonstersTransformed {
        from: Vec<DungeonFace>,
        to: DungeonFace,
    },
    DungeonDiscarded {
        dice: DungeonDice,
        lair: u8,
    },
    LairEmptied {
        count: u8,
    },
    StageChanged {
        stage: Stage,
    },
    ChestsOpened {
        count: u8,
    },
    TreasureGained {
        player: usize,
        treasure: TreasureKind,
    },
    TreasureReturned {
        player: usize,
        treasure: TreasureKind,
    },
    XpGained {
        player: usize,
        amount: u16,
        reason: XpReason,
    },
    PotionsQuaffed {
        count: u8,
    },
    Revived {
        faces: Vec<PartyFace>,
    },
    DragonDefeated {
        lair: u8,
    },
    LeveledUp {
        player: usize,
        side: String,
    },
    DelveEnded {
        player: usize,
        outcome: DelveOutcome,
    },
    TurnPassed {
        adventurer: usize,
    },
    GameEnded {
        standings: Standings,
    },
    /// A Twist card drawn into a player's hand.
    TwistDrawn {
        player: usize,
        card: String,
    },
    /// A Twist card played (and discarded); its effect follows as events
    /// of their own.
    TwistPlayed {
        player: usize,
        card: String,
    },
    /// The advanced rule: a trade between two players.
    Traded {
        from: usize,
        to: usize,
        give: Goods,
        take: Goods,
    },
    /// Distractions: Champions act as Thieves for this level.
    ChampionsDistracted,
    /// A "next Dragon" card: the Lair needs `lair` dice in this delve.
    DragonLairChanged {
        lair: u8,
    },
    /// Party dice changed to another face by a card (not rerolled).
    PartyChanged {
        from: Vec<PartyFace>,
        to: Vec<PartyFace>,
    },
}

/// Events that leave the formation window open (everything else closes it).
fn keeps_formation_open(e: &Event) -> bool {
    matches!(
        e,
        Event::DelveStarted { .. }
            | Event::PartyFormed { .. }
            | Event::ScrollsBecameChampions { .. }
            | Event::DungeonRolled { .. }
            | Event::TwistDrawn { .. }
            | Event::Traded { .. }
    )
}

pub fn evolve(s: &mut State, e: &Event) {
    if !keeps_formation_open(e) {
        if let Some(d) = s.delve.as_mut() {
            d.formation_open = false;
        }
    }
    let adventurer = s.adventurer;
    match e {
        Event::DelveStarted { player, .. } => {
            s.adventurer = *player;
            s.delve = Some(Delve {
                level: 1,
                stage: Stage::Monster,
                party: PartyDice::default(),
                graveyard: rules().party_dice,
                dungeon: DungeonDice::default(),
                lair: 0,
                hero_units: Vec::new(),
                ultimate_used: false,
                formation_open: true,
                fought: false,
                champions_as_thieves: false,
                dragon_lair: None,
            });
        }
        Event::PartyFormed { party } => {
            if let Some(d) = s.delve.as_mut() {
                d.party = *party;
                d.graveyard = rules().party_dice.saturating_sub(party.total());
            }
        }
        Event::ScrollsBecameChampions { count } => {
            if let Some(d) = s.delve.as_mut() {
                d.party.remove(PartyFace::Scroll, *count);
                d.party.add(PartyFace::Champion, *count);
            }
        }
        Event::FormationRerolled { from, to } => {
            if let Some(d) = s.delve.as_mut() {
                from.iter().for_each(|f| d.party.remove(*f, 1));
                to.iter().for_each(|f| d.party.add(*f, 1));
            }
        }
        Event::DungeonRolled {
            level,
            dice,
            dragons,
        } => {
            if let Some(d) = s.delve.as_mut() {
                d.level = *level;
                d.stage = Stage::Monster;
                d.dungeon = *dice;
                d.lair = d.lair.saturating_add(*dragons);
                d.hero_units.clear();
                d.fought = false;
                d.champions_as_thieves = false;
            }
        }
        Event::UnitSpent { unit, .. } => match unit {
            Unit::Die(f) => {
                if let Some(d) = s.delve.as_mut() {
                    d.party.remove(*f, 1);
                    d.graveyard = d.graveyard.saturating_add(1);
                }
            }
            Unit::Treasure(k) => {
                if let Some(p) = s.players.get_mut(adventurer) {
                    p.tokens.remove(*k, 1);
                }
                s.treasure_box.add(*k, 1);
            }
            Unit::Hero(f) => {
                if let Some(d) = s.delve.as_mut() {
                    if let Some(i) = d.hero_units.iter().position(|h| h == f) {
                        d.hero_units.remove(i);
                    }
                }
            }
        },
        Event::Rerolled {
            party_from,
            party_to,
            dungeon_from,
            dungeon_to,
        } => {
            if let Some(d) = s.delve.as_mut() {
                party_from.iter().for_each(|f| d.party.remove(*f, 1));
                party_to.iter().for_each(|f| d.party.add(*f, 1));
                dungeon_from.iter().for_each(|f| d.dungeon.remove(*f, 1));
                let (rolled, dragons) = DungeonDice::split_dragons(dungeon_to);
                for f in [
                    DungeonFace::Goblin,
                    DungeonFace::Skeleton,
                    DungeonFace::Ooze,
                    DungeonFace::Chest,
                    DungeonFace::Potion,
                ] {
                    d.dungeon.add(f, rolled.get(f));
                }
                d.lair = d.lair.saturating_add(dragons);
            }
        }
        Event::MonstersDefeated { monster, count } => {
            if let Some(d) = s.delve.as_mut() {
                d.fought = true;
                d.dungeon.remove(*monster, *count);
            }
        }
        Event::UltimateUsed { .. } => {
            if let Some(d) = s.delve.as_mut() {
                d.ultimate_used = true;
            }
        }
        Event::HeroJoined { faces } => {
            if let Some(d) = s.delve.as_mut() {
                d.hero_units.extend(faces.iter().copied());
            }
        }
        Event::MonstersTransformed { from, to } => {
            if let Some(d) = s.delve.as_mut() {
                for f in from {
                    d.dungeon.remove(*f, 1);
                    if *to == DungeonFace::Dragon {
                        d.lair = d.lair.saturating_add(1);
                    } else {
                        d.dungeon.add(*to, 1);
                    }
                }
            }
        }
        Event::DungeonDiscarded { .. } => {
            if let Some(d) = s.delve.as_mut() {
                d.dungeon = DungeonDice::default();
                d.lair = 0;
            }
        }
        Event::LairEmptied { .. } | Event::DragonDefeated { .. } => {
            if let Some(d) = s.delve.as_mut() {
                d.lair = 0;
            }
        }
        Event::StageChanged { stage } => {
            if let Some(d) = s.delve.as_mut() {
                d.stage = *stage;
            }
        }
        Event::ChestsOpened { count } => {
            if let Some(d) = s.delve.as_mut() {
                d.dungeon.remove(DungeonFace::Chest, *count);
            }
        }
        Event::TreasureGained { player, treasure } => {
            s.treasure_box.remove(*treasure, 1);
            if let Some(p) = s.players.get_mut(*player) {
                p.tokens.add(*treasure, 1);
            }
        }
        Event::TreasureReturned { player, treasure } => {
            if let Some(p) = s.players.get_mut(*player) {
                p.tokens.remove(*treasure, 1);
            }
            s.treasure_box.add(*treasure, 1);
        }
        Event::XpGained { player, amount, .. } => {
            if let Some(p) = s.players.get_mut(*player) {
                p.xp = p.xp.saturating_add(*amount);
            }
        }
        Event::PotionsQuaffed { count } => {
            if let Some(d) = s.delve.as_mut() {
                d.dungeon.remove(DungeonFace::Potion, *count);
            }
        }
        Event::Revived { faces } => {
            if let Some(d) = s.delve.as_mut() {
                for f in faces {
                    d.party.add(*f, 1);
                    d.graveyard = d.graveyard.saturating_sub(1);
                }
            }
        }
        Event::LeveledUp { player, .. } => {
            if let Some(p) = s.players.get_mut(*player) {
                p.master = true;
            }
        }
        Event::DelveEnded { player, .. } => {
            s.delve = None;
            let Some(p) = s.players.get_mut(*player) else {
                return;
            };
            p.delves = p.delves.saturating_add(1);
            let done = p.delves;
            // A delve round ends when every player has made as many delves.
            if s.twists && s.players.iter().all(|q| q.delves >= done) {
                let more = rules().twists_per_round;
                s.players
                    .iter_mut()
                    .for_each(|q| q.twist_draws = q.twist_draws.saturating_add(more));
            }
        }
        Event::TwistDrawn { player, card } => {
            if let Some(p) = s.players.get_mut(*player) {
                p.twists.push(card.clone());
                p.twist_draws = p.twist_draws.saturating_sub(1);
            }
        }
        Event::TwistPlayed { player, card } => {
            if let Some(p) = s.players.get_mut(*player) {
                if let Some(i) = p.twists.iter().position(|c| c == card) {
                    p.twists.remove(i);
                }
            }
        }
        Event::Traded {
            from,
            to,
            give,
            take,
        } => {
            hand_over(s, *from, *to, give);
            hand_over(s, *to, *from, take);
        }
        Event::ChampionsDistracted => {
            if let Some(d) = s.delve.as_mut() {
                d.champions_as_thieves = true;
            }
        }
        Event::DragonLairChanged { lair } => {
            if let Some(d) = s.delve.as_mut() {
                d.dragon_lair = Some(*lair);
            }
        }
        Event::PartyChanged { from, to } => {
            if let Some(d) = s.delve.as_mut() {
                from.iter().for_each(|f| d.party.remove(*f, 1));
                to.iter().for_each(|f| d.party.add(*f, 1));
            }
        }
        Event::TurnPassed { adventurer } => s.adventurer = *adventurer,
        Event::GameEnded { standings } => s.finished = Some(standings.clone()),
    }
}

/// `goods` move from seat `from` to seat `to` (checked by the decision).
fn hand_over(s: &mut State, from: usize, to: usize, goods: &Goods) {
    if from >= s.players.len() || to >= s.players.len() {
        return;
    }
    for &k in &goods.treasure {
        s.players[from].tokens.remove(k, 1);
        s.players[to].tokens.add(k, 1);
    }
    for card in &goods.twists {
        let hand = &mut s.players[from].twists;
        if let Some(i) = hand.iter().position(|c| c == card) {
            hand.remove(i);
            s.players[to].twists.push(card.clone());
        }
    }
}
