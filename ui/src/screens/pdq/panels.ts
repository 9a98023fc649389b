// The side panels of the Pocket Dungeon Quest screen: the Attack Die, the
// last roll with its corrections, the Henchmen pick, the Boss's stack, the
// engine's other offers, the piles, the heroes and the campaign.
import { h } from "../../dom";
import type { GameView, Offer } from "../../game-ipc";

import type { ScreenCtx } from "../plugin";
import type { PdqUi } from "./screen";
import { effectLines } from "./describe";
import {
  attackTargets,
  cameraHenchmenFace,
  canReroll,
  correctedRoll,
  filledOffer,
  gearName,
  henchmenNeeded,
  heroName,
  lastRoll,
  merchantDraws,
  OWN_OFFERS,
  otherFaces,
  pickable,
  pileLeft,
  RESULT_WORDS,
  rerolled,
  tableRoll,
  tileName,
} from "./model";
import { posWords, samePos, type PdqView, type Pos } from "./types";

type LogEntry = GameView["log"][number];

/** The last roll: its face, hit / miss / Critical Miss, what followed, and one click to correct it. */
export function rollPanel(ctx: ScreenCtx, v: PdqView, entry: LogEntry | null): HTMLElement | null {
  const r = lastRoll(entry);
  if (!r) return null;
  const result = r.result ? RESULT_WORDS[r.result] ?? r.result : null;
  const face = v.die_faces.find((f) => f.face === r.face)?.words ?? r.face;
  return h("div", { class: `panel pdq-roll${r.result ? ` r-${r.result}` : ""}`, id: "pdq-roll", "data-result": r.result ?? "" },
    h("p", { class: "big" },
      `${r.source === "camera" ? "Camera roll" : "Roll"}: ${face}`,
      r.monster ? ` against the ${tileName(v, r.monster)}` : "",
      result ? " — " : "", result ? h("strong", { id: "pdq-roll-result" }, result) : null),
    h("ul", { class: "pdq-effects" }, ...effectLines(r.events).map((l) => h("li", {}, l))),
    canReroll(v, r)
      ? h("div", { class: "pdq-correct", id: "pdq-reroll" }, h("span", {}, "Eagle Eye Vision: re-roll, and the second roll counts: "),
        ...v.die_faces.map((f) => h("button", { "data-reroll": f.face, onclick: () => ctx.correct(rerolled(r, f.face)) }, f.words)))
      : null,
    h("div", { class: "pdq-correct", id: "pdq-correct" }, h("span", { class: "muted" }, "Not what the die shows? It was: "),
      ...otherFaces(v.die_faces, r).map((f) => h("button", { "data-correct": f.face, onclick: () => ctx.correct(correctedRoll(r, f.face)) }, f.words))));
}

/** The Attack Die for what the game waits for: a face clicked, or the die on the table read. */
export function diePanel(ctx: ScreenCtx, v: PdqView, ui: PdqUi): HTMLElement | null {
  const w = v.waiting_for;
  if (w !== "attack" && w !== "boss_attack" && w !== "poison_roll") return null;
  const targets = attackTargets(ctx.view.offers);
  const pickKey = "attack";
  const chosen = ui.picks[pickKey]?.target;
  const target: Pos | null = w === "poison_roll" ? null : targets[chosen ?? -1]?.value ?? v.camera_target ?? targets[0]?.value ?? null;
  const command = (face: string): Record<string, unknown> => (w === "poison_roll" ? { type: "poison_roll", roll: face } : { type: "attack", target, roll: face });
  const targetPicker = targets.length > 1
    ? h("label", {}, "Attack ", h("select", { id: "pdq-target", onchange: (e: Event) => { ui.picks[pickKey] = { target: Number((e.target as HTMLSelectElement).value) }; ctx.rerender(); } },
        ...targets.map((t, i) => h("option", { value: i, selected: samePos(t.value, target) }, `the ${tileName(v, v.mat.cells[t.value.row]?.[t.value.col] ?? "")} at ${t.label}`))))
    : target ? h("p", {}, `Attacking the ${tileName(v, v.mat.cells[target.row]?.[target.col] ?? (v.boss ? "boss" : ""))} at ${posWords(target)}`) : null;
  const onTable = (): void => {
    const r = tableRoll(ctx.tableDice(), v.die_faces);
    if ("why" in r) {
      ui.note = r.why;
      return ctx.rerender();
    }
    ctx.sendCamera(command(r.face), { dice: [r.die] });
  };
  return h("div", { class: "panel pdq-die", id: "pdq-die" },
    h("h4", {}, w === "poison_roll" ? "Roll for the Poison" : "Roll To Hit"),
    targetPicker,
    h("div", { class: "pdq-chips" }, ...v.die_faces.map((f) => h("button", { class: `face f-${f.kind}`, "data-face": f.face, onclick: () => ctx.send(command(f.face)) }, f.words))),
    h("button", { id: "pdq-die-table", onclick: onTable, title: "Read the Attack Die at rest on the table now" }, "Use the die on the table"),
    h("p", { class: "muted" }, "A throw the camera sees finish is taken by itself."));
}

