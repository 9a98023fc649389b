//! What a Dungeon Roll screen would show beside the state, derived by the
//! engine: the phase and what it waits for, the level and the dice the
//! next roll takes, the party and dungeon dice, the Dragon, XP and score so
//! far, the treasure, and the hero card's side. Shapes are documented in
//! `docs/replay-dungeon-roll.md`.

use crate::data::{hero, rules};
use crate::faces::DungeonFace;
use crate::helper::propose;
use crate::hero::SpecialtyEffect;
use crate::picks;
use crate::score::score;
use crate::state::{Delve, Stage, State};
use serde_json::{json, Value};

/// What the game waits for now, in one word a screen can switch on:
/// `start_delve`, `monsters`, `dragon`, `loot_or_regroup`, `over`.
pub fn waiting_for(s: &State) -> &'static str {
    match &s.delve {
        None if s.finished.is_some() => "over",
        None => "start_delve",
        Some(d) if d.dungeon.monsters() > 0 => "monsters",
        Some(d) if dragon_awake(d) => "dragon",
        Some(_) => "loot_or_regroup",
    }
}

/// The Dragon appears with enough dice in its Lair (once the monsters are gone).
pub fn dragon_awake(d: &Delve) -> bool {
    d.lair >= d.dragon_lair.unwrap_or(rules().dragon.lair_to_appear)
}

/// Dungeon dice the next level rolls: as many as the level, less those in the Lair.
pub fn dice_for_level(d: &Delve, level: u8) -> u8 {
    level.min(rules().dungeon_dice.saturating_sub(d.lair))
}

/// Every monster gone and no Dragon waiting: the Regroup Phase may begin.
pub fn may_regroup(d: &Delve) -> bool {
    d.dungeon.monsters() == 0 && !dragon_awake(d)
}

pub fn view(s: &State) -> Value {
    let r = rules();
    let side = s.side();
    let card = s.current().and_then(|p| hero(&p.hero));
    json!({
        "rules": {
            "party_dice": r.party_dice,
            "dungeon_dice": r.dungeon_dice,
            "max_level": r.max_level,
            "delves_per_player": r.delves_per_player,
            "dragon_lair_to_appear": r.dragon.lair_to_appear,
            "empty_box_xp": r.empty_box_xp,
        },
        "waiting_for": waiting_for(s),
        "adventurer": s.adventurer,
        "dungeon_lord": s.dungeon_lord(),
        "hero": side.map(|sd| json!({
            "card": card.map(|c| c.id.clone()),
            "side": sd.name,
            "master": s.current().is_some_and(|p| p.master),
            "master_at": card.map(|c| c.master_at),
            "specialty": sd.specialty.text,
            "ultimate": sd.ultimate.name,
            "ultimate_text": sd.ultimate.text,
            "ultimate_used": s.delve.as_ref().is_some_and(|d| d.ultimate_used),
            // Different companion types this side needs against the Dragon.
            "dragon_types": sd.dragon_types(r.dragon.companion_types),
            "reroll_at_formation": sd.has(&SpecialtyEffect::RerollAtFormation),
            "card_name": card.map(|c| format!("{} / {}", c.novice.name, c.master.name)),
        })),
        "delve": s.delve.as_ref().map(|d| delve(s, d)),
        "players": s.players.iter().enumerate().map(|(seat, p)| {
            let sc = score(seat, p);
            json!({
                "seat": seat,
                "name": p.name,
                "hero": p.hero,
                // The side of the player's card now showing, by its name.
                "hero_name": hero(&p.hero).map(|c| c.side(p.master).name.clone()),
                "master": p.master,
                "xp": p.xp,
                "tokens": p.tokens,
                "delves": p.delves,
                "delves_left": r.delves_per_player.saturating_sub(p.delves),
                // The final score if the game ended now (XP + unused tokens + scale pairs).
                "score_so_far": sc.total,
            })
        }).collect::<Vec<_>>(),
        "treasure_box": s.treasure_box,
        "treasure_left": s.treasure_box.total(),
        "finished": s.finished,
        "roll_wanted": picks::roll_wanted(s),
        "faces": picks::faces(),
        "treasure_kinds": picks::treasure_kinds(),
        "twists": s.twists.then(|| twists(s)),
        // The advanced rule: tokens (and Twist cards) may change hands.
        "trading": s.trading && s.finished.is_none(),
    })
}

/// The Twist cards: every card (for entering a draw), each hand, and
/// whether a card may be played now.
fn twists(s: &State) -> Value {
    let card = |id: &str| {
        crate::data::twist(id).map(|c| {
            json!({"id": c.id, "name": c.name, "text": c.text, "needs": c.effect.needs(), "effect": c.effect})
        })
    };
    json!({
        "cards": crate::data::twists().iter().map(|c| card(&c.id)).collect::<Vec<_>>(),
        "playable": s.delve.as_ref().is_some_and(|d| d.stage == Stage::Monster && !d.fought),
        "hands": s.players.iter().enumerate().map(|(seat, p)| json!({
            "seat": seat,
            "name": p.name,
            "cards": p.twists.iter().map(|id| card(id)).collect::<Vec<_>>(),
            "draws_due": p.twist_draws,
        })).collect::<Vec<_>>(),
    })
}

