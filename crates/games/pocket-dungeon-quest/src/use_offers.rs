//! Offers for what the hero whose turn it is can use now: each Item and
//! Spell in their Inventory, giving Items and Keys, selling, and their
//! Gear. Every choice listed is one the engine accepts as it stands (each
//! candidate is tried against `decide`), so a screen shows pickers of
//! legal values only. Swap Tiles and Foresight turn up tiles and the
//! Merchant turns up two: those are offered with the fields the player
//! fills on the screen's own pickers (spaces on the mat, the tiles turned
//! up), and offered only when the engine would take some such command.

use crate::board_view::{gear_words, hero_words, tile_words};
use crate::decide::walkable;
use crate::state::{Cell, State};
use crate::tile::{Gear, HeroKind, Pos, TileKind, FORESIGHT_TILES};
use crate::{Command, PocketDungeonQuest};
use serde_json::{json, Value};
use tw_rules::{Game, Input, InputKind, Offer};

fn accepted(s: &State, command: &Value) -> bool {
    serde_json::from_value::<Command>(command.clone())
        .ok()
        .is_some_and(|c| PocketDungeonQuest::decide(s, &c).is_ok())
}

/// `base` with `field` set to each candidate; the ones the engine takes.
fn legal(
    s: &State,
    base: &Value,
    field: &str,
    candidates: Vec<(Value, String)>,
) -> Vec<(Value, String)> {
    candidates
        .into_iter()
        .filter(|(v, _)| {
            let mut c = base.clone();
            c[field] = v.clone();
            accepted(s, &c)
        })
        .collect()
}

/// A one-field form, offered only when some choice is legal.
fn pick(
    s: &State,
    key: &str,
    label: String,
    base: Value,
    field: &'static str,
    candidates: Vec<(Value, String)>,
) -> Option<Offer> {
    let ok = legal(s, &base, field, candidates);
    if ok.is_empty() {
        return None;
    }
    let mut command = base;
    command[field] = Value::Null;
    Some(Offer::form(
        key,
        label,
        command,
        [(field, Input::choice(InputKind::Json, ok))],
    ))
}

fn ready(s: &State, key: &str, label: String, command: Value) -> Option<Offer> {
    accepted(s, &command).then(|| Offer::ready(key, label, command))
}

fn space(p: Pos) -> (Value, String) {
    (json!(p), format!("{p}"))
}

fn hero_choice(h: HeroKind) -> (Value, String) {
    (json!(h), hero_words(h))
}

fn tile_choice(k: TileKind) -> (Value, String) {
    (json!(k), tile_words(k))
}

/// Every space of the mat.
fn all_spaces(s: &State) -> Vec<Pos> {
    (0..s.rows as i32)
        .flat_map(|r| (0..s.cols as i32).map(move |c| Pos::new(r, c)))
        .collect()
}

