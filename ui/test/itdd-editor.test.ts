// The Silver Mine screen's grid editor, dice and command builders.
import { test } from "node:test";
import assert from "node:assert/strict";
import dungeon from "./fixtures/itdd-dungeon.json";
import town from "./fixtures/itdd-town.json";
import { itddView } from "../src/screens/itdd/model";
import {
  cubeCommand,
  BRUSHES,
  draftCell,
  draftProblem,
  extendPath,
  newDraft,
  nextCardId,
  paintDraft,
  placeCardCommand,
  resizeDraft,
  rotateDraft,
  setDraftCell,
  viewport,
} from "../src/screens/itdd/grid";
import {
  attrsOf,
  diceOf,
  dungeonTurnCommand,
  itemOf,
  lootCommand,
  lootOutcome,
  manualPair,
  pairingOf,
  rollD6,
  setupOf,
  singleDie,
  virtualDungeonTurnCommand,
  virtualPair,
  withDice,
  type PairingChoice,
} from "../src/screens/itdd/commands";
import { addPair, fresh, markTried, readingKey, removePair, turnToSend, wantsPair } from "../src/screens/itdd/flow";
import type { Die } from "../src/ipc";
import { rulesOf } from "../src/screens/itdd/rules";
import dungeonView from "./fixtures/itdd-dungeon.view.json";
import { notices } from "../src/screens/itdd/describe";
import { asItddOptions } from "../src/setup-options";
import optionsFx from "./fixtures/setup-options.json";

type Obj = Record<string, unknown>;
const v = itddView(dungeon.state);
const brush = (ch: string) => BRUSHES.find((b) => b.char === ch)!;
const die = (face: string, color: string, x = 0): Die => ({ center: [x, 100], corners: [], face, color, confidence: 0.9, cocked: false });
const byColour: PairingChoice = { by: "colour", ours: "white", theirs: "red", side: "left" };
/** A fixed sequence of 32-bit values, for pinned dice. */
const seq = (...vals: number[]) => { let i = 0; return () => vals[i++ % vals.length]; };

test("a card is laid by size, origin and painted squares", () => {
  let d = newDraft("hall", 3, 2);
  assert.deepEqual(d.rows, ["...", "..."]);
  assert.equal(paintDraft(d, [0, 0], "#"), d, "nothing is painted before the origin is set");
  d = { ...d, origin: [4, 4] };
  d = paintDraft(d, [5, 4], "#");
  d = paintDraft(d, [6, 5], "h");
  assert.deepEqual(d.rows, [".#.", "..h"]);
  assert.equal(draftCell(d, [6, 5]), "h");
  assert.equal(draftCell(d, [7, 5]), null);
  assert.deepEqual(paintDraft(d, [5, 4], "#").rows, ["...", "..h"], "painting a square again turns it back to floor");
  assert.equal(paintDraft(d, [9, 9], "#"), d, "outside the card nothing changes");
  assert.equal(paintDraft(d, [4, 4], "?"), d, "an unknown brush changes nothing");
  const maxSide = rulesOf(dungeonView.view).maxCardSide;
  assert.deepEqual(resizeDraft(d, 2, 3, maxSide).rows, [".#", "..", ".."], "resizing keeps what still fits");
  assert.deepEqual(resizeDraft(d, 40, 0, maxSide).width, maxSide, "a side is kept within 1 and the engine's largest side");
  assert.deepEqual([resizeDraft(d, 40, 0, null).width, resizeDraft(d, 40, 0, null).height], [3, 1], "without the engine's limit a draft does not grow");
  assert.deepEqual(rotateDraft(d).rows, ["..", ".#", "h."], "a quarter turn clockwise: the top row becomes the right column");
  const r = rotateDraft({ ...newDraft("hall", 3, 2), rows: ["#s.", "ht."] });
  assert.deepEqual(r.rows, ["h#", "ts", ".."]);
  assert.deepEqual([r.width, r.height], [2, 3]);
});

