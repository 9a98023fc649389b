// Keys beside the table while the Dungeon Roll board is shown: A accepts
// the helper's assignment, R has the app roll the dice the game waits for.
// Ignored while typing in a field or with a modifier held.

export type DrKey = "accept" | "roll";

export const DR_KEY_HELP: ReadonlyArray<[string, string]> = [
  ["A", "accept the helper's assignment"],
  ["R", "roll for me"],
  ["U", "undo"],
];

export function drKey(key: string, typing: boolean, modifier: boolean): DrKey | null {
  if (typing || modifier) return null;
  const k = key.toLowerCase();
  if (k === "a") return "accept";
  if (k === "r") return "roll";
  return null;
}
