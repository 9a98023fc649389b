//! What the Green Dungeon screen shows beside the state, derived by the
//! engine so the screen never restates a rule: the rule numbers it prints,
//! the fight's costs and bonuses, where the hero can go, what may be done
//! now and why not. Shapes are documented in `docs/replay-green-dungeon.md`.

use crate::data::rules;
use crate::decide::combat::{bribe_blocker, flee_blocker, monster_action, spell_blocker};
use crate::decide::explore::{door_needed_above, rest_blocker};
use crate::grid::{passage, Dir, Passage, Pos, TileKind};
use crate::monster::{Origin, Rank, Symbol};
use crate::state::{CardsFor, Fight, Idle, Phase, State};
use serde::Serialize;
use serde_json::{json, Value};

/// What one click on a neighbouring room would do.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Move {
    pub dir: Dir,
    pub to: Pos,
    /// `flip_first`, `open`, `door_roll` or `wall`.
    pub kind: &'static str,
    /// For a door roll: die + level must be above this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needed_above: Option<u8>,
    /// The door held last try: trying again costs a time cube.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub retry: bool,
}

/// The fight as the screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FightView {
    /// `melee`, `spell` or `power_spell`.
    pub monster_action: crate::event::MonsterAction,
    /// Added to the monster's roll this round (0 when it casts).
    pub monster_bonus: u8,
    /// Added to the hero's melee roll (level + weapon; 0 after a failed flight).
    pub hero_melee_bonus: u8,
    /// Damage of a hero's melee hit (1 + weapon).
    pub hero_hit_damage: u8,
    /// Damage of the one-cube spell (1 + level).
    pub spell_damage: u8,
    /// Null for bosses (no bribing).
    pub bribe_cost: Option<u8>,
    pub bribe_why: Option<String>,
    pub flee_why: Option<&'static str>,
    pub spell_why: Option<String>,
    pub power_spell_why: Option<String>,
}

/// The cards the game waits for, and what they will make.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardsView {
    /// `monster` or `boss`.
    pub deck: &'static str,
    pub count: usize,
    /// For a monster draw: symbols that add 1 to its difficulty.
    pub nasty: Vec<Symbol>,
    /// For a monster draw: a Cog makes it guard a treasure card.
    pub cog_guards_treasure: bool,
}

pub fn view(s: &State) -> Value {
    let r = rules();
    let l = &r.level_up;
    let t = &r.time;
    let between = between_encounters(s);
    json!({
        "rules": {
            "event_every": t.event_every,
            "reset_at": t.reset_at,
            "event_cubes_removed_at_reset": t.event_cubes_removed_at_reset,
            "rest_cubes": t.rest,
            "level_up_xp": l.xp,
            "spell_cost": r.magic.spell_cost,
            "power_cost": r.magic.power_cost,
            "power_self_damage": r.magic.power_self_damage,
            "max_luck": r.max_luck,
            "card_min": r.cards.min,
            "card_max": r.cards.max,
            "treasure_cubes": treasure_cubes(),
            "score": {
                "per_card": r.score.per_card,
                "per_level": r.score.per_level,
                "per_luck": r.score.per_luck,
                "per_face_down_tile": r.score.per_face_down_tile,
                "per_fled_meeple": r.score.per_fled_meeple,
                "per_event_cube": r.score.per_event_cube,
            },
        },
        "grid_size": crate::grid::SIZE,
        "upkeep_preview": upkeep_preview(s),
        "flippable": flippable(s),
        "edges": edges(s),
        "to_next_event": t.event_every - s.time.main % t.event_every.max(1),
        "tiles_left": tiles_left(s),
        "between_encounters": between,
        "moves": if between { moves(s) } else { Vec::new() },
        "rest_why": rest_why(s),
        "can_use_luck": can_use_luck(s),
        "can_level_up": s.player.xp >= l.xp,
        "cards": cards_view(s),
        "fight": s.fight().map(|f| fight_view(s, f)),
    })
}

/// What stands on the east and south side of every square (each inner edge
/// once), for drawing: `wall`, `open`, a `door` with the side it opens
/// from (`free`), or `unknown` while a face on either side is unseen.
fn edges(s: &State) -> Vec<Value> {
    use crate::grid::SIZE;
    let mut out = Vec::new();
    for row in 0..SIZE {
        for col in 0..SIZE {
            let at = Pos { row, col };
            for dir in [Dir::East, Dir::South] {
                let edge = match at.step(dir) {
                    None => json!({"kind": "wall"}),
                    Some(q) => match (s.grid.tile(at).face, s.grid.tile(q).face) {
                        (Some(a), Some(b)) => match passage(a.exits, b.exits, dir) {
                            Passage::Open => json!({"kind": "open"}),
                            Passage::Wall => json!({"kind": "wall"}),
                            Passage::DoorOpenSide => json!({"kind": "door", "free": dir}),
                            Passage::DoorClosedSide => {
                                json!({"kind": "door", "free": dir.opposite()})
                            }
                        },
                        _ => json!({"kind": "unknown"}),
                    },
                };
                let mut e = edge;
                e["at"] = json!(at);
                e["dir"] = json!(dir);
                out.push(e);
            }
        }
    }
    out
}