/** The Henchmen roll and the Monsters taken from the Monster Pile, the last on top. */
export function henchmenPanel(ctx: ScreenCtx, v: PdqView, ui: PdqUi): HTMLElement | null {
  if (v.waiting_for !== "henchmen") return null;
  const read = ui.henchmenFace ? null : cameraHenchmenFace(v, ctx.view.throws);
  const face = ui.henchmenFace ?? read;
  const need = face ? henchmenNeeded(v, face) : 0;
  const left = pileLeft(v, ui.chosen);
  const kinds = [...new Set(left)];
  return h("div", { class: "panel pdq-henchmen", id: "pdq-henchmen" },
    h("h4", {}, "The Henchmen roll"),
    read ? h("p", { class: "muted", id: "pdq-henchmen-camera" }, `The camera read ${v.die_faces.find((f) => f.face === read)?.words ?? read}: choose the Henchmen, or click the right face if it is wrong.`) : null,
    h("div", { class: "pdq-chips" }, ...v.die_faces.map((f) => h("button", { class: `face f-${f.kind}${face === f.face ? " on" : ""}`, "data-face": f.face, onclick: () => { ui.henchmenFace = f.face; ui.chosen = []; ctx.rerender(); } }, f.words))),
    face ? h("p", {}, `${need} Henchm${need === 1 ? "a" : "e"}n from the Monster Pile; chosen: ${ui.chosen.map((k) => tileName(v, k)).join(", ") || "none"}`) : null,
    face && ui.chosen.length < need ? h("div", { class: "pdq-chips" }, ...kinds.map((k) => h("button", { "data-monster": k, onclick: () => { ui.chosen.push(k); ctx.rerender(); } }, tileName(v, k)))) : null,
    face ? h("button", { id: "pdq-henchmen-send", disabled: ui.chosen.length < need, onclick: () => ctx.send({ type: "henchmen", roll: face, chosen: ui.chosen }) }, "Stack them on the Boss") : null,
    face && ui.chosen.length ? h("button", { onclick: () => { ui.chosen = []; ctx.rerender(); } }, "Choose again") : null);
}

/** The Boss Fight: the stack, the top (fought next) first. */
export function bossPanel(v: PdqView): HTMLElement | null {
  const b = v.boss;
  if (!b) return null;
  const stack = [...b.stack].reverse();
  return h("div", { class: "panel pdq-boss", id: "pdq-boss" },
    h("h4", {}, `The Boss at ${posWords(b.at)}`),
    h("p", { class: "muted" }, `Revealed by the ${heroName(v, b.revealer)}`),
    stack.length
      ? h("ol", { class: "pdq-stack" }, ...stack.map((k, i) => h("li", {}, tileName(v, k), i === 0 ? " (on top: fought next)" : "")), h("li", {}, "the Boss"))
      : h("p", {}, b.stage.stage === "fight" ? "No Henchmen left: the Boss itself is fought." : "No Henchmen yet."));
}

