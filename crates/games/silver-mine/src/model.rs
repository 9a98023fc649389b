//! The game state: dungeon cards, cubes, characters, enemies, and the campaign.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tw_rules::SplitMix64;

/// A square on the table, in squares (not cards). Serialised as `[x, y]`;
/// `y` grows downwards like the rows of a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }
    /// Up, right, down, left: the only moves the game allows (no diagonals).
    pub fn neighbours(self) -> [Pos; 4] {
        [
            Pos::new(self.x, self.y.saturating_sub(1)),
            Pos::new(self.x.saturating_add(1), self.y),
            Pos::new(self.x, self.y.saturating_add(1)),
            Pos::new(self.x.saturating_sub(1), self.y),
        ]
    }
    pub fn adjacent(self, o: Pos) -> bool {
        // In i64 so that a wild coordinate from bad input cannot overflow.
        (i64::from(self.x) - i64::from(o.x)).abs() + (i64::from(self.y) - i64::from(o.y)).abs() == 1
    }
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Self {
        Pos { x, y }
    }
}
impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> Self {
        (p.x, p.y)
    }
}
impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.x, self.y)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContainerKind {
    Sack,
    Crate,
    Barrel,
    Chest,
    Tomb,
    Trash,
}

/// What one square of a card holds. One character each in a card's `rows`:
///
/// `.` floor · `#` wall · `L` locked door · `U` unlocked door · `s` sack ·
/// `c` crate · `b` barrel · `h` chest · `t` tomb · `x` trash · `^` trap ·
/// `f` campfire (unused; once used it becomes floor, which anyone may cross).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Floor,
    Wall,
    Door { locked: bool },
    Container(ContainerKind),
    Trap,
    Campfire,
}

