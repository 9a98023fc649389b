import { test } from "node:test";
import assert from "node:assert/strict";
import { draftFromKept } from "../src/screens/itdd/kept-cards";
import type { CardRecord } from "../src/game-ipc";

const rec = (kind: string, rows: unknown): CardRecord => ({ game: "silver-mine", kind, name: "Long Hall", card: { name: "Long Hall", rows } as CardRecord["card"], updated_ms: 0 });

test("a kept Gate or Hall becomes a draft of its size and squares, at the chosen origin", () => {
  const d = draftFromKept(rec("hall", ["..#", "G.."]), [2, 3]);
  assert.deepEqual(d, { kind: "hall", width: 3, height: 2, origin: [2, 3], rows: ["..#", "G.."] });
});

test("a kept card with ragged or missing rows, or of another kind, is refused by name", () => {
  for (const bad of [rec("hall", ["..", "..."]), rec("hall", []), rec("hall", "...."), rec("monster", [".."])]) {
    const d = draftFromKept(bad, null);
    assert.ok("error" in d && d.error.includes("Long Hall"), JSON.stringify(d));
  }
});
