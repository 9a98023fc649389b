//! Deciding what a command does.
//!
//! Each handler works on a scratch copy of the state: every event it emits
//! is folded in at once with [`evolve`], so later steps see its effect
//! (a die spent is already in the Graveyard when a Potion revives) and
//! `evolve` stays the only code that changes state. A refusal drops the
//! scratch copy: the caller's state is untouched.

mod delve;
mod dragon;
mod loot;
mod monster;
mod treasure;
mod trade;
mod twist;

use crate::command::{Command, Unit};
use crate::data::{hero, rules};
use crate::event::{evolve, DelveOutcome, Event, XpReason};
use crate::faces::PartyFace;
use crate::hero::Side;
use crate::score::standings;
use crate::state::{Delve, Stage, State};
use tw_rules::Refusal;

pub(crate) const SETUP: &str = "Setup";
pub(crate) const FLOW: &str = "Gameplay Flow";
pub(crate) const MONSTER: &str = "Monster Phase";
pub(crate) const SCROLLS: &str = "Monster Phase: Scrolls";
pub(crate) const CHESTS: &str = "Loot Phase: Open Chests";
pub(crate) const POTIONS: &str = "Loot Phase: Quaff Potions";
pub(crate) const DRAGON: &str = "Dragon Phase";
pub(crate) const REGROUP: &str = "Regroup Phase";
pub(crate) const LEGEND: &str = "Regroup Phase: Stuff of Legend";
pub(crate) const SPECIALTY: &str = "Hero Abilities: Specialty";
pub(crate) const ULTIMATE: &str = "Hero Abilities: Ultimate";
pub(crate) const TREASURE: &str = "Treasure Tokens";
pub(crate) const PARTY: &str = "Core Mechanics: Party Dice";
pub(crate) const END: &str = "Scoring & End Game";
pub(crate) const TWIST: &str = "Twist Cards";
pub(crate) const TRADING: &str = "Twist Cards: Advanced (trading)";

pub(crate) fn refuse<T>(rule: &str, reason: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(rule, reason))
}

pub(crate) struct Ctx {
    pub s: State,
    pub events: Vec<Event>,
}

impl Ctx {
    pub fn emit(&mut self, e: Event) {
        evolve(&mut self.s, &e);
        self.events.push(e);
    }

    /// The delve under way, or the refusal a command outside one gets.
    pub fn delve(&self) -> Result<&Delve, Refusal> {
        match &self.s.delve {
            Some(d) => Ok(d),
            None if self.s.finished.is_some() => {
                refuse(END, "the game is over: every player has made their delves")
            }
            None => refuse(FLOW, "no delve is under way: start one with start_delve"),
        }
    }

