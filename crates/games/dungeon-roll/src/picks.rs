//! What a screen's pickers list, so no rule lives in the screen: the faces
//! with their names, the treasure tokens, the units at hand (what each may
//! be used as and what it would do now), what the Ultimate asks for, and
//! the roll the game waits for. Part of [`crate::view`].

use crate::command::Unit;
use crate::data::{rules, treasures};
use crate::faces::{DungeonFace, PartyFace};
use crate::hero::{Side, UltimateEffect};
use crate::state::{Delve, State};
use crate::table::{defeats, opens};
use crate::treasure::TreasureKind;
use crate::view::{dice_for_level, may_regroup};
use serde_json::{json, Value};

/// Every face of both dice with its name; Party faces say whether they are
/// companions (the Scroll is not), Dungeon faces whether they are monsters.
pub fn faces() -> Value {
    json!({
        "party": PartyFace::ALL.iter().map(|f| json!({"face": f, "name": f.name(), "companion": f.is_companion()})).collect::<Vec<_>>(),
        "dungeon": DungeonFace::ALL.iter().map(|f| json!({"face": f, "name": f.name(), "monster": f.is_monster()})).collect::<Vec<_>>(),
    })
}

/// The token kinds: name, what it does, whether it stands in for a Party
/// die (`acts_as`) or is played on its own (`own_effect`, with `use_treasure`).
pub fn treasure_kinds() -> Value {
    Value::Array(
        treasures()
            .iter()
            .map(|t| {
                let own = t.acts_as.is_none() && t.kind != TreasureKind::DragonScales;
                json!({
                    "kind": t.kind,
                    "name": t.name,
                    "text": t.text,
                    "acts_as": t.acts_as,
                    "own_effect": own,
                    // The Elixir names the face of the die it revives.
                    "revives": t.kind == TreasureKind::Potion,
                })
            })
            .collect(),
    )
}

/// The roll the game waits for, if any: a new delve's Party and Dungeon
/// dice, or the next level's Dungeon dice.
pub fn roll_wanted(s: &State) -> Value {
    let r = rules();
    match &s.delve {
        None if s.finished.is_none() => json!({
            "kind": "start_delve",
            "party": r.party_dice,
            "dungeon": 1u8.min(r.dungeon_dice),
        }),
        Some(d) if may_regroup(d) && d.level < r.max_level => json!({
            "kind": "seek_glory",
            "party": 0,
            "dungeon": dice_for_level(d, d.level + 1),
        }),
        _ => Value::Null,
    }
}

/// The units the Adventurer may use now: dice showing each face, companion
/// tokens held, the hero's companions; each with its name, the faces it
/// may be used as, the monsters each face defeats now, the chests it opens
/// (and tokens it draws) and the dice a quaff with it revives.
pub fn units(s: &State, d: &Delve, side: &Side) -> Value {
    let mut out = Vec::new();
    let box_left = s.treasure_box.total();
    let potions = d.dungeon.get(DungeonFace::Potion);
    let chests = d.dungeon.get(DungeonFace::Chest);
    let mut push = |unit: Unit, natural: PartyFace, count: u8, name: String| {
        let faces = side.faces_for(natural);
        let fights: Vec<Value> = faces
            .iter()
            .flat_map(|f| {
                DungeonFace::MONSTERS.iter().filter_map(move |m| {
                    defeats(*f, *m, d.dungeon.get(*m))
                        .map(|n| json!({"as": f, "monster": m, "defeats": n}))
                })
            })
            .collect();
        let opened = faces
            .iter()
            .filter_map(|f| opens(*f, chests))
            .max()
            .unwrap_or(0);
        // Quaffing sends a die to the Graveyard first, so it can come back.
        let grave = d
            .graveyard
            .saturating_add(u8::from(matches!(unit, Unit::Die(_))));
        // A token is back in the box before its chests are drawn for.
        let drawable = box_left.saturating_add(u16::from(matches!(unit, Unit::Treasure(_))));
        out.push(json!({
            "with": unit,
            "name": name,
            "count": count,
            "as": faces,
            "fights": fights,
            "opens": opened,
            "draws": (opened as u16).min(drawable),
            "quaff_revives": potions.min(grave),
        }));
    };
    for f in PartyFace::ALL {
        let n = d.party.get(f);
        if n > 0 {
            // Distractions (a Twist card): a Champion die acts as a Thief.
            let acts = if f == PartyFace::Champion && d.champions_as_thieves {
                PartyFace::Thief
            } else {
                f
            };
            push(Unit::Die(f), acts, n, format!("{f} die"));
        }
    }
    for f in PartyFace::ALL {
        let n = d.hero_units.iter().filter(|h| **h == f).count() as u8;
        if n > 0 {
            push(Unit::Hero(f), f, n, format!("the hero as a {f}"));
        }
    }
    if let Some(p) = s.current() {
        for k in TreasureKind::ALL {
            if let (Some(f), n) = (k.acts_as(), p.tokens.get(k)) {
                if n > 0 {
                    push(Unit::Treasure(k), f, n, k.name().to_string());
                }
            }
        }
    }
    Value::Array(out)
}

