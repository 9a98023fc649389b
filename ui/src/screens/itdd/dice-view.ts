// Dice on the screen: reading them from the table, rolling them in the app
// or taking the typed ones; the dungeon turn's one button; and the one-step
// correction of the last roll.
import { h } from "../../dom";
import type { Die } from "../../ipc";
import { undoEntry } from "../../undo-entry";
import type { ScreenCtx } from "../plugin";
import {
  DIE_COLOURS,
  diceOf,
  manualPair,
  pairingOf,
  rollD6,
  singleDie,
  virtualPair,
  withDice,
  type DicePair,
  type DiceSource,
  type PairingChoice,
} from "./commands";
import { describeCommand, lastTurnRolls } from "./describe";
import { addPair, fresh, markTried, readingKey, removePair, turnToSend, wantsPair } from "./flow";
import { figureNames, type ItddView } from "./model";
import { type Cmd, type UiState, numInput, select, btn, rerender, say } from "./widgets";

/**
 * Mark camera dice as taken. For a dungeon-turn pair at once (the pair is
 * kept in the gathered list); for an action only once the log moves, so dice
 * read for an action the engine refused can be used for the corrected one.
 */
function take(u: UiState, dice: Die[], now: boolean): void {
  if (now) u.usedReading = readingKey(dice);
  else u.readingInFlight = readingKey(dice);
}

/** The dice of one opposed roll from the chosen source; null (with a note) when none can be had. */
export async function getPair(ctx: ScreenCtx, u: UiState, takenNow = false): Promise<{ pair: DicePair; reading: Die[] | null } | null> {
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
    take(u, dice, takenNow);
    return { pair: { character: ours, enemy: theirs, source: "camera" }, reading: dice };
  } catch (e) {
    say(ctx, `The camera's dice: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** One die (loot, trap) from the chosen source. */
export function getDie(ctx: ScreenCtx, u: UiState): { roll: number; source: DiceSource; reading: Die[] | null } | null {
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
  take(u, dice, false);
  return { roll: r, source: "camera", reading: dice };
}

export function sendWith(ctx: ScreenCtx, cmd: Cmd, reading: unknown | null): void {
  if (reading) ctx.sendCamera(cmd, reading);
  else ctx.send(cmd);
}

export function diceSettings(ctx: ScreenCtx, u: UiState): HTMLElement {
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

export function dungeonTurnPanel(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
  const g = u.gathered ?? fresh(null, ctx.view.last_seq);
  const last = undoEntry(ctx.view);
  const rolls = last?.command?.type === "dungeon_turn" ? lastTurnRolls(last.events, figureNames(v)) : [];
  const run = async () => {
    let gg = g;
    if (wantsPair(gg) && u.dice !== "virtual") {
      const got = await getPair(ctx, u, true);
      if (!got) return;
      gg = addPair(gg, got.pair, got.reading ?? undefined);
    }
    u.gathered = markTried(gg);
    const t = turnToSend(gg, u.dice === "virtual");
    sendWith(ctx, t.command, t.reading);
  };
  return h("div", { class: "panel itdd-turn", id: "itdd-turn" },
    h("h4", {}, "Dungeon turn"),
    h("button", { class: "primary big", id: "itdd-dungeon-turn", title: "Key: T", disabled: v.enemies.length === 0 && v.characters.every((c) => !c.inDungeon), onclick: () => void run() }, "▶ Run the dungeon turn  (T)"),
    g.tried && u.dice !== "virtual"
      ? h("p", { class: "ask", id: "itdd-turn-ask" }, `Attack ${g.pairs.length + 1} needs its dice (the prompt above says who attacks whom): ${u.dice === "camera" ? "roll your die and the enemy's" : "type your die and the enemy's"}, then press again.`)
      : h("p", { class: "muted" }, u.dice === "virtual"
          ? "Every enemy moves and attacks; the app rolls each attack's dice."
          : "Every enemy moves and attacks. If one attacks, the app asks for that attack's dice; roll them and press again."),
    g.pairs.length
      ? h("div", { class: "row", id: "itdd-gathered" }, h("span", {}, "Dice so far: "),
          ...g.pairs.map((p, i) => h("span", { class: "chip" }, `${i + 1}: ${p.character} vs ${p.enemy}${p.source === "camera" ? " (camera)" : ""} `,
            h("button", { class: "x", title: "Remove this pair", onclick: () => { u.gathered = removePair(g, i); rerender(ctx); } }, "×"))))
      : null,
    rolls.length ? h("div", { class: "muted", id: "itdd-last-rolls" }, "Last turn's attacks: ", ...rolls.map((r) => h("div", {}, r))) : null);
}

export function correctionPanel(ctx: ScreenCtx): HTMLElement | null {
  const last = undoEntry(ctx.view);
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
