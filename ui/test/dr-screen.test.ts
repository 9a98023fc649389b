// The Dungeon Roll screen drawn for each of the engine's fixture states on a
// small stand-in for the DOM (node has none): every state draws without an
// error, shows what it must, and its buttons and pickers send the commands
// the engine takes. The real window is the lead's end-to-end test.
import { test } from "node:test";
import assert from "node:assert/strict";
import type { GameView } from "../src/game-ipc";
import type { ScreenCtx } from "../src/screens/plugin";
import startFx from "./fixtures/dungeon-roll-start.view.json";
import monstersFx from "./fixtures/dungeon-roll-monsters.view.json";
import regroupFx from "./fixtures/dungeon-roll-regroup.view.json";
import dragonFx from "./fixtures/dungeon-roll-dragon.view.json";
import overFx from "./fixtures/dungeon-roll-over.view.json";
import twistsFx from "./fixtures/dungeon-roll-twists.view.json";
import optionsFx from "./fixtures/setup-options.json";

type Listener = (e: unknown) => void;

/** Just enough of an element for dom.ts's `h` and the screen. */
class FakeEl {
  tagName: string;
  id = "";
  className = "";
  value = "";
  checked = false;
  text = "";
  attrs: Record<string, string> = {};
  kids: FakeEl[] = [];
  listeners: Record<string, Listener[]> = {};
  constructor(tag: string) {
    this.tagName = tag.toUpperCase();
  }
  setAttribute(k: string, v: string): void {
    this.attrs[k] = v;
    if (k === "id") this.id = v;
    if (k === "value") this.value = v;
    if (k === "checked") this.checked = true;
  }
  addEventListener(type: string, f: Listener): void {
    (this.listeners[type] ??= []).push(f);
  }
  append(...xs: Array<FakeEl | string>): void {
    for (const x of xs) this.kids.push(typeof x === "string" ? Object.assign(new FakeEl("#text"), { text: x }) : x);
  }
  get textContent(): string {
    return this.text + this.kids.map((k) => k.textContent).join("");
  }
  set textContent(v: string) {
    this.text = v;
    this.kids = [];
  }
  fire(type: string): void {
    for (const f of this.listeners[type] ?? []) f({});
  }
  all(): FakeEl[] {
    return [this, ...this.kids.flatMap((k) => k.all())];
  }
  find(pred: (e: FakeEl) => boolean): FakeEl {
    const e = this.all().find(pred);
    if (!e) throw new Error("no such element");
    return e;
  }
}

const g = globalThis as unknown as Record<string, unknown>;
g.Node = FakeEl;
g.document = { createElement: (t: string) => new FakeEl(t), head: new FakeEl("head"), addEventListener: () => {}, getElementById: () => null };

const { drScreen } = await import("../src/screens/dr/screen");

interface Sent {
  sent: unknown[];
  corrected: unknown[];
}

function draw(fixture: unknown): { el: FakeEl } & Sent {
  const out: Sent = { sent: [], corrected: [] };
  const ctx: ScreenCtx = {
    view: fixture as GameView,
    send: (c) => out.sent.push(c),
    sendCamera: (c) => out.sent.push(c),
    correct: (c) => out.corrected.push(c),
    rerender: () => {},
    tableDice: () => [],
    pairDice: () => Promise.reject(new Error("not used")),
  };
  return { el: drScreen.board(ctx) as unknown as FakeEl, ...out };
}

const button = (el: FakeEl, text: string) => el.find((e) => e.tagName === "BUTTON" && e.textContent.startsWith(text));

