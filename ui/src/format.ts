// Wording of the Table screen's banner and status line, kept free of the DOM
// so it can be unit-tested.
import type { CaptureStatus } from "./ipc";

/** The plain notice shown while demo footage stands in for a camera, or null. */
export function demoBanner(s: CaptureStatus): string | null {
  if (!s.demo) return null;
  const reason = s.fallback_reason;
  if (reason === null) return "Playing demo footage (chosen at start-up).";
  if (reason.toLowerCase() === "no camera found") return "No camera found — playing demo footage.";
  return `No camera available — playing demo footage (${reason}).`;
}

export function statusLine(s: CaptureStatus, shown: number, viewFps: number): string {
  const size = s.width > 0 ? `${s.width}×${s.height}` : "no frame yet";
  return [
    `Source: ${s.source}`,
    size,
    `${s.capture_fps.toFixed(1)} fps captured, ${viewFps.toFixed(1)} fps shown`,
    `frame ${shown}`,
    ...(s.board_alignment ? [s.board_alignment] : []),
  ].join(" · ");
}
