import { test } from "node:test";
import assert from "node:assert/strict";
import {
  alreadyLabelled,
  dragRect,
  faceCounts,
  faceForKey,
  keyForFace,
  listed,
  missingText,
  pickProposal,
  saveBlocker,
  toSave,
  type EnrolTarget,
  type GameExample,
} from "../src/calibration/game-dice";

// A target as the core describes one; the faces are whatever it sends.
const attack: EnrolTarget = {
  kind: "pocket-dungeon-quest",
  title: "Attack Die",
  set_name: "pocket-dungeon-quest",
  name_free: false,
  faces: ["one_sword", "two_swords", "three_swords", "flash", "skull"],
  min_per_face: 2,
  hint: "",
  enrolled: false,
};
const pips: EnrolTarget = { ...attack, kind: "pips", set_name: "my-pip-dice", name_free: true, faces: ["1", "2", "3", "4", "5", "6"] };

let id = 1;
const ex = (face: string, still = 1, kind = attack.kind, rect: [number, number, number, number] = [10, 10, 50, 50]): GameExample => ({
  id: id++,
  kind,
  still,
  rect,
  face,
  thumb: null,
});

test("coverage counts each face of the target and says what is missing as the core does", () => {
  const xs = [ex("skull"), ex("skull"), ex("flash"), ex("3", 1, "pips")];
  const c = faceCounts(attack, xs);
  assert.deepEqual(
    c.map((x) => [x.face, x.examples]),
    [
      ["one_sword", 0],
      ["two_swords", 0],
      ["three_swords", 0],
      ["flash", 1],
      ["skull", 2],
    ],
  );
  assert.equal(
    missingText(c),
    "one_sword: 0 examples, 2 needed; two_swords: 0 examples, 2 needed; three_swords: 0 examples, 2 needed; flash: 1 example, 2 needed",
  );
  const full = attack.faces.flatMap((f) => [ex(f), ex(f, 2)]);
  assert.equal(missingText(faceCounts(attack, full)), null);
  assert.equal(saveBlocker(attack, "", full), null, "a game's set needs no name");
  assert.match(saveBlocker(attack, "", xs) ?? "", /^Still missing: one_sword: 0 examples/);
});

test("a pip set needs a file-safe name", () => {
  const full = pips.faces.flatMap((f) => [ex(f, 1, "pips"), ex(f, 1, "pips")]);
  assert.equal(saveBlocker(pips, "my-dice_2", full), null);
  for (const bad of ["", "../x", "my dice"]) assert.match(saveBlocker(pips, bad, full) ?? "", /Name the set/);
});

test("removing an example brings its face back to missing, and only the target's examples are saved", () => {
  const a = ex("skull"), b = ex("skull"), other = ex("5", 3, "pips");
  let xs = [a, b, other];
  assert.equal(faceCounts(attack, xs).find((c) => c.face === "skull")?.examples, 2);
  xs = xs.filter((x) => x.id !== b.id);
  assert.equal(faceCounts(attack, xs).find((c) => c.face === "skull")?.examples, 1);
  assert.deepEqual(toSave(attack, xs), [{ still: 1, rect: [10, 10, 50, 50], face: "skull" }]);
  assert.deepEqual(listed(attack, [a, b, other]).map((x) => x.id), [b.id, a.id], "newest first, this target only");
});

test("keys pick faces in the target's order", () => {
  assert.equal(faceForKey(attack, "1"), "one_sword");
  assert.equal(faceForKey(attack, "5"), "skull");
  assert.equal(faceForKey(attack, "6"), null, "past the last face");
  assert.equal(faceForKey(attack, "x"), null);
  const twelve = { ...attack, faces: Array.from({ length: 12 }, (_, i) => `f${i}`) };
  assert.equal(faceForKey(twelve, "0"), "f9");
  assert.equal(faceForKey(twelve, "="), "f11");
  assert.equal(keyForFace(twelve, "f10"), "-");
});

test("a click picks the smallest proposal holding it; a drag under 8 px is refused", () => {
  const props = [{ rect: [0, 0, 100, 100] as [number, number, number, number] }, { rect: [20, 20, 60, 60] as [number, number, number, number] }];
  assert.deepEqual(pickProposal(props, [30, 30]), [20, 20, 60, 60]);
  assert.deepEqual(pickProposal(props, [80, 80]), [0, 0, 100, 100]);
  assert.equal(pickProposal(props, [150, 10]), null);
  assert.deepEqual(dragRect([50, 40], [10, 90]), [10, 40, 50, 90]);
  assert.equal(dragRect([10, 10], [15, 60]), null);
});

test("a die already labelled on the same still is recognised", () => {
  const xs = [ex("skull", 1, attack.kind, [100, 100, 140, 140])];
  assert.equal(alreadyLabelled(xs, attack.kind, 1, [105, 102, 138, 141])?.face, "skull");
  assert.equal(alreadyLabelled(xs, attack.kind, 2, [105, 102, 138, 141]), null, "another still");
  assert.equal(alreadyLabelled(xs, attack.kind, 1, [200, 200, 240, 240]), null);
});
