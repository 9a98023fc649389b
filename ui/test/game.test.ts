import { fixedSeqs, fixesFor, sourceWords, undoEntry, undoneSeqs } from "../src/undo-entry";
import { cardFill, fieldsOf, fillOffer, fillTemplate, labelOf, offerFields } from "../src/template-form";
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  correctedThrow,
  correctionSections,
  defaultDie,
  describeCommand,
  describeEvent,
  dfSetup,
  dfView,
  feedbackOf,
  keyAction,
  KEY_HELP,
  abilityChoices,
  landingOf,
  parseRefusal,
  SECTIONS,
  sectionOf,
  throwCommand,
  throwOf,
} from "../src/df-model";
import { exportFileName } from "../src/campaign-model";
import type { Offer } from "../src/game-ipc";
// Views and offers the engine produced for each phase of a game
// (`TW_UPDATE_FIXTURES=1 cargo test -p tw-dungeon-fighter --test view`).
import phasesJson from "./fixtures/df-phases.view.json";
const PHASES = phasesJson as unknown as Record<string, { state: unknown; view: Record<string, unknown>; offers: Offer[] }>;

// The engine's state after the rulebook's first combat has begun and two
// dice were thrown (as `warden replay` prints it; trimmed to what screens read).
const combatState = {
  chest: { gold: 1, white_dice: 2 },
  combat: {
    active: 2,
    foe: { name: "Skeleton Goblin", level: 1, life: 2, damage: 1 },
    life: 5,
    pending: { die: "red", face: "icon", hero: 2, options: ["re_throw"] },
    requirements: ["chopstick"],
    rethrow: null,
    thrown: ["blue", "red"],
  },
  heroes: [
    { name: "Saul Baysar", life: 8, base_life: 9, scars: [], fainted: false, eliminated: false, abilities: { red: "agile_instincts", green: "pickpocket", blue: "spirit_energy" }, equipment: [] },
    { name: "Lianna Lightbringer", life: 9, base_life: 9, scars: ["green"], fainted: false, eliminated: false, abilities: { red: "piercing_damage", green: "self_healing", blue: "death_list" }, equipment: [{ name: "Spluttering Stick" }] },
    { name: "Lady Mary", life: 0, base_life: 9, scars: [], fainted: true, eliminated: false, abilities: { red: "re_throw", green: "heal_party", blue: "charming" }, equipment: [] },
  ],
  leader: 0,
  level_up_variant: false,
  monster_deck: [1, 1, 2],
  phase: { phase: "combat" },
  shop_icons: 2,
  shops_visited: 0,
};

test("a combat state becomes the board the screen draws", () => {
  const v = dfView(combatState, PHASES.combat.view);
  assert.equal(v.phase, "combat");
  assert.deepEqual(v.monster, { name: "Skeleton Goblin", life: 5, damage: 1, level: 1, requirements: ["chopstick"] });
  assert.deepEqual(v.diceLeft, ["green"]);
  assert.deepEqual(v.chest, { gold: 1, whiteDice: 2 });
  assert.equal(v.leader, "Saul Baysar");
  assert.deepEqual(v.shopIcons, { have: 2, need: 10 }, "the engine's count");
  assert.equal(v.shopsBeforeBoss, 3);
  assert.deepEqual(v.pending, { hero: "Lady Mary", die: "red", options: ["re_throw"] });
  assert.equal(v.heroes[2].active, true);
  assert.equal(v.heroes[2].fainted, true);
  assert.equal(v.heroes[0].leader, true);
  assert.deepEqual(v.heroes[1].abilities.find((a) => a.colour === "green"), { colour: "green", ability: "self_healing", scarred: true });
  assert.deepEqual(v.heroes[1].equipment, ["Spluttering Stick"]);
});

test("outside combat all colour dice are left and the level up variant needs 11 icons", () => {
  const v = dfView({ ...combatState, combat: null, level_up_variant: true, phase: { phase: "dungeon" } }, PHASES.level_up_variant.view);
  assert.equal(v.monster, null);
  assert.deepEqual(v.diceLeft, ["red", "green", "blue"]);
  assert.equal(v.shopIcons.need, 11);
  assert.equal(v.pending, null);
});

