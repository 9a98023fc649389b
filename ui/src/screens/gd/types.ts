// The Green Dungeon engine's JSON, as `tw-green-dungeon` serialises it
// (crates/games/green-dungeon/src/{state,grid,time,monster,score}.rs).
// Only what the screen reads is typed; the engine stays the authority.

export type Dir = "north" | "east" | "south" | "west";
export const DIRS: readonly Dir[] = ["north", "east", "south", "west"];

export type Exits = "north_south" | "east_west";
export type TileKind = "drop" | "hammer" | "wood" | "brick" | "cog" | "straw";
export const TILE_KINDS: readonly TileKind[] = ["drop", "hammer", "wood", "brick", "cog", "straw"];
export type Symbol = "drop" | "hammer" | "wood" | "cog";
export const SYMBOLS: readonly Symbol[] = ["drop", "hammer", "wood", "cog"];
/** The die colours the engine knows (tw_rules::DieColor). */
export const COLOURS = ["white", "red", "green", "blue", "black", "other"] as const;
export type Colour = (typeof COLOURS)[number];

export interface Pos {
  row: number;
  col: number;
}

export interface Face {
  kind: TileKind;
  exits: Exits;
}

export interface Card {
  number: number;
  symbol: Symbol;
}

export type Origin = "drop" | "hammer" | "wandering" | "mini_boss" | "final_boss";

export interface Monster {
  origin: Origin;
  difficulty: number;
  card_number: number;
  spellcaster: boolean;
  treasure_cards: number;
  fled_before: boolean;
  bribe_held: number;
}

export interface Meeple {
  monster: Monster;
  reason: "fled" | "bribed";
}

export interface Tile {
  face: Face | null;
  face_up: boolean;
  explored: boolean;
  cleared: boolean;
  clairvoyant: boolean;
  visited: boolean;
  meeple: Meeple | null;
}

export type Potion = { healing: { amount: number } } | { magic: { amount: number } };

export interface Player {
  health: number;
  max_health: number;
  magic: number;
  max_magic: number;
  treasure: number;
  luck: number;
  xp: number;
  level: number;
  weapon: number | null;
  potions: Potion[];
}

export type TimeReason = "room_cleared" | "rest" | "door" | "door_retry" | "wandering_monster";

export interface TimeTrack {
  main: number;
  event_cubes: number;
  elapsed: number;
  // `wandering`: this check also rolls the wandering die (the last of its cube's checks); absent in older states, where every check did.
  pending_checks: Array<{ event_cubes: number; wandering?: boolean }>;
  owed: TimeReason[];
}

export type Idle = { idle: "exploring" } | { idle: "must_rest" } | { idle: "resting"; interrupted: boolean };

export type Then = { then: "clear_room" } | { then: "mini_boss" } | { then: "final_boss" } | { then: "resume"; idle: Idle };

export type CardsFor =
  | { for: "drop_monster" }
  | { for: "hammer_monster" }
  | { for: "wandering_monster"; resume: Idle }
  | { for: "mini_boss" }
  | { for: "final_boss" }
  | { for: "wood_magic" }
  | { for: "brick_trap" };

export interface Fight {
  monster: Monster;
  health: number;
  magic: number;
  rounds: number;
  flee_failed: boolean;
  then: Then;
}

export interface Score {
  cubes: number;
  cards: number;
  level: number;
  xp: number;
  luck: number;
  initial: number;
  face_down_tiles: number;
  fled_meeples: number;
  event_cubes: number;
  penalties: number;
  final: number;
}

export type Phase =
  | ({ phase: "idle" } & Idle)
  | { phase: "recover" }
  | { phase: "cards"; purpose: CardsFor }
  | { phase: "trap_roll"; trap: "brick" | "wood"; card: Card }
  | { phase: "final_boss_choice" }
  | ({ phase: "combat" } & Fight)
  | { phase: "loot"; remaining: number; then: Then }
  | { phase: "clairvoyance"; remaining: number }
  | { phase: "over"; outcome: "won" | "died"; score: Score };

