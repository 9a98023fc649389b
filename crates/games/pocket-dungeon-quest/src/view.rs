//! What a Pocket Dungeon Quest screen would show beside the state, derived
//! by the engine: whose turn and what it waits for, each hero's Hearts,
//! Inventory room, XP, Keys, Level and Gear (with what the next Level
//! costs), the Monsters to fight now, the Relics still to find, the piles,
//! and the Boss Fight's stage. Shapes are in `docs/replay-pocket-dungeon-quest.md`.

use crate::board_view;
use crate::state::{BossStage, Hero, State, Step};
use serde_json::{json, Value};

/// What the game waits for, one word a screen can switch on: `move`
/// (also: stay), `wake_up` (after the Bed Roll), `poison_roll`, `attack` (the Skelly Archer that stayed,
/// or the Monsters in sight), `loot_or_end_turn`, `henchmen`,
/// `boss_search`, `boss_attack`, `next_session`, `over`.
pub fn waiting_for(s: &State) -> &'static str {
    if s.game_over() {
        return "over";
    }
    if s.outcome.is_some() {
        return "next_session";
    }
    if let Some(b) = &s.boss {
        return match b.stage {
            BossStage::Henchmen => "henchmen",
            BossStage::Search { .. } => "boss_search",
            BossStage::Fight { .. } => "boss_attack",
        };
    }
    let Some(h) = s.current() else { return "over" };
    match s.turn.step {
        Step::Start if h.poisoned && !s.turn.poison_rolled => "poison_roll",
        Step::Start if !h.pinned.is_empty() => "attack",
        Step::Start if h.resting => "wake_up",
        Step::Start => "move",
        Step::Fighting => "attack",
        Step::Looting => "loot_or_end_turn",
    }
}

/// The next Level's price in XP and Keys, null at the last Level.
fn next_level(s: &State, h: &Hero) -> Value {
    s.rules
        .numbers
        .levels
        .get(h.level as usize)
        .map(|l| json!({"level": h.level + 1, "xp": l.xp, "keys": l.keys}))
        .unwrap_or(Value::Null)
}

/// Enough XP and Keys for the next Level (the expansion's rule).
pub fn can_level_up(s: &State, h: &Hero) -> bool {
    s.expansion
        && !h.dead
        && s.rules
            .numbers
            .levels
            .get(h.level as usize)
            .is_some_and(|l| h.xp >= l.xp && h.keys >= l.keys)
}

fn hero(s: &State, h: &Hero) -> Value {
    let mut v = json!({
        "hero": h.kind,
        "pos": h.pos,
        "hearts": h.hearts,
        "max_hearts": h.max_hearts,
        "dead": h.dead,
        "inventory": h.inventory,
        "inventory_limit": s.inventory_limit(h.kind),
        "poisoned": h.poisoned,
        "skip_next_turn": h.skip_next_turn,
        "xp": h.xp,
        "keys": h.keys,
        "level": h.level,
        "gear": h.gear,
        // Levels come with the expansion (a campaign implies it).
        "next_level": if s.expansion { next_level(s, h) } else { Value::Null },
        "can_level_up": can_level_up(s, h),
        // Uses of an Item or Spell a turn (the Wizard casts twice).
        "uses_per_turn": s.use_limit(h.kind),
        // Sword / Broken Sword waiting for the next roll, most recent last.
        "effects": h.effects,
        // Eagle Eye Vision (the Archer, or an Archer Cap): may re-roll an attack.
        "rerolls": s.has_ability(h.kind, crate::tile::HeroKind::Archer),
        // Holds a Multi-Tool: a Trap turned up may be disarmed (a use).
        "disarms": h.inventory.contains(&crate::tile::TileKind::MultiTool),
        "pinned": h.pinned,
        "holy_water": h.holy_water,
        "shield": h.shield,
        // Gear cooling down: the round from which it may be used again.
        "cooldowns": h.gear_ready.iter()
            .filter(|(_, r)| **r > s.round)
            .map(|(g, r)| (g.name(), json!(r)))
            .collect::<serde_json::Map<String, Value>>(),
    });
    // Present only while the Grapple Shot holds a tile (Item or Spell).
    if let Some(t) = h.grappled {
        v["grappled"] = json!(t);
    }
    // Present only while resting on the Bed Roll.
    if h.resting {
        v["resting"] = json!(true);
    }
    v
}

