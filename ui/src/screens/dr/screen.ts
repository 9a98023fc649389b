// The Dungeon Roll screen: the delve as it lies on the table (party dice,
// Graveyard, dungeon dice, Dragon's Lair, level, treasure, XP), whose delve
// it is and what to do now, and one panel per action the engine offers.
// A roll comes from the camera (applied by the core when the game waits
// for it), is typed face by face, or is rolled by the app from a seed the
// log keeps; the last roll's dice are correctable one die at a time. The
// pure parts are model.ts, describe.ts, setup.ts; styles in style.ts.
import { h } from "../../dom";
import type { GameScreen, ScreenCtx } from "../plugin";
import { describeCommand, describeEvent } from "./describe";
import {
  boxKinds,
  chestOpeners,
  correctedRoll,
  diceOf,
  draftComplete,
  draftFromTable,
  faceName,
  fightChoices,
  lastRoll,
  newSeed,
  nowLine,
  openChestsCommand,
  proposalLines,
  quaffCommand,
  rollCommand,
  seededRoll,
  slayCommand,
  throwNote,
  tokenName,
  tradeCommand,
  tradeGoods,
  twistCommand,
  twistRerolls,
  type RollDraft,
} from "./model";
import { setupForm } from "./setup";
import { asDrOptions } from "../../setup-options";
import { ensureStyles } from "./style";
import { asDrView, type DrView, type Face, type Obj, type TwistCard, type Unit } from "./types";
import { drKey, DR_KEY_HELP } from "./keys";

/** What the player has half-entered; cleared whenever the game moves on. */
interface DrUi {
  session: number | null;
  seq: number;
  draft: RollDraft;
  unit: Record<string, number>;
  picks: Record<string, string[]>;
}

const ui: DrUi = { session: null, seq: -1, draft: { party: [], dungeon: [] }, unit: {}, picks: {} };

function sync(ctx: ScreenCtx): void {
  const v = ctx.view;
  if (ui.session === v.session && ui.seq === v.last_seq) return;
  ui.session = v.session;
  ui.seq = v.last_seq;
  ui.draft = { party: [], dungeon: [] };
  ui.unit = {};
  ui.picks = {};
}

const btn = (label: string, onclick: () => void, attrs: Record<string, string | boolean | null> = {}) => h("button", { ...attrs, onclick }, label);

/** A select of `options` ([value, words]); `onchange` gets the value. */
function pick(id: string, options: Array<[string, string]>, value: string | undefined, onchange: (v: string) => void, label: string): HTMLSelectElement {
  const s = h("select", { id, "aria-label": label }, ...options.map(([v, t]) => h("option", { value: v, selected: v === value }, t)));
  s.addEventListener("change", () => onchange(s.value));
  return s;
}

function chip(v: DrView, face: string, kind: "party" | "dungeon"): HTMLElement {
  return h("span", { class: `dr-die ${kind} f-${face}`, title: faceName(v, face) }, faceName(v, face));
}

// ---------------------------------------------------------------- the table

