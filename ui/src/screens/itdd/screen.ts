// Into the Dark Dungeon: Silver Mine's screen on the Game tab: the dungeon
// drawn as a grid (and edited on it as cards are revealed), the dungeon turn
// on one button, the character turn's helpers and Crossroads Town as forms.
// Only the DOM lives here; what the clicks mean is in grid.ts, commands.ts,
// flow.ts and model.ts, the log wording in describe.ts.
import { fill, h } from "../../dom";
import type { Die } from "../../ipc";
import { lastActiveEntry } from "../../df-model";
import type { GameScreen, ScreenCtx } from "../plugin";
import {
  ATTRIBUTES,
  DIE_COLOURS,
  ITEM_KINDS,
  POTIONS,
  attackCommand,
  attrsOf,
  diceOf,
  fleeCommand,
  itemOf,
  lootCommand,
  lootOutcome,
  manualPair,
  pairingOf,
  rollD6,
  setupOf,
  singleDie,
  trapCommand,
  virtualPair,
  withDice,
  type DicePair,
  type DiceSource,
  type ItemForm,
  type PairingChoice,
} from "./commands";
import { BOOKS, CONTAINERS, ENEMY_KINDS, INN_PRICES, MAX_BOOKS, MERCHANT, QUEST_GOALS, QUESTS, TITLES, TRADER_ADJUSTMENT, TRAPS, questProgressText } from "./data";
import { describeCommand, describeEvent, lastTurnRolls, notices } from "./describe";
import { addPair, fresh, markTried, readingKey, removePair, turnToSend, wantsPair, type Gathered } from "./flow";
import {
  BRUSHES,
  cubeCommand,
  draftCell,
  draftContains,
  draftProblem,
  extendPath,
  newDraft,
  nextCardId,
  paintDraft,
  placeCardCommand,
  resizeDraft,
  rotateDraft,
  viewport,
  type CardDraft,
} from "./grid";
import {
  CELL_CHARS,
  anyoneInside,
  figureAt,
  freeGateSquares,
  itddView,
  itemName,
  key,
  nextId,
  reachOf,
  uniqueId,
  type CharacterView,
  type ItddView,
  type Pos,
} from "./model";

type Cmd = Record<string, unknown>;
type Tool = "look" | "card" | "cube" | "enemy" | "move";

/** What the screen remembers between renders (not game state: that is the engine's). */
interface UiState {
  session: number;
  tool: Tool;
  brush: string;
  draft: CardDraft | null;
  explorer: string;
  lostMap: boolean;
  enemy: { kind: string; name: string; attack: number; move: number; torch: number; life: number };
  selected: string | null;
  target: string | null;
  path: Pos[];
  dice: DiceSource;
  manual: [number, number];
  pairing: PairingChoice;
  gathered: Gathered | null;
  /** The camera dice last used, so the same dice are not taken twice. */
  usedReading: string | null;
  /** A message of the screen itself (no dice on the table, a form left blank). */
  note: string | null;
  lootItems: Cmd[];
  /** A loot roll that succeeded and waits for the item cards drawn (kept so the die is not rolled again). */
  pendingLoot: { character: string; at: Pos; roll: number; source: DiceSource; reading: Die[] | null } | null;
  showNewCharacter: boolean;
  /** Cards on the table at the last render: a new one resets the draft for the next Hall. */
  cardCount: number;
}

let ui: UiState | null = null;

function state(session: number): UiState {
  if (!ui || ui.session !== session) {
    ui = {
      session,
      tool: "look",
      brush: "#",
      draft: null,
      explorer: "",
      lostMap: false,
      enemy: { kind: ENEMY_KINDS[0]?.kind ?? "goblin", name: "", attack: 1, move: 2, torch: 0, life: 2 },
      selected: null,
      target: null,
      path: [],
      dice: "camera",
      manual: [1, 1],
      pairing: { by: "colour", ours: "white", theirs: "red", side: "left" },
      gathered: null,
      usedReading: null,
      note: null,
      lootItems: [],
      pendingLoot: null,
      showNewCharacter: false,
      cardCount: 0,
    };
  }
  return ui;
}

const words = (s: string) => s.replace(/_/g, " ");
/**
 * A number box. Values are taken as typed ("input"), so a button pressed
 * right after sees them; boxes whose change redraws the screen take theirs
 * on "change" instead, or the redraw would steal the focus mid-number.
 */
const numInput = (value: number, onchange: (n: number) => void, attrs: Record<string, string | number> = {}, on: "input" | "change" = "input") =>
  h("input", { type: "number", value, min: 0, max: 99, class: "num", ...attrs, [`on${on}`]: (e: Event) => onchange(Number((e.target as HTMLInputElement).value)) });
const select = (options: [string, string][], value: string, onchange: (v: string) => void, attrs: Record<string, string> = {}) =>
  h("select", { ...attrs, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) }, ...options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
const btn = (label: string, onclick: () => void, attrs: Record<string, string | boolean | null> = {}) => h("button", { ...attrs, onclick }, label);

// ---------------------------------------------------------------- setup

function setupForm(start: (setup: unknown) => void, fail: (msg: string) => void): HTMLElement {
  const mode = select([["solo", "Solo"], ["cooperative", "Cooperative"], ["competitive", "Competitive"], ["arena", "Arena"]], "solo", () => {}, { id: "itdd-mode" });
  const seed = h("input", { type: "text", id: "itdd-seed", placeholder: "random", size: 12, inputmode: "numeric" });
  return h(
    "div",
    { class: "itdd-setup" },
    h("label", {}, "Mode ", mode),
    h("label", {}, "Seed ", seed),
    h("p", { class: "muted" }, "The seed breaks random ties and rolls the app's dice; leave it empty for a random one. Characters are made on the next screen."),
    btn("Start Silver Mine", () => {
      const s = setupOf(mode.value, seed.value);
      if ("error" in s) return fail(s.error);
      start(s);
    }, { id: "game-start-btn" }),
  );
}

// ---------------------------------------------------------------- board

function board(ctx: ScreenCtx): HTMLElement {
  const newSession = !ui || ui.session !== ctx.view.session;
  const u = state(ctx.view.session);
  const v = itddView(ctx.view.state);
  if (newSession && v.cards.length === 0) {
    // A new game starts where play starts: laying the Gate card.
    u.tool = "card";
    u.draft = newDraft("gate");
  }
  u.gathered = fresh(u.gathered, ctx.view.last_seq);
  if (v.cards.length > u.cardCount && u.draft) u.draft = newDraft("hall", u.draft.width, u.draft.height);
  u.cardCount = v.cards.length;
  if (!u.selected || !v.characters.some((c) => c.id === u.selected)) u.selected = v.current ?? v.characters.find((c) => c.alive)?.id ?? null;
  const me = v.characters.find((c) => c.id === u.selected) ?? null;
  if (u.target && !v.enemies.some((e) => e.id === u.target)) u.target = null;
  const note = u.note;
  u.note = null;
  return h(
    "div",
    { class: "itdd", id: "itdd-board" },
    statusBar(v),
    ...notices(ctx.view.events).map((n) => h("p", { class: "banner itdd-notice" }, n)),
    note ? h("p", { class: "banner", id: "itdd-note", role: "status" }, note) : null,
    h("div", { class: "itdd-main" },
      h("div", { class: "itdd-left" }, toolBar(ctx, v, u), gridView(ctx, v, u, me), legend()),
      h("div", { class: "itdd-side" },
        dungeonTurnPanel(ctx, v, u),
        diceSettings(ctx, u),
        correctionPanel(ctx),
        charactersPanel(ctx, v, u),
        me ? characterPanel(ctx, v, u, me) : null,
        stashPanel(v),
      )),
  );
}