/// Face-down squares a `flip` is accepted for now, as `decide` itself rules
/// (a tile seen before keeps its face; an unseen one is tried as a kind
/// still in the box).
fn flippable(s: &State) -> Vec<Pos> {
    use crate::grid::{Exits, SIZE};
    use tw_rules::Game;
    let mut out = Vec::new();
    for row in 0..SIZE {
        for col in 0..SIZE {
            let at = Pos { row, col };
            let t = s.grid.tile(at);
            if t.face_up {
                continue;
            }
            let face = t.face.map(|f| (f.kind, f.exits)).or_else(|| {
                TileKind::ALL
                    .into_iter()
                    .find(|k| s.grid.known_of_kind(*k) < k.count_in_dungeon() as usize)
                    .map(|k| (k, Exits::EastWest))
            });
            let Some((kind, exits)) = face else { continue };
            let flip = crate::command::Command::Flip { at, kind, exits };
            if crate::GreenDungeon::decide(s, &flip).is_ok() {
                out.push(at);
            }
        }
    }
    out
}

/// What each upkeep roll would do now, `[first - 1][second - 1]`, for the
/// screen's preview while the dice are entered.
fn upkeep_preview(s: &State) -> Value {
    let faces = || (1..=6u8).filter_map(|v| tw_rules::D6::new(v).ok());
    Value::Array(
        faces()
            .map(|a| {
                Value::Array(
                    faces()
                        .map(|b| json!(crate::decide::checks::upkeep_of(s, a, b)))
                        .collect(),
                )
            })
            .collect(),
    )
}

/// Treasure cubes per card point of each symbol (a Cog counts double).
fn treasure_cubes() -> Value {
    let mut out = serde_json::Map::new();
    for symbol in [Symbol::Drop, Symbol::Hammer, Symbol::Wood, Symbol::Cog] {
        let name = serde_json::to_value(symbol).unwrap_or_default();
        let per = crate::monster::Card { number: 1, symbol }.treasure_cubes();
        out.insert(name.as_str().unwrap_or_default().to_string(), json!(per));
    }
    Value::Object(out)
}

/// Between encounters with no check due and the hero standing: may move, drink, rest.
pub fn between_encounters(s: &State) -> bool {
    matches!(s.phase, Phase::Idle(Idle::Exploring | Idle::MustRest))
        && s.time.pending_checks.is_empty()
        && s.player.health > 0
}

/// Why the hero may not rest now, or null when a rest is open.
fn rest_why(s: &State) -> Option<&'static str> {
    if !s.time.pending_checks.is_empty() {
        return Some("the event checks come first");
    }
    rest_blocker(s)
}

/// A luck cube may be spent at 1 health or less.
pub fn can_use_luck(s: &State) -> bool {
    !s.is_over() && s.player.health <= 1 && s.player.luck > 0
}

fn tiles_left(s: &State) -> Value {
    let mut out = serde_json::Map::new();
    for k in TileKind::ALL {
        let left = (k.count_in_dungeon() as usize).saturating_sub(s.grid.known_of_kind(k));
        out.insert(k.name().to_lowercase(), json!(left));
    }
    Value::Object(out)
}

/// The hero's neighbours and what stepping there takes (perimeter sides
/// are left out: there is no room).
pub fn moves(s: &State) -> Vec<Move> {
    let from = s.grid.tile(s.at).face;
    let mut out = Vec::new();
    for dir in Dir::ALL {
        let Some(to) = s.at.step(dir) else { continue };
        let target = s.grid.tile(to);
        let mv = |kind, needed_above, retry| Move {
            dir,
            to,
            kind,
            needed_above,
            retry,
        };
        let Some(face) = target.face else {
            out.push(mv("flip_first", None, false));
            continue;
        };
        let Some(from) = from else { continue };
        out.push(match passage(from.exits, face.exits, dir) {
            Passage::Wall => mv("wall", None, false),
            Passage::DoorClosedSide => mv(
                "door_roll",
                Some(door_needed_above(target)),
                s.failed_doors.contains(&dir),
            ),
            Passage::Open | Passage::DoorOpenSide => mv("open", None, false),
        });
    }
    out
}

