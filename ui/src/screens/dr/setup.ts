// The new-game form: the seats and hero cards the engine offers
// (`DrOptions`: the cards of crates/games/dungeon-roll/data/heroes.json and
// the player range of its rules.json), each seat dealt a card.
import { h } from "../../dom";
import { seats, type DrOptions } from "../../setup-options";

export interface SeatDraft {
  name: string;
  hero: string;
}

/** The engine's setup from the seats filled in, or why it cannot be made. */
/** `first` is a seat of the form; empty seats are dropped, so it is counted among the filled ones. */
export function drSetup(seats: SeatDraft[], first: number): { players: SeatDraft[]; first: number } | { error: string } {
  const filled = seats.map((s, i) => ({ i, name: s.name.trim(), hero: s.hero })).filter((s) => s.name !== "");
  if (filled.length === 0) return { error: "Name at least one player." };
  if (new Set(filled.map((p) => p.hero)).size !== filled.length) return { error: "Each player needs a different hero card." };
  const at = filled.findIndex((s) => s.i === first);
  if (at < 0) return { error: `Seat ${first + 1} is empty: choose a filled seat to delve first.` };
  return { players: filled.map(({ name, hero }) => ({ name, hero })), first: at };
}

export function setupForm(start: (setup: unknown) => void, fail: (msg: string) => void, o: DrOptions): HTMLElement {
  const rows = seats(o).map((i) => {
    const name = h("input", { type: "text", id: `dr-name-${i}`, placeholder: i === 0 ? "Player 1" : "(empty seat)", size: 14, value: i === 0 ? "Player 1" : "" });
    const hero = h(
      "select",
      { id: `dr-hero-${i}`, "aria-label": `Hero card of seat ${i + 1}` },
      ...o.heroes.map((c, k) => h("option", { value: c.id, selected: k === i }, `${c.novice} / ${c.master}`)),
    );
    return { name, hero, el: h("div", { class: "dr-seat" }, `Seat ${i + 1} `, name, " ", hero) };
  });
  const first = h("select", { id: "dr-first", "aria-label": "First Adventurer" }, ...seats(o).map((i) => h("option", { value: i }, `Seat ${i + 1}`)));
  const twists = h("input", { type: "checkbox", id: "dr-twists" });
  const trading = h("input", { type: "checkbox", id: "dr-trading" });
  const go = h("button", { id: "game-start-btn" }, "Start Dungeon Roll");
  go.addEventListener("click", () => {
    const s = drSetup(
      rows.map((r) => ({ name: r.name.value, hero: r.hero.value })),
      Number(first.value),
    );
    if ("error" in s) return fail(s.error);
    start({ ...s, ...(twists.checked ? { twists: true } : {}), ...(trading.checked ? { trading: true } : {}) });
  });
  return h(
    "div",
    { class: "dr-setup" },
    ...rows.map((r) => r.el),
    h("label", {}, "First Adventurer (the one most recently underground) ", first),
    h("label", {}, twists, " Play with the Twist cards (optional: two each to start, one more after each round)"),
    h("label", {}, trading, " Advanced: players may trade treasure (and Twist cards)"),
    h("p", { class: "muted" }, "Empty seats are left out. Players delve in seat order; the player to the Adventurer's left is the Dungeon Lord."),
    go,
  );
}
