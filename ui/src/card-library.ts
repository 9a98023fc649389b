// The card library panel on the Campaign screen: the cards the player typed
// once (kept by the core when the engine took them), by game and kind; each
// can be edited field by field or forgotten. The Game screen's card forms
// complete names from the same library.
import { cardDelete, cardSave, cardsList, errorText, type CardRecord, type GameInfo } from "./game-ipc";
import { fill, h } from "./dom";
import { fieldsOf, fillTemplate, labelOf } from "./template-form";
import { wordsOf } from "./campaign-model";

/** One line for a card: its fields other than the name, in words. */
export function cardSummary(card: Record<string, unknown>): string {
  const parts = Object.entries(card)
    .filter(([k, v]) => k !== "name" && v !== null && v !== undefined)
    .map(([k, v]) => `${wordsOf(k)} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
  return parts.length ? parts.join(" · ") : "name only (the rulebook's values)";
}

/** The panel; `games` are the games that may keep cards. */
export function cardLibraryPanel(games: GameInfo[]): HTMLElement {
  const body = h("div", { id: "card-library-body" });
  const pick = h("select", { id: "card-library-game" }, ...games.map((g) => h("option", { value: g.name }, g.title)));
  const load = async () => {
    try {
      draw(body, pick.value, await cardsList(pick.value), load);
    } catch (e) {
      fill(body, h("p", { class: "banner error", role: "alert" }, `The card library could not be read: ${errorText(e)}`));
    }
  };
  pick.addEventListener("change", () => void load());
  void load();
  return h("div", { class: "panel", id: "card-library" },
    h("h3", {}, "Card library"),
    h("p", { class: "muted" }, "Cards you typed in a game are kept here and offered by name next time."),
    h("label", {}, "Game ", pick),
    body);
}

function draw(body: HTMLElement, game: string, cards: CardRecord[], reload: () => Promise<void>): void {
  if (cards.length === 0) {
    fill(body, h("p", { class: "muted" }, "No cards kept for this game yet."));
    return;
  }
  const err = h("p", { class: "banner error", role: "alert", hidden: true });
  const fail = (e: unknown) => { err.hidden = false; err.textContent = errorText(e); };
  fill(body, err, h("table", { class: "list", id: "card-library-list" },
    h("thead", {}, h("tr", {}, h("th", {}, "Kind"), h("th", {}, "Name"), h("th", {}, "Values"), h("th", {}))),
    h("tbody", {}, ...cards.map((c) => {
      const row = h("tr", { "data-card": c.name },
        h("td", {}, wordsOf(c.kind)), h("td", {}, c.name), h("td", {}, cardSummary(c.card)),
        h("td", {},
          h("button", { class: "edit", onclick: () => row.after(editRow(game, c, reload, fail)) }, "Edit"),
          h("button", { class: "delete", onclick: () => void cardDelete(game, c.kind, c.name).then(reload, fail) }, "Forget")));
      return row;
    }))));
}

/** A row under a card with one input per value (the name stays). */
function editRow(game: string, c: CardRecord, reload: () => Promise<void>, fail: (e: unknown) => void): HTMLElement {
  const fields = fieldsOf(c.card).filter((f) => f.path.join(".") !== "name");
  const inputs = new Map<string, HTMLInputElement>();
  const labels = fields.map((f) => {
    const input = h("input", f.kind === "bool"
      ? { type: "checkbox", checked: f.initial === true }
      : { type: f.kind === "number" ? "number" : "text", value: String(f.initial), spellcheck: "false" }) as HTMLInputElement;
    inputs.set(f.path.join("."), input);
    return h("label", { class: "field" }, `${labelOf(f)} `, input);
  });
  const save = () => {
    const values = new Map<string, string | boolean>();
    for (const [k, el] of inputs) values.set(k, el.type === "checkbox" ? el.checked : el.value);
    const r = fillTemplate(c.card, values, fields);
    if ("error" in r) return fail(r.error);
    void cardSave(game, c.kind, r.command).then(reload, fail);
  };
  return h("tr", { class: "card-edit" }, h("td", { colspan: "4" },
    labels.length ? h("div", { class: "fields" }, ...labels) : h("p", { class: "muted" }, "This card holds only its name."),
    h("button", { onclick: save }, "Save")));
}
