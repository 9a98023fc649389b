import { test } from "node:test";
import assert from "node:assert/strict";
import { distort, imageToTable, invert, mapPoint, mapPolyline, niceStep, areaLines, tableToImage, undistort, type Lens, type Mat3, type Profile, type Pt } from "../src/calibration/geometry";
import {
  borders,
  boardStrokes,
  dragTo,
  hitTest,
  moveBoard,
  ringTurn,
  rotateRing,
  scaleBoard,
  setBorder,
  setSectorBorder,
  type BoardSpec,
} from "../src/calibration/board-edit";
import { addCorner, badFit, clientToImage, moveCorner, nearestCorner, nextCornerPrompt, parseMm } from "../src/calibration/corners";
import { coverage, dragBox, missingFaces, saveBlocker, toLabelled, type DieExample } from "../src/calibration/dice";

const near = (a: Pt | null, b: Pt, tol = 1e-6) => {
  assert.ok(a, "point maps");
  assert.ok(Math.hypot(a[0] - b[0], a[1] - b[1]) < tol, `${a} ≉ ${b}`);
};

// A camera looking at a 600×600 mm area from an angle: a trapezoid in the image.
const T2I: Mat3 = [
  [0.9, 0.12, 300],
  [0.02, 0.55, 80],
  [0.00005, 0.0006, 1],
];
const profile = (lens: Lens | null = null): Profile => ({
  format: "tw-calibration/1",
  method: { kind: "manual" },
  image_size: [1280, 720],
  area_mm: [600, 600],
  image_to_table: invert(T2I)!,
  table_to_image: T2I,
  image_points: [],
  table_points_mm: [],
  rms_error_mm: 0,
  lens,
  board: null,
});

function defaultBoard(): BoardSpec {
  const sectors = (n: number, first: number, values: number[], prefix: string) =>
    Array.from({ length: n }, (_, k) => ({ name: `${prefix}-${k + 1}`, from_deg: first + (360 / n) * k, to_deg: first + (360 / n) * (k + 1), value: values[k % values.length] }));
  return {
    format: "tw-board/1",
    name: "test",
    frame_mm: [600, 600],
    centre_mm: [300, 300],
    rings: [
      { name: "bullseye", inner_mm: 0, outer_mm: 35, sectors: [{ name: "bullseye", from_deg: 0, to_deg: 360, value: 10, kind: "bullseye" }] },
      { name: "inner", inner_mm: 35, outer_mm: 95, sectors: [{ name: "inner", from_deg: 0, to_deg: 360, value: 5 }] },
      { name: "middle", inner_mm: 95, outer_mm: 165, sectors: sectors(6, 0, [3, 4], "middle") },
      { name: "outer", inner_mm: 165, outer_mm: 245, sectors: sectors(8, -22.5, [1, 2], "outer") },
    ],
    bone_rim: { inner_mm: 245, outer_mm: 280 },
    holes: [
      { name: "hole-se", centre_mm: [445, 445], radius_mm: 30 },
      { name: "hole-nw", centre_mm: [155, 155], radius_mm: 30 },
    ],
  };
}

test("homography maps and its inverse maps back; the horizon has no image", () => {
  const inv = invert(T2I)!;
  for (const p of [[0, 0], [600, 0], [600, 600], [123, 456]] as Pt[]) near(mapPoint(inv, mapPoint(T2I, p)!), p, 1e-9);
  assert.equal(invert([[1, 2, 3], [2, 4, 6], [0, 0, 1]]), null);
  // w = 0.00005x + 0.0006y + 1 ≤ 0 far behind the camera
  assert.equal(mapPoint(T2I, [0, -5000]), null);
});

