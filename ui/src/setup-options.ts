// What each game's new-game form offers, as the engine declares it
// (`tw_rules::Game::setup_options`, fetched with the `game_setup_options`
// command, or `warden game options GAME`): heroes, seats, difficulties,
// modes, entrances. The forms render these lists, so no rule value of a
// setup lives in TypeScript. Each reader checks the shape and throws on a
// stray one, so a form never draws from a half-read list.

export interface Choice {
  key: string;
  name: string;
}

export interface Range {
  min: number;
  max: number;
}

/** Dungeon Fighter: `crates/games/dungeon-fighter/src/options.rs`. */
export interface DfOptions {
  heroes: Array<{ key: string; name: string; life: number }>;
  party: Range;
  solo: { players: number; heroes: number };
  difficulties: Choice[];
}

/** Dungeon Roll: `crates/games/dungeon-roll/src/options.rs`. */
export interface DrOptions {
  heroes: Array<{ id: string; novice: string; master: string }>;
  players: Range;
}

/** Pocket Dungeon Quest: `crates/games/pocket-dungeon-quest/src/options.rs`. */
export interface PdqOptions {
  heroes: Array<{ key: string; name: string; expansion: boolean }>;
}

/** Into the Dark Dungeon: Silver Mine: `crates/games/silver-mine/src/options.rs`. */
export interface ItddOptions {
  modes: Choice[];
}

/** Green Dungeon: `crates/games/green-dungeon/src/options.rs`. */
export interface GdOptions {
  grid_size: number;
  entrance_corners: Array<{ row: number; col: number }>;
  entrance_kinds: string[];
}

type Obj = Record<string, unknown>;

function fail(game: string, what: string): never {
  throw new Error(`the ${game} setup options are not what the engine sends: ${what}`);
}

function obj(v: unknown, game: string, what: string): Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v)) fail(game, `${what} is not an object`);
  return v as Obj;
}

/** `v[key]` as a non-empty list of objects, each with the fields `fields` typed as given. */
function list(v: Obj, key: string, fields: Record<string, "string" | "number" | "boolean">, game: string): Obj[] {
  const l = v[key];
  if (!Array.isArray(l) || l.length === 0) fail(game, `${key} is not a non-empty list`);
  return l.map((item, i) => {
    const o = obj(item, game, `${key}[${i}]`);
    for (const [f, t] of Object.entries(fields)) if (typeof o[f] !== t) fail(game, `${key}[${i}].${f} is not a ${t}`);
    return o;
  });
}

function range(v: Obj, key: string, game: string): Range {
  const r = obj(v[key], game, key);
  const { min, max } = r;
  if (!Number.isInteger(min) || !Number.isInteger(max) || (min as number) < 0 || (min as number) > (max as number))
    fail(game, `${key} is not a range of whole numbers`);
  return { min: min as number, max: max as number };
}

export function asDfOptions(v: unknown): DfOptions {
  const g = "Dungeon Fighter";
  const o = obj(v, g, "the options");
  const solo = obj(o.solo, g, "solo");
  if (!Number.isInteger(solo.players) || !Number.isInteger(solo.heroes)) fail(g, "solo is not two whole numbers");
  return {
    heroes: list(o, "heroes", { key: "string", name: "string", life: "number" }, g) as DfOptions["heroes"],
    party: range(o, "party", g),
    solo: { players: solo.players as number, heroes: solo.heroes as number },
    difficulties: list(o, "difficulties", { key: "string", name: "string" }, g) as unknown as Choice[],
  };
}

export function asDrOptions(v: unknown): DrOptions {
  const g = "Dungeon Roll";
  const o = obj(v, g, "the options");
  return {
    heroes: list(o, "heroes", { id: "string", novice: "string", master: "string" }, g) as DrOptions["heroes"],
    players: range(o, "players", g),
  };
}

export function asPdqOptions(v: unknown): PdqOptions {
  const g = "Pocket Dungeon Quest";
  const o = obj(v, g, "the options");
  return { heroes: list(o, "heroes", { key: "string", name: "string", expansion: "boolean" }, g) as PdqOptions["heroes"] };
}

export function asItddOptions(v: unknown): ItddOptions {
  const g = "Silver Mine";
  const o = obj(v, g, "the options");
  return { modes: list(o, "modes", { key: "string", name: "string" }, g) as unknown as Choice[] };
}

export function asGdOptions(v: unknown): GdOptions {
  const g = "Green Dungeon";
  const o = obj(v, g, "the options");
  if (!Number.isInteger(o.grid_size) || (o.grid_size as number) < 1) fail(g, "grid_size is not a whole number");
  const kinds = o.entrance_kinds;
  if (!Array.isArray(kinds) || kinds.length === 0 || !kinds.every((k) => typeof k === "string")) fail(g, "entrance_kinds is not a list of names");
  return {
    grid_size: o.grid_size as number,
    entrance_corners: list(o, "entrance_corners", { row: "number", col: "number" }, g) as GdOptions["entrance_corners"],
    entrance_kinds: kinds as string[],
  };
}

// ---------------------------------------------------------------- words the forms show

/** The Dungeon Fighter party fieldset's legend: "Heroes (clockwise, 2 to 6)". */
export function partyLegend(o: DfOptions): string {
  return `Heroes (clockwise, ${o.party.min} to ${o.party.max})`;
}

/** The solo box's label: "Solo (one player controls 2 heroes)". */
export function soloLabel(o: DfOptions): string {
  return `Solo (one player controls ${o.solo.heroes} heroes)`;
}

/** The seats a Dungeon Roll form lays out: one per player the game takes at most. */
export function seats(o: DrOptions): number[] {
  return Array.from({ length: o.players.max }, (_, i) => i);
}

/** A Pocket Dungeon Quest hero as the form lists it, the expansion's marked. */
export function pdqHeroLabel(hero: PdqOptions["heroes"][number]): string {
  return hero.expansion ? `${hero.name} (Don't Go Alone)` : hero.name;
}

/** The Green Dungeon deal: "Deal the 25 tiles face down in a 5×5 grid". */
export function gdDealLine(o: GdOptions): string {
  const n = o.grid_size;
  return `Deal the ${n * n} tiles face down in a ${n}×${n} grid without turning them, then turn up a corner to enter by.`;
}
