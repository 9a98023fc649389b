// The Green Dungeon screen's pure logic, checked against states the real
// engine produced: each fixture is `warden replay green-dungeon --script …`
// output (its steps hold the commands and events; `setup` was added), and
// each `*.view.json` beside it the engine's view of that state, written by
// `TW_UPDATE_FIXTURES=1 cargo test -p tw-green-dungeon --test view_fixtures`.
// Regenerate: run each fixture's setup + step commands through
// `cargo run -p warden -- replay green-dungeon --script FILE`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { edgeOf, flippable, moveOptions, tilesLeft, upkeepOutcome } from "../src/screens/gd/grid";
import { cardsPreview, fightView, phaseView, trackView } from "../src/screens/gd/model";
import { gdKey } from "../src/screens/gd/keys";
import type { CardsFor } from "../src/screens/gd/types";
import {
  doorPrompt,
  eventCheckPrompt,
  fightPrompt,
  fleePrompt,
  missing,
  nextCameraStep,
  promptOfCommand,
  recoverPrompt,
  rollD6,
  rollMissing,
  singleDieValue,
} from "../src/screens/gd/dice";
import { cardsCommand, gdSetup, treasureCommand, treasureWords } from "../src/screens/gd/commands";
import { describeCommand, describeEvent } from "../src/screens/gd/describe";
import { asGdState, asGdView, type GdState, type GdView } from "../src/screens/gd/types";
import type { Die } from "../src/ipc";
import start from "./fixtures/gd-start.json";
import cards from "./fixtures/gd-cards.json";
import combat from "./fixtures/gd-combat.json";
import loot from "./fixtures/gd-loot.json";
import recover from "./fixtures/gd-recover.json";
import check from "./fixtures/gd-check.json";
import wandering from "./fixtures/gd-wandering.json";
import wanderingFight from "./fixtures/gd-wandering-fight.json";
import doc from "./fixtures/gd-doc.json";
import boss from "./fixtures/gd-boss.json";
import over from "./fixtures/gd-over.json";
import fifteen from "./fixtures/gd-fifteen.json";
import door from "./fixtures/gd-door.json";
import doorHeld from "./fixtures/gd-door-held.json";
import startView from "./fixtures/gd-start.view.json";
import cardsView from "./fixtures/gd-cards.view.json";
import combatView from "./fixtures/gd-combat.view.json";
import lootView from "./fixtures/gd-loot.view.json";
import recoverView from "./fixtures/gd-recover.view.json";
import checkView from "./fixtures/gd-check.view.json";
import wanderingView from "./fixtures/gd-wandering.view.json";
import wanderingFightView from "./fixtures/gd-wandering-fight.view.json";
import docView from "./fixtures/gd-doc.view.json";
import bossView from "./fixtures/gd-boss.view.json";
import overView from "./fixtures/gd-over.view.json";
import fifteenView from "./fixtures/gd-fifteen.view.json";
import doorView from "./fixtures/gd-door.view.json";
import doorHeldView from "./fixtures/gd-door-held.view.json";
import cardsByPurpose from "./fixtures/gd-cards-by-purpose.view.json";
import { asGdOptions } from "../src/setup-options";
import optionsFx from "./fixtures/setup-options.json";

interface Replay {
  setup: unknown;
  steps: Array<{ command: Record<string, unknown>; events: Array<Record<string, unknown>> }>;
  state: unknown;
}
const ALL: Record<string, Replay> = { start, cards, combat, loot, recover, check, wandering, wanderingFight, doc, boss, over, fifteen, door, doorHeld } as unknown as Record<string, Replay>;
const st = (r: unknown): GdState => asGdState(structuredClone((r as Replay).state));
const VIEWS = new Map<unknown, unknown>([
  [start, startView], [cards, cardsView], [combat, combatView], [loot, lootView], [recover, recoverView], [check, checkView],
  [wandering, wanderingView], [wanderingFight, wanderingFightView], [doc, docView], [boss, bossView], [over, overView],
  [fifteen, fifteenView], [door, doorView], [doorHeld, doorHeldView],
]);
/** The engine's view of a fixture's state. */
const gv = (r: unknown): GdView => asGdView(structuredClone((VIEWS.get(r) as { view: unknown }).view));
/** The engine's view with the cards view of another draw (the engine's, from gd-cards-by-purpose). */
const withCards = (p: CardsFor): GdView => ({ ...gv(cards), cards: (cardsByPurpose as Record<string, GdView["cards"]>)[p.for] });
const docSteps = (doc as unknown as Replay).steps;