function statusBar(v: ItddView): HTMLElement {
  return h(
    "div",
    { class: "itdd-status" },
    h("span", { class: "chip" }, `Mode: ${v.mode}`),
    h("span", { class: "chip" }, `Dungeon turns: ${v.dungeonTurns}`),
    h("span", { class: "chip" }, `Goblins placed: ${v.goblinsPlaced} / 8`),
    h("span", { class: "chip" }, `Enemies defeated: ${v.enemiesDefeated}`),
    v.current ? h("span", { class: "chip on" }, `Turn: ${v.current}`) : null,
    ...v.bossesDue.map((b) => h("span", { class: "chip boss", role: "alert" }, `Boss due at ${b.gate} (${b.reason}): place it there`)),
  );
}

function rerender(ctx: ScreenCtx): void {
  ctx.rerender();
}

function say(ctx: ScreenCtx, msg: string): void {
  if (ui) ui.note = msg;
  rerender(ctx);
}

// ---------------------------------------------------------------- tools

function toolBar(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const tool = (t: Tool, label: string, title: string) =>
    h("button", { class: u.tool === t ? "on" : null, "aria-pressed": String(u.tool === t), "data-tool": t, title, onclick: () => { u.tool = t; if (t === "card" && !u.draft) u.draft = newDraft(v.cards.length ? "hall" : "gate"); rerender(ctx); } }, label);
  const tools = h("div", { class: "row itdd-tools" },
    tool("look", "Select", "Click a character to select them, an enemy to target it"),
    tool("card", "Lay card", "Lay a Gate or Hall card: size, origin by clicking, then paint its squares"),
    tool("cube", "Cubes", "Put cubes and door tokens on squares of cards already laid"),
    tool("enemy", "Enemy", "Place an enemy from the drawn enemy card"),
    tool("move", "Move path", "Click squares one by one to draw the selected character's path"));
  let options: HTMLElement | null = null;
  if (u.tool === "card" && u.draft) options = cardOptions(ctx, v, u, u.draft);
  else if (u.tool === "cube") options = h("div", { class: "row" }, h("span", { class: "muted" }, "Click a floor square to add: "), brushRow(ctx, u, false));
  else if (u.tool === "enemy") options = enemyOptions(ctx, u);
  else if (u.tool === "move") options = h("p", { class: "muted" }, "Click squares one at a time from the selected character (no diagonals); click the last square again to take it back. Then Move or Run in the character panel.");
  return h("div", { class: "panel itdd-toolbar" }, tools, options);
}

function brushRow(ctx: ScreenCtx, u: UiState, forDraft: boolean): HTMLElement {
  return h("span", { class: "brushes" }, ...BRUSHES.filter((b) => forDraft || b.cube !== null).map((b) =>
    h("button", { class: `brush${u.brush === b.char ? " on" : ""}`, "data-brush": b.char, title: b.label, onclick: () => { u.brush = b.char; rerender(ctx); } }, h("span", { class: `swatch cell-${cellClass(b.char)}` }, cellIcon(b.char)), " ", b.label)));
}

function cardOptions(ctx: ScreenCtx, v: ItddView, u: UiState, d: CardDraft): HTMLElement {
  const problem = draftProblem(d, v.cards);
  const id = nextCardId(v.cards, d.kind);
  const inside = v.characters.filter((c) => c.inDungeon);
  const set = (nd: CardDraft) => { u.draft = nd; rerender(ctx); };
  return h("div", { class: "itdd-card-options" },
    h("div", { class: "row" },
      select([["gate", "Gate"], ["hall", "Hall"]], d.kind, (k) => set({ ...d, kind: k as "gate" | "hall" }), { "aria-label": "Card kind", id: "itdd-card-kind" }),
      h("label", {}, "Width ", numInput(d.width, (n) => set(resizeDraft(d, n, d.height)), { min: 1, max: 16, id: "itdd-card-w" }, "change")),
      h("label", {}, "Height ", numInput(d.height, (n) => set(resizeDraft(d, d.width, n)), { min: 1, max: 16, id: "itdd-card-h" }, "change")),
      btn("Turn ↻", () => set(rotateDraft(d)), { title: "Turn the card a quarter clockwise" }),
      d.origin ? btn("Move origin", () => set({ ...d, origin: null })) : null),
    h("div", { class: "row" }, h("span", { class: "muted" }, d.origin ? "Paint: " : "Click the grid for the top-left square, then paint: "), brushRow(ctx, u, true)),
    h("div", { class: "row" },
      h("label", {}, "Explored by ", select([["", "nobody (set-up)"], ...inside.map((c): [string, string] => [c.id, `${c.name} (spends a Torch)`])], u.explorer, (x) => { u.explorer = x; rerender(ctx); }, { id: "itdd-explorer" })),
      h("label", { class: "check" }, h("input", { type: "checkbox", checked: u.lostMap, onchange: (e: Event) => { u.lostMap = (e.target as HTMLInputElement).checked; } }), " with the Lost Map"),
      btn(`Lay ${d.kind === "gate" ? "Gate" : "Hall"} ${id}`, () => {
        const cmd = placeCardCommand(d, id, u.explorer || null, u.lostMap);
        if ("error" in cmd) return say(ctx, String(cmd.error));
        u.lostMap = false;
        ctx.send(cmd);
      }, { id: "itdd-lay-card", class: "primary", disabled: problem !== null && d.origin === null }),
      btn("Cancel", () => { u.draft = null; u.tool = "look"; rerender(ctx); })),
    problem ? h("p", { class: "muted", id: "itdd-draft-problem" }, problem) : null);
}

