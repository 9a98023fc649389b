// The Campaign screen's pure parts: each game's record as a sheet, the
// saved-games lines and the Continue button, what setup does with a named
// campaign. Records are shaped as the store writes them
// (crates/store/src/campaign/records.rs).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  campaignStep,
  continueLabel,
  parsePlayers,
  recordSheet,
  savedGameCells,
  wordsOf,
  type SheetSection,
} from "../src/campaign-model";
import type { SavedGame } from "../src/game-ipc";

const day = (ms: number) => `day ${ms}`;
const section = (s: SheetSection[], title: string) => {
  const found = s.find((x) => x.title === title);
  assert.ok(found, `no section ${title} in ${s.map((x) => x.title).join(", ")}`);
  return found;
};
const line = (s: SheetSection, label: string) => s.lines?.find(([k]) => k === label)?.[1];

test("a Silver Mine record reads as stash, coins, books, characters with titles, and the quest", () => {
  const record = {
    stash: { coins: 17, books: ["Trader", "Healer"] },
    characters: [
      { name: "Brann", kind: "warrior", player: "Ann", titles: ["vagabond", "seeker"], path: null, alive: true },
      { name: "Ysolde", kind: "mage", player: null, titles: [], path: "fire_path", alive: false },
    ],
    active_quest: { name: "Rats in the cellar", difficulty: "medium", progress: 2, goal: 3 },
    first_hero_reward_given: false,
  };
  const sheet = recordSheet("silver-mine", record, day);
  const stash = section(sheet, "Stash");
  assert.equal(line(stash, "Coins"), "17");
  assert.equal(line(stash, "Books"), "Trader, Healer");
  assert.equal(line(stash, "Reward for the first Hero"), "not yet earned");
  const chars = section(sheet, "Characters").table!;
  assert.deepEqual(chars.head, ["Character", "Class", "Player", "Titles", "Path", "Status"]);
  assert.deepEqual(chars.rows, [
    ["Brann", "Warrior", "Ann", "Vagabond, Seeker", "—", "Alive"],
    ["Ysolde", "Mage", "—", "none yet", "Fire path", "Defeated"],
  ]);
  const quest = section(sheet, "Quest");
  assert.equal(line(quest, "Progress"), "2 of 3");
  assert.equal(line(quest, "Difficulty"), "Medium");
  const shown = sheet.flatMap((x) => [...(x.lines ?? []).flat(), ...(x.table?.rows ?? []).flat()]);
  assert.ok(shown.every((t) => !/[{}[\]]|object|null|undefined/.test(t)), `no JSON or code words on the sheet: ${shown.join(" | ")}`);
});

test("an empty Silver Mine record says so instead of showing blank tables", () => {
  const sheet = recordSheet("silver-mine", { stash: { coins: 0, books: [] }, characters: [], active_quest: null, first_hero_reward_given: true });
  assert.equal(line(section(sheet, "Stash"), "Books"), "none");
  assert.equal(line(section(sheet, "Stash"), "Reward for the first Hero"), "paid");
  assert.deepEqual(section(sheet, "Characters").table!.rows, []);
  assert.equal(section(sheet, "Characters").empty, "No characters yet.");
  assert.equal(section(sheet, "Quest").empty, "No quest in progress.");
});

test("Pocket Dungeon Quest heroes show level, XP, keys and gear", () => {
  const sheet = recordSheet("pocket-dungeon-quest", {
    heroes: [{ name: "Archer", player: "Cy", level: 1, xp: 2, keys: 1, gear: ["Archer Cap", "Lucky Boots"] }, { name: "Wizard", level: 0, xp: 0, keys: 0, gear: [] }],
  });
  assert.deepEqual(section(sheet, "Heroes").table!.rows, [
    ["Archer", "Cy", "1", "2", "1", "Archer Cap, Lucky Boots"],
    ["Wizard", "—", "0", "0", "0", "none"],
  ]);
});