    /// The side of the Adventurer's hero card now showing.
    pub fn side(&self) -> Result<&'static Side, Refusal> {
        self.s.side().ok_or_else(|| {
            Refusal::new(
                SETUP,
                "the Adventurer's hero card is not in data/heroes.json",
            )
        })
    }

    /// Move the level on to `stage` (never back).
    pub fn enter(&mut self, stage: Stage) -> Result<(), Refusal> {
        if self.delve()?.stage < stage {
            self.emit(Event::StageChanged { stage });
        }
        Ok(())
    }

    /// XP to the Adventurer; the card flips at its threshold at once (the
    /// Ultimate is not refreshed by the flip).
    pub fn gain_xp(&mut self, amount: u16, reason: XpReason) {
        if amount == 0 {
            return;
        }
        let player = self.s.adventurer;
        self.emit(Event::XpGained {
            player,
            amount,
            reason,
        });
        let Some(p) = self.s.players.get(player) else {
            return;
        };
        let Some(card) = hero(&p.hero) else { return };
        if !p.master && p.xp >= card.master_at {
            self.emit(Event::LeveledUp {
                player,
                side: card.master.name.clone(),
            });
        }
    }

    /// End the delve (with the XP it earns, if any), pass the dice left,
    /// and end the game after the last delve.
    pub fn end_delve(&mut self, outcome: DelveOutcome, xp: Option<(u16, XpReason)>) {
        if let Some((amount, reason)) = xp {
            self.gain_xp(amount, reason);
        }
        let player = self.s.adventurer;
        self.emit(Event::DelveEnded { player, outcome });
        let per = rules().delves_per_player;
        if self.s.players.iter().all(|p| p.delves >= per) {
            let st = standings(&self.s.players);
            self.emit(Event::GameEnded { standings: st });
        } else {
            let n = self.s.players.len().max(1);
            let mut next = (player + 1) % n;
            // A player who has made all their delves is skipped (only
            // possible when the game started at another seat and ran on).
            for _ in 0..n {
                if self.s.players.get(next).is_some_and(|p| p.delves < per) {
                    break;
                }
                next = (next + 1) % n;
            }
            self.emit(Event::TurnPassed { adventurer: next });
        }
    }

    /// Check that `unit` is at hand and may be used as `as_face`; returns
    /// the face it acts as.
    pub fn check_use(&self, unit: Unit, as_face: Option<PartyFace>) -> Result<PartyFace, Refusal> {
        let d = self.delve()?;
        let natural = match unit {
            Unit::Die(f) => {
                if d.party.get(f) == 0 {
                    return refuse(PARTY, format!("no active Party die shows a {f}"));
                }
                // Distractions (a Twist card): a Champion die acts as a Thief.
                if f == PartyFace::Champion && d.champions_as_thieves {
                    PartyFace::Thief
                } else {
                    f
                }
            }
            Unit::Treasure(k) => {
                let held = self.s.current().map(|p| p.tokens.get(k)).unwrap_or(0);
                if held == 0 {
                    return refuse(TREASURE, format!("the Adventurer holds no {k} token"));
                }
                match k.acts_as() {
                    Some(f) => f,
                    None => {
                        return refuse(
                            TREASURE,
                            format!("{k} is not used as a Party die: play it with use_treasure"),
                        )
                    }
                }
            }
            Unit::Hero(f) => {
                if !d.hero_units.contains(&f) {
                    return refuse(
                        ULTIMATE,
                        format!("the hero has not joined this level as a {f}"),
                    );
                }
                f
            }
        };
        match as_face {
            None => Ok(natural),
            Some(a) if a == natural => Ok(a),
            Some(a) => {
                let side = self.side()?;
                if side.faces_for(natural).contains(&a) {
                    Ok(a)
                } else {
                    refuse(
                        SPECIALTY,
                        format!(
                            "the {}'s Specialty does not let a {natural} be used as a {a}",
                            side.name
                        ),
                    )
                }
            }
        }
    }

    /// Use a unit: it goes to the Graveyard (or the box) before its effect.
    pub fn spend(&mut self, unit: Unit, as_face: PartyFace) {
        self.emit(Event::UnitSpent { unit, as_face });
    }
}

pub(crate) fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
    let mut c = Ctx {
        s: state.clone(),
        events: Vec::new(),
    };
    match command {
        Command::StartDelve {
            party,
            dungeon,
            seed,
        } => delve::start(&mut c, party, dungeon, *seed)?,
        Command::FormationReroll { party } => delve::formation_reroll(&mut c, party)?,
        Command::Flee => delve::flee(&mut c)?,
        Command::Retire => delve::retire(&mut c)?,
        Command::SeekGlory { dungeon, seed } => delve::seek_glory(&mut c, dungeon, *seed)?,
        Command::Scroll {
            with,
            as_face,
            party,
            dungeon,
        } => monster::scroll(&mut c, *with, *as_face, party, dungeon)?,
        Command::Fight {
            with,
            as_face,
            monster,
            count,
        } => monster::fight(&mut c, *with, *as_face, *monster, *count)?,
        Command::AcceptProposal => monster::accept_proposal(&mut c)?,
        Command::Ultimate {
            monsters,
            revive,
            pay,
            party,
            dungeon,
        } => monster::ultimate(
            &mut c,
            monster::UltimateArgs {
                monsters,
                revive,
                pay,
                party,
                dungeon,
            },
        )?,
        Command::OpenChests {
            with,
            as_face,
            count,
            drawn,
        } => loot::open(&mut c, *with, *as_face, *count, drawn)?,
        Command::Quaff {
            with,
            as_face,
            revive,
        } => loot::quaff(&mut c, *with, *as_face, revive)?,
        Command::SlayDragon { with, drawn } => dragon::slay(&mut c, with, *drawn)?,
        Command::UseTreasure { treasure, revive } => {
            treasure::use_treasure(&mut c, *treasure, *revive)?
        }
        Command::DrawTwist { player, card } => twist::draw(&mut c, *player, card)?,
        Command::PlayTwist {
            player,
            card,
            party,
            dungeon,
        } => twist::play(&mut c, *player, card, party, dungeon)?,
        Command::Trade {
            from,
            to,
            give,
            take,
        } => trade::trade(&mut c, *from, *to, give, take)?,
    }
    Ok(c.events)
}