test("the editor warns before the engine refuses: origin, first card, overlap, edge to edge", () => {
  const d = newDraft("hall", 4, 4);
  assert.match(draftProblem(d, v.cards)!, /top-left/);
  assert.match(draftProblem({ ...d, origin: [0, 0] }, [])!, /first card must be a Gate/);
  assert.match(draftProblem({ ...d, origin: [2, 2] }, v.cards)!, /overlaps gate-1/);
  assert.match(draftProblem({ ...d, origin: [0, 5] }, v.cards)!, /edge to edge/);
  assert.equal(draftProblem({ ...d, origin: [0, 4] }, v.cards), null, "below the Gate, sharing its bottom edge");
  assert.equal(draftProblem({ ...d, origin: [8, 2] }, v.cards), null, "right of the Hall, sharing part of an edge");
  assert.match(draftProblem({ ...d, origin: [8, 4] }, v.cards)!, /edge to edge/, "corner to corner is not enough");
  assert.equal(nextCardId(v.cards, "hall"), "hall-2");
  assert.equal(nextCardId([], "gate"), "gate-1");
});

test("place_card and place_cube commands are what the engine's vocabulary says", () => {
  const d = { ...paintDraft({ ...newDraft("hall", 2, 2), origin: [0, 4] as [number, number] }, [1, 5], "^") };
  assert.deepEqual(placeCardCommand(d, "hall-2", "warrior", false), { type: "place_card", id: "hall-2", kind: "hall", origin: [0, 4], rows: ["..", ".^"], explorer: "warrior" });
  assert.deepEqual(placeCardCommand(d, "hall-2", "warrior", true), { type: "place_card", id: "hall-2", kind: "hall", origin: [0, 4], rows: ["..", ".^"], explorer: "warrior", lost_map: true });
  assert.match(String((placeCardCommand(d, "hall-2", null, true) as Obj).error), /explorer/);
  assert.match(String((placeCardCommand(newDraft("gate"), "gate-1", null, false) as Obj).error), /top-left/);
  assert.deepEqual(cubeCommand(brush("h"), [6, 2]), { type: "place_cube", at: [6, 2], cube: { container: "chest" } });
  assert.deepEqual(cubeCommand(brush("L"), [1, 2]), { type: "place_cube", at: [1, 2], cube: "locked_door" });
  assert.equal(cubeCommand(brush("#"), [1, 2]), null, "walls belong to the card");
});

test("the grid shows every card with a margin, and the draft wherever it goes", () => {
  assert.deepEqual(viewport(v, null), { minX: -3, minY: -3, maxX: 10, maxY: 6 });
  assert.deepEqual(viewport(itddView(null), null), { minX: 0, minY: 0, maxX: 11, maxY: 9 });
  assert.deepEqual(viewport(v, { ...newDraft("hall", 4, 4), origin: [8, 5] }), { minX: -3, minY: -3, maxX: 11, maxY: 8 });
});

test("a path is drawn square by square, without diagonals, and taken back by clicking", () => {
  const start: [number, number] = [2, 3];
  let p = extendPath(start, [], [2, 2]);
  assert.deepEqual(p, [[2, 2]]);
  p = extendPath(start, p as [number, number][], [2, 1]);
  assert.deepEqual(p, [[2, 2], [2, 1]]);
  assert.match((extendPath(start, p as [number, number][], [3, 0]) as { error: string }).error, /no diagonals/);
  assert.deepEqual(extendPath(start, p as [number, number][], [2, 1]), [[2, 2]], "the last square again: taken back");
  assert.deepEqual(extendPath(start, [[2, 2], [2, 1], [3, 1]], [2, 2]), [[2, 2]], "an earlier square: cut back to it");
  assert.deepEqual(extendPath(start, [[2, 2]], start), [], "the start: the whole path goes");
});

test("virtual dice are fair d6 from 32-bit values, rejecting the biased top", () => {
  assert.equal(rollD6(seq(0)), 1);
  assert.equal(rollD6(seq(5)), 6);
  assert.equal(rollD6(seq(6 * 7 + 2)), 3);
  // 4294967295 is in the rejected top sliver; the next value is used.
  assert.equal(rollD6(seq(0xffffffff, 4)), 5);
  assert.deepEqual(virtualPair(seq(1, 2)), { character: 2, enemy: 3, source: "virtual" });
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 6000; i++) counts[rollD6() - 1]++;
  for (const c of counts) assert.ok(c > 800 && c < 1200, `each face about 1000 times: ${counts}`);
});

