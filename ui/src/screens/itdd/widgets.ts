// The screen's own memory between renders and the small form widgets its
// panels share. The game state is the engine's; this only holds what the
// player is in the middle of (the tool, the card being laid, the dice
// gathered for a dungeon turn, a loot roll waiting for its cards).
import { fill, h } from "../../dom";
import type { Die } from "../../ipc";
import type { ScreenCtx } from "../plugin";
import {
  ATTRIBUTES,
  ITEM_KINDS,
  POTIONS,
  itemOf,
  type DiceSource,
  type ItemForm,
  type PairingChoice,
} from "./commands";
import type { ItddRules } from "./rules";
import { type Gathered } from "./flow";
import { type CardDraft } from "./grid";
import { type Pos } from "./model";

export type Cmd = Record<string, unknown>;
export type Tool = "look" | "card" | "cube" | "enemy" | "move";

/** What the screen remembers between renders (not game state: that is the engine's). */
export interface UiState {
  session: number;
  tool: Tool;
  brush: string;
  /** While the mouse is held on the card being laid: what the drag paints. */
  dragChar: string | null;
  draft: CardDraft | null;
  explorer: string;
  lostMap: boolean;
  /** The enemy card being placed: kind chosen from the engine's list; the numbers are typed from the card (NaN: not yet). */
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
  /** Camera dice sent with an action: taken once the log moves (a refusal leaves them usable). */
  readingInFlight: string | null;
  /** The log entry the work in progress (path, loot cards, loot roll) belongs to. */
  seenSeq: number;
  /** A message of the screen itself (no dice on the table, a form left blank). */
  note: string | null;
  lootItems: Cmd[];
  /** A loot roll that succeeded and waits for the item cards drawn (kept so the die is not rolled again). */
  pendingLoot: { character: string; at: Pos; roll: number; source: DiceSource; reading: Die[] | null; waitingForCards: boolean } | null;
  showNewCharacter: boolean;
  /** Cards on the table at the last render: a new one resets the draft for the next Hall. */
  cardCount: number;
}

let ui: UiState | null = null;

/** Is `session` a game this screen has not drawn yet? */
export function isNewSession(session: number): boolean {
  return !ui || ui.session !== session;
}

export function state(session: number): UiState {
  if (!ui || ui.session !== session) {
    ui = {
      session,
      tool: "look",
      brush: "#",
      dragChar: null,
      draft: null,
      explorer: "",
      lostMap: false,
      enemy: { kind: "", name: "", attack: NaN, move: NaN, torch: NaN, life: NaN },
      selected: null,
      target: null,
      path: [],
      dice: "camera",
      manual: [NaN, NaN],
      pairing: { by: "colour", ours: "white", theirs: "red", side: "left" },
      gathered: null,
      usedReading: null,
      readingInFlight: null,
      seenSeq: -1,
      note: null,
      lootItems: [],
      pendingLoot: null,
      showNewCharacter: false,
      cardCount: 0,
    };
  }
  return ui;
}

export const words = (s: string) => s.replace(/_/g, " ");
/**
 * A number box. Values are taken as typed ("input"), so a button pressed
 * right after sees them; boxes whose change redraws the screen take theirs
 * on "change" instead, or the redraw would steal the focus mid-number.
 * A box not filled in yet shows empty and reads as NaN (the forms then say
 * what is missing), so no number is ever sent that nobody typed.
 */
export const numInput = (value: number | null, onchange: (n: number) => void, attrs: Record<string, string | number> = {}, on: "input" | "change" = "input") =>
  h("input", { type: "number", value: value === null || !Number.isFinite(value) ? "" : value, min: 0, max: 99, class: "num", ...attrs, [`on${on}`]: (e: Event) => onchange(typedNumber((e.target as HTMLInputElement).value)) });

/** A typed box's value: NaN while empty. */
export const typedNumber = (text: string): number => (text.trim() === "" ? NaN : Number(text));
export const select = (options: [string, string][], value: string, onchange: (v: string) => void, attrs: Record<string, string> = {}) =>
  h("select", { ...attrs, onchange: (e: Event) => onchange((e.target as HTMLSelectElement).value) }, ...options.map(([v, label]) => h("option", { value: v, selected: v === value }, label)));
export const btn = (label: string, onclick: () => void, attrs: Record<string, string | boolean | null> = {}) => h("button", { ...attrs, onclick }, label);

export function rerender(ctx: ScreenCtx): void {
  ctx.rerender();
}

export function say(ctx: ScreenCtx, msg: string): void {
  if (ui) ui.note = msg;
  rerender(ctx);
}

/**
 * A small form for one item card; `add` gets the engine's item JSON. The
 * bonus and a Master Key's charges start at the engine's defaults for a card
 * that does not print them; a coin card's value is typed from the card.
 */
export function itemPicker(rules: ItddRules, add: (item: Cmd) => void, label: string, fail: (msg: string) => void): HTMLElement {
  const d = rules.itemDefaults;
  const f: ItemForm = { kind: "potion", potion: "health", attribute: "attack", bonus: d.bonus ?? NaN, great: false, name: "", charges: d.masterKeyCharges ?? NaN, amount: NaN };
  const extra = h("span", {});
  const kind = select(ITEM_KINDS.map((k): [string, string] => [k, words(k)]), f.kind, (k) => { f.kind = k; drawExtra(); }, { "aria-label": "Item kind" });
  const drawExtra = () => {
    const parts: HTMLElement[] = [];
    if (f.kind === "potion") parts.push(select(POTIONS.map((p): [string, string] => [p, p]), f.potion ?? "health", (p) => { f.potion = p; }, { "aria-label": "Potion" }));
    if (f.kind === "rune" || f.kind === "weapon") {
      parts.push(select(ATTRIBUTES.map((a): [string, string] => [a, a]), f.attribute ?? "attack", (a) => { f.attribute = a; }, { "aria-label": "Attribute" }));
      parts.push(h("label", {}, "+", numInput(f.bonus ?? null, (n) => { f.bonus = n; }, { min: 1, max: 9 })));
    }
    if (f.kind === "rune") parts.push(h("label", { class: "check" }, h("input", { type: "checkbox", onchange: (e: Event) => { f.great = (e.target as HTMLInputElement).checked; } }), " great"));
    if (f.kind === "weapon" || f.kind === "other") parts.push(h("input", { type: "text", placeholder: "name", size: 10, oninput: (e: Event) => { f.name = (e.target as HTMLInputElement).value; } }));
    if (f.kind === "master_key") parts.push(h("label", {}, "charges ", numInput(f.charges ?? null, (n) => { f.charges = n; }, { min: 0, max: 9 })));
    if (f.kind === "coins") parts.push(h("label", {}, "coins ", numInput(f.amount ?? null, (n) => { f.amount = n; }, { min: 1 })));
    fill(extra, ...parts);
  };
  drawExtra();
  return h("span", { class: "item-picker" }, kind, extra, btn(label, () => {
    const it = itemOf(f);
    if ("error" in it) return fail(String(it.error));
    add(it);
  }));
}