/** Every other command the engine offers now: a button, or pickers of the engine's choices. */
export function offersPanel(ctx: ScreenCtx, v: PdqView, ui: PdqUi): HTMLElement | null {
  const offers = ctx.view.offers.filter((o) => !OWN_OFFERS.has(o.key));
  if (offers.length === 0) return null;
  return h("div", { class: "panel pdq-offers", id: "pdq-offers" }, h("h4", {}, "What you can do"),
    ...offers.map((o) => (o.key === "buy" ? buyRow(ctx, v, ui, o) : offerRow(ctx, ui, o))));
}

function offerRow(ctx: ScreenCtx, ui: PdqUi, o: Offer): HTMLElement | null {
  if (!(o.fill?.length)) return h("div", { class: "pdq-offer" }, h("button", { "data-offer": o.key, onclick: () => ctx.send(o.command) }, o.label));
  if (!pickable(o)) return null;
  const picks = (ui.picks[o.key] ??= {});
  // A path with one legal value needs no choosing.
  for (const p of o.fill ?? []) if (picks[p] === undefined && o.inputs?.[p]?.choices?.length === 1) picks[p] = 0;
  const f = filledOffer(o, picks);
  return h("div", { class: "pdq-offer", "data-offer": o.key },
    h("span", {}, o.label.replace(/…$/, "")),
    ...(o.fill ?? []).map((p) => h("select", { "data-path": p, "aria-label": p, onchange: (e: Event) => { picks[p] = Number((e.target as HTMLSelectElement).value); ctx.rerender(); } },
      h("option", { value: -1 }, "—"),
      ...(o.inputs?.[p]?.choices ?? []).map((c, i) => h("option", { value: i, selected: picks[p] === i }, c.label)))),
    h("button", { disabled: !("command" in f), onclick: () => { if ("command" in f) ctx.send(f.command); } }, "Go"));
}

/** The Merchant: the one or two tiles turned up, and the one kept. */
function buyRow(ctx: ScreenCtx, v: PdqView, ui: PdqUi, o: Offer): HTMLElement {
  const kinds = (o.inputs?.drawn?.choices ?? []).map((c) => String(c.value));
  const putBack = o.inputs?.put_back?.choices ?? [];
  const picks = (ui.picks[o.key] ??= {});
  const send = (keep: string): void => {
    const c: Record<string, unknown> = { type: "buy", drawn: ui.drawn, keep };
    if (putBack.length) c.put_back = putBack[picks.put_back ?? 0]?.value;
    ctx.send(c);
  };
  return h("div", { class: "pdq-offer pdq-buy", "data-offer": "buy" },
    h("span", {}, o.label.replace(/…$/, ""), ui.drawn.length ? `: turned up ${ui.drawn.map((k) => tileName(v, k)).join(" and ")}` : ": the tiles turned up"),
    ui.drawn.length < merchantDraws(v) ? h("span", { class: "pdq-chips" }, ...kinds.map((k) => h("button", { "data-drawn": k, onclick: () => { ui.drawn.push(k); ctx.rerender(); } }, tileName(v, k)))) : null,
    putBack.length ? h("select", { "aria-label": "Put back", onchange: (e: Event) => { picks.put_back = Number((e.target as HTMLSelectElement).value); } }, ...putBack.map((c, i) => h("option", { value: i }, `put back the ${c.label}`))) : null,
    ...ui.drawn.map((k) => h("button", { "data-keep": k, onclick: () => send(k) }, `keep the ${tileName(v, k)}`)),
    ui.drawn.length ? h("button", { onclick: () => { ui.drawn = []; ctx.rerender(); } }, "Clear") : null);
}

export function pilesPanel(v: PdqView): HTMLElement {
  const pile = (name: string, n: number, extra = "") => h("div", { class: "pdq-pile" }, h("span", { class: "v" }, n), h("span", { class: "k" }, name), extra ? h("span", { class: "muted" }, extra) : null);
  return h("div", { class: "panel pdq-piles", id: "pdq-piles" },
    pile("Discard Pile", v.piles.discard),
    pile("Monster Pile", v.piles.monster),
    pile("Gem Pile", v.piles.gem, `${v.gem_pile} Gems`),
    pile("Merchant Pile", v.piles.merchant, v.merchant_open ? "open" : "closed"),
    h("p", { class: "pdq-goal" }, `Master Relics ${v.relics_found} of ${v.rules.relics_needed} · Exit ${v.exit_found ? "found" : "not found"} · ${v.hidden_tiles} tiles face down`));
}

