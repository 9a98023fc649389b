// The grid editor's model: a card being laid (its kind, size, where its
// top-left square goes and what each square holds), the brushes that paint
// squares, and the window of the table the grid shows. Pure, so the clicks
// the screen turns into commands are tested without a window.
import { CELL_CHARS, key, type CardView, type ItddView, type Pos } from "./model";

/** A card not yet sent: `rows` are relative to `origin` (null until clicked). */
export interface CardDraft {
  kind: "gate" | "hall";
  width: number;
  height: number;
  origin: Pos | null;
  rows: string[];
}

/** What a click paints: a row character of docs/replay-itdd.md. */
export interface Brush {
  char: string;
  label: string;
  /** The `place_cube` cube for a square of a card already on the table (walls cannot be added later). */
  cube: unknown | null;
}

export const BRUSHES: Brush[] = [
  { char: ".", label: "floor", cube: null },
  { char: "#", label: "wall", cube: null },
  { char: "L", label: "locked door", cube: "locked_door" },
  { char: "U", label: "unlocked door", cube: "unlocked_door" },
  { char: "^", label: "trap", cube: "trap" },
  { char: "f", label: "campfire", cube: "campfire" },
  { char: "s", label: "sack", cube: { container: "sack" } },
  { char: "c", label: "crate", cube: { container: "crate" } },
  { char: "b", label: "barrel", cube: { container: "barrel" } },
  { char: "h", label: "chest", cube: { container: "chest" } },
  { char: "t", label: "tomb", cube: { container: "tomb" } },
  { char: "x", label: "trash", cube: { container: "trash" } },
];

/** A side of at least one square and at most `max` (the engine's largest card side). */
const clampSide = (n: number, max: number): number => Math.max(1, Math.min(max, Math.round(Number.isFinite(n) ? n : 1)));

/** A blank card of floor squares (Gate cards are 4×4 in the box; Halls vary: the player resizes it). */
export function newDraft(kind: "gate" | "hall", width = 4, height = 4): CardDraft {
  const w = clampSide(width, width);
  const hgt = clampSide(height, height);
  return { kind, width: w, height: hgt, origin: null, rows: Array.from({ length: hgt }, () => ".".repeat(w)) };
}

/**
 * Change the size, keeping what was painted where it still fits; a side
 * stays within 1..`maxSide` (the engine's limit; without one, the draft may
 * not grow past its current size).
 */
export function resizeDraft(d: CardDraft, width: number, height: number, maxSide: number | null): CardDraft {
  const w = clampSide(width, maxSide ?? d.width);
  const hgt = clampSide(height, maxSide ?? d.height);
  const rows = Array.from({ length: hgt }, (_, y) => {
    const old = d.rows[y] ?? "";
    return Array.from({ length: w }, (_, x) => old[x] ?? ".").join("");
  });
  return { ...d, width: w, height: hgt, rows };
}

/** Turn the card a quarter clockwise (a card may lie turned on the table). */
export function rotateDraft(d: CardDraft): CardDraft {
  const rows = Array.from({ length: d.width }, (_, y) => Array.from({ length: d.height }, (_, x) => d.rows[d.height - 1 - x][y]).join(""));
  return { ...d, width: d.height, height: d.width, rows };
}

export function draftContains(d: CardDraft, at: Pos): boolean {
  return !!d.origin && at[0] >= d.origin[0] && at[1] >= d.origin[1] && at[0] < d.origin[0] + d.width && at[1] < d.origin[1] + d.height;
}

/** The draft's square at a table position (null outside it or before it is placed). */
export function draftCell(d: CardDraft, at: Pos): string | null {
  if (!draftContains(d, at) || !d.origin) return null;
  return d.rows[at[1] - d.origin[1]][at[0] - d.origin[0]];
}

/** Set one square of the draft to `char` (a drag paints every square it crosses the same). */
export function setDraftCell(d: CardDraft, at: Pos, char: string): CardDraft {
  if (!(char in CELL_CHARS) || !d.origin || !draftContains(d, at)) return d;
  const x = at[0] - d.origin[0];
  const y = at[1] - d.origin[1];
  if (d.rows[y][x] === char) return d;
  const rows = d.rows.map((r, i) => (i === y ? r.slice(0, x) + char + r.slice(x + 1) : r));
  return { ...d, rows };
}

/**
 * Paint one square of the draft. Painting a square with the character it
 * already has turns it back to floor, so a slip is undone by clicking again.
 */
export function paintDraft(d: CardDraft, at: Pos, char: string): CardDraft {
  return setDraftCell(d, at, draftCell(d, at) === char ? "." : char);
}

