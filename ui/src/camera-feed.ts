// The latest capture status, shared by the screens. The Table screen polls
// the capture thread and publishes here; the Game screen listens for "throw
// finished" (a new `throw_seq`) to turn settled dice into game commands.
import type { CaptureStatus, Die, ThrowReading } from "./ipc";

type Listener = (t: ThrowReading) => void;

let latest: CaptureStatus | null = null;
let lastThrowSeq: number | null = null;
const listeners = new Set<Listener>();

/** Record a new status; calls the listeners once per newly finished throw. */
export function publishStatus(status: CaptureStatus): void {
  latest = status;
  const t = status.last_throw ?? null;
  if (!t) return;
  // The first status seen only sets the baseline: a throw that finished
  // before this window was listening must not be played again.
  if (lastThrowSeq === null) {
    lastThrowSeq = t.seq;
    return;
  }
  if (t.seq === lastThrowSeq) return;
  lastThrowSeq = t.seq;
  for (const l of listeners) l(t);
}

/** Be told of each throw that finishes from now on; returns the unsubscribe. */
export function onThrow(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dice of the last finished throw, else those the overlay shows now. */
export function tableDice(): Die[] {
  if (!latest) return [];
  return latest.last_throw?.dice ?? latest.dice ?? [];
}

/** The latest status (null before the first poll answered). */
export function currentStatus(): CaptureStatus | null {
  return latest;
}

/** Forget everything (tests). */
export function resetFeed(): void {
  latest = null;
  lastThrowSeq = null;
  listeners.clear();
}