test("a finished game shows its title and score", () => {
  const v = dfView({ ...combatState, combat: null, phase: { phase: "over", won: true, reason: "the boss fell", score: { total: 17, title: "Lame Ducks" } } });
  assert.deepEqual(v.over, { won: true, reason: "the boss fell", total: 17, title: "Lame Ducks" });
});

test("a malformed state gives an empty board, not an exception", () => {
  const v = dfView(null);
  assert.equal(v.phase, "unknown");
  assert.deepEqual(v.heroes, []);
  assert.equal(v.monster, null);
});

test("the panel's choices make the engine's throw command", () => {
  assert.deepEqual(throwCommand({ die: "green", face: "icon", section: "hole" }), {
    type: "throw", die: "green", face: "icon", landing: { value: null, kind: "hole" },
  });
  assert.deepEqual(throwCommand({ die: "blue", face: "blank", section: "3", noBounce: true }), {
    type: "throw", die: "blue", face: "blank", landing: { value: 3, kind: "score" }, no_bounce: true,
  });
  assert.deepEqual(throwCommand({ die: "white", face: "icon", section: "bullseye", requirementFailed: true }).requirement_failed, true);
  for (const s of SECTIONS) assert.equal(sectionOf(landingOf(s)), s, s);
  assert.equal(sectionOf({ kind: "treasure", value: null }), null);
});

test("corrections offer the neighbouring sections first and never the one read", () => {
  const three = correctionSections({ kind: "score", value: 3 });
  assert.deepEqual(three.slice(0, 2), ["2", "4"]);
  assert.ok(!three.includes("3"));
  assert.equal(three.length, SECTIONS.length - 1);
  assert.deepEqual(correctionSections({ kind: "score", value: 1 }).slice(0, 1), ["2"]);
  assert.deepEqual(correctionSections({ kind: "bullseye", value: null }).slice(0, 1), ["5"]);
  assert.ok(!correctionSections({ kind: "outside", value: null }).includes("outside"));
});

test("a correction keeps the throw's other fields and changes one thing", () => {
  const t = throwOf({ type: "throw", die: "red", face: "icon", landing: { value: 2, kind: "score" }, weapons: ["Stick"] })!;
  assert.deepEqual(correctedThrow(t, { section: "1" }), { type: "throw", die: "red", face: "icon", landing: { value: 1, kind: "score" }, weapons: ["Stick"] });
  assert.equal(correctedThrow(t, { face: "blank" }).face, "blank");
  assert.equal(correctedThrow(t, { die: "blue" }).die, "blue");
  const bounced = correctedThrow(t, { noBounce: true, requirementFailed: true });
  assert.equal(bounced.no_bounce, true);
  assert.equal(bounced.requirement_failed, true);
  const back = correctedThrow(bounced, { noBounce: false, requirementFailed: false });
  assert.ok(!("no_bounce" in back) && !("requirement_failed" in back), "a flag turned off leaves the command as the engine's default");
  assert.equal(throwOf({ type: "end_rest" }), null);
});

test("the entry undo would replace is the one the session names", () => {
  const log = [
    { seq: 1, source: "manual", command: { type: "a" }, reverts_seq: null },
    { seq: 2, source: "camera", command: { type: "b" }, reverts_seq: null },
    { seq: 3, source: "undo", command: null, reverts_seq: 2 },
  ];
  // After undoing 2 the session names 1 (GameView.undo_target); nothing is worked out from the undo entries.
  assert.equal(undoEntry({ undo_target: 1, log })?.seq, 1);
  assert.equal(undoEntry({ undo_target: null, log }), null);
  assert.equal(undoEntry({ undo_target: 9, log }), null, "a target missing from the log is no entry");
});

