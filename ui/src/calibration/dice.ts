// Die-set enrolment on the Calibration screen: the labelled examples the
// player has collected and which faces are still missing. The Rust side
// (`calibration_dieset_save`) checks the same rule again before writing.
import type { Pt } from "./geometry";

export type FaceLabel = "icon" | "blank";
export const FACES: FaceLabel[] = ["icon", "blank"];

/** Mirrors `Descriptor` in crates/target-reader/src/face.rs (sent back unchanged). */
export interface Descriptor {
  bgr: [number, number, number];
  glyph_fraction: number;
  glyph_contrast: number;
  centre_lift: number;
  centre_desat: number;
}

/** Mirrors `DieSample`: one measured face, before labelling. */
export interface DieSample {
  descriptor: Descriptor;
  corners: Pt[];
  method: "fit" | "box";
}

/** One collected example. */
export interface DieExample extends DieSample {
  id: number;
  color: string;
  face: FaceLabel;
  /** A small picture of the face for the list (data URL), if one could be cut. */
  thumb: string | null;
  /** Sequence number of the still it was measured on. */
  still: number | null;
}

/** The Dungeon Fighter dice: red, green and blue d12s and the white d12s. */
export const DUNGEON_FIGHTER_COLORS = ["red", "green", "blue", "white"];

/** Examples per colour and face, for the colours the player owns. */
export function coverage(examples: DieExample[], colors: string[]): { color: string; icon: number; blank: number }[] {
  return colors.map((color) => ({
    color,
    icon: examples.filter((e) => e.color === color && e.face === "icon").length,
    blank: examples.filter((e) => e.color === color && e.face === "blank").length,
  }));
}

/** "red blank", … for every owned colour and face with no example yet. */
export function missingFaces(examples: DieExample[], colors: string[]): string[] {
  const out: string[] = [];
  for (const c of coverage(examples, colors)) for (const f of FACES) if (c[f] === 0) out.push(`${c.color} ${f}`);
  return out;
}

/** Why "Save die set" cannot run yet, or null when it can. */
export function saveBlocker(name: string, edgeMm: number | null, examples: DieExample[], colors: string[]): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return "Name the set with letters, digits, '-' or '_'.";
  if (edgeMm === null || !(edgeMm > 2 && edgeMm < 60)) return "Give the dice's edge length in mm (a d12 is about 11 mm).";
  if (colors.length === 0) return "Tick the colours of your dice.";
  const missing = missingFaces(examples, colors);
  if (missing.length) return `Still missing: ${missing.join(", ")}.`;
  return null;
}

/** The examples without `id`, as the save command takes them (only owned colours). */
export function toLabelled(examples: DieExample[], colors: string[]): { color: string; face: FaceLabel; descriptor: Descriptor }[] {
  return examples.filter((e) => colors.includes(e.color)).map((e) => ({ color: e.color, face: e.face, descriptor: e.descriptor }));
}

/** The axis-aligned box a drag from `a` to `b` spans, as `[x, y, w, h]` with w, h ≥ 0. */
export function dragBox(a: Pt, b: Pt): [number, number, number, number] {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])];
}

/** A drag shorter than this many pixels is a click. */
export const CLICK_SLOP_PX = 6;
