//! Into the Dark Dungeon: Silver Mine — the rules engine.
//!
//! Pure and deterministic: dice values and seeds arrive inside commands, so a
//! replayed script always gives the same game. The player lays the dungeon out
//! as cards are revealed; the engine runs the chore the game hands to the
//! players — the dungeon turn, where every enemy walks to the nearest
//! character and attacks — and keeps the rolls, the inventory and the
//! campaign honest.
//!
//! - [`model`]: cards as blocks of squares, cubes, characters, enemies, stash.
//! - [`command`] / [`event`]: the vocabulary (see `docs/replay-itdd.md`).
//! - [`build`]: laying out cards, cubes, enemies; entering at a Gate.
//! - [`turn`]: the dungeon turn (path finding, targeting, attacks).
//! - [`combat`]: opposed rolls, damage, afflictions, defeat.
//! - [`actions`]: the character turn helpers.
//! - [`order`]: whose turn it is; nobody acts in another's turn.
//! - [`town`]: Crossroads Town and the campaign.
//! - [`trade`]: items and coins handed between characters.
//! - [`paths`]: path charges and special powers.
//! - [`quests`]: quest progress, counted from what is played.
//! - [`limits`]: range checks on every number in a command.
//! - [`data`]: the tables, embedded from `data/*.json`.
//! - [`view`] / [`offers`]: what the screen shows and may send now.
//! - [`options`]: what a new game's setup form offers (the modes).

pub mod actions;
pub mod build;
pub mod combat;
pub mod command;
mod ctx;
pub mod data;
pub mod event;
mod evolve;
pub mod grid;
pub mod limits;
pub mod model;
pub mod offers;
pub mod options;
pub mod order;
pub mod paths;
pub mod quests;
pub mod town;
pub mod trade;
pub mod turn;
pub mod view;

pub use command::{Command, Cube, DicePair, DiceSource, Setup, UnlockWith};
pub use event::{Event, TieBreak, Who};
pub use model::{Attributes, Pos, State};

use tw_rules::{Game, Refusal, SplitMix64};

pub struct SilverMine;

impl Game for SilverMine {
    const NAME: &'static str = "silver-mine";
    const CARD_KINDS: &'static [&'static str] = &model::CardKind::NAMES;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn setup(s: &Setup) -> Result<State, Refusal> {
        Ok(State {
            mode: s.mode,
            rng: SplitMix64::new(s.seed),
            cards: vec![],
            characters: vec![],
            enemies: vec![],
            dropped: vec![],
            stashes: Default::default(),
            current: None,
            turn_order: vec![],
            turns_taken: vec![],
            goblins_placed: 0,
            bosses_due: vec![],
            enemies_defeated: 0,
            hero_declared: false,
            dungeon_turns: 0,
        })
    }

    fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
        limits::check(command)?;
        let mut cx = ctx::Ctx::new(state);
        let c = &mut cx;
        match command {
            Command::PlaceCard {
                id,
                kind,
                origin,
                rows,
                explorer,
                lost_map,
            } => build::place_card(c, id, *kind, *origin, rows, explorer.as_deref(), *lost_map),
            Command::PlaceCube { at, cube } => build::place_cube(c, *at, *cube),
            Command::PlaceEnemy {
                id,
                kind,
                name,
                at,
                attrs,
                carries,
            } => build::place_enemy(c, id, *kind, name, *at, *attrs, carries),
            Command::NewCharacter {
                id,
                player,
                name,
                character_type,
                attrs,
                items,
            } => build::new_character(c, id, player, name, *character_type, *attrs, items),
            Command::EnterDungeon { character, at } => build::enter_dungeon(c, character, *at),
            Command::StartTurn { character } => actions::start_turn(c, character),
            Command::Move {
                character,
                path,
                run,
            } => actions::move_character(c, character, path, *run),
            Command::Attack {
                character,
                enemy,
                dice,
                giant_strength,
                reroll,
            } => actions::attack(c, character, enemy, *dice, *giant_strength, *reroll),
            Command::Flee {
                character,
                enemy,
                dice,
            } => actions::flee(c, character, enemy, *dice),
            Command::Loot {
                character,
                at,
                roll,
                reroll,
                with,
                items,
                source,
            } => actions::loot(c, character, *at, *roll, *reroll, *with, items, *source),
            Command::Unlock {
                character,
                at,
                with,
            } => actions::unlock(c, character, *at, *with),
            Command::DisarmTrap { character } => actions::disarm_trap(c, character),
            Command::TriggerTrap {
                character,
                roll,
                source,
            } => actions::trigger_trap(c, character, *roll, *source),
            Command::ShortRest {
                character,
                campfire,
            } => actions::short_rest(c, character, *campfire),
            Command::UseItem { character, index } => actions::use_item(c, character, *index),
            Command::Equip { character, index } => actions::equip(c, character, *index),
            Command::Unequip { character } => actions::unequip(c, character),
            Command::PickUp { character, index } => actions::pick_up(c, character, *index),
            Command::Drop { character, index } => actions::drop_item(c, character, *index),
            Command::Give { from, to, index } => actions::give(c, from, to, *index),
            Command::GiveCoins { from, to, amount } => trade::give_coins(c, from, to, *amount),
            Command::ExitDungeon { character } => actions::exit_dungeon(c, character),
            Command::NewDungeon => actions::new_dungeon(c),
            Command::DungeonTurn {
                seed,
                dice,
                roll_missing,
            } => turn::dungeon_turn(c, *seed, dice, *roll_missing),
            Command::AcceptQuest { character, quest } => town::accept_quest(c, character, quest),
            Command::CompleteQuest {
                character,
                item,
                book,
            } => town::complete_quest(c, character, item.as_ref(), book.as_deref()),
            Command::Buy { character, item } => town::buy(c, character, item),
            Command::Sell { character, index } => town::sell(c, character, *index),
            Command::BuyBook { character, book } => town::buy_book(c, character, book),
            Command::InnRecover { character } => town::inn_recover(c, character),
            Command::InnRumor { character } => town::inn_rumor(c, character),
            Command::ChoosePath {
                character,
                path,
                prerequisite,
                charges,
            } => town::choose_path(c, character, path, *prerequisite, *charges),
            Command::SwitchPath { character, path } => town::switch_path(c, character, path),
            Command::UsePower { character } => paths::use_power(c, character),
            Command::ArenaEnded { defeats } => town::arena_ended(c, defeats),
        }?;
        paths::charge(&mut cx, state);
        quests::track(&mut cx, state, command);
        Ok(cx.events)
    }

    fn evolve(state: &mut State, event: &Event) {
        evolve::evolve(state, event)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn offers(state: &State) -> Vec<tw_rules::Offer> {
        offers::offers(state)
    }

    fn setup_options() -> serde_json::Value {
        options::setup_options()
    }
}