test("entries an undo took back are known as undone, and sources read in a player's words", () => {
  const log = [
    { seq: 1, source: "manual", reverts_seq: null },
    { seq: 2, source: "camera", reverts_seq: null },
    { seq: 3, source: "undo", reverts_seq: 2 },
    { seq: 4, source: "correction", reverts_seq: null },
  ];
  assert.deepEqual([...undoneSeqs(log)], [2]);
  assert.deepEqual(log.map((e) => sourceWords(e.source)), ["entered", "camera", "undo", "corrected"]);
});

test("a hero about to faint: camera throws wait", () => {
  // The engine's state while Saul (hero 0) is about to faint (hero_down.rs).
  const state = { ...combatState, combat: { ...combatState.combat, pending: null, fainting: { heroes: [0], then: "end_of_throw" } } };
  const v = dfView(state);
  assert.deepEqual(v.fainting, [0]);
  assert.deepEqual(dfView(combatState).fainting, []);
});

test("phase buttons are the engine's offers: known values filled in, the rest left to the form", () => {
  const reveal = PHASES.monster.offers[0];
  assert.equal(reveal.label, "Reveal monster (level 1)…");
  assert.deepEqual(offerFields(reveal).map(labelOf), ["card name", "card life", "card damage", "card gold"]);
  const r = fillOffer(reveal, new Map<string, string | boolean>([["card.name", "Imp"], ["card.life", "5"], ["card.damage", "1"], ["card.gold", ""]]));
  assert.ok("command" in r);
  // The level stays the engine's; a value left empty is left out (the catalogue's applies).
  assert.deepEqual(r.command, { type: "reveal_monster", card: { name: "Imp", level: 1, life: 5, damage: 1 } });
  const shop = PHASES.shop.offers;
  assert.equal(shop[0].label, "Buy 1 white die (2 gold)");
  const buy = shop.find((o) => o.key === "buy_equipment")!;
  const hero = offerFields(buy).find((f) => f.path.join(".") === "hero")!;
  assert.deepEqual(hero.choices?.map((c) => c.value), [0, 1, 2], "a hero is chosen from the party");
  const filled = fillOffer(buy, new Map<string, string | boolean>([["hero", "1"], ["card.name", "Stick"], ["card.kind", "weapon"], ["card.bonus", "1"], ["card.price", "3"]]));
  assert.ok("command" in filled);
  assert.deepEqual(filled.command, { type: "buy_equipment", hero: 1, card: { name: "Stick", kind: "weapon", bonus: 1, price: 3 } });
  assert.deepEqual(PHASES.combat.offers.map((o) => o.key), ["back_down", "use_item"]);
});

test("a kept card fills the fields left empty, by its name in any case, never what was typed", () => {
  const reveal = PHASES.monster.offers[0];
  assert.deepEqual(reveal.card, { path: "card", kind: "monster" }, "the engine says where the card is");
  const library = [{ name: "Cave Troll", life: 7, damage: 2, gold: 3, level: 1 }];
  const typed = new Map<string, string | boolean>([["card.name", " cave TROLL"], ["card.life", ""], ["card.damage", "5"]]);
  assert.deepEqual([...cardFill(reveal, library, typed)], [["card.life", "7"], ["card.gold", "3"]]);
  assert.equal(cardFill(reveal, library, new Map([["card.name", "Imp"]])).size, 0, "an unknown name brings nothing");
  const rest = { key: "rest", label: "Rest", command: { type: "rest" } };
  assert.equal(cardFill(rest, library, typed).size, 0, "an offer without a card brings nothing");
});

test("the banner after an action says the weightiest thing that happened", () => {
  const heroes = ["Saul", "Lianna"];
  assert.deepEqual(feedbackOf([{ type: "die_thrown", hero: 0 }, { type: "hit", hero: 0, damage: 3 }], heroes), { text: "Hit! 3 damage", tone: "good", kind: "hit" });
  assert.equal(feedbackOf([{ type: "hit", damage: 4 }, { type: "monster_damaged", amount: 4 }, { type: "monster_defeated", epic_shot: false }], heroes)?.text, "Monster defeated");
  assert.equal(feedbackOf([{ type: "monster_defeated", epic_shot: true }], heroes)?.kind, "epic_shot");
  assert.equal(feedbackOf([{ type: "insta_kill", hero: 1 }, { type: "monster_defeated", epic_shot: false }], heroes)?.text, "Insta-kill! Monster defeated");
  assert.deepEqual(feedbackOf([{ type: "missed", hero: 1, why: "no bounce" }], heroes), { text: "Miss — no bounce", tone: "bad", kind: "missed" });
  assert.equal(feedbackOf([{ type: "hit", damage: 2 }, { type: "hero_fainted", hero: 1 }], heroes)?.text, "Lianna fainted");
  assert.equal(feedbackOf([{ type: "turn_passed", to: 1 }], heroes), null);
  assert.match(dfView(combatState, PHASES.combat.view).now, /throws next/, "the engine's what-now line reaches the view");
});

