// Drawing on the Calibration screen's canvas (still pixels = canvas pixels):
// the mapped table area, the board geometry through the calibration, the
// clicked corners and the measured dice. Geometry comes from geometry.ts and
// board-edit.ts; this file only strokes it.
import { boardStrokes, type BoardSpec, type Handle, type StrokeKind } from "./board-edit";
import { CORNER_NAMES } from "./corners";
import type { DieExample } from "./dice";
import { areaLines, mapPolyline, niceStep, tableToImage, type Profile, type Pt } from "./geometry";

/** Line widths scale with the still so they read the same at 640 or 1920 px. */
const unit = (ctx: CanvasRenderingContext2D): number => Math.max(1, ctx.canvas.width / 640);

function path(ctx: CanvasRenderingContext2D, pts: Pt[], closed = false): void {
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(p[0], p[1]) : ctx.moveTo(p[0], p[1])));
  if (closed) ctx.closePath();
  ctx.stroke();
}

function label(ctx: CanvasRenderingContext2D, text: string, at: Pt, color: string): void {
  const u = unit(ctx);
  ctx.font = `${Math.round(12 * u)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineWidth = 3 * u;
  ctx.strokeStyle = "rgba(0,0,0,0.75)";
  ctx.strokeText(text, at[0], at[1]);
  ctx.fillStyle = color;
  ctx.fillText(text, at[0], at[1]);
}

/** The calibrated area: its border, a grid, and the points the fit used. */
export function drawArea(ctx: CanvasRenderingContext2D, p: Profile): void {
  const u = unit(ctx);
  const step = niceStep(p.area_mm);
  const { outline, grid } = areaLines(p.area_mm, step);
  ctx.strokeStyle = "rgba(95,179,122,0.55)";
  ctx.lineWidth = u;
  for (const g of grid) for (const s of mapPolyline(p, g, false)) path(ctx, s);
  ctx.strokeStyle = "#5fb37a";
  ctx.lineWidth = 2.5 * u;
  for (const s of mapPolyline(p, outline, false)) path(ctx, s);
  ctx.fillStyle = "#ffd166";
  for (const q of p.image_points) {
    ctx.beginPath();
    ctx.arc(q[0], q[1], 3 * u, 0, Math.PI * 2);
    ctx.fill();
  }
  const o = tableToImage(p, [0, 0]);
  if (o) label(ctx, "0,0", [o[0] + 14 * u, o[1] + 10 * u], "#5fb37a");
  // The size sits inside the area, just above the middle of its far edge,
  // clear of the corner labels.
  const far = tableToImage(p, [p.area_mm[0] / 2, p.area_mm[1] * 0.96]);
  if (far) label(ctx, `${p.area_mm[0]} × ${p.area_mm[1]} mm`, far, "#9fd9ae");
}

const STROKE: Record<StrokeKind, string> = { ring: "#ffe066", sector: "#ffe066", rim: "#66e0ff", hole: "#ff66e0" };

/** The board geometry mapped through the calibration; the grabbed handle is drawn thicker. */
export function drawBoard(ctx: CanvasRenderingContext2D, p: Profile, b: BoardSpec, active: Handle | null): void {
  const u = unit(ctx);
  const { strokes, labels } = boardStrokes(b);
  const holeIdx = (i: number) => active?.kind === "hole" && active.index === i;
  let hole = 0;
  for (const s of strokes) {
    const hot = s.kind === "hole" && holeIdx(hole);
    if (s.kind === "hole") hole++;
    ctx.strokeStyle = STROKE[s.kind];
    ctx.lineWidth = (hot ? 4 : 2) * u;
    for (const seg of mapPolyline(p, s.points, s.closed)) path(ctx, seg);
  }
  for (const l of labels) {
    const at = tableToImage(p, l.at);
    if (at) label(ctx, l.text, at, "#ffe066");
  }
  const c = tableToImage(p, b.centre_mm);
  if (c) {
    ctx.strokeStyle = active?.kind === "centre" ? "#ffffff" : "#ffe066";
    ctx.lineWidth = 2 * u;
    path(ctx, [[c[0] - 8 * u, c[1]], [c[0] + 8 * u, c[1]]]);
    path(ctx, [[c[0], c[1] - 8 * u], [c[0], c[1] + 8 * u]]);
  }
}

/** The clicked corners, numbered, joined in order. */
export function drawCorners(ctx: CanvasRenderingContext2D, pts: Pt[]): void {
  const u = unit(ctx);
  ctx.strokeStyle = "#ffd166";
  ctx.lineWidth = 2 * u;
  if (pts.length > 1) path(ctx, pts, pts.length === 4);
  pts.forEach((q, i) => {
    ctx.fillStyle = "#ffd166";
    ctx.beginPath();
    ctx.arc(q[0], q[1], 6 * u, 0, Math.PI * 2);
    ctx.fill();
    label(ctx, `${i + 1} ${CORNER_NAMES[i]}`, [q[0], q[1] - 16 * u], "#ffd166");
  });
}

/** The measured outline of each collected example, with its label. */
export function drawExamples(ctx: CanvasRenderingContext2D, xs: DieExample[], stillSeq: number | null): void {
  const u = unit(ctx);
  for (const e of xs) {
    if (e.still !== stillSeq) continue; // only outlines measured on this still
    ctx.strokeStyle = "#7CFC9A";
    ctx.lineWidth = 2 * u;
    path(ctx, e.corners, true);
    const top = e.corners.reduce((a, q) => (q[1] < a[1] ? q : a), e.corners[0]);
    label(ctx, `${e.color} ${e.face}`, [top[0], top[1] - 12 * u], "#7CFC9A");
  }
}

/** A box being dragged. */
export function drawBox(ctx: CanvasRenderingContext2D, r: [number, number, number, number]): void {
  ctx.strokeStyle = "#ffffff";
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = unit(ctx);
  ctx.strokeRect(r[0], r[1], r[2], r[3]);
  ctx.setLineDash([]);
}
