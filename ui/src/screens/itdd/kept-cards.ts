// Gate and Hall cards kept in the card library: a card painted once is kept
// under the name the player gives it and laid again by name, turned and
// placed like a fresh one. The library itself lives in the store (game
// "silver-mine", kinds "gate" and "hall").
import { cardSave, cardsList, errorText, type CardRecord } from "../../game-ipc";
import type { CardDraft } from "./grid";
import type { Pos } from "./model";

const GAME = "silver-mine";
let kept: CardRecord[] | null = null;
let loading = false;

/** The kept Gate and Hall cards; the first call starts loading and calls `ready` once they are in. */
export function keptCards(ready: () => void): CardRecord[] {
  if (kept === null && !loading) {
    loading = true;
    cardsList(GAME).then(
      (cards) => { kept = cards; loading = false; ready(); },
      () => { kept = []; loading = false; },
    );
  }
  return kept ?? [];
}

/** Keeps the draft's painted squares under `name`; resolves to an error text or null. */
export async function keepCard(name: string, d: CardDraft): Promise<string | null> {
  try {
    await cardSave(GAME, d.kind, { name: name.trim(), rows: d.rows });
    kept = null; // read again next time
    return null;
  } catch (e) {
    return errorText(e);
  }
}

/** A draft from a kept card, at `origin` (or to be placed): its kind, size and squares. */
export function draftFromKept(card: CardRecord, origin: Pos | null): CardDraft | { error: string } {
  const rows = card.card.rows;
  if (!Array.isArray(rows) || rows.length === 0 || !rows.every((r) => typeof r === "string" && r.length === String(rows[0]).length && r.length > 0)) {
    return { error: `the kept card "${card.name}" has no even rows of squares` };
  }
  if (card.kind !== "gate" && card.kind !== "hall") return { error: `the kept card "${card.name}" is not a Gate or Hall` };
  return { kind: card.kind, width: String(rows[0]).length, height: rows.length, origin, rows: rows.map(String) };
}
