// Crossroads Town: Questmaster, Merchant, Mystic, Innkeeper, the Tree, the
// arena purse, and the stashes that survive a character's death. Every
// price, list and limit is the engine's (ItddView.rules); the screen only
// lays them out.
import { h } from "../../dom";
import type { ScreenCtx } from "../plugin";
import { anyoneInside, freeGateSquares, itemName, type CharacterView, type ItddView } from "./model";
import { shown } from "./rules";
import { type Cmd, words, numInput, select, btn, say, itemPicker } from "./widgets";
import { offeredFor, offeredPlain } from "./offered";

export function townActions(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement {
  const r = v.rules;
  const mine = r.characters.get(c.id);
  const gates = freeGateSquares(v);
  const open = r.quests.filter((q) => mine?.openQuests.includes(q.id));
  let quest = open[0]?.id ?? "";
  const nextTitle = mine?.nextTitle ?? null;
  const bookName = (id: string) => r.books.find((b) => b.id === id)?.name ?? id;
  const books = r.books.filter((b) => mine?.booksForSale.includes(b.id));
  let book = books[0]?.id ?? "";
  const pathName = h("input", { type: "text", placeholder: "path name", size: 12 });
  let prereq = "attack";
  const q = mine?.quest ?? null;
  let rewardItem: Cmd | null = null;
  const rewardBooks = mine?.rewardBooks ?? [];
  let rewardBook = rewardBooks[0] ?? "";
  const defeats: Record<string, number> = {};
  // The inn and a new dungeon are the engine's offers: shown only when it would take them.
  const inn = offeredFor(ctx.view.offers, c.id, c.name, ["inn_recover", "inn_rumor"]);
  const newDungeon = anyoneInside(v) ? null : offeredPlain(ctx.view.offers, "new_dungeon");
  const counted = q && q.target !== null && q.progress < q.target ? `, ${q.progress} of ${q.target} counted by the app — deliver when the table says it is done` : "";
  return h("div", { class: "itdd-town", id: "itdd-town" },
    h("h4", {}, "Crossroads Town"),
    h("div", { class: "row" },
      gates.length
        ? h("span", { class: "muted" }, "Enter the dungeon: click a free Gate square on the grid, or ", btn(`enter at (${gates[0][0]}, ${gates[0][1]})`, () => ctx.send({ type: "enter_dungeon", character: c.id, at: [...gates[0]] }), { id: "itdd-enter" }))
        : h("span", { class: "muted" }, v.cards.length ? "No free Gate square." : "Lay the Gate card to enter."),
      newDungeon ? btn(newDungeon.label, () => ctx.send(newDungeon.command), { id: "itdd-new-dungeon" }) : null),
    h("div", { class: "row" }, h("strong", {}, "Questmaster "),
      c.quest
        ? h("span", {}, `On ${words(c.quest)} (${q?.difficulty ?? "?"})${counted}. `,
            q?.reward?.items ? itemPicker(r, (it) => { rewardItem = it; say(ctx, `Reward item chosen: ${itemName(it)} — now press Complete.`); }, "Reward item", (m) => say(ctx, m)) : null,
            q?.reward?.book ? select(rewardBooks.map((b): [string, string] => [b, bookName(b)]), rewardBook, (b) => { rewardBook = b; }, { "aria-label": "Reward book" }) : null,
            btn("Complete", () => {
              const cmd: Cmd = { type: "complete_quest", character: c.id };
              if (q?.reward?.items && rewardItem) cmd.item = rewardItem;
              if (q?.reward?.book && rewardBook) cmd.book = rewardBook;
              ctx.send(cmd);
            }, { id: "itdd-complete-quest" }))
        : v.mode === "arena"
          ? h("span", { class: "muted" }, "No quests in the arena.")
          : h("span", {}, select(open.map((x): [string, string] => [x.id, `${words(x.id)} (${x.difficulty})`]), quest, (x) => { quest = x; }, { id: "itdd-quest", "aria-label": "Quest" }),
              btn("Accept", () => ctx.send({ type: "accept_quest", character: c.id, quest }), { id: "itdd-accept-quest" }),
              nextTitle ? h("span", { class: "muted" }, ` next title: ${nextTitle.title}, earned by ${/^[aeiou]/.test(nextTitle.needs) ? "an" : "a"} ${nextTitle.needs} quest`) : null)),
    h("div", { class: "row" }, h("strong", {}, "Merchant "),
      itemPicker(r, (it) => ctx.send({ type: "buy", character: c.id, item: it }), "Buy", (m) => say(ctx, m)),
      h("span", { class: "muted", id: "itdd-merchant-prices" }, r.merchant.map((m) => `${words(m.item)} ${shown(mine?.buy[m.item] ?? null)}`).join(" · "))),
    h("div", { class: "row" }, h("strong", {}, "Mystic "),
      books.length
        ? h("span", {}, select(books.map((b): [string, string] => [b.id, `${b.name} (tier ${shown(b.tier)}, ${shown(b.price)})`]), book, (b) => { book = b; }, { "aria-label": "Book", id: "itdd-book" }),
            btn("Buy book", () => ctx.send({ type: "buy_book", character: c.id, book }), { id: "itdd-buy-book" }))
        : h("span", { class: "muted" }, mine?.stashFull ? `The stash holds ${shown(r.maxBooks)} books already.` : "No book left for this type.")),
    h("div", { class: "row", id: "itdd-inn" }, h("strong", {}, "Innkeeper "),
      ...inn.map((o) => btn(o.label, () => ctx.send(o.command), { id: `itdd-${o.key.replace(/_/g, "-")}` })),
      inn.length ? null : h("span", { class: "muted" }, `Nothing open at the inn now (recovery ${shown(r.innRecover)}, a rumour ${shown(r.innRumor)}).`)),
    h("div", { class: "row" }, h("strong", {}, "The Tree "), pathName,
      select([["attack", "attack"], ["be_hit", "being hit"], ["defeat", "defeat"], ["explore", "explore"], ["torch", "torch"]], prereq, (p) => { prereq = p; }, { "aria-label": "Prerequisite" }),
      btn("Choose path", () => {
        const name = pathName.value.trim();
        if (!name) return say(ctx, "Name the path (as printed on its card).");
        // The charge squares are the printed card's: the engine fills them in.
        ctx.send({ type: "choose_path", character: c.id, path: name, prerequisite: prereq });
      }),
      ...c.paths.filter((p) => p.name !== c.activePath).map((p) => btn(`Switch to ${p.name}`, () => ctx.send({ type: "switch_path", character: c.id, path: p.name })))),
    v.mode === "arena"
      ? h("div", { class: "row" }, h("strong", {}, "Arena "),
          h("span", { class: "muted" }, `${shown(r.arenaBonus)} coins each, ${shown(r.arenaPerDefeat)} more per character defeated · `),
          ...v.characters.map((o) => h("label", {}, `${o.name} defeated `, numInput(null, (n) => { if (Number.isInteger(n) && n >= 0) defeats[o.id] = n; else delete defeats[o.id]; }))),
          btn("Arena ended", () => ctx.send({ type: "arena_ended", defeats })))
      : null);
}

export function stashPanel(v: ItddView): HTMLElement | null {
  if (!v.stashes.length) return null;
  const bookName = (id: string) => v.rules.books.find((b) => b.id === id)?.name ?? id;
  return h("div", { class: "panel itdd-stash", id: "itdd-stash" },
    h("h4", {}, "Stashes (kept across deaths)"),
    ...v.stashes.map((s) => h("p", {}, h("strong", {}, s.player), `: ${s.coins} coin(s)${s.books.length ? ` · books: ${s.books.map(bookName).join(", ")}` : ""}`)));
}
