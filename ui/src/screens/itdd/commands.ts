// Command builders: what the screen's buttons and forms send to the engine
// (docs/replay-itdd.md), and the dice that go inside them — read from the
// table, rolled by the app, or typed. Pure apart from the random source,
// which is injected so tests can pin it.
import type { Die } from "../../ipc";
import type { Pairing } from "../plugin";
import type { LootRoll } from "./rules";

export type DiceSource = "camera" | "virtual" | "manual";
/** The engine's pair of dice: the character's and the enemy's. */
export interface DicePair {
  character: number;
  enemy: number;
  source: DiceSource;
}
type Cmd = Record<string, unknown>;

/** A source of uniform 32-bit values (crypto.getRandomValues in the window). */
export type Random32 = () => number;
export const cryptoRandom: Random32 = () => globalThis.crypto.getRandomValues(new Uint32Array(1))[0];

/** One fair d6 from 32-bit values, rejecting the top sliver so every face is equally likely. */
export function rollD6(rand: Random32 = cryptoRandom): number {
  const limit = Math.floor(0x1_0000_0000 / 6) * 6;
  for (;;) {
    const v = rand() >>> 0;
    if (v < limit) return (v % 6) + 1;
  }
}

export function virtualPair(rand: Random32 = cryptoRandom): DicePair {
  return { character: rollD6(rand), enemy: rollD6(rand), source: "virtual" };
}

export const isFace = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 6;

/** A pair typed by the player; an error names what is wrong. */
export function manualPair(character: number, enemy: number): DicePair | { error: string } {
  if (!isFace(character) || !isFace(enemy)) return { error: "Each die is a whole number from 1 to 6." };
  return { character, enemy, source: "manual" };
}

/** How the player tells their die from the enemy's, as the settings panel holds it. */
export interface PairingChoice {
  by: "colour" | "position";
  ours: string;
  theirs: string;
  /** For position: which side of the camera image the player's die is rolled on. */
  side: "left" | "right" | "top" | "bottom";
}

export const DIE_COLOURS = ["white", "red", "green", "blue", "black"];

/**
 * The pairing the Rust side understands. "My die is on the left" becomes two
 * far-apart image points, so whichever die is nearer the left goes to the player.
 */
export function pairingOf(p: PairingChoice): Pairing {
  if (p.by === "colour") return { by: "colour", ours: p.ours, theirs: p.theirs };
  const far = 100_000;
  const spots: Record<PairingChoice["side"], [[number, number], [number, number]]> = {
    left: [[0, 0], [far, 0]],
    right: [[far, 0], [0, 0]],
    top: [[0, 0], [0, far]],
    bottom: [[0, far], [0, 0]],
  };
  const [ours, theirs] = spots[p.side];
  return { by: "position", ours, theirs };
}

/**
 * One die read from the table (loot and trap rolls): the only die there, or
 * with several, the one of the player's colour when pairing by colour.
 */
export function singleDie(dice: Die[], p: PairingChoice): number | { error: string } {
  let die: Die | undefined;
  if (dice.length === 0) return { error: "No die at rest on the table: roll it, or roll virtually / enter it." };
  if (dice.length === 1) die = dice[0];
  else if (p.by === "colour") {
    const mine = dice.filter((d) => d.color === p.ours);
    if (mine.length !== 1) return { error: `${dice.length} dice on the table and ${mine.length} of your colour (${p.ours}): leave one die, or enter it.` };
    die = mine[0];
  } else return { error: `${dice.length} dice on the table: leave only the one rolled.` };
  const v = Number(die.face);
  return isFace(v) ? v : { error: `The die's face is unreadable (${die.face ?? "none"}): enter it by hand.` };
}

/** The dungeon turn with the pairs gathered so far (the engine says if it needs more). */
export function dungeonTurnCommand(pairs: DicePair[]): Cmd {
  return pairs.length ? { type: "dungeon_turn", dice: pairs.map((p) => ({ ...p })) } : { type: "dungeon_turn" };
}

/**
 * The dungeon turn rolled by the app: `roll_missing` lets the engine roll
 * every attack's dice from `seed`, a fresh random number logged with the
 * command, so the turn replays the same from the log. Pairs already read or
 * typed are used first.
 */
export function virtualDungeonTurnCommand(pairs: DicePair[], rand: Random32 = cryptoRandom): Cmd {
  return { ...dungeonTurnCommand(pairs), seed: rand() >>> 0, roll_missing: true };
}

export const attackCommand = (character: string, enemy: string, dice: DicePair, giantStrength = false): Cmd =>
  giantStrength ? { type: "attack", character, enemy, dice, giant_strength: true } : { type: "attack", character, enemy, dice };
export const fleeCommand = (character: string, enemy: string, dice: DicePair): Cmd => ({ type: "flee", character, enemy, dice });

/** Loot an adjacent container; `items` are the item cards drawn (only on a success). */
export function lootCommand(character: string, at: [number, number], roll: number | null, source: DiceSource, withKey: "master_key" | "tools" | null, items: Cmd[]): Cmd {
  const c: Cmd = { type: "loot", character, at: [...at], source };
  if (roll !== null) c.roll = roll;
  if (withKey) c.with = withKey;
  if (items.length) c.items = items;
  return c;
}

export const trapCommand = (character: string, roll: number, source: DiceSource): Cmd => ({ type: "trigger_trap", character, roll, source });

/** The fields of the item form (one kind, the rest as typed). */
export interface ItemForm {
  kind: string;
  potion?: string;
  attribute?: string;
  bonus?: number;
  great?: boolean;
  name?: string;
  charges?: number;
  amount?: number;
}

