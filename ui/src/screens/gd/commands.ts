// The engine's commands and set up, built from what the player tapped
// (vocabulary: docs/replay-green-dungeon.md). Validation here only catches
// what a form can get wrong before sending; the engine still refuses
// anything against the rules, with the rule's name.
import { COLOURS, SYMBOLS, TILE_KINDS, type Card, type Colour, type Dir, type Exits, type Pos, type Symbol, type TileKind } from "./types";
import type { GdOptions } from "../../setup-options";

export function cornerName(p: Pos): string {
  return `${p.row === 0 ? "top" : "bottom"}-${p.col === 0 ? "left" : "right"}`;
}

export interface SetupInput {
  /** Index into the engine's entrance corners (`GdOptions.entrance_corners`). */
  corner: number;
  kind: TileKind;
  exits: Exits;
  /** Straw tiles turned up at other corners while choosing the entrance. */
  strawSeen: Array<{ corner: number; exits: Exits }>;
  player: Colour;
  monster: Colour;
}

export type SetupResult = { setup: Record<string, unknown> } | { error: string };

/**
 * The engine's set up JSON, or what is wrong with the form. `o` is what the
 * engine's setup accepts: its corners and the tile kinds an entrance may be.
 */
export function gdSetup(i: SetupInput, o: Pick<GdOptions, "entrance_corners" | "entrance_kinds">): SetupResult {
  const corners = o.entrance_corners;
  const at = corners[i.corner];
  if (!at) return { error: "Choose the corner the hero enters by." };
  if (!TILE_KINDS.includes(i.kind)) return { error: `Unknown tile kind “${i.kind}”.` };
  if (!o.entrance_kinds.includes(i.kind))
    return { error: `A ${i.kind.charAt(0).toUpperCase()}${i.kind.slice(1)} tile cannot be the entrance: leave it face up and choose another corner.` };
  if (!COLOURS.includes(i.player) || !COLOURS.includes(i.monster)) return { error: "Choose a colour for each die." };
  if (i.player === i.monster) return { error: `Both dice are ${i.player}: pick two colours so the camera can tell your die from the monster's.` };
  const seen = new Set<number>();
  for (const s of i.strawSeen) {
    if (s.corner === i.corner) return { error: "A Straw tile seen cannot lie on the entrance corner." };
    if (!corners[s.corner]) return { error: "A Straw tile seen must lie on a corner." };
    if (seen.has(s.corner)) return { error: `Two Straw tiles on the ${cornerName(corners[s.corner])} corner.` };
    seen.add(s.corner);
  }
  return {
    setup: {
      entrance: { at, kind: i.kind, exits: i.exits },
      straw_seen: i.strawSeen.map((s) => ({ at: corners[s.corner], kind: "straw", exits: s.exits })),
      dice: { player: i.player, monster: i.monster },
    },
  };
}

export const flip = (at: Pos, kind: TileKind, exits: Exits) => ({ type: "flip", at, kind, exits });
export const move = (dir: Dir) => ({ type: "move", dir });
export const rest = () => ({ type: "rest" });
export const bribe = () => ({ type: "bribe" });
export const faceBoss = () => ({ type: "face_boss" });
export const retreat = () => ({ type: "retreat" });
export const endVision = () => ({ type: "end_vision" });
export const perish = () => ({ type: "perish" });
export const usePotion = (index: number) => ({ type: "use_potion", index });

/** A card being tapped in: either part may still be missing. */
export interface CardDraft {
  number: number | null;
  symbol: Symbol | null;
}

/** The numbers a card can show (the engine's view: `rules.card_min`, `rules.card_max`). */
export interface CardRange {
  card_min: number;
  card_max: number;
}

function finished(d: CardDraft, which: string, r: CardRange): Card | string {
  if (d.number === null || d.symbol === null) return `Tap the ${which ? `${which} ` : ""}card's ${d.number === null ? "number" : "symbol"}.`;
  if (!Number.isInteger(d.number) || d.number < r.card_min || d.number > r.card_max) return `A card shows ${r.card_min} to ${r.card_max}.`;
  if (!SYMBOLS.includes(d.symbol)) return `Unknown symbol “${d.symbol}”.`;
  return { number: d.number, symbol: d.symbol };
}

const ORDINAL = ["first", "second", "third"];

/** The `cards` command for `count` drafts, or what is still missing. */
export function cardsCommand(drafts: CardDraft[], count: number, r: CardRange): Record<string, unknown> | { error: string } {
  const cards: Card[] = [];
  for (let i = 0; i < count; i++) {
    const c = finished(drafts[i] ?? { number: null, symbol: null }, count > 1 ? ORDINAL[i] : "", r);
    if (typeof c === "string") return { error: c };
    cards.push(c);
  }
  return { type: "cards", cards };
}

/** The `treasure` command, or what is still missing. */
export function treasureCommand(d: CardDraft, keepNewWeapon: boolean, r: CardRange): Record<string, unknown> | { error: string } {
  const c = finished(d, "treasure", r);
  if (typeof c === "string") return { error: c };
  return c.symbol === "hammer" ? { type: "treasure", card: c, keep_new_weapon: keepNewWeapon } : { type: "treasure", card: c };
}

/** What a treasure card will give, so the player sees it before keeping it; `perPoint` is the engine's cubes per card point by symbol. */
export function treasureWords(c: Card, perPoint: Record<Symbol, number>): string {
  const cubes = (perPoint[c.symbol] ?? 1) * c.number;
  const what =
    c.symbol === "drop" ? `a healing potion (+${c.number})` : c.symbol === "wood" ? `a magic potion (+${c.number})` : c.symbol === "hammer" ? `a +${c.number} weapon` : "treasure only";
  return `${cubes} treasure cube${cubes === 1 ? "" : "s"} and ${what}`;
}
