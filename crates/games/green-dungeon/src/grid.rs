//! The 5×5 dungeon: tiles, their exits, and what lies between two rooms.
//!
//! A tile has light triangles on two opposite sides (its exits). Between two
//! neighbours the pair of edges decides the way: light+light is an open
//! passage, dark+dark a wall, and light+dark a one-way door that opens from
//! the light side only. The outer edge of the grid is always a wall.

use crate::monster::Monster;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const SIZE: u8 = 5;

/// A grid cell; rows count down from the top, columns right from the left,
/// both from 0. Deserialising checks the range so no state read back from a
/// file can point outside the dungeon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawPos")]
pub struct Pos {
    pub row: u8,
    pub col: u8,
}

#[derive(Deserialize)]
struct RawPos {
    row: u8,
    col: u8,
}

impl TryFrom<RawPos> for Pos {
    type Error = String;
    fn try_from(r: RawPos) -> Result<Self, String> {
        Pos::new(r.row, r.col)
    }
}

impl Pos {
    pub fn new(row: u8, col: u8) -> Result<Pos, String> {
        if row < SIZE && col < SIZE {
            Ok(Pos { row, col })
        } else {
            Err(format!(
                "row {row}, column {col} is outside the 5x5 dungeon (0 to 4)"
            ))
        }
    }

    /// The neighbour in `dir`, or `None` past the walled perimeter.
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (r, c) = (self.row as i8, self.col as i8);
        let (r, c) = match dir {
            Dir::North => (r - 1, c),
            Dir::South => (r + 1, c),
            Dir::East => (r, c + 1),
            Dir::West => (r, c - 1),
        };
        if (0..SIZE as i8).contains(&r) && (0..SIZE as i8).contains(&c) {
            Some(Pos {
                row: r as u8,
                col: c as u8,
            })
        } else {
            None
        }
    }

    pub fn is_corner(self) -> bool {
        (self.row == 0 || self.row == SIZE - 1) && (self.col == 0 || self.col == SIZE - 1)
    }

    /// The grid's four corners, top-left, top-right, bottom-left, bottom-right.
    pub fn corners() -> [Pos; 4] {
        let far = SIZE - 1;
        [(0, 0), (0, far), (far, 0), (far, far)].map(|(row, col)| Pos { row, col })
    }

    pub fn is_adjacent(self, other: Pos) -> bool {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col) == 1
    }
}

/// Rows and columns counted from 1, top-left first, as the player reads the
/// grid on the table and on the screen (JSON positions count from 0).
impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row + 1, self.col + 1)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::East => Dir::West,
            Dir::West => Dir::East,
        }
    }
}

/// Which pair of opposite sides carries the light triangles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exits {
    NorthSouth,
    EastWest,
}

impl Exits {
    pub fn opens(self, side: Dir) -> bool {
        matches!(
            (self, side),
            (Exits::NorthSouth, Dir::North | Dir::South) | (Exits::EastWest, Dir::East | Dir::West)
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileKind {
    Drop,
    Hammer,
    Wood,
    Brick,
    Cog,
    Straw,
}

impl TileKind {
    /// Whether a tile of this kind may be the entrance: a Straw tile stays
    /// face up at its corner but cannot be entered by (Setup).
    pub fn can_be_entrance(self) -> bool {
        self != TileKind::Straw
    }

    pub const ALL: [TileKind; 6] = [
        TileKind::Drop,
        TileKind::Hammer,
        TileKind::Wood,
        TileKind::Brick,
        TileKind::Cog,
        TileKind::Straw,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TileKind::Drop => "drop",
            TileKind::Hammer => "hammer",
            TileKind::Wood => "wood",
            TileKind::Brick => "brick",
            TileKind::Cog => "cog",
            TileKind::Straw => "straw",
        }
    }

    /// How many of this kind the dungeon holds.
    pub fn count_in_dungeon(self) -> u8 {
        let t = &crate::data::rules().tiles;
        match self {
            TileKind::Drop => t.drop,
            TileKind::Hammer => t.hammer,
            TileKind::Wood => t.wood,
            TileKind::Brick => t.brick,
            TileKind::Cog => t.cog,
            TileKind::Straw => t.straw,
        }
    }
}

/// What the face of a tile shows once it has been turned up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub kind: TileKind,
    pub exits: Exits,
}

/// Why a monster meeple stands on a tile; only fled ones cost points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeepleReason {
    Fled,
    Bribed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meeple {
    pub monster: Monster,
    pub reason: MeepleReason,
}

/// One room. `face` stays known after a reset flips the tile back down: the
/// physical tile keeps its kind and orientation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Tile {
    pub face: Option<Face>,
    pub face_up: bool,
    /// The player has entered and triggered the room (the entrance counts).
    pub explored: bool,
    /// Resolved: free to pass through, nothing triggers on entry.
    pub cleared: bool,
    /// Turned up by a clairvoyant vision without being explored.
    pub clairvoyant: bool,
    /// The player has stood here at some time; decides the door target.
    pub visited: bool,
    pub meeple: Option<Meeple>,
}