test("typed dice and attributes are checked before sending", () => {
  assert.deepEqual(manualPair(3, 6), { character: 3, enemy: 6, source: "manual" });
  assert.ok("error" in manualPair(0, 6));
  assert.ok("error" in manualPair(3, 2.5));
  assert.deepEqual(attrsOf({ attack: 1, move: 2, torch: 0, life: 2 }), { attack: 1, move: 2, torch: 0, life: 2 });
  assert.match(String((attrsOf({ attack: -1, move: 2, torch: 0, life: 2 }) as Obj).error), /attack/);
  assert.match(String((attrsOf({ attack: 1, move: 2, torch: 0, life: 0 }) as Obj).error), /Life/);
  const modes = asItddOptions(optionsFx["silver-mine"]).modes.map((m) => m.key);
  assert.deepEqual(setupOf("arena", " 17 ", modes), { mode: "arena", seed: 17 });
  assert.deepEqual(setupOf("solo", "", modes, seq(99)), { mode: "solo", seed: 99 });
  assert.ok("error" in setupOf("solo", "-3", modes));
  assert.ok("error" in setupOf("duel", "1", modes));
  // Only the modes the engine offers are set up.
  assert.ok("error" in setupOf("arena", "1", ["solo"]));
});

test("one die from the table: the only one, or the player's colour", () => {
  assert.equal(singleDie([die("4", "white")], byColour), 4);
  assert.equal(singleDie([die("2", "red"), die("5", "white")], byColour), 5);
  assert.match((singleDie([], byColour) as { error: string }).error, /No die/);
  assert.match((singleDie([die("2", "red"), die("5", "red")], byColour) as { error: string }).error, /0 of your colour/);
  assert.match((singleDie([die("?", "white")], byColour) as { error: string }).error, /unreadable/);
  assert.match((singleDie([die("1", "white"), die("2", "white")], { ...byColour, by: "position" }) as { error: string }).error, /only the one/);
});

test("pairing by position puts the player's die on the chosen side", () => {
  assert.deepEqual(pairingOf(byColour), { by: "colour", ours: "white", theirs: "red" });
  const left = pairingOf({ ...byColour, by: "position", side: "left" });
  assert.equal(left.by, "position");
  if (left.by === "position") assert.ok(left.ours[0] < left.theirs[0]);
  const bottom = pairingOf({ ...byColour, by: "position", side: "bottom" });
  if (bottom.by === "position") assert.ok(bottom.ours[1] > bottom.theirs[1]);
});

test("item cards from the form", () => {
  assert.deepEqual(itemOf({ kind: "potion", potion: "speed" }), { item: "potion", potion: "speed" });
  assert.deepEqual(itemOf({ kind: "rune", attribute: "life", bonus: 1, great: true }), { item: "rune", attribute: "life", bonus: 1, great: true });
  assert.deepEqual(itemOf({ kind: "weapon", attribute: "attack", bonus: 2, name: " Axe " }), { item: "weapon", name: "Axe", attribute: "attack", bonus: 2 });
  assert.deepEqual(itemOf({ kind: "tools" }), { item: "tools" });
  assert.deepEqual(itemOf({ kind: "master_key" }), { item: "master_key" }, "no charges typed: the engine gives the printed ones");
  assert.deepEqual(itemOf({ kind: "master_key", charges: 1 }), { item: "master_key", charges: 1 });
  assert.deepEqual(itemOf({ kind: "rune", attribute: "move" }), { item: "rune", attribute: "move", great: false }, "no bonus typed: the engine's default");
  assert.ok("error" in itemOf({ kind: "rune", attribute: "move", bonus: NaN }), "a bonus box left empty is refused, not guessed");
  assert.ok("error" in itemOf({ kind: "coins", amount: NaN }), "a coin card's value is typed");
  assert.ok("error" in itemOf({ kind: "weapon", attribute: "charm" }));
  assert.ok("error" in itemOf({ kind: "coins", amount: 0 }));
  assert.ok("error" in itemOf({ kind: "other", name: "  " }));
  assert.ok("error" in itemOf({ kind: "dragon" }));
  assert.deepEqual(lootCommand("mage", [3, 3], 5, "camera", null, [{ item: "torch" }]), { type: "loot", character: "mage", at: [3, 3], source: "camera", roll: 5, items: [{ item: "torch" }] });
  assert.deepEqual(lootCommand("mage", [3, 3], null, "manual", "tools", []), { type: "loot", character: "mage", at: [3, 3], source: "manual", with: "tools" });
});

