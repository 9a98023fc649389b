// The Dungeon Roll screen's pure logic, fed the engine's own views: each
// fixture is the GameView the window would get, written by
// `TW_UPDATE_FIXTURES=1 cargo test -p tw-dungeon-roll --test view_fixtures`.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { GameView } from "../src/game-ipc";
import type { Die } from "../src/ipc";
import {
  correctedRoll,
  draftComplete,
  draftFromTable,
  fightChoices,
  lastRoll,
  nowLine,
  openChestsCommand,
  proposalLines,
  quaffCommand,
  rollCommand,
  seededRoll,
  slayCommand,
  throwNote,
  chestOpeners,
  tradeCommand,
  tradeGoods,
  twistCommand,
  twistRerolls,
} from "../src/screens/dr/model";
import { describeCommand, describeEvent } from "../src/screens/dr/describe";
import { drSetup } from "../src/screens/dr/setup";
import { asDrOptions } from "../src/setup-options";
import optionsFx from "./fixtures/setup-options.json";
import { drKey } from "../src/screens/dr/keys";
import { asDrView } from "../src/screens/dr/types";
import heroesFile from "../../crates/games/dungeon-roll/data/heroes.json";
import startFx from "./fixtures/dungeon-roll-start.view.json";
import monstersFx from "./fixtures/dungeon-roll-monsters.view.json";
import regroupFx from "./fixtures/dungeon-roll-regroup.view.json";
import dragonFx from "./fixtures/dungeon-roll-dragon.view.json";
import overFx from "./fixtures/dungeon-roll-over.view.json";
import twistsFx from "./fixtures/dungeon-roll-twists.view.json";

const gv = (f: unknown) => f as unknown as GameView;
const view = (f: unknown) => asDrView(gv(f).view);

function die(face: string | null, color: string): Die {
  return { center: [0, 0], corners: [], face, color, confidence: 0.95, cocked: false };
}

test("every fixture is a Dungeon Roll view and a stray object is refused", () => {
  for (const f of [startFx, monstersFx, regroupFx, dragonFx, overFx]) assert.ok(view(f).faces.party.length > 0);
  assert.throws(() => asDrView({ hp: 3 }), /not a Dungeon Roll view/);
});

