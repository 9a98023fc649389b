// The engine's offers for one character in Crossroads Town. The screen lays
// out only what the engine says is open now (the inn with coins to pay, a
// rumour once per exploration), with the engine's own words and prices, so
// no rule of the town is guessed here.
import type { Offer } from "../../game-ipc";

/** A button the engine offers as it stands (nothing for the player to fill). */
export interface OfferedButton {
  key: string;
  label: string;
  command: Record<string, unknown>;
}

/**
 * The ready offers among `keys` for character `id`, labelled without the
 * "Name: " the engine puts first (the panel already names the character).
 */
export function offeredFor(offers: Offer[], id: string, name: string, keys: string[]): OfferedButton[] {
  return offers
    .filter((o) => keys.includes(o.key) && !(o.fill && o.fill.length) && o.command.character === id)
    .map((o) => ({ key: o.key, label: stripName(o.label, name, id), command: o.command }));
}

/** The ready offer `key` that names no character (a new dungeon), or null. */
export function offeredPlain(offers: Offer[], key: string): OfferedButton | null {
  const o = offers.find((x) => x.key === key && !(x.fill && x.fill.length));
  return o ? { key: o.key, label: o.label, command: o.command } : null;
}

function stripName(label: string, name: string, id: string): string {
  for (const n of [name, id]) {
    if (n && label.startsWith(`${n}: `)) {
      const rest = label.slice(n.length + 2);
      return rest.charAt(0).toUpperCase() + rest.slice(1);
    }
  }
  return label;
}