function tableView(v: DrView): HTMLElement {
  const d = v.delve;
  const me = v.players[v.adventurer];
  const stat = (k: string, val: string | number) => h("div", { class: "dr-stat" }, h("span", { class: "v" }, String(val)), h("span", { class: "k" }, k));
  const party = d ? diceOf(d.party, v.faces.party) : [];
  const dungeon = d ? diceOf(d.dungeon, v.faces.dungeon) : [];
  const heroUnits = d?.hero_units ?? [];
  return h(
    "div",
    { class: "panel dr-table", id: "dr-table" },
    h("div", { class: "dr-stats" },
      stat("Adventurer", me?.name ?? "—"),
      stat("Delve", d?.number ? `${d.number} of ${v.rules.delves_per_player}` : me ? `${me.delves} of ${v.rules.delves_per_player} made` : "—"),
      stat("Level", d ? d.level : "—"),
      stat("XP", me?.xp ?? 0),
      stat("Treasure in the box", v.treasure_left),
    ),
    v.hero ? h("p", { class: "dr-hero" }, h("b", {}, v.hero.side), ` — ${v.hero.specialty} Ultimate: ${v.hero.ultimate}${v.hero.ultimate_used ? " (used this delve)" : ""} — ${v.hero.ultimate_text}`) : null,
    h("div", { class: "dr-zones" },
      h("div", { class: "dr-zone", id: "dr-party" }, h("h4", {}, `Party (${party.length})`), ...party.map((f) => chip(v, f, "party")), ...heroUnits.map((f) => h("span", { class: "dr-die hero" }, `Hero: ${faceName(v, f)}`))),
      h("div", { class: "dr-zone", id: "dr-graveyard" }, h("h4", {}, "Graveyard"), h("span", { class: "dr-count" }, String(d?.graveyard ?? 0))),
      h("div", { class: "dr-zone", id: "dr-dungeon" }, h("h4", {}, `Dungeon (${dungeon.length})`), ...dungeon.map((f) => chip(v, f, "dungeon"))),
      h("div", { class: `dr-zone${d?.dragon_awake ? " awake" : ""}`, id: "dr-lair" }, h("h4", {}, "Dragon's Lair"), h("span", { class: "dr-count" }, String(d?.lair ?? 0)), d?.dragon_awake ? h("span", { class: "dr-warn" }, " The Dragon appears!") : null),
    ),
    h("div", { class: "dr-players" }, ...v.players.map((p) =>
      h("div", { class: `dr-player${p.seat === v.adventurer ? " current" : ""}` },
        h("b", {}, p.name), ` (${p.hero_name ?? p.hero}${p.master ? ", Master" : ""}) — ${p.xp} XP, ${p.delves_left} delve${p.delves_left === 1 ? "" : "s"} left`,
        Object.keys(p.tokens).length > 0 ? ` — tokens: ${Object.entries(p.tokens).map(([k, n]) => `${n}× ${tokenName(v, k)}`).join(", ")}` : "",
        ` — ${p.score_so_far} if the game ended now`,
      ))),
  );
}

// ---------------------------------------------------------------- rolls

function rollPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const want = v.roll_wanted;
  if (!want) return null;
  const title = want.kind === "start_delve"
    ? `Roll: ${want.party} Party dice and ${want.dungeon} Dungeon ${want.dungeon === 1 ? "die" : "dice"}`
    : `Seek glory: the Dungeon Lord rolls ${want.dungeon} Dungeon ${want.dungeon === 1 ? "die" : "dice"} for level ${(v.delve?.level ?? 0) + 1}`;
  const row = (which: "party" | "dungeon", faces: Face[], n: number) => {
    if (n === 0) return null;
    const got = ui.draft[which];
    return h("div", { class: "dr-draft", id: `dr-draft-${which}` },
      h("span", {}, `${which === "party" ? "Party" : "Dungeon"} ${got.length}/${n}: `),
      ...got.map((f, i) => h("button", { class: `dr-die ${which}`, title: "Remove this die", onclick: () => { got.splice(i, 1); ctx.rerender(); } }, `${faceName(v, f)} ×`)),
      got.length < n ? h("span", { class: "dr-add" }, " add: ", ...faces.map((f) => btn(f.name, () => { got.push(f.face); ctx.rerender(); }, { "data-face": f.face }))) : null,
    );
  };
  const cmd = rollCommand(v, ui.draft);
  return h("div", { class: "panel dr-roll", id: "dr-roll" },
    h("h3", {}, title),
    h("p", { class: "muted" }, "Roll the real dice: the camera applies the roll when it settles. Or enter the faces, or let the app roll."),
    row("party", v.faces.party, want.party),
    row("dungeon", v.faces.dungeon, want.dungeon),
    h("div", { class: "dr-actions" },
      btn("Enter this roll", () => cmd && ctx.send(cmd), { id: "dr-roll-send", disabled: !draftComplete(v, ui.draft) || !cmd }),
      btn("Use the dice on the table", () => { ui.draft = draftFromTable(v, ctx.tableDice()); ctx.rerender(); }, { id: "dr-roll-table" }),
      btn("Roll for me (R)", () => rollForMe(ctx, v), { id: "dr-roll-app" }),
    ),
  );
}

function rollForMe(ctx: ScreenCtx, v: DrView): void {
  const c = seededRoll(v, newSeed());
  if (c) ctx.send(c);
}

