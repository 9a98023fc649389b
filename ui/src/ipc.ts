// Typed wrappers around the Rust commands in src-tauri/src/commands.rs.
import { invoke } from "@tauri-apps/api/core";

/** What the capture thread reports; mirrors `CaptureStatus` in Rust. */
export interface CaptureStatus {
  source: string;
  /** The source's name as chosen (`demo`, `demo:combat`, `camera:N`, a path); null for the start-up default. */
  spec: string | null;
  kind: "camera" | "video_file" | "image_sequence" | "still_image" | "demo" | null;
  demo: boolean;
  /** Why demo footage plays instead of a camera, worded for the player. */
  fallback_reason: string | null;
  /** The latest source problem (a bad frame, a lost camera); null when all is well. */
  error: string | null;
  width: number;
  height: number;
  capture_fps: number;
  frames_captured: number;
  /** Dice found in frame `dice_frame`, for the overlay (the `warden read` die shape). */
  dice: Die[];
  dice_frame: number;
  read_ms: number;
  /** The motion stage's state: idle, moving, settling or at_rest. */
  settle: "idle" | "moving" | "settling" | "at_rest" | null;
  /** The last throw that came to rest (null before the first). */
  last_throw: ThrowReading | null;
  /** Which reader reads the table. */
  reader: "pips" | "target";
  /** Why the saved calibration is not in use; null when it is (or there is none). */
  calibration_problem: string | null;
  /** What the board drift check last found when it was not "in place":
   *  the board was re-registered from its print, or could not be. */
  board_alignment: string | null;
  /** Below this confidence a reading is shown as unsure (the core's one threshold). */
  confidence_threshold: number;
}

/** The dice read when a throw came to rest; mirrors `ThrowReading` in capture.rs. */
export interface ThrowReading {
  /** Rises by one per finished throw. */
  seq: number;
  /** The frame the dice were read on. */
  frame: number;
  /** Milliseconds between the last motion and "throw finished". */
  settle_ms: number;
  /** "target" (d12s on a calibrated board) or "pips" (six-sided dice). */
  reader: "pips" | "target";
  dice: Die[];
  /** Indices into `dice` of the dice this throw moved. */
  landed: number[];
  /** A JPEG of the read frame with the overlay, base64, for the log (null when not kept). */
  snapshot_jpeg_b64: string | null;
}

export interface Die {
  center: [number, number];
  corners: [number, number][];
  face: string | null;
  color: string;
  confidence: number;
  cocked: boolean;
  /** Where the die landed on the Dungeon Fighter target (when the calibration holds a board). */
  section?: { value: number | null; kind: string; name?: string } | null;
}

export interface EncodedFrame {
  /** Capture-thread sequence number, rising by one per published frame. */
  seq: number;
  width: number;
  height: number;
  jpeg: Uint8Array<ArrayBuffer>;
}

export function captureStatus(): Promise<CaptureStatus> {
  return invoke<CaptureStatus>("capture_status");
}

const MAGIC = 0x31465754; // "TWF1" read as a little-endian u32
const HEADER = 24;

/** Parses the binary reply of `next_frame` (see src-tauri/src/frames.rs). */
export function parseFrame(buf: ArrayBuffer): EncodedFrame | null {
  if (buf.byteLength === 0) return null; // no new frame within the wait
  if (buf.byteLength < HEADER) throw new Error(`frame reply too short (${buf.byteLength} bytes)`);
  const view = new DataView(buf);
  if (view.getUint32(0, true) !== MAGIC) throw new Error("frame reply has no TWF1 header");
  return {
    width: view.getUint32(4, true),
    height: view.getUint32(8, true),
    seq: Number(view.getBigUint64(16, true)),
    jpeg: new Uint8Array(buf, HEADER),
  };
}

/** Waits (up to about a second) for a frame newer than `after`; null when none came. */
export async function nextFrame(after: number): Promise<EncodedFrame | null> {
  const reply = await invoke<ArrayBuffer>("next_frame", { after });
  return parseFrame(reply);
}
