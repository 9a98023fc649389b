// Plane geometry for the Calibration screen: homographies (table/board mm ↔
// image pixels), the optional lens model, and the board geometry as polylines
// in millimetres. Mirrors crates/calibration (homography.rs, lens.rs) and
// crates/board (outline.rs) so the overlay the player adjusts is drawn the
// way the reader will measure; kept free of the DOM so it is unit-tested.

export type Pt = [number, number];
export type Mat3 = [[number, number, number], [number, number, number], [number, number, number]];

/** Mirrors `LensModel` (OpenCV's k1, k2, p1, p2, k3). */
export interface Lens {
  image_size: [number, number];
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  distortion: [number, number, number, number, number];
  rms_px: number;
  views: number;
}

/** Mirrors `CalibrationProfile` (calibration/README.md). */
export interface Profile {
  format: string;
  method: { kind: "aruco"; layout: "sheet" | "corners"; dictionary: string; marker_ids: number[] } | { kind: "manual" };
  image_size: [number, number] | null;
  area_mm: Pt;
  image_to_table: Mat3;
  table_to_image: Mat3;
  image_points: Pt[];
  table_points_mm: Pt[];
  rms_error_mm: number;
  lens: Lens | null;
  board: ({ geometry: string } & Record<string, unknown>) | null;
}

/** Applies `h` to `p`; null on or behind the horizon (w ≤ 0), as in Rust. */
export function mapPoint(h: Mat3, p: Pt): Pt | null {
  const w = h[2][0] * p[0] + h[2][1] * p[1] + h[2][2];
  if (!(w > 1e-12)) return null;
  return [(h[0][0] * p[0] + h[0][1] * p[1] + h[0][2]) / w, (h[1][0] * p[0] + h[1][1] * p[1] + h[1][2]) / w];
}

/** The inverse map, or null when `h` is singular. */
export function invert(h: Mat3): Mat3 | null {
  const [[a, b, c], [d, e, f], [g, i, k]] = h;
  const A = e * k - f * i, B = -(d * k - f * g), C = d * i - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-15) return null;
  const s = 1 / det;
  return [
    [A * s, -(b * k - c * i) * s, (b * f - c * e) * s],
    [B * s, (a * k - c * g) * s, -(a * f - c * d) * s],
    [C * s, -(a * i - b * g) * s, (a * e - b * d) * s],
  ];
}

/** Where a pinhole-ideal pixel lands through the lens (OpenCV's forward model). */
export function distort(l: Lens, p: Pt): Pt {
  const [k1, k2, p1, p2, k3] = l.distortion;
  const x = (p[0] - l.cx) / l.fx, y = (p[1] - l.cy) / l.fy;
  const r2 = x * x + y * y;
  const radial = 1 + k1 * r2 + k2 * r2 * r2 + k3 * r2 * r2 * r2;
  const xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x);
  const yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y;
  return [xd * l.fx + l.cx, yd * l.fy + l.cy];
}

/** The inverse of `distort`, by fixed-point iteration (as OpenCV's undistortPoints). */
export function undistort(l: Lens, p: Pt): Pt {
  const [k1, k2, p1, p2, k3] = l.distortion;
  const xd = (p[0] - l.cx) / l.fx, yd = (p[1] - l.cy) / l.fy;
  let x = xd, y = yd;
  for (let i = 0; i < 20; i++) {
    const r2 = x * x + y * y;
    const radial = 1 + k1 * r2 + k2 * r2 * r2 + k3 * r2 * r2 * r2;
    const dx = 2 * p1 * x * y + p2 * (r2 + 2 * x * x);
    const dy = p1 * (r2 + 2 * y * y) + 2 * p2 * x * y;
    x = (xd - dx) / radial;
    y = (yd - dy) / radial;
  }
  return [x * l.fx + l.cx, y * l.fy + l.cy];
}

/** Table (board) millimetres → camera pixel, as captured. */
export function tableToImage(p: Profile, mm: Pt): Pt | null {
  const q = mapPoint(p.table_to_image, mm);
  return q && p.lens ? distort(p.lens, q) : q;
}

/** Camera pixel, as captured → table (board) millimetres. */
export function imageToTable(p: Profile, px: Pt): Pt | null {
  return mapPoint(p.image_to_table, p.lens ? undistort(p.lens, px) : px);
}

export const dist = (a: Pt, b: Pt): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

export function polar(c: Pt, r: number, deg: number): Pt {
  const a = (deg * Math.PI) / 180;
  return [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)];
}

/** A circle as a closed polyline whose chords stay within `tolMm` of the arc. */
export function circle(c: Pt, r: number, tolMm = 0.5): Pt[] {
  const n = Math.max(16, Math.min(720, Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - tolMm / Math.max(r, 1e-9))))));
  return Array.from({ length: n }, (_, k) => polar(c, r, (360 * k) / n));
}

/**
 * Maps a millimetre polyline to pixels; a point that has no image (behind
 * the camera) splits it, so nothing is drawn across the horizon.
 */
export function mapPolyline(p: Profile, pts: Pt[], closed: boolean): Pt[][] {
  const out: Pt[][] = [];
  let cur: Pt[] = [];
  const all = closed && pts.length > 0 ? [...pts, pts[0]] : pts;
  for (const q of all) {
    const m = tableToImage(p, q);
    if (m) cur.push(m);
    else if (cur.length) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length > 1) out.push(cur);
  return out.filter((s) => s.length > 1);
}

/** The calibrated area's border and a grid every `stepMm`, in mm. */
export function areaLines(area: Pt, stepMm: number): { outline: Pt[]; grid: Pt[][] } {
  const [w, h] = area;
  const grid: Pt[][] = [];
  const step = stepMm > 0 ? stepMm : Math.max(w, h);
  const seg = (a: Pt, b: Pt, n = 16): Pt[] =>
    Array.from({ length: n + 1 }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n] as Pt);
  for (let x = step; x < w - 1e-9; x += step) grid.push(seg([x, 0], [x, h]));
  for (let y = step; y < h - 1e-9; y += step) grid.push(seg([0, y], [w, y]));
  const outline = [...seg([0, 0], [w, 0]), ...seg([w, 0], [w, h]), ...seg([w, h], [0, h]), ...seg([0, h], [0, 0])];
  return { outline, grid };
}

/** A grid step that gives about six cells across the area, rounded to 10/25/50/100 mm. */
export function niceStep(area: Pt): number {
  const raw = Math.max(area[0], area[1]) / 6;
  for (const s of [10, 25, 50, 100, 200, 500]) if (raw <= s) return s;
  return 1000;
}