impl Cell {
    pub fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' => Cell::Floor,
            '#' => Cell::Wall,
            'L' => Cell::Door { locked: true },
            'U' => Cell::Door { locked: false },
            's' => Cell::Container(ContainerKind::Sack),
            'c' => Cell::Container(ContainerKind::Crate),
            'b' => Cell::Container(ContainerKind::Barrel),
            'h' => Cell::Container(ContainerKind::Chest),
            't' => Cell::Container(ContainerKind::Tomb),
            'x' => Cell::Container(ContainerKind::Trash),
            '^' => Cell::Trap,
            'f' => Cell::Campfire,
            _ => return None,
        })
    }
    pub fn to_char(self) -> char {
        match self {
            Cell::Floor => '.',
            Cell::Wall => '#',
            Cell::Door { locked: true } => 'L',
            Cell::Door { locked: false } => 'U',
            Cell::Container(ContainerKind::Sack) => 's',
            Cell::Container(ContainerKind::Crate) => 'c',
            Cell::Container(ContainerKind::Barrel) => 'b',
            Cell::Container(ContainerKind::Chest) => 'h',
            Cell::Container(ContainerKind::Tomb) => 't',
            Cell::Container(ContainerKind::Trash) => 'x',
            Cell::Trap => '^',
            Cell::Campfire => 'f',
        }
    }
    /// Squares a figure may stand on at all (occupants aside).
    pub fn is_open_floor(self) -> bool {
        matches!(self, Cell::Floor | Cell::Door { locked: false })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardKind {
    Gate,
    Hall,
}

impl CardKind {
    /// Every kind as commands name it (`place_card`'s `kind`): the only
    /// kinds of Gate and Hall card the card library keeps for this game.
    pub const NAMES: [&'static str; 2] = ["gate", "hall"];
}

/// A dungeon card lying on the table: a block of squares whose top-left
/// square is `origin`. Serialised with its squares as strings, one per row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "CardRepr", into = "CardRepr")]
pub struct Card {
    pub id: String,
    pub kind: CardKind,
    pub origin: Pos,
    pub width: i32,
    pub height: i32,
    pub cells: Vec<Cell>,
    /// Revealed with a Lost Map: its enemies wait until someone enters.
    pub revealed_by_map: bool,
    /// A character has stood on it.
    pub entered: bool,
}

#[derive(Serialize, Deserialize)]
pub struct CardRepr {
    pub id: String,
    pub kind: CardKind,
    pub origin: Pos,
    pub rows: Vec<String>,
    #[serde(default)]
    pub revealed_by_map: bool,
    #[serde(default)]
    pub entered: bool,
}

impl TryFrom<CardRepr> for Card {
    type Error = String;
    fn try_from(r: CardRepr) -> Result<Card, String> {
        let (width, height, cells) = parse_rows(&r.rows)?;
        Ok(Card {
            id: r.id,
            kind: r.kind,
            origin: r.origin,
            width,
            height,
            cells,
            revealed_by_map: r.revealed_by_map,
            entered: r.entered,
        })
    }
}

impl From<Card> for CardRepr {
    fn from(c: Card) -> CardRepr {
        let rows = c.rows();
        CardRepr {
            id: c.id,
            kind: c.kind,
            origin: c.origin,
            rows,
            revealed_by_map: c.revealed_by_map,
            entered: c.entered,
        }
    }
}

/// How far from the origin a card may lie, in squares: a table is far
/// smaller, and the bound keeps every square sum well inside `i32`.
pub const MAX_COORD: i32 = 10_000;

/// Largest card side we accept, in squares; real cards are far smaller, so a
/// bigger one is a typo, not a card.
pub const MAX_CARD_SIDE: usize = 16;

/// Parse a card's rows; every row must have the same length.
pub fn parse_rows(rows: &[String]) -> Result<(i32, i32, Vec<Cell>), String> {
    if rows.is_empty() || rows.len() > MAX_CARD_SIDE {
        return Err(format!(
            "a card has 1 to {MAX_CARD_SIDE} rows, not {}",
            rows.len()
        ));
    }
    let width = rows[0].chars().count();
    if width == 0 || width > MAX_CARD_SIDE {
        return Err(format!(
            "a card row has 1 to {MAX_CARD_SIDE} squares, not {width}"
        ));
    }
    let mut cells = Vec::with_capacity(width * rows.len());
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() != width {
            return Err(format!(
                "row {y} has {} squares but row 0 has {width}; a card is a rectangle",
                row.chars().count()
            ));
        }
        for (x, ch) in row.chars().enumerate() {
            cells.push(Cell::from_char(ch).ok_or_else(|| {
                format!("square ({x}, {y}) is {ch:?}, not one of . # L U s c b h t x ^ f")
            })?);
        }
    }
    Ok((width as i32, rows.len() as i32, cells))
}

impl Card {
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .chunks(self.width as usize)
            .map(|r| r.iter().map(|c| c.to_char()).collect())
            .collect()
    }
    pub fn contains(&self, p: Pos) -> bool {
        p.x >= self.origin.x
            && p.y >= self.origin.y
            && p.x < self.origin.x + self.width
            && p.y < self.origin.y + self.height
    }
    fn index(&self, p: Pos) -> usize {
        ((p.y - self.origin.y) * self.width + (p.x - self.origin.x)) as usize
    }
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        self.contains(p).then(|| self.cells[self.index(p)])
    }
    pub fn set_cell(&mut self, p: Pos, c: Cell) {
        if self.contains(p) {
            let i = self.index(p);
            self.cells[i] = c;
        }
    }
    pub fn squares(&self) -> impl Iterator<Item = Pos> + '_ {
        (0..self.height).flat_map(move |y| {
            (0..self.width).map(move |x| Pos::new(self.origin.x + x, self.origin.y + y))
        })
    }
    pub fn overlaps(&self, o: &Card) -> bool {
        self.origin.x < o.origin.x + o.width
            && o.origin.x < self.origin.x + self.width
            && self.origin.y < o.origin.y + o.height
            && o.origin.y < self.origin.y + self.height
    }
    /// Shares at least one square edge with `o` (edge to edge, not corner to corner).
    pub fn touches(&self, o: &Card) -> bool {
        let x_overlap =
            self.origin.x < o.origin.x + o.width && o.origin.x < self.origin.x + self.width;
        let y_overlap =
            self.origin.y < o.origin.y + o.height && o.origin.y < self.origin.y + self.height;
        let x_touch =
            self.origin.x + self.width == o.origin.x || o.origin.x + o.width == self.origin.x;
        let y_touch =
            self.origin.y + self.height == o.origin.y || o.origin.y + o.height == self.origin.y;
        (x_touch && y_overlap) || (y_touch && x_overlap)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnemyKind {
    Goblin,
    Rat,
    Spider,
    Boss,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Affliction {
    Disease,
    Poison,
    Snared,
}

/// An affliction's clock. It is taken now and bites from the start of the
/// character's next turn; taking it again restarts it (no stacking).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AfflictionClock {
    pub kind: Affliction,
    /// Turns still to suffer, counting the coming one.
    pub turns_left: u8,
    /// True until the start of the character's next turn.
    pub pending: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attribute {
    Attack,
    Move,
    Torch,
    Life,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Attributes {
    pub attack: i32,
    #[serde(rename = "move")]
    pub move_: i32,
    pub torch: i32,
    pub life: i32,
}

impl Attributes {
    pub fn get(&self, a: Attribute) -> i32 {
        match a {
            Attribute::Attack => self.attack,
            Attribute::Move => self.move_,
            Attribute::Torch => self.torch,
            Attribute::Life => self.life,
        }
    }
    pub fn get_mut(&mut self, a: Attribute) -> &mut i32 {
        match a {
            Attribute::Attack => &mut self.attack,
            Attribute::Move => &mut self.move_,
            Attribute::Torch => &mut self.torch,
            Attribute::Life => &mut self.life,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CharacterType {
    Magic,
    Strength,
    Precision,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PotionKind {
    Strength,
    Speed,
    Health,
}

/// A rune: +`bonus` to one attribute while attached to the equipped weapon.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rune {
    pub attribute: Attribute,
    #[serde(default = "one")]
    pub bonus: i32,
    #[serde(default)]
    pub great: bool,
}

fn one() -> i32 {
    1
}

/// An item card. Values printed on a card (a weapon's bonus) travel with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum Item {
    Potion {
        potion: PotionKind,
    },
    Rune(Rune),
    Weapon {
        #[serde(default)]
        name: String,
        attribute: Attribute,
        #[serde(default = "one")]
        bonus: i32,
    },
    Backpack,
    MasterKey {
        #[serde(default = "two")]
        charges: u8,
    },
    Tools,
    Torch,
    LostMap,
    /// A coin card: turned into coins as soon as it is taken.
    Coins {
        amount: u32,
    },
    /// A quest item or anything else the engine only needs to count.
    Other {
        name: String,
    },
}

fn two() -> u8 {
    2
}

impl Item {
    /// A Master Key as it comes: "It has 2 charges" (p.30).
    pub fn default_master_key() -> Item {
        Item::MasterKey { charges: two() }
    }
    /// A rune's or weapon's bonus when the card does not say (+1).
    pub fn default_bonus() -> i32 {
        one()
    }

    /// The Merchant's price row for this item, if he trades it.
    pub fn merchant_row(&self) -> Option<&'static str> {
        Some(match self {
            Item::Potion { .. } => "potion",
            Item::Rune(_) => "rune",
            Item::Weapon { .. } => "weapon",
            Item::Backpack => "backpack",
            Item::MasterKey { .. } => "master_key",
            Item::Tools => "tools",
            Item::Torch => "torch",
            Item::LostMap => "lost_map",
            Item::Coins { .. } | Item::Other { .. } => return None,
        })
    }
}

/// The equipped weapon with the runes on it (at most one great and one simple).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Equipped {
    pub weapon: Item,
    #[serde(default)]
    pub runes: Vec<Rune>,
}

/// What a character has done this turn, for the once-per-turn rules and Run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnFlags {
    pub moved: i32,
    pub ran: bool,
    pub attacked: bool,
    pub rested: bool,
    /// Any action other than moving (Run forbids them).
    pub acted: bool,
    pub combat_bonus: i32,
    pub move_bonus: i32,
    /// Snared: nothing more this turn.
    pub stopped: bool,
    /// Fled combat this turn: may walk away from adjacent enemies.
    pub fled: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Personal,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    Vagabond,
    Seeker,
    Pathfinder,
    Adventurer,
    Explorer,
    Hero,
}

pub type BookId = String;

/// What charges a path's special power (the icons on the path cards, p.36).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Prerequisite {
    /// You successfully attack.
    Attack,
    /// You take damage.
    BeHit,
    /// You defeat an enemy.
    Defeat,
    /// A new Hall is explored.
    Explore,
    /// You spend a Torch.
    Torch,
}

/// A path card as chosen: its prerequisite and the squares before the star.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathCard {
    pub name: String,
    pub prerequisite: Prerequisite,
    pub charges: u8,
}

