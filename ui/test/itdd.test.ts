// The Silver Mine screen's pure logic, against states and events the real
// engine produced (ui/test/fixtures/itdd-*.json hold the `warden replay itdd`
// script and its output).
import { test } from "node:test";
import assert from "node:assert/strict";
import dungeon from "./fixtures/itdd-dungeon.json";
import town from "./fixtures/itdd-town.json";
import dungeonView from "./fixtures/itdd-dungeon.view.json";
import townView from "./fixtures/itdd-town.view.json";
import { adjacentEnemies, enemyLabel, figureAt, figureNames, freeGateSquares, itddView, itemName, nextId, reachOf, anyoneInside, uniqueId } from "../src/screens/itdd/model";
import { describeCommand, describeEvent, diceAsk, lastTurnRolls, useNames } from "../src/screens/itdd/describe";
import { questProgressText, rulesOf, shown } from "../src/screens/itdd/rules";

type Obj = Record<string, unknown>;
const steps = (f: { steps: { command: Obj; events: Obj[] }[] }) => f.steps;

test("the dungeon state becomes cards, squares, figures and sheets", () => {
  const v = itddView(dungeon.state);
  assert.equal(v.mode, "cooperative");
  assert.deepEqual(v.cards.map((c) => [c.id, c.kind, c.origin, c.width, c.height]), [["gate-1", "gate", [0, 0], 4, 4], ["hall-1", "hall", [4, 0], 4, 4]]);
  assert.equal(v.squares.size, 32);
  assert.deepEqual(v.bounds, { minX: 0, minY: 0, maxX: 7, maxY: 3 });
  // The barrel cube put on the Gate after it was laid, and the Hall's printed squares.
  assert.equal(v.squares.get("3,3")?.char, "b");
  assert.equal(v.squares.get("6,1")?.char, "^");
  assert.equal(v.squares.get("4,3")?.card, "hall-1");
  const warrior = v.characters.find((c) => c.id === "warrior")!;
  assert.deepEqual([warrior.attrs.life, warrior.max.life, warrior.attrs.torch], [4, 5, 2]);
  assert.deepEqual(warrior.pos, [3, 0]);
  assert.equal(warrior.inDungeon, true);
  const mage = v.characters.find((c) => c.id === "mage")!;
  assert.equal(mage.current, true);
  assert.deepEqual(mage.afflictions, [{ kind: "disease", turnsLeft: 2, pending: true }]);
  assert.equal(mage.inventory.length, 0);
  assert.deepEqual(v.enemies.map((e) => [e.id, e.kind, e.pos, e.attrs.life]), [["g1", "goblin", [4, 0], 1], ["s1", "spider", [6, 3], 1], ["r1", "rat", [2, 2], 1]]);
  assert.deepEqual(v.dropped, [{ pos: [2, 3], item: { item: "master_key", charges: 2 } }]);
  assert.deepEqual([v.goblinsPlaced, v.dungeonTurns, v.current], [1, 3, "mage"]);
  assert.deepEqual(v.stashes, [{ player: "anna", coins: 0, books: [] }, { player: "ben", coins: 0, books: [] }]);
});

test("figures are found by square and reach lists what a character can act on", () => {
  const v = itddView(dungeon.state);
  assert.equal(figureAt(v, [3, 0])?.kind, "character");
  const g = figureAt(v, [4, 0]);
  assert.ok(g && g.kind === "enemy" && g.e.id === "g1");
  assert.equal(figureAt(v, [5, 0]), null);
  const mage = v.characters.find((c) => c.id === "mage")!;
  const r = reachOf(v, mage);
  assert.deepEqual(r.enemies.map((e) => e.id), ["r1"]);
  assert.deepEqual(r.containers, [{ at: [3, 3], kind: "barrel" }]);
  assert.deepEqual(r.dropped.map((d) => d.index), [0], "the key dropped on the mage's own square can be picked up");
  assert.deepEqual(r.friends, []);
  const warrior = v.characters.find((c) => c.id === "warrior")!;
  assert.deepEqual(adjacentEnemies(v, warrior).map((e) => e.id), ["g1"]);
  assert.deepEqual(reachOf(v, warrior).containers, [], "the sack at (6,0) is two squares away");
});

test("free Gate squares leave out walls, cubes and figures", () => {
  const v = itddView(dungeon.state);
  const free = freeGateSquares(v).map((p) => p.join(","));
  assert.equal(free.length, 16 - 1 - 1 - 3);
  for (const taken of ["1,1", "3,3", "3,0", "2,3", "2,2"]) assert.ok(!free.includes(taken), taken);
  assert.ok(free.includes("0,0"));
  assert.equal(anyoneInside(v), true);
});

