// The board geometry (calibration/boards/README.md, `tw-board/1`) and the
// edits the Calibration screen makes while the player fits it to their
// printed board. Every edit returns a new geometry and keeps the file's
// invariants where one number implies another (a ring's outer edge is the
// next ring's inner edge; a sector border is one sector's end and the next
// one's start), so a drag never opens a gap on its own. Whether the result
// is valid is for tw-board to say (`calibration_board_check`).
import { circle, dist, polar, type Pt } from "./geometry";

export interface Sector {
  name: string;
  from_deg: number;
  to_deg: number;
  value: number;
  kind?: "score" | "bullseye";
}
export interface Ring {
  name: string;
  inner_mm: number;
  outer_mm: number;
  sectors: Sector[];
}
export interface Hole {
  name: string;
  centre_mm: Pt;
  radius_mm: number;
}
export interface BoardSpec {
  format: string;
  name: string;
  frame_mm: Pt;
  centre_mm: Pt;
  rings: Ring[];
  bone_rim: { inner_mm: number; outer_mm: number };
  holes: Hole[];
}

const clone = (s: BoardSpec): BoardSpec => JSON.parse(JSON.stringify(s)) as BoardSpec;
const round = (x: number, step = 0.01): number => Math.round(x / step) * step;

/**
 * The radii the player can move, from the centre out: each ring's outer
 * edge (the last one is also where the bone rim starts), then the rim's
 * outer edge.
 */
export function borders(s: BoardSpec): { label: string; radius: number }[] {
  const out = s.rings.map((r, i) => ({
    label: i + 1 < s.rings.length ? `${r.name} | ${s.rings[i + 1].name}` : `${r.name} | bone rim`,
    radius: r.outer_mm,
  }));
  out.push({ label: "bone rim | outside", radius: s.bone_rim.outer_mm });
  return out;
}

/** Moves radius border `i` (see `borders`) to `r` mm, keeping neighbours joined. */
export function setBorder(s: BoardSpec, i: number, r: number): BoardSpec {
  const t = clone(s);
  const n = t.rings.length;
  if (!Number.isFinite(r) || i < 0 || i > n) return t;
  if (i === n) {
    t.bone_rim.outer_mm = r;
  } else {
    t.rings[i].outer_mm = r;
    if (i + 1 < n) t.rings[i + 1].inner_mm = r;
    else t.bone_rim.inner_mm = r;
  }
  return t;
}

/** The ring's turn: where its first sector starts, degrees. */
export const ringTurn = (s: BoardSpec, ring: number): number => s.rings[ring]?.sectors[0]?.from_deg ?? 0;

/** Turns every sector of `ring` by `deltaDeg`, keeping the numbers near 0..360. */
export function rotateRing(s: BoardSpec, ring: number, deltaDeg: number): BoardSpec {
  const t = clone(s);
  const r = t.rings[ring];
  if (!r || !Number.isFinite(deltaDeg)) return t;
  for (const sec of r.sectors) {
    sec.from_deg = round(sec.from_deg + deltaDeg, 1e-6);
    sec.to_deg = round(sec.to_deg + deltaDeg, 1e-6);
  }
  const first = r.sectors[0]?.from_deg ?? 0;
  const shift = first >= 360 ? -360 * Math.floor(first / 360) : first < -360 ? 360 * Math.ceil(-first / 360) : 0;
  if (shift) for (const sec of r.sectors) (sec.from_deg += shift), (sec.to_deg += shift);
  return t;
}

/**
 * Moves the border where sector `k` of `ring` starts (and the sector before
 * it, cyclically, ends) to `deg`. Sectors are taken in file order around
 * the ring, as the shipped geometry lists them.
 */
export function setSectorBorder(s: BoardSpec, ring: number, k: number, deg: number): BoardSpec {
  const t = clone(s);
  const secs = t.rings[ring]?.sectors;
  if (!secs || secs.length < 2 || k < 0 || k >= secs.length || !Number.isFinite(deg)) return t;
  const prev = secs[(k - 1 + secs.length) % secs.length];
  secs[k].from_deg = deg;
  let to = deg;
  while (to <= prev.from_deg) to += 360;
  while (to - prev.from_deg > 360) to -= 360;
  prev.to_deg = to;
  return t;
}

/** Moves the whole target (centre and holes) so its centre is at `c`. */
export function moveBoard(s: BoardSpec, c: Pt): BoardSpec {
  const t = clone(s);
  const d: Pt = [c[0] - t.centre_mm[0], c[1] - t.centre_mm[1]];
  if (!d.every(Number.isFinite)) return t;
  t.centre_mm = [round(c[0]), round(c[1])];
  for (const h of t.holes) h.centre_mm = [round(h.centre_mm[0] + d[0]), round(h.centre_mm[1] + d[1])];
  return t;
}

/** Scales every radius and the holes' distance from the centre by `f` (a board printed larger or smaller). */
export function scaleBoard(s: BoardSpec, f: number): BoardSpec {
  const t = clone(s);
  if (!(f > 0) || !Number.isFinite(f)) return t;
  const c = t.centre_mm;
  for (const r of t.rings) (r.inner_mm = round(r.inner_mm * f)), (r.outer_mm = round(r.outer_mm * f));
  t.bone_rim.inner_mm = round(t.bone_rim.inner_mm * f);
  t.bone_rim.outer_mm = round(t.bone_rim.outer_mm * f);
  for (const h of t.holes) {
    h.radius_mm = round(h.radius_mm * f);
    h.centre_mm = [round(c[0] + (h.centre_mm[0] - c[0]) * f), round(c[1] + (h.centre_mm[1] - c[1]) * f)];
  }
  return t;
}