test("lens: undistort inverts distort, and profile maps go through it both ways", () => {
  const lens: Lens = { image_size: [1280, 720], fx: 900, fy: 900, cx: 640, cy: 360, distortion: [-0.2, 0.05, 0.001, -0.001, 0], rms_px: 0.3, views: 10 };
  for (const p of [[100, 80], [640, 360], [1200, 700]] as Pt[]) near(undistort(lens, distort(lens, p)), p, 1e-6);
  // Barrel distortion pulls a corner pixel towards the centre.
  const d = distort(lens, [1200, 700]);
  assert.ok(d[0] < 1200 && d[1] < 700);
  const p = profile(lens);
  near(imageToTable(p, tableToImage(p, [250, 400])!), [250, 400], 1e-6);
  assert.notDeepEqual(tableToImage(p, [250, 400]), tableToImage(profile(), [250, 400]));
});

test("polylines split where points have no image, and closed ones return to the start", () => {
  const p = profile();
  const [seg] = mapPolyline(p, [[0, 0], [600, 0], [600, 600]], true);
  assert.equal(seg.length, 4);
  near(seg[3], seg[0]);
  const parts = mapPolyline(p, [[0, 0], [10, 0], [0, -5000], [20, 0], [30, 0]], false);
  assert.equal(parts.length, 2);
});

test("the area outline and grid cover the area at a readable step", () => {
  assert.equal(niceStep([600, 600]), 100);
  assert.equal(niceStep([210, 297]), 50);
  const { outline, grid } = areaLines([600, 400], 100);
  assert.equal(grid.length, 5 + 3);
  assert.deepEqual(outline[0], [0, 0]);
  assert.ok(outline.some((q) => q[0] === 600 && q[1] === 400));
});

test("corners are clicked in order; a fifth click does nothing; a placed one can be dragged", () => {
  let pts: Pt[] = [];
  assert.match(nextCornerPrompt(pts)!, /top-left/);
  for (const p of [[10, 10], [100, 12], [110, 90], [8, 95], [50, 50]] as Pt[]) pts = addCorner(pts, p);
  assert.equal(pts.length, 4);
  assert.equal(nextCornerPrompt(pts), null);
  assert.equal(nearestCorner(pts, [104, 15], 10), 1);
  assert.equal(nearestCorner(pts, [60, 60], 10), -1);
  pts = moveCorner(pts, 1, [101, 11]);
  assert.deepEqual(pts[1], [101, 11]);
  assert.match(nextCornerPrompt(pts.slice(0, 2))!, /bottom-right corner .*3 of 4/);
});

test("a pointer on the letterboxed canvas maps to still pixels", () => {
  // A 1280×720 still shown in an 800×600 box: scaled 0.625, 75 px bars top and bottom.
  const rect = { left: 20, top: 40, width: 800, height: 600 };
  near(clientToImage(20, 40 + 75, rect, 1280, 720), [0, 0]);
  near(clientToImage(20 + 400, 40 + 300, rect, 1280, 720), [640, 360]);
  assert.equal(clientToImage(100, 50, rect, 1280, 720), null, "on the bar above the picture");
  assert.equal(clientToImage(100, 100, { left: 0, top: 0, width: 0, height: 0 }, 1280, 720), null);
});

test("sizes typed by the player parse as positive millimetres only", () => {
  assert.equal(parseMm("600"), 600);
  assert.equal(parseMm(" 297,5 "), 297.5);
  for (const bad of ["", "0", "-3", "abc", "Infinity"]) assert.equal(parseMm(bad), null, bad);
});

test("moving a ring border moves the next ring's inner edge (or the bone rim) with it", () => {
  const b = defaultBoard();
  assert.deepEqual(borders(b).map((x) => x.radius), [35, 95, 165, 245, 280]);
  const t = setBorder(b, 2, 170);
  assert.equal(t.rings[2].outer_mm, 170);
  assert.equal(t.rings[3].inner_mm, 170);
  const r = setBorder(b, 3, 250);
  assert.equal(r.rings[3].outer_mm, 250);
  assert.equal(r.bone_rim.inner_mm, 250);
  assert.equal(setBorder(b, 4, 290).bone_rim.outer_mm, 290);
  assert.equal(b.rings[2].outer_mm, 165, "the original is not changed");
  assert.deepEqual(setBorder(b, 2, NaN), b);
});