test("an amount per hero is asked under the engine's words and an empty one is left out", () => {
  const spirit = {
    key: "use_spirit_energy", label: "Use spirit energy…",
    command: { type: "use_ability", ability: "spirit_energy", heals: [{ hero: 0, amount: null }, { hero: 2, amount: null }] },
    fill: ["heals.0.amount", "heals.1.amount"],
    inputs: { "heals.0.amount": { kind: "number" as const, label: "Saul: life healed" }, "heals.1.amount": { kind: "number" as const, label: "Mary: life healed" } },
  };
  assert.deepEqual(offerFields(spirit).map(labelOf), ["Saul: life healed", "Mary: life healed"]);
  const r = fillOffer(spirit, new Map<string, string | boolean>([["heals.0.amount", ""], ["heals.1.amount", "2"]]));
  assert.ok("command" in r);
  assert.deepEqual(r.command.heals, [{ hero: 0 }, { hero: 2, amount: 2 }]);
});

test("keys map to panel actions, but never while typing or with modifiers", () => {
  assert.deepEqual(keyAction("u", false), { kind: "undo" });
  assert.deepEqual(keyAction("U", false), { kind: "undo" });
  assert.deepEqual(keyAction("3", false), { kind: "section", section: "3" });
  assert.deepEqual(keyAction("b", false), { kind: "section", section: "bullseye" });
  assert.deepEqual(keyAction("h", false), { kind: "section", section: "hole" });
  assert.deepEqual(keyAction("o", false), { kind: "section", section: "outside" });
  assert.deepEqual(keyAction("l", false), { kind: "die", die: "blue" });
  assert.equal(keyAction("u", true), null);
  assert.equal(keyAction("u", false, true), null);
  assert.equal(keyAction("z", false), null);
  // Every key named in the on-screen help does something.
  for (const [keys] of KEY_HELP) {
    for (const k of keys.split(/\s*\/\s*/)) {
      if (k.includes("–")) continue;
      assert.ok(keyAction(k, false), `help names ${k}`);
    }
  }
});

test("while an icon waits, the number keys pick the engine's ability choices in order, and nothing past them", () => {
  // The offers the engine lists for a pending icon (crates/games/dungeon-fighter/src/view.rs).
  const offers = [
    { key: "use_heal", label: "Use heal", command: { type: "use_ability", ability: "heal" } },
    { key: "use_divine_intervention", label: "Use divine intervention…", command: { type: "use_ability", ability: "divine_intervention", target: null }, fill: ["target"] },
    { key: "skip_ability", label: "Skip ability", command: { type: "skip_ability" } },
  ];
  const choices = abilityChoices([...offers, { key: "back_down", label: "Back down", command: { type: "back_down" } }]);
  assert.deepEqual(choices.map((o) => o.key), ["use_heal", "use_divine_intervention", "skip_ability"]);
  assert.deepEqual(keyAction("1", false, false, choices.length), { kind: "choice", index: 0 });
  assert.deepEqual(keyAction("3", false, false, choices.length), { kind: "choice", index: 2 });
  // A fourth choice is not offered: the key does nothing (not a throw into section 4).
  assert.equal(keyAction("4", false, false, choices.length), null);
  // Other keys keep their meaning (undo), and typing still never counts.
  assert.deepEqual(keyAction("u", false, false, choices.length), { kind: "undo" });
  assert.equal(keyAction("1", true, false, choices.length), null);
  // With no choice open the digits are sections again.
  assert.deepEqual(keyAction("1", false, false, 0), { kind: "section", section: "1" });
});

