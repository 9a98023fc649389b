// The 5×5 dungeon as the screen draws it: what each square shows, what
// stands between two squares, where an upkeep reading points. Where the
// hero can go, and through what, is the engine's (its view's `moves`).
import { DIRS, type Dir, type Exits, type GdState, type GdView, type Pos, type Tile, type TileKind } from "./types";

export const SIZE = 5;

export function tileAt(s: GdState, p: Pos): Tile {
  return s.grid.rows[p.row][p.col];
}

export function samePos(a: Pos | null | undefined, b: Pos | null | undefined): boolean {
  return !!a && !!b && a.row === b.row && a.col === b.col;
}

/** The neighbour in `dir`, or null past the walled perimeter. */
export function step(p: Pos, dir: Dir): Pos | null {
  const r = p.row + (dir === "south" ? 1 : dir === "north" ? -1 : 0);
  const c = p.col + (dir === "east" ? 1 : dir === "west" ? -1 : 0);
  return r >= 0 && r < SIZE && c >= 0 && c < SIZE ? { row: r, col: c } : null;
}

/** The direction from `a` to the neighbouring `b`; null when they do not touch. */
export function dirTo(a: Pos, b: Pos): Dir | null {
  return DIRS.find((d) => samePos(step(a, d), b)) ?? null;
}

export function opposite(d: Dir): Dir {
  return d === "north" ? "south" : d === "south" ? "north" : d === "east" ? "west" : "east";
}

/** Does a tile with these exits have a light triangle on `side`? */
export function opens(exits: Exits, side: Dir): boolean {
  return exits === "north_south" ? side === "north" || side === "south" : side === "east" || side === "west";
}

export type Passage = "open" | "wall" | "door_open_side" | "door_closed_side";

/** What lies between two tiles, seen from the one moving `dir` (grid.rs `passage`). */
export function passage(from: Exits, to: Exits, dir: Dir): Passage {
  const a = opens(from, dir);
  const b = opens(to, opposite(dir));
  if (a && b) return "open";
  if (!a && !b) return "wall";
  return a ? "door_open_side" : "door_closed_side";
}

/** An edge between two squares, for drawing. */
export type Edge =
  | { kind: "unknown" }
  | { kind: "open" }
  | { kind: "wall" }
  /** One-way: passes freely towards `free`; from the other side it needs a roll. */
  | { kind: "door"; free: Dir };

/**
 * The edge on the `dir` side of `p` (east or south, so each inner edge is
 * drawn once). Both faces must be known: a reset tile keeps its face, so its
 * edges are still shown.
 */
export function edgeOf(s: GdState, p: Pos, dir: Dir): Edge {
  const q = step(p, dir);
  if (!q) return { kind: "wall" };
  const a = tileAt(s, p).face;
  const b = tileAt(s, q).face;
  if (!a || !b) return { kind: "unknown" };
  const way = passage(a.exits, b.exits, dir);
  if (way === "open") return { kind: "open" };
  if (way === "wall") return { kind: "wall" };
  return { kind: "door", free: way === "door_open_side" ? dir : opposite(dir) };
}

/** What a click on a neighbouring square would do (the engine's view). */
export type MoveKind =
  | "flip_first" // face down and never seen: turn it up first
  | "open" // open passage, or a door from its light side
  | "door_roll" // a door from its closed side: roll die + level
  | "wall"; // the engine will refuse

export interface MoveOption {
  dir: Dir;
  to: Pos;
  kind: MoveKind;
  /** For a door roll: the total must be above this. */
  neededAbove?: number;
  /** The door held last try: another try costs a cube. */
  retry?: boolean;
}

/** The hero's neighbours as the engine lists them (perimeter sides are left out). */
export function moveOptions(v: GdView): MoveOption[] {
  return v.moves.map((m) => ({
    dir: m.dir,
    to: m.to,
    kind: m.kind,
    ...(m.needed_above !== undefined ? { neededAbove: m.needed_above } : {}),
    ...(m.kind === "door_roll" ? { retry: m.retry === true } : {}),
  }));
}

/** Tiles of each kind not yet on the table (face known), for the tile picker. */
export function tilesLeft(v: GdView): Record<TileKind, number> {
  return { ...v.tiles_left };
}

export type UpkeepOutcome = "none" | "reset" | "skipped_unexplored" | "skipped_current_room" | "skipped_boss_room";

/** What the engine will do with an upkeep reading now: its own preview
 *  (`GdView.upkeep_preview[first - 1][second - 1]`, decide/checks.rs). */
export function upkeepOutcome(v: GdView, first: number, second: number): { at: Pos | null; outcome: UpkeepOutcome } {
  const u = v.upkeep_preview[first - 1]?.[second - 1];
  if (!u) return { at: null, outcome: "none" };
  return { at: u.at ?? null, outcome: u.upkeep };
}

/** Face-down squares that may be turned up now: the hero's neighbours, or any during a vision. */
export function flippable(s: GdState): Pos[] {
  const out: Pos[] = [];
  const vision = s.phase.phase === "clairvoyance";
  const exploring = s.phase.phase === "idle" && s.phase.idle === "exploring" && s.time.pending_checks.length === 0;
  if (!vision && !exploring) return out;
  for (let row = 0; row < SIZE; row++) {
    for (let col = 0; col < SIZE; col++) {
      const p = { row, col };
      const t = tileAt(s, p);
      if (t.face_up) continue;
      if (vision || Math.abs(row - s.at.row) + Math.abs(col - s.at.col) === 1) out.push(p);
    }
  }
  return out;
}

/** The square's look: one word per fact, for CSS classes and the detail panel. */
export interface CellView {
  pos: Pos;
  kind: TileKind | null;
  exits: Exits | null;
  faceUp: boolean;
  /** Face down with a known face: reset by upkeep. */
  reset: boolean;
  explored: boolean;
  cleared: boolean;
  clairvoyant: boolean;
  visited: boolean;
  hero: boolean;
  meeple: "fled" | "bribed" | null;
  miniBossRoom: boolean;
  entrance: boolean;
}

export function cellView(s: GdState, p: Pos, entrance: Pos | null = null): CellView {
  const t = tileAt(s, p);
  return {
    pos: p,
    kind: t.face?.kind ?? null,
    exits: t.face?.exits ?? null,
    faceUp: t.face_up,
    reset: !t.face_up && !!t.face,
    explored: t.explored,
    cleared: t.cleared,
    clairvoyant: t.clairvoyant,
    visited: t.visited,
    hero: samePos(s.at, p),
    meeple: t.meeple?.reason ?? null,
    miniBossRoom: samePos(s.mini_boss_room, p),
    entrance: samePos(entrance, p),
  };
}

/** "row 2, column 3" counted from 1 as the table is read, as the engine words its messages (its JSON positions count from 0). */
export function posWords(p: Pos): string {
  return `row ${p.row + 1}, column ${p.col + 1}`;
}
