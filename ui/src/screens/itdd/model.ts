// The Silver Mine state (as the engine serialises it) turned into what the
// screen draws: squares with their card, figures with their life, the
// characters' sheets and the stashes. Lenient by design: a field the screen
// does not find reads as empty, so an older saved game still draws.

import { rulesOf, type ItddRules } from "./rules";

export type Pos = [number, number];
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown, d = 0): number => (typeof v === "number" && Number.isFinite(v) ? v : d);
const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
/** A number printed on a card, or "?" when the item does not say. */
const opt = (v: unknown): string => (typeof v === "number" && Number.isFinite(v) ? String(v) : "?");
export const posOf = (v: unknown): Pos | null =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === "number" && typeof v[1] === "number" ? [v[0], v[1]] : null;
export const key = (p: Pos): string => `${p[0]},${p[1]}`;

/** The square kinds of a card's row characters (docs/replay-itdd.md, "The board"). */
export const CELL_CHARS: Record<string, string> = {
  ".": "floor",
  "#": "wall",
  L: "locked door",
  U: "unlocked door",
  "^": "trap",
  f: "campfire",
  s: "sack",
  c: "crate",
  b: "barrel",
  h: "chest",
  t: "tomb",
  x: "trash",
};
export const CONTAINER_CHARS: Record<string, string> = { s: "sack", c: "crate", b: "barrel", h: "chest", t: "tomb", x: "trash" };

export interface Attrs {
  attack: number;
  move: number;
  torch: number;
  life: number;
}
const attrsOf = (v: unknown): Attrs => {
  const o = isObj(v) ? v : {};
  return { attack: num(o.attack), move: num(o.move), torch: num(o.torch), life: num(o.life) };
};

export interface CardView {
  id: string;
  kind: "gate" | "hall";
  origin: Pos;
  width: number;
  height: number;
  rows: string[];
  entered: boolean;
  revealedByMap: boolean;
}

export interface SquareView {
  at: Pos;
  char: string;
  card: string;
}

export interface Affliction {
  kind: string;
  turnsLeft: number;
  pending: boolean;
}

export interface CharacterView {
  id: string;
  name: string;
  player: string;
  type: string;
  attrs: Attrs;
  max: Attrs;
  pos: Pos | null;
  alive: boolean;
  inDungeon: boolean;
  inventory: Obj[];
  /** Inventory slots, as the engine counts them (null without a view). */
  capacity: number | null;
  equipped: { weapon: Obj; runes: Obj[] } | null;
  coins: number;
  afflictions: Affliction[];
  onTrap: Pos | null;
  titles: string[];
  quest: string | null;
  /** The engine's count toward the quest's goal (0 from older saves). */
  questProgress: number;
  questTally: string[];
  completed: string[];
  paths: { name: string; prerequisite: string; charges: number }[];
  activePath: string | null;
  pathCharge: number;
  turn: Obj;
  current: boolean;
}

export interface EnemyView {
  id: string;
  kind: string;
  name: string;
  pos: Pos;
  attrs: Attrs;
  carries: Obj[];
  engaged: boolean;
}

export interface ItddView {
  mode: string;
  cards: CardView[];
  squares: Map<string, SquareView>;
  /** Smallest rectangle holding every card (null before the first). */
  bounds: { minX: number; minY: number; maxX: number; maxY: number } | null;
  characters: CharacterView[];
  enemies: EnemyView[];
  dropped: { pos: Pos; item: Obj }[];
  stashes: { player: string; coins: number; books: string[] }[];
  current: string | null;
  bossesDue: { gate: string; reason: string }[];
  goblinsPlaced: number;
  enemiesDefeated: number;
  dungeonTurns: number;
  heroDeclared: boolean;
  /** What the engine derives for the screen (GameView.view). */
  rules: ItddRules;
}

function cardOf(v: unknown): CardView | null {
  if (!isObj(v)) return null;
  const origin = posOf(v.origin);
  const rows = arr(v.rows).map((r) => str(r));
  if (!origin || rows.length === 0) return null;
  return {
    id: str(v.id),
    kind: v.kind === "gate" ? "gate" : "hall",
    origin,
    width: Math.max(...rows.map((r) => [...r].length)),
    height: rows.length,
    rows,
    entered: v.entered === true,
    revealedByMap: v.revealed_by_map === true,
  };
}