/// What stands between two neighbouring rooms, seen from the mover's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Passage {
    Open,
    Wall,
    /// Light on the mover's side: passes freely, shuts behind.
    DoorOpenSide,
    /// Dark on the mover's side: needs a door roll.
    DoorClosedSide,
}

pub fn passage(from: Exits, to: Exits, dir: Dir) -> Passage {
    match (from.opens(dir), to.opens(dir.opposite())) {
        (true, true) => Passage::Open,
        (false, false) => Passage::Wall,
        (true, false) => Passage::DoorOpenSide,
        (false, true) => Passage::DoorClosedSide,
    }
}

/// Rows of tiles; fixed size so no deserialised state can be ragged.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Grid {
    pub rows: [[Tile; 5]; 5],
}

impl Grid {
    pub fn tile(&self, p: Pos) -> &Tile {
        &self.rows[p.row as usize][p.col as usize]
    }

    pub fn tile_mut(&mut self, p: Pos) -> &mut Tile {
        &mut self.rows[p.row as usize][p.col as usize]
    }

    pub fn positions() -> impl Iterator<Item = Pos> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| Pos { row, col }))
    }

    pub fn tiles(&self) -> impl Iterator<Item = (Pos, &Tile)> {
        Grid::positions().map(|p| (p, self.tile(p)))
    }

    /// Tiles of `kind` whose face is known (up, or down after a reset).
    pub fn known_of_kind(&self, kind: TileKind) -> usize {
        self.tiles()
            .filter(|(_, t)| t.face.map(|f| f.kind) == Some(kind))
            .count()
    }

    pub fn face_down_count(&self) -> usize {
        self.tiles().filter(|(_, t)| !t.face_up).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passages_follow_both_edges() {
        use Exits::*;
        assert_eq!(passage(EastWest, EastWest, Dir::East), Passage::Open);
        assert_eq!(passage(NorthSouth, NorthSouth, Dir::East), Passage::Wall);
        assert_eq!(
            passage(EastWest, NorthSouth, Dir::East),
            Passage::DoorOpenSide
        );
        assert_eq!(
            passage(NorthSouth, EastWest, Dir::East),
            Passage::DoorClosedSide
        );
        // The same door seen from the other room is the other side of it.
        assert_eq!(
            passage(EastWest, NorthSouth, Dir::West),
            Passage::DoorOpenSide
        );
        assert_eq!(
            passage(NorthSouth, EastWest, Dir::West),
            Passage::DoorClosedSide
        );
    }

    #[test]
    fn perimeter_has_no_neighbour() {
        let corner = Pos::new(0, 0).unwrap();
        assert_eq!(corner.step(Dir::North), None);
        assert_eq!(corner.step(Dir::West), None);
        assert_eq!(corner.step(Dir::East), Some(Pos { row: 0, col: 1 }));
        let far = Pos::new(4, 4).unwrap();
        assert_eq!(far.step(Dir::South), None);
        assert_eq!(far.step(Dir::East), None);
        assert!(corner.is_corner() && far.is_corner() && !Pos::new(0, 2).unwrap().is_corner());
    }

    #[test]
    fn positions_out_of_range_are_rejected_even_from_json() {
        assert!(Pos::new(5, 0).is_err());
        assert!(serde_json::from_str::<Pos>(r#"{"row":2,"col":9}"#).is_err());
        assert_eq!(
            serde_json::from_str::<Pos>(r#"{"row":2,"col":4}"#).unwrap(),
            Pos { row: 2, col: 4 }
        );
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn positions_read_from_one_as_the_player_counts() {
        assert_eq!(Pos { row: 0, col: 0 }.to_string(), "row 1, column 1");
        assert_eq!(Pos { row: 4, col: 2 }.to_string(), "row 5, column 3");
    }
}
