import { test } from "node:test";
import assert from "node:assert/strict";
import { onGameChanged, onThrow, outcomeText, publishGame, publishStatus, publishThrow, resetFeed, tableDice, type ThrowEvent } from "../src/camera-feed";
import type { CaptureStatus, Die, ThrowReading } from "../src/ipc";

const die = (face: string): Die => ({ center: [1, 2], corners: [], face, color: "white", confidence: 0.9, cocked: false });
const throwOf = (seq: number, faces: string[]): ThrowReading => ({
  seq, frame: seq * 10, settle_ms: 250, reader: "pips", dice: faces.map(die), landed: [0], snapshot_jpeg_b64: null,
});
const status = (last: ThrowReading | null, overlay: string[] = []): CaptureStatus => ({
  source: "demo", spec: "demo", kind: "demo", demo: true, fallback_reason: null, error: null, width: 640, height: 480,
  capture_fps: 10, frames_captured: 1, dice: overlay.map(die), dice_frame: 0, read_ms: 1, settle: "at_rest",
  last_throw: last, reader: "pips", calibration_problem: null, board_alignment: null, confidence_threshold: 0.8,
});

test("every throw event reaches every listener once, two close together included", () => {
  resetFeed();
  const heard: number[] = [];
  const heardToo: number[] = [];
  onThrow((e) => heard.push(e.throw.seq));
  const off = onThrow((e) => heardToo.push(e.throw.seq));
  publishThrow({ throw: throwOf(1, ["3"]), error: null });
  publishThrow({ throw: throwOf(2, ["6"]), error: null });
  off();
  publishThrow({ throw: throwOf(3, ["2"]), error: null });
  assert.deepEqual(heard, [1, 2, 3]);
  assert.deepEqual(heardToo, [1, 2]);
  const games: number[] = [];
  onGameChanged((v) => games.push(v.last_seq));
  publishGame({ last_seq: 7 } as never);
  assert.deepEqual(games, [7]);
});

test("the panel says why a throw did not count, and nothing when it did", () => {
  const ev = (status: "applied" | "waiting" | "ask" | "ignored", reason: string | null): ThrowEvent => ({
    throw: throwOf(1, ["3"]), error: null, outcome: { session: 1, throw: 4, status, reason, command: null },
  });
  assert.equal(outcomeText(ev("applied", null)), null);
  assert.match(outcomeText(ev("waiting", "waiting for Lady Mary's icon ability choice"))!, /That throw is held \(waiting for Lady Mary/);
  assert.match(outcomeText(ev("ask", "the reading is uncertain"))!, /uncertain\. Enter it below/);
  assert.match(outcomeText(ev("ignored", "a throw counts only in combat"))!, /That throw does not count: a throw counts only in combat/);
  assert.match(outcomeText({ throw: throwOf(1, ["3"]), error: null })!, /No game is being played/);
  assert.match(outcomeText({ throw: throwOf(1, ["3"]), error: "disk full" })!, /could not be kept.*disk full/);
});

test("the table's dice are the last throw's, else what the overlay shows", () => {
  resetFeed();
  assert.deepEqual(tableDice(), []);
  publishStatus(status(null, ["1", "4"]));
  assert.deepEqual(tableDice().map((d) => d.face), ["1", "4"]);
  publishStatus(status(throwOf(1, ["5", "2"]), ["1"]));
  assert.deepEqual(tableDice().map((d) => d.face), ["5", "2"]);
  publishThrow({ throw: throwOf(2, ["6"]), error: null });
  assert.deepEqual(tableDice().map((d) => d.face), ["6"], "the newest throw event wins");
});
