// The shape of the Pocket Dungeon Quest engine's `view` (crates/games/
// pocket-dungeon-quest/src/view.rs and board_view.rs), read defensively:
// a missing field reads as empty rather than breaking the screen.

export interface Pos {
  row: number;
  col: number;
}

export interface HeroView {
  hero: string;
  pos: Pos | null;
  hearts: number;
  max_hearts: number;
  dead: boolean;
  inventory: string[];
  inventory_limit: number;
  poisoned: boolean;
  skip_next_turn: boolean;
  xp: number;
  keys: number;
  level: number;
  gear: string[];
  next_level: { level: number; xp: number; keys: number } | null;
  can_level_up: boolean;
  uses_per_turn: number;
  effects: string[];
  /** Eagle Eye Vision: may re-roll an attack (once a turn). */
  rerolls: boolean;
  /** Holds a Multi-Tool: a Trap turned up may be disarmed. */
  disarms: boolean;
  pinned: Pos[];
  holy_water: boolean;
  shield: boolean;
  /** Gear cooling down → the round it may be used again. */
  cooldowns: Record<string, number>;
}

export interface MoveView {
  to: Pos;
  enters: boolean;
  stays: boolean;
  /** The face-down spaces this move turns up, in the order the command lists them. */
  reveal: Pos[];
  /** For each space of `reveal`: the heroes in its row or column after the move (a Red Beholder's saving rolls). */
  in_line: string[][];
}

export interface DieFace {
  face: string;
  words: string;
  kind: "swords" | "flash" | "skull";
  swords: number;
}

export interface PdqView {
  rules: { hearts: number; hit_swords: number; merchant_price: number; sell_price: number; max_gear: number; relics_needed: number; foresight_tiles?: number; merchant_draws?: number };
  waiting_for: string;
  turn: { hero: string; step: string; round: number; uses: number };
  heroes: HeroView[];
  to_fight: Pos[];
  relics_found: number;
  exit_found: boolean;
  merchant_open: boolean;
  gem_pile: number;
  piles: { discard: number; monster: number; gem: number; merchant: number };
  hidden_tiles: number;
  boss: { at: Pos; stage: { stage: string; need?: number; searcher?: string; attacker?: string }; stack_left: number; stack: string[]; revealer: string } | null;
  last_turns: string[] | null;
  campaign_session: number | null;
  outcome: string | null;
  mat: { rows: number; cols: number; cells: string[][]; keys: Pos[] };
  moves: MoveView[];
  unrevealed: Record<string, number>;
  /** The Circle of Sight of the hero whose turn it is. */
  sight: Pos[];
  camera_target: Pos | null;
  merchant_pile: string[];
  /** The Monster Pile as it lies; Henchmen are chosen from it. */
  monster_pile: string[];
  /** How many Henchmen each face of the Henchmen roll calls. */
  henchmen_called: Record<string, number>;
  die_faces: DieFace[];
  words: { tiles: Record<string, string>; heroes: Record<string, string>; gear: Record<string, string> };
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** The engine's view with every list and table present. */
export function asPdqView(v: unknown): PdqView {
  const o = obj(v);
  const mat = obj(o.mat);
  const words = obj(o.words);
  return {
    ...(o as unknown as PdqView),
    heroes: arr<HeroView>(o.heroes).map((h) => ({ ...h, inventory: arr(h.inventory), gear: arr(h.gear), effects: arr(h.effects), pinned: arr(h.pinned), cooldowns: obj(h.cooldowns) as Record<string, number> })),
    to_fight: arr(o.to_fight),
    piles: { discard: 0, monster: 0, gem: 0, merchant: 0, ...obj(o.piles) },
    mat: { rows: Number(mat.rows ?? 0), cols: Number(mat.cols ?? 0), cells: arr<string[]>(mat.cells), keys: arr(mat.keys) },
    moves: arr(o.moves),
    unrevealed: obj(o.unrevealed) as Record<string, number>,
    sight: arr(o.sight),
    camera_target: (o.camera_target as Pos | null) ?? null,
    merchant_pile: arr(o.merchant_pile),
    monster_pile: arr(o.monster_pile),
    henchmen_called: obj(o.henchmen_called) as Record<string, number>,
    die_faces: arr(o.die_faces),
    words: { tiles: obj(words.tiles) as Record<string, string>, heroes: obj(words.heroes) as Record<string, string>, gear: obj(words.gear) as Record<string, string> },
    boss: (o.boss as PdqView["boss"]) ?? null,
    last_turns: (o.last_turns as string[] | null) ?? null,
  };
}

export const samePos = (a: Pos | null | undefined, b: Pos | null | undefined): boolean => !!a && !!b && a.row === b.row && a.col === b.col;

/** A space as a player counts it, from 1 (the engine's messages do the same). */
export const posWords = (p: Pos): string => `row ${p.row + 1}, column ${p.col + 1}`;
