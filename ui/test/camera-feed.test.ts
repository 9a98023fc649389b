import { test } from "node:test";
import assert from "node:assert/strict";
import { onThrow, publishStatus, resetFeed, tableDice } from "../src/camera-feed";
import type { CaptureStatus, Die, ThrowReading } from "../src/ipc";

const die = (face: string): Die => ({ center: [1, 2], corners: [], face, color: "white", confidence: 0.9, cocked: false });
const throwOf = (seq: number, faces: string[]): ThrowReading => ({
  seq, frame: seq * 10, settle_ms: 250, reader: "pips", dice: faces.map(die), landed: [0], snapshot_jpeg_b64: null,
});
const status = (last: ThrowReading | null, overlay: string[] = []): CaptureStatus => ({
  source: "demo", spec: "demo", kind: "demo", demo: true, fallback_reason: null, error: null, width: 640, height: 480,
  capture_fps: 10, frames_captured: 1, dice: overlay.map(die), dice_frame: 0, read_ms: 1, settle: "at_rest",
  last_throw: last, reader: "pips", calibration_problem: null, board_alignment: null,
});

test("a throw is announced once, and one that finished before the window listened is not replayed", () => {
  resetFeed();
  const heard: number[] = [];
  onThrow((t) => heard.push(t.seq));
  publishStatus(status(throwOf(4, ["3"])));
  assert.deepEqual(heard, [], "the first status only sets the baseline");
  publishStatus(status(throwOf(4, ["3"])));
  publishStatus(status(throwOf(5, ["6"])));
  publishStatus(status(throwOf(5, ["6"])));
  publishStatus(status(throwOf(6, ["2"])));
  assert.deepEqual(heard, [5, 6]);
});

test("the table's dice are the last throw's, else what the overlay shows", () => {
  resetFeed();
  assert.deepEqual(tableDice(), []);
  publishStatus(status(null, ["1", "4"]));
  assert.deepEqual(tableDice().map((d) => d.face), ["1", "4"]);
  publishStatus(status(throwOf(1, ["5", "2"]), ["1"]));
  assert.deepEqual(tableDice().map((d) => d.face), ["5", "2"]);
});