test("the preselected die is one that can still be thrown", () => {
  const v = dfView(combatState);
  assert.equal(defaultDie("red", v), "green");
  assert.equal(defaultDie("green", v), "green");
  assert.equal(defaultDie("white", v), "green", "white does not stay selected while colours are left (a new combat)");
  assert.equal(defaultDie("white", dfView({ ...combatState, combat: { ...combatState.combat, thrown: ["red", "green", "blue"] } })), "white");
  assert.equal(defaultDie(null, dfView({ ...combatState, combat: { ...combatState.combat, thrown: ["red", "green", "blue"] } })), "white");
});

test("events read as log lines with hero names", () => {
  const names = ["Saul", "Lianna", "Mary"];
  assert.equal(describeEvent({ type: "die_thrown", hero: 1, die: "blue" }, names), "Lianna throws the blue die");
  assert.equal(describeEvent({ type: "hit", hero: 1, section: 2, bonus: 1, damage: 3 }, names), "Hit: 3 damage (section 2 + 1)");
  assert.equal(describeEvent({ type: "hero_damaged", hero: 2, amount: 1, why: "Miss" }, names), "Mary loses 1 life (Miss)");
  assert.equal(describeEvent({ type: "spider_web_torn" }, names), "spider web torn");
  assert.equal(describeEvent({ type: "shop_opened", cards: 5 }, names), "shop opened (cards: 5)");
  assert.equal(describeCommand({ type: "throw", die: "red", face: "icon", landing: { kind: "score", value: 4 }, no_bounce: true }), "throw red icon → 4 (no bounce)");
  assert.equal(describeCommand({ type: "enter_dungeon", card: { name: "Rotten Food" } }), "enter dungeon: Rotten Food");
});

test("refusals are split into rule and reason wherever they sit in the error", () => {
  assert.deepEqual(parseRefusal('refused by rule "White bonus dice": the chest is empty'), { rule: "White bonus dice", reason: "the chest is empty" });
  assert.deepEqual(parseRefusal('the dungeon-fighter game could not be set up: refused by rule "Setup": 1 hero'), { rule: "Setup", reason: "1 hero" });
  assert.equal(parseRefusal("nothing to undo"), null);
});

test("the setup form makes the engine's setup or says what is missing", () => {
  assert.deepEqual(dfSetup({ heroes: ["sir-moo", "lady-mary"], leader: 1, difficulty: "hard" }), {
    setup: { heroes: ["sir-moo", "lady-mary"], leader: 1, difficulty: "hard" },
  });
  const solo = dfSetup({ heroes: ["sir-moo", "lady-mary"], leader: 0, difficulty: "normal", players: 1, levelUp: true });
  assert.deepEqual(solo, { setup: { heroes: ["sir-moo", "lady-mary"], leader: 0, difficulty: "normal", players: 1, level_up_variant: true } });
  // How many heroes a party holds is the engine's rule: the form sends one hero on and the engine refuses it.
  assert.ok("setup" in dfSetup({ heroes: ["sir-moo"], leader: 0, difficulty: "normal" }));
  assert.match((dfSetup({ heroes: ["a", "b"], leader: 2, difficulty: "normal" }) as { error: string }).error, /leader/);
  assert.match((dfSetup({ heroes: ["a", "a"], leader: 0, difficulty: "normal" }) as { error: string }).error, /once/);
});

test("export file names are safe and recognisable", () => {
  assert.equal(exportFileName("Tuesday Crypt"), "tuesday-crypt.campaign.json");
  assert.equal(exportFileName("../../etc/passwd"), "etc-passwd.campaign.json");
  assert.equal(exportFileName("///"), "campaign.campaign.json");
  assert.equal(exportFileName("Élan 2"), "elan-2.campaign.json");
});