pub fn uses(s: &State) -> Vec<Offer> {
    let Some(h) = s.current().filter(|h| !h.dead) else {
        return Vec::new();
    };
    let who = hero_words(h.kind);
    let sight = h.pos.map(|p| s.sight(p)).unwrap_or_default();
    let monsters_in_sight: Vec<Pos> = sight
        .iter()
        .copied()
        .filter(|p| s.shown(*p).is_some_and(|k| k.is_monster()))
        .chain(h.pinned.iter().copied())
        .collect();
    let heroes: Vec<HeroKind> = s.heroes.iter().map(|x| x.kind).collect();
    let mut held: Vec<TileKind> = Vec::new();
    for k in &h.inventory {
        if !held.contains(k) {
            held.push(*k);
        }
    }
    let mut out: Vec<Option<Offer>> = Vec::new();
    for item in &held {
        let name = tile_words(*item);
        out.push(match item {
            TileKind::Potion => pick(
                s,
                "potion",
                format!("{who}: drink or give a {name}…"),
                json!({"type": "potion"}),
                "hero",
                heroes.iter().map(|k| hero_choice(*k)).collect(),
            ),
            TileKind::Bomb => {
                let mut at: Vec<Pos> = monsters_in_sight.clone();
                at.extend(
                    sight
                        .iter()
                        .filter(|p| s.shown(**p) == Some(TileKind::Wall)),
                );
                at.extend(s.boss.as_ref().map(|b| b.at));
                pick(
                    s,
                    "bomb",
                    format!("{who}: throw a Bomb…"),
                    json!({"type": "bomb"}),
                    "at",
                    at.into_iter().map(space).collect(),
                )
            }
            TileKind::ExtraMove => ready(
                s,
                "extra_move",
                format!("{who}: cast Extra Move"),
                json!({"type": "extra_move"}),
            ),
            TileKind::PhoenixFeather => pick(
                s,
                "phoenix_feather",
                format!("{who}: revive a Hero with the Phoenix Feather…"),
                json!({"type": "phoenix_feather"}),
                "hero",
                heroes.iter().map(|k| hero_choice(*k)).collect(),
            ),
            TileKind::Teleport => {
                let mut v = Vec::new();
                v.push(pick(
                    s,
                    "teleport_monster",
                    format!("{who}: Teleport a Monster to the Monster Pile…"),
                    json!({"type": "teleport"}),
                    "monster",
                    monsters_in_sight.iter().map(|p| space(*p)).collect(),
                ));
                v.push(teleport_hero(s, &who, &heroes));
                out.extend(v);
                continue;
            }
            TileKind::Confusion => confusion(s, &who, &monsters_in_sight),
            TileKind::Foresight => foresight(s, &who),
            TileKind::SwapTiles => swap_tiles(s, &who),
            _ => None,
        });
        // Any Item or Spell may be given to another Hero (a use).
        let to: Vec<(Value, String)> = heroes
            .iter()
            .filter(|k| **k != h.kind)
            .map(|k| hero_choice(*k))
            .collect();
        out.push(pick(
            s,
            &format!("give_{}", item.name()),
            format!("{who}: give the {name} to…"),
            json!({"type": "give", "item": item}),
            "to",
            to,
        ));
    }
    if s.expansion {
        out.push(pick(
            s,
            "sell",
            format!("{who}: sell an Item…"),
            json!({"type": "sell"}),
            "item",
            held.iter().map(|k| tile_choice(*k)).collect(),
        ));
        if h.keys > 0 {
            out.push(pick(
                s,
                "give_key",
                format!("{who}: give a Key to…"),
                json!({"type": "give_key"}),
                "to",
                heroes
                    .iter()
                    .filter(|k| **k != h.kind)
                    .map(|k| hero_choice(*k))
                    .collect(),
            ));
        }
    }
    out.push(buy(s, &who));
    for g in &h.gear {
        out.push(gear(s, &who, *g, &monsters_in_sight, &heroes));
    }
    if let Some(item) = h.grappled {
        out.push(ready(
            s,
            "stow",
            format!(
                "{who}: put the {} from the Grapple Shot into the Inventory",
                tile_words(item)
            ),
            json!({"type": "stow"}),
        ));
    }
    // Gear the other heroes may use on this hero's turn.
    for o in s.heroes.iter().filter(|o| o.kind != h.kind && !o.dead) {
        for g in &o.gear {
            out.push(others_gear(s, o.kind, *g, &heroes));
        }
    }
    if h.gear.contains(&Gear::SpellTome) && h.tome.len() < 2 {
        out.push(pick(
            s,
            "memorize",
            format!("{who}: memorize a Spell in the Spell Tome…"),
            json!({"type": "memorize"}),
            "spell",
            held.iter().map(|k| tile_choice(*k)).collect(),
        ));
    }
    let mut out: Vec<Offer> = out.into_iter().flatten().collect();
    for o in s.heroes.iter().filter(|o| !o.dead && !o.tome.is_empty()) {
        out.extend(tome_casts(s, o.kind));
    }
    out
}