fn cards_view(s: &State) -> Option<CardsView> {
    let Phase::Cards { purpose } = s.phase else {
        return None;
    };
    let origin = match purpose {
        CardsFor::DropMonster => Some(Origin::Drop),
        CardsFor::HammerMonster => Some(Origin::Hammer),
        CardsFor::WanderingMonster { .. } => Some(Origin::Wandering),
        CardsFor::MiniBoss => Some(Origin::MiniBoss),
        CardsFor::FinalBoss => Some(Origin::FinalBoss),
        CardsFor::WoodMagic | CardsFor::BrickTrap => None,
    };
    let deck = match purpose {
        CardsFor::DropMonster | CardsFor::HammerMonster | CardsFor::WanderingMonster { .. } => {
            "monster"
        }
        _ => "boss",
    };
    let symbols = [Symbol::Drop, Symbol::Hammer, Symbol::Wood, Symbol::Cog];
    Some(CardsView {
        deck,
        count: purpose.count(),
        nasty: origin
            .map(|o| symbols.into_iter().filter(|&y| o.is_nasty(y)).collect())
            .unwrap_or_default(),
        cog_guards_treasure: matches!(
            origin,
            Some(Origin::Drop | Origin::Hammer | Origin::Wandering)
        ),
    })
}

pub fn fight_view(s: &State, f: &Fight) -> FightView {
    let m = &rules().magic;
    let act = monster_action(f);
    let weapon = s.player.weapon.unwrap_or(0);
    FightView {
        monster_action: act,
        monster_bonus: if act == crate::event::MonsterAction::Melee {
            f.monster.roll_bonus()
        } else {
            0
        },
        hero_melee_bonus: if f.flee_failed {
            0
        } else {
            s.player.level.saturating_add(weapon)
        },
        hero_hit_damage: 1u8.saturating_add(weapon),
        spell_damage: m.spell_damage.saturating_add(s.player.level),
        bribe_cost: (f.monster.rank() == Rank::Minion).then(|| f.monster.bribe_cost()),
        bribe_why: bribe_blocker(s, f),
        flee_why: flee_blocker(s, f),
        spell_why: spell_blocker(s, f, m.spell_cost),
        power_spell_why: spell_blocker(s, f, m.power_cost),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::grid::{Exits, Meeple, MeepleReason};
    use crate::monster::Monster;
    use crate::state::{DiceColours, PlacedTile, Setup, Then};
    use crate::GreenDungeon;
    use tw_rules::Game;

    /// A new game with a Cog entrance in the top-left corner, east–west.
    pub(crate) fn start() -> State {
        GreenDungeon::setup(&Setup {
            entrance: PlacedTile {
                at: Pos { row: 0, col: 0 },
                kind: TileKind::Cog,
                exits: Exits::EastWest,
            },
            straw_seen: vec![],
            dice: DiceColours::default(),
        })
        .unwrap()
    }

    fn monster(origin: Origin, card_number: u8, fled_before: bool) -> Monster {
        Monster {
            origin,
            difficulty: card_number + 1,
            card_number,
            spellcaster: false,
            treasure_cards: 0,
            fled_before,
            bribe_held: 0,
        }
    }

    fn fighting(s: &mut State, m: Monster, magic: u8) -> Fight {
        let f = Fight {
            health: m.difficulty,
            monster: m,
            magic,
            rounds: 1,
            flee_failed: false,
            then: Then::ClearRoom,
        };
        s.phase = Phase::Combat(Box::new(f.clone()));
        s.previous = Some(Pos { row: 0, col: 1 });
        f
    }

    #[test]
    fn edges_are_listed_once_each_with_walls_round_the_grid() {
        let v = view(&start());
        let edges = v["edges"].as_array().unwrap();
        assert_eq!(edges.len(), 50, "east and south of each of 25 squares");
        // The perimeter: east of the last column, south of the last row.
        for e in edges {
            let (row, col) = (
                e["at"]["row"].as_u64().unwrap(),
                e["at"]["col"].as_u64().unwrap(),
            );
            if (e["dir"] == "east" && col == 4) || (e["dir"] == "south" && row == 4) {
                assert_eq!(e["kind"], "wall", "{e}");
            }
        }
        // Only the entrance is known at the start: no inner edge is drawn yet.
        assert!(edges
            .iter()
            .all(|e| e["kind"] == "wall" || e["kind"] == "unknown"));
    }

    #[test]
    fn only_the_heros_face_down_neighbours_may_be_turned_up() {
        let s = start();
        let v = view(&s);
        let at = s.at;
        let got: Vec<Pos> = serde_json::from_value(v["flippable"].clone()).unwrap();
        assert!(!got.is_empty());
        for p in &got {
            assert!(p.is_adjacent(at), "{p} is not next to {at}");
            assert!(!s.grid.tile(*p).face_up);
        }
    }

    #[test]
    fn the_upkeep_preview_is_what_the_roll_would_do() {
        // At the start only the entrance, where the hero stands, is explored.
        let s = start();
        let v = view(&s);
        assert_eq!(v["grid_size"], 5);
        let p = &v["upkeep_preview"];
        assert_eq!(p.as_array().unwrap().len(), 6);
        // A six names no room; any other pair names column first, row second.
        assert_eq!(p[5][0]["upkeep"], "none");
        assert_eq!(p[0][5]["upkeep"], "none");
        let at = s.at;
        let here = &p[at.col as usize][at.row as usize];
        assert_eq!(here["upkeep"], "skipped_current_room");
        assert_eq!(here["at"], json!({"row": at.row, "col": at.col}));
        let elsewhere = if at.col == 0 {
            &p[1][at.row as usize]
        } else {
            &p[0][at.row as usize]
        };
        assert_eq!(elsewhere["upkeep"], "skipped_unexplored");
    }

    #[test]
    fn rule_numbers_are_the_rulebooks() {
        let v = view(&start());
        let r = &v["rules"];
        // "every time the time track hits a multiple of five ... When the
        // time track hits 15, clear ... and remove 2 cubes from the event track."
        assert_eq!(
            (r["event_every"].as_u64(), r["reset_at"].as_u64()),
            (Some(5), Some(15))
        );
        assert_eq!(r["event_cubes_removed_at_reset"], 2);
        // "Choosing to rest adds three cubes to the track"
        assert_eq!(r["rest_cubes"], 3);
        // "When your character has accumulated 10 experience points"
        assert_eq!(r["level_up_xp"], 10);
        // "one cube to cast a spell"; "three cubes to cast a more powerful spell"
        assert_eq!(
            (r["spell_cost"].as_u64(), r["power_cost"].as_u64()),
            (Some(1), Some(3))
        );
        // "only to the maximum of three"
        assert_eq!(r["max_luck"], 3);
        // Cog treasure cards "award double the number of yellow cubes".
        assert_eq!(
            (
                r["treasure_cubes"]["cog"].as_u64(),
                r["treasure_cubes"]["drop"].as_u64()
            ),
            (Some(2), Some(1))
        );
        assert_eq!(v["to_next_event"], 5);
        // The entrance (a Cog) is on the table: 4 Cog tiles are left of 5.
        assert_eq!(v["tiles_left"]["cog"], 4);
        assert_eq!(v["tiles_left"]["drop"], 6);
        assert_eq!(v["tiles_left"]["straw"], 2);
    }

    #[test]
    fn bribe_costs_the_card_and_double_after_fleeing() {
        // "a number of treasure cubes equal to the number on the card ...
        // only by spending twice as much treasure" after fleeing.
        let mut s = start();
        s.player.treasure = 3;
        let f = fighting(&mut s, monster(Origin::Drop, 3, false), 0);
        let fv = fight_view(&s, &f);
        assert_eq!((fv.bribe_cost, fv.bribe_why.clone()), (Some(3), None));
        let f = fighting(&mut s, monster(Origin::Drop, 3, true), 0);
        let fv = fight_view(&s, &f);
        assert_eq!(fv.bribe_cost, Some(6));
        assert!(fv.bribe_why.unwrap().contains("6 treasure"));
        // "You cannot bribe ... bosses."
        let f = fighting(&mut s, monster(Origin::MiniBoss, 3, false), 0);
        let fv = fight_view(&s, &f);
        assert_eq!(fv.bribe_cost, None);
        assert_eq!(fv.bribe_why.as_deref(), Some("bosses cannot be bribed"));
    }

    #[test]
    fn monster_bonus_follows_the_room_and_rank() {
        // "add one to the roll if the fight is in a Hammer room ... two ...
        // mini boss or three if it is the final boss."
        let mut s = start();
        for (origin, bonus) in [
            (Origin::Drop, 0),
            (Origin::Wandering, 0),
            (Origin::Hammer, 1),
            (Origin::MiniBoss, 2),
            (Origin::FinalBoss, 3),
        ] {
            let f = fighting(&mut s, monster(origin, 2, false), 0);
            assert_eq!(fight_view(&s, &f).monster_bonus, bonus, "{origin:?}");
        }
        // A boss with three cubes casts the powerful spell and rolls no bonus.
        let f = fighting(&mut s, monster(Origin::FinalBoss, 4, false), 3);
        let fv = fight_view(&s, &f);
        assert_eq!(fv.monster_action, crate::event::MonsterAction::PowerSpell);
        assert_eq!(fv.monster_bonus, 0);
        // A minion with magic casts the lesser spell.
        let f = fighting(&mut s, monster(Origin::Drop, 2, false), 3);
        assert_eq!(
            fight_view(&s, &f).monster_action,
            crate::event::MonsterAction::Spell
        );
    }

    #[test]
    fn spells_need_their_cubes_and_final_boss_bars_flight() {
        let mut s = start();
        s.player.magic = 2;
        s.player.level = 1;
        s.player.weapon = Some(2);
        let f = fighting(&mut s, monster(Origin::Drop, 2, false), 0);
        let fv = fight_view(&s, &f);
        assert_eq!(fv.spell_why, None);
        assert!(fv.power_spell_why.unwrap().contains("3 blue cube"));
        // "+1 on combat rolls" per level; the weapon adds its bonus and damage.
        assert_eq!(
            (fv.hero_melee_bonus, fv.hero_hit_damage, fv.spell_damage),
            (3, 3, 2)
        );
        assert_eq!(fv.flee_why, None);
        let f = fighting(&mut s, monster(Origin::FinalBoss, 2, false), 0);
        assert!(fight_view(&s, &f).flee_why.unwrap().contains("final boss"));
    }

    #[test]
    fn rest_and_moves_from_the_entrance() {
        let mut s = start();
        // The entrance is a cleared Cog room: rest is open.
        assert_eq!(view(&s)["rest_why"], Value::Null);
        s.grid.tile_mut(s.at).meeple = Some(Meeple {
            monster: monster(Origin::Drop, 1, false),
            reason: MeepleReason::Bribed,
        });
        assert!(view(&s)["rest_why"].is_string());
        // From the top-left corner: east and south, both face down.
        let m = moves(&start());
        assert_eq!(
            m.iter().map(|m| (m.dir, m.kind)).collect::<Vec<_>>(),
            vec![(Dir::East, "flip_first"), (Dir::South, "flip_first")]
        );
        // A door from its closed side into an unexplored room: above 6.
        let mut s = start();
        let east = Pos { row: 0, col: 1 };
        let t = s.grid.tile_mut(east);
        t.face = Some(crate::grid::Face {
            kind: TileKind::Drop,
            exits: Exits::NorthSouth,
        });
        t.face_up = true;
        let mut s2 = s.clone();
        s2.grid.tile_mut(s2.at).face = Some(crate::grid::Face {
            kind: TileKind::Cog,
            exits: Exits::NorthSouth,
        });
        s2.grid.tile_mut(east).face = Some(crate::grid::Face {
            kind: TileKind::Drop,
            exits: Exits::EastWest,
        });
        let door = moves(&s2).into_iter().find(|m| m.dir == Dir::East).unwrap();
        assert_eq!((door.kind, door.needed_above), ("door_roll", Some(6)));
        s2.grid.tile_mut(east).visited = true;
        let door = moves(&s2).into_iter().find(|m| m.dir == Dir::East).unwrap();
        assert_eq!(door.needed_above, Some(4));
        // Light on the hero's side, dark on the other: passes freely.
        let open = moves(&s).into_iter().find(|m| m.dir == Dir::East).unwrap();
        assert_eq!(open.kind, "open");
    }

    #[test]
    fn cards_view_names_the_deck_count_and_nasty_symbols() {
        let mut s = start();
        s.phase = Phase::Cards {
            purpose: CardsFor::HammerMonster,
        };
        let v = view(&s);
        assert_eq!(v["cards"]["deck"], "monster");
        assert_eq!(v["cards"]["count"], 2);
        assert_eq!(v["cards"]["nasty"], json!(["drop", "hammer"]));
        assert_eq!(v["cards"]["cog_guards_treasure"], true);
        s.phase = Phase::Cards {
            purpose: CardsFor::FinalBoss,
        };
        let v = view(&s);
        assert_eq!(
            (v["cards"]["deck"].as_str(), v["cards"]["count"].as_u64()),
            (Some("boss"), Some(2))
        );
        assert_eq!(v["cards"]["cog_guards_treasure"], false);
        s.phase = Phase::Cards {
            purpose: CardsFor::WoodMagic,
        };
        assert_eq!(view(&s)["cards"]["nasty"], json!([]));
    }
}