function enemyOptions(ctx: ScreenCtx, u: UiState): HTMLElement {
  const e = u.enemy;
  const rule = ENEMY_KINDS.find((k) => k.kind === e.kind);
  const set = (patch: Partial<UiState["enemy"]>) => { u.enemy = { ...u.enemy, ...patch }; };
  return h("div", {},
    h("div", { class: "row" },
      select(ENEMY_KINDS.map((k): [string, string] => [k.kind, words(k.kind)]), e.kind, (k) => { set({ kind: k }); rerender(ctx); }, { "aria-label": "Enemy kind", id: "itdd-enemy-kind" }),
      h("input", { type: "text", placeholder: "name on the card", value: e.name, size: 14, oninput: (ev: Event) => set({ name: (ev.target as HTMLInputElement).value }) }),
      ...(["attack", "move", "torch", "life"] as const).map((a) => h("label", {}, `${a[0].toUpperCase()}${a.slice(1)} `, numInput(e[a], (n) => set({ [a]: n }), { "data-enemy-attr": a })))),
    h("p", { class: "muted" }, rule
      ? `Click a free floor square. ${words(rule.kind)}: ${rule.reach === "card" ? "hunts only on its card" : rule.reach === "chase" ? "chases a character it has seen anywhere" : "hunts the whole dungeon"}${rule.crossesTraps ? ", crosses traps" : ""}${rule.opensLockedDoors ? "" : ", stopped by locked doors"}${rule.inflicts ? `, its hit gives ${rule.inflicts}` : ""}.`
      : "Click a free floor square."));
}

// ---------------------------------------------------------------- grid

const cellClass = (ch: string): string => (CELL_CHARS[ch] ?? "unknown").replace(/ /g, "-");
// Plain symbols a stock font (DejaVu) has, not emoji, so the board reads the same on every desktop.
const ICONS: Record<string, string> = { "#": "", L: "⊠", U: "▯", "^": "⚠", f: "♨", s: "◒", c: "▦", b: "◎", h: "▣", t: "⚰", x: "♻" };
const cellIcon = (ch: string): string => ICONS[ch] ?? "";

function gridView(ctx: ScreenCtx, v: ItddView, u: UiState, me: CharacterView | null): HTMLElement {
  const draft = u.tool === "card" ? u.draft : null;
  const b = viewport(v, draft);
  const cols = b.maxX - b.minX + 1;
  const rows = b.maxY - b.minY + 1;
  const pathKeys = new Set(u.path.map(key));
  const cells: HTMLElement[] = [];
  for (let y = b.minY; y <= b.maxY; y++) {
    for (let x = b.minX; x <= b.maxX; x++) {
      const at: Pos = [x, y];
      const sqv = v.squares.get(key(at));
      const dch = draft ? draftCell(draft, at) : null;
      const ch = dch ?? sqv?.char ?? null;
      const fig = sqv ? figureAt(v, at) : null;
      const classes = ["sq", ch === null ? "empty" : `cell-${cellClass(ch)}`];
      if (dch !== null) classes.push("draft");
      if (pathKeys.has(key(at))) classes.push("path");
      if (draft && draftContains(draft, at) && sqv) classes.push("clash");
      const dropped = v.dropped.filter((d) => d.pos[0] === x && d.pos[1] === y);
      cells.push(h("div", {
        class: classes.join(" "),
        style: `grid-column:${x - b.minX + 1};grid-row:${y - b.minY + 1}`,
        "data-x": x,
        "data-y": y,
        title: `(${x}, ${y})${ch !== null ? ` ${CELL_CHARS[ch] ?? ch}` : ""}${sqv ? ` — ${sqv.card}` : ""}`,
        onclick: () => clickSquare(ctx, v, u, me, at),
      },
      ch !== null ? h("span", { class: "icon" }, cellIcon(ch)) : null,
      dropped.length ? h("span", { class: "dropped", title: dropped.map((d) => itemName(d.item)).join(", ") }, "✦") : null,
      fig ? token(fig, u) : null));
    }
  }
  const outlines = v.cards.map((c) => h("div", {
    class: `card-outline ${c.kind}${c.revealedByMap && !c.entered ? " by-map" : ""}`,
    style: `grid-column:${c.origin[0] - b.minX + 1} / span ${c.width};grid-row:${c.origin[1] - b.minY + 1} / span ${c.height}`,
  }, h("span", { class: "card-label" }, `${c.id}${c.revealedByMap && !c.entered ? " (map)" : ""}`)));
  if (draft && draft.origin) {
    outlines.push(h("div", { class: "card-outline draft-outline", style: `grid-column:${draft.origin[0] - b.minX + 1} / span ${draft.width};grid-row:${draft.origin[1] - b.minY + 1} / span ${draft.height}` }, h("span", { class: "card-label" }, "new card")));
  }
  const grid = h("div", { class: `itdd-grid tool-${u.tool}`, id: "itdd-grid", style: `grid-template-columns:repeat(${cols}, var(--sq));grid-template-rows:repeat(${rows}, var(--sq))` }, ...cells, ...outlines);
  return h("div", { class: "itdd-grid-wrap panel" }, v.cards.length === 0 && !draft ? h("p", { class: "muted" }, "No cards yet: choose “Lay card”, click where the Gate goes, paint its walls and cubes, and lay it.") : null, grid);
}

function token(fig: NonNullable<ReturnType<typeof figureAt>>, u: UiState): HTMLElement {
  if (fig.kind === "character") {
    const c = fig.c;
    return h("span", { class: `token hero${c.id === u.selected ? " selected" : ""}${c.current ? " current" : ""}`, title: `${c.name}: ${c.attrs.life}/${c.max.life} Life`, "data-character": c.id },
      initials(c.name), h("span", { class: "life" }, c.attrs.life));
  }
  const e = fig.e;
  return h("span", { class: `token enemy ${e.kind}${e.id === u.target ? " selected" : ""}`, title: `${e.name} (${e.kind}): attack ${e.attrs.attack}, move ${e.attrs.move}, life ${e.attrs.life}`, "data-enemy": e.id },
    initials(e.name || e.kind), h("span", { class: "life" }, e.attrs.life));
}

const initials = (name: string): string => name.split(/[\s_-]+/).filter(Boolean).map((w) => w[0].toUpperCase()).join("").slice(0, 2) || "?";

function clickSquare(ctx: ScreenCtx, v: ItddView, u: UiState, me: CharacterView | null, at: Pos): void {
  const fig = figureAt(v, at);
  switch (u.tool) {
    case "card": {
      const d = u.draft;
      if (!d) return;
      u.draft = d.origin && draftContains(d, at) ? paintDraft(d, at, u.brush) : { ...d, origin: at };
      return rerender(ctx);
    }
    case "cube": {
      const brush = BRUSHES.find((b) => b.char === u.brush);
      const cmd = brush ? cubeCommand(brush, at) : null;
      if (!cmd) return say(ctx, "Choose a cube or door to put down (walls are part of the card: lay them with the card).");
      return ctx.send(cmd);
    }
    case "enemy": {
      const e = u.enemy;
      const attrs = attrsOf({ attack: e.attack, move: e.move, torch: e.torch, life: e.life });
      if ("error" in attrs) return say(ctx, String(attrs.error));
      const id = nextId([...v.enemies.map((x) => x.id), ...v.characters.map((x) => x.id)], e.kind === "boss" ? "boss" : e.kind[0]);
      return ctx.send({ type: "place_enemy", id, kind: e.kind, name: e.name.trim(), at: [...at], attrs });
    }
    case "move": {
      if (!me || !me.pos) return say(ctx, "Select a character in the dungeon first.");
      const p = extendPath(me.pos, u.path, at);
      if ("error" in p) return say(ctx, p.error);
      u.path = p;
      return rerender(ctx);
    }
    default:
      if (fig?.kind === "character") u.selected = fig.c.id;
      else if (fig?.kind === "enemy") u.target = fig.e.id;
      else if (me && !me.inDungeon && me.alive && freeGateSquares(v).some((p) => p[0] === at[0] && p[1] === at[1])) {
        return ctx.send({ type: "enter_dungeon", character: me.id, at: [...at] });
      }
      return rerender(ctx);
  }
}