function characterOf(v: Obj, current: string | null, rules: ItddRules): CharacterView {
  const inventory = arr(v.inventory).filter(isObj);
  const pos = posOf(v.pos);
  const alive = v.alive !== false;
  const eq = isObj(v.equipped) && isObj(v.equipped.weapon) ? { weapon: v.equipped.weapon, runes: arr(v.equipped.runes).filter(isObj) } : null;
  return {
    id: str(v.id),
    name: str(v.name) || str(v.id),
    player: str(v.player),
    type: str(v.character_type),
    attrs: attrsOf(v.attrs),
    max: attrsOf(v.max),
    pos,
    alive,
    inDungeon: alive && pos !== null,
    inventory,
    capacity: rules.characters.get(str(v.id))?.capacity ?? null,
    equipped: eq,
    coins: num(v.coins),
    afflictions: arr(v.afflictions).filter(isObj).map((a) => ({ kind: str(a.kind), turnsLeft: num(a.turns_left), pending: a.pending === true })),
    onTrap: posOf(v.on_trap),
    titles: arr(v.titles).map((t) => str(t)),
    quest: typeof v.quest === "string" ? v.quest : null,
    questProgress: num(v.quest_progress),
    questTally: arr(v.quest_tally).map((x) => str(x)),
    completed: arr(v.completed).map((t) => str(t)),
    paths: arr(v.paths).filter(isObj).map((p) => ({ name: str(p.name), prerequisite: str(p.prerequisite), charges: num(p.charges) })),
    activePath: typeof v.active_path === "string" ? v.active_path : null,
    pathCharge: num(v.path_charge),
    turn: isObj(v.turn) ? v.turn : {},
    current: current !== null && current === str(v.id),
  };
}

/**
 * The screen's view of an engine state and the engine's view of it
 * (GameView.view); an unreadable state gives an empty dungeon.
 */
export function itddView(state: unknown, engineView?: unknown): ItddView {
  const s = isObj(state) ? state : {};
  const rules = rulesOf(engineView);
  const current = typeof s.current === "string" ? s.current : null;
  const cards = arr(s.cards).map(cardOf).filter((c): c is CardView => c !== null);
  const squares = new Map<string, SquareView>();
  for (const c of cards) {
    c.rows.forEach((row, dy) => [...row].forEach((ch, dx) => {
      const at: Pos = [c.origin[0] + dx, c.origin[1] + dy];
      squares.set(key(at), { at, char: ch, card: c.id });
    }));
  }
  const bounds = cards.length
    ? {
        minX: Math.min(...cards.map((c) => c.origin[0])),
        minY: Math.min(...cards.map((c) => c.origin[1])),
        maxX: Math.max(...cards.map((c) => c.origin[0] + c.width - 1)),
        maxY: Math.max(...cards.map((c) => c.origin[1] + c.height - 1)),
      }
    : null;
  const enemies: EnemyView[] = arr(s.enemies).filter(isObj).flatMap((e) => {
    const pos = posOf(e.pos);
    return pos ? [{ id: str(e.id), kind: str(e.kind), name: str(e.name) || str(e.id), pos, attrs: attrsOf(e.attrs), carries: arr(e.carries).filter(isObj), engaged: e.engaged === true }] : [];
  });
  return {
    mode: str(s.mode, "solo"),
    cards,
    squares,
    bounds,
    characters: arr(s.characters).filter(isObj).map((c) => characterOf(c, current, rules)),
    enemies,
    dropped: arr(s.dropped).filter(isObj).flatMap((d) => {
      const pos = posOf(d.pos);
      return pos && isObj(d.item) ? [{ pos, item: d.item }] : [];
    }),
    stashes: isObj(s.stashes)
      ? Object.entries(s.stashes).map(([player, st]) => ({ player, coins: num(isObj(st) ? st.coins : 0), books: arr(isObj(st) ? st.books : []).map((b) => str(b)) }))
      : [],
    current,
    bossesDue: arr(s.bosses_due).filter(isObj).map((b) => ({ gate: str(b.gate), reason: str(b.reason) })),
    goblinsPlaced: num(s.goblins_placed),
    enemiesDefeated: num(s.enemies_defeated),
    dungeonTurns: num(s.dungeon_turns),
    heroDeclared: s.hero_declared === true,
    rules,
  };
}

/** What stands on a square: a living character in the dungeon, else an enemy. */
export function figureAt(v: ItddView, at: Pos): { kind: "character"; c: CharacterView } | { kind: "enemy"; e: EnemyView } | null {
  const c = v.characters.find((x) => x.inDungeon && x.pos && x.pos[0] === at[0] && x.pos[1] === at[1]);
  if (c) return { kind: "character", c };
  const e = v.enemies.find((x) => x.pos[0] === at[0] && x.pos[1] === at[1]);
  return e ? { kind: "enemy", e } : null;
}