fn delve(s: &State, d: &Delve) -> Value {
    let r = rules();
    let number = s.current().map(|p| p.delves.saturating_add(1));
    let proposal = (d.dungeon.monsters() > 0)
        .then(|| propose(s).ok())
        .flatten();
    json!({
        "number": number,
        "level": d.level,
        "stage": d.stage,
        "party": d.party,
        "party_total": d.party.total(),
        "graveyard": d.graveyard,
        "dungeon": d.dungeon,
        "monsters": d.dungeon.monsters(),
        "chests": d.dungeon.get(DungeonFace::Chest),
        "potions": d.dungeon.get(DungeonFace::Potion),
        "lair": d.lair,
        "dragon_awake": dragon_awake(d),
        // Dice the Lair needs for the Dragon now (a Twist card may change it).
        "dragon_lair_needed": s.dragon_lair_needed(),
        "champions_as_thieves": d.champions_as_thieves,
        "formation_open": d.formation_open,
        "may_regroup": may_regroup(d),
        // Retiring now earns XP equal to the level (p.5); at the last level it is Stuff of Legend.
        "retire_xp": d.level,
        "stuff_of_legend": d.level >= r.max_level,
        "next_level_dice": (d.level < r.max_level).then(|| dice_for_level(d, d.level + 1)),
        "proposal": proposal,
        "loot_over": d.stage > Stage::Loot,
        "units": s.side().map(|sd| picks::units(s, d, sd)),
        "ultimate_inputs": s.side().map(|sd| picks::ultimate_inputs(sd, d)),
        "hero_units": d.hero_units,
        // The Adventurer's tokens played on their own now (Elixir, Ring, Bait, Portal).
        "usable_treasures": s.current().map(|p| p.tokens.0.keys()
            .filter(|k| k.acts_as().is_none() && **k != crate::treasure::TreasureKind::DragonScales)
            .collect::<Vec<_>>()),
    })
}

/// Small tables for the view's and the offers' unit tests.
#[cfg(test)]
pub(crate) mod tests_support {
    use crate::state::{PlayerSetup, Setup, State};
    use crate::{Command, DungeonRoll};
    use serde_json::{json, Value};
    use tw_rules::Game;

    pub(crate) fn game() -> State {
        DungeonRoll::setup(&Setup {
            players: vec![
                PlayerSetup {
                    name: "A".into(),
                    hero: "commander".into(),
                },
                PlayerSetup {
                    name: "B".into(),
                    hero: "bard".into(),
                },
            ],
            first: 0,
            twists: false,
            trading: false,
        })
        .unwrap()
    }

    pub(crate) fn run(s: &mut State, v: Value) {
        let c: Command = serde_json::from_value(v.clone()).unwrap();
        DungeonRoll::execute(s, &c).unwrap_or_else(|e| panic!("{v}: {e}"));
    }

    pub(crate) fn delving() -> State {
        let mut s = game();
        run(
            &mut s,
            json!({"type": "start_delve",
            "party": ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"],
            "dungeon": ["goblin"]}),
        );
        s
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::{delving, game};
    use super::*;

    #[test]
    fn before_the_first_delve_the_game_waits_for_it() {
        let v = view(&game());
        // "7 white Party dice, 7 black Dungeon dice"; "3 delves" each; the level die stops at 10.
        let r = &v["rules"];
        assert_eq!(
            (r["party_dice"].as_u64(), r["dungeon_dice"].as_u64()),
            (Some(7), Some(7))
        );
        assert_eq!(
            (r["delves_per_player"].as_u64(), r["max_level"].as_u64()),
            (Some(3), Some(10))
        );
        // "If 3+ dice are in the Dragon’s Lair, the Dragon appears."
        assert_eq!(r["dragon_lair_to_appear"], 3);
        assert_eq!(v["waiting_for"], "start_delve");
        // The player to the Adventurer's left is the Dungeon Lord.
        assert_eq!(
            (v["adventurer"].as_u64(), v["dungeon_lord"].as_u64()),
            (Some(0), Some(1))
        );
        assert_eq!(v["players"][0]["delves_left"], 3);
        assert_eq!(v["delve"], Value::Null);
        assert_eq!(v["hero"]["dragon_types"], 3);
        // "36 Treasure Tokens", all in the box at the start.
        assert_eq!(v["treasure_left"], 36);
    }

    #[test]
    fn a_delve_shows_its_level_dice_and_what_comes_next() {
        let s = delving();
        let v = view(&s);
        assert_eq!(v["waiting_for"], "monsters");
        let d = &v["delve"];
        assert_eq!(
            (
                d["number"].as_u64(),
                d["level"].as_u64(),
                d["monsters"].as_u64()
            ),
            (Some(1), Some(1), Some(1))
        );
        assert_eq!(d["party"]["fighter"], 2);
        assert_eq!(d["party_total"], 7);
        assert_eq!(d["next_level_dice"], 2);
        assert_eq!(d["may_regroup"], false);
        // The helper finds a fight for the goblin (a Fighter).
        assert_eq!(d["proposal"]["feasible"], true);
    }

    #[test]
    fn the_lair_shortens_the_roll_and_wakes_the_dragon() {
        let mut s = delving();
        let d = s.delve.as_mut().unwrap();
        d.dungeon = Default::default();
        d.lair = 3;
        d.level = 5;
        let v = view(&s);
        // "the Dungeon Lord rolls ... less any dice in the Dragon's Lair": 7 - 3 = 4 for level 6.
        assert_eq!(v["delve"]["next_level_dice"], 4);
        assert_eq!(v["waiting_for"], "dragon");
        assert_eq!(v["delve"]["dragon_awake"], true);
        s.delve.as_mut().unwrap().level = 10;
        s.delve.as_mut().unwrap().lair = 0;
        let v = view(&s);
        assert_eq!(v["delve"]["next_level_dice"], Value::Null);
        assert_eq!(
            (
                v["delve"]["stuff_of_legend"].as_bool(),
                v["delve"]["retire_xp"].as_u64()
            ),
            (Some(true), Some(10))
        );
        assert_eq!(v["waiting_for"], "loot_or_regroup");
    }
}
