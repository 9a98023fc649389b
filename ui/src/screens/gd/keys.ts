// Keys for entering dice without the mouse, beside the table: a digit fills
// the next empty die of the prompt, R rolls the rest virtually, C reads the
// camera. Ignored while typing in a field or with a modifier held.

export type GdKey = { kind: "face"; value: number } | { kind: "roll" } | { kind: "camera" };

export const GD_KEY_HELP: ReadonlyArray<[string, string]> = [
  ["1–6", "next die"],
  ["R", "roll virtually"],
  ["C", "read the table"],
];

export function gdKey(key: string, typing: boolean, modifier: boolean): GdKey | null {
  if (typing || modifier) return null;
  if (/^[1-6]$/.test(key)) return { kind: "face", value: Number(key) };
  const k = key.toLowerCase();
  if (k === "r") return { kind: "roll" };
  if (k === "c") return { kind: "camera" };
  return null;
}
