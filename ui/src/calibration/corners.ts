// Clicking the four corners of the play area for a manual calibration, and
// turning a pointer position on the letterboxed canvas into still pixels.
import { dist, type Pt } from "./geometry";

/** The corners in the order `warden calibration manual` takes them. */
export const CORNER_NAMES = ["top-left", "top-right", "bottom-right", "bottom-left"] as const;

/** The instruction for the next click, or null when all four are placed. */
export function nextCornerPrompt(points: Pt[]): string | null {
  return points.length < 4 ? `Click the ${CORNER_NAMES[points.length]} corner of the area (${points.length + 1} of 4).` : null;
}

/** Adds a click; a fifth click does nothing (drag a point to move it instead). */
export function addCorner(points: Pt[], p: Pt): Pt[] {
  return points.length < 4 ? [...points, p] : points;
}

/** The placed point within `reach` pixels of `p` (the nearest), or -1. */
export function nearestCorner(points: Pt[], p: Pt, reach: number): number {
  let best = -1, bd = Infinity;
  points.forEach((q, i) => {
    const d = dist(p, q);
    if (d <= reach && d < bd) (best = i), (bd = d);
  });
  return best;
}

export function moveCorner(points: Pt[], i: number, p: Pt): Pt[] {
  return points.map((q, k) => (k === i ? p : q));
}

/**
 * Still pixel under a pointer at client (`x`, `y`) on a canvas whose box is
 * `rect` and whose picture (`w`×`h`) is drawn with `object-fit: contain`
 * (centred, letterboxed). Null outside the picture.
 */
export function clientToImage(x: number, y: number, rect: { left: number; top: number; width: number; height: number }, w: number, h: number): Pt | null {
  if (!(rect.width > 0 && rect.height > 0 && w > 0 && h > 0)) return null;
  const scale = Math.min(rect.width / w, rect.height / h);
  const ox = rect.left + (rect.width - w * scale) / 2;
  const oy = rect.top + (rect.height - h * scale) / 2;
  const px = (x - ox) / scale, py = (y - oy) / scale;
  if (px < 0 || py < 0 || px > w || py > h) return null;
  return [px, py];
}

/** Parses a positive size in mm typed by the player; null when it is not one. */
export function parseMm(text: string): number | null {
  const v = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * Whether a marker fit is too poor to use. Four points always fit exactly,
 * so only an over-determined fit (the whole sheet: 8–16 corners) can say;
 * a printed sheet lying flat fits to well under a millimetre, so several
 * millimetres mean the markers are not laid out as the layout choice says
 * (cut-out markers read as a whole sheet) or the page was printed scaled.
 */
export function badFit(rmsMm: number, points: number, limitMm = 2): boolean {
  return points > 4 && !(rmsMm <= limitMm);
}