export const ITEM_KINDS = ["potion", "rune", "weapon", "backpack", "master_key", "tools", "torch", "lost_map", "coins", "other"];
export const ATTRIBUTES = ["attack", "move", "torch", "life"];
export const POTIONS = ["strength", "speed", "health"];

/** An item card as the engine takes it (`{"item": kind, …}`). */
export function itemOf(f: ItemForm): Cmd | { error: string } {
  const whole = (n: unknown, min: number) => typeof n === "number" && Number.isInteger(n) && n >= min;
  switch (f.kind) {
    case "potion":
      return POTIONS.includes(f.potion ?? "") ? { item: "potion", potion: f.potion } : { error: "Choose the potion: strength, speed or health." };
    case "rune":
    case "weapon": {
      if (!ATTRIBUTES.includes(f.attribute ?? "")) return { error: `Choose the attribute the ${f.kind} raises.` };
      // Without a bonus typed, the engine gives the card its default bonus.
      if (f.bonus !== undefined && !whole(f.bonus, 1)) return { error: "The bonus is a whole number, 1 or more." };
      const bonus = f.bonus === undefined ? {} : { bonus: f.bonus };
      if (f.kind === "rune") return { item: "rune", attribute: f.attribute, ...bonus, great: f.great === true };
      return { item: "weapon", name: (f.name ?? "").trim(), attribute: f.attribute, ...bonus };
    }
    case "master_key": {
      // Without charges typed, the engine gives the key its printed charges.
      if (f.charges === undefined) return { item: "master_key" };
      return whole(f.charges, 0) ? { item: "master_key", charges: f.charges } : { error: "A master key's charges are a whole number." };
    }
    case "coins":
      return whole(f.amount, 1) ? { item: "coins", amount: f.amount } : { error: "A coin card is worth a whole number of coins, 1 or more." };
    case "other": {
      const name = (f.name ?? "").trim();
      return name ? { item: "other", name } : { error: "Name the item (a quest item, say)." };
    }
    case "backpack":
    case "tools":
    case "torch":
    case "lost_map":
      return { item: f.kind };
    default:
      return { error: `Unknown item kind "${f.kind}".` };
  }
}

/** Attributes typed in a form: whole numbers, none negative, Life at least 1. */
export function attrsOf(a: { attack: number; move: number; torch: number; life: number }): Cmd | { error: string } {
  for (const [k, v] of Object.entries(a)) if (!Number.isInteger(v) || v < 0) return { error: `${k} must be a whole number, 0 or more.` };
  if (a.life < 1) return { error: "Life must be at least 1." };
  return { attack: a.attack, move: a.move, torch: a.torch, life: a.life };
}

/** The new-game setup; the seed feeds tie-breaks and engine-rolled dice. `modes`: the engine's (`ItddOptions`). */
export function setupOf(mode: string, seedText: string, modes: readonly string[], rand: Random32 = cryptoRandom): { mode: string; seed: number } | { error: string } {
  if (!modes.includes(mode)) return { error: `Unknown mode "${mode}".` };
  const t = seedText.trim();
  if (t === "") return { mode, seed: rand() >>> 0 };
  const seed = Number(t);
  if (!Number.isSafeInteger(seed) || seed < 0) return { error: "The seed is a whole number, 0 or more (leave it empty for a random one)." };
  return { mode, seed };
}

/** Where a command carries dice or a die roll, so a correction can change just those. */
export function diceOf(command: Cmd | null): { pairs: DicePair[]; roll: number | null } | null {
  if (!command) return null;
  const pair = (d: unknown): DicePair | null => {
    if (typeof d !== "object" || d === null) return null;
    const o = d as Record<string, unknown>;
    return isFace(o.character) && isFace(o.enemy) ? { character: o.character, enemy: o.enemy, source: (o.source as DiceSource) ?? "manual" } : null;
  };
  switch (command.type) {
    case "attack":
    case "flee": {
      const p = pair(command.dice);
      return p ? { pairs: [p], roll: null } : null;
    }
    case "dungeon_turn": {
      const ps = Array.isArray(command.dice) ? command.dice.map(pair) : [];
      if (ps.some((p) => p === null) || ps.length === 0) return null;
      return { pairs: ps as DicePair[], roll: null };
    }
    case "loot":
    case "trigger_trap":
      return isFace(command.roll) ? { pairs: [], roll: command.roll } : null;
    default:
      return null;
  }
}

/** The same command with the dice the player corrected (marked typed by hand). */
export function withDice(command: Cmd, pairs: DicePair[], roll: number | null): Cmd {
  const c: Cmd = { ...command };
  if (c.type === "attack" || c.type === "flee") c.dice = { ...pairs[0], source: "manual" };
  else if (c.type === "dungeon_turn") c.dice = pairs.map((p) => ({ ...p, source: "manual" }));
  else if ((c.type === "loot" || c.type === "trigger_trap") && roll !== null) {
    c.roll = roll;
    c.source = "manual";
  }
  return c;
}

/** What a container's loot roll gives, by the engine's table (data/loot.json). */
export interface LootRule {
  threshold: number | null;
  needsKey: boolean;
  items: number;
}

/**
 * The outcome of a loot roll before it is sent: the engine wants the item
 * cards drawn inside the same command, so on a success the screen first asks
 * the players to draw them. What each roll gives this character is the
 * engine's (`rolls`, from its view); a chest opens with a key and gives its
 * card.
 */
export function lootOutcome(rule: LootRule, rolls: LootRoll[] | undefined, roll: number | null): { success: boolean; score: number | null; cards: number } {
  if (rule.needsKey) return { success: true, score: null, cards: rule.items };
  if (roll === null) return { success: false, score: null, cards: 0 };
  const r = rolls?.[roll - 1];
  if (!r) return { success: false, score: null, cards: 0 };
  return { success: r.success, score: r.score, cards: r.cards };
}
