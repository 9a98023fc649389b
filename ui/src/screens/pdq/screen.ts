// Pocket Dungeon Quest's screen on the Game tab: the Dungeon Floor Mat as
// a grid (a click on a lit space moves there, then the tiles turned up are
// named from what is still face down), the Attack Die (a face clicked, or
// the die on the table), the last roll with its result and one-click
// corrections, the piles, the heroes, the Boss's stack, the campaign, and
// every other command the engine offers as a button or picker.
// The pure parts are model.ts and describe.ts; the panels are in panels.ts.
import { h } from "../../dom";
import type { GameScreen, ScreenCtx } from "../plugin";
import { undoEntry } from "../../undo-entry";
import { describeCommand, describeEvent, useWords } from "./describe";
import { cellView, entryArrow, heroName, mayDisarm, moveCommand, newDraft, placeWords, revealChoices, savers, spellChoices, spellCommand, spellNeeds, spellOf, spellPickable, spellReveals, tileName, whatNow, type RevealDraft, type SpellDraft } from "./model";
import { asPdqView, posWords, type Pos, type PdqView } from "./types";
import { bossPanel, campaignPanel, heroesPanel, offersPanel, pilesPanel, rollPanel, diePanel, henchmenPanel } from "./panels";
import { ensureStyles } from "./style";
import { asPdqOptions, pdqHeroLabel } from "../../setup-options";

/** What the player has half-entered; forgotten whenever the game moves on. */
export interface PdqUi {
  session: number | null;
  seq: number;
  draft: RevealDraft | null;
  /** A face-down space chosen for the Boss's search. */
  search: Pos | null;
  /** Picks of the offer pickers, by offer key then path. */
  picks: Record<string, Record<string, number>>;
  /** Henchmen chosen so far, the last on top. */
  chosen: string[];
  henchmenFace: string | null;
  /** The Merchant's tiles turned up. */
  drawn: string[];
  /** Foresight or Swap Tiles being entered. */
  spell: SpellDraft | null;
  note: string | null;
}

const ui: PdqUi = { session: null, seq: -1, draft: null, search: null, picks: {}, chosen: [], henchmenFace: null, drawn: [], note: null, spell: null };

function sync(ctx: ScreenCtx): void {
  const v = ctx.view;
  if (ui.session === v.session && ui.seq === v.last_seq) return;
  ui.session = v.session;
  ui.seq = v.last_seq;
  ui.draft = null;
  ui.search = null;
  ui.picks = {};
  ui.chosen = [];
  ui.henchmenFace = null;
  ui.drawn = [];
  ui.note = null;
  ui.spell = null;
}

// ---------------------------------------------------------------- set up

/** The heroes are the engine's (`PdqOptions`), the expansion's marked. */
function setupForm(start: (setup: unknown) => void, fail: (msg: string) => void, options: unknown): HTMLElement {
  ensureStyles();
  const heroes = asPdqOptions(options).heroes;
  const boxes = heroes.map((hero) => {
    const k = hero.key;
    const box = h("input", { type: "checkbox", value: k, "data-hero": k }) as HTMLInputElement;
    return { k, box, el: h("label", { class: "pdq-hero-pick" }, box, ` ${pdqHeroLabel(hero)}`) };
  });
  const order: string[] = [];
  for (const b of boxes)
    b.box.addEventListener("change", () => {
      const i = order.indexOf(b.k);
      if (b.box.checked && i < 0) order.push(b.k);
      if (!b.box.checked && i >= 0) order.splice(i, 1);
      orderLine.textContent = order.length ? `Turn order: ${order.map((k) => heroes.find((x) => x.key === k)?.name ?? k).join(", ")}` : "Tick the heroes in turn order (the first plays first).";
    });
  const orderLine = h("p", { class: "muted", id: "pdq-order" }, "Tick the heroes in turn order (the first plays first).");
  const expansion = h("input", { type: "checkbox", id: "pdq-expansion" }) as HTMLInputElement;
  const campaign = h("input", { type: "checkbox", id: "pdq-campaign" }) as HTMLInputElement;
  const session = h("input", { type: "number", id: "pdq-session", min: 1, value: 1, size: 4 }) as HTMLInputElement;
  return h(
    "div",
    { class: "pdq-setup" },
    h("fieldset", {}, h("legend", {}, "Heroes"), ...boxes.map((b) => b.el)),
    orderLine,
    h("label", {}, expansion, " Play with the Don't Go Alone expansion (Keys, XP, Levels, Gear)"),
    h("label", {}, campaign, " A campaign session (implies the expansion): session ", session),
    h("button", {
      id: "game-start-btn",
      onclick: () => {
        if (order.length === 0) return fail("Choose at least one hero.");
        const setup: Record<string, unknown> = { heroes: [...order], expansion: expansion.checked };
        if (campaign.checked) {
          const n = Number(session.value);
          if (!Number.isInteger(n) || n < 1) return fail("The session number is a whole number from 1.");
          setup.campaign = n;
        }
        start(setup);
      },
    }, "Start Pocket Dungeon Quest"),
  );
}

