//! The parts of the view a screen draws the table from: the Dungeon Floor
//! Mat as rows of spaces, where the hero whose turn it is may move (with the
//! face-down tiles each move turns up), the tiles still face down by kind
//! (what a revealed tile can be), the Monster a camera roll attacks, and
//! the rulebook's words for tiles, heroes, Gear and die faces, so a screen
//! never spells a rule or a name itself.

use crate::decide::walkable;
use crate::state::{Cell, State, Step};
use crate::tile::{Gear, HeroKind, Pos, TileKind};
use crate::view::waiting_for;
use serde_json::{json, Map, Value};

/// The mat: `cells` row by row, each `"hidden"`, `"empty"` (open floor
/// whose tile went to a pile) or the tile shown; `keys` the Key tokens
/// still lying on it.
pub fn mat(s: &State) -> Value {
    let rows: Vec<Vec<Value>> = (0..s.rows as i32)
        .map(|r| {
            (0..s.cols as i32)
                .map(|c| match s.cell(Pos::new(r, c)) {
                    Some(Cell::Shown(k)) => json!(k),
                    Some(Cell::Empty) => json!("empty"),
                    _ => json!("hidden"),
                })
                .collect()
        })
        .collect();
    json!({"rows": s.rows, "cols": s.cols, "cells": rows, "keys": s.keys})
}

/// One space outside an edge, facing an edge space: where a hero enters.
pub(crate) fn entry_point(s: &State, p: Pos) -> bool {
    let (r, c, rows, cols) = (p.row as i64, p.col as i64, s.rows as i64, s.cols as i64);
    ((r == -1 || r == rows) && (0..cols).contains(&c))
        || ((c == -1 || c == cols) && (0..rows).contains(&r))
}

/// The moves open to the hero whose turn it is, when the game waits for a
/// move: `to`, whether it `enters` the dungeon or `stays`, `reveal`, the
/// face-down spaces of the new Circle Of Sight in the order the move
/// command lists them, and `in_line`, for each of those spaces, the heroes
/// in its row or column once the move is made (who roll to save should a
/// Red Beholder turn up there). Empty at any other time.
pub fn moves(s: &State) -> Vec<Value> {
    if waiting_for(s) != "move" || s.turn.step != Step::Start {
        return Vec::new();
    }
    let Some(h) = s.current().filter(|h| !h.dead) else {
        return Vec::new();
    };
    let hidden_around = |to: Pos| -> Vec<Pos> {
        s.sight(to)
            .into_iter()
            .filter(|p| s.cell(*p) == Some(Cell::Hidden))
            .collect()
    };
    let mover = h.kind;
    let in_line = |to: Pos, reveal: &[Pos]| -> Vec<Vec<HeroKind>> {
        reveal
            .iter()
            .map(|q| {
                s.heroes
                    .iter()
                    .filter(|x| !x.dead)
                    .filter_map(|x| {
                        let p = if x.kind == mover { Some(to) } else { x.pos };
                        p.filter(|p| p != q && (p.row == q.row || p.col == q.col))
                            .map(|_| x.kind)
                    })
                    .collect()
            })
            .collect()
    };
    let one = |to: Pos, enters: bool, stays: bool| -> Value {
        let reveal = hidden_around(to);
        json!({"to": to, "enters": enters, "stays": stays, "in_line": in_line(to, &reveal), "reveal": reveal})
    };
    let mut out = Vec::new();
    match h.pos {
        None => {
            for r in -1..=s.rows as i32 {
                for c in -1..=s.cols as i32 {
                    let to = Pos::new(r, c);
                    if entry_point(s, to) {
                        out.push(one(to, true, false));
                    }
                }
            }
        }
        Some(from) => {
            for to in std::iter::once(from).chain(s.sight(from)) {
                let stays = to == from;
                if stays || walkable(s.cell(to), h.pegasus) {
                    out.push(one(to, false, stays));
                }
            }
        }
    }
    out
}

/// Tiles still face down somewhere on the mat, by kind (kinds with none
/// left are left out): what a tile being turned up can be.
pub fn unrevealed(s: &State) -> Map<String, Value> {
    TileKind::ALL
        .iter()
        .filter_map(|k| {
            let n = s.unrevealed(*k);
            (n > 0).then(|| (k.name(), json!(n)))
        })
        .collect()
}

/// The Monster a roll of the Attack Die read from the table attacks now:
/// a Skelly Archer that stayed first, then the Monsters in sight in
/// reading order (top row first, left to right), the Boss's stack in a
/// Boss Fight. `None` when the game awaits no attack roll.
pub fn camera_target(s: &State) -> Option<Pos> {
    match waiting_for(s) {
        "boss_attack" => s.boss.as_ref().map(|b| b.at),
        "attack" => {
            let h = s.current()?;
            if s.turn.step == Step::Start {
                return h.pinned.first().copied();
            }
            let mut targets = s.to_fight();
            targets.sort();
            targets.first().copied()
        }
        _ => None,
    }
}