/// A player's stash in Crossroads Town: never lost, inherited by the player's
/// next character.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stash {
    pub coins: u32,
    pub books: Vec<BookId>,
}

/// "Each hero can carry up to 3 items" (p.13).
pub const BASE_CAPACITY: usize = 3;
/// A backpack "takes one of the 3 spaces ... but provides an additional 3
/// spaces" (p.30): 6 slots, the backpack in one of them.
pub const BACKPACK_CAPACITY: usize = 6;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Character {
    pub id: String,
    /// The seat at the table; the stash belongs to it, not to the character.
    pub player: String,
    #[serde(default)]
    pub name: String,
    pub character_type: CharacterType,
    /// Current values (weapon and rune bonuses included).
    pub attrs: Attributes,
    /// The printed maximum (the circles), before weapon and rune bonuses.
    pub max: Attributes,
    pub pos: Option<Pos>,
    /// The Gate this character entered through (where a boss they call appears).
    pub entry_gate: Option<String>,
    pub alive: bool,
    pub inventory: Vec<Item>,
    pub equipped: Option<Equipped>,
    /// Coins carried in the dungeon (lost on death; the stash is safe).
    pub coins: u32,
    pub afflictions: Vec<AfflictionClock>,
    pub turn: TurnFlags,
    /// A trap stepped on and not yet disarmed or triggered.
    pub on_trap: Option<Pos>,
    pub titles: Vec<Title>,
    pub quest: Option<String>,
    /// How far the current quest is, as counted from what was played
    /// through the app (see `quests`); 0 without a quest.
    #[serde(default)]
    pub quest_progress: u32,
    /// The different things already counted, for quests that count kinds
    /// (Goblin Bane: the goblin cards defeated).
    #[serde(default)]
    pub quest_tally: Vec<String>,
    pub completed: Vec<String>,
    /// Paths chosen at the Tree; the active one charges.
    pub paths: Vec<PathCard>,
    #[serde(default)]
    pub active_path: Option<String>,
    #[serde(default)]
    pub path_charge: u8,
    /// Items bought from the Merchant this visit (he will not buy them back).
    pub bought_this_visit: Vec<Item>,
    /// A rumour was bought for the coming exploration (one per exploration).
    #[serde(default)]
    pub rumor_heard: bool,
    /// Giant Strength charges spent this dungeon run (3 per run).
    #[serde(default)]
    pub giant_strength_used: u8,
}

