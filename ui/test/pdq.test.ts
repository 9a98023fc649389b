// The Pocket Dungeon Quest screen's pure logic, against views and offers
// the real engine produced: each `pocket-dungeon-quest-*.view.json` holds
// a state's view, offers, and the command and events that led to it,
// written by `TW_UPDATE_FIXTURES=1 cargo test -p tw-pocket-dungeon-quest
// --test screen_fixtures`.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Offer } from "../src/game-ipc";
import type { Die } from "../src/ipc";
import {
  attackTargets,
  cameraHenchmenFace,
  canReroll,
  cellView,
  correctedRoll,
  filledOffer,
  henchmenNeeded,
  lastRoll,
  mayDisarm,
  merchantDraws,
  moveCommand,
  newDraft,
  otherFaces,
  OWN_OFFERS,
  pickable,
  pileLeft,
  placeWords,
  revealChoices,
  rerolled,
  savers,
  spellChoices,
  spellCommand,
  spellNeeds,
  spellPickable,
  spellOf,
  spellReveals,
  tableRoll,
  whatNow,
  type SpellDraft,
} from "../src/screens/pdq/model";
import { describeCommand, describeEvent, effectLines, useWords } from "../src/screens/pdq/describe";
import { asPdqView } from "../src/screens/pdq/types";
import start from "./fixtures/pocket-dungeon-quest-start.view.json";
import fight from "./fixtures/pocket-dungeon-quest-fight.view.json";
import critical from "./fixtures/pocket-dungeon-quest-critical.view.json";
import henchmen from "./fixtures/pocket-dungeon-quest-henchmen.view.json";
import boss from "./fixtures/pocket-dungeon-quest-boss.view.json";
import campaign from "./fixtures/pocket-dungeon-quest-campaign.view.json";
import won from "./fixtures/pocket-dungeon-quest-won.view.json";

type Fixture = { command: Record<string, unknown> | null; events: Array<Record<string, unknown>>; view: unknown; offers: unknown };
const view = (f: Fixture) => asPdqView(f.view);
const offers = (f: Fixture) => f.offers as Offer[];
const entry = (f: Fixture) => ({ seq: 7, source: "camera", command: f.command, events: f.events });

test("a new game lights every entry point and names what a move turns up", () => {
  const v = view(start as Fixture);
  assert.match(whatNow(v), /Warrior enters the dungeon/);
  const top = cellView(v, { row: -1, col: 4 });
  assert.ok(top.move?.enters);
  assert.deepEqual(top.move?.reveal, [{ row: 0, col: 3 }, { row: 0, col: 4 }, { row: 0, col: 5 }]);
  assert.equal(cellView(v, { row: 0, col: 0 }).kind, "hidden");
  assert.equal(cellView(v, { row: 0, col: 0 }).move, null, "the mat itself is not entered onto");
  // The three tiles turned up, named from what is still face down.
  const d = newDraft(top.move!);
  assert.deepEqual(moveCommand(d), { missing: "name the tile turned up at row 1, column 4" });
  const choices = revealChoices(v, d, 0);
  assert.ok(choices.includes("boss") && choices.includes("goblin"));
  // One Boss on the mat: named once, it is no longer a choice elsewhere.
  d.tiles = ["boss", "floor", null];
  assert.ok(!revealChoices(v, d, 2).includes("boss"));
  assert.ok(revealChoices(v, d, 0).includes("boss"), "a space keeps its own choice");
  d.tiles[2] = "spike_trap";
  assert.equal(mayDisarm(v, d, 2), false, "no Multi-Tool held");
  const withTool = { ...v, heroes: v.heroes.map((x) => (x.hero === "warrior" ? { ...x, disarms: true } : x)) };
  assert.equal(mayDisarm(withTool, d, 2), true);
  assert.equal(mayDisarm(withTool, d, 1), false, "only a Trap is disarmed");
  d.disarm[2] = true;
  assert.deepEqual((moveCommand(d) as { command: { reveal: unknown[] } }).command.reveal[2], { at: { row: 0, col: 5 }, tile: "spike_trap", disarm: true });
  d.disarm[2] = false;
  // A Red Beholder below the hero: the hero in its column rolls to save.
  d.tiles[1] = "red_beholder";
  assert.deepEqual(savers(d, 1), ["warrior"]);
  assert.deepEqual(moveCommand(d, (k) => k.toUpperCase()), { missing: "give the WARRIOR's saving roll against the Red Beholder" });
  d.saves[1].warrior = "skull";
  assert.deepEqual((moveCommand(d) as { command: { reveal: unknown[] } }).command.reveal[1], { at: { row: 0, col: 4 }, tile: "red_beholder", saves: { warrior: "skull" } });
  d.tiles[1] = "floor";
  d.tiles[2] = "goblin";
  assert.deepEqual(moveCommand(d), {
    command: {
      type: "move",
      to: { row: -1, col: 4 },
      reveal: [
        { at: { row: 0, col: 3 }, tile: "boss" },
        { at: { row: 0, col: 4 }, tile: "floor" },
        { at: { row: 0, col: 5 }, tile: "goblin" },
      ],
    },
  });
});

