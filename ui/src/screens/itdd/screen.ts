// Into the Dark Dungeon: Silver Mine's screen on the Game tab: the dungeon
// drawn as a grid (and edited on it as cards are revealed), the dungeon turn
// on one button, the character turn's helpers and Crossroads Town as forms.
// Only the DOM lives here; what the clicks mean is in grid.ts, commands.ts,
// flow.ts and model.ts, the log wording in describe.ts; the panels are in
// grid-view.ts, dice-view.ts, character-view.ts and town-view.ts.
import { h } from "../../dom";
import type { GameScreen, ScreenCtx } from "../plugin";
import { setupOf } from "./commands";
import { asItddOptions } from "../../setup-options";
import { describeCommand, describeEvent, diceAsk, notices, useNames } from "./describe";
import { fresh } from "./flow";
import { newDraft } from "./grid";
import { figureNames, itddView, type ItddView } from "./model";
import { shown } from "./rules";
import { state, select, btn, isNewSession, rerender } from "./widgets";
import { gridView, legend, toolBar } from "./grid-view";
import { correctionPanel, diceSettings, dungeonTurnPanel } from "./dice-view";
import { characterPanel, charactersPanel } from "./character-view";
import { stashPanel } from "./town-view";

// ---------------------------------------------------------------- setup

/** One line per mode (rulebook p.7), so the choice is made knowingly; the
 * modes themselves are the engine's (`ItddOptions`), a mode without a line
 * here is offered without one. */
const MODE_HINTS: Record<string, string> = {
  solo: "One player with one or more characters; collect as many coins as possible.",
  cooperative: "Help each other complete every quest, then leave the dungeon.",
  competitive: "Each for their own quest; the most coins wins once a Hero is declared.",
  arena: "No quests, last one standing; coins for everyone at the end, more for each character defeated.",
};

function setupForm(start: (setup: unknown) => void, fail: (msg: string) => void, options: unknown): HTMLElement {
  const modes = asItddOptions(options).modes;
  const first = modes[0].key;
  const hint = h("span", { class: "muted" }, MODE_HINTS[first] ?? "");
  const mode = select(modes.map((m): [string, string] => [m.key, m.name]), first, (m) => { hint.textContent = MODE_HINTS[m] ?? ""; }, { id: "itdd-mode" });
  const seed = h("input", { type: "text", id: "itdd-seed", placeholder: "random", size: 12, inputmode: "numeric" });
  return h(
    "div",
    { class: "itdd-setup" },
    h("label", {}, "Mode ", mode, " ", hint),
    h("label", {}, "Seed ", seed),
    h("p", { class: "muted" }, "The seed breaks random ties and rolls the app's dice; leave it empty for a random one. Characters are made on the next screen."),
    btn("Start Silver Mine", () => {
      const s = setupOf(mode.value, seed.value, modes.map((m) => m.key));
      if ("error" in s) return fail(s.error);
      start(s);
    }, { id: "game-start-btn" }),
  );
}

// ---------------------------------------------------------------- board

/**
 * Keys while the Silver Mine board is shown: T runs the dungeon turn (the
 * chore the app exists for), Escape goes back to the Select tool. Other keys
 * are left to the Game screen (U: undo).
 */
let lastCtx: ScreenCtx | null = null;
let keysListening = false;
function onKey(e: KeyboardEvent): void {
  const boardEl = document.getElementById("itdd-board");
  if (!boardEl || boardEl.offsetParent === null || !lastCtx) return;
  const t = e.target as HTMLElement | null;
  if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "t" || e.key === "T") {
    e.preventDefault();
    (document.getElementById("itdd-dungeon-turn") as HTMLButtonElement | null)?.click();
  } else if (e.key === "Escape") {
    const u = state(lastCtx.view.session);
    u.tool = "look";
    u.path = [];
    rerender(lastCtx);
  }
}

function board(ctx: ScreenCtx): HTMLElement {
  lastCtx = ctx;
  if (!keysListening) {
    keysListening = true;
    document.addEventListener("keydown", onKey);
  }
  const newSession = isNewSession(ctx.view.session);
  const u = state(ctx.view.session);
  const v = itddView(ctx.view.state, ctx.view.view);
  useNames(figureNames(v));
  if (newSession && v.cards.length === 0) {
    // A new game starts where play starts: laying the Gate card.
    u.tool = "card";
    u.draft = newDraft("gate");
  }
  u.gathered = fresh(u.gathered, ctx.view.last_seq);
  if (u.seenSeq !== ctx.view.last_seq) {
    // The last action went through: what was prepared for it is spent.
    if (u.readingInFlight) u.usedReading = u.readingInFlight;
    u.path = [];
    u.lootItems = [];
    u.pendingLoot = null;
    u.seenSeq = ctx.view.last_seq;
  }
  u.readingInFlight = null;
  if (v.cards.length > u.cardCount && u.draft) {
    // The card is laid: the next one (a Hall) waits until it is explored,
    // and a click on the grid selects again (entering at the Gate, say).
    u.draft = newDraft("hall", u.draft.width, u.draft.height);
    if (u.tool === "card" && !newSession) u.tool = "look";
  }
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
    h("span", { class: "chip", title: "The goblin that calls a boss" }, `Goblins placed: ${v.goblinsPlaced} / ${shown(v.rules.bossGoblin)}`),
    h("span", { class: "chip" }, `Enemies defeated: ${v.enemiesDefeated}`),
    v.current ? h("span", { class: "chip on" }, `Turn: ${v.current}`) : null,
    v.heroDeclared ? h("span", { class: "chip on" }, "A Hero has been declared") : null,
    ...v.bossesDue.map((b) => h("span", { class: "chip boss", role: "alert" }, `Boss due at ${b.gate} (${b.reason}): place it there`)),
  );
}

export const silverMineScreen: GameScreen = {
  game: "silver-mine",
  setupForm,
  board,
  describeCommand,
  describeEvent,
  askFor: (rule, reason, view) => {
    return diceAsk(rule, reason, figureNames(itddView(view.state, view.view)));
  },
};