test("a command template becomes a form whose values make the command", () => {
  const template = { type: "reveal_monster", card: { name: "", level: 2, life: 1, damage: 1, gold: 1 }, requirements: ["chopstick"], flying: false };
  const fields = fieldsOf(template);
  assert.deepEqual(fields.map(labelOf), ["card name", "card level", "card life", "card damage", "card gold", "requirements", "flying"]);
  const values = new Map<string, string | boolean>([
    ["card.name", "Lizard King"], ["card.life", "13"], ["card.damage", "3"], ["card.gold", ""], ["requirements", "[]"], ["flying", true],
  ]);
  const r = fillTemplate(template, values);
  assert.ok("command" in r);
  assert.deepEqual(r.command, { type: "reveal_monster", card: { name: "Lizard King", level: 2, life: 13, damage: 3 }, requirements: [], flying: true });
  assert.deepEqual(template.card.life, 1, "the template itself is not changed");
  const bad = fillTemplate(template, new Map([["card.life", "lots"]]));
  assert.ok("error" in bad && bad.error.includes("card life"));
  const badJson = fillTemplate(template, new Map([["requirements", "[oops"]]));
  assert.ok("error" in badJson && badJson.error.includes("requirements"));
});

test("the Settings screen names the source playing by its list label", async () => {
  const { playingLabel } = await import("../src/settings/screen");
  const list = [{ spec: "demo", label: "Demo footage" }, { spec: "demo:combat", label: "Dungeon Fighter demo" }];
  assert.equal(playingLabel("demo:combat", "frames", list), "Dungeon Fighter demo");
  assert.equal(playingLabel(null, "Camera 0 (USB)", list), "Camera 0 (USB) (chosen at start-up)");
  assert.equal(playingLabel("/tmp/clip.mp4", "clip.mp4", list), "clip.mp4 (/tmp/clip.mp4)");
  assert.equal(playingLabel(null, undefined, list), "nothing yet");
});

test("a log entry shows exactly the corrections the core offers on it, in the core's order", () => {
  // As tw_app::entry_fix lists them after an ability choice answered throw 7.
  const fixes = [
    { seq: 7, key: "choice:skip_ability", label: "Skip ability instead" },
    { seq: 7, key: "no_bounce", label: "no bounce (a Miss)" },
    { seq: 7, key: "requirement_failed", label: "requirement failed: chopstick (Rice Eater) (a Miss)" },
  ];
  assert.deepEqual(fixesFor(fixes, 7).map((f) => f.key), ["choice:skip_ability", "no_bounce", "requirement_failed"]);
  assert.deepEqual(fixesFor(fixes, 8), []);
  assert.deepEqual(fixesFor(undefined, 7), []);
  assert.deepEqual(fixedSeqs([...fixes, { seq: 9, key: "bounced", label: "it bounced" }]), [9, 7]);
  assert.deepEqual(fixedSeqs(undefined), []);
});

test("the banner's sound is off until turned on, and each kind of news has its own short tune", async () => {
  const { notesFor, setSoundOn, soundOn } = await import("../src/feedback-sound");
  const kept = new Map<string, string>();
  const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
  assert.equal(soundOn(store), false, "off by default");
  setSoundOn(true, store);
  assert.equal(soundOn(store), true);
  setSoundOn(false, store);
  assert.equal(soundOn(store), false);
  // Storage that throws (a locked-down webview) reads as off.
  assert.equal(soundOn({ getItem: () => { throw new Error("denied"); } }), false);
  const hit = notesFor("hit", "good");
  const miss = notesFor("missed", "bad");
  assert.ok(hit[hit.length - 1].freq > hit[0].freq, "good news rises");
  assert.ok(miss[miss.length - 1].freq < miss[0].freq, "bad news falls");
  assert.notDeepEqual(notesFor("monster_defeated", "good"), hit);
  for (const kind of ["game_over", "epic_shot", "insta_kill", "monster_defeated", "hero_fainted", "hit", "missed"]) {
    const notes = notesFor(kind, "good");
    const end = Math.max(...notes.map((n) => n.at + n.dur));
    assert.ok(notes.length > 0 && end < 1.2, `${kind}: ${end.toFixed(2)} s`);
  }
});