test("in a fight the mat shows the Monsters and the camera's target", () => {
  const v = view(fight as Fixture);
  const slime = cellView(v, { row: 0, col: 3 });
  assert.equal(slime.label, "Slime");
  assert.ok(slime.fight && slime.target);
  assert.ok(cellView(v, { row: 0, col: 5 }).fight && !cellView(v, { row: 0, col: 5 }).target);
  assert.deepEqual(cellView(v, { row: -1, col: 4 }).heroes, ["warrior"]);
  assert.match(whatNow(v), /Warrior attacks: roll the Attack Die \(the camera's roll goes to the Slime at row 1, column 4\)/);
  assert.deepEqual(attackTargets(offers(fight as Fixture)).map((t) => t.label), ["row 1, column 4", "row 1, column 6"]);
  assert.equal(v.moves.length, 0);
});

test("the last roll shows its result and corrects in one click to another face", () => {
  const f = critical as Fixture;
  const v = view(f);
  useWords(v.words);
  const r = lastRoll(entry(f))!;
  assert.equal(r.result, "critical_miss");
  assert.equal(r.monster, "minotaur");
  assert.equal(r.face, "skull");
  const lines = effectLines(r.events);
  assert.ok(lines.some((l) => /Warrior now has 1 Heart/.test(l)), lines.join(" | "));
  const faces = otherFaces(v.die_faces, r).map((x) => x.face);
  assert.deepEqual(faces, ["one_sword", "two_swords", "three_swords", "flash"]);
  assert.deepEqual(correctedRoll(r, "three_swords"), { ...f.command, roll: "three_swords" });
  // The Archer's re-roll is what counts: a correction changes it.
  const rr = { ...r, command: { ...r.command, reroll: "flash" } };
  assert.equal(correctedRoll(rr, "two_swords").reroll, "two_swords");
  assert.equal(correctedRoll(rr, "two_swords").roll, "skull");
  assert.equal(lastRoll({ seq: 1, source: "manual", command: { type: "end_turn" }, events: [] }), null);
});

test("only a hero with Eagle Eye Vision is offered the re-roll of a miss", () => {
  const f = critical as Fixture;
  const v = view(f);
  const r = lastRoll(entry(f))!;
  assert.equal(canReroll(v, r), false, "the Warrior does not re-roll");
  const archer = { ...v, heroes: v.heroes.map((h) => (h.hero === "warrior" ? { ...h, rerolls: true } : h)) };
  assert.equal(canReroll(archer, r), true);
  assert.deepEqual(rerolled(r, "two_swords"), { ...f.command, reroll: "two_swords" });
  assert.equal(canReroll(archer, { ...r, command: { ...r.command, reroll: "flash" } }), false, "once re-rolled, no more");
  assert.equal(canReroll(archer, { ...r, result: "hit" }), false, "a hit needs no re-roll");
});

test("entry points are named by the edge they face", () => {
  const v = view(start as Fixture);
  assert.equal(placeWords(v, { row: -1, col: 4 }), "above column 5");
  assert.equal(placeWords(v, { row: 10, col: 0 }), "below column 1");
  assert.equal(placeWords(v, { row: 3, col: -1 }), "left of row 4");
  assert.equal(placeWords(v, { row: 3, col: 10 }), "right of row 4");
  assert.equal(placeWords(v, { row: 3, col: 2 }), "row 4, column 3");
});

test("items and spells come as pickers of the engine's choices, never typed", () => {
  const o = offers(critical as Fixture);
  const mine = o.filter((x) => !OWN_OFFERS.has(x.key));
  assert.ok(mine.some((x) => x.key === "potion"));
  for (const x of mine) assert.ok(!x.fill?.length || pickable(x), `${x.key} needs typing`);
  const potion = o.find((x) => x.key === "potion")!;
  assert.deepEqual(filledOffer(potion, {}), { missing: "hero" });
  assert.deepEqual(filledOffer(potion, { hero: 0 }), { command: { type: "potion", hero: "warrior" } });
  assert.deepEqual(filledOffer(potion, { hero: 1 }), { missing: "hero" }, "the Rogue, at full Hearts, is no choice");
  for (const x of o) assert.ok(!/_/.test(x.label), `a slug in "${x.label}"`);
});

test("the Henchmen are picked from the Monster Pile as the roll calls them", () => {
  const v = view(henchmen as Fixture);
  assert.match(whatNow(v), /roll the Attack Die for its Henchmen/);
  assert.equal(henchmenNeeded(v, "two_swords"), 2);
  // More called than the pile holds: only what it holds.
  assert.equal(henchmenNeeded(v, "skull"), 2);
  assert.deepEqual(pileLeft(v, ["goblin"]), ["slime"]);
});

test("the Boss Fight shows the stack and who attacks", () => {
  const v = view(boss as Fixture);
  assert.deepEqual(v.boss?.stack, ["goblin", "slime"]);
  assert.match(whatNow(v), /Boss Fight: Rogue attacks the top of the stack/);
  assert.ok(cellView(v, { row: 0, col: 8 }).target);
});

test("a campaign shows Levels, XP and Keys, and a won session offers the next", () => {
  const v = view(campaign as Fixture);
  assert.equal(v.campaign_session, 1);
  const w = v.heroes.find((x) => x.hero === "warrior")!;
  assert.deepEqual([w.xp, w.keys, w.can_level_up], [3, 1, true]);
  assert.deepEqual(w.next_level, { level: 1, xp: 3, keys: 1 });
  assert.ok(cellView(v, { row: 2, col: 2 }).key);
  const level = offers(campaign as Fixture).find((x) => x.key === "level_up")!;
  assert.ok(pickable(level));
  assert.ok(level.inputs!.gear.choices!.every((c) => !/_/.test(c.label)));
  const wonView = view(won as Fixture);
  assert.match(whatNow(wonView), /Session 1 won: start the next session/);
  assert.deepEqual(offers(won as Fixture).map((x) => x.key), ["next_session"]);
});

test("the die on the table is used only when it is one Attack Die", () => {
  const faces = view(start as Fixture).die_faces;
  const die = (face: string | null): Die => ({ center: [0, 0], corners: [], face, color: "white", confidence: 0.95, cocked: false });
  assert.match((tableRoll([], faces) as { why: string }).why, /no die/);
  assert.match((tableRoll([die("skull"), die("flash")], faces) as { why: string }).why, /2 dice/);
  assert.match((tableRoll([die("4")], faces) as { why: string }).why, /not a face of the Attack Die/);
  assert.match((tableRoll([die(null)], faces) as { why: string }).why, /could not be read/);
  assert.equal((tableRoll([die("two_swords")], faces) as { face: string }).face, "two_swords");
});

test("the log reads in the rulebook's words", () => {
  useWords(view(start as Fixture).words);
  assert.equal(describeCommand({ type: "attack", target: { row: 0, col: 3 }, roll: "two_swords" }), "Attack at row 1, column 4: rolled two swords");
  assert.equal(describeEvent({ type: "revealed", at: { row: 0, col: 8 }, tile: "skelly_archer" }), "Skelly Archer turned up at row 1, column 9");
  assert.equal(describeEvent({ type: "attacked", hero: "archer", monster: "gems_10", roll: "flash", reroll: null, result: "miss" }), "The Archer attacks the 10 Gems: flash, miss");
  assert.equal(describeCommand({ type: "level_up", gear: "bow_and_arrow" }), "Level up, gaining the Bow & Arrow");
  assert.equal(describeCommand({ type: "use_gear", gear: "harp", by: "wizard", at: { row: 1, col: 1 } }), "The Wizard uses the Harp");
  assert.equal(describeCommand({ type: "tome", by: "wizard", cast: { type: "extra_move" } }), "The Wizard casts from the Spell Tome: Extra Move");
  assert.equal(
    describeEvent({ type: "monster_woke", at: { row: 0, col: 1 }, monster: "skelly_archer", fought_by: ["archer", "rogue"] }),
    "The Skelly Archer at row 1, column 2 wakes: the Archer and the Rogue must fight it",
  );
  assert.equal(describeEvent({ type: "rested", hero: "rogue", healed: true }), "The Rogue rests well and regains 1 Heart");
});

test("Foresight and Swap Tiles are entered by clicking the mat and naming what turns up", () => {
  const v = view(critical as Fixture);
  assert.ok(v.sight.length > 0, "the hero's Circle of Sight is in the view");
  const spaces: Array<{ row: number; col: number }> = [];
  for (let r = 0; r < v.mat.rows; r++) for (let c = 0; c < v.mat.cols; c++) spaces.push({ row: r, col: c });
  const hidden = spaces.filter((p) => v.mat.cells[p.row][p.col] === "hidden");
  const inSight = (p: { row: number; col: number }) => v.sight.some((q) => q.row === p.row && q.col === p.col);
  const heroHere = (p: { row: number; col: number }) => v.heroes.some((x) => x.pos?.row === p.row && x.pos?.col === p.col);

  const f: SpellDraft = { kind: "foresight", picked: [], tiles: [] };
  assert.equal(v.rules.foresight_tiles, 3, "the engine's view says how many tiles Foresight turns up");
  assert.equal(spellNeeds(v, f), 3);
  // The count is the engine's, not the screen's: another number is followed, none offers nothing.
  assert.equal(spellNeeds({ ...v, rules: { ...v.rules, foresight_tiles: 2 } }, f), 2);
  assert.equal(spellNeeds({ ...v, rules: { ...v.rules, foresight_tiles: undefined } }, f), 0);
  // The Merchant's draw is the engine's number too, fewer when the pile holds fewer.
  assert.equal(v.rules.merchant_draws, 2);
  assert.equal(merchantDraws({ ...v, piles: { ...v.piles, merchant: 5 } }), 2);
  assert.equal(merchantDraws({ ...v, piles: { ...v.piles, merchant: 1 } }), 1);
  assert.equal(merchantDraws({ ...v, rules: { ...v.rules, merchant_draws: undefined } }), 0);
  const open = spaces.find((p) => v.mat.cells[p.row][p.col] !== "hidden")!;
  assert.equal(spellPickable(v, f, open), false, "Foresight turns up face-down tiles only");
  f.picked.push(...hidden.slice(0, 2));
  assert.match((spellCommand(v, f) as { missing: string }).missing, /1 more space/);
  f.picked.push(hidden[2]);
  assert.equal(spellPickable(v, f, hidden[3]), false, "three at most");
  f.tiles = spellReveals(v, f).map(() => null);
  assert.match((spellCommand(v, f) as { missing: string }).missing, /name the tile/);
  // A kind with one tile left cannot be named twice.
  const single = Object.entries(v.unrevealed).find(([, n]) => n === 1)?.[0];
  if (single) {
    f.tiles[0] = single;
    assert.ok(!spellChoices(v, f, 1).includes(single));
  }
  const kinds = Object.keys(v.unrevealed);
  f.tiles = [kinds[0], kinds[1], kinds[2]];
  assert.deepEqual(spellCommand(v, f), { command: { type: "foresight", reveal: f.picked.map((at, i) => ({ at, tile: f.tiles[i] })) } });

  // Swap Tiles: a face-down tile far away swapped with an open space in sight is turned up there.
  const near = spaces.find((p) => inSight(p) && v.mat.cells[p.row][p.col] !== "hidden" && !heroHere(p))!;
  const far = hidden.find((p) => !inSight(p))!;
  const s: SpellDraft = { kind: "swap_tiles", picked: [near, far], tiles: [] };
  assert.deepEqual(spellReveals(v, s), [near]);
  s.tiles = ["goblin"];
  assert.deepEqual(spellCommand(v, s), { command: { type: "swap_tiles", a: near, b: far, reveal: [{ at: near, tile: "goblin" }] } });
  // Two spaces out of sight turn up nothing.
  const out = spaces.filter((p) => !inSight(p) && !heroHere(p));
  assert.deepEqual(spellReveals(v, { kind: "swap_tiles", picked: [out[0], out[1]], tiles: [] }), []);
  assert.ok(OWN_OFFERS.has("foresight") && OWN_OFFERS.has("swap_tiles"), "the screen's own pickers, not the generic offer rows");

  // Cast from the Spell Tome, on another hero's turn: the same picker, the spell wrapped in the engine's `tome` command.
  const tome = { type: "tome", by: "wizard", cast: { type: "swap_tiles", a: null, b: null, reveal: null } };
  const t = spellOf({ key: "tome_swap_tiles", command: tome })!;
  assert.equal(t.kind, "swap_tiles");
  t.picked = [near, far];
  t.tiles = ["goblin"];
  assert.deepEqual(spellCommand(v, t), { command: { type: "tome", by: "wizard", cast: { type: "swap_tiles", a: near, b: far, reveal: [{ at: near, tile: "goblin" }] } } });
  assert.equal(spellOf({ key: "tome_teleport", command: {} }), null);
  assert.equal(spellOf({ key: "foresight", command: { type: "foresight" } })?.tome, undefined);
  assert.ok(OWN_OFFERS.has("tome_foresight") && OWN_OFFERS.has("tome_swap_tiles"));
});

test("a Henchmen roll read by the camera is filled in for the player to confirm", () => {
  const v = view(henchmen as Fixture);
  assert.equal(v.waiting_for, "henchmen");
  const face = v.die_faces[0].face;
  const kept = (status: "ask" | "applied" | "ignored" | "waiting", dice: unknown[], landed: number[] = [0]) => [
    { session: 1, id: 9, at_ms: 0, reading: { reader: "pips", dice, landed }, image_path: null, status, reason: "entered on the screen", applied_seq: null },
  ];
  assert.equal(cameraHenchmenFace(v, kept("ask", [{ face }])), face);
  assert.equal(cameraHenchmenFace(v, kept("ask", [{ face, cocked: true }])), null, "a leaning die is rolled again");
  assert.equal(cameraHenchmenFace(v, kept("ask", [{ face: "3" }])), null, "pips are not the Attack Die");
  assert.equal(cameraHenchmenFace(v, kept("ask", [{ face }, { face }], [0, 1])), null, "two dice moved: which one?");
  assert.equal(cameraHenchmenFace(v, kept("ignored", [{ face }])), null);
  assert.equal(cameraHenchmenFace(view(fight as Fixture), kept("ask", [{ face }])), null, "only while the game waits for that roll");
});