test("the town state shows the character back in town with title, quest progress and the stash", () => {
  const v = itddView(town.state, townView.view);
  const rogue = v.characters[0];
  assert.equal(rogue.inDungeon, false);
  assert.equal(rogue.alive, true);
  assert.deepEqual(rogue.titles, ["vagabond"]);
  assert.deepEqual(rogue.completed, ["lockpicking"]);
  assert.equal(rogue.quest, "crates");
  assert.equal(rogue.questProgress, 1, "one crate looted since the quest was taken");
  assert.equal(questProgressText(v.rules, rogue.quest!, rogue.questProgress), "1 of 3 crates looted");
  assert.deepEqual(rogue.inventory.map(itemName), ["torch", "health potion", "torch"]);
  assert.equal(rogue.capacity, 3, "the engine's count: no backpack");
  assert.equal(itddView(town.state).characters[0].capacity, null, "without the engine's view the screen does not guess");
  assert.deepEqual(v.stashes, [{ player: "cleo", coins: 1, books: [] }]);
  assert.equal(anyoneInside(v), false);
});

test("an unreadable state draws an empty dungeon instead of throwing", () => {
  for (const bad of [null, 42, "x", { cards: "nope", characters: [null, 3], enemies: [{ id: "e" }] }]) {
    const v = itddView(bad);
    assert.equal(v.cards.length, 0);
    assert.equal(v.bounds, null);
    assert.equal(v.enemies.length, 0, "an enemy without a square is not drawn");
  }
});

test("item names read like the cards, and new ids do not collide", () => {
  assert.equal(itemName({ item: "potion", potion: "health" }), "health potion");
  assert.equal(itemName({ item: "weapon", name: "Axe", attribute: "attack", bonus: 2 }), "Axe (+2 attack)");
  assert.equal(itemName({ item: "rune", attribute: "move", bonus: 1, great: true }), "great rune +1 move");
  assert.equal(itemName({ item: "master_key", charges: 1 }), "master key (1 charges)");
  assert.equal(nextId(["g1", "g2", "g4"], "g"), "g3");
  assert.equal(nextId([], "r"), "r1");
  assert.equal(uniqueId(["mage"], "warrior"), "warrior");
  assert.equal(uniqueId(["warrior", "warrior-2"], "warrior"), "warrior-3");
});

