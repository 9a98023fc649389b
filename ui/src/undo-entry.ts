// The log entry Undo (or a correction) would replace. The engine's session
// names it (`GameView.undo_target`); the screens look it up in the log
// rather than working it out again from the undo entries.

/** An entry of a game's log, as far as the screens need it. */
export interface LogEntryLike {
  seq: number;
  source: string;
  command: unknown;
}

/** The entry `undo_target` names, or null when there is nothing to undo. */
export function undoEntry<E extends LogEntryLike>(v: { undo_target: number | null; log: E[] }): E | null {
  if (v.undo_target === null || v.undo_target === undefined) return null;
  return v.log.find((e) => e.seq === v.undo_target) ?? null;
}

/** The entries an undo in the log took back (drawn struck through, not as live actions). */
export function undoneSeqs(log: Array<{ source: string; reverts_seq?: number | null }>): Set<number> {
  const out = new Set<number>();
  for (const e of log) if (e.source === "undo" && typeof e.reverts_seq === "number") out.add(e.reverts_seq);
  return out;
}

/** How a log entry came about, in a player's words. */
export function sourceWords(source: string): string {
  switch (source) {
    case "camera": return "camera";
    case "manual": return "entered";
    case "correction": return "corrected";
    case "undo": return "undo";
    default: return source;
  }
}

/** The corrections the core offers on log entry `seq`, in its order. */
export function fixesFor<F extends { seq: number }>(fixes: F[] | undefined, seq: number): F[] {
  return (fixes ?? []).filter((f) => f.seq === seq);
}

/** The entries the core offers corrections on, newest first. */
export function fixedSeqs(fixes: Array<{ seq: number }> | undefined): number[] {
  return [...new Set((fixes ?? []).map((f) => f.seq))].sort((a, b) => b - a);
}
