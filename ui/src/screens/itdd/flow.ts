// The dungeon turn's dice, gathered one attack at a time.
//
// The engine runs the whole enemy phase in one command and refuses it when
// an attack has no dice, naming that attack ("attack 2 (g2 on anna) needs a
// pair of dice…"); a refused command changes nothing. So the screen keeps
// the pairs gathered so far and sends them all on each press of the one
// button: the first press runs the turn if nobody attacks, otherwise the
// banner names the first attack; the players roll for it and press again,
// and so on. Pairs are dropped once the log moves on (the turn went through,
// or something else was played). Rolled by the app, the engine rolls what is
// missing from a fresh seed in one press.
import type { Die } from "../../ipc";
import { dungeonTurnCommand, virtualDungeonTurnCommand, type DicePair, type Random32, cryptoRandom } from "./commands";

export interface Gathered {
  /** The log entry the pairs were gathered after. */
  seq: number;
  pairs: DicePair[];
  /** What the camera read for each camera pair (kept with the command). */
  readings: { pair: number; dice: Die[] }[];
}

/** The pairs still valid at `lastSeq` (a new log entry starts afresh). */
export function fresh(g: Gathered | null, lastSeq: number): Gathered {
  return g && g.seq === lastSeq ? g : { seq: lastSeq, pairs: [], readings: [] };
}

export function addPair(g: Gathered, pair: DicePair, dice?: Die[]): Gathered {
  const readings = dice ? [...g.readings, { pair: g.pairs.length, dice }] : g.readings;
  return { ...g, pairs: [...g.pairs, pair], readings };
}

export function removePair(g: Gathered, i: number): Gathered {
  return {
    ...g,
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