test("the dungeon turn's dice are gathered until the log moves on", () => {
  let g = fresh(null, 20);
  assert.equal(wantsPair(g), false, "the first press sends no dice: dice lying from the last roll are not taken");
  assert.deepEqual(dungeonTurnCommand(g.pairs), { type: "dungeon_turn" });
  g = markTried(g);
  assert.equal(fresh(g, 20).tried, true, "refused (the log did not move): the next press brings a pair");
  assert.equal(wantsPair(fresh(g, 20)), true);
  assert.equal(fresh(g, 21).tried, false, "the turn went through: the next turn starts without dice");
  g = addPair(g, { character: 4, enemy: 4, source: "camera" }, [die("4", "white"), die("4", "red")]);
  g = addPair(g, { character: 2, enemy: 3, source: "manual" });
  g = addPair(g, { character: 1, enemy: 6, source: "camera" }, [die("1", "white"), die("6", "red")]);
  assert.equal(fresh(g, 20), g, "a refused turn changes no log entry: the pairs stay");
  assert.equal(fresh(g, 21).pairs.length, 0, "a new log entry starts afresh");
  const t = turnToSend(g, false);
  assert.deepEqual(t.command, { type: "dungeon_turn", dice: [{ character: 4, enemy: 4, source: "camera" }, { character: 2, enemy: 3, source: "manual" }, { character: 1, enemy: 6, source: "camera" }] });
  assert.deepEqual((t.reading as { pair: number }[]).map((r) => r.pair), [0, 2]);
  const g2 = removePair(g, 0);
  assert.equal(g2.tried, false, "after taking a pair back, the next press sends what is left");
  assert.deepEqual(g2.pairs.map((p) => p.character), [2, 1]);
  assert.deepEqual(g2.readings.map((r) => r.pair), [1], "readings follow their pair when an earlier one is removed");
  const noCamera = turnToSend(removePair(g2, 1), false);
  assert.equal(noCamera.reading, null);
  const rolled = turnToSend(fresh(null, 3), true, seq(1234));
  assert.deepEqual(rolled.command, { type: "dungeon_turn", seed: 1234, roll_missing: true });
  assert.deepEqual(virtualDungeonTurnCommand([{ character: 5, enemy: 1, source: "camera" }], seq(7)), { type: "dungeon_turn", dice: [{ character: 5, enemy: 1, source: "camera" }], seed: 7, roll_missing: true });
});

test("the same dice lying on the table have the same fingerprint, in any order", () => {
  const a = [die("4", "white", 100), die("2", "red", 300)];
  assert.equal(readingKey(a), readingKey([...a].reverse()));
  assert.notEqual(readingKey(a), readingKey([die("5", "white", 100), die("2", "red", 300)]));
  assert.notEqual(readingKey(a), readingKey([die("4", "white", 200), die("2", "red", 300)]), "a die rolled again lands elsewhere");
});

test("a correction changes only the dice of the last command the engine ran", () => {
  const ds = (dungeon as { steps: { command: Obj }[] }).steps;
  const attack = ds[16].command;
  assert.deepEqual(diceOf(attack), { pairs: [{ character: 6, enemy: 1, source: "virtual" }], roll: null });
  assert.deepEqual(withDice(attack, [{ character: 2, enemy: 1, source: "virtual" }], null), { ...attack, dice: { character: 2, enemy: 1, source: "manual" } });
  const turn = ds[20].command;
  assert.equal(diceOf(turn)?.pairs.length, 2);
  const fixed = withDice(turn, [{ character: 4, enemy: 4, source: "camera" }, { character: 5, enemy: 6, source: "camera" }], null);
  assert.deepEqual(fixed.dice, [{ character: 4, enemy: 4, source: "manual" }, { character: 5, enemy: 6, source: "manual" }]);
  const loot = (town as { steps: { command: Obj }[] }).steps[7].command;
  assert.deepEqual(diceOf(loot), { pairs: [], roll: 6 });
  assert.deepEqual(withDice(loot, [], 2), { ...loot, roll: 2, source: "manual" });
  assert.equal(diceOf(ds[11].command), null, "a seeded turn without dice has nothing to correct here");
  assert.equal(diceOf(ds[0].command), null);
  assert.equal(diceOf(null), null);
});

