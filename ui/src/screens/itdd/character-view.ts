// The characters: the list, the new-character form, the selected
// character's sheet (attributes, afflictions, quest, items) and the
// character turn's actions in the dungeon.
import { h } from "../../dom";
import type { ScreenCtx } from "../plugin";
import { attackCommand, attrsOf, fleeCommand, lootCommand, lootOutcome, trapCommand } from "./commands";
import { questProgressText, shown } from "./rules";
import { enemyLabel, itemName, key, reachOf, uniqueId, type CharacterView, type ItddView, type Pos } from "./model";
import { townActions } from "./town-view";
import { getDie, getPair, sendWith } from "./dice-view";
import { type UiState, words, numInput, select, btn, rerender, say, itemPicker } from "./widgets";

function enemiesRow(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement | null {
  if (!v.enemies.length) return null;
  return h("div", { class: "row", id: "itdd-enemies" }, h("span", { class: "muted" }, "Enemies: "),
    ...v.enemies.map((e) => h("button", {
      class: `enemy-chip ${e.kind}${e.id === u.target ? " on" : ""}`,
      "data-target": e.id,
      title: `${e.kind}${e.engaged ? ", has seen a character" : ""}; attack ${e.attrs.attack}, move ${e.attrs.move}, torch ${e.attrs.torch}`,
      onclick: () => { u.target = e.id; rerender(ctx); },
    }, `${enemyLabel(v, e)} ♥${e.attrs.life} ⚔${e.attrs.attack} ➜${e.attrs.move}`)));
}

export function charactersPanel(ctx: ScreenCtx, v: ItddView, u: UiState): HTMLElement {
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
  // Typed from the character card (the circles): nothing is filled in for the player.
  const a = { attack: NaN, move: NaN, torch: NaN, life: NaN };
  const attrInputs = (Object.keys(a) as (keyof typeof a)[]).map((k) => h("label", {}, `${k[0].toUpperCase()}${k.slice(1)} `, numInput(a[k], (n) => { a[k] = n; }, { "data-nc-attr": k })));
  const starting = v.rules.startingItems.map((k) => ({ k, box: h("input", { type: "checkbox", "data-nc-item": k }) }));
  return h("div", { class: "itdd-form", id: "itdd-new-character" },
    h("div", { class: "row" }, player, name, type),
    h("div", { class: "row" }, ...attrInputs),
    h("div", { class: "row" }, h("span", { class: "muted" }, `Starting items (up to ${shown(v.rules.startingItemsAllowed)}): `), ...starting.map((s) => h("label", { class: "check" }, s.box, ` ${words(s.k)}`))),
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

export function characterPanel(ctx: ScreenCtx, v: ItddView, u: UiState, c: CharacterView): HTMLElement {
  const stat = (label: string, cur: number, max: number) => h("span", { class: "stat" }, h("span", { class: "muted" }, label), ` ${cur}`, h("span", { class: "muted" }, `/${max}`));
  const aff = c.afflictions.map((a) => h("span", { class: `chip aff ${a.kind}` }, `${words(a.kind)} ${a.pending ? "(from next turn)" : ""} ${a.turnsLeft} turn(s)`));
  return h("div", { class: "panel itdd-character", id: "itdd-character" },
    h("h3", {}, c.name, h("span", { class: "muted" }, ` — ${c.type}, ${c.player}${c.alive ? "" : ", defeated"}${c.current ? ", their turn" : ""}`)),
    h("div", { class: "row stats" }, stat("Attack", c.attrs.attack, c.max.attack), stat("Move", c.attrs.move, c.max.move), stat("Torch", c.attrs.torch, c.max.torch), stat("Life", c.attrs.life, c.max.life),
      h("span", { class: "stat" }, h("span", { class: "muted" }, "Coins"), ` ${c.coins}`)),
    aff.length ? h("div", { class: "row" }, ...aff) : null,
    c.quest ? h("p", { class: "quest", id: "itdd-quest-progress" }, h("strong", {}, `Quest ${words(c.quest)}: `), questProgressText(v.rules, c.quest, c.questProgress) ?? "in progress",
      c.questTally.length ? h("span", { class: "muted" }, ` (${c.questTally.join(", ")})`) : null) : null,
    h("p", { class: "muted" }, `Titles: ${c.titles.length ? c.titles.map(words).join(", ") : "none"}${c.activePath ? ` · Path: ${c.activePath} (${c.pathCharge}/${c.paths.find((p) => p.name === c.activePath)?.charges ?? "?"})` : ""}`),
    inventory(ctx, v, c),
    coinGiving(ctx, v, c),
    c.alive ? (c.inDungeon ? dungeonActions(ctx, v, u, c) : townActions(ctx, v, c)) : h("p", { class: "muted" }, "Defeated. The player may make a new character; the stash is kept."));
}

function inventory(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement {
  const inTown = c.alive && !c.inDungeon;
  return h("div", { class: "itdd-inventory" },
    h("h4", {}, `Items ${c.inventory.length}/${shown(c.capacity)}`),
    c.equipped ? h("p", {}, "Equipped: ", itemName(c.equipped.weapon), c.equipped.runes.length ? ` + ${c.equipped.runes.map(itemName).join(", ")}` : "", " ", btn("Unequip", () => ctx.send({ type: "unequip", character: c.id }))) : null,
    c.inventory.length === 0 ? h("p", { class: "muted" }, "Nothing carried.") : null,
    h("ul", { class: "items" }, ...c.inventory.map((it, i) => {
      const kind = String(it.item);
      // What the Merchant pays for this card (null: he will not buy it).
      const sell = v.rules.characters.get(c.id)?.sell[i] ?? null;
      return h("li", {}, `${i + 1}. ${itemName(it)} `,
        ["potion", "torch"].includes(kind) ? btn("Use", () => ctx.send({ type: "use_item", character: c.id, index: i })) : null,
        ["weapon", "rune"].includes(kind) ? btn("Equip", () => ctx.send({ type: "equip", character: c.id, index: i })) : null,
        c.inDungeon ? btn("Drop", () => ctx.send({ type: "drop", character: c.id, index: i })) : null,
        inTown && sell !== null ? btn(`Sell (${sell})`, () => ctx.send({ type: "sell", character: c.id, index: i })) : null,
        giveButtons(ctx, v, c, i));
    })));
}

/** Coins handed to a friend: adjacent in the dungeon, stash to stash in
 *  town (the engine checks both and says why it refuses). */
function coinGiving(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement | null {
  // In town every coin is in the stash, and a player's characters share it.
  const to = giveTargets(v, c).filter((o) => c.inDungeon || o.player !== c.player);
  const have = c.inDungeon ? c.coins : (v.stashes.find((s) => s.player === c.player)?.coins ?? 0);
  if (!c.alive || have <= 0 || !to.length) return null;
  const amount = h("input", { type: "number", min: "1", max: String(have), value: "1", class: "num", "aria-label": "Coins to give" }) as HTMLInputElement;
  return h("div", { class: "row", id: "itdd-give-coins" }, "Give ", amount, " coin(s) ",
    ...to.map((o) => btn(`to ${o.name}`, () => {
      const n = Number(amount.value);
      if (Number.isInteger(n) && n >= 1) ctx.send({ type: "give_coins", from: c.id, to: o.id, amount: n });
    })));
}

function giveTargets(v: ItddView, c: CharacterView): CharacterView[] {
  return c.inDungeon ? reachOf(v, c).friends : v.characters.filter((o) => o.id !== c.id && o.alive && !o.inDungeon && !c.inDungeon);
}

function giveButtons(ctx: ScreenCtx, v: ItddView, c: CharacterView, index: number): HTMLElement | null {
  const to = giveTargets(v, c);
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
  const moveBtn = (run: boolean) => btn(run ? `Run (+${shown(v.rules.runBonus)}, needs a Torch)` : `Move ${u.path.length} of ${c.attrs.move}`, () => {
    if (!u.path.length) return say(ctx, "Draw the path first: choose “Move path” and click the squares.");
    ctx.send({ type: "move", character: c.id, path: u.path.map((p) => [...p]), run });
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
          ...r.enemies.map((e) => h("button", { class: e.id === target?.id ? "on" : null, onclick: () => { u.target = e.id; rerender(ctx); } }, `${enemyLabel(v, e)} ♥${e.attrs.life} ⚔${e.attrs.attack}`)),
          btn("Attack", () => void fight("attack"), { class: "primary", id: "itdd-attack" }),
          btn("Flee", () => void fight("flee"), { id: "itdd-flee" }),
          h("label", { class: "check", title: `Spend a Giant Strength charge (+${shown(v.rules.giantStrengthBonus)})` }, giant, " Giant Strength"))
      : h("p", { class: "muted" }, "No enemy adjacent."),
    c.onTrap
      ? h("div", { class: "row trap" }, h("span", {}, "On a trap: "),
          btn("Disarm (Tools)", () => ctx.send({ type: "disarm_trap", character: c.id })),
          btn("Roll the trap", () => { const d = getDie(ctx, u); if (d) sendWith(ctx, trapCommand(c.id, d.roll, d.source), d.reading); }, { id: "itdd-trap" }),
          h("span", { class: "muted" }, v.rules.traps.map((t) => `${shown(t.roll)}: ${t.text.split(":")[0].replace(/\.$/, "")}`).join(" · ")))
      : null,
    r.containers.length ? lootForm(ctx, v, u, c, r.containers) : null,
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

function lootForm(ctx: ScreenCtx, v: ItddView, u: UiState, c: CharacterView, containers: { at: Pos; kind: string }[]): HTMLElement {
  const table = v.rules.containers;
  const pending = u.pendingLoot && u.pendingLoot.character === c.id && containers.some((k) => key(k.at) === key(u.pendingLoot!.at)) ? u.pendingLoot : null;
  let chosen = pending ? containers.find((k) => key(k.at) === key(pending.at))! : containers[0];
  const pick = select(containers.map((k): [string, string] => [key(k.at), `${k.kind} at (${k.at[0]}, ${k.at[1]})`]), key(chosen.at), (k) => { chosen = containers.find((x) => key(x.at) === k) ?? chosen; }, { "aria-label": "Container", id: "itdd-loot-container" });
  const withKey = select([["", "—"], ["master_key", "master key"], ["tools", "tools"]], "", () => {}, { "aria-label": "Open the chest with" });
  const info = (k: string) => {
    const t = table.find((x) => x.kind === k);
    if (!t) return "";
    if (t.needsKey) return "needs a master key or tools";
    if (t.threshold === null) return "roll for coins";
    const rolls = v.rules.characters.get(c.id)?.loot[k] ?? [];
    const first = rolls.findIndex((r) => r.success);
    return first < 0 ? "no roll succeeds" : `a roll of ${first + 1} or more: ${t.items} item card(s)`;
  };
  const loot = () => {
    const rule = table.find((x) => x.kind === chosen.kind);
    if (!rule) return say(ctx, `No loot rule for the ${chosen.kind}.`);
    const w = (withKey.value || null) as "master_key" | "tools" | null;
    if (rule.needsKey && !w) return say(ctx, `The ${chosen.kind} is locked: choose the master key or tools to open it.`);
    const same = pending && key(pending.at) === key(chosen.at) ? pending : null;
    const d = rule.needsKey ? null : same ?? getDie(ctx, u);
    if (!rule.needsKey && !d) return;
    const out = lootOutcome(rule, v.rules.characters.get(c.id)?.loot[chosen.kind], d ? d.roll : null);
    if (u.lootItems.length < out.cards) {
      u.pendingLoot = d ? { character: c.id, at: chosen.at, roll: d.roll, source: d.source, reading: d.reading, waitingForCards: true } : null;
      return say(ctx, `${d ? `Rolled ${d.roll}${out.score !== null && out.score !== d.roll ? ` + Torch = ${out.score}` : ""}: success. ` : ""}Draw ${out.cards} item card(s), add ${out.cards > 1 ? "them" : "it"} below, then press Loot again.`);
    }
    if (u.lootItems.length > out.cards) {
      if (out.cards === 0) u.lootItems = [];
      else return say(ctx, `The ${chosen.kind} gives ${out.cards} item card(s): remove the extra ones.`);
    }
    const cmd = lootCommand(c.id, chosen.at, d ? d.roll : null, d ? d.source : "manual", w, u.lootItems);
    // Kept until the log moves: if the engine refuses, the same roll and cards are used again.
    u.pendingLoot = d ? { character: c.id, at: chosen.at, roll: d.roll, source: d.source, reading: d.reading, waitingForCards: false } : null;
    sendWith(ctx, cmd, d?.reading ?? null);
  };
  return h("div", { class: "itdd-loot", id: "itdd-loot" },
    h("div", { class: "row" }, h("span", {}, "Loot: "), pick, h("label", {}, "chest with ", withKey),
      btn(pending ? `Loot (rolled ${pending.roll})` : "Loot (roll)", loot, { class: "primary", id: "itdd-loot-btn" })),
    pending?.waitingForCards ? h("p", { class: "ask" }, `Rolled ${pending.roll}: a success. Add the item card(s) drawn, then press Loot again.`) : null,
    h("p", { class: "muted" }, containers.map((k) => `${k.kind}: ${info(k.kind)}`).join(" · ")),
    h("div", { class: "row" }, h("span", { class: "muted" }, "Item cards drawn: "),
      ...u.lootItems.map((it, i) => h("span", { class: "chip" }, itemName(it), " ", h("button", { class: "x", onclick: () => { u.lootItems = u.lootItems.filter((_, k) => k !== i); rerender(ctx); } }, "×"))),
      itemPicker(v.rules, (it) => { u.lootItems = [...u.lootItems, it]; rerender(ctx); }, "Add card", (m) => say(ctx, m))));
}