/** The last roll's dice, each a picker: choosing another face corrects the roll. */
function correctionPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const r = lastRoll(v, ctx.view.log, ctx.view.undo_target);
  if (!r) return null;
  const die = (which: "party" | "dungeon", faces: Face[], f: string, i: number) =>
    pick(`dr-fix-${which}-${i}`, faces.map((x) => [x.face, x.name]), f, (to) => ctx.correct(correctedRoll(r, which, i, to)), `Correct ${which} die ${i + 1}`);
  return h("div", { class: "panel dr-correct", id: "dr-correct" },
    h("span", {}, "Last roll — pick a die's right face to correct it: "),
    ...r.party.map((f, i) => die("party", v.faces.party, f, i)),
    r.party.length > 0 ? h("span", { class: "dr-sep" }, " | ") : null,
    ...r.dungeon.map((f, i) => die("dungeon", v.faces.dungeon, f, i)),
  );
}

// ---------------------------------------------------------------- actions

function helperPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const p = v.delve?.proposal;
  if (!p) return null;
  const accept = ctx.view.offers.find((o) => o.key === "accept_proposal");
  return h("div", { class: `panel dr-helper${p.feasible ? "" : " dr-alert"}`, id: "dr-helper" },
    h("h3", {}, p.feasible ? "The helper proposes" : "The helper finds no way through"),
    h("ul", {}, ...proposalLines(v, p).map((l) => h("li", {}, l))),
    accept ? btn(`${accept.label} (A)`, () => ctx.send(accept.command), { id: "dr-accept" }) : null,
  );
}

function fightPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  if (!ctx.view.offers.some((o) => o.key === "fight")) return null;
  return h("div", { class: "panel", id: "dr-fight" },
    h("h4", {}, "Or assign by hand"),
    ...fightChoices(v).map((c) => btn(c.label, () => ctx.send(c.command), { class: "dr-choice" })),
  );
}

/** A unit picker plus `n` face/token pickers; `make` builds the command. */
function unitForm(ctx: ScreenCtx, key: string, title: string, units: Unit[], n: (u: Unit) => number, options: Array<[string, string]>, make: (u: Unit, picks: string[]) => Obj): HTMLElement | null {
  if (!ctx.view.offers.some((o) => o.key === key) || units.length === 0) return null;
  const at = Math.min(ui.unit[key] ?? 0, units.length - 1);
  const u = units[at];
  const picks = (ui.picks[key] ??= []);
  const slots = Array.from({ length: n(u) }, (_, i) =>
    pick(`dr-${key}-${i}`, options, picks[i] ?? options[0]?.[0], (val) => { picks[i] = val; }, `${title} ${i + 1}`));
  return h("div", { class: "panel", id: `dr-${key}` },
    h("h4", {}, title),
    pick(`dr-${key}-unit`, units.map((x, i) => [String(i), x.name]), String(at), (val) => { ui.unit[key] = Number(val); ctx.rerender(); }, `${title}: who`),
    ...slots,
    btn("Go", () => ctx.send(make(u, Array.from({ length: n(u) }, (_, i) => picks[i] ?? options[0]?.[0] ?? ""))), { id: `dr-${key}-go` }),
  );
}

function lootPanels(ctx: ScreenCtx, v: DrView): Array<HTMLElement | null> {
  const d = v.delve;
  if (!d) return [];
  const tokens: Array<[string, string]> = boxKinds(v).map((k) => [k, tokenName(v, k)]);
  const faces: Array<[string, string]> = v.faces.party.map((f) => [f.face, f.name]);
  const open = ctx.view.offers.find((o) => o.key === "open_chests");
  const quaff = ctx.view.offers.find((o) => o.key === "quaff");
  return [
    unitForm(ctx, "open_chests", open?.label.replace("…", "") ?? "Open chests", chestOpeners(v), (u) => u.draws, tokens, (u, p) => openChestsCommand(u, p)),
    unitForm(ctx, "quaff", quaff?.label.replace("…", "") ?? "Quaff potions", d.units ?? [], (u) => u.quaff_revives, faces, (u, p) => quaffCommand(u, p)),
  ];
}

function dragonPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const offer = ctx.view.offers.find((o) => o.key === "slay_dragon");
  if (!offer || !v.hero) return null;
  const options: Array<[string, string]> = [];
  for (const [i, u] of (v.delve?.units ?? []).entries()) for (const as of u.as) if (v.faces.party.some((f) => f.face === as && f.companion)) options.push([`${i}:${as}`, as === u.as[0] ? u.name : `${u.name} as a ${faceName(v, as)}`]);
  const picks = (ui.picks.dragon ??= []);
  const n = v.hero.dragon_types;
  const tokens: Array<[string, string]> = [["", "(box empty)"], ...boxKinds(v).map((k): [string, string] => [k, tokenName(v, k)])];
  const drawn = (ui.picks.dragon_drawn ??= [boxKinds(v)[0] ?? ""]);
  const send = () => {
    const uses = Array.from({ length: n }, (_, i) => picks[i] ?? options[i]?.[0] ?? "").map((s) => {
      const [idx, as] = s.split(":");
      const u = v.delve?.units?.[Number(idx)];
      return { with: u?.with ?? {}, as, natural: u?.as[0] ?? as };
    });
    ctx.send(slayCommand(uses, drawn[0] || null));
  };
  return h("div", { class: "panel dr-alert", id: "dr-dragon" },
    h("h4", {}, offer.label.replace("…", "")),
    ...Array.from({ length: n }, (_, i) => pick(`dr-dragon-${i}`, options, picks[i] ?? options[i]?.[0], (val) => { picks[i] = val; }, `Companion ${i + 1}`)),
    h("span", {}, " token won: "),
    pick("dr-dragon-drawn", tokens, drawn[0], (val) => { drawn[0] = val; }, "Token drawn"),
    btn("Face the Dragon", send, { id: "dr-dragon-go" }),
  );
}

function tokenPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const usable = v.delve?.usable_treasures ?? [];
  if (usable.length === 0) return null;
  const revive = (ui.picks.elixir ??= [v.faces.party[0]?.face ?? ""]);
  return h("div", { class: "panel", id: "dr-tokens" },
    h("h4", {}, "Treasure to use"),
    ...usable.map((k) => {
      const t = v.treasure_kinds.find((x) => x.kind === k);
      const c: Obj = { type: "use_treasure", treasure: k };
      if (t?.revives) c.revive = revive[0];
      return h("span", { class: "dr-token" },
        btn(tokenName(v, k), () => ctx.send(c), { title: t?.text ?? "" }),
        t?.revives ? pick("dr-elixir-face", v.faces.party.map((f) => [f.face, f.name]), revive[0], (val) => { revive[0] = val; }, "Face of the revived die") : null,
      );
    }),
  );
}

function ultimatePanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const d = v.delve;
  if (!d || !v.hero || v.hero.ultimate_used || d.stage !== "monster" || !d.ultimate_inputs) return null;
  const need = d.ultimate_inputs;
  if (need.reroll) return null; // rerolled with the reroll panel below
  const monsters: Array<[string, string]> = [["", "—"], ...v.faces.dungeon.filter((f) => f.monster && (d.dungeon[f.face] ?? 0) > 0).map((f): [string, string] => [f.face, f.name])];
  const held = Object.keys(v.players[v.adventurer]?.tokens ?? {}).map((k): [string, string] => [k, tokenName(v, k)]);
  const faces: Array<[string, string]> = v.faces.party.map((f) => [f.face, f.name]);
  const p = (ui.picks.ultimate ??= []);
  const slots: HTMLElement[] = [];
  const field = need.monsters ? "monsters" : need.revive ? "revive" : need.pay ? "pay" : null;
  const n = need.monsters ?? need.revive ?? need.pay ?? 0;
  const opts = field === "monsters" ? monsters : field === "pay" ? held : faces;
  for (let i = 0; i < n; i++) slots.push(pick(`dr-ult-${i}`, opts, p[i] ?? opts[0]?.[0], (val) => { p[i] = val; }, `${v.hero.ultimate} ${i + 1}`));
  const send = () => {
    const c: Obj = { type: "ultimate" };
    if (field) c[field] = Array.from({ length: n }, (_, i) => p[i] ?? opts[0]?.[0] ?? "").filter((x) => x !== "");
    ctx.send(c);
  };
  return h("div", { class: "panel", id: "dr-ultimate" }, h("h4", {}, `Ultimate: ${v.hero.ultimate}`), h("span", { class: "muted" }, `${v.hero.ultimate_text} `), ...slots, btn("Use it", send, { id: "dr-ult-go" }));
}

/**
 * Rerolls: a Scroll (Monster Phase), the Specialty's formation reroll, or a
 * reroll Ultimate. Each die picked up is given the face it shows after.
 */
function rerollPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const d = v.delve;
  if (!d || d.monsters === 0 && !d.formation_open) return null;
  const scrolls = (d.units ?? []).filter((u) => u.as.includes("scroll"));
  const formation = ctx.view.offers.some((o) => o.key === "formation_reroll");
  const ultimate = !!d.ultimate_inputs?.reroll && !v.hero?.ultimate_used && d.monsters > 0;
  if (!formation && !ultimate && (scrolls.length === 0 || d.monsters === 0)) return null;
  const party = diceOf(d.party, v.faces.party);
  const dungeon = diceOf(d.dungeon, v.faces.dungeon);
  const to = (ui.picks.reroll_to ??= []);
  const on = (ui.picks.reroll_on ??= []);
  const dieRow = (which: string, faces: Face[], list: string[]) => list.map((f, i) => {
    const key = `${which}${i}`;
    const box = h("input", { type: "checkbox", checked: on.includes(key), "aria-label": `Reroll ${faceName(v, f)}` });
    box.addEventListener("change", () => { if (box.checked) on.push(key); else on.splice(on.indexOf(key), 1); ctx.rerender(); });
    const idx = Number(i);
    return h("label", { class: "dr-reroll" }, box, chip(v, f, which === "p" ? "party" : "dungeon"),
      on.includes(key) ? pick(`dr-to-${key}`, faces.map((x) => [x.face, x.name]), to[idx + (which === "p" ? 0 : 100)] ?? f, (val) => { to[idx + (which === "p" ? 0 : 100)] = val; }, "shows after") : null);
  });
  const build = (withDungeon: boolean) => {
    const r = (which: string, list: string[], off: number) => {
      const from: string[] = [];
      const after: string[] = [];
      list.forEach((f, i) => { if (on.includes(`${which}${i}`)) { from.push(f); after.push(to[i + off] ?? f); } });
      return { from, to: after };
    };
    return { party: r("p", party, 0), dungeon: withDungeon ? r("d", dungeon, 100) : { from: [], to: [] } };
  };
  const s = Math.min(ui.unit.scroll ?? 0, Math.max(scrolls.length - 1, 0));
  return h("div", { class: "panel", id: "dr-reroll" },
    h("h4", {}, "Reroll dice — tick the dice picked up and give each its new face"),
    h("div", {}, ...dieRow("p", v.faces.party, party)),
    formation && !ultimate && scrolls.length === 0 ? null : h("div", {}, ...dieRow("d", v.faces.dungeon, dungeon)),
    h("div", { class: "dr-actions" },
      formation ? btn("Reroll as the party forms", () => ctx.send({ type: "formation_reroll", party: build(false).party }), { id: "dr-formation-go" }) : null,
      scrolls.length > 0 && d.monsters > 0 ? h("span", {},
        pick("dr-scroll-unit", scrolls.map((u, i) => [String(i), u.name]), String(s), (val) => { ui.unit.scroll = Number(val); }, "Scroll used"),
        btn("Use the Scroll", () => ctx.send({ type: "scroll", with: scrolls[s].with, ...(scrolls[s].as[0] === "scroll" ? {} : { as: "scroll" }), ...build(true) }), { id: "dr-scroll-go" })) : null,
      ultimate ? btn(`Ultimate: ${v.hero?.ultimate ?? ""}`, () => ctx.send({ type: "ultimate", ...build(true) }), { id: "dr-ult-reroll" }) : null,
    ),
  );
}

/**
 * Twist cards: each hand, a draw for whoever has one due, and while cards
 * may be played a form for each card that picks dice (cards that pick none
 * are ready buttons below).
 */
function twistPanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  const t = v.twists;
  if (!t) return null;
  const d = v.delve;
  const present = (which: "party" | "dungeon", faces: Face[], dragons: boolean) =>
    faces.filter((f) => (d?.[which]?.[f.face] ?? 0) > 0 && (dragons || f.face !== "dragon")).map((f): [string, string] => [f.face, f.name]);
  const dieOptions = (c: TwistCard): Array<[string, string]> => {
    if (c.needs === "any_reroll") {
      return [...present("party", v.faces.party, true).map(([f, n]): [string, string] => [`p:${f}`, `Party: ${n}`]), ...present("dungeon", v.faces.dungeon, false).map(([f, n]): [string, string] => [`d:${f}`, `Dungeon: ${n}`])];
    }
    return c.needs.startsWith("party") ? present("party", v.faces.party, true) : present("dungeon", v.faces.dungeon, false);
  };
  const playForm = (seat: number, c: TwistCard) => {
    const key = `twist-${seat}-${c.id}`;
    const opts = dieOptions(c);
    if (opts.length === 0) return h("span", { class: "muted" }, ` ${c.name}: no die to pick now.`);
    const p = (ui.picks[key] ??= [opts[0][0]]);
    const die = p[0] ?? opts[0][0];
    const faces = die.startsWith("p:") || (!die.includes(":") && c.needs.startsWith("party")) ? v.faces.party : v.faces.dungeon;
    const n = twistRerolls(v, c, die);
    const after = (ui.picks[`${key}-to`] ??= []);
    return h("span", { class: "dr-twist-play" },
      h("b", {}, c.name), " ",
      pick(`dr-${key}-die`, opts, die, (val) => { p[0] = val; ctx.rerender(); }, `${c.name}: which die`),
      ...Array.from({ length: n }, (_, i) => pick(`dr-${key}-to-${i}`, faces.map((f) => [f.face, f.name]), after[i], (val) => { after[i] = val; }, `${c.name}: shows after ${i + 1}`)),
      btn("Play", () => ctx.send(twistCommand(v, seat, c, die, Array.from({ length: n }, (_, i) => after[i] ?? faces[0]?.face ?? ""))), { id: `dr-${key}-go` }),
    );
  };
  return h("div", { class: "panel", id: "dr-twists" },
    h("h4", {}, "Twist cards"),
    ...t.hands.map((hand) => {
      const drawn = (ui.picks[`draw-${hand.seat}`] ??= [t.cards[0]?.id ?? ""]);
      return h("div", { class: "dr-twist-hand" },
        h("b", {}, hand.name), `: ${hand.cards.length === 0 ? "no cards" : hand.cards.map((c) => c.name).join(", ")}`,
        hand.draws_due > 0 ? h("span", {}, ` — ${hand.draws_due} to draw: `,
          pick(`dr-draw-${hand.seat}`, t.cards.map((c) => [c.id, c.name]), drawn[0], (val) => { drawn[0] = val; }, `${hand.name}: card drawn`),
          btn("Drawn", () => ctx.send({ type: "draw_twist", player: hand.seat, card: drawn[0] }), { id: `dr-draw-${hand.seat}-go` })) : null,
        t.playable ? h("div", {}, ...hand.cards.filter((c) => c.needs !== "nothing").map((c) => playForm(hand.seat, c))) : null,
      );
    }),
    t.playable ? null : h("p", { class: "muted" }, "Twist cards are played in a level's Monster Phase, before any monster is fought."),
  );
}

/**
 * The advanced rule: a trade of one token or Twist card each way (or a
 * gift) between two players; the engine refuses what is not held.
 */
function tradePanel(ctx: ScreenCtx, v: DrView): HTMLElement | null {
  if (!v.trading || v.players.length < 2) return null;
  const t = (ui.picks["trade"] ??= ["0", "1", "", ""]);
  const [from, to] = [Number(t[0]), Number(t[1])];
  const seats = v.players.map((p): [string, string] => [String(p.seat), p.name]);
  const gives = tradeGoods(v, from);
  const takes: Array<[string, string]> = [["", "nothing"], ...tradeGoods(v, to)];
  if (!gives.some(([k]) => k === t[2])) t[2] = gives[0]?.[0] ?? "";
  if (!takes.some(([k]) => k === t[3])) t[3] = "";
  const ready = from !== to && (t[2] !== "" || t[3] !== "");
  return h("div", { class: "panel", id: "dr-trade" },
    h("h4", {}, "Trade (advanced rule)"),
    pick("dr-trade-from", seats, t[0], (val) => { t[0] = val; ctx.rerender(); }, "Player who gives"),
    " gives ",
    gives.length > 0
      ? pick("dr-trade-give", [["", "nothing"], ...gives], t[2], (val) => { t[2] = val; ctx.rerender(); }, "Handed over")
      : h("span", { class: "muted" }, "nothing (holds no token or card)"),
    " to ",
    pick("dr-trade-to", seats, t[1], (val) => { t[1] = val; ctx.rerender(); }, "Player who gets it"),
    " for ",
    pick("dr-trade-take", takes, t[3], (val) => { t[3] = val; ctx.rerender(); }, "Handed back"),
    " ",
    btn("Trade", () => ctx.send(tradeCommand(from, to, t[2], t[3])), { id: "dr-trade-go", disabled: !ready }),
  );
}

