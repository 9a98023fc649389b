// "Game dice" on the Calibration screen: the examples a player collects by
// clicking dice on stills, how many each face has and what is missing.
// The faces and the minimum per face come from the core
// (`dice_enrol_targets`, crates/app/src/enrol_d6.rs), which checks the same
// rule again before it enrols.
import type { Pt } from "./geometry";

/** Mirrors `Target`. */
export interface EnrolTarget {
  kind: string;
  title: string;
  set_name: string;
  name_free: boolean;
  faces: string[];
  min_per_face: number;
  hint: string;
  enrolled: boolean;
}

/** A box in still pixels: [x0, y0, x1, y1]. */
export type Rect = [number, number, number, number];

/** Mirrors `KeptStill`. */
export interface KeptStill {
  still: number;
  width: number;
  height: number;
  proposals: { rect: Rect }[];
}

/** Mirrors `Saved`. */
export interface SavedSet {
  path: string;
  set_name: string;
  faces: number;
  examples: number;
  stills: number;
  counts: FaceCount[];
  summary: string;
}

export interface FaceCount {
  face: string;
  examples: number;
  needed: number;
}

/** One collected example. */
export interface GameExample {
  id: number;
  kind: string;
  still: number;
  rect: Rect;
  face: string;
  /** A small picture of the box (data URL), if one could be cut. */
  thumb: string | null;
}

/** Keys that pick a face, in the order of the target's faces. */
export const FACE_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];

/** The face a key picks, or null. */
export function faceForKey(target: EnrolTarget, key: string): string | null {
  const i = FACE_KEYS.indexOf(key);
  return i >= 0 && i < target.faces.length ? target.faces[i] : null;
}

/** The key shown on a face's button, or "" past the last key. */
export function keyForFace(target: EnrolTarget, face: string): string {
  const i = target.faces.indexOf(face);
  return i >= 0 && i < FACE_KEYS.length ? FACE_KEYS[i] : "";
}

/** Examples per face of the target (only this target's examples count). */
export function faceCounts(target: EnrolTarget, examples: GameExample[]): FaceCount[] {
  return target.faces.map((face) => ({
    face,
    examples: examples.filter((e) => e.kind === target.kind && e.face === face).length,
    needed: target.min_per_face,
  }));
}

/** "potion: 1 example, 2 needed; …" as the core words it, or null when none is short. */
export function missingText(counts: FaceCount[]): string | null {
  const short = counts
    .filter((c) => c.examples < c.needed)
    .map((c) => `${c.face}: ${c.examples} example${c.examples === 1 ? "" : "s"}, ${c.needed} needed`);
  return short.length ? short.join("; ") : null;
}

/** Why "Enrol" cannot run yet, or null when it can. */
export function saveBlocker(target: EnrolTarget, name: string, examples: GameExample[]): string | null {
  if (target.name_free && !/^[A-Za-z0-9_-]{1,64}$/.test(name)) return "Name the set with letters, digits, '-' or '_'.";
  const missing = missingText(faceCounts(target, examples));
  return missing ? `Still missing: ${missing}.` : null;
}

/** The examples the save command takes (this target's, without id and thumbnail). */
export function toSave(target: EnrolTarget, examples: GameExample[]): { still: number; rect: Rect; face: string }[] {
  return examples.filter((e) => e.kind === target.kind).map((e) => ({ still: e.still, rect: e.rect, face: e.face }));
}

/** The proposal a click at `p` picks: the smallest box holding it, as the core picks. */
export function pickProposal(proposals: { rect: Rect }[], p: Pt): Rect | null {
  let best: Rect | null = null;
  let bestArea = Infinity;
  for (const { rect } of proposals) {
    if (p[0] < rect[0] || p[0] > rect[2] || p[1] < rect[1] || p[1] > rect[3]) continue;
    const area = (rect[2] - rect[0]) * (rect[3] - rect[1]);
    if (area < bestArea) (best = rect), (bestArea = area);
  }
  return best;
}

/** The box a drag spans, or null when under `minPx` across (the core refuses those). */
export function dragRect(a: Pt, b: Pt, minPx = 8): Rect | null {
  const r: Rect = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
  return r[2] - r[0] >= minPx && r[3] - r[1] >= minPx ? r : null;
}

/** Whether an example already labels (nearly) this box on this still. */
export function alreadyLabelled(examples: GameExample[], kind: string, still: number, rect: Rect): GameExample | null {
  const c: Pt = [(rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2];
  return (
    examples.find(
      (e) => e.kind === kind && e.still === still && c[0] >= e.rect[0] && c[0] <= e.rect[2] && c[1] >= e.rect[1] && c[1] <= e.rect[3],
    ) ?? null
  );
}

/** The list of examples: this target's, newest first. */
export function listed(target: EnrolTarget, examples: GameExample[]): GameExample[] {
  return examples.filter((e) => e.kind === target.kind).reverse();
}

/** "two_swords" → "two swords". */
export function faceWords(face: string): string {
  return face.replace(/_/g, " ");
}