// ---------------------------------------------------------------- board

function board(ctx: ScreenCtx): HTMLElement {
  ensureStyles();
  sync(ctx);
  const v = asPdqView(ctx.view.view);
  useWords(v.words);
  const note = ui.note;
  return h(
    "div",
    { class: "pdq", id: "pdq-board" },
    h("p", { class: "pdq-now", id: "pdq-now", role: "status" }, whatNow(v)),
    note ? h("p", { class: "banner", id: "pdq-note", role: "alert" }, note) : null,
    rollPanel(ctx, v, undoEntry(ctx.view)),
    h("div", { class: "pdq-main" },
      h("div", { class: "pdq-left" }, matGrid(ctx, v), revealPanel(ctx, v), searchPanel(ctx, v), spellPanel(ctx, v)),
      h("div", { class: "pdq-side" },
        diePanel(ctx, v, ui),
        henchmenPanel(ctx, v, ui),
        bossPanel(v),
        offersPanel(ctx, v, ui),
        pilesPanel(v),
        heroesPanel(v),
        campaignPanel(ctx.view, v),
      )),
  );
}

/** The mat with a ring of entry points round it (lit while a hero may enter). */
function matGrid(ctx: ScreenCtx, v: PdqView): HTMLElement {
  const rows: HTMLElement[] = [];
  for (let r = -1; r <= v.mat.rows; r++) {
    const cells: HTMLElement[] = [];
    for (let c = -1; c <= v.mat.cols; c++) cells.push(cellEl(ctx, v, { row: r, col: c }));
    rows.push(h("div", { class: "pdq-row" }, ...cells));
  }
  return h("div", { class: "pdq-mat", id: "pdq-mat", role: "grid", "aria-label": "Dungeon Floor Mat" }, ...rows);
}

function cellEl(ctx: ScreenCtx, v: PdqView, pos: Pos): HTMLElement {
  const outside = pos.row < 0 || pos.col < 0 || pos.row >= v.mat.rows || pos.col >= v.mat.cols;
  const c = cellView(v, pos);
  const heroes = v.heroes.filter((x) => !x.dead && x.pos && x.pos.row === pos.row && x.pos.col === pos.col).map((x) => x.hero);
  if (outside && !c.move && heroes.length === 0) return h("span", { class: "pdq-cell off" });
  const searching = v.waiting_for === "boss_search" && c.kind === "hidden" && !outside;
  const drafting = (ui.draft?.move.reveal.some((p) => p.row === pos.row && p.col === pos.col) ?? false) || (ui.spell?.picked.some((p) => p.row === pos.row && p.col === pos.col) ?? false);
  const casting = !!ui.spell && spellPickable(v, ui.spell, pos);
  const classes = ["pdq-cell", outside ? "edge" : `k-${c.kind}`, c.move ? "lit" : "", c.fight ? "fight" : "", c.target ? "target" : "", drafting ? "drafting" : "", searching || casting ? "lit" : ""];
  const title = [placeWords(v, pos), c.label, c.key ? "a Key" : "", ...heroes.map((x) => heroName(v, x))].filter(Boolean).join(" · ");
  return h(
    "button",
    {
      class: classes.filter(Boolean).join(" "),
      "data-row": pos.row,
      "data-col": pos.col,
      title,
      "aria-label": title,
      disabled: !c.move && !searching && !casting,
      onclick: () => {
        if (casting && ui.spell) {
          ui.spell.picked.push(pos);
          ui.spell.tiles = spellReveals(v, ui.spell).map(() => null);
        } else if (c.move) {
          const d = newDraft(c.move);
          const m = moveCommand(d, (k) => heroName(v, k));
          // Nothing face down to name: the move goes at once.
          if ("command" in m) return ctx.send(m.command);
          ui.draft = d;
        } else if (searching) ui.search = pos;
        ctx.rerender();
      },
    },
    h("span", { class: "name" }, outside ? entryArrow(v, pos) : c.kind === "hidden" ? "" : c.label),
    c.key ? h("span", { class: "badge key" }, "Key") : null,
    ...heroes.map((x) => h("span", { class: `badge hero h-${x}` }, heroName(v, x))),
  );
}

