// The dungeon turn's dice, gathered one attack at a time.
//
// The engine runs the whole enemy phase in one command and refuses it when
// an attack has no dice, naming that attack ("attack 2 (g2 on anna) needs a
// pair of dice…"); it also refuses dice left over. A refused command changes
// nothing. So the one button works like the table: the first press sends
// the turn with no dice — it goes through if nobody attacks, otherwise the
// banner names the first attack; from then on each press takes the pair the
// players just rolled (from the table, or typed), adds it to those gathered
// and sends them all again, until the turn goes through. The screen knows a
// press was refused because the log did not move. Pairs are dropped once the
// log moves on. Rolled by the app, the engine rolls what is missing from a
// fresh seed in one press.
import type { Die } from "../../ipc";
import { dungeonTurnCommand, virtualDungeonTurnCommand, type DicePair, type Random32, cryptoRandom } from "./commands";

export interface Gathered {
  /** The log entry the pairs were gathered after. */
  seq: number;
  pairs: DicePair[];
  /** What the camera read for each camera pair (kept with the command). */
  readings: { pair: number; dice: Die[] }[];
  /** The turn was sent at this log entry and refused: the next press brings dice. */
  tried: boolean;
}

/** The pairs still valid at `lastSeq` (a new log entry starts afresh). */
export function fresh(g: Gathered | null, lastSeq: number): Gathered {
  return g && g.seq === lastSeq ? g : { seq: lastSeq, pairs: [], readings: [], tried: false };
}

export function addPair(g: Gathered, pair: DicePair, dice?: Die[]): Gathered {
  const readings = dice ? [...g.readings, { pair: g.pairs.length, dice }] : g.readings;
  return { ...g, pairs: [...g.pairs, pair], readings };
}

/** Take a pair back (misread, or one too many); the next press sends what is left as it is. */
export function removePair(g: Gathered, i: number): Gathered {
  return {
    ...g,
    tried: false,
    pairs: g.pairs.filter((_, k) => k !== i),
    readings: g.readings.filter((r) => r.pair !== i).map((r) => (r.pair > i ? { ...r, pair: r.pair - 1 } : r)),
  };
}

/**
 * A fingerprint of what the camera sees, so the same dice still lying on the
 * table are not taken twice (for two attacks, or for an attack and then the
 * dungeon turn).
 */
export function readingKey(dice: Die[]): string {
  return dice
    .map((d) => `${d.color}:${d.face ?? "?"}@${Math.round(d.center[0] / 8)},${Math.round(d.center[1] / 8)}`)
    .sort()
    .join("|");
}

/** What the one button sends: the command, and the camera readings when any pair came from the camera. */
export function turnToSend(g: Gathered, rollByApp: boolean, rand: Random32 = cryptoRandom): { command: Record<string, unknown>; reading: unknown | null } {
  const command = rollByApp ? virtualDungeonTurnCommand(g.pairs, rand) : dungeonTurnCommand(g.pairs);
  return { command, reading: g.readings.length ? g.readings : null };
}

/** Remember that the turn was sent (if the log does not move, it was refused). */
export const markTried = (g: Gathered): Gathered => ({ ...g, tried: true });

/**
 * Should this press take a new pair (from the table or the typed one)? Not
 * on the first press: the engine has not yet said an attack needs dice, and
 * dice still lying from the last roll would be taken for one.
 */
export const wantsPair = (g: Gathered): boolean => g.tried;
