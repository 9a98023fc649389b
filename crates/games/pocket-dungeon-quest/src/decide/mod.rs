//! What each command does. Every command runs on a scratch copy of the
//! state ([`Ctx`]): each event is folded into it as it is emitted, so later
//! steps see earlier ones, and only the event list leaves.
//!
//! By part of the rulebook: `turn` (moving, revealing, resolving, ending a
//! turn), `combat` (Roll To Hit, Critical Misses), `boss` (the Boss Fight),
//! `death` (Hearts, Death, the final turns, the reset), `items`, `spells`,
//! `merchant`, and `campaign` (the expansion: Poison, Keys, Levels, Gear).

mod boss;
mod campaign;
mod combat;
mod death;
mod items;
mod merchant;
mod spells;
mod turn;

pub(crate) use turn::walkable;

use crate::command::Command;
use crate::event::{evolve, Event};
use crate::state::{Outcome, State};
use crate::tile::{HeroKind, Pos, TileKind};
use tw_rules::Refusal;

pub(crate) struct Ctx {
    pub s: State,
    pub events: Vec<Event>,
    /// A Spell cast from the Spell Tome of this hero (not from an Inventory).
    pub tome: Option<HeroKind>,
}

impl Ctx {
    pub fn emit(&mut self, e: Event) {
        evolve(&mut self.s, &e);
        self.events.push(e);
    }
    /// The hero whose turn it is, alive.
    pub fn me(&self) -> Result<HeroKind, Refusal> {
        let h = self
            .s
            .current()
            .ok_or_else(|| Refusal::new("Taking Turns", "no hero is taking a turn"))?;
        if h.dead {
            return Err(Refusal::new(
                "Death",
                format!("{} is Dead and takes no turn", h.kind),
            ));
        }
        Ok(h.kind)
    }
    pub fn alive(&self, k: HeroKind) -> Result<(), Refusal> {
        match self.s.hero(k) {
            None => Err(Refusal::new("Setup", format!("{k} is not playing"))),
            Some(h) if h.dead => Err(Refusal::new("Death", format!("{k} is Dead"))),
            Some(_) => Ok(()),
        }
    }
    pub fn no_boss_fight(&self, what: &str) -> Result<(), Refusal> {
        if self.s.boss.is_some() {
            return Err(Refusal::new(
                "Boss Fight",
                format!("the Boss Fight is on: finish it before {what}"),
            ));
        }
        Ok(())
    }
    pub fn on_mat(&self, p: Pos, field: &str) -> Result<(), Refusal> {
        if !self.s.in_mat(p) {
            return Err(Refusal::new(
                "Dungeon",
                format!("{field}: {p} is off the Dungeon Floor Mat"),
            ));
        }
        Ok(())
    }
    /// Tiles of `k` left face down, counting those already named in this command.
    pub fn check_available(&self, k: TileKind, already: u32) -> Result<(), Refusal> {
        if self.s.unrevealed(k) <= already {
            return Err(Refusal::new(
                "Tile list",
                format!(
                    "the mat holds {} {k} tile(s) and all are already face up: check the tile (or correct the counts in data/tiles.json or the setup's tile_counts)",
                    self.s.rules.count(k)
                ),
            ));
        }
        Ok(())
    }
}

pub fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
    let mut ctx = Ctx {
        s: state.clone(),
        events: Vec::new(),
        tome: None,
    };
    match state.outcome {
        Some(Outcome::CampaignLost) => {
            return Err(Refusal::new("Sessions", "a session was lost, and the campaign with it"))
        }
        Some(Outcome::CampaignWon) => {
            return Err(Refusal::new("The Goal", "every hero reached Level 3: the campaign is won"))
        }
        Some(Outcome::SessionWon) if !matches!(command, Command::NextSession) => {
            return Err(Refusal::new(
                "The Goal",
                "all 3 Master Relics and the Exit are found: the game is won (in a campaign, start the next session)",
            ))
        }
        _ => {}
    }
    dispatch(&mut ctx, command)?;
    turn::finish(&mut ctx);
    Ok(ctx.events)
}

/// One command's rule, on the scratch state.
pub(crate) fn dispatch(ctx: &mut Ctx, command: &Command) -> Result<(), Refusal> {
    match command {
        Command::Move { to, reveal } => turn::move_hero(ctx, *to, reveal)?,
        Command::EndTurn => turn::end_turn(ctx)?,
        Command::Take { at, put_back } => items::take(ctx, *at, *put_back)?,
        Command::Attack {
            target,
            roll,
            reroll,
            second,
            steal,
            gem,
        } => combat::attack(ctx, *target, roll, reroll.as_deref(), *second, *steal, *gem)?,
        Command::Henchmen { roll, chosen } => boss::henchmen(ctx, roll, chosen)?,
        Command::BossSearch { at, tile } => boss::boss_search(ctx, *at, *tile)?,
        Command::Potion { hero } => items::potion(ctx, *hero)?,
        Command::Bomb { at } => items::bomb(ctx, *at)?,
        Command::Teleport { hero, to, monster } => spells::teleport(ctx, *hero, *to, *monster)?,
        Command::SwapTiles { a, b, reveal } => spells::swap_tiles(ctx, *a, *b, reveal)?,
        Command::ExtraMove => spells::extra_move(ctx)?,
        Command::Foresight { reveal } => spells::foresight(ctx, reveal)?,
        Command::PhoenixFeather { hero } => spells::phoenix(ctx, *hero)?,
        Command::Confusion { a, b, roll } => spells::confusion(ctx, *a, *b, roll)?,
        Command::Give { item, to } => items::give(ctx, *item, *to)?,
        Command::GiveKey { to } => campaign::give_key(ctx, *to)?,
        Command::Buy {
            drawn,
            keep,
            put_back,
        } => merchant::buy(ctx, drawn, *keep, *put_back)?,
        Command::Sell { item } => merchant::sell(ctx, *item)?,
        Command::PoisonRoll { roll } => campaign::poison_roll(ctx, roll)?,
        Command::LevelUp { gear } => campaign::level_up(ctx, *gear)?,
        Command::UseGear {
            gear,
            at,
            hero,
            take,
            by,
            roll,
            steal,
            gem,
        } => campaign::use_gear(
            ctx,
            campaign::GearUse {
                gear: *gear,
                at: *at,
                hero: *hero,
                take: *take,
                by: *by,
                roll: roll.clone(),
                steal: *steal,
                gem: *gem,
            },
        )?,
        Command::Stow => campaign::stow(ctx)?,
        Command::WakeUp {
            at,
            tile,
            disarm,
            saves,
        } => campaign::wake_up(ctx, *at, *tile, *disarm, saves)?,
        Command::Memorize { spell } => campaign::memorize(ctx, *spell)?,
        Command::Tome { by, cast } => campaign::tome(ctx, *by, cast)?,
        Command::NextSession => campaign::next_session(ctx)?,
    }
    Ok(())
}