test("Dungeon Fighter lists its games with heroes, result and title history", () => {
  const sheet = recordSheet("dungeon-fighter", {
    results: [
      { at_ms: 1, heroes: ["saul-baysar", "lady-mary"], difficulty: "normal", won: false, score: 12, title: "Lame Ducks" },
      { at_ms: 2, heroes: ["Sir Moo"], difficulty: "inferno", won: true, score: 40, title: "Legends" },
    ],
  }, day);
  const sum = section(sheet, "Summary");
  assert.equal(line(sum, "Games played"), "2");
  assert.equal(line(sum, "Won"), "1");
  assert.equal(line(sum, "Best score"), "40");
  assert.equal(line(sum, "Titles earned"), "Lame Ducks → Legends");
  assert.deepEqual(section(sheet, "Games").table!.rows[0], ["day 1", "Saul Baysar, Lady Mary", "Normal", "Lost", "12", "Lame Ducks"]);
  assert.equal(line(section(recordSheet("dungeon-fighter", { results: [] }), "Summary"), "Best score"), "—");
});

test("Dungeon Roll and Green Dungeon keep a score table with the best score", () => {
  for (const game of ["dungeon-roll", "green-dungeon"]) {
    const sheet = recordSheet(game, { scores: [
      { at_ms: 5, player: "Ann", score: 21, won: true },
      { at_ms: 6, player: "Bo", score: 34, notes: "dragon slain" },
    ] }, day);
    assert.equal(line(section(sheet, "Summary"), "Best score"), "34 (Bo)");
    assert.deepEqual(section(sheet, "Scores").table!.rows, [["day 5", "Ann", "21", "Won", "—"], ["day 6", "Bo", "34", "—", "dragon slain"]]);
  }
});

test("a record of an unknown game or a broken shape never throws", () => {
  assert.match(recordSheet("chess", {})[0].empty!, /no sheet/);
  for (const game of ["silver-mine", "pocket-dungeon-quest", "dungeon-fighter", "dungeon-roll"]) {
    for (const bad of [null, 3, "x", [], { characters: "no", heroes: {}, results: [null], scores: [7] }]) {
      assert.doesNotThrow(() => recordSheet(game, bad), `${game} ${JSON.stringify(bad)}`);
    }
  }
});

const saved = (over: Partial<SavedGame> = {}): SavedGame => ({
  id: 4, game: "dungeon-fighter", game_title: "Dungeon Fighter", campaign_id: 1, campaign: "Friday",
  phase: "Combat", over: false, problem: null, started_at_ms: 10, played_at_ms: 20, entries: 3, ...over,
});

test("a saved game reads as game, campaign, phase and date; Continue says the same", () => {
  assert.deepEqual(savedGameCells(saved(), day), ["Dungeon Fighter", "Friday", "Combat", "day 20"]);
  assert.deepEqual(savedGameCells(saved({ campaign: null, campaign_id: null }), day)[1], "—");
  assert.match(savedGameCells(saved({ problem: "unknown game", phase: "Cannot be read" }), day)[2], /Cannot be opened: unknown game/);
  assert.equal(continueLabel(saved(), day), "Continue last game: Dungeon Fighter · Friday · Combat · day 20");
  assert.equal(continueLabel(saved({ campaign: null }), day), "Continue last game: Dungeon Fighter · Combat · day 20");
});

test("a campaign named at setup is joined, offered for creation, or refused", () => {
  assert.deepEqual(campaignStep({ kind: "no_campaign" }), { kind: "start" });
  assert.deepEqual(campaignStep({ kind: "joins", name: "Friday" }), { kind: "start", campaign: "Friday" });
  const offer = campaignStep({ kind: "missing", name: "Saturday", game_title: "Dungeon Fighter" });
  assert.equal(offer.kind, "offer");
  assert.match(offer.kind === "offer" ? offer.question : "", /no campaign called “Saturday”\. Create a Dungeon Fighter campaign/);
  const refuse = campaignStep({ kind: "other_game", name: "Friday", game_title: "Green Dungeon" });
  assert.match(refuse.kind === "refuse" ? refuse.message : "", /“Friday” is a Green Dungeon campaign/);
});

test("players are typed with commas; words of store names read as words", () => {
  assert.deepEqual(parsePlayers(" Ann, Bo ,, Cy "), ["Ann", "Bo", "Cy"]);
  assert.deepEqual(parsePlayers("  "), []);
  assert.equal(wordsOf("saul-baysar"), "Saul Baysar");
  assert.equal(wordsOf("first_hero"), "First hero");
  assert.equal(wordsOf("Archer Cap"), "Archer Cap");
});
