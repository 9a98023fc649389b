//! Pocket Dungeon Quest, with the Don't Go Alone expansion: a cooperative
//! tile crawl. Heroes walk the Dungeon Floor Mat, turn up their Circle Of
//! Sight, fight what they find with the Attack Die, and win by finding the
//! three Master Relics and the Exit. This engine keeps the mat, the four
//! piles, Hearts, Inventories, turn order, deaths and resets, and (in a
//! campaign) XP, Keys, Levels and Gear.
//!
//! Pure and deterministic: every die face and every tile turned up arrives
//! inside a command. Rules: `../shared/rules/pocket-dungeon-quest.txt`;
//! the command vocabulary: `docs/replay-pocket-dungeon-quest.md`.
//!
//! # Assumed tables
//! The text lost the pictures holding the tile counts, the Attack Die's
//! faces, and the Henchmen, Red Beholder and Poison tables. The values used
//! are in `data/tiles.json` and `data/dice.json`, marked as assumptions; a
//! player corrects them there, or per game with the setup's `tile_counts`
//! and `tables`.
//!
//! # Readings chosen where the rulebook is silent or garbled
//! - The mat is a grid (10×10 by default). A hero enters from one space
//!   outside an edge, facing an edge space, and sees the (two or three)
//!   mat spaces next to it; then moves one space a turn in any of eight
//!   directions, or stays (`move` to where they stand). A space whose tile
//!   left for a pile is open floor; the Exit and Merchant tiles can be
//!   stood on; face-down tiles and Walls cannot (Walls can with Pegasus).
//! - Every face-down tile of the new Circle Of Sight is revealed with the
//!   move, in the order listed; they are resolved in that order after all
//!   are face up. Any Monster face up in sight after the move is fought,
//!   not only those just revealed.
//! - A Flash or a Skull misses whatever bonuses apply; the Warrior's +1
//!   and an Effect's ±1 add to Swords only. The most recent Effect is spent
//!   on the next attack roll whatever it shows. The Archer's re-roll
//!   replaces the first roll.
//! - Critical Misses: the text's table is garbled; read as Slime: steals an
//!   Item of the hero's choice (to the Discard Pile); Goblin: a random Gem
//!   from the Gem Pile to the Discard Pile; Flayer: the hero loses their
//!   next turn; Minotaur: +1 Heart lost; Skelly Archer: stays and must be
//!   attacked before the hero's next move; the Boss: every living hero
//!   loses 1 Heart, on top of the attacker's Heart. The effects come before
//!   the Heart is lost.
//! - Rogue (Swift Cunning): the turn's one pick-up may come while fighting,
//!   before attacking; it is not a second pick-up.
//! - Wizard (Sharp Mind): two uses a turn. Disarming with the Multi-Tool,
//!   giving an Item and giving a Key each count as a use.
//! - Potion: heals 1 Heart (not above the maximum) and cures Poison.
//! - Bomb: a Monster being fought (then XP, as any defeat), the top of the
//!   Boss's stack (the Boss itself once the stack is gone), or a Wall in
//!   sight (its tile goes to the Discard Pile, the space becomes open).
//! - Teleport / Swap Tiles: a hero moves only to an open space. When the
//!   hero taking the turn moves, tiles that leave their sight go to their
//!   piles. Swap Tiles on a space with a hero works as Teleport.
//! - Foresight: exactly three face-down tiles (fewer if fewer remain);
//!   Traps turned this way harm no one; Effects go to the user; the Boss
//!   starts a Boss Fight.
//! - Confusion: a 2+ Sword roll sends both Monsters to the Monster Pile
//!   without XP.
//! - The Merchant: 30 Gems paid with the least over-payment (no change);
//!   the two tiles revealed are named in the command. Selling (expansion)
//!   reclaims 10 Gems from the Discard Pile.
//! - The Boss Fight: Henchmen chosen are stacked in the order given (the
//!   last on top). During the fight each attack is a hero's turn for the
//!   use limit and the Archer's re-roll; dead heroes are skipped; when the
//!   stack falls the revealer's turn resumes where it stopped, and any hero
//!   who died in it starts the final-turns count then.
//!   A Boss revealed by a hero who dies to a Trap turned up before it is
//!   still fought, by the living.
//! - Death: the remaining heroes each take one final turn (the turn in
//!   progress counts); when the last is over and a hero is still Dead, the
//!   mat is reset (base game) or the campaign is lost. All heroes Dead at
//!   once ends it at once.
//! - Cooldowns: a piece with a cooldown of N rounds used in round r is
//!   usable again from round r + N + 1. Gear without a stated limit is used
//!   at most once a turn.
//! - Quick As A Whip (Adventurer) looks at the first tile revealed by the
//!   turn's move; the discarded tile gives no XP.
//! - Keys are taken as soon as a Key's space is in the hero's sight.
//! - Holy Water cancels the next Critical Miss's own effect (the Heart is
//!   still lost); the Shield (name lost in the text) saves the next Heart;
//!   a Boomerang's stunned Monster ignores one miss (no Heart, no effect,
//!   no running off).
//! - The Boss Fight's attacks do not count as turns for rounds, cooldowns,
//!   Flayers' lost turns or the final turns.
//! - A reset outside a campaign keeps XP, Keys, Levels and Gear (they carry
//!   no further there); in a campaign there is no reset: the campaign is lost.
//!
//! - Gear used on another hero's turn (Holy Water, the Harp, Bow & Arrow)
//!   names its user in `use_gear`'s `by`; other Gear is refused there.
//! - Bow & Arrow: a Monster face up outside the shooter's Circle Of Sight;
//!   the shooter's own attack roll (Brute Strength and Effects count, no
//!   re-roll); a hit is the shooter's XP; a miss leaves the Monster to be
//!   fought as before; a Critical Miss's own effect falls on the shooter
//!   (a Minotaur's extra Heart included, a Skelly Archer's is nothing more).
//! - Holy Water on another hero's turn goes by default to the hero taking
//!   it; a hero still holding Holy Water is not given more.
//! - Harp: a sleeping Monster is not fought and pins no one; it wakes when
//!   the seat whose turn it was played on comes round the next round; then
//!   the heroes who see it attack it before moving, else it goes to the
//!   Monster Pile without XP.
//! - Grapple Shot: an Item or Spell face up, not the turn's pick-up; the
//!   held tile goes into the Inventory with `stow` when there is room, and
//!   to the Merchant Pile at death.
//! - Spell Tome: `memorize` moves a held Spell into it (not a use); `tome`
//!   casts one (kept). Every cast starts the 2-round cooldown, own turn or
//!   another's, which is what keeps to one cast. On another Hero's turn
//!   the Spell works as that Hero's cast (their sight, their fight) but is
//!   not their use.
//! - Bed Roll: instead of the move, one step to open floor, and the turn
//!   passes; the next turn `wake_up` turns up 1 tile of the Circle Of Sight
//!   instead of moving; 1 Heart back unless it is a Monster, a Trap
//!   (disarmed too) or the Boss; none left face down in sight: a rest.
//!
//! # Not implemented
//! The Winged Shrieking Eel is a plain Monster. (A Bow & Arrow shot takes
//! no re-roll by the rules: Eagle Eye Vision re-rolls on the Archer's own
//! turn, the Bow is used on another's.)

pub mod board_view;
pub mod command;
pub mod data;
mod decide;
pub mod event;
pub mod offers;
pub mod options;
pub mod setup;
pub mod state;
pub mod tile;
mod use_offers;
pub mod view;

pub use command::{Command, Reveal};
pub use event::Event;
pub use setup::Setup;
pub use state::{Cell, Outcome, State, Step};
pub use tile::{Gear, HeroKind, Pile, Pos, TileKind};

use tw_rules::{Game, Refusal};

/// The Pocket Dungeon Quest rules engine.
pub struct PocketDungeonQuest;

impl Game for PocketDungeonQuest {
    const NAME: &'static str = "pocket-dungeon-quest";
    type Setup = Setup;
    type State = State;
    type Command = Command;
    type Event = Event;

    fn setup(setup: &Setup) -> Result<State, Refusal> {
        setup::setup(setup)
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