export function heroesPanel(v: PdqView): HTMLElement {
  return h("div", { class: "panel pdq-heroes", id: "pdq-heroes" },
    ...v.heroes.map((x) => {
      const marks = [
        x.hero === v.turn?.hero ? "their turn" : "",
        x.dead ? "Dead" : "",
        x.poisoned ? "Poisoned" : "",
        x.skip_next_turn ? "loses the next turn" : "",
        x.shield ? "Shield raised" : "",
        x.holy_water ? "Holy Water taken" : "",
      ].filter(Boolean);
      return h("div", { class: `pdq-hero${x.hero === v.turn?.hero ? " on" : ""}${x.dead ? " dead" : ""}`, "data-hero": x.hero },
        h("p", { class: "big" }, heroName(v, x.hero), " ", h("span", { class: "hearts", title: `${x.hearts} of ${x.max_hearts} Hearts` }, "♥".repeat(x.hearts) + "♡".repeat(Math.max(0, x.max_hearts - x.hearts))), marks.length ? h("span", { class: "muted" }, ` (${marks.join(", ")})`) : null),
        h("p", {}, `Inventory (${x.inventory.length} of ${x.inventory_limit}): ${x.inventory.map((k) => tileName(v, k)).join(", ") || "empty"}`),
        x.effects.length ? h("p", {}, `Effects: ${x.effects.map((k) => tileName(v, k)).join(", ")} (the last applies to the next roll)`) : null,
        x.pinned.length ? h("p", {}, `Skelly Archer${x.pinned.length > 1 ? "s" : ""} to attack first: ${x.pinned.map(posWords).join("; ")}`) : null,
        // Levels, XP, Keys and Gear belong to the expansion (a campaign implies it).
        x.next_level !== null || x.level > 0 || x.gear.length > 0
          ? h("p", {}, `Level ${x.level} · ${x.xp} XP · ${x.keys} Key${x.keys === 1 ? "" : "s"}`, x.gear.length ? ` · Gear: ${x.gear.map((g) => gearName(v, g) + (x.cooldowns[g] ? ` (ready in round ${x.cooldowns[g]})` : "")).join(", ")}` : "")
          : null);
    }));
}

/** The campaign: the session, and each hero's Level, XP, Keys and Gear toward the next Level. */
export function campaignPanel(g: GameView, v: PdqView): HTMLElement | null {
  if (v.campaign_session === null || v.campaign_session === undefined) return null;
  return h("div", { class: "panel pdq-campaign", id: "pdq-campaign" },
    h("h4", {}, `Campaign: session ${v.campaign_session}`),
    h("table", { class: "list" },
      h("thead", {}, h("tr", {}, h("th", {}, "Hero"), h("th", {}, "Level"), h("th", {}, "XP"), h("th", {}, "Keys"), h("th", {}, "Gear"), h("th", {}, "Next Level"))),
      h("tbody", {}, ...v.heroes.map((x) => h("tr", {},
        h("td", {}, heroName(v, x.hero)),
        h("td", {}, x.level),
        h("td", {}, x.xp),
        h("td", {}, x.keys),
        h("td", {}, x.gear.map((k) => gearName(v, k)).join(", ") || "—"),
        h("td", {}, x.next_level ? `Level ${x.next_level.level}: ${x.next_level.xp} XP and ${x.next_level.keys} Key${x.next_level.keys === 1 ? "" : "s"}${x.can_level_up ? " — ready" : ""}` : "the last Level"))))),
    h("p", { class: "muted" }, g.campaign_id !== null
      ? "Saved with this game after every action; resume it from the saved games. The next session starts from here when this one is won."
      : "Saved with this game after every action; the next session starts from here when this one is won."));
}