test("turning a ring turns all its sectors and keeps them tiling one turn", () => {
  const b = defaultBoard();
  const t = rotateRing(b, 3, 10);
  assert.equal(ringTurn(t, 3), -12.5);
  const secs = t.rings[3].sectors;
  for (let k = 0; k < secs.length; k++) {
    assert.equal(secs[k].to_deg - secs[k].from_deg, 45);
    if (k > 0) assert.equal(secs[k].from_deg, secs[k - 1].to_deg);
  }
  assert.equal(secs[7].to_deg - secs[0].from_deg, 360);
  // Turning by whole turns comes back to tidy numbers.
  assert.equal(ringTurn(rotateRing(b, 2, 725), 2), 5);
});

test("moving a sector border changes that sector's start and the previous one's end, wrapping at 0°", () => {
  const b = defaultBoard();
  const t = setSectorBorder(b, 3, 2, 70);
  assert.equal(t.rings[3].sectors[2].from_deg, 70);
  assert.equal(t.rings[3].sectors[1].to_deg, 70);
  const w = setSectorBorder(b, 3, 0, -30);
  assert.equal(w.rings[3].sectors[0].from_deg, -30);
  assert.equal(w.rings[3].sectors[7].to_deg, 330);
  assert.ok(w.rings[3].sectors[7].to_deg > w.rings[3].sectors[7].from_deg);
  assert.deepEqual(setSectorBorder(b, 0, 0, 10), b, "a one-sector ring has no border to move");
});

test("moving or scaling the board moves the holes with it", () => {
  const b = defaultBoard();
  const m = moveBoard(b, [310, 295]);
  assert.deepEqual(m.centre_mm, [310, 295]);
  assert.deepEqual(m.holes[0].centre_mm, [455, 440]);
  const s = scaleBoard(b, 1.1);
  assert.equal(s.rings[3].outer_mm, 269.5);
  assert.equal(s.bone_rim.outer_mm, 308);
  assert.deepEqual(s.holes[0].centre_mm, [459.5, 459.5]);
  assert.equal(s.holes[0].radius_mm, 33);
  assert.deepEqual(scaleBoard(b, 0), b);
});

test("a press on the board grabs the hole, centre, ring border or sector border under it", () => {
  const b = defaultBoard();
  assert.deepEqual(hitTest(b, [450, 440], 3), { kind: "hole", index: 0 });
  assert.deepEqual(hitTest(b, [302, 301], 3), { kind: "centre" });
  assert.deepEqual(hitTest(b, [300 + 166, 300], 3), { kind: "border", index: 2 });
  assert.deepEqual(hitTest(b, [300, 300 - 281], 3), { kind: "border", index: 4 });
  // Outer ring border at 22.5° (sector 1 starts there), radius 200.
  const a = (22.5 * Math.PI) / 180;
  assert.deepEqual(hitTest(b, [300 + 200 * Math.cos(a), 300 + 200 * Math.sin(a)], 3), { kind: "sector", ring: 3, sector: 1 });
  assert.equal(hitTest(b, [300 + 130 * Math.cos(0.5), 300 + 130 * Math.sin(0.5)], 3), null, "the middle of a sector");
  assert.equal(hitTest(b, [590, 20], 3), null, "off the board");
});

test("dragging a handle edits the geometry as the player expects", () => {
  const b = defaultBoard();
  assert.deepEqual(dragTo(b, { kind: "hole", index: 1 }, [160, 150]).holes[1].centre_mm, [160, 150]);
  assert.equal(dragTo(b, { kind: "border", index: 1 }, [300, 300 + 99.04]).rings[1].outer_mm, 99);
  assert.deepEqual(dragTo(b, { kind: "centre" }, [305, 300]).holes[0].centre_mm, [450, 445]);
  // Dragging the 337.5° border (sector 0 starts at −22.5) a little stays near −22.5, not +337.
  const a = (-20 * Math.PI) / 180;
  const t = dragTo(b, { kind: "sector", ring: 3, sector: 0 }, [300 + 200 * Math.cos(a), 300 + 200 * Math.sin(a)]);
  assert.equal(t.rings[3].sectors[0].from_deg, -20);
  assert.equal(t.rings[3].sectors[7].to_deg, 340);
});