test("every state draws, with whose delve it is and what to do", () => {
  for (const f of [startFx, monstersFx, regroupFx, dragonFx, overFx]) {
    const { el } = draw(f);
    assert.ok(el.find((e) => e.id === "dr-now").textContent.length > 10);
    assert.doesNotMatch(el.textContent, /undefined|NaN|\[object/);
  }
  const start = draw(startFx).el.textContent;
  assert.match(start, /Roll: 7 Party dice and 1 Dungeon die/);
  const over = draw(overFx).el.textContent;
  assert.match(over, /Shared victory: P1 and P2/);
  assert.match(over, /Token XP/);
});

test("the app rolls from a fresh seed; a typed roll is sent once complete", () => {
  const d = draw(startFx);
  button(d.el, "Roll for me").fire("click");
  const c = d.sent[0] as { type: string; seed: number };
  assert.equal(c.type, "start_delve");
  assert.ok(Number.isInteger(c.seed) && c.seed >= 0);
  assert.equal(button(d.el, "Enter this roll").attrs.disabled, "", "an empty draft cannot be sent");
});

test("the table shows the delve: party, Graveyard, dungeon dice and Lair", () => {
  const { el } = draw(monstersFx);
  const party = el.find((e) => e.id === "dr-party").textContent;
  assert.match(party, /Party \(6\)/);
  assert.match(el.find((e) => e.id === "dr-dungeon").textContent, /Dungeon \(3\)GoblinGoblinSkeleton/);
  assert.match(el.find((e) => e.id === "dr-graveyard").textContent, /1/);
  assert.match(el.find((e) => e.id === "dr-lair").textContent, /1/);
});

test("the helper's assignment is accepted in one action, or a fight is picked by hand", () => {
  const d = draw(monstersFx);
  assert.match(d.el.find((e) => e.id === "dr-helper").textContent, /Fighter die defeats 2 Goblins/);
  button(d.el, "Fight as the helper proposes").fire("click");
  assert.deepEqual(d.sent, [{ type: "accept_proposal" }]);
  button(d.el, "Cleric die: defeat 1 Skeleton").fire("click");
  assert.deepEqual(d.sent[1], { type: "fight", with: { die: "cleric" }, monster: "skeleton" });
});

test("a die of the last roll is corrected by picking its face", () => {
  const d = draw(monstersFx);
  const sel = d.el.find((e) => e.id === "dr-fix-dungeon-2");
  sel.value = "ooze";
  sel.fire("change");
  assert.deepEqual(d.corrected, [{ type: "seek_glory", dungeon: ["goblin", "goblin", "ooze"] }]);
});

test("after the fight: retire, seek glory (rolled by the app) or flee", () => {
  const d = draw(regroupFx);
  button(d.el, "Retire (+3 XP)").fire("click");
  button(d.el, "Roll for me").fire("click");
  assert.deepEqual(d.sent[0], { type: "retire" });
  assert.equal((d.sent[1] as { type: string }).type, "seek_glory");
  assert.match(d.el.textContent, /Seek glory: the Dungeon Lord rolls 4 Dungeon dice for level 4/);
});

test("the Dragon is faced with the companions picked", () => {
  const d = draw(dragonFx);
  for (const [i, v] of ["0:fighter", "1:cleric", "2:mage"].entries()) {
    const s = d.el.find((e) => e.id === `dr-dragon-${i}`);
    s.value = v;
    s.fire("change");
  }
  button(d.el, "Face the Dragon").fire("click");
  const c = d.sent[0] as { type: string; with: unknown[]; drawn: string };
  assert.equal(c.type, "slay_dragon");
  assert.deepEqual(c.with, [{ with: { die: "fighter" } }, { with: { die: "cleric" } }, { with: { die: "mage" } }]);
  assert.equal(typeof c.drawn, "string");
});

test("the setup form deals the chosen cards", () => {
  let setup: unknown = null;
  const form = drScreen.setupForm((s) => (setup = s), (m) => assert.fail(m), optionsFx["dungeon-roll"]) as unknown as FakeEl;
  const set = (id: string, v: string) => (form.find((e) => e.id === id).value = v);
  set("dr-name-1", "Bo");
  set("dr-hero-0", "bard");
  set("dr-hero-1", "scout");
  set("dr-first", "1");
  button(form, "Start Dungeon Roll").fire("click");
  assert.deepEqual(setup, { players: [{ name: "Player 1", hero: "bard" }, { name: "Bo", hero: "scout" }], first: 1 });
});

test("a trade is picked from what the players hold and sent as one command", () => {
  const d = draw(twistsFx);
  assert.match(d.el.textContent, /Trade \(advanced rule\)/);
  const give = d.el.find((e) => e.id === "dr-trade-give");
  give.value = "c:lucky-charm";
  give.fire("change");
  const take = d.el.find((e) => e.id === "dr-trade-take");
  take.value = "c:distractions";
  take.fire("change");
  button(d.el, "Trade").fire("click");
  assert.deepEqual(d.sent[0], { type: "trade", from: 0, to: 1, give: { twists: ["lucky-charm"] }, take: { twists: ["distractions"] } });
  // Without the advanced rule there is no trade panel.
  assert.throws(() => draw(startFx).el.find((e) => e.id === "dr-trade"));
});

test("the setup form lays out the engine's seats and hero cards, no others", () => {
  const seatsOf = (o: unknown) => {
    const form = drScreen.setupForm(() => {}, (m) => assert.fail(m), o) as unknown as FakeEl;
    const seats = form.all().filter((e) => e.id.startsWith("dr-name-")).length;
    const cards = form.find((e) => e.id === "dr-hero-0").kids.map((k) => k.attrs.value);
    return { seats, cards };
  };
  const shipped = seatsOf(optionsFx["dungeon-roll"]);
  assert.equal(shipped.seats, 4);
  assert.equal(shipped.cards.length, 9);
  // Two seats and one card, if that is what the engine said.
  const small = { heroes: [{ id: "bard", novice: "Minstrel", master: "Bard" }], players: { min: 1, max: 2 } };
  assert.deepEqual(seatsOf(small), { seats: 2, cards: ["bard"] });
  assert.throws(() => drScreen.setupForm(() => {}, () => {}, undefined), /Dungeon Roll setup options/);
});

test("the setup form turns on the advanced trading rule", () => {
  let setup: unknown = null;
  const form = drScreen.setupForm((s) => (setup = s), (m) => assert.fail(m), optionsFx["dungeon-roll"]) as unknown as FakeEl;
  form.find((e) => e.id === "dr-trading").checked = true;
  button(form, "Start Dungeon Roll").fire("click");
  assert.equal((setup as { trading?: boolean }).trading, true);
});