export interface GdState {
  grid: { rows: Tile[][] };
  at: Pos;
  previous: Pos | null;
  player: Player;
  time: TimeTrack;
  phase: Phase;
  dice: { player: Colour; monster: Colour };
  mini_boss_room: Pos | null;
  mini_boss_defeated: boolean;
  /** The doors that held while the hero stands in this room (each retry costs a cube); absent in fixtures saved before 2026-11-28. */
  failed_doors?: Dir[];
}

/** A die as the engine takes it in a combat or flight command. */
export interface ColouredDie {
  value: number;
  color: Colour;
}

/**
 * Checks the shape the screen relies on, so a state from another engine
 * version fails with a message instead of drawing nonsense.
 */
export function asGdState(v: unknown): GdState {
  const s = v as Partial<GdState> | null;
  const rows = s?.grid?.rows;
  if (!s || !Array.isArray(rows) || rows.length !== 5 || rows.some((r) => !Array.isArray(r) || r.length !== 5)) {
    throw new Error("this is not a Green Dungeon state (no 5×5 grid)");
  }
  if (!s.player || !s.time || !s.phase || !s.at || !s.dice) {
    throw new Error("this Green Dungeon state lacks the hero, the time track or the phase");
  }
  return s as GdState;
}

/**
 * What the engine derives for the screen (`Game::view`, green-dungeon
 * src/view.rs): the rule numbers it prints, the fight's costs and bonuses,
 * the moves open now. The screen never works these out itself.
 */
export interface GdView {
  rules: {
    event_every: number;
    reset_at: number;
    event_cubes_removed_at_reset: number;
    rest_cubes: number;
    level_up_xp: number;
    spell_cost: number;
    power_cost: number;
    power_self_damage: number;
    max_luck: number;
    card_min: number;
    card_max: number;
    treasure_cubes: Record<Symbol, number>;
    score: {
      per_card: number;
      per_level: number;
      per_luck: number;
      per_face_down_tile: number;
      per_fled_meeple: number;
      per_event_cube: number;
    };
  };
  /** Squares a side of the dungeon grid. */
  grid_size: number;
  /** What stands east and south of every square. */
  edges: Array<{ at: Pos; dir: Dir; kind: "wall" | "open" | "unknown" | "door"; free?: Dir }>;
  /** Face-down squares a flip is accepted for now. */
  flippable: Pos[];
  /** What each upkeep roll would do now, `[first - 1][second - 1]`. */
  upkeep_preview: Array<Array<{ upkeep: "none" | "reset" | "skipped_unexplored" | "skipped_current_room" | "skipped_boss_room"; at?: Pos }>>;
  to_next_event: number;
  tiles_left: Record<TileKind, number>;
  between_encounters: boolean;
  moves: Array<{ dir: Dir; to: Pos; kind: "flip_first" | "open" | "door_roll" | "wall"; needed_above?: number; retry?: boolean }>;
  /** Why the hero may not rest now; null when a rest is open. */
  rest_why: string | null;
  can_use_luck: boolean;
  can_level_up: boolean;
  cards: { deck: "monster" | "boss"; count: number; nasty: Symbol[]; cog_guards_treasure: boolean } | null;
  fight: FightRules | null;
}

/** The fight as the engine reckons it this round. */
export interface FightRules {
  monster_action: "melee" | "spell" | "power_spell";
  monster_bonus: number;
  hero_melee_bonus: number;
  hero_hit_damage: number;
  spell_damage: number;
  /** Null for bosses (they cannot be bribed). */
  bribe_cost: number | null;
  bribe_why: string | null;
  flee_why: string | null;
  spell_why: string | null;
  power_spell_why: string | null;
}

/** The engine's view, checked enough that an older engine fails with a message. */
export function asGdView(v: unknown): GdView {
  const g = v as Partial<GdView> | null;
  if (!g || !g.rules || !g.tiles_left || !Array.isArray(g.moves)) {
    throw new Error("the engine sent no Green Dungeon view (rules, tiles, moves)");
  }
  return g as GdView;
}