test("a loot roll's outcome tells the screen whether item cards must be drawn first", () => {
  const r = rulesOf(dungeonView.view);
  const rule = (k: string) => r.containers.find((c) => c.kind === k)!;
  // The engine's own answer for each roll, for the first character in the fixture.
  const [id, ch] = [...r.characters.entries()][0];
  assert.ok(id && ch.loot.crate?.length === 6, "the view carries six rolls per rolled container");
  const crate = ch.loot.crate;
  const first = crate.findIndex((x) => x.success);
  assert.ok(first > 0, "a 1 does not open a crate");
  assert.deepEqual(lootOutcome(rule("crate"), crate, first + 1), { success: true, score: crate[first].score, cards: rule("crate").items });
  assert.deepEqual(lootOutcome(rule("crate"), crate, first), { success: false, score: crate[first - 1].score, cards: 0 });
  assert.equal(lootOutcome(rule("sack"), ch.loot.sack, 1).success, true, "the sack always pays coins");
  assert.equal(lootOutcome(rule("sack"), ch.loot.sack, 1).cards, 0);
  assert.deepEqual(lootOutcome(rule("chest"), undefined, null), { success: true, score: null, cards: 1 }, "the chest opens with a key and gives one card");
  assert.deepEqual(lootOutcome(rule("barrel"), ch.loot.barrel, null), { success: false, score: null, cards: 0 }, "no roll, no loot");
});

test("the notices ask for a hand on the table after the engine's events", () => {
  const n = notices([
    { type: "companions_due", enemy: "g1", count: 2 },
    { type: "boss_due", gate: "gate-1", reason: "warrior spent the last Torch" },
    { type: "stepped_on_trap", character: "mage", at: [6, 1] },
    { type: "enemy_moved", enemy: "g1", path: [[1, 1]] },
  ]);
  assert.equal(n.length, 3, "a plain move needs nothing from the players");
  assert.match(n[0], /g1 calls 2 companion/);
  assert.match(n[1], /boss is due at gate-1/);
  assert.match(n[2], /mage stepped on a trap/);
});

test("a drag paints every square it crosses the same, without toggling back", () => {
  let d = { ...newDraft("hall", 3, 1), origin: [0, 0] as [number, number] };
  d = setDraftCell(d, [0, 0], "#");
  d = setDraftCell(d, [1, 0], "#");
  assert.deepEqual(d.rows, ["##."]);
  assert.equal(setDraftCell(d, [1, 0], "#"), d, "crossing a square again leaves it as painted");
  assert.equal(setDraftCell(d, [5, 0], "#"), d, "off the card nothing changes");
  assert.deepEqual(setDraftCell(d, [0, 0], ".").rows, [".#."], "a drag that started by clearing clears");
});

test("the screen's own forms start empty: no enemy stat, die or kind is preset", async () => {
  const { state, typedNumber } = await import("../src/screens/itdd/widgets");
  const u = state(424242);
  assert.equal(u.enemy.kind, "", "the kind is chosen from the engine's list when the form is drawn");
  for (const a of ["attack", "move", "torch", "life"] as const) assert.ok(Number.isNaN(u.enemy[a]), `${a} is typed from the enemy card`);
  assert.ok(u.manual.every(Number.isNaN), "typed dice start empty");
  assert.ok(Number.isNaN(typedNumber("  ")), "an empty box is not a zero");
  assert.equal(typedNumber("3"), 3);
  assert.ok("error" in manualPair(u.manual[0], u.manual[1]), "an untyped die is asked for, not sent");
});