pub fn view(s: &State) -> Value {
    let n = &s.rules.numbers;
    let mut v = json!({
        "rules": {
            "hearts": n.hearts,
            "hit_swords": n.hit_swords,
            "merchant_price": n.merchant_price,
            "sell_price": n.sell_price,
            "max_gear": n.max_gear,
            "relics_needed": s.relics_needed(),
            "foresight_tiles": crate::tile::FORESIGHT_TILES,
            "merchant_draws": crate::tile::MERCHANT_DRAWS,
        },
        "waiting_for": waiting_for(s),
        "turn": {
            "hero": s.turn.hero,
            "step": s.turn.step,
            "round": s.round,
            "uses": s.turn.uses,
        },
        "heroes": s.heroes.iter().map(|h| hero(s, h)).collect::<Vec<_>>(),
        "to_fight": if s.boss.is_none() { s.to_fight() } else { Vec::new() },
        "relics_found": s.relics.len(),
        "exit_found": s.exit_found,
        "merchant_open": s.merchant_open,
        "gem_pile": s.piles.gem_total(),
        "piles": {
            "discard": s.piles.discard.len(),
            "monster": s.piles.monster.len(),
            "gem": s.piles.gem.len(),
            "merchant": s.piles.merchant.len(),
        },
        "hidden_tiles": s.hidden_cells().len(),
        "boss": s.boss.as_ref().map(|b| json!({
            "at": b.at,
            "stage": b.stage,
            "stack_left": b.stack.len(),
            // Henchmen on the Boss, the top (fought next) last.
            "stack": b.stack,
            "revealer": b.revealer,
        })),
        "last_turns": s.last_turns,
        "campaign_session": s.campaign,
        "outcome": s.outcome,
        "mat": board_view::mat(s),
        "moves": board_view::moves(s),
        "unrevealed": board_view::unrevealed(s),
        // The Circle of Sight of the hero whose turn it is (Swap Tiles turns
        // up a face-down tile swapped into it).
        "sight": s.current().and_then(|h| h.pos).map(|p| s.sight(p)).unwrap_or_default(),
        "camera_target": board_view::camera_target(s),
        // Kinds in the Merchant Pile, for the two tiles a purchase turns up.
        "merchant_pile": distinct(&s.piles.merchant),
        // The Monster Pile as it lies (Henchmen are chosen from it), and how
        // many Henchmen each face of the Henchmen roll calls.
        "monster_pile": s.piles.monster,
        "henchmen_called": s.rules.dice.henchmen,
        "die_faces": board_view::die_faces(s),
        "words": board_view::words(s),
    });
    // Present only while the Harp keeps Monsters asleep: each one's space,
    // the Monster, and the round it wakes in.
    if !s.sleeping.is_empty() {
        v["sleeping"] = s
            .sleeping
            .iter()
            .map(|z| json!({"at": z.at, "monster": z.monster, "wakes_in_round": z.round.saturating_add(1)}))
            .collect();
    }
    v
}

/// Each kind once, in the order first met.
fn distinct(tiles: &[crate::tile::TileKind]) -> Vec<crate::tile::TileKind> {
    let mut out = Vec::new();
    for t in tiles {
        if !out.contains(t) {
            out.push(*t);
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests_support {
    use crate::state::State;
    use crate::tile::HeroKind;
    use crate::PocketDungeonQuest;
    use crate::Setup;
    use tw_rules::Game;

    pub(crate) fn game(campaign: bool) -> State {
        PocketDungeonQuest::setup(&Setup {
            heroes: vec![HeroKind::Warrior, HeroKind::Wizard],
            campaign: campaign.then_some(1),
            ..Setup::default()
        })
        .unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::game;
    use super::*;
    use crate::tile::HeroKind;

    #[test]
    fn a_new_game_waits_for_the_first_hero_to_enter() {
        let s = game(false);
        let v = view(&s);
        assert_eq!(v["waiting_for"], "move");
        // "Each player takes a Hero and three Hearts"; the Inventory holds 2
        // (the Big Bag: "Your Inventory limit is now three").
        assert_eq!(v["rules"]["hearts"], 3);
        assert_eq!(v["heroes"][0]["hearts"], 3);
        assert_eq!(v["heroes"][0]["inventory_limit"], 2);
        // "find the three Master Relics and the Exit" (test counts aside, the shipped tiles).
        assert_eq!(v["rules"]["relics_needed"], 3);
        assert_eq!(v["relics_found"], 0);
        // The Wizard: "You may use TWO Spells/Items per turn"; the Warrior one.
        assert_eq!(
            (
                v["heroes"][0]["uses_per_turn"].as_u64(),
                v["heroes"][1]["uses_per_turn"].as_u64()
            ),
            (Some(1), Some(2))
        );
        // No campaign: no Levels to buy.
        assert_eq!(v["heroes"][0]["next_level"], Value::Null);
        assert_eq!(v["hidden_tiles"], 100, "the 10×10 mat, all face down");
        // Foresight: "turn up three face-down tiles".
        assert_eq!(v["rules"]["foresight_tiles"], 3);
        // The Merchant: a purchase turns up two tiles and keeps one.
        assert_eq!(v["rules"]["merchant_draws"], 2);
    }

    #[test]
    fn a_campaign_hero_sees_the_next_levels_price() {
        let mut s = game(true);
        let v = view(&s);
        // "LEVEL 1 3 XP and 1 Key".
        assert_eq!(
            v["heroes"][0]["next_level"],
            json!({"level": 1, "xp": 3, "keys": 1})
        );
        assert_eq!(v["heroes"][0]["can_level_up"], false);
        let h = s.hero_mut(HeroKind::Warrior).unwrap();
        h.xp = 3;
        h.keys = 1;
        assert_eq!(view(&s)["heroes"][0]["can_level_up"], true);
    }

    #[test]
    fn poison_comes_before_the_move() {
        let mut s = game(false);
        s.hero_mut(HeroKind::Warrior).unwrap().poisoned = true;
        assert_eq!(waiting_for(&s), "poison_roll");
        s.turn.poison_rolled = true;
        assert_eq!(waiting_for(&s), "move");
    }
}