test("the board is drawn as the Rust outline draws it: ring circles, sector borders, rim, holes, labels", () => {
  const { strokes, labels } = boardStrokes(defaultBoard());
  const count = (k: string) => strokes.filter((s) => s.kind === k).length;
  assert.equal(count("ring"), 3, "every ring but the bullseye has an inner circle");
  assert.equal(count("sector"), 6 + 8);
  assert.equal(count("rim"), 2);
  assert.equal(count("hole"), 2);
  assert.equal(labels.length, 1 + 1 + 6 + 8 + 2);
  assert.deepEqual(labels[0], { at: [300, 300], text: "10" });
  const hole = strokes.find((s) => s.kind === "hole")!;
  for (const p of hole.points) assert.ok(Math.abs(Math.hypot(p[0] - 445, p[1] - 445) - 30) < 1e-9);
});

const ex = (id: number, color: string, face: "icon" | "blank"): DieExample => ({
  id,
  color,
  face,
  descriptor: { bgr: [10, 20, 200], glyph_fraction: face === "icon" ? 0.3 : 0.01, glyph_contrast: 40, centre_lift: face === "icon" ? 0.9 : 0.1, centre_desat: face === "icon" ? 0.6 : 0 },
  corners: [],
  method: "fit",
  thumb: null,
  still: 1,
});

test("enrolment lists the faces still missing for the colours the player owns", () => {
  const xs = [ex(1, "red", "icon"), ex(2, "red", "blank"), ex(3, "red", "icon"), ex(4, "white", "icon")];
  assert.deepEqual(coverage(xs, ["red", "white"]), [
    { color: "red", icon: 2, blank: 1 },
    { color: "white", icon: 1, blank: 0 },
  ]);
  assert.deepEqual(missingFaces(xs, ["red", "green", "white"]), ["green icon", "green blank", "white blank"]);
  assert.deepEqual(missingFaces(xs, ["red"]), []);
});

test("saving a die set waits for a name, an edge length and every face", () => {
  const full = [ex(1, "red", "icon"), ex(2, "red", "blank")];
  assert.equal(saveBlocker("my-dice", 11, full, ["red"]), null);
  assert.match(saveBlocker("my dice", 11, full, ["red"])!, /letters/);
  assert.match(saveBlocker("x", null, full, ["red"])!, /edge/);
  assert.match(saveBlocker("x", 100, full, ["red"])!, /edge/);
  assert.match(saveBlocker("x", 11, full, [])!, /colours/);
  assert.equal(saveBlocker("x", 11, full.slice(0, 1), ["red"]), "Still missing: red blank.");
  // Examples of a colour the player unticked are not sent.
  assert.deepEqual(toLabelled([...full, ex(3, "blue", "icon")], ["red"]).map((e) => e.color), ["red", "red"]);
  assert.deepEqual(Object.keys(toLabelled(full, ["red"])[0]).sort(), ["color", "descriptor", "face"]);
});

test("a drag in any direction gives a box with positive size", () => {
  assert.deepEqual(dragBox([50, 60], [10, 20]), [10, 20, 40, 40]);
  assert.deepEqual(dragBox([10, 20], [50, 25]), [10, 20, 40, 5]);
});

test("a marker fit is flagged only when extra points disagree by millimetres", () => {
  assert.equal(badFit(25.5, 16), true, "cut-out markers read as a whole sheet");
  assert.equal(badFit(0.3, 16), false);
  assert.equal(badFit(0, 4), false, "four points always fit");
  assert.equal(badFit(NaN, 8), true);
});