test("every command and event the engine produced reads as words, not as its type", () => {
  for (const fx of [dungeon, town]) {
    for (const s of steps(fx as never)) {
      const c = describeCommand(s.command);
      assert.notEqual(c, String(s.command.type).replace(/_/g, " "), `command ${s.command.type}`);
      assert.doesNotMatch(c, /undefined|\[object/, c);
      for (const e of s.events) {
        const line = describeEvent(e);
        assert.notEqual(line, String(e.type).replace(/_/g, " "), `event ${e.type}`);
        assert.doesNotMatch(line, /undefined|\[object/, line);
      }
    }
  }
});

test("the dungeon turn's lines say who went for whom, the tie draw and the dice", () => {
  const turn = steps(dungeon as never)[20];
  assert.equal(describeCommand(turn.command), "Dungeon turn — dice 4 vs 4 [camera], 1 vs 6 [camera]");
  const lines = turn.events.map(describeEvent);
  assert.equal(lines[0], "Dungeon turn 3: enemies act in the order g1, r1, s1");
  assert.equal(lines[2], "g1 attacks warrior: character 4 → 5, enemy 4 → 5 [camera]; tie, nobody is hurt");
  assert.equal(lines[3], "r1 goes for mage, 1 step(s) away (tie with warrior, mage: drawn at random, draw 1)");
  assert.equal(lines[5], "r1 attacks mage: character 1 → 1, enemy 6 → 7 [camera]; mage loses");
  assert.equal(lines[7], "mage takes disease (from the next turn, 2 turn(s))");
  assert.deepEqual(lastTurnRolls(turn.events), ["g1 on warrior: 4 vs 4 [camera]", "r1 on mage: 1 vs 6 [camera]"]);
});

test("the last turn's attacks read with the names on the table, an unnamed enemy by its kind", async () => {
  const { figureNames } = await import("../src/screens/itdd/model");
  const turn = steps(dungeon as never)[20];
  const names = figureNames(itddView(dungeon.state));
  const warrior = itddView(dungeon.state).characters.find((c) => c.id === "warrior")!.name;
  const rolls = lastTurnRolls(turn.events, names);
  assert.equal(rolls.length, 2);
  assert.ok(rolls[0].endsWith(` on ${warrior}: 4 vs 4 [camera]`), rolls[0]);
  assert.ok(!/\bg1\b|\br1\b/.test(rolls.join(" ")), rolls.join(" | "));
});

test("loot, town and build commands in words", () => {
  const t = steps(town as never);
  assert.equal(describeCommand(t[7].command), "rogue loots (0, 0), rolled 6 [camera]");
  assert.equal(describeEvent(t[7].events[0]), "rogue searches the crate: rolled 6, score 9 (needs 5) [camera] — success");
  assert.equal(describeEvent(t[7].events[2]), "rogue gains health potion");
  assert.equal(describeEvent(t[7].events[3]), "rogue's quest crates: 1 of 3");
  assert.equal(describeEvent(t[3].events[2]), "rogue earns the title vagabond");
  assert.equal(describeCommand(steps(dungeon as never)[7].command), "Laid Hall hall-1 (4×4) at (4, 0), explored by warrior");
  assert.equal(describeCommand(null), "(no command)");
  assert.equal(describeEvent({ type: "something_new" }), "something new");
});

test("the forms' choices and the printed numbers are the engine's view", () => {
  const r = rulesOf(dungeonView.view);
  assert.deepEqual(r.enemyKinds.map((k) => k.kind), ["goblin", "rat", "spider", "boss"]);
  const goblin = r.enemyKinds[0];
  assert.deepEqual([goblin.crossesTraps, goblin.opensLockedDoors, goblin.reach], [true, false, "chase"]);
  assert.equal(r.enemyKinds.find((k) => k.kind === "spider")?.inflicts, "poison");
  assert.equal(r.merchant.find((m) => m.item === "torch")?.buy, 4);
  assert.equal(r.books.find((b) => b.id === "trader")?.price, 20);
  assert.equal(r.books.find((b) => b.id === "second_wind")?.price, 35);
  assert.equal(r.quests.find((q) => q.id === "crates")?.difficulty, "easy");
  assert.deepEqual(r.titles.map((t) => t.title), ["vagabond", "seeker", "pathfinder", "adventurer", "explorer", "hero"]);
  assert.equal(r.containers.find((c) => c.kind === "tomb")?.threshold, 8);
  assert.equal(r.containers.find((c) => c.kind === "chest")?.needsKey, true);
  assert.deepEqual(r.traps.map((t) => t.roll), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual([r.bossGoblin, r.runBonus, r.innRecover, r.innRumor, r.arenaBonus, r.arenaPerDefeat, r.maxBooks, r.maxCardSide], [8, 2, 5, 2, 20, 10, 4, 16]);
  assert.deepEqual(r.startingItems, ["tools", "master_key", "torch"]);
  assert.deepEqual(r.itemDefaults, { bonus: 1, masterKeyCharges: 2 });
});

test("a character's prices, capacity and town lists come per character from the engine", () => {
  const r = rulesOf(townView.view);
  const rogue = r.characters.get("rogue")!;
  assert.equal(rogue.capacity, 3);
  assert.equal(rogue.buy.torch, 4, "no Trader book: the Merchant's price");
  assert.deepEqual(rogue.sell, [null, 6, null], "torch, health potion, torch: the torches were just bought from him, he will not buy them back");
  assert.deepEqual(rogue.quest && [rogue.quest.target, rogue.quest.progress, rogue.quest.reward], [3, 1, { items: 0, book: false }]);
  assert.equal(rogue.nextTitle?.title, "seeker");
  assert.ok(!rogue.openQuests.includes("lockpicking"), "a completed quest is not offered again");
  assert.equal(rogue.stashFull, false);
});

test("an empty or foreign view gives nulls and empty lists, never a guess", () => {
  for (const bad of [undefined, null, 42, { rules: "x", merchant: [null], characters: [] }]) {
    const r = rulesOf(bad);
    assert.equal(r.bossGoblin, null);
    assert.equal(r.merchant.length, 0);
    assert.equal(r.characters.size, 0);
    assert.equal(shown(r.innRecover), "?");
  }
});

test("quest goals come from the engine's view and progress reads as words", () => {
  const r = rulesOf(dungeonView.view);
  assert.deepEqual(r.quests.find((q) => q.id === "crates"), { id: "crates", difficulty: "easy", target: 3, tally: "loot", container: "crate" });
  assert.equal(questProgressText(r, "crates", 1), "1 of 3 crates looted");
  assert.equal(questProgressText(r, "goblin_bane", 4), "4 of 4 kinds of goblin defeated — done, deliver it");
  assert.equal(questProgressText(r, "no_such_quest", 1), null);
  assert.equal(questProgressText(rulesOf(null), "crates", 1), null, "no view: no goal is made up");
  assert.equal(describeEvent({ type: "quest_progress", character: "w", quest: "goblin_bane", progress: 1, goal: 4, tally: ["Goblin Scout"] }), "w's quest goblin bane: 1 of 4 (Goblin Scout)");
});

test("the town's inn and a new dungeon are the engine's offers, in its words, for the character shown", async () => {
  const { offeredFor, offeredPlain } = await import("../src/screens/itdd/offered");
  const offers = [
    { key: "inn_recover", label: "Brakka: recover at the inn (5)", command: { type: "inn_recover", character: "brakka" } },
    { key: "inn_rumor", label: "Olm: buy a rumour (2)", command: { type: "inn_rumor", character: "olm" } },
    { key: "buy", label: "Brakka: buy from the Merchant…", command: { type: "buy", character: "brakka", item: null }, fill: ["item"] },
    { key: "new_dungeon", label: "New dungeon (clear the table)", command: { type: "new_dungeon" } },
  ];
  assert.deepEqual(offeredFor(offers, "brakka", "Brakka", ["inn_recover", "inn_rumor"]), [
    { key: "inn_recover", label: "Recover at the inn (5)", command: { type: "inn_recover", character: "brakka" } },
  ]);
  // A form is not a ready button; a character with nothing offered gets nothing.
  assert.deepEqual(offeredFor(offers, "brakka", "Brakka", ["buy"]), []);
  assert.deepEqual(offeredFor(offers, "nobody", "Nobody", ["inn_recover", "inn_rumor"]), []);
  assert.equal(offeredPlain(offers, "new_dungeon")?.label, "New dungeon (clear the table)");
  assert.equal(offeredPlain([], "new_dungeon"), null);
});

test("the dungeon turn's request for an attack's dice reads as a prompt with the names on the table", () => {
  const names = new Map([["g1", "Goblin"], ["brakka", "Brakka"]]);
  // The engine's words (crates/games/silver-mine/src/turn.rs).
  const reason = "attack 1 (g1 on brakka) needs a pair of dice but only 0 pair(s) were given; read or roll them, or set roll_missing";
  const said = diceAsk("Dungeon turn: dice", reason, names);
  assert.equal(said, "Attack 1: Goblin attacks Brakka. Roll (or type) your die and the enemy's, then press the dungeon turn again.");
  assert.ok(!/roll_missing|g1|pair\(s\)/.test(said!), said!);
  // Dice left over, or any other rule, stay refusals.
  assert.equal(diceAsk("Dungeon turn: dice", "1 pair(s) of dice left over: this turn has only 0 attack(s)", names), null);
  assert.equal(diceAsk("Move", reason, names), null);
  // An id with no name on the table is shown as it is rather than dropped.
  assert.match(diceAsk("Dungeon turn: dice", "attack 2 (s1 on anna) needs a pair of dice", new Map()) ?? "", /^Attack 2: s1 attacks anna\./);
});

test("the log and the enemy chips name figures as the table does, never by id", () => {
  const v = itddView(dungeon.state);
  const e = v.enemies[0];
  const twin = { ...e, id: `${e.id}x`, name: `${e.id}x` };
  const two = { ...v, enemies: [{ ...e, name: e.id }, twin] };
  const label = enemyLabel(two, two.enemies[0]);
  assert.ok(!label.includes(e.id), label);
  assert.match(label, / 1$/, "two of a kind are numbered");
  assert.match(enemyLabel(two, twin), / 2$/);
  const ch = v.characters[0];
  useNames(figureNames(two));
  const line = describeEvent({ type: "combat", attacker: { enemy: e.id }, defender: { character: ch.id }, character_roll: 3, character_hit: 3, enemy_roll: 2, enemy_hit: 2, loser: { enemy: e.id } });
  assert.ok(line.startsWith(`${label} attacks ${ch.name}`), line);
  assert.ok(!new RegExp(`\\b${e.id}\\b`).test(line), line);
  useNames(new Map());
});