test("the line on top says whose delve it is and what to do", () => {
  assert.match(nowLine(view(startFx)), /^P1's delve: roll the Party dice; P2 rolls the Dungeon dice/);
  assert.equal(nowLine(view(monstersFx)), "P1, level 3: defeat every monster, or flee.");
  assert.match(nowLine(view(dragonFx)), /the Dragon has appeared/);
  assert.match(nowLine(view(regroupFx)), /retire or seek glory/);
  assert.equal(nowLine(view(overFx)), "The game is over.");
});

test("the helper's assignment reads as fights in the rulebook's words", () => {
  const v = view(monstersFx);
  const lines = proposalLines(v, v.delve!.proposal!);
  assert.deepEqual(lines.slice(0, 2), ["Fighter die defeats 2 Goblins", "Fighter die defeats 1 Skeleton"]);
  assert.equal(lines[2], "2 dice spent");
  assert.match(proposalLines(v, { ...v.delve!.proposal!, feasible: false, reason: "too many" })[0], /too many/);
});

test("assigning by hand lists each unit against each monster it can fight", () => {
  const v = view(monstersFx);
  const choices = fightChoices(v);
  const cleric = choices.find((c) => c.label === "Cleric die: defeat 1 Skeleton");
  assert.deepEqual(cleric?.command, { type: "fight", with: { die: "cleric" }, monster: "skeleton" });
  const sword = choices.find((c) => c.label.startsWith("Vorpal Sword"));
  assert.deepEqual(sword?.command, { type: "fight", with: { treasure: "vorpal_sword" }, monster: "goblin" });
  // The engine's count: a Champion defeats both Goblins.
  assert.ok(choices.some((c) => c.label === "Champion die: defeat 2 Goblins"));
});

test("the last roll's dice are correctable one die at a time", () => {
  const g = gv(monstersFx);
  const v = asDrView(g.view);
  const r = lastRoll(v, g.log, g.undo_target);
  assert.deepEqual(r, { seq: 5, kind: "seek_glory", party: [], dungeon: ["goblin", "goblin", "skeleton"] });
  assert.deepEqual(correctedRoll(r!, "dungeon", 2, "ooze"), { type: "seek_glory", dungeon: ["goblin", "goblin", "ooze"] });
  // After the fight the last entry is no roll: nothing to correct.
  const after = gv(regroupFx);
  assert.equal(lastRoll(asDrView(after.view), after.log, after.undo_target), null);
  // A delve's start keeps its dragons: they are dice of the roll too.
  const d = gv(dragonFx);
  const first = lastRoll(asDrView(d.view), d.log.slice(0, 1), 1);
  assert.deepEqual(first?.dungeon, ["dragon"]);
  assert.equal(first?.party.length, 7);
  assert.deepEqual(correctedRoll(first!, "party", 0, "mage"), {
    type: "start_delve",
    party: ["mage", "fighter", "cleric", "mage", "thief", "champion", "scroll"],
    dungeon: ["dragon"],
  });
});

test("a roll is typed, taken from the table's dice, or rolled by the app from a seed", () => {
  const v = view(startFx);
  assert.deepEqual(v.roll_wanted, { kind: "start_delve", party: 7, dungeon: 1 });
  const table = [die("fighter", "white"), die("goblin", "black"), die("goblin", "white"), die("mage", "red"), die(null, "white"), die("Cleric", "white")];
  const draft = draftFromTable(v, table);
  assert.deepEqual(draft, { party: ["fighter", "cleric"], dungeon: ["goblin"] });
  assert.equal(draftComplete(v, draft), false);
  const full = { party: ["fighter", "fighter", "cleric", "mage", "thief", "champion", "scroll"], dungeon: ["goblin"] };
  assert.equal(draftComplete(v, full), true);
  assert.deepEqual(rollCommand(v, full), { type: "start_delve", ...full });
  assert.deepEqual(seededRoll(v, 99), { type: "start_delve", seed: 99 });
  const glory = view(regroupFx);
  assert.equal(glory.roll_wanted?.kind, "seek_glory");
  assert.deepEqual(seededRoll(glory, 7), { type: "seek_glory", seed: 7 });
  assert.deepEqual(rollCommand(glory, { party: ["mage"], dungeon: ["ooze"] }), { type: "seek_glory", dungeon: ["ooze"] });
  assert.deepEqual(draftFromTable(glory, table).party, [], "seeking glory takes no Party dice");
  assert.equal(seededRoll(view(monstersFx), 1), null, "no roll is due while monsters stand");
});

test("loot and the Dragon are built from the units the engine lists", () => {
  const v = view(regroupFx);
  assert.deepEqual(chestOpeners(v), [], "no chest in this level");
  const u = v.delve!.units![0];
  assert.deepEqual(quaffCommand({ ...u, quaff_revives: 1 }, ["mage", "thief"]), { type: "quaff", with: u.with, revive: ["mage"] });
  assert.deepEqual(openChestsCommand({ ...u, draws: 2 }, ["talisman", "scroll", "potion"]), { type: "open_chests", with: u.with, drawn: ["talisman", "scroll"] });
  assert.deepEqual(
    slayCommand([{ with: { die: "fighter" }, as: "fighter", natural: "fighter" }, { with: { die: "cleric" }, as: "fighter", natural: "cleric" }], "dragon_scales"),
    { type: "slay_dragon", with: [{ with: { die: "fighter" } }, { with: { die: "cleric" }, as: "fighter" }], drawn: "dragon_scales" },
  );
  const dv = view(dragonFx);
  assert.equal(dv.delve!.dragon_awake, true);
  assert.deepEqual(dv.faces.party.filter((f) => !f.companion).map((f) => f.name), ["Scroll"], "only companions face the Dragon");
  assert.ok(gv(dragonFx).offers.some((o) => o.key === "slay_dragon"));
});

test("the end shows every player's score and the winners", () => {
  const v = view(overFx);
  assert.equal(v.finished?.scores.length, 2);
  assert.deepEqual(v.finished?.winners, [0, 1], "everyone fled: a shared victory");
  assert.deepEqual(gv(overFx).offers, []);
});

test("the log reads in words, never as JSON", () => {
  for (const f of [monstersFx, regroupFx, dragonFx, overFx]) {
    for (const l of gv(f).log) {
      assert.doesNotMatch(describeCommand(l.command), /^\{/);
      for (const e of l.events) assert.doesNotMatch(describeEvent(e), /^\{/, JSON.stringify(e));
    }
  }
  assert.equal(describeCommand({ type: "start_delve", seed: 12 }), "Start a delve, rolled by the app (seed 12)");
  assert.equal(describeCommand({ type: "fight", with: { treasure: "vorpal_sword" }, monster: "goblin" }), "Vorpal sword fights Goblin");
});

test("the setup deals one hero card each and counts the first seat among the filled ones", () => {
  assert.deepEqual(drSetup([{ name: " Ann ", hero: "bard" }, { name: "", hero: "paladin" }, { name: "Bo", hero: "scout" }], 2), {
    players: [{ name: "Ann", hero: "bard" }, { name: "Bo", hero: "scout" }],
    first: 1,
  });
  assert.match((drSetup([{ name: "A", hero: "bard" }, { name: "B", hero: "bard" }], 0) as { error: string }).error, /different hero/);
  assert.match((drSetup([{ name: "", hero: "bard" }], 0) as { error: string }).error, /at least one/);
  assert.match((drSetup([{ name: "A", hero: "bard" }, { name: "", hero: "scout" }], 1) as { error: string }).error, /Seat 2 is empty/);
});

test("the hero cards offered are the engine's data file's", () => {
  const file = (heroesFile as { heroes: Array<{ id: string; novice: { name: string }; master: { name: string } }> }).heroes;
  const offered = asDrOptions(optionsFx["dungeon-roll"]).heroes;
  assert.deepEqual(offered.map((c) => [c.id, c.novice, c.master]), file.map((c) => [c.id, c.novice.name, c.master.name]));
});

test("A accepts, R rolls, nothing while typing", () => {
  assert.equal(drKey("a", false, false), "accept");
  assert.equal(drKey("R", false, false), "roll");
  assert.equal(drKey("a", true, false), null);
  assert.equal(drKey("r", false, true), null);
  assert.equal(drKey("x", false, false), null);
});

test("a camera roll that was not applied says why", () => {
  assert.equal(throwNote("applied", null), null);
  assert.match(throwNote("ask", "a red die is on the table")!, /needs you: a red die/);
  assert.match(throwNote("ignored", "the game is over")!, /did not count/);
});

test("a Twist card's play names the dice the engine asks for", () => {
  const v = view(twistsFx);
  const t = v.twists!;
  assert.equal(t.playable, true);
  const [p1, p2] = t.hands;
  assert.deepEqual(p1.cards.map((c) => c.id), ["lucky-charm"]);
  assert.equal(p1.draws_due, 1, "two at the start, one drawn");
  const scatter = p2.cards.find((c) => c.id === "scatter-in-fear")!;
  // Every Dungeon die showing the face is rerolled: one Goblin here.
  assert.equal(twistRerolls(v, scatter, "goblin"), v.delve!.dungeon.goblin);
  assert.deepEqual(twistCommand(v, 1, scatter, "goblin", ["chest"]), {
    type: "play_twist", player: 1, card: "scatter-in-fear", dungeon: { from: ["goblin"], to: ["chest"] },
  });
  // Lucky Charm takes either kind of die.
  assert.deepEqual(twistCommand(v, 0, p1.cards[0], "p:fighter", ["mage"]), {
    type: "play_twist", player: 0, card: "lucky-charm", party: { from: ["fighter"], to: ["mage"] },
  });
  // A card that picks no die is a ready offer the screen shows as a button.
  const distractions = p2.cards.find((c) => c.id === "distractions")!;
  assert.deepEqual(twistCommand(v, 1, distractions, "", []), { type: "play_twist", player: 1, card: "distractions" });
  const g = gv(twistsFx);
  assert.ok(g.offers.some((o) => o.key === "play_twist:1:distractions" && !(o.fill ?? []).length));
  // The log says it in words.
  assert.equal(describeCommand(g.log[0].command), "Seat 2 draws a Twist card: Scatter in fear");
  assert.equal(describeEvent({ type: "champions_distracted" }), "Distractions: Champions act as Thieves this level");
});

test("a trade offers what each player holds and sends one item each way", () => {
  const v = view(twistsFx);
  assert.equal(v.trading, true);
  // The first player holds a Town Portal and Lucky Charm; the second two cards.
  assert.deepEqual(tradeGoods(v, 0).map(([k]) => k), ["t:town_portal", "c:lucky-charm"]);
  assert.deepEqual(tradeGoods(v, 0)[0][1], "Town Portal");
  assert.deepEqual(tradeGoods(v, 1).map(([k]) => k), ["c:scatter-in-fear", "c:distractions"]);
  assert.deepEqual(tradeCommand(0, 1, "t:town_portal", "c:distractions"), {
    type: "trade", from: 0, to: 1, give: { treasure: ["town_portal"] }, take: { twists: ["distractions"] },
  });
  // A gift: nothing handed back.
  assert.deepEqual(tradeCommand(1, 0, "c:scatter-in-fear", ""), {
    type: "trade", from: 1, to: 0, give: { twists: ["scatter-in-fear"] }, take: {},
  });
});

test("a trade reads in words in the log", () => {
  const c = { type: "trade", from: 0, to: 1, give: { treasure: ["town_portal"] }, take: { twists: ["lucky-charm"] } };
  assert.equal(describeCommand(c), "Trade: seat 1 gives Town portal to seat 2 for Lucky charm");
  assert.equal(describeEvent({ ...c, type: "traded", take: {} }), "Seat 1 gave Town portal to seat 2 for nothing");
});