export function moveHole(s: BoardSpec, i: number, c: Pt): BoardSpec {
  const t = clone(s);
  if (t.holes[i] && c.every(Number.isFinite)) t.holes[i].centre_mm = [round(c[0]), round(c[1])];
  return t;
}

export function setHoleRadius(s: BoardSpec, i: number, r: number): BoardSpec {
  const t = clone(s);
  if (t.holes[i] && Number.isFinite(r)) t.holes[i].radius_mm = r;
  return t;
}

/** What a press on the board grabs. */
export type Handle =
  | { kind: "hole"; index: number }
  | { kind: "centre" }
  | { kind: "border"; index: number }
  | { kind: "sector"; ring: number; sector: number };

/**
 * The handle under board point `p`, with `tolMm` of slack: a hole (inside
 * it), the centre, a ring border (near its circle), then a sector border
 * (near the radial line, within its ring). Holes first: they sit on top of
 * the rings and are the smallest targets.
 */
export function hitTest(s: BoardSpec, p: Pt, tolMm: number): Handle | null {
  let hole = -1, holeD = Infinity;
  for (let i = 0; i < s.holes.length; i++) {
    const d = dist(p, s.holes[i].centre_mm);
    if (d <= s.holes[i].radius_mm + tolMm && d < holeD) (hole = i), (holeD = d);
  }
  if (hole >= 0) return { kind: "hole", index: hole };
  const c = s.centre_mm;
  const r = dist(p, c);
  if (r <= Math.max(tolMm * 2, 8)) return { kind: "centre" };
  const bs = borders(s);
  let bi = -1, bd = Infinity;
  bs.forEach((b, i) => {
    const d = Math.abs(r - b.radius);
    if (d <= tolMm && d < bd) (bi = i), (bd = d);
  });
  if (bi >= 0) return { kind: "border", index: bi };
  const ang = (Math.atan2(p[1] - c[1], p[0] - c[0]) * 180) / Math.PI;
  for (let ri = 0; ri < s.rings.length; ri++) {
    const ring = s.rings[ri];
    if (ring.sectors.length < 2 || r < ring.inner_mm || r >= ring.outer_mm) continue;
    for (let k = 0; k < ring.sectors.length; k++) {
      const diff = (((ang - ring.sectors[k].from_deg) % 360) + 540) % 360 - 180; // −180..180
      if (Math.abs((diff * Math.PI) / 180) * r <= tolMm) return { kind: "sector", ring: ri, sector: k };
    }
  }
  return null;
}

/** Applies a drag of `handle` to board point `p`. */
export function dragTo(s: BoardSpec, handle: Handle, p: Pt): BoardSpec {
  const c = s.centre_mm;
  switch (handle.kind) {
    case "hole":
      return moveHole(s, handle.index, p);
    case "centre":
      return moveBoard(s, p);
    case "border":
      return setBorder(s, handle.index, round(dist(p, c), 0.1));
    case "sector": {
      const cur = s.rings[handle.ring].sectors[handle.sector].from_deg;
      const ang = (Math.atan2(p[1] - c[1], p[0] - c[0]) * 180) / Math.PI;
      // Stay on the same turn as the current number, so −22.5 stays negative.
      const deg = cur + ((((ang - cur) % 360) + 540) % 360) - 180;
      return setSectorBorder(s, handle.ring, handle.sector, round(deg, 0.1));
    }
  }
}

export type StrokeKind = "ring" | "sector" | "rim" | "hole";

/** The geometry as strokes and labels in board mm (as crates/board's outline.rs draws it). */
export function boardStrokes(s: BoardSpec): { strokes: { kind: StrokeKind; points: Pt[]; closed: boolean }[]; labels: { at: Pt; text: string }[] } {
  const c = s.centre_mm;
  const strokes: { kind: StrokeKind; points: Pt[]; closed: boolean }[] = [];
  const labels: { at: Pt; text: string }[] = [];
  for (const ring of s.rings) {
    if (ring.inner_mm > 0) strokes.push({ kind: "ring", points: circle(c, ring.inner_mm), closed: true });
    if (ring.sectors.length > 1)
      for (const sec of ring.sectors)
        strokes.push({ kind: "sector", points: [polar(c, ring.inner_mm, sec.from_deg), polar(c, ring.outer_mm, sec.from_deg)], closed: false });
    const rr = ring.inner_mm === 0 ? 0 : (ring.inner_mm + ring.outer_mm) / 2;
    for (const sec of ring.sectors) labels.push({ at: polar(c, rr, (sec.from_deg + sec.to_deg) / 2), text: String(sec.value) });
  }
  strokes.push({ kind: "rim", points: circle(c, s.bone_rim.inner_mm), closed: true });
  strokes.push({ kind: "rim", points: circle(c, s.bone_rim.outer_mm), closed: true });
  for (const h of s.holes) {
    strokes.push({ kind: "hole", points: circle(h.centre_mm, h.radius_mm), closed: true });
    labels.push({ at: h.centre_mm, text: h.name });
  }
  return { strokes, labels };
}
