// The Table screen: pulls JPEG frames from the Rust side as fast as it can
// draw them (one request in flight, so a slow window never queues frames),
// paints them on the live canvas and keeps the status line current. The
// overlay canvas above it shows the dice the reader found (see overlay.ts).
import { captureStatus, nextFrame, type CaptureStatus } from "./ipc";
import { FpsMeter } from "./fps";
import { demoBanner, statusLine } from "./format";
import { drawOverlay } from "./overlay";
import { publishStatus } from "./camera-feed";

const STATUS_POLL_MS = 500;

export function startTableView(): void {
  const live = document.getElementById("live") as HTMLCanvasElement;
  const overlay = document.getElementById("overlay") as HTMLCanvasElement;
  const waiting = document.getElementById("waiting") as HTMLElement;
  const banner = document.getElementById("demo-banner") as HTMLElement;
  const errorBox = document.getElementById("source-error") as HTMLElement;
  const statusEl = document.getElementById("status-line") as HTMLElement;
  const mini = document.getElementById("game-live") as HTMLCanvasElement | null;
  const miniCtx = mini?.getContext("2d") ?? null;
  const ctx = live.getContext("2d");
  if (!ctx) {
    statusEl.textContent = "This window cannot draw on a canvas; the live view is unavailable.";
    return;
  }

  const meter = new FpsMeter();
  let shown = 0;
  let lastSeq = 0;
  let status: CaptureStatus | null = null;

  const render = () => {
    live.dataset.framesShown = String(shown);
    if (!status) return;
    statusEl.textContent = statusLine(status, shown, meter.fps());
    const notice = demoBanner(status);
    banner.hidden = notice === null;
    banner.textContent = notice ?? "";
    errorBox.hidden = status.error === null;
    errorBox.textContent = status.error ? `Frame source problem: ${status.error}` : "";
  };

  const pump = async () => {
    for (;;) {
      try {
        const frame = await nextFrame(lastSeq);
        if (!frame) continue;
        const bitmap = await createImageBitmap(new Blob([frame.jpeg], { type: "image/jpeg" }));
        if (live.width !== bitmap.width || live.height !== bitmap.height) {
          live.width = overlay.width = bitmap.width;
          live.height = overlay.height = bitmap.height;
        }
        ctx.drawImage(bitmap, 0, 0);
        bitmap.close();
        // The Game screen's copy, with the overlay, drawn only while it shows.
        if (mini && miniCtx && mini.offsetParent !== null) {
          if (mini.width !== live.width || mini.height !== live.height) {
            mini.width = live.width;
            mini.height = live.height;
          }
          miniCtx.drawImage(live, 0, 0);
          miniCtx.drawImage(overlay, 0, 0);
          mini.dataset.framesShown = String(shown + 1);
        }
        lastSeq = frame.seq;
        shown += 1;
        meter.tick(performance.now());
        waiting.hidden = true;
        render();
      } catch (err) {
        statusEl.textContent = `Live view interrupted: ${String(err)} — retrying.`;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  };

  const poll = async () => {
    try {
      status = await captureStatus();
      publishStatus(status);
      drawOverlay(overlay, status.dice ?? [], status.confidence_threshold);
      render();
    } catch (err) {
      statusEl.textContent = `Cannot reach the capture thread: ${String(err)}`;
    }
    setTimeout(poll, STATUS_POLL_MS);
  };

  void poll();
  void pump();
}