/// Casts from the Spell Tome of `by`: each memorized Spell's own offers,
/// worked out as if the hero taking the turn held it (on another Hero's
/// turn, without spending their uses), each wrapped in a `tome` command
/// (the fields to fill under `cast.`). Offered while the Tome is ready.
fn tome_casts(s: &State, by: HeroKind) -> Vec<Offer> {
    let (Some(holder), Some(cur)) = (s.hero(by), s.current()) else {
        return Vec::new();
    };
    let cur = cur.kind;
    let cooling = holder
        .gear_ready
        .get(&Gear::SpellTome)
        .is_some_and(|r| *r > s.round);
    if cooling || !holder.gear.contains(&Gear::SpellTome) {
        return Vec::new();
    }
    let mut spells: Vec<TileKind> = Vec::new();
    for k in &holder.tome {
        if !spells.contains(k) {
            spells.push(*k);
        }
    }
    let by_words = hero_words(by);
    let mut out = Vec::new();
    for spell in spells {
        let mut scratch = s.clone();
        for h in &mut scratch.heroes {
            h.tome.clear();
            h.gear.clear();
            if h.kind == cur {
                h.inventory = vec![spell];
                h.keys = 0;
            }
        }
        if by != cur {
            scratch.turn.uses = 0;
        }
        scratch.merchant_open = false;
        let ty = json!(spell.name()); // a Spell's command is named as its tile
        for o in uses(&scratch)
            .into_iter()
            .filter(|o| o.command["type"] == ty)
        {
            let mut command = json!({"type": "tome", "cast": o.command});
            if by != cur {
                command["by"] = json!(by);
            }
            let rest = o.label.split_once(": ").map_or(o.label.as_str(), |x| x.1);
            let label = format!("{by_words}: from the Spell Tome, {rest}");
            let key = format!("tome_{}", o.key);
            if o.fill.is_empty() {
                if accepted(s, &command) {
                    out.push(Offer::ready(&key, label, command));
                }
                continue;
            }
            let fields: Vec<(String, Input)> = o
                .fill
                .iter()
                .filter_map(|p| o.inputs.get(p).map(|i| (format!("cast.{p}"), i.clone())))
                .collect();
            out.push(Offer::form(&key, label, command, fields));
        }
    }
    out
}

/// Monsters face up anywhere on the mat.
fn monsters_on_mat(s: &State) -> Vec<Pos> {
    all_spaces(s)
        .into_iter()
        .filter(|p| s.shown(*p).is_some_and(|k| k.is_monster()))
        .collect()
}

/// Holy Water, the Harp and Bow & Arrow, used by `by` on another Hero's
/// turn (`by` in the command); the choices are those the engine takes.
fn others_gear(s: &State, by: HeroKind, g: Gear, heroes: &[HeroKind]) -> Option<Offer> {
    let who = hero_words(by);
    let key = format!("gear_{}", g.name());
    let label = format!("{who}: use the {}", gear_words(g));
    let base = json!({"type": "use_gear", "gear": g, "by": by});
    match g {
        Gear::HolyWater => pick(
            s,
            &key,
            format!("{label} on…"),
            base,
            "hero",
            heroes.iter().map(|k| hero_choice(*k)).collect(),
        ),
        Gear::Harp => pick(
            s,
            &key,
            format!("{label} to put a Monster to sleep…"),
            base,
            "at",
            monsters_on_mat(s).into_iter().map(space).collect(),
        ),
        Gear::BowAndArrow => {
            // Spaces the engine takes a shot at (probed with a hit, whose
            // outcome needs no further choice), and the die's faces.
            let hit = s.rules.dice.faces.iter().find(|f| {
                s.rules
                    .face(f)
                    .is_some_and(|x| x.swords >= s.rules.numbers.hit_swords)
            })?;
            let mut probe = base.clone();
            probe["roll"] = json!(hit);
            let at = legal(
                s,
                &probe,
                "at",
                monsters_on_mat(s).into_iter().map(space).collect(),
            );
            if at.is_empty() {
                return None;
            }
            let mut command = base;
            command["at"] = Value::Null;
            command["roll"] = Value::Null;
            Some(Offer::form(
                &key,
                format!("{label} to shoot…"),
                command,
                [
                    ("at", Input::choice(InputKind::Json, at)),
                    ("roll", crate::offers::die(s)),
                ],
            ))
        }
        _ => None,
    }
}