// ---------------------------------------------------------------- grid

test("edges on the board: open passage, wall, unknown beside a face-down tile", () => {
  const v = gv(start);
  assert.deepEqual(edgeOf(v, { row: 0, col: 0 }, "east"), { kind: "open" });
  assert.deepEqual(edgeOf(v, { row: 0, col: 0 }, "south"), { kind: "wall" });
  assert.deepEqual(edgeOf(v, { row: 0, col: 1 }, "east"), { kind: "unknown" });
  assert.deepEqual(edgeOf(v, { row: 0, col: 4 }, "east"), { kind: "wall" }, "the perimeter is walled");
});

test("a one-way door is drawn with the way it opens freely", () => {
  // Entrance Cog east–west, Drop north–south to its east: light on the Cog's side.
  assert.deepEqual(edgeOf(gv(door), { row: 0, col: 0 }, "east"), { kind: "door", free: "east" });
});

test("move options: open passage and wall at the entrance; a door back needs a roll above 4 once visited", () => {
  const s = st(start);
  assert.deepEqual(
    moveOptions(gv(start)).map((m) => [m.dir, m.kind]),
    [["east", "open"], ["south", "wall"]],
  );
  const d = st(door);
  const west = moveOptions(gv(door)).find((m) => m.dir === "west");
  assert.deepEqual(west, { dir: "west", to: { row: 0, col: 0 }, kind: "door_roll", neededAbove: 4, retry: false });
  // The engine held that door on a 3 (the fixture's last event): trying again is a retry.
  assert.equal((doorHeld as unknown as Replay).steps.at(-1)!.events[0].type, "door_held");
  assert.equal(moveOptions(gv(doorHeld)).find((m) => m.dir === "west")?.retry, true);
  // Face-down neighbours must be turned up first.
  assert.deepEqual(moveOptions(gv(door)).filter((m) => m.kind === "flip_first").map((m) => m.dir), ["east", "south"]);
});

test("the upkeep preview says what the engine then did", () => {
  const v = gv(check);
  const pred = upkeepOutcome(v, 2, 1);
  // The engine's own answer to those dice (the next step of the same game).
  const ev = (wandering as unknown as Replay).steps.at(-1)!.events.find((e) => e.type === "event_checked")!;
  assert.deepEqual(ev.upkeep, { upkeep: "reset", at: { row: 0, col: 1 } });
  assert.deepEqual(pred, { at: { row: 0, col: 1 }, outcome: "reset" });
  assert.equal(upkeepOutcome(v, 1, 1).outcome, "skipped_current_room");
  assert.equal(upkeepOutcome(v, 3, 1).outcome, "skipped_unexplored");
  assert.equal(upkeepOutcome(v, 4, 6).outcome, "none");
  // The reset tile keeps its face, face down.
  const after = st(wandering).grid.rows[0][1];
  assert.equal(after.face_up, false);
  assert.equal(after.face?.kind, "drop");
});

test("tiles left per kind count the faces on the table", () => {
  const left = tilesLeft(gv(start));
  assert.deepEqual(left, { drop: 5, hammer: 3, wood: 4, brick: 4, cog: 4, straw: 1 });
});

