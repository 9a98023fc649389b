import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFrame, type CaptureStatus } from "../src/ipc";
import { demoBanner, statusLine } from "../src/format";
import { FpsMeter } from "../src/fps";
import { dieLabel } from "../src/overlay";

function packed(seq: bigint, w: number, h: number, jpeg: number[]): ArrayBuffer {
  const buf = new ArrayBuffer(24 + jpeg.length);
  const v = new DataView(buf);
  new Uint8Array(buf, 0, 4).set([0x54, 0x57, 0x46, 0x31]); // "TWF1"
  v.setUint32(4, w, true);
  v.setUint32(8, h, true);
  v.setBigUint64(16, seq, true);
  new Uint8Array(buf, 24).set(jpeg);
  return buf;
}

const status: CaptureStatus = {
  source: "Demo footage (bundled)",
  kind: "demo",
  demo: true,
  fallback_reason: "no camera found",
  error: null,
  width: 640,
  height: 480,
  capture_fps: 10.04,
  frames_captured: 120,
  dice: [],
  dice_frame: 0,
  read_ms: 0,
};

test("overlay labels say the face and colour, and mark what the player must confirm", () => {
  const die = { center: [0, 0] as [number, number], corners: [], face: "5", color: "white", confidence: 0.95, cocked: false };
  assert.equal(dieLabel(die, 0.8), "5 white");
  assert.equal(dieLabel({ ...die, confidence: 0.5 }, 0.8), "5? white");
  assert.equal(dieLabel({ ...die, face: null }, 0.8), "? white");
  assert.equal(dieLabel({ ...die, cocked: true, color: "red" }, 0.8), "5 red (cocked)");
});

test("frame replies are parsed as the Rust side packs them", () => {
  const f = parseFrame(packed(42n, 640, 480, [0xff, 0xd8]));
  assert.ok(f);
  assert.deepEqual([f.seq, f.width, f.height, Array.from(f.jpeg)], [42, 640, 480, [0xff, 0xd8]]);
  assert.equal(parseFrame(new ArrayBuffer(0)), null, "empty reply means no new frame");
  assert.throws(() => parseFrame(new ArrayBuffer(10)), /too short/);
  const bad = packed(1n, 1, 1, []);
  new Uint8Array(bad)[0] = 0;
  assert.throws(() => parseFrame(bad), /TWF1/);
});

test("the banner says plainly why demo footage plays", () => {
  assert.equal(demoBanner(status), "No camera found — playing demo footage.");
  assert.equal(
    demoBanner({ ...status, fallback_reason: "camera #0 is busy (is another program using it?): EBUSY" }),
    "No camera available — playing demo footage (camera #0 is busy (is another program using it?): EBUSY).",
  );
  assert.equal(demoBanner({ ...status, fallback_reason: null }), "Playing demo footage (chosen at start-up).");
  assert.equal(demoBanner({ ...status, demo: false, kind: "camera", fallback_reason: null }), null);
});

test("the status line carries source, size, both rates and the frame count", () => {
  assert.equal(
    statusLine(status, 37, 9.96),
    "Source: Demo footage (bundled) · 640×480 · 10.0 fps captured, 10.0 fps shown · frame 37",
  );
  assert.match(statusLine({ ...status, width: 0, height: 0 }, 0, 0), /no frame yet/);
  // The drift check's finding, when the board is not where it was calibrated.
  const moved = "board moved 6.2 px: re-registered from its print";
  assert.equal(
    statusLine({ ...status, board_alignment: moved }, 37, 9.96),
    `Source: Demo footage (bundled) · 640×480 · 10.0 fps captured, 10.0 fps shown · frame 37 · ${moved}`,
  );
});

test("the fps meter averages over its window", () => {
  const m = new FpsMeter(1000);
  assert.equal(m.fps(), 0);
  for (let t = 0; t <= 3000; t += 100) m.tick(t);
  assert.ok(Math.abs(m.fps() - 10) < 1e-9, String(m.fps()));
});