/// Foresight: turn up three face-down tiles (fewer when fewer are left).
/// Offered when the engine takes it with some tiles the mat can still hold.
fn foresight(s: &State, who: &str) -> Option<Offer> {
    let hidden = s.hidden_cells();
    let n = hidden.len().min(FORESIGHT_TILES);
    let mut pool: Vec<TileKind> = TileKind::ALL
        .iter()
        .flat_map(|k| std::iter::repeat_n(*k, s.unrevealed(*k) as usize))
        .collect();
    let probe: Vec<Value> = hidden
        .iter()
        .take(n)
        .filter_map(|p| pool.pop().map(|k| json!({"at": p, "tile": k})))
        .collect();
    if n == 0 || !accepted(s, &json!({"type": "foresight", "reveal": probe})) {
        return None;
    }
    Some(Offer::form(
        "foresight",
        format!("{who}: cast Foresight: turn up {n} face-down tiles…"),
        json!({"type": "foresight", "reveal": null}),
        [("reveal", Input::json().labelled("the tiles turned up"))],
    ))
}

/// Swap Tiles: any two spaces of the mat; a face-down tile swapped into the
/// Circle of Sight is turned up. Offered when the engine takes a swap of
/// some two spaces that turns nothing up.
fn swap_tiles(s: &State, who: &str) -> Option<Offer> {
    let spaces = all_spaces(s);
    let quiet = spaces.iter().enumerate().any(|(i, a)| {
        spaces[i + 1..].iter().take(12).any(|b| {
            accepted(
                s,
                &json!({"type": "swap_tiles", "a": a, "b": b, "reveal": []}),
            )
        })
    });
    quiet.then(|| {
        Offer::form(
            "swap_tiles",
            format!("{who}: cast Swap Tiles…"),
            json!({"type": "swap_tiles", "a": null, "b": null, "reveal": []}),
            [
                ("a", Input::json().labelled("one space")),
                ("b", Input::json().labelled("the other space")),
            ],
        )
    })
}

fn teleport_hero(s: &State, who: &str, heroes: &[HeroKind]) -> Option<Offer> {
    let open: Vec<Pos> = all_spaces(s)
        .into_iter()
        .filter(|p| walkable(s.cell(*p), false))
        .collect();
    let first = open.first()?;
    let movable: Vec<(Value, String)> = heroes
        .iter()
        .filter(|k| accepted(s, &json!({"type": "teleport", "hero": k, "to": first})))
        .map(|k| hero_choice(*k))
        .collect();
    if movable.is_empty() {
        return None;
    }
    Some(Offer::form(
        "teleport_hero",
        format!("{who}: Teleport a Hero to an open space…"),
        json!({"type": "teleport", "hero": null, "to": null}),
        [
            ("hero", Input::choice(InputKind::Json, movable)),
            (
                "to",
                Input::choice(InputKind::Json, open.into_iter().map(space)),
            ),
        ],
    ))
}

fn confusion(s: &State, who: &str, monsters: &[Pos]) -> Option<Offer> {
    let face = s.rules.dice.faces.first()?;
    let pairs_ok = monsters.iter().any(|a| {
        monsters.iter().any(|b| {
            a != b
                && accepted(
                    s,
                    &json!({"type": "confusion", "a": a, "b": b, "roll": face}),
                )
        })
    });
    if !pairs_ok {
        return None;
    }
    let spaces = || Input::choice(InputKind::Json, monsters.iter().map(|p| space(*p)));
    let faces = Input::choice(
        InputKind::Text,
        s.rules
            .dice
            .faces
            .iter()
            .map(|f| (json!(f), f.replace('_', " "))),
    );
    Some(Offer::form(
        "confusion",
        format!("{who}: cast Confusion on two Monsters…"),
        json!({"type": "confusion", "a": null, "b": null, "roll": null}),
        [("a", spaces()), ("b", spaces()), ("roll", faces)],
    ))
}