test("squares that may be turned up: the hero's face-down neighbours, none during an encounter", () => {
  assert.deepEqual(flippable(gv(doc)), [{ row: 0, col: 2 }, { row: 1, col: 1 }]);
  assert.deepEqual(flippable(gv(start)), []);
  assert.deepEqual(flippable(gv(combat)), []);
  assert.deepEqual(flippable(gv(check)), [], "not while checks are due");
});

// ---------------------------------------------------------------- model

test("each engine phase gets its heading", () => {
  const keys = Object.fromEntries(Object.entries(ALL).map(([k, r]) => [k, phaseView(st(r), gv(r)).key]));
  assert.deepEqual(keys, {
    start: "exploring",
    cards: "cards",
    combat: "combat",
    loot: "loot",
    recover: "recover",
    check: "event_check",
    wandering: "cards",
    wanderingFight: "combat",
    doc: "exploring",
    boss: "combat",
    over: "over",
    fifteen: "event_check",
    door: "exploring",
    doorHeld: "exploring",
  });
  assert.equal(phaseView(st(fifteen), gv(fifteen)).title, "Event check (1 of 3)");
  assert.equal(phaseView(st(cards), gv(cards)).title, "Draw 1 Monster card");
  assert.match(phaseView(st(over), gv(over)).title, /perished — final score 45/);
});