export const adjacent = (a: Pos, b: Pos): boolean => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

/** Enemies standing next to a character (they may be attacked, and must be fled from). */
export function adjacentEnemies(v: ItddView, c: CharacterView): EnemyView[] {
  return c.pos ? v.enemies.filter((e) => adjacent(e.pos, c.pos as Pos)) : [];
}

/** A short name for an item card, as printed on it. */
export function itemName(item: Obj): string {
  const kind = str(item.item);
  switch (kind) {
    case "potion": return `${str(item.potion)} potion`;
    case "rune": return `${item.great === true ? "great " : ""}rune +${opt(item.bonus)} ${str(item.attribute)}`;
    case "weapon": return `${str(item.name) || "weapon"} (+${opt(item.bonus)} ${str(item.attribute)})`;
    case "master_key": return `master key (${opt(item.charges)} charges)`;
    case "lost_map": return "lost map";
    case "coins": return `${num(item.amount)} coins`;
    case "other": return str(item.name) || "item";
    default: return kind.replace(/_/g, " ") || "item";
  }
}

/** Every id in use (characters and enemies), so new ones can be made unique. */
export function nextId(taken: string[], prefix: string): string {
  const used = new Set(taken);
  for (let i = 1; ; i++) if (!used.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

/** What a character can act on from where they stand (the targets the action forms offer). */
export interface Reach {
  enemies: EnemyView[];
  containers: { at: Pos; kind: string }[];
  lockedDoors: Pos[];
  campfires: Pos[];
  /** Indexes into `state.dropped` of items on or next to the character. */
  dropped: { index: number; item: Obj; at: Pos }[];
  /** Other characters next to this one (to give an item to). */
  friends: CharacterView[];
}

export function reachOf(v: ItddView, c: CharacterView): Reach {
  const empty: Reach = { enemies: [], containers: [], lockedDoors: [], campfires: [], dropped: [], friends: [] };
  if (!c.inDungeon || !c.pos) return empty;
  const here = c.pos;
  const around = [...v.squares.values()].filter((q) => adjacent(q.at, here));
  return {
    enemies: adjacentEnemies(v, c),
    containers: around.filter((q) => q.char in CONTAINER_CHARS).map((q) => ({ at: q.at, kind: CONTAINER_CHARS[q.char] })),
    lockedDoors: around.filter((q) => q.char === "L").map((q) => q.at),
    campfires: around.filter((q) => q.char === "f").map((q) => q.at),
    dropped: v.dropped.map((d, index) => ({ index, item: d.item, at: d.pos })).filter((d) => adjacent(d.at, here) || (d.at[0] === here[0] && d.at[1] === here[1])),
    friends: v.characters.filter((o) => o.id !== c.id && o.inDungeon && o.pos !== null && adjacent(o.pos, here)),
  };
}

/** Gate squares a character may enter on: open floor with nobody on it. */
export function freeGateSquares(v: ItddView): Pos[] {
  const gates = new Set(v.cards.filter((c) => c.kind === "gate").map((c) => c.id));
  return [...v.squares.values()]
    .filter((q) => gates.has(q.card) && (q.char === "." || q.char === "U") && !figureAt(v, q.at))
    .map((q) => q.at);
}

/** Is anyone (alive) still inside? A new dungeon waits until everyone is out. */
export const anyoneInside = (v: ItddView): boolean => v.characters.some((c) => c.inDungeon);

/** `base` itself when free (a character's id from their name), else base-2, base-3… */
export function uniqueId(taken: string[], base: string): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i++) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * The names the players know the figures by, for messages that would
 * otherwise show ids ("g1 on anna"): a character's name, an enemy's card
 * name or else its kind ("Goblin").
 */
export function figureNames(v: ItddView): Map<string, string> {
  return new Map<string, string>([
    ...v.characters.map((c): [string, string] => [c.id, c.name]),
    ...v.enemies.map((e): [string, string] => [e.id, enemyLabel(v, e)]),
  ]);
}

/**
 * An enemy as the table knows it: its own name, else its kind ("Goblin"),
 * numbered in the order placed when several of that kind stand ("Goblin 2").
 */
export function enemyLabel(v: ItddView, e: ItddView["enemies"][number]): string {
  if (e.name && e.name !== e.id) return e.name;
  const kind = e.kind.charAt(0).toUpperCase() + e.kind.slice(1).replace(/_/g, " ");
  const same = v.enemies.filter((x) => x.kind === e.kind && !(x.name && x.name !== x.id));
  return same.length > 1 ? `${kind} ${same.indexOf(e) + 1}` : kind;
}