/** Cards of the table the draft would cover (the engine refuses an overlap). */
export function draftOverlaps(d: CardDraft, cards: CardView[]): string[] {
  if (!d.origin) return [];
  const [x, y] = d.origin;
  return cards
    .filter((c) => x < c.origin[0] + c.width && c.origin[0] < x + d.width && y < c.origin[1] + c.height && c.origin[1] < y + d.height)
    .map((c) => c.id);
}

/** Does the draft meet a card of the table edge to edge (needed for every card after the first)? */
export function draftTouches(d: CardDraft, cards: CardView[]): boolean {
  if (!d.origin) return false;
  const [x, y] = d.origin;
  return cards.some((c) => {
    const xOverlap = x < c.origin[0] + c.width && c.origin[0] < x + d.width;
    const yOverlap = y < c.origin[1] + c.height && c.origin[1] < y + d.height;
    const xTouch = x + d.width === c.origin[0] || c.origin[0] + c.width === x;
    const yTouch = y + d.height === c.origin[1] || c.origin[1] + c.height === y;
    return (xTouch && yOverlap) || (yTouch && xOverlap);
  });
}

/** A word for the player on why the draft cannot go yet, or null when it may be sent. */
export function draftProblem(d: CardDraft, cards: CardView[]): string | null {
  if (!d.origin) return "Click the grid where the card's top-left square goes.";
  if (cards.length === 0 && d.kind !== "gate") return "The first card must be a Gate.";
  const over = draftOverlaps(d, cards);
  if (over.length) return `It overlaps ${over.join(", ")}.`;
  if (cards.length > 0 && !draftTouches(d, cards)) return "It must meet a card edge to edge.";
  return null;
}

/** A card id not yet on the table: gate-1, hall-3… */
export function nextCardId(cards: CardView[], kind: "gate" | "hall"): string {
  const used = new Set(cards.map((c) => c.id));
  for (let i = 1; ; i++) if (!used.has(`${kind}-${i}`)) return `${kind}-${i}`;
}

/** The `place_card` command for a draft; `explorer` spends a Torch, `lostMap` uses the map instead. */
export function placeCardCommand(d: CardDraft, id: string, explorer: string | null, lostMap: boolean): Record<string, unknown> | { error: string } {
  if (!d.origin) return { error: "Click the grid where the card's top-left square goes." };
  const cmd: Record<string, unknown> = { type: "place_card", id, kind: d.kind, origin: [...d.origin], rows: [...d.rows] };
  if (explorer) cmd.explorer = explorer;
  if (lostMap) {
    if (!explorer) return { error: "A Lost Map is used by a character: choose the explorer." };
    cmd.lost_map = true;
  }
  return cmd;
}

/** The `place_cube` command for a brush on a square of a card already laid (null: that brush cannot be added later). */
export function cubeCommand(brush: Brush, at: Pos): Record<string, unknown> | null {
  return brush.cube === null ? null : { type: "place_cube", at: [...at], cube: brush.cube };
}

/**
 * The part of the table the grid shows: every card plus a margin for the
 * next card (and the draft), or a 12×10 area before the first card.
 */
export function viewport(v: ItddView, d: CardDraft | null, margin = 3): { minX: number; minY: number; maxX: number; maxY: number } {
  let b = v.bounds ? { ...v.bounds } : { minX: 0, minY: 0, maxX: 11, maxY: 9 };
  if (v.bounds) b = { minX: b.minX - margin, minY: b.minY - margin, maxX: b.maxX + margin, maxY: b.maxY + margin };
  if (d && d.origin) {
    b.minX = Math.min(b.minX, d.origin[0]);
    b.minY = Math.min(b.minY, d.origin[1]);
    b.maxX = Math.max(b.maxX, d.origin[0] + d.width - 1);
    b.maxY = Math.max(b.maxY, d.origin[1] + d.height - 1);
  }
  return b;
}

/**
 * Add a clicked square to a path being drawn from `start`. Clicking the last
 * square again removes it; clicking an earlier square cuts the path back to
 * it; a square not next to the path's end is refused with a reason (moves
 * have no diagonals and no jumps).
 */
export function extendPath(start: Pos, path: Pos[], at: Pos): Pos[] | { error: string } {
  const k = path.findIndex((p) => p[0] === at[0] && p[1] === at[1]);
  if (k >= 0 && k === path.length - 1) return path.slice(0, -1);
  if (k >= 0) return path.slice(0, k + 1);
  if (at[0] === start[0] && at[1] === start[1]) return [];
  const end = path.length ? path[path.length - 1] : start;
  if (Math.abs(end[0] - at[0]) + Math.abs(end[1] - at[1]) !== 1) return { error: "Moves go one square at a time, no diagonals: click a square next to the end of the path." };
  return [...path, at];
}

/** Squares of the table: is `at` on a placed card? */
export const onTable = (v: ItddView, at: Pos): boolean => v.squares.has(key(at));
