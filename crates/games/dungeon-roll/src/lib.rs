//! Dungeon Roll: a press-your-luck delve with Party and Dungeon dice. This
//! engine keeps the party, the Graveyard, the Dragon's Lair, the treasure
//! box, each hero card and the XP, checks every use of a die against the
//! companion table and scores the end of the game.
//!
//! Pure and deterministic: every die face and every token drawn arrives
//! inside a command. Rules: `../shared/rules/dungeon-roll.txt`; command
//! vocabulary: `docs/replay-dungeon-roll.md`.
//!
//! - [`faces`]: die faces and dice counted by face.
//! - [`table`]: the companion table (what defeats and opens what).
//! - [`treasure`], [`hero`]: tokens, hero cards and their ability words;
//!   [`twist`]: the optional Twist cards.
//! - [`data`]: the embedded `data/*.json`.
//! - [`state`], [`command`], [`event`]: the engine's data.
//! - `decide`: what each command does, one module per phase.
//! - [`helper`]: the Monster Phase helper and its proposal.
//! - `roll`: faces the app rolls from a seed the command carries.
//! - [`score`]: final score and tiebreak.
//! - [`view`] / [`offers`]: what a screen shows and may send now;
//!   [`picks`]: what its pickers list (units, faces, tokens, the roll awaited);
//!   [`options`]: what a new game's setup form offers (hero cards, seats).
//!
//! # Readings where the rules text is silent or ambiguous
//!
//! Each is the one a player at the table would take, and each has a test.
//!
//! - **Hero cards.** The text names the cards but not their abilities; the
//!   sides in `data/heroes.json` follow the published cards as closely as
//!   the ability words allow (marked there). The Scout, named in the FAQ,
//!   is included. Every card flips at 5 XP (its `master_at`).
//! - **Ultimate in the Monster Phase only**, as the FAQ says; Specialties
//!   apply whenever a die is used.
//! - **Stages only go forward.** Opening a chest or quaffing ends the
//!   Monster Phase (no more Scrolls or Ultimate this level); fighting the
//!   Dragon ends the Loot Phase.
//! - **A Potion quaffed** revives as many dice as there are Potions, capped
//!   by the Graveyard, and the quaffing die is already in the Graveyard, so
//!   it can come back. Every possible revival must be named.
//! - **An empty box.** A chest gives 1 XP instead of a token; the Dragon's
//!   token is read the same way (1 XP) when the box is empty.
//! - **Fleeing** loses the level's XP (the retire XP) but keeps tokens and
//!   XP already taken this delve (dragon, empty-box chests).
//! - **A token acting as a die** is back in the box before its effect,
//!   as a die is in the Graveyard ("Used dice go to the Graveyard before
//!   effect resolution"): the chests it opens and the Dragon it fights
//!   may draw that very token back.
//! - **Town Portal** may be used with monsters standing ("any time"), and
//!   ends the delve with XP equal to the level.
//! - **Dragon Bait** is only ever the Adventurer's: the engine plays
//!   tokens for the player whose delve it is (the FAQ's own-turn ruling).
//! - **Dragon Scales** score 1 each as unused tokens plus 2 per pair.
//! - **Dice in the Lair** stay there between levels of a delve and leave
//!   the roll short: a level rolls min(level, 7 − Lair) dice.
//! - **Scrolls** cannot reroll themselves (spent first) nor the Lair.
//! - **A Scroll after a fight.** The Monster Phase's a) Scrolls, b) hero
//!   ability, c) fight are a list: the text says neither "in order" nor
//!   "first", while the Twist cards do say "before fighting monsters". So a
//!   Scroll (and the Ultimate) stay open until the Monster Phase ends.
//! - **Twist cards** (optional, `twists` in the setup): see [`twist`].
//! - **Trading** (the advanced rule, `trading` in the setup): tokens and
//!   Twist cards change hands at any time until the game ends (`trade`;
//!   readings in the `decide::trade` module).

pub mod command;
pub mod data;
mod decide;
pub mod event;
pub mod faces;
pub mod helper;
pub mod hero;
pub mod offers;
pub mod options;
pub mod picks;
mod roll;
pub mod score;
pub mod state;
pub mod table;
pub mod treasure;
pub mod twist;
pub mod view;

pub use command::{Command, Goods, Reroll, Unit, Use};
pub use event::Event;
pub use faces::{DungeonDice, DungeonFace, PartyDice, PartyFace};
pub use helper::{plan, propose, Assignment, Proposal};
pub use state::{Setup, Stage, State};
pub use treasure::{Tokens, TreasureKind};

use data::{hero, rules};
use state::Player;
use tw_rules::{Game, Refusal};

/// The Dungeon Roll rules engine.
pub struct DungeonRoll;

impl Game for DungeonRoll {
    const NAME: &'static str = "dungeon-roll";
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn setup(setup: &Setup) -> Result<State, Refusal> {
        let r = rules();
        let n = setup.players.len();
        if n < r.players.min || n > r.players.max {
            return Err(Refusal::new(
                "Setup",
                format!(
                    "Dungeon Roll is for {} to {} players, not {n}",
                    r.players.min, r.players.max
                ),
            ));
        }
        let mut players = Vec::with_capacity(n);
        for (i, p) in setup.players.iter().enumerate() {
            if hero(&p.hero).is_none() {
                let ids: Vec<&str> = data::heroes().iter().map(|h| h.id.as_str()).collect();
                return Err(Refusal::new(
                    "Setup",
                    format!(
                        "players[{i}].hero: no hero card {:?} (cards: {})",
                        p.hero,
                        ids.join(", ")
                    ),
                ));
            }
            if setup.players[..i].iter().any(|q| q.hero == p.hero) {
                return Err(Refusal::new(
                    "Setup",
                    format!("players[{i}].hero: the {} card is already dealt", p.hero),
                ));
            }
            players.push(Player {
                name: p.name.clone(),
                hero: p.hero.clone(),
                master: false,
                xp: 0,
                tokens: Tokens::default(),
                delves: 0,
                twists: Vec::new(),
                twist_draws: if setup.twists { r.twists_at_start } else { 0 },
            });
        }
        if setup.first >= n {
            return Err(Refusal::new(
                "Setup",
                format!("first: seat {} does not exist ({n} players)", setup.first),
            ));
        }
        Ok(State {
            players,
            treasure_box: Tokens::full_box(),
            adventurer: setup.first,
            delve: None,
            finished: None,
            twists: setup.twists,
            trading: setup.trading,
        })
    }

    fn decide(state: &State, command: &Command) -> Result<Vec<Event>, Refusal> {
        decide::decide(state, command)
    }

    fn evolve(state: &mut State, event: &Event) {
        event::evolve(state, event)
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
