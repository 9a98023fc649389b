//! Dungeon Fighter: Catacombs of Gloomy Ghosts, as a pure rules engine.
//!
//! The players throw and decide; the engine keeps the books. Commands come
//! from the camera (a [`command::Throw`] carries what it saw: die, face and
//! landing section) or from the players, and are checked against the
//! rulebook before anything changes. See `docs/replay-dungeon-fighter.md`
//! for the command vocabulary.
//!
//! - [`cards`]: card values and the catalogue of cards the rulebook names.
//! - [`data`]: heroes and tables from `data/*.json`.
//! - [`model`]: the state. [`command`] / [`event`]: what goes in and out.
//! - `decide`: the rules; [`evolve`]: applying events. [`scoring`]: end scoring.
//! - [`limits`]: range checks on the numbers in commands, setups and cards.
//! - [`view`]: what the screen shows beside the state, and the commands open now.
//! - [`options`]: what a new game's setup form offers (heroes, party sizes, difficulties).

pub mod cards;
pub mod command;
pub mod data;
mod decide;
pub mod event;
pub mod evolve;
pub mod limits;
pub mod model;
pub mod options;
pub mod scoring;
pub mod view;

pub use command::{Command, Setup, Throw};
pub use event::Event;
pub use model::State;
use tw_rules::{Game, Refusal};

/// The engine, registered as `"dungeon-fighter"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DungeonFighter;

impl Game for DungeonFighter {
    const NAME: &'static str = "dungeon-fighter";
    const CARD_KINDS: &'static [&'static str] = &view::CARD_KINDS;
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn setup(setup: &Setup) -> Result<State, Refusal> {
        decide::setup::setup(setup)
    }

    fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
        decide::decide(state, command)
    }

    fn evolve(state: &mut State, event: &Event) {
        evolve::evolve(state, event)
    }

    fn view(state: &State) -> serde_json::Value {
        view::view(state)
    }

    fn offers(state: &State) -> Vec<tw_rules::Offer> {
        view::offers(state)
    }

    fn setup_options() -> serde_json::Value {
        options::setup_options()
    }
}