function legend(): HTMLElement {
  return h("p", { class: "itdd-legend muted" },
    ...BRUSHES.filter((b) => b.char !== ".").map((b) => h("span", { class: `lg cell-${cellClass(b.char)}` }, cellIcon(b.char) || " ", " ", b.label)),
    h("span", { class: "lg" }, h("span", { class: "token hero mini" }, "A"), " character"),
    h("span", { class: "lg" }, h("span", { class: "token enemy goblin mini" }, "G"), " enemy"),
    h("span", { class: "lg" }, "✦ dropped item"));
}

// ---------------------------------------------------------------- dice

/** The dice of one opposed roll from the chosen source; null (with a note) when none can be had. */
async function getPair(ctx: ScreenCtx, u: UiState): Promise<{ pair: DicePair; reading: Die[] | null } | null> {
  if (u.dice === "virtual") return { pair: virtualPair(), reading: null };
  if (u.dice === "manual") {
    const p = manualPair(u.manual[0], u.manual[1]);
    if ("error" in p) { say(ctx, p.error); return null; }
    return { pair: p, reading: null };
  }
  const dice = ctx.tableDice();
  if (dice.length === 0) { say(ctx, "No dice at rest on the table: roll them (or switch to rolled by the app / typed)."); return null; }
  if (readingKey(dice) === u.usedReading) { say(ctx, "These dice were already used: roll them again."); return null; }
  try {
    const [ours, theirs] = await ctx.pairDice(dice, pairingOf(u.pairing));
    u.usedReading = readingKey(dice);
    return { pair: { character: ours, enemy: theirs, source: "camera" }, reading: dice };
  } catch (e) {
    say(ctx, `The camera's dice: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** One die (loot, trap) from the chosen source. */
function getDie(ctx: ScreenCtx, u: UiState): { roll: number; source: DiceSource; reading: Die[] | null } | null {
  if (u.dice === "virtual") return { roll: rollD6(), source: "virtual", reading: null };
  if (u.dice === "manual") {
    const r = u.manual[0];
    if (!Number.isInteger(r) || r < 1 || r > 6) { say(ctx, "Type the die (1–6) in “your die”."); return null; }
    return { roll: r, source: "manual", reading: null };
  }
  const dice = ctx.tableDice();
  if (dice.length && readingKey(dice) === u.usedReading) { say(ctx, "This die was already used: roll it again."); return null; }
  const r = singleDie(dice, u.pairing);
  if (typeof r !== "number") { say(ctx, r.error); return null; }
  u.usedReading = readingKey(dice);
  return { roll: r, source: "camera", reading: dice };
}

function sendWith(ctx: ScreenCtx, cmd: Cmd, reading: unknown | null): void {
  if (reading) ctx.sendCamera(cmd, reading);
  else ctx.send(cmd);
}

function diceSettings(ctx: ScreenCtx, u: UiState): HTMLElement {
  const src = (s: DiceSource, label: string) => h("button", { class: u.dice === s ? "on" : null, "aria-pressed": String(u.dice === s), "data-dice": s, onclick: () => { u.dice = s; rerender(ctx); } }, label);
  const p = u.pairing;
  const setP = (patch: Partial<PairingChoice>) => { u.pairing = { ...p, ...patch }; rerender(ctx); };
  const colours = DIE_COLOURS.map((c): [string, string] => [c, c]);
  return h("div", { class: "panel itdd-dice", id: "itdd-dice" },
    h("h4", {}, "Dice"),
    h("div", { class: "row" }, src("camera", "From the table"), src("virtual", "Rolled by the app"), src("manual", "Typed")),
    u.dice === "camera"
      ? h("div", { class: "row" },
          select([["colour", "by colour"], ["position", "by position"]], p.by, (b) => setP({ by: b as "colour" | "position" }), { "aria-label": "Tell the dice apart" }),
          p.by === "colour"
            ? h("span", {}, "mine ", select(colours, p.ours, (c) => setP({ ours: c }), { "aria-label": "My die's colour" }), " enemy's ", select(colours, p.theirs, (c) => setP({ theirs: c }), { "aria-label": "Enemy die's colour" }))
            : h("span", {}, "mine is rolled on the ", select([["left", "left"], ["right", "right"], ["top", "top"], ["bottom", "bottom"]], p.side, (s) => setP({ side: s as PairingChoice["side"] }))))
      : null,
    u.dice === "manual"
      ? h("div", { class: "row" },
          h("label", {}, "your die ", numInput(u.manual[0], (n) => { u.manual = [n, u.manual[1]]; }, { min: 1, max: 6, id: "itdd-die-ours" })),
          h("label", {}, "enemy's die ", numInput(u.manual[1], (n) => { u.manual = [u.manual[0], n]; }, { min: 1, max: 6, id: "itdd-die-theirs" })))
      : null,
    h("p", { class: "muted" }, u.dice === "camera" ? "Roll, let the dice settle, then press the action." : u.dice === "virtual" ? "The app rolls fair dice and logs them." : "Loot and trap rolls use “your die”."));
}

// ---------------------------------------------------------------- dungeon turn

function dungeonTurnPanel(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const g = u.gathered ?? fresh(null, ctx.view.last_seq);
  const last = lastActiveEntry(ctx.view.log);
  const rolls = last?.command?.type === "dungeon_turn" ? lastTurnRolls(last.events) : [];
  const run = async () => {
    let gg = g;
    if (wantsPair(gg) && u.dice !== "virtual") {
      const got = await getPair(ctx, u);
      if (!got) return;
      gg = addPair(gg, got.pair, got.reading ?? undefined);
    }
    u.gathered = markTried(gg);
    const t = turnToSend(gg, u.dice === "virtual");
    sendWith(ctx, t.command, t.reading);
  };
  return h("div", { class: "panel itdd-turn", id: "itdd-turn" },
    h("h4", {}, "Dungeon turn"),
    h("button", { class: "primary big", id: "itdd-dungeon-turn", disabled: v.enemies.length === 0 && v.characters.every((c) => !c.inDungeon), onclick: () => void run() }, "▶ Run the dungeon turn"),
    g.tried && u.dice !== "virtual"
      ? h("p", { class: "ask", id: "itdd-turn-ask" }, `Attack ${g.pairs.length + 1} needs dice (the message above names it): ${u.dice === "camera" ? "roll your die and the enemy's" : "type your die and the enemy's"}, then press again.`)
      : h("p", { class: "muted" }, u.dice === "virtual"
          ? "Every enemy moves and attacks; the app rolls each attack's dice."
          : "Every enemy moves and attacks. If one attacks, the app asks for that attack's dice; roll them and press again."),
    g.pairs.length
      ? h("div", { class: "row", id: "itdd-gathered" }, h("span", {}, "Dice so far: "),
          ...g.pairs.map((p, i) => h("span", { class: "chip" }, `${i + 1}: ${p.character} vs ${p.enemy}${p.source === "camera" ? " 📷" : ""} `,
            h("button", { class: "x", title: "Remove this pair", onclick: () => { u.gathered = removePair(g, i); rerender(ctx); } }, "×"))))
      : null,
    rolls.length ? h("div", { class: "muted", id: "itdd-last-rolls" }, "Last turn's attacks: ", ...rolls.map((r) => h("div", {}, r))) : null);
}

// ---------------------------------------------------------------- correction

function correctionPanel(ctx: ScreenCtx): HTMLElement | null {
  const last = lastActiveEntry(ctx.view.log);
  const d = last ? diceOf(last.command) : null;
  if (!last || !last.command || !d) return null;
  const pairs = d.pairs.map((p) => ({ ...p }));
  let roll = d.roll;
  const inputs = pairs.length
    ? pairs.map((p, i) => h("span", { class: "pair" }, `${i + 1}: `,
        numInput(p.character, (n) => { p.character = n; }, { min: 1, max: 6, "data-correct-pair": i, "data-side": "character" }), " vs ",
        numInput(p.enemy, (n) => { p.enemy = n; }, { min: 1, max: 6, "data-correct-pair": i, "data-side": "enemy" })))
    : [numInput(roll ?? 1, (n) => { roll = n; }, { min: 1, max: 6, "data-correct-roll": "1" })];
  const cmd = last.command;
  return h("div", { class: "panel itdd-correct", id: "itdd-correct" },
    h("h4", {}, "Correct the last roll"),
    h("p", {}, describeCommand(cmd), last.source === "correction" ? h("span", { class: "muted" }, " (already corrected)") : null),
    h("div", { class: "row" }, ...inputs, btn("Correct", () => {
      const bad = pairs.some((p) => "error" in manualPair(p.character, p.enemy)) || (roll !== null && (roll < 1 || roll > 6 || !Number.isInteger(roll)));
      if (bad) return say(ctx, "Each die is a whole number from 1 to 6.");
      ctx.correct(withDice(cmd, pairs, roll));
    }, { id: "itdd-correct-btn" })));
}

// ---------------------------------------------------------------- characters

function enemiesRow(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement | null {
  if (!v.enemies.length) return null;
  return h("div", { class: "row", id: "itdd-enemies" }, h("span", { class: "muted" }, "Enemies: "),
    ...v.enemies.map((e) => h("button", {
      class: `enemy-chip ${e.kind}${e.id === u.target ? " on" : ""}`,
      "data-target": e.id,
      title: `${e.kind}${e.engaged ? ", has seen a character" : ""}; attack ${e.attrs.attack}, move ${e.attrs.move}, torch ${e.attrs.torch}`,
      onclick: () => { u.target = e.id; rerender(ctx); },
    }, `${e.name}${e.name !== e.id ? ` (${e.id})` : ""} ♥${e.attrs.life} ⚔${e.attrs.attack} ➜${e.attrs.move}`)));
}

function charactersPanel(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  return h("div", { class: "panel itdd-characters", id: "itdd-characters" },
    h("h4", {}, "Characters"),
    v.characters.length === 0 ? h("p", { class: "muted" }, "No character yet.") : null,
    h("div", { class: "row" }, ...v.characters.map((c) => h("button", {
      class: `${c.id === u.selected ? "on" : ""}${c.alive ? "" : " dead"}`.trim() || null,
      "data-select": c.id,
      onclick: () => { u.selected = c.id; u.path = []; rerender(ctx); },
    }, `${c.name} ${c.alive ? `♥${c.attrs.life}` : "✝"}${c.inDungeon ? "" : c.alive ? " (town)" : ""}`)),
      btn(u.showNewCharacter ? "Close" : "+ New character", () => { u.showNewCharacter = !u.showNewCharacter; rerender(ctx); }, { id: "itdd-new-character-toggle" })),
    u.showNewCharacter ? newCharacterForm(ctx, v, u) : null,
    enemiesRow(ctx, v, u));
}

function newCharacterForm(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const player = h("input", { type: "text", id: "itdd-nc-player", placeholder: "player", size: 10 });
  const name = h("input", { type: "text", id: "itdd-nc-name", placeholder: "character name", size: 14 });
  const type = select([["strength", "Strength"], ["magic", "Magic"], ["precision", "Precision"]], "strength", () => {}, { id: "itdd-nc-type" });
  const a = { attack: 1, move: 3, torch: 3, life: 5 };
  const attrInputs = (Object.keys(a) as (keyof typeof a)[]).map((k) => h("label", {}, `${k[0].toUpperCase()}${k.slice(1)} `, numInput(a[k], (n) => { a[k] = n; }, { "data-nc-attr": k })));
  const starting = ["tools", "master_key", "torch"].map((k) => ({ k, box: h("input", { type: "checkbox", "data-nc-item": k }) }));
  return h("div", { class: "itdd-form", id: "itdd-new-character" },
    h("div", { class: "row" }, player, name, type),
    h("div", { class: "row" }, ...attrInputs),
    h("div", { class: "row" }, h("span", { class: "muted" }, "Starting items (up to 3): "), ...starting.map((s) => h("label", { class: "check" }, s.box, ` ${words(s.k)}`))),
    btn("Create", () => {
      const p = player.value.trim();
      if (!p) return say(ctx, "Who plays this character? Fill in the player.");
      const attrs = attrsOf(a);
      if ("error" in attrs) return say(ctx, String(attrs.error));
      const id = uniqueId(v.characters.map((c) => c.id), (name.value.trim() || p).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "hero");
      u.showNewCharacter = false;
      u.selected = id;
      ctx.send({ type: "new_character", id, player: p, name: name.value.trim(), character_type: type.value, attrs, items: starting.filter((s) => s.box.checked).map((s) => ({ item: s.k })) });
    }, { class: "primary", id: "itdd-nc-create" }),
    h("p", { class: "muted" }, "A player whose character died makes a new one with the same player name: the stash is kept."));
}

function characterPanel(ctx: ScreenCtx, v: ItddView, u: UiState, c: CharacterView): HTMLElement {
  const stat = (label: string, cur: number, max: number) => h("span", { class: "stat" }, h("span", { class: "muted" }, label), ` ${cur}`, h("span", { class: "muted" }, `/${max}`));
  const aff = c.afflictions.map((a) => h("span", { class: `chip aff ${a.kind}` }, `${words(a.kind)} ${a.pending ? "(from next turn)" : ""} ${a.turnsLeft} turn(s)`));
  return h("div", { class: "panel itdd-character", id: "itdd-character" },
    h("h3", {}, c.name, h("span", { class: "muted" }, ` — ${c.type}, ${c.player}${c.alive ? "" : ", defeated"}${c.current ? ", their turn" : ""}`)),
    h("div", { class: "row stats" }, stat("Attack", c.attrs.attack, c.max.attack), stat("Move", c.attrs.move, c.max.move), stat("Torch", c.attrs.torch, c.max.torch), stat("Life", c.attrs.life, c.max.life),
      h("span", { class: "stat" }, h("span", { class: "muted" }, "Coins"), ` ${c.coins}`)),
    aff.length ? h("div", { class: "row" }, ...aff) : null,
    c.quest ? h("p", { class: "quest", id: "itdd-quest-progress" }, h("strong", {}, `Quest ${words(c.quest)}: `), questProgressText(c.quest, c.questProgress) ?? "in progress",
      c.questTally.length ? h("span", { class: "muted" }, ` (${c.questTally.join(", ")})`) : null) : null,
    h("p", { class: "muted" }, `Titles: ${c.titles.length ? c.titles.map(words).join(", ") : "none"}${c.activePath ? ` · Path: ${c.activePath} (${c.pathCharge}/${c.paths.find((p) => p.name === c.activePath)?.charges ?? "?"})` : ""}`),
    inventory(ctx, v, c),
    c.alive ? (c.inDungeon ? dungeonActions(ctx, v, u, c) : townActions(ctx, v, c)) : h("p", { class: "muted" }, "Defeated. The player may make a new character; the stash is kept."));
}

function inventory(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement {
  const inTown = c.alive && !c.inDungeon;
  return h("div", { class: "itdd-inventory" },
    h("h4", {}, `Items ${c.inventory.length}/${c.capacity}`),
    c.equipped ? h("p", {}, "Equipped: ", itemName(c.equipped.weapon), c.equipped.runes.length ? ` + ${c.equipped.runes.map(itemName).join(", ")}` : "", " ", btn("Unequip", () => ctx.send({ type: "unequip", character: c.id }))) : null,
    c.inventory.length === 0 ? h("p", { class: "muted" }, "Nothing carried.") : null,
    h("ul", { class: "items" }, ...c.inventory.map((it, i) => {
      const kind = String(it.item);
      const sell = MERCHANT.find((m) => m.item === kind);
      return h("li", {}, `${i + 1}. ${itemName(it)} `,
        ["potion", "torch"].includes(kind) ? btn("Use", () => ctx.send({ type: "use_item", character: c.id, index: i })) : null,
        ["weapon", "rune"].includes(kind) ? btn("Equip", () => ctx.send({ type: "equip", character: c.id, index: i })) : null,
        c.inDungeon ? btn("Drop", () => ctx.send({ type: "drop", character: c.id, index: i })) : null,
        inTown && sell ? btn(`Sell (${sell.sell})`, () => ctx.send({ type: "sell", character: c.id, index: i })) : null,
        giveButtons(ctx, v, c, i));
    })));
}

function giveButtons(ctx: ScreenCtx, v: ItddView, c: CharacterView, index: number): HTMLElement | null {
  const to = c.inDungeon ? reachOf(v, c).friends : v.characters.filter((o) => o.id !== c.id && o.alive && !o.inDungeon && !c.inDungeon);
  if (!to.length) return null;
  return h("span", {}, ...to.map((o) => btn(`Give to ${o.name}`, () => ctx.send({ type: "give", from: c.id, to: o.id, index }))));
}

function dungeonActions(ctx: ScreenCtx, v: ItddView, u: UiState, c: CharacterView): HTMLElement {
  const r = reachOf(v, c);
  const target = r.enemies.find((e) => e.id === u.target) ?? r.enemies[0] ?? null;
  const giant = h("input", { type: "checkbox", id: "itdd-giant" });
  const fight = async (kind: "attack" | "flee") => {
    if (!target) return say(ctx, "No enemy next to this character.");
    const got = await getPair(ctx, u);
    if (!got) return;
    const cmd = kind === "attack" ? attackCommand(c.id, target.id, got.pair, giant.checked) : fleeCommand(c.id, target.id, got.pair);
    sendWith(ctx, cmd, got.reading);
  };
  const moveBtn = (run: boolean) => btn(run ? "Run (+2, needs a Torch)" : `Move ${u.path.length} of ${c.attrs.move}`, () => {
    if (!u.path.length) return say(ctx, "Draw the path first: choose “Move path” and click the squares.");
    const cmd = { type: "move", character: c.id, path: u.path.map((p) => [...p]), run };
    u.path = [];
    ctx.send(cmd);
  }, { disabled: u.path.length === 0, id: run ? "itdd-run" : "itdd-move" });
  return h("div", { class: "itdd-actions", id: "itdd-actions" },
    h("div", { class: "row" },
      btn(c.current ? "Turn started ✓" : "Start turn", () => ctx.send({ type: "start_turn", character: c.id }), { class: c.current ? null : "primary", id: "itdd-start-turn" }),
      btn("Path…", () => { u.tool = "move"; rerender(ctx); }, { class: u.tool === "move" ? "on" : null }),
      moveBtn(false), moveBtn(true),
      u.path.length ? btn("Clear path", () => { u.path = []; rerender(ctx); }) : null),
    r.enemies.length
      ? h("div", { class: "row" },
          h("span", {}, "Enemy: "),
          ...r.enemies.map((e) => h("button", { class: e.id === target?.id ? "on" : null, onclick: () => { u.target = e.id; rerender(ctx); } }, `${e.name} ♥${e.attrs.life} ⚔${e.attrs.attack}`)),
          btn("Attack", () => void fight("attack"), { class: "primary", id: "itdd-attack" }),
          btn("Flee", () => void fight("flee"), { id: "itdd-flee" }),
          h("label", { class: "check", title: "Spend a Giant Strength charge (+2)" }, giant, " Giant Strength"))
      : h("p", { class: "muted" }, "No enemy adjacent."),
    c.onTrap
      ? h("div", { class: "row trap" }, h("span", {}, "On a trap: "),
          btn("Disarm (Tools)", () => ctx.send({ type: "disarm_trap", character: c.id })),
          btn("Roll the trap", () => { const d = getDie(ctx, u); if (d) sendWith(ctx, trapCommand(c.id, d.roll, d.source), d.reading); }, { id: "itdd-trap" }),
          h("span", { class: "muted" }, TRAPS.map((t) => `${t.roll}: ${t.text.split(":")[0].replace(/\.$/, "")}`).join(" · ")))
      : null,
    r.containers.length ? lootForm(ctx, u, c, r.containers) : null,
    r.lockedDoors.length
      ? h("div", { class: "row" }, ...r.lockedDoors.flatMap((at) => [
          btn(`Unlock (${at[0]}, ${at[1]}) with master key`, () => ctx.send({ type: "unlock", character: c.id, at: [...at], with: "master_key" })),
          btn("with tools", () => ctx.send({ type: "unlock", character: c.id, at: [...at], with: "tools" }))]))
      : null,
    r.campfires.length ? h("div", { class: "row" }, ...r.campfires.map((at) => btn(`Rest at the campfire (${at[0]}, ${at[1]})`, () => ctx.send({ type: "short_rest", character: c.id, campfire: [...at] })))) : null,
    r.dropped.length ? h("div", { class: "row" }, ...r.dropped.map((d) => btn(`Pick up ${itemName(d.item)}`, () => ctx.send({ type: "pick_up", character: c.id, index: d.index })))) : null,
    h("div", { class: "row" },
      btn("Use the path's power", () => ctx.send({ type: "use_power", character: c.id }), { disabled: !c.activePath }),
      btn("Leave the dungeon", () => ctx.send({ type: "exit_dungeon", character: c.id }), { id: "itdd-exit" })));
}

function lootForm(ctx: ScreenCtx, u: UiState, c: CharacterView, containers: { at: Pos; kind: string }[]): HTMLElement {
  const pending = u.pendingLoot && u.pendingLoot.character === c.id && containers.some((k) => key(k.at) === key(u.pendingLoot!.at)) ? u.pendingLoot : null;
  let chosen = pending ? containers.find((k) => key(k.at) === key(pending.at))! : containers[0];
  const pick = select(containers.map((k): [string, string] => [key(k.at), `${k.kind} at (${k.at[0]}, ${k.at[1]})`]), key(chosen.at), (k) => { chosen = containers.find((x) => key(x.at) === k) ?? chosen; }, { "aria-label": "Container", id: "itdd-loot-container" });
  const withKey = select([["", "—"], ["master_key", "master key"], ["tools", "tools"]], "", () => {}, { "aria-label": "Open the chest with" });
  const info = (k: string) => {
    const t = CONTAINERS.find((x) => x.kind === k);
    if (!t) return "";
    return t.needsKey ? "needs a master key or tools" : t.threshold === null ? "roll for coins" : `die + Torch ${c.attrs.torch} ≥ ${t.threshold}: ${t.items} item card(s)`;
  };
  const loot = () => {
    const rule = CONTAINERS.find((x) => x.kind === chosen.kind);
    if (!rule) return say(ctx, `No loot rule for the ${chosen.kind}.`);
    const w = (withKey.value || null) as "master_key" | "tools" | null;
    if (rule.needsKey && !w) return say(ctx, `The ${chosen.kind} is locked: choose the master key or tools to open it.`);
    const same = pending && key(pending.at) === key(chosen.at) ? pending : null;
    const d = rule.needsKey ? null : same ?? getDie(ctx, u);
    if (!rule.needsKey && !d) return;
    const out = lootOutcome(rule, c.attrs.torch, d ? d.roll : null);
    if (u.lootItems.length < out.cards) {
      u.pendingLoot = d ? { character: c.id, at: chosen.at, roll: d.roll, source: d.source, reading: d.reading } : null;
      return say(ctx, `${d ? `Rolled ${d.roll}${out.score !== null && out.score !== d.roll ? ` + Torch = ${out.score}` : ""}: success. ` : ""}Draw ${out.cards} item card(s), add ${out.cards > 1 ? "them" : "it"} below, then press Loot again.`);
    }
    if (u.lootItems.length > out.cards) {
      if (out.cards === 0) u.lootItems = [];
      else return say(ctx, `The ${chosen.kind} gives ${out.cards} item card(s): remove the extra ones.`);
    }
    const cmd = lootCommand(c.id, chosen.at, d ? d.roll : null, d ? d.source : "manual", w, u.lootItems);
    u.lootItems = [];
    u.pendingLoot = null;
    sendWith(ctx, cmd, d?.reading ?? null);
  };
  return h("div", { class: "itdd-loot", id: "itdd-loot" },
    h("div", { class: "row" }, h("span", {}, "Loot: "), pick, h("label", {}, "chest with ", withKey),
      btn(pending ? `Loot (rolled ${pending.roll})` : "Loot (roll)", loot, { class: "primary", id: "itdd-loot-btn" })),
    pending ? h("p", { class: "ask" }, `Rolled ${pending.roll}: a success. Add the item card(s) drawn, then press Loot again.`) : null,
    h("p", { class: "muted" }, containers.map((k) => `${k.kind}: ${info(k.kind)}`).join(" · ")),
    h("div", { class: "row" }, h("span", { class: "muted" }, "Item cards drawn: "),
      ...u.lootItems.map((it, i) => h("span", { class: "chip" }, itemName(it), " ", h("button", { class: "x", onclick: () => { u.lootItems = u.lootItems.filter((_, k) => k !== i); rerender(ctx); } }, "×"))),
      itemPicker((it) => { u.lootItems = [...u.lootItems, it]; rerender(ctx); }, "Add card", (m) => say(ctx, m))));
}

/** A small form for one item card; `add` gets the engine's item JSON. */
function itemPicker(add: (item: Cmd) => void, label: string, fail: (msg: string) => void): HTMLElement {
  const f: ItemForm = { kind: "potion", potion: "health", attribute: "attack", bonus: 1, great: false, name: "", charges: 2, amount: 1 };
  const extra = h("span", {});
  const kind = select(ITEM_KINDS.map((k): [string, string] => [k, words(k)]), f.kind, (k) => { f.kind = k; drawExtra(); }, { "aria-label": "Item kind" });
  const drawExtra = () => {
    const parts: HTMLElement[] = [];
    if (f.kind === "potion") parts.push(select(POTIONS.map((p): [string, string] => [p, p]), f.potion ?? "health", (p) => { f.potion = p; }, { "aria-label": "Potion" }));
    if (f.kind === "rune" || f.kind === "weapon") {
      parts.push(select(ATTRIBUTES.map((a): [string, string] => [a, a]), f.attribute ?? "attack", (a) => { f.attribute = a; }, { "aria-label": "Attribute" }));
      parts.push(h("label", {}, "+", numInput(f.bonus ?? 1, (n) => { f.bonus = n; }, { min: 1, max: 9 })));
    }
    if (f.kind === "rune") parts.push(h("label", { class: "check" }, h("input", { type: "checkbox", onchange: (e: Event) => { f.great = (e.target as HTMLInputElement).checked; } }), " great"));
    if (f.kind === "weapon" || f.kind === "other") parts.push(h("input", { type: "text", placeholder: "name", size: 10, oninput: (e: Event) => { f.name = (e.target as HTMLInputElement).value; } }));
    if (f.kind === "master_key") parts.push(h("label", {}, "charges ", numInput(f.charges ?? 2, (n) => { f.charges = n; }, { min: 0, max: 9 })));
    if (f.kind === "coins") parts.push(h("label", {}, "coins ", numInput(f.amount ?? 1, (n) => { f.amount = n; }, { min: 1 })));
    fill(extra, ...parts);
  };
  drawExtra();
  return h("span", { class: "item-picker" }, kind, extra, btn(label, () => {
    const it = itemOf(f);
    if ("error" in it) return fail(String(it.error));
    add(it);
  }));
}

// ---------------------------------------------------------------- town

function townActions(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement {
  const stash = v.stashes.find((s) => s.player === c.player) ?? { player: c.player, coins: 0, books: [] };
  const trader = stash.books.includes("trader");
  const gates = freeGateSquares(v);
  const open = QUESTS.filter((q) => !c.completed.includes(q.id));
  let quest = open[0]?.id ?? "";
  const nextTitle = TITLES[c.titles.length];
  const books = BOOKS.filter((b) => b.types.includes(c.type) && !stash.books.includes(b.id));
  let book = books[0]?.id ?? "";
  const pathName = h("input", { type: "text", placeholder: "path name", size: 12 });
  let prereq = "attack";
  const questDiff = QUESTS.find((q) => q.id === c.quest)?.difficulty ?? null;
  let rewardItem: Cmd | null = null;
  let rewardBook = BOOKS.find((b) => !stash.books.includes(b.id))?.id ?? "";
  const defeats: Record<string, number> = {};
  return h("div", { class: "itdd-town", id: "itdd-town" },
    h("h4", {}, "Crossroads Town"),
    h("div", { class: "row" },
      gates.length
        ? h("span", { class: "muted" }, "Enter the dungeon: click a free Gate square on the grid, or ", btn(`enter at (${gates[0][0]}, ${gates[0][1]})`, () => ctx.send({ type: "enter_dungeon", character: c.id, at: [...gates[0]] }), { id: "itdd-enter" }))
        : h("span", { class: "muted" }, v.cards.length ? "No free Gate square." : "Lay the Gate card to enter."),
      !anyoneInside(v) && v.cards.length ? btn("New dungeon (clear the table)", () => ctx.send({ type: "new_dungeon" }), { id: "itdd-new-dungeon" }) : null),
    h("div", { class: "row" }, h("strong", {}, "Questmaster "),
      c.quest
        ? h("span", {}, `On ${words(c.quest)} (${questDiff ?? "?"})${QUEST_GOALS[c.quest] && c.questProgress < QUEST_GOALS[c.quest].target ? `, ${c.questProgress} of ${QUEST_GOALS[c.quest].target} counted by the app — deliver when the table says it is done` : ""}. `,
            questDiff === "medium" ? itemPicker((it) => { rewardItem = it; say(ctx, `Reward item chosen: ${itemName(it)} — now press Complete.`); }, "Reward item", (m) => say(ctx, m)) : null,
            questDiff === "hard" ? select(BOOKS.filter((b) => !stash.books.includes(b.id)).map((b): [string, string] => [b.id, b.name]), rewardBook, (b) => { rewardBook = b; }, { "aria-label": "Reward book" }) : null,
            btn("Complete", () => {
              const cmd: Cmd = { type: "complete_quest", character: c.id };
              if (questDiff === "medium" && rewardItem) cmd.item = rewardItem;
              if (questDiff === "hard" && rewardBook) cmd.book = rewardBook;
              ctx.send(cmd);
            }, { id: "itdd-complete-quest" }))
        : v.mode === "arena"
          ? h("span", { class: "muted" }, "No quests in the arena.")
          : h("span", {}, select(open.map((q): [string, string] => [q.id, `${words(q.id)} (${q.difficulty})`]), quest, (q) => { quest = q; }, { id: "itdd-quest", "aria-label": "Quest" }),
              btn("Accept", () => ctx.send({ type: "accept_quest", character: c.id, quest }), { id: "itdd-accept-quest" }),
              nextTitle ? h("span", { class: "muted" }, ` next title: ${nextTitle.title}, earned by ${/^[aeiou]/.test(nextTitle.needs) ? "an" : "a"} ${nextTitle.needs} quest`) : null)),
    h("div", { class: "row" }, h("strong", {}, "Merchant "),
      itemPicker((it) => ctx.send({ type: "buy", character: c.id, item: it }), "Buy", (m) => say(ctx, m)),
      h("span", { class: "muted" }, MERCHANT.map((m) => `${words(m.item)} ${Math.max(0, m.buy - (trader ? TRADER_ADJUSTMENT : 0))}`).join(" · "))),
    h("div", { class: "row" }, h("strong", {}, "Mystic "),
      books.length && stash.books.length < MAX_BOOKS
        ? h("span", {}, select(books.map((b): [string, string] => [b.id, `${b.name} (tier ${b.tier}, ${b.price})`]), book, (b) => { book = b; }, { "aria-label": "Book", id: "itdd-book" }),
            btn("Buy book", () => ctx.send({ type: "buy_book", character: c.id, book }), { id: "itdd-buy-book" }))
        : h("span", { class: "muted" }, stash.books.length >= MAX_BOOKS ? `The stash holds ${MAX_BOOKS} books already.` : "No book left for this type.")),
    h("div", { class: "row" }, h("strong", {}, "Innkeeper "),
      btn(`Recover (${INN_PRICES.recover})`, () => ctx.send({ type: "inn_recover", character: c.id }), { id: "itdd-inn-recover" }),
      btn(`Rumour (${INN_PRICES.rumor})`, () => ctx.send({ type: "inn_rumor", character: c.id }))),
    h("div", { class: "row" }, h("strong", {}, "The Tree "), pathName,
      select([["attack", "attack"], ["be_hit", "being hit"], ["defeat", "defeat"], ["explore", "explore"], ["torch", "torch"]], prereq, (p) => { prereq = p; }, { "aria-label": "Prerequisite" }),
      btn("Choose path", () => {
        const name = pathName.value.trim();
        if (!name) return say(ctx, "Name the path (as printed on its card).");
        ctx.send({ type: "choose_path", character: c.id, path: name, prerequisite: prereq, charges: 3 });
      }),
      ...c.paths.filter((p) => p.name !== c.activePath).map((p) => btn(`Switch to ${p.name}`, () => ctx.send({ type: "switch_path", character: c.id, path: p.name })))),
    v.mode === "arena"
      ? h("div", { class: "row" }, h("strong", {}, "Arena "),
          ...v.characters.map((o) => h("label", {}, `${o.name} defeated `, numInput(0, (n) => { defeats[o.id] = n; }))),
          btn("Arena ended", () => ctx.send({ type: "arena_ended", defeats })))
      : null);
}

function stashPanel(v: ItddView): HTMLElement | null {
  if (!v.stashes.length) return null;
  return h("div", { class: "panel itdd-stash", id: "itdd-stash" },
    h("h4", {}, "Stashes (kept across deaths)"),
    ...v.stashes.map((s) => h("p", {}, h("strong", {}, s.player), `: ${s.coins} coin(s)${s.books.length ? ` · books: ${s.books.map((b) => BOOKS.find((x) => x.id === b)?.name ?? b).join(", ")}` : ""}`)));
}

export const silverMineScreen: GameScreen = {
  game: "silver-mine",
  setupForm,
  board,
  describeCommand,
  describeEvent,
};
