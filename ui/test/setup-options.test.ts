// The new-game forms' lists read from what the engines declare. The
// fixture is every engine's `setup_options`, written by tw-app's
// `every_game_offers_choices_and_the_ui_fixture_is_current`
// (`TW_UPDATE_FIXTURES=1`), so these tests read what the window gets.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  asDfOptions,
  asDrOptions,
  asGdOptions,
  asItddOptions,
  asPdqOptions,
  gdDealLine,
  partyLegend,
  pdqHeroLabel,
  seats,
  soloLabel,
} from "../src/setup-options";
import { dfSetup } from "../src/df-model";
import optionsFx from "./fixtures/setup-options.json";

test("every engine's options are read by its game's reader", () => {
  const df = asDfOptions(optionsFx["dungeon-fighter"]);
  assert.deepEqual(df.heroes.map((x) => x.key), ["lianna-lightbringer", "lady-mary", "saul-baysar", "sir-moo"]);
  assert.deepEqual(df.difficulties.map((d) => d.key), ["normal", "hard", "inferno"]);
  assert.equal(asDrOptions(optionsFx["dungeon-roll"]).heroes.length, 9);
  assert.equal(asPdqOptions(optionsFx["pocket-dungeon-quest"]).heroes.filter((x) => x.expansion).length, 2);
  assert.deepEqual(asItddOptions(optionsFx["silver-mine"]).modes.map((m) => m.key), ["solo", "cooperative", "competitive", "arena"]);
  assert.equal(asGdOptions(optionsFx["green-dungeon"]).entrance_corners.length, 4);
});

test("the forms' words follow the engine's numbers", () => {
  const df = asDfOptions(optionsFx["dungeon-fighter"]);
  assert.equal(partyLegend(df), "Heroes (clockwise, 2 to 6)");
  assert.equal(soloLabel(df), "Solo (one player controls 2 heroes)");
  // Another engine's numbers would show as they are, not as TypeScript remembers them.
  const other = { ...df, party: { min: 1, max: 3 }, solo: { players: 1, heroes: 3 } };
  assert.equal(partyLegend(other), "Heroes (clockwise, 1 to 3)");
  assert.equal(soloLabel(other), "Solo (one player controls 3 heroes)");
  const dr = asDrOptions(optionsFx["dungeon-roll"]);
  assert.deepEqual(seats(dr), [0, 1, 2, 3]);
  assert.deepEqual(seats({ ...dr, players: { min: 1, max: 6 } }), [0, 1, 2, 3, 4, 5]);
  const pdq = asPdqOptions(optionsFx["pocket-dungeon-quest"]).heroes;
  assert.deepEqual(pdq.map(pdqHeroLabel), ["Warrior", "Rogue", "Wizard", "Archer", "Adventurer (Don't Go Alone)", "Farmer (Don't Go Alone)"]);
  const gd = asGdOptions(optionsFx["green-dungeon"]);
  assert.match(gdDealLine(gd), /^Deal the 25 tiles face down in a 5×5 grid/);
  assert.match(gdDealLine({ ...gd, grid_size: 4 }), /the 16 tiles .* 4×4 grid/);
});

test("a Dungeon Fighter setup from the offered lists is the engine's", () => {
  const df = asDfOptions(optionsFx["dungeon-fighter"]);
  const r = dfSetup({ heroes: df.heroes.slice(0, df.solo.heroes).map((x) => x.key), leader: 0, difficulty: df.difficulties[2].key, players: df.solo.players });
  assert.deepEqual(r, { setup: { heroes: ["lianna-lightbringer", "lady-mary"], leader: 0, difficulty: "inferno", players: 1 } });
});

test("a stray shape is refused, naming the field, rather than drawn as a form", () => {
  assert.throws(() => asDfOptions(null), /Dungeon Fighter setup options .* not an object/);
  assert.throws(() => asDfOptions({ ...optionsFx["dungeon-fighter"], heroes: [] }), /heroes is not a non-empty list/);
  assert.throws(() => asDfOptions({ ...optionsFx["dungeon-fighter"], party: { min: 7, max: 6 } }), /party is not a range/);
  assert.throws(() => asDrOptions({ heroes: [{ id: "bard", novice: "Minstrel" }], players: { min: 1, max: 4 } }), /heroes\[0\]\.master is not a string/);
  assert.throws(() => asPdqOptions({ heroes: [{ key: "warrior", name: "Warrior", expansion: "no" }] }), /expansion is not a boolean/);
  assert.throws(() => asItddOptions({}), /modes is not a non-empty list/);
  assert.throws(() => asGdOptions({ ...optionsFx["green-dungeon"], entrance_kinds: [3] }), /entrance_kinds/);
});
