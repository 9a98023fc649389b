// The dungeon drawn as a grid and edited on it: the tool bar (select, lay a
// card, cubes, enemies, a move path), the squares with their cubes and the
// figures as tokens, and what a click on a square does with each tool.
import { h } from "../../dom";
import type { ScreenCtx } from "../plugin";
import { attrsOf } from "./commands";
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
  setDraftCell,
  viewport,
  type CardDraft,
} from "./grid";
import {
  CELL_CHARS,
  figureAt,
  freeGateSquares,
  itemName,
  key,
  nextId,
  type CharacterView,
  type ItddView,
  type Pos,
} from "./model";
import { type Tool, type UiState, words, numInput, select, btn, rerender, say } from "./widgets";
import { draftFromKept, keepCard, keptCards } from "./kept-cards";

export function toolBar(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const tool = (t: Tool, label: string, title: string) =>
    h("button", { class: u.tool === t ? "on" : null, "aria-pressed": String(u.tool === t), "data-tool": t, title, onclick: () => {
      u.tool = t;
      if (t === "card" && !u.draft) u.draft = newDraft(v.cards.length ? "hall" : "gate");
      // Walls and floor belong to the card; cubes start from the trap.
      if (t === "cube" && !BRUSHES.find((b) => b.char === u.brush)?.cube) u.brush = "^";
      rerender(ctx);
    } }, label);
  const tools = h("div", { class: "row itdd-tools" },
    tool("look", "Select", "Click a character to select them, an enemy to target it"),
    tool("card", "Lay card", "Lay a Gate or Hall card: size, origin by clicking, then paint its squares"),
    tool("cube", "Cubes", "Put cubes and door tokens on squares of cards already laid"),
    tool("enemy", "Enemy", "Place an enemy from the drawn enemy card"),
    tool("move", "Move path", "Click squares one by one to draw the selected character's path"));
  let options: HTMLElement | null = null;
  if (u.tool === "card" && u.draft) options = cardOptions(ctx, v, u, u.draft);
  else if (u.tool === "cube") options = h("div", { class: "row" }, h("span", { class: "muted" }, "Click a floor square to add: "), brushRow(ctx, u, false));
  else if (u.tool === "enemy") options = enemyOptions(ctx, v, u);
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
  const maxSide = v.rules.maxCardSide;
  const limit: Record<string, number> = maxSide === null ? {} : { max: maxSide };
  return h("div", { class: "itdd-card-options" },
    h("div", { class: "row" },
      select([["gate", "Gate"], ["hall", "Hall"]], d.kind, (k) => set({ ...d, kind: k as "gate" | "hall" }), { "aria-label": "Card kind", id: "itdd-card-kind" }),
      h("label", {}, "Width ", numInput(d.width, (n) => set(resizeDraft(d, n, d.height, maxSide)), { min: 1, ...limit, id: "itdd-card-w" }, "change")),
      h("label", {}, "Height ", numInput(d.height, (n) => set(resizeDraft(d, d.width, n, maxSide)), { min: 1, ...limit, id: "itdd-card-h" }, "change")),
      btn("Turn ↻", () => set(rotateDraft(d)), { title: "Turn the card a quarter clockwise" }),
      d.origin ? btn("Move origin", () => set({ ...d, origin: null })) : null),
    h("div", { class: "row" }, h("span", { class: "muted" }, d.origin ? "Paint: " : "Click the grid for the top-left square, then paint: "), brushRow(ctx, u, true)),
    keptRow(ctx, u, d),
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

/** Lay a kept card by name, or keep this one under a name for next time. */
function keptRow(ctx: ScreenCtx, u: UiState, d: CardDraft): HTMLElement {
  const cards = keptCards(() => rerender(ctx)).filter((c) => c.kind === "gate" || c.kind === "hall");
  const name = h("input", { type: "text", id: "itdd-keep-name", placeholder: "e.g. Long Hall", spellcheck: "false" }) as HTMLInputElement;
  const use = (cardName: string) => {
    const rec = cards.find((c) => c.name === cardName);
    if (!rec) return;
    const nd = draftFromKept(rec, d.origin);
    if ("error" in nd) return say(ctx, nd.error);
    u.draft = nd;
    rerender(ctx);
  };
  return h("div", { class: "row", id: "itdd-kept-cards" },
    cards.length
      ? select([["", "Lay a kept card…"], ...cards.map((c): [string, string] => [c.name, `${c.kind === "gate" ? "Gate" : "Hall"}: ${c.name}`])], "", use, { id: "itdd-kept-pick" })
      : h("span", { class: "muted" }, "No kept cards yet. "),
    h("label", {}, "Keep as ", name),
    btn("Keep this card", () => {
      if (!name.value.trim()) return say(ctx, "Give the card a name to keep it.");
      void keepCard(name.value, d).then((err) => { say(ctx, err ?? `Kept “${name.value.trim()}” in the card library.`); });
    }, { id: "itdd-keep-card" }));
}

function enemyOptions(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const kinds = v.rules.enemyKinds;
  if (!kinds.some((k) => k.kind === u.enemy.kind)) u.enemy = { ...u.enemy, kind: kinds[0]?.kind ?? "" };
  const e = u.enemy;
  const rule = kinds.find((k) => k.kind === e.kind);
  const set = (patch: Partial<UiState["enemy"]>) => { u.enemy = { ...u.enemy, ...patch }; };
  return h("div", {},
    h("div", { class: "row" },
      select(kinds.map((k): [string, string] => [k.kind, words(k.kind)]), e.kind, (k) => { set({ kind: k }); rerender(ctx); }, { "aria-label": "Enemy kind", id: "itdd-enemy-kind" }),
      h("input", { type: "text", placeholder: "name on the card", value: e.name, size: 14, oninput: (ev: Event) => set({ name: (ev.target as HTMLInputElement).value }) }),
      ...(["attack", "move", "torch", "life"] as const).map((a) => h("label", {}, `${a[0].toUpperCase()}${a.slice(1)} `, numInput(e[a], (n) => set({ [a]: n }), { "data-enemy-attr": a })))),
    h("p", { class: "muted" }, rule
      ? `Click a free floor square. ${words(rule.kind)}: ${rule.reach === "card" ? "hunts only on its card" : rule.reach === "chase" ? "chases a character it has seen anywhere" : "hunts the whole dungeon"}${rule.crossesTraps ? ", crosses traps" : ""}${rule.opensLockedDoors ? "" : ", stopped by locked doors"}${rule.inflicts ? `, its hit gives ${rule.inflicts}` : ""}.`
      : "Click a free floor square."));
}

const cellClass = (ch: string): string => (CELL_CHARS[ch] ?? "unknown").replace(/ /g, "-");
// Plain symbols a stock font (DejaVu) has, not emoji, so the board reads the same on every desktop.
const ICONS: Record<string, string> = { "#": "", L: "⊠", U: "▯", "^": "⚠", f: "♨", s: "◒", c: "▦", b: "◎", h: "▣", t: "⚰", x: "♻" };
const cellIcon = (ch: string): string => ICONS[ch] ?? "";

export function gridView(ctx: ScreenCtx, v: ItddView, u: UiState, me: CharacterView | null): HTMLElement {
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
        onmousedown: (e: Event) => startPaint(ctx, u, at, e),
        onmouseenter: (e: Event) => dragPaint(ctx, u, at, e as MouseEvent),
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

/** Mouse down on the card being laid: paint the square (again: back to floor) and start a drag. */
function startPaint(ctx: ScreenCtx, u: UiState, at: Pos, e: Event): void {
  const d = u.draft;
  if (u.tool !== "card" || !d || !d.origin || !draftContains(d, at)) return;
  e.preventDefault();
  u.draft = paintDraft(d, at, u.brush);
  u.dragChar = draftCell(u.draft, at);
  if (!dragEndListening) {
    dragEndListening = true;
    document.addEventListener("mouseup", () => { if (dragState) dragState.dragChar = null; });
  }
  dragState = u;
  rerender(ctx);
}

/** The mouse held down moves onto another square: paint it like the first. */
function dragPaint(ctx: ScreenCtx, u: UiState, at: Pos, e: MouseEvent): void {
  const d = u.draft;
  if (u.tool !== "card" || !d || !u.dragChar || (e.buttons & 1) === 0) return;
  const next = setDraftCell(d, at, u.dragChar);
  if (next === d) return;
  u.draft = next;
  rerender(ctx);
}

let dragEndListening = false;
let dragState: UiState | null = null;

function clickSquare(ctx: ScreenCtx, v: ItddView, u: UiState, me: CharacterView | null, at: Pos): void {
  const fig = figureAt(v, at);
  switch (u.tool) {
    case "card": {
      const d = u.draft;
      // Inside the card the mouse button paints (startPaint); outside, a click places it.
      if (!d || (d.origin && draftContains(d, at))) return;
      u.draft = { ...d, origin: at };
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
      if (!e.kind) return say(ctx, "Choose the enemy's kind first.");
      const attrs = attrsOf({ attack: e.attack, move: e.move, torch: e.torch, life: e.life });
      if ("error" in attrs) return say(ctx, `${String(attrs.error)} Type them from the enemy card.`);
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

export function legend(): HTMLElement {
  return h("p", { class: "itdd-legend muted" },
    ...BRUSHES.filter((b) => b.char !== ".").map((b) => h("span", { class: `lg cell-${cellClass(b.char)}` }, cellIcon(b.char) || " ", " ", b.label)),
    h("span", { class: "lg" }, h("span", { class: "token hero mini" }, "A"), " character"),
    h("span", { class: "lg" }, h("span", { class: "token enemy goblin mini" }, "G"), " enemy"),
    h("span", { class: "lg" }, "✦ dropped item"));
}
