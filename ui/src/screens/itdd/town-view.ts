// Crossroads Town: Questmaster, Merchant, Mystic, Innkeeper, the Tree, the
// arena purse, and the stashes that survive a character's death.
import { h } from "../../dom";
import type { ScreenCtx } from "../plugin";
import { BOOKS, INN_PRICES, MAX_BOOKS, MERCHANT, QUEST_GOALS, QUESTS, TITLES, TRADER_ADJUSTMENT } from "./data";
import { anyoneInside, freeGateSquares, itemName, type CharacterView, type ItddView } from "./model";
import { type Cmd, words, numInput, select, btn, say, itemPicker } from "./widgets";

export function townActions(ctx: ScreenCtx, v: ItddView, c: CharacterView): HTMLElement {
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

export function stashPanel(v: ItddView): HTMLElement | null {
  if (!v.stashes.length) return null;
  return h("div", { class: "panel itdd-stash", id: "itdd-stash" },
    h("h4", {}, "Stashes (kept across deaths)"),
    ...v.stashes.map((s) => h("p", {}, h("strong", {}, s.player), `: ${s.coins} coin(s)${s.books.length ? ` · books: ${s.books.map((b) => BOOKS.find((x) => x.id === b)?.name ?? b).join(", ")}` : ""}`)));
}