/// What the Ultimate needs filled in: how many monsters to name (at most),
/// faces to revive (at most), tokens to pay (exactly), or dice to reroll.
pub fn ultimate_inputs(side: &Side, d: &Delve) -> Value {
    match &side.ultimate.effect {
        UltimateEffect::DefeatMonsters { count } | UltimateEffect::MonstersToPotions { count } => {
            json!({"monsters": count})
        }
        UltimateEffect::Revive { count } => json!({"revive": (*count).min(d.graveyard)}),
        UltimateEffect::DiscardDungeon { cost_treasure } => json!({"pay": cost_treasure}),
        UltimateEffect::RerollAll => json!({"reroll": true}),
        _ => json!({}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::tests_support::{delving, game, run};
    use crate::DungeonFace;
    use serde_json::json;

    #[test]
    fn the_roll_awaited_is_a_delve_or_the_next_level_and_the_lair_shortens_it() {
        let s = game();
        assert_eq!(
            roll_wanted(&s),
            json!({"kind": "start_delve", "party": 7, "dungeon": 1})
        );
        let mut s = delving();
        assert_eq!(
            roll_wanted(&s),
            Value::Null,
            "monsters stand: no roll is due"
        );
        run(&mut s, json!({"type": "accept_proposal"}));
        assert_eq!(
            roll_wanted(&s),
            json!({"kind": "seek_glory", "party": 0, "dungeon": 2})
        );
        s.delve.as_mut().unwrap().lair = 2;
        s.delve.as_mut().unwrap().level = 6;
        // Level 7 would roll 7 dice, but 2 lie in the Lair.
        assert_eq!(
            roll_wanted(&s),
            json!({"kind": "seek_glory", "party": 0, "dungeon": 5})
        );
        s.delve.as_mut().unwrap().lair = 3;
        assert_eq!(roll_wanted(&s), Value::Null, "the Dragon comes first");
        s.delve.as_mut().unwrap().lair = 0;
        s.delve.as_mut().unwrap().level = 10;
        assert_eq!(
            roll_wanted(&s),
            Value::Null,
            "at level 10 the Adventurer retires"
        );
    }

    #[test]
    fn units_say_what_each_may_act_as_defeat_open_and_revive() {
        let mut s = delving();
        // A Crusader's Fighters may be used as Clerics.
        s.players[0].hero = "paladin".into();
        let d = s.delve.as_mut().unwrap();
        d.dungeon.add(DungeonFace::Skeleton, 2);
        d.dungeon.add(DungeonFace::Potion, 2);
        d.graveyard = 1;
        s.players[0].tokens.add(TreasureKind::Talisman, 1);
        let side = s.side().unwrap();
        let v = units(&s, s.delve.as_ref().unwrap(), side);
        let unit = |w: Value| {
            v.as_array()
                .unwrap()
                .iter()
                .find(|u| u["with"] == w)
                .cloned()
                .unwrap()
        };
        let fighter = unit(json!({"die": "fighter"}));
        assert_eq!(fighter["as"], json!(["fighter", "cleric"]));
        assert!(fighter["fights"]
            .as_array()
            .unwrap()
            .contains(&json!({"as": "cleric", "monster": "skeleton", "defeats": 2})));
        assert!(fighter["fights"]
            .as_array()
            .unwrap()
            .contains(&json!({"as": "fighter", "monster": "skeleton", "defeats": 1})));
        // A die quaffing goes to the Graveyard first and may come back; a token does not.
        assert_eq!(fighter["quaff_revives"], 2);
        let talisman = unit(json!({"treasure": "talisman"}));
        assert_eq!(
            (
                talisman["name"].as_str(),
                talisman["quaff_revives"].as_u64()
            ),
            (Some("Talisman"), Some(1))
        );
        assert_eq!(
            unit(json!({"die": "scroll"}))["fights"],
            json!([]),
            "a Scroll fights nothing"
        );
    }
}