/// A tile's name as the rulebook prints it.
pub fn tile_words(k: TileKind) -> String {
    match k {
        TileKind::Gems5 => "5 Gems".into(),
        TileKind::Gems10 => "10 Gems".into(),
        TileKind::RelicCircle => "Master Relic (circle)".into(),
        TileKind::RelicSquare => "Master Relic (square)".into(),
        TileKind::RelicTriangle => "Master Relic (triangle)".into(),
        TileKind::Pegasus => "Pegasus Mount".into(),
        other => title(&other.name()),
    }
}

pub fn hero_words(k: HeroKind) -> String {
    title(json!(k).as_str().unwrap_or_default())
}

pub fn gear_words(g: Gear) -> String {
    match g {
        Gear::BowAndArrow => "Bow & Arrow".into(),
        other => title(&other.name()),
    }
}

/// `skelly_archer` → "Skelly Archer".
fn title(slug: &str) -> String {
    slug.split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words a screen shows: every tile, hero and piece of Gear by its
/// rulebook name, and each face of the Attack Die with what it is (`kind`:
/// `swords`, `flash` or `skull`; `swords`: the Swords it shows).
pub fn words(s: &State) -> Value {
    let tiles: Map<String, Value> = TileKind::ALL
        .iter()
        .map(|k| (k.name(), json!(tile_words(*k))))
        .collect();
    let heroes: Map<String, Value> = HeroKind::ALL
        .iter()
        .map(|h| {
            (
                json!(h).as_str().unwrap_or_default().to_string(),
                json!(hero_words(*h)),
            )
        })
        .collect();
    let gear: Map<String, Value> = s
        .rules
        .numbers
        .gear
        .keys()
        .map(|g| (g.name(), json!(gear_words(*g))))
        .collect();
    json!({"tiles": tiles, "heroes": heroes, "gear": gear})
}

/// The Attack Die's faces, each once in the order of `data/dice.json`,
/// with their words and what they show.
pub fn die_faces(s: &State) -> Vec<Value> {
    let mut seen: Vec<&String> = Vec::new();
    for f in &s.rules.dice.faces {
        if !seen.contains(&f) {
            seen.push(f);
        }
    }
    seen.into_iter()
        .filter_map(|f| {
            let face = s.rules.face(f)?;
            Some(json!({
                "face": f,
                "words": f.replace('_', " "),
                "kind": face.kind,
                "swords": face.swords,
            }))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::tests_support::game;

    #[test]
    fn a_hero_outside_the_dungeon_may_enter_at_any_edge_point() {
        let s = game(false);
        let m = moves(&s);
        // 10 points outside each of the four edges of the 10×10 mat.
        assert_eq!(m.len(), 40);
        let top = m
            .iter()
            .find(|v| v["to"] == json!({"row": -1, "col": 4}))
            .unwrap();
        assert_eq!(top["enters"], true);
        assert_eq!(
            top["reveal"],
            json!([{"row": 0, "col": 3}, {"row": 0, "col": 4}, {"row": 0, "col": 5}])
        );
        assert!(
            m.iter().all(|v| v["to"] != json!({"row": -1, "col": -1})),
            "no corners"
        );
        // Entering above column 5, the hero stands in column 5 (index 4):
        // only the space below is in their line.
        assert_eq!(top["in_line"], json!([[], ["warrior"], []]));
    }

    #[test]
    fn the_mat_shows_hidden_spaces_and_the_keys_of_the_expansion() {
        let s = game(true);
        let v = mat(&s);
        assert_eq!(v["cells"].as_array().unwrap().len(), 10);
        assert_eq!(v["cells"][0][0], "hidden");
        assert_eq!(v["keys"].as_array().unwrap().len(), 4);
    }

    #[test]
    fn names_read_as_the_rulebook_prints_them() {
        assert_eq!(tile_words(TileKind::SkellyArcher), "Skelly Archer");
        assert_eq!(tile_words(TileKind::Gems10), "10 Gems");
        assert_eq!(gear_words(Gear::BowAndArrow), "Bow & Arrow");
        assert_eq!(hero_words(HeroKind::Wizard), "Wizard");
        let s = game(false);
        let faces = die_faces(&s);
        // two_swords is on two sides but offered once.
        assert_eq!(faces.len(), 5);
        assert_eq!(
            faces[1],
            json!({"face": "two_swords", "words": "two swords", "kind": "swords", "swords": 2})
        );
    }

    #[test]
    fn no_attack_is_awaited_before_the_first_move() {
        assert_eq!(camera_target(&game(false)), None);
        assert_eq!(unrevealed(&game(false))["boss"], 1);
    }
}
