// The dungeon as the screen draws it: what each square shows, what
// stands between two squares, where an upkeep reading points. Where the
// hero can go, and through what, is the engine's (its view's `moves`).
import { type Dir, type Exits, type GdState, type GdView, type Pos, type Tile, type TileKind } from "./types";

export function tileAt(s: GdState, p: Pos): Tile {
  return s.grid.rows[p.row][p.col];
}

export function samePos(a: Pos | null | undefined, b: Pos | null | undefined): boolean {
  return !!a && !!b && a.row === b.row && a.col === b.col;
}

/** An edge between two squares, for drawing. */
export type Edge =
  | { kind: "unknown" }
  | { kind: "open" }
  | { kind: "wall" }
  /** One-way: passes freely towards `free`; from the other side it needs a roll. */
  | { kind: "door"; free: Dir };

/** The edge on the `dir` side of `p` (east or south, so each inner edge is
 *  drawn once), as the engine's view has it (`GdView.edges`). */
export function edgeOf(v: GdView, p: Pos, dir: Dir): Edge {
  const e = v.edges.find((x) => x.dir === dir && samePos(x.at, p));
  if (!e) return { kind: "wall" };
  return e.kind === "door" ? { kind: "door", free: e.free! } : { kind: e.kind };
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

/** Face-down squares that may be turned up now: the engine's own answer
 *  (the hero's neighbours while exploring, any during a vision). */
export function flippable(v: GdView): Pos[] {
  return v.flippable;
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