/** The ready offers the panels above do not already carry (retire, flee). */
function readyButtons(ctx: ScreenCtx): HTMLElement {
  const shown = new Set(["accept_proposal"]);
  return h("div", { class: "dr-actions", id: "dr-ready" },
    ...ctx.view.offers.filter((o) => !o.fill?.length && !shown.has(o.key)).map((o) => btn(o.label, () => ctx.send(o.command), { "data-offer": o.key })));
}

function scoresPanel(v: DrView): HTMLElement | null {
  const f = v.finished;
  if (!f) return null;
  const winners = f.winners.map((i) => f.scores.find((s) => s.player === i)?.name ?? `seat ${i + 1}`);
  return h("div", { class: "panel dr-scores", id: "dr-scores" },
    h("h3", {}, winners.length === 1 ? `${winners[0]} wins` : `Shared victory: ${winners.join(" and ")}`),
    h("table", {},
      h("tr", {}, ...["Player", "XP", "Token XP", "Dragon Scale pairs", "Total", "Tokens held"].map((t) => h("th", {}, t))),
      ...f.scores.map((s) => h("tr", { class: f.winners.includes(s.player) ? "won" : "" }, ...[s.name, s.xp, s.token_xp, s.scale_pairs_xp, s.total, s.tokens].map((c) => h("td", {}, String(c)))))),
    h("p", { class: "muted" }, "Ties go to the player with fewer treasure tokens."),
  );
}

function cameraNote(ctx: ScreenCtx): HTMLElement | null {
  const t = ctx.view.throws[0];
  const note = t && t.applied_seq === null ? throwNote(t.status, t.reason) : null;
  return note ? h("p", { class: "banner", id: "dr-camera-note" }, note) : null;
}

// ---------------------------------------------------------------- keys

let lastCtx: ScreenCtx | null = null;
let listening = false;
function onKey(e: KeyboardEvent): void {
  const el = document.getElementById("dr-board");
  if (!el || el.offsetParent === null || !lastCtx) return;
  const t = e.target as HTMLElement | null;
  const typing = !!t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT");
  const k = drKey(e.key, typing, e.ctrlKey || e.metaKey || e.altKey);
  if (!k) return;
  const ctx = lastCtx;
  const v = asDrView(ctx.view.view);
  if (k === "accept") {
    const o = ctx.view.offers.find((x) => x.key === "accept_proposal");
    if (!o) return;
    e.preventDefault();
    ctx.send(o.command);
  } else if (k === "roll" && v.roll_wanted) {
    e.preventDefault();
    rollForMe(ctx, v);
  }
}

function board(ctx: ScreenCtx): HTMLElement {
  ensureStyles();
  sync(ctx);
  lastCtx = ctx;
  if (!listening) {
    document.addEventListener("keydown", onKey);
    listening = true;
  }
  const v = asDrView(ctx.view.view);
  return h("div", { class: "dr-board", id: "dr-board" },
    h("p", { class: "panel dr-now", id: "dr-now" }, nowLine(v)),
    cameraNote(ctx),
    scoresPanel(v),
    tableView(v),
    rollPanel(ctx, v),
    correctionPanel(ctx, v),
    helperPanel(ctx, v),
    fightPanel(ctx, v),
    ultimatePanel(ctx, v),
    rerollPanel(ctx, v),
    ...lootPanels(ctx, v),
    dragonPanel(ctx, v),
    tokenPanel(ctx, v),
    twistPanel(ctx, v),
    tradePanel(ctx, v),
    readyButtons(ctx),
    h("p", { class: "muted dr-keys" }, DR_KEY_HELP.map(([k, w]) => `${k}: ${w}`).join(" · ")),
  );
}

export const drScreen: GameScreen = {
  game: "dungeon-roll",
  setupForm: (start, fail, options) => {
    ensureStyles();
    return setupForm(start, fail, asDrOptions(options));
  },
  board,
  describeCommand,
  describeEvent,
};
