// Draws what the reader found on the overlay canvas above the live view:
// each die's top-face outline in its colour class, with its face and a
// question mark when the reading is unsure (the player confirms those).
import type { Die } from "./ipc";

const STROKE: Record<string, string> = {
  red: "#ff5a5a",
  green: "#4ee07a",
  blue: "#5aa0ff",
  white: "#f4f4f4",
  black: "#9aa0a6",
};

/** The label drawn beside a die, e.g. "5 white" or "? red"; a face read
 *  below the core's confidence threshold (`CaptureStatus`) gets a "?". */
export function dieLabel(d: Die, threshold: number): string {
  const face = d.face ?? "?";
  const unsure = d.face !== null && d.confidence < threshold ? "?" : "";
  const cocked = d.cocked ? " (cocked)" : "";
  return `${face}${unsure} ${d.color}${cocked}`;
}

export function drawOverlay(canvas: HTMLCanvasElement, dice: Die[], threshold: number): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.lineWidth = 2;
  ctx.font = "bold 14px system-ui, sans-serif";
  for (const d of dice) {
    const colour = STROKE[d.color] ?? "#ffd24a";
    ctx.strokeStyle = colour;
    ctx.beginPath();
    d.corners.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.stroke();
    const label = dieLabel(d, threshold);
    const top = Math.min(...d.corners.map((c) => c[1]));
    const x = d.center[0] - ctx.measureText(label).width / 2;
    const y = Math.max(14, top - 6);
    ctx.fillStyle = "rgba(0,0,0,0.65)";
    ctx.fillRect(x - 3, y - 13, ctx.measureText(label).width + 6, 17);
    ctx.fillStyle = colour;
    ctx.fillText(label, x, y);
  }
  canvas.dataset.dice = String(dice.length);
  canvas.dataset.faces = dice.map((d) => d.face ?? "?").sort().join(",");
}