fn gear(s: &State, who: &str, g: Gear, monsters: &[Pos], heroes: &[HeroKind]) -> Option<Offer> {
    let key = format!("gear_{}", g.name());
    let label = format!("{who}: use the {}", gear_words(g));
    let base = json!({"type": "use_gear", "gear": g});
    match g {
        Gear::Torch => {
            let from = s.current()?.pos?;
            let far: Vec<(Value, String)> = all_spaces(s)
                .into_iter()
                .filter(|p| from.distance(*p) == 2 && s.cell(*p) == Some(Cell::Hidden))
                .map(space)
                .collect();
            pick(s, &key, format!("{label} to peek at…"), base, "at", far)
        }
        Gear::Boomerang => pick(
            s,
            &key,
            format!("{label} to stun…"),
            base,
            "at",
            monsters.iter().map(|p| space(*p)).collect(),
        ),
        Gear::MagicRing => {
            let mut items: Vec<TileKind> = Vec::new();
            for k in s.piles.discard.iter().filter(|k| k.is_item_or_spell()) {
                if !items.contains(k) {
                    items.push(*k);
                }
            }
            pick(
                s,
                &key,
                format!("{label} to buy back…"),
                base,
                "take",
                items.into_iter().map(tile_choice).collect(),
            )
        }
        Gear::GrappleShot => pick(
            s,
            &key,
            format!("{label} to snatch…"),
            base,
            "at",
            all_spaces(s)
                .into_iter()
                .filter(|p| s.shown(*p).is_some_and(|k| k.is_item_or_spell()))
                .map(|p| {
                    let what = s.shown(p).map(tile_words).unwrap_or_default();
                    (json!(p), format!("the {what} at {p}"))
                })
                .collect(),
        ),
        Gear::Harp | Gear::BowAndArrow => None, // on another Hero's turn only
        Gear::BedRoll => {
            let from = s.current()?.pos?;
            pick(
                s,
                &key,
                format!("{label}: move one space and rest…"),
                base,
                "at",
                s.sight(from).into_iter().map(space).collect(),
            )
        }
        Gear::HolyWater => pick(
            s,
            &key,
            format!("{label} on…"),
            base,
            "hero",
            heroes.iter().map(|k| hero_choice(*k)).collect(),
        ),
        _ => ready(s, &key, label, base),
    }
}

/// The Merchant: the tiles turned up (`drawn`, one or two) and the one kept
/// are what the player saw, so only the kinds in the Merchant Pile are
/// listed; offered when a purchase can be made now.
fn buy(s: &State, who: &str) -> Option<Offer> {
    let mut kinds: Vec<TileKind> = Vec::new();
    for k in &s.piles.merchant {
        if !kinds.contains(k) {
            kinds.push(*k);
        }
    }
    let first = kinds.first()?;
    let h = s.current()?;
    let full = h.inventory.len() >= s.inventory_limit(h.kind);
    let put_back = if full {
        h.inventory.first().copied()
    } else {
        None
    };
    if !accepted(
        s,
        &json!({"type": "buy", "drawn": [first], "keep": first, "put_back": put_back}),
    ) {
        return None;
    }
    let choices = || Input::choice(InputKind::Json, kinds.iter().map(|k| tile_choice(*k)));
    let label = format!(
        "{who}: buy from the Merchant ({} Gems)…",
        s.rules.numbers.merchant_price
    );
    Some(if full {
        let mut held: Vec<TileKind> = Vec::new();
        for k in &h.inventory {
            if !held.contains(k) {
                held.push(*k);
            }
        }
        Offer::form(
            "buy",
            label,
            json!({"type": "buy", "drawn": null, "keep": null, "put_back": null}),
            [
                ("drawn", choices()),
                ("keep", choices()),
                (
                    "put_back",
                    Input::choice(InputKind::Json, held.into_iter().map(tile_choice)),
                ),
            ],
        )
    } else {
        Offer::form(
            "buy",
            label,
            json!({"type": "buy", "drawn": null, "keep": null}),
            [("drawn", choices()), ("keep", choices())],
        )
    })
}
