// What the camera says, shared by the screens. The capture status (polled by
// the Table screen for the live view) gives the dice on the table; each
// finished throw arrives once, as the core's `throw-finished` event, with
// what the game being played made of it; a game the core changed (a throw
// applied) arrives as `game-changed`. Event wiring is in event-feed.ts.
import type { CaptureStatus, Die, ThrowReading } from "./ipc";
import type { GameView } from "./game-ipc";

/** What became of a throw in the game being played (mirrors the core's report). */
export interface ThrowOutcome {
  session: number;
  /** The throw's number in that game. */
  throw: number;
  status: "applied" | "waiting" | "ask" | "ignored";
  reason: string | null;
  command: Record<string, unknown> | null;
}

/** The `throw-finished` event: the reading, and the game's outcome when a game is being played. */
export interface ThrowEvent {
  throw: ThrowReading;
  outcome?: ThrowOutcome;
  /** Why the throw could not be kept with the game (the database failed). */
  error: string | null;
}

type Listener<T> = (t: T) => void;

let latest: CaptureStatus | null = null;
let lastThrow: ThrowEvent | null = null;
const throwListeners = new Set<Listener<ThrowEvent>>();
const gameListeners = new Set<Listener<GameView>>();

/** Record a new capture status (the live view's dice and source). */
export function publishStatus(status: CaptureStatus): void {
  latest = status;
}

/** A finished throw, as the core announced it. */
export function publishThrow(e: ThrowEvent): void {
  lastThrow = e;
  for (const l of throwListeners) l(e);
}

/** A game the core changed on its own (a camera throw applied). */
export function publishGame(v: GameView): void {
  for (const l of gameListeners) l(v);
}

/** Be told of each throw that finishes from now on; returns the unsubscribe. */
export function onThrow(listener: Listener<ThrowEvent>): () => void {
  throwListeners.add(listener);
  return () => throwListeners.delete(listener);
}

/** Be told of each game the core changed; returns the unsubscribe. */
export function onGameChanged(listener: Listener<GameView>): () => void {
  gameListeners.add(listener);
  return () => gameListeners.delete(listener);
}

/** The last finished throw heard of (null before the first). */
export function lastThrowEvent(): ThrowEvent | null {
  return lastThrow;
}

/** The dice of the last finished throw, else those the overlay shows now. */
export function tableDice(): Die[] {
  if (lastThrow) return lastThrow.throw.dice;
  if (!latest) return [];
  return latest.last_throw?.dice ?? latest.dice ?? [];
}

/** The latest status (null before the first poll answered). */
export function currentStatus(): CaptureStatus | null {
  return latest;
}

/** What the camera panel says of a throw's outcome; null when it was applied. */
export function outcomeText(e: ThrowEvent): string | null {
  if (e.error) return `The throw could not be kept with the game: ${e.error}`;
  const o = e.outcome;
  if (!o) return "No game is being played: start or resume one and the next throw counts.";
  switch (o.status) {
    case "applied":
      return null;
    case "waiting":
      return `That throw is held (${o.reason ?? "the game is busy"}); it counts as soon as that is done.`;
    case "ask":
      return `That throw needs you: ${o.reason ?? "the camera could not score it"}. Enter it below.`;
    case "ignored":
      return `That throw does not count: ${o.reason ?? "the game did not take it"}.`;
  }
}

/** Forget everything (tests). */
export function resetFeed(): void {
  latest = null;
  lastThrow = null;
  throwListeners.clear();
  gameListeners.clear();
}