impl Character {
    pub fn affliction(&self, k: Affliction) -> Option<&AfflictionClock> {
        self.afflictions.iter().find(|a| a.kind == k)
    }
    /// Attack as used in a combat roll: 0 while disease bites.
    pub fn combat_attack(&self) -> i32 {
        match self.affliction(Affliction::Disease) {
            Some(a) if !a.pending => 0,
            _ => self.attrs.attack,
        }
    }
    /// Bonus granted by the equipped weapon and its runes to `a`.
    pub fn gear_bonus(&self, a: Attribute) -> i32 {
        let Some(eq) = &self.equipped else { return 0 };
        let w = match &eq.weapon {
            Item::Weapon {
                attribute, bonus, ..
            } if *attribute == a => *bonus,
            _ => 0,
        };
        eq.runes
            .iter()
            .filter(|r| r.attribute == a)
            .fold(w, |s, r| s.saturating_add(r.bonus))
    }
    /// Highest value an attribute may be restored to (printed + gear).
    pub fn cap(&self, a: Attribute) -> i32 {
        self.max.get(a).saturating_add(self.gear_bonus(a))
    }
    pub fn has_backpack(&self) -> bool {
        self.inventory.contains(&Item::Backpack)
    }
    /// Inventory slots: 3, or 6 with a backpack (which fills one, leaving 5).
    pub fn capacity(&self) -> usize {
        if self.has_backpack() {
            BACKPACK_CAPACITY
        } else {
            BASE_CAPACITY
        }
    }
    pub fn in_dungeon(&self) -> bool {
        self.alive && self.pos.is_some()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Enemy {
    pub id: String,
    pub kind: EnemyKind,
    #[serde(default)]
    pub name: String,
    pub pos: Pos,
    pub attrs: Attributes,
    /// Items carried (taken by whoever defeats it).
    #[serde(default)]
    pub carries: Vec<Item>,
    /// Torch >= 1 calls companions once, at the first dungeon turn.
    pub companions_called: bool,
    /// Has seen a character (goblins then chase anywhere).
    pub engaged: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Solo,
    Cooperative,
    Competitive,
    Arena,
}

impl Mode {
    /// Every mode, in the rulebook's order (p.7).
    pub const ALL: [Mode; 4] = [Mode::Solo, Mode::Cooperative, Mode::Competitive, Mode::Arena];

    /// The name a setup form shows.
    pub fn title(self) -> &'static str {
        match self {
            Mode::Solo => "Solo",
            Mode::Cooperative => "Cooperative",
            Mode::Competitive => "Competitive",
            Mode::Arena => "Arena",
        }
    }
}

/// An item lying on a square (dropped, or found with a full inventory).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dropped {
    pub pos: Pos,
    pub item: Item,
}