test("the time track: 7 after two rests, one event cube, one check due", () => {
  const t = trackView(st(check), gv(check));
  assert.equal(t.main, 7);
  assert.deepEqual(t.squares.filter((q) => q.filled).map((q) => q.n), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(t.squares.filter((q) => q.event).map((q) => q.n), [5, 10, 15]);
  assert.deepEqual(t.squares.filter((q) => q.current).map((q) => q.n), [7]);
  assert.equal(t.eventCubes, 1);
  assert.deepEqual(t.pendingChecks, [{ eventCubes: 1 }]);
  assert.equal(t.toNextEvent, 3);
  assert.equal(t.cubeSlots, 3, "the cube places drawn: the event squares of the engine's track");
});

test("the cube places follow the engine's track, not a number in the screen", () => {
  const v = gv(check);
  const longer = { ...v, rules: { ...v.rules, reset_at: 20 } } as GdView;
  assert.equal(trackView(st(check), longer).cubeSlots, 4);
});

test("at 15 the track is cleared, two event cubes go, and three checks against 3 are due", () => {
  const t = trackView(st(fifteen), gv(fifteen));
  assert.equal(t.main, 0);
  assert.equal(t.eventCubes, 1);
  assert.deepEqual(t.pendingChecks, [{ eventCubes: 3 }, { eventCubes: 3 }, { eventCubes: 3 }]);
  assert.equal(t.elapsed, 15);
  assert.equal(t.squares.some((q) => q.filled), false);
});

test("the fight: a Drop monster at 1 health, fleeable after a round, bribe for its card number", () => {
  const s = st(combat);
  assert.equal(s.phase.phase, "combat");
  if (s.phase.phase !== "combat") return;
  const f = fightView(s.phase, gv(combat));
  assert.equal(f.name, "Drop-room monster");
  assert.deepEqual([f.health, f.difficulty, f.rounds], [1, 2, 1]);
  assert.equal(f.monsterAction, "melee");
  assert.equal(f.canFlee, true);
  assert.deepEqual([f.bribeCost, f.canBribe], [2, true]);
  assert.equal(f.canSpell, true);
  assert.equal(f.canPowerSpell, true);
});

test("a spellcasting mini boss casts powerful magic first and cannot be bribed or fled in round 1", () => {
  const s = st(boss);
  if (s.phase.phase !== "combat") return assert.fail("not in combat");
  const f = fightView(s.phase, gv(boss));
  assert.equal(f.monsterAction, "power_spell");
  assert.equal(f.canBribe, false);
  assert.equal(f.canFlee, false);
  assert.match(f.fleeWhy ?? "", /only at the end of a combat round/);
});

test("the monster's predicted move is what the engine then played", () => {
  const s = st(wanderingFight);
  if (s.phase.phase !== "combat") return assert.fail("not in combat");
  assert.equal(fightView(s.phase, gv(wanderingFight)).monsterAction, "spell");
  const next = docSteps[13].events.find((e) => e.type === "combat_round");
  assert.equal(next?.monster, "spell");
});

test("rest, luck and between-encounter checks", () => {
  assert.equal(gv(start).rest_why, null, "the cleared entrance Cog room");
  assert.match(gv(combat).rest_why ?? "", /between encounters/);
  assert.match(gv(check).rest_why ?? "", /checks/, "checks are due");
  assert.equal(gv(doc).between_encounters, true);
  assert.equal(gv(check).between_encounters, false);
  assert.equal(gv(start).can_use_luck, false);
  // The engine offers exactly what its view allows.
  const keys = (r: unknown) => ((VIEWS.get(r) as { offers: Array<{ key: string }> }).offers).map((o) => o.key);
  assert.ok(keys(start).includes("rest"));
  assert.deepEqual(keys(check), ["event_check"]);
  assert.ok(keys(combat).includes("bribe") && !keys(boss).includes("bribe"));
});

test("a state that is not Green Dungeon's is refused with a message", () => {
  assert.throws(() => asGdState({ phase: { phase: "combat" } }), /not a Green Dungeon state/);
  assert.throws(() => asGdState(null), /not a Green Dungeon state/);
});

test("the cards preview names the difficulty the engine then gave the monster", () => {
  let checked = 0;
  for (const r of Object.values(ALL)) {
    let purpose: CardsFor | null = null;
    for (const step of r.steps) {
      if (step.command.type === "cards" && purpose) {
        const fight = step.events.find((e) => e.type === "phase_changed" && (e.phase as { phase: string }).phase === "combat");
        const monster = (fight?.phase as { monster?: { difficulty: number; spellcaster: boolean; treasure_cards: number } } | undefined)?.monster;
        const text = cardsPreview(purpose, withCards(purpose), step.command.cards as Array<{ number: number; symbol: string }>) ?? "";
        if (monster) {
          assert.match(text, new RegExp(`^Difficulty ${monster.difficulty}\\b`), `${JSON.stringify(step.command)} → ${text}`);
          assert.equal(text.includes("casts spells"), monster.spellcaster);
          assert.equal(text.includes("guards a treasure"), monster.treasure_cards > 0 && purpose.for !== "mini_boss" && purpose.for !== "final_boss");
          checked += 1;
        }
      }
      for (const e of step.events) {
        if (e.type === "phase_changed" && (e.phase as { phase: string }).phase === "cards") purpose = (e.phase as { purpose: CardsFor }).purpose;
      }
    }
  }
  assert.ok(checked >= 5, `only ${checked} monsters checked`);
  assert.equal(cardsPreview({ for: "hammer_monster" }, withCards({ for: "hammer_monster" }), [{ number: 2, symbol: "drop" }]), null, "two cards needed");
  assert.equal(cardsPreview({ for: "wood_magic" }, withCards({ for: "wood_magic" }), [{ number: 3, symbol: "wood" }]), "A clairvoyant vision: turn up 3 face-down tiles.");
  assert.equal(cardsPreview({ for: "brick_trap" }, withCards({ for: "brick_trap" }), [{ number: 4, symbol: "wood" }]), "A trap: roll + level ≥ 4 avoids it, else −4 magic.");
});

test("keys: digits fill dice, R rolls, C reads the camera; not while typing", () => {
  assert.deepEqual(gdKey("4", false, false), { kind: "face", value: 4 });
  assert.deepEqual(gdKey("R", false, false), { kind: "roll" });
  assert.deepEqual(gdKey("c", false, false), { kind: "camera" });
  assert.equal(gdKey("7", false, false), null);
  assert.equal(gdKey("4", true, false), null);
  assert.equal(gdKey("r", false, true), null);
  assert.equal(gdKey("u", false, false), null, "U stays the Game screen's undo");
});

// ---------------------------------------------------------------- dice

test("the event check prompt builds the documented command from its dice", () => {
  const s = st(check);
  const p = eventCheckPrompt(s, 11);
  assert.deepEqual(p.slots.map((x) => [x.key, x.colour ?? null]), [["first", "white"], ["second", "red"], ["wandering", null]]);
  assert.deepEqual(p.build({ first: 2, second: 1, wandering: 1 }), docSteps[11].command);
  assert.deepEqual(nextCameraStep(p, {}), { kind: "pair", label: "Read upkeep dice", ours: "white", theirs: "red", slots: ["first", "second"] });
  assert.deepEqual(nextCameraStep(p, { first: 2, second: 1 }), { kind: "single", label: "Read wandering die", slot: "wandering" });
  assert.equal(nextCameraStep(p, { first: 2, second: 1, wandering: 3 }), null);
});

// Rulebook, Time Track: upkeep "once per cube", the wandering die once per
// check ("Roll a die"): an earlier check of a cube asks only the upkeep pair.
test("an upkeep-only event check asks no wandering die and sends none", () => {
  const s = st(check);
  const earlier = { ...s, time: { ...s.time, pending_checks: [{ event_cubes: 2, wandering: false }, { event_cubes: 2, wandering: true }] } };
  const p = eventCheckPrompt(earlier, 11);
  assert.deepEqual(p.slots.map((x) => x.key), ["first", "second"]);
  assert.deepEqual(p.build({ first: 6, second: 6 }), { type: "event_check", upkeep: [6, 6] });
  assert.equal(nextCameraStep(p, { first: 6, second: 6 }), null);
  assert.equal(describeCommand({ type: "event_check", upkeep: [6, 6] }), "Event check: upkeep dice 6 and 6 (upkeep only)");
  const made = promptOfCommand({ type: "event_check", upkeep: [6, 6] }, s.dice)!;
  assert.deepEqual(made.prompt.build(made.values), { type: "event_check", upkeep: [6, 6] });
});

test("a melee round is two dice of the game's colours", () => {
  const p = fightPrompt(st(combat), gv(combat), 4, "melee")!;
  assert.deepEqual(p.slots.map((x) => x.key), ["hero", "monster"]);
  const cmd = p.build({ hero: 4, monster: 4 });
  assert.deepEqual(cmd, { type: "fight", action: "melee", dice: [{ value: 4, color: "white" }, { value: 4, color: "red" }] });
  // The engine's next step took exactly that command (order of dice aside).
  assert.deepEqual(docSteps[4].command, cmd);
});

test("against a power-casting boss the round also needs the boss's spell die; a spell against it needs no melee dice", () => {
  const s = st(boss);
  const melee = fightPrompt(s, gv(boss), 3, "melee")!;
  assert.deepEqual(melee.slots.map((x) => [x.key, x.colour ?? null]), [["hero", "green"], ["monster", "blue"], ["boss_spell", null]]);
  assert.deepEqual(melee.build({ hero: 5, monster: 2, boss_spell: 3 }), {
    type: "fight",
    action: "melee",
    dice: [{ value: 5, color: "green" }, { value: 2, color: "blue" }],
    monster_spell_roll: 3,
  });
  const spell = fightPrompt(s, gv(boss), 3, "spell")!;
  assert.deepEqual(spell.slots.map((x) => x.key), ["boss_spell"]);
  assert.deepEqual(spell.build({ boss_spell: 4 }), { type: "fight", action: "spell", dice: [], monster_spell_roll: 4 });
  const power = fightPrompt(s, gv(boss), 3, "power_spell")!;
  assert.deepEqual(power.slots.map((x) => x.key), ["spell", "boss_spell"]);
  assert.equal(fightPrompt(st(start), gv(start), 0, "melee"), null, "no fight, no prompt");
});

test("flee, door, recover prompts build the engine's commands", () => {
  assert.deepEqual(fleePrompt(st(combat), 1).build({ hero: 6, monster: 2 }), { type: "flee", dice: [{ value: 6, color: "white" }, { value: 2, color: "red" }] });
  assert.deepEqual(doorPrompt(st(door), 1, "west", 4, false).build({ die: 5 }), { type: "move", dir: "west", door_roll: 5 });
  // The documented game recovered with 3 and 2 (level_up left to its default, false).
  assert.deepEqual(recoverPrompt(st(recover), 1, false).build({ health: 3, magic: 2 }), { ...docSteps[9].command, level_up: false });
  assert.equal(recoverPrompt(st(recover), 1, true).build({ health: 1, magic: 1 }).level_up, true);
});

test("a fair virtual die: each face equally often, biased bytes rejected", () => {
  const counts = [0, 0, 0, 0, 0, 0];
  for (let b = 0; b < 256; b++) {
    let fed = false;
    const v = rollD6(() => {
      // The first byte is `b`; a rejected one is followed by 0 (a 1).
      const out = new Uint8Array([fed ? 0 : b]);
      fed = true;
      return out;
    });
    if (b < 252) counts[v - 1] += 1;
    else assert.equal(v, 1, `byte ${b} must be rejected`);
  }
  assert.deepEqual(counts, [42, 42, 42, 42, 42, 42]);
  for (let i = 0; i < 200; i++) {
    const v = rollD6();
    assert.ok(v >= 1 && v <= 6);
  }
});

test("a virtual roll fills only the dice not yet entered", () => {
  const p = eventCheckPrompt(st(check), 0);
  const rolled = rollMissing(p, { first: 2 }, () => 4);
  assert.deepEqual(rolled, { second: 4, wandering: 4 });
  assert.deepEqual(missing(p, { first: 2, ...rolled }), []);
});

test("one camera die: counted and read, or a message for the player", () => {
  const die = (face: string | null): Die => ({ center: [0, 0], corners: [], face, color: "white", confidence: 0.9, cocked: false });
  assert.equal(singleDieValue([die("5")]), 5);
  assert.match(String(singleDieValue([])), /expected 1 die on the table, saw 0/);
  assert.match(String(singleDieValue([die("3"), die("4")])), /saw 2/);
  assert.match(String(singleDieValue([die(null)])), /unreadable/);
  assert.match(String(singleDieValue([die("x")])), /unreadable/);
});

test("every logged roll of a real game can be reopened and rebuilt unchanged (one-action correction)", () => {
  const s = st(doc);
  let withDice = 0;
  for (const r of Object.values(ALL)) {
    for (const step of r.steps) {
      const made = promptOfCommand(step.command, asGdState(r.state).dice);
      const hasDice = ["fight", "flee", "event_check", "trap_roll", "use_luck", "recover"].includes(String(step.command.type)) || typeof step.command.door_roll === "number";
      assert.equal(!!made, hasDice, `prompt for ${JSON.stringify(step.command)}`);
      if (!made) continue;
      withDice += 1;
      const rebuilt = made.prompt.build(made.values);
      const expect = step.command.type === "recover" ? { level_up: false, ...step.command } : step.command;
      assert.deepEqual(rebuilt, expect);
    }
  }
  assert.ok(withDice >= 10, `only ${withDice} rolls found`);
  // Changing one value changes only that die.
  const made = promptOfCommand(docSteps[3].command, s.dice)!;
  assert.deepEqual(made.prompt.build({ ...made.values, monster: 6 }), {
    type: "fight",
    action: "melee",
    dice: [{ value: 5, color: "white" }, { value: 6, color: "red" }],
  });
});

// ---------------------------------------------------------------- commands

test("the set up form makes the engine's set up, and refuses what the table cannot be", () => {
  const o = asGdOptions(optionsFx["green-dungeon"]);
  const r = gdSetup({ corner: 0, kind: "cog", exits: "east_west", strawSeen: [{ corner: 3, exits: "north_south" }], player: "white", monster: "red" }, o);
  assert.ok("setup" in r);
  if ("setup" in r) assert.deepEqual(r.setup, (start as unknown as Replay).setup);
  const bad = (over: object) => {
    const x = gdSetup({ corner: 0, kind: "cog", exits: "east_west", strawSeen: [], player: "white", monster: "red", ...over }, o);
    return "error" in x ? x.error : "";
  };
  assert.match(bad({ player: "red" }), /Both dice are red/);
  assert.match(bad({ kind: "straw" }), /Straw tile cannot be the entrance/);
  assert.match(bad({ strawSeen: [{ corner: 0, exits: "east_west" }] }), /cannot lie on the entrance corner/);
  assert.match(bad({ corner: 9 }), /corner/);
  // The kinds an entrance may be are the engine's: one it leaves out is refused.
  const noCog = gdSetup({ corner: 0, kind: "cog", exits: "east_west", strawSeen: [], player: "white", monster: "red" }, { ...o, entrance_kinds: ["drop"] });
  assert.match("error" in noCog ? noCog.error : "", /Cog tile cannot be the entrance/);
});

test("cards are tapped in number then symbol; missing parts are named", () => {
  const R = gv(start).rules;
  assert.deepEqual(cardsCommand([{ number: 2, symbol: "cog" }], 1, R), docSteps[2].command);
  assert.deepEqual(cardsCommand([{ number: 2, symbol: null }], 1, R), { error: "Tap the card's symbol." });
  assert.deepEqual(cardsCommand([{ number: 2, symbol: "drop" }, { number: null, symbol: "wood" }], 2, R), { error: "Tap the second card's number." });
  assert.deepEqual(cardsCommand([{ number: 13, symbol: "drop" }], 1, R), { error: "A card shows 1 to 12." });
  assert.deepEqual(treasureCommand({ number: 2, symbol: "hammer" }, true, R), { type: "treasure", card: { number: 2, symbol: "hammer" }, keep_new_weapon: true });
  assert.deepEqual(treasureCommand({ number: 3, symbol: "drop" }, true, R), { type: "treasure", card: { number: 3, symbol: "drop" } });
  assert.equal(treasureWords({ number: 3, symbol: "cog" }, R.treasure_cubes), "6 treasure cubes and treasure only");
  assert.equal(treasureWords({ number: 2, symbol: "hammer" }, R.treasure_cubes), "2 treasure cubes and a +2 weapon");
});

// ---------------------------------------------------------------- describe

test("every command and event of the real games reads as words, not JSON", () => {
  const types = new Set<string>();
  for (const r of Object.values(ALL)) {
    for (const step of r.steps) {
      assert.doesNotMatch(describeCommand(step.command), /^\{/, JSON.stringify(step.command));
      for (const e of step.events) {
        types.add(String(e.type));
        const line = describeEvent(e);
        assert.doesNotMatch(line, /^\{|undefined|\[object/, `${JSON.stringify(e)} → ${line}`);
      }
    }
  }
  assert.ok(types.size >= 25, `only ${types.size} event types covered: ${[...types].join(", ")}`);
});

test("log lines say what happened", () => {
  const checked = (wandering as unknown as Replay).steps.at(-1)!.events.find((e) => e.type === "event_checked")!;
  assert.equal(describeEvent(checked), "Event check — upkeep 2 and 1 → row 1, column 2, reset; wandering 1 vs 1: a monster comes!");
  assert.equal(describeCommand(docSteps[3].command), "Melee: white 5, red 2");
  assert.equal(describeCommand(docSteps[11].command), "Event check: upkeep dice 2 and 1, wandering die 1");
  assert.equal(describeCommand({ type: "move", dir: "west", door_roll: 3 }), "Move west (door roll 3)");
  assert.equal(describeEvent({ type: "door_held", dir: "west", roll: 3, total: 3, needed_above: 4 }), "The west door held: 3 is not above 4");
  assert.equal(describeCommand(null), "(no command)");
  assert.equal(describeEvent({ type: "from_the_future", x: 1 }), '{"type":"from_the_future","x":1}');
});