/** After a click on a move: name each tile turned up, from what is still face down. */
function revealPanel(ctx: ScreenCtx, v: PdqView): HTMLElement | null {
  const d = ui.draft;
  if (!d) return null;
  const rows = d.move.reveal.map((p, i) => {
    const sel = h("select", { "data-reveal": i, "aria-label": `Tile at ${posWords(p)}`, onchange: (e: Event) => {
      const val = (e.target as HTMLSelectElement).value;
      d.tiles[i] = val === "" ? null : val;
      ctx.rerender();
    } },
    h("option", { value: "" }, "—"),
    ...revealChoices(v, d, i).map((k) => h("option", { value: k, selected: d.tiles[i] === k }, tileName(v, k))));
    const disarm = mayDisarm(v, d, i)
      ? h("label", {}, h("input", { type: "checkbox", "data-disarm": i, checked: d.disarm[i], onchange: (e: Event) => { d.disarm[i] = (e.target as HTMLInputElement).checked; ctx.rerender(); } }), " disarm it with the Multi-Tool")
      : null;
    const saves = savers(d, i).map((k) => h("label", {}, ` ${heroName(v, k)} is in its line and rolls to save: `,
      h("select", { "data-save": `${i}-${k}`, onchange: (e: Event) => { d.saves[i][k] = (e.target as HTMLSelectElement).value; ctx.rerender(); } },
        h("option", { value: "" }, "—"),
        ...v.die_faces.map((f) => h("option", { value: f.face, selected: d.saves[i][k] === f.face }, f.words)))));
    return h("li", {}, `${posWords(p)}: `, sel, " ", disarm, ...saves);
  });
  const m = moveCommand(d, (k) => heroName(v, k));
  return h("div", { class: "panel pdq-reveal", id: "pdq-reveal" },
    h("h4", {}, `${d.move.enters ? "Enter" : d.move.stays ? "Stay at" : "Move to"} ${placeWords(v, d.move.to)}: the tiles turned up, in the order turned`),
    h("ol", {}, ...rows),
    h("button", { id: "pdq-reveal-send", disabled: "missing" in m, title: "missing" in m ? m.missing : null, onclick: () => { if ("command" in m) ctx.send(m.command); } }, "Move"),
    h("button", { onclick: () => { ui.draft = null; ctx.rerender(); } }, "Cancel"));
}

/**
 * Foresight and Swap Tiles: a button to begin, then the spaces clicked on
 * the mat and the tiles turned up named from what is still face down.
 */
function spellPanel(ctx: ScreenCtx, v: PdqView): HTMLElement | null {
  const offers = ctx.view.offers.filter((o) => spellOf(o) !== null);
  const d = ui.spell;
  if (!d) {
    if (offers.length === 0) return null;
    return h("div", { class: "panel pdq-reveal", id: "pdq-spells" },
      ...offers.map((o) => h("button", { "data-offer": o.key, onclick: () => { ui.draft = null; ui.spell = spellOf(o); ctx.rerender(); } }, o.label.replace(/…$/, ""))));
  }
  const need = spellNeeds(v, d);
  const at = spellReveals(v, d);
  const rows = at.map((p, i) => h("li", {}, `${posWords(p)}: `,
    h("select", { "data-spell-reveal": i, "aria-label": `Tile at ${posWords(p)}`, onchange: (e: Event) => {
      const val = (e.target as HTMLSelectElement).value;
      d.tiles[i] = val === "" ? null : val;
      ctx.rerender();
    } },
    h("option", { value: "" }, "—"),
    ...spellChoices(v, d, i).map((k) => h("option", { value: k, selected: d.tiles[i] === k }, tileName(v, k))))));
  const m = spellCommand(v, d);
  const name = d.kind === "foresight" ? "Foresight" : "Swap Tiles";
  return h("div", { class: "panel pdq-reveal", id: "pdq-spell" },
    h("h4", {}, d.kind === "foresight"
      ? `Foresight: click ${need} face-down space${need === 1 ? "" : "s"} on the mat (${d.picked.length} chosen), then name each tile turned up`
      : `Swap Tiles: click the two spaces to swap (${d.picked.length} chosen)${at.length ? ", then name the tile that lands face down in sight" : ""}`),
    d.picked.length ? h("p", { class: "muted" }, `Chosen: ${d.picked.map(posWords).join("; ")}`) : null,
    rows.length ? h("ol", {}, ...rows) : null,
    h("button", { id: "pdq-spell-send", disabled: "missing" in m, title: "missing" in m ? m.missing : null, onclick: () => { if ("command" in m) ctx.send(m.command); } }, `Cast ${name}`),
    h("button", { onclick: () => { ui.spell = null; ctx.rerender(); } }, "Cancel"));
}

/** The Boss's search: the tile turned up on the chosen face-down space. */
function searchPanel(ctx: ScreenCtx, v: PdqView): HTMLElement | null {
  const at = ui.search;
  if (!at || v.waiting_for !== "boss_search") return null;
  const kinds = Object.keys(v.unrevealed).sort((a, b) => tileName(v, a).localeCompare(tileName(v, b)));
  return h("div", { class: "panel pdq-reveal", id: "pdq-search" },
    h("h4", {}, `Turned up at ${posWords(at)}:`),
    h("div", { class: "pdq-chips" }, ...kinds.map((k) => h("button", { "data-tile": k, onclick: () => ctx.send({ type: "boss_search", at, tile: k }) }, tileName(v, k)))));
}

export const pdqScreen: GameScreen = {
  game: "pocket-dungeon-quest",
  setupForm,
  board,
  describeCommand,
  describeEvent,
};