/// A boss the rules say must now enter, at this Gate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BossDue {
    pub gate: String,
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub mode: Mode,
    pub rng: SplitMix64,
    pub cards: Vec<Card>,
    pub characters: Vec<Character>,
    pub enemies: Vec<Enemy>,
    pub dropped: Vec<Dropped>,
    pub stashes: BTreeMap<String, Stash>,
    /// The character whose turn it is; none before the first `start_turn`
    /// and again from each dungeon turn until the next one.
    pub current: Option<String>,
    /// This exploration's turn order: characters in the order of their first
    /// turn (the initiative winner, then clockwise as the table plays it).
    #[serde(default)]
    pub turn_order: Vec<String>,
    /// Characters who have started a turn since the last dungeon turn.
    #[serde(default)]
    pub turns_taken: Vec<String>,
    /// Goblins placed this dungeon, defeated ones included (8th calls a boss).
    pub goblins_placed: u32,
    pub bosses_due: Vec<BossDue>,
    pub enemies_defeated: u32,
    pub hero_declared: bool,
    /// Dungeon turns run so far.
    pub dungeon_turns: u32,
}

impl State {
    pub fn card_at(&self, p: Pos) -> Option<&Card> {
        self.cards.iter().find(|c| c.contains(p))
    }
    pub fn card_index_at(&self, p: Pos) -> Option<usize> {
        self.cards.iter().position(|c| c.contains(p))
    }
    pub fn cell(&self, p: Pos) -> Option<Cell> {
        self.card_at(p).and_then(|c| c.cell(p))
    }
    pub fn character(&self, id: &str) -> Option<&Character> {
        self.characters.iter().find(|c| c.id == id)
    }
    pub fn character_mut(&mut self, id: &str) -> Option<&mut Character> {
        self.characters.iter_mut().find(|c| c.id == id)
    }
    pub fn enemy(&self, id: &str) -> Option<&Enemy> {
        self.enemies.iter().find(|e| e.id == id)
    }
    pub fn enemy_mut(&mut self, id: &str) -> Option<&mut Enemy> {
        self.enemies.iter_mut().find(|e| e.id == id)
    }
    pub fn enemy_at(&self, p: Pos) -> Option<&Enemy> {
        self.enemies.iter().find(|e| e.pos == p)
    }
    pub fn character_at(&self, p: Pos) -> Option<&Character> {
        self.characters
            .iter()
            .find(|c| c.in_dungeon() && c.pos == Some(p))
    }
    /// Goblins standing on the same card as `p` (for the pack bonus).
    pub fn goblins_on_card_of(&self, p: Pos) -> usize {
        let Some(card) = self.card_at(p) else {
            return 0;
        };
        self.enemies
            .iter()
            .filter(|e| e.kind == EnemyKind::Goblin && card.contains(e.pos))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::CardKind;

    #[test]
    fn card_kind_names_are_the_names_commands_use_for_every_kind() {
        let named: Vec<CardKind> = CardKind::NAMES
            .iter()
            .map(|n| serde_json::from_value(serde_json::json!(n)).unwrap())
            .collect();
        // A new kind stops this match compiling until it is named above.
        for k in [CardKind::Gate, CardKind::Hall] {
            match k {
                CardKind::Gate | CardKind::Hall => {
                    assert!(named.contains(&k), "{k:?} is not in CardKind::NAMES")
                }
            }
        }
    }
}
