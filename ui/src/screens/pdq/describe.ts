// Log lines for Pocket Dungeon Quest commands and events, in the
// rulebook's words. Names come from the engine's view (`words`), which the
// board hands over with `useWords` before the log is drawn.
import type { Pos } from "./types";
import { posWords } from "./types";

interface Words {
  tiles: Record<string, string>;
  heroes: Record<string, string>;
  gear: Record<string, string>;
}

let words: Words = { tiles: {}, heroes: {}, gear: {} };

/** The names to write with (the latest view's). */
export function useWords(w: Words): void {
  words = w;
}

const cap = (s: string): string => s.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
const tile = (k: unknown): string => words.tiles[String(k)] ?? cap(String(k));
const hero = (k: unknown): string => words.heroes[String(k)] ?? cap(String(k));
const gear = (k: unknown): string => words.gear[String(k)] ?? cap(String(k));
const face = (f: unknown): string => String(f ?? "?").replace(/_/g, " ");
const at = (p: unknown): string => {
  const q = p as Pos | null | undefined;
  return q && typeof q.row === "number" && typeof q.col === "number" ? posWords(q) : "?";
};
const PILE: Record<string, string> = { discard: "the Discard Pile", monster: "the Monster Pile", gem: "the Gem Pile", merchant: "the Merchant Pile" };
const RESULT: Record<string, string> = { hit: "hit", miss: "miss", critical_miss: "Critical Miss" };

export function describeCommand(c: Record<string, unknown> | null): string {
  if (!c) return "—";
  switch (c.type) {
    case "move": {
      const n = Array.isArray(c.reveal) ? c.reveal.length : 0;
      return `Move to ${at(c.to)}${n ? `, turning up ${n} tile${n > 1 ? "s" : ""}` : ""}`;
    }
    case "attack":
      return `Attack at ${at(c.target)}: rolled ${face(c.roll)}${c.reroll ? `, re-rolled ${face(c.reroll)}` : ""}`;
    case "poison_roll":
      return `Poison roll: ${face(c.roll)}`;
    case "take":
      return `Take the tile at ${at(c.at)}${c.put_back ? `, putting back the ${tile(c.put_back)}` : ""}`;
    case "end_turn":
      return "End the turn";
    case "potion":
      return `Potion for the ${hero(c.hero)}`;
    case "bomb":
      return `Bomb at ${at(c.at)}`;
    case "teleport":
      return c.monster ? `Teleport the Monster at ${at(c.monster)}` : `Teleport the ${hero(c.hero)} to ${at(c.to)}`;
    case "swap_tiles":
      return `Swap Tiles ${at(c.a)} and ${at(c.b)}`;
    case "extra_move":
      return "Extra Move";
    case "foresight":
      return "Foresight";
    case "phoenix_feather":
      return `Phoenix Feather for the ${hero(c.hero)}`;
    case "confusion":
      return `Confusion on ${at(c.a)} and ${at(c.b)}: rolled ${face(c.roll)}`;
    case "give":
      return `Give the ${tile(c.item)} to the ${hero(c.to)}`;
    case "give_key":
      return `Give a Key to the ${hero(c.to)}`;
    case "buy":
      return `Buy from the Merchant: keep the ${tile(c.keep)}`;
    case "sell":
      return `Sell the ${tile(c.item)}`;
    case "henchmen":
      return `Henchmen roll: ${face(c.roll)}`;
    case "boss_search":
      return `Search: ${tile(c.tile)} at ${at(c.at)}`;
    case "level_up":
      return c.gear ? `Level up, gaining the ${gear(c.gear)}` : "Level up";
    case "use_gear":
      return c.by ? `The ${hero(c.by)} uses the ${gear(c.gear)}` : `Use the ${gear(c.gear)}`;
    case "stow":
      return "Put the tile the Grapple Shot holds into the Inventory";
    case "wake_up":
      return c.at ? `Wake up, turning up the tile at ${at(c.at)}` : "Wake up";
    case "memorize":
      return `Memorize the ${tile(c.spell)} in the Spell Tome`;
    case "tome": {
      const cast = c.cast as Record<string, unknown> | null;
      const by = c.by ? `The ${hero(c.by)} casts` : "Cast";
      return `${by} from the Spell Tome: ${describeCommand(cast)}`;
    }
    case "next_session":
      return "Start the next session";
    default:
      return JSON.stringify(c);
  }
}

export function describeEvent(e: Record<string, unknown>): string {
  switch (e.type) {
    case "moved":
      return `The ${hero(e.hero)} moves to ${at(e.to)}`;
    case "revealed":
      return `${tile(e.tile)} turned up at ${at(e.at)}`;
    case "to_pile":
      return `The ${tile(e.tile)} at ${at(e.at)} goes to ${PILE[String(e.pile)] ?? e.pile}`;
    case "hearts":
      return `The ${hero(e.hero)} now has ${e.hearts} Heart${e.hearts === 1 ? "" : "s"} (${e.why})`;
    case "attacked":
      return `The ${hero(e.hero)} attacks the ${tile(e.monster)}: ${face(e.reroll ?? e.roll)}, ${RESULT[String(e.result)] ?? e.result}`;
    case "monster_defeated":
      return `The ${tile(e.monster)} is defeated`;
    case "skelly_stays":
      return `The Skelly Archer at ${at(e.at)} stays: attack it before the next move`;
    case "loses_next_turn":
      return `The ${hero(e.hero)} loses their next turn`;
    case "item_taken":
      return `The ${hero(e.hero)} takes the ${tile(e.item)}`;
    case "item_lost":
      return `The ${hero(e.hero)} loses the ${tile(e.item)} to ${PILE[String(e.pile)] ?? e.pile}`;
    case "item_used":
      return `The ${hero(e.hero)} uses the ${tile(e.item)}`;
    case "item_given":
      return `The ${hero(e.from)} gives the ${tile(e.item)} to the ${hero(e.to)}`;
    case "gem_lost":
      return `${tile(e.gem)} lost from the Gem Pile`;
    case "effect_gained":
      return `The ${hero(e.hero)} gains the ${tile(e.effect)} Effect`;
    case "effect_spent":
      return `The ${tile(e.effect)} Effect is spent`;
    case "relic_collected":
      return `${tile(e.relic)} collected`;
    case "exit_found":
      return "The Exit is found";
    case "merchant_opened":
      return "The Merchant is found: the Merchant Pile opens";
    case "key_taken":
      return `The ${hero(e.hero)} takes the Key at ${at(e.at)}`;
    case "poisoned":
      return `The ${hero(e.hero)} is Poisoned`;
    case "poison_cured":
      return `The ${hero(e.hero)} is cured of Poison`;
    case "hero_died":
      return `The ${hero(e.hero)} dies`;
    case "revived":
      return `The ${hero(e.hero)} is revived`;
    case "turn_began":
      return `Round ${e.round}: the ${hero(e.hero)}'s turn`;
    case "turn_skipped":
      return `The ${hero(e.hero)}'s turn is lost`;
    case "boss_fight_began":
      return "The Boss Fight begins";
    case "henchmen_rolled":
      return `${e.count} Henchm${e.count === 1 ? "a" : "e"}n called`;
    case "henchman_added":
      return `The ${tile(e.monster)} joins the Boss's stack`;
    case "henchman_defeated":
      return `The ${hero(e.hero)} beats the ${tile(e.monster)} on the Boss's stack`;
    case "boss_defeated":
      return `The ${hero(e.hero)} defeats the Boss`;
    case "dungeon_reset":
      return "No hero revived in time: the dungeon is reset";
    case "session_started":
      return `Session ${e.session} begins on a fresh mat`;
    case "outcome":
      return String(e.outcome).replace(/_/g, " ");
    case "level_gained":
      return `The ${hero(e.hero)} reaches Level ${e.level}${e.gear ? ` and gains the ${gear(e.gear)}` : ""}`;
    case "gear_used":
      return `The ${hero(e.hero)} uses the ${gear(e.gear)}`;
    case "grappled":
      return `The ${hero(e.hero)}'s Grapple Shot snatches the ${tile(e.item)} at ${at(e.at)}`;
    case "stowed":
      return `The ${hero(e.hero)} puts the ${tile(e.item)} into the Inventory`;
    case "monster_slept":
      return `The ${hero(e.hero)}'s Harp puts the ${tile(e.monster)} at ${at(e.at)} to sleep`;
    case "monster_woke": {
      const by = Array.isArray(e.fought_by) ? e.fought_by.map((h) => `the ${hero(h)}`) : [];
      return `The ${tile(e.monster)} at ${at(e.at)} wakes${by.length ? `: ${by.join(" and ")} must fight it` : ""}`;
    }
    case "bed_rolled":
      return `The ${hero(e.hero)} lies down on the Bed Roll`;
    case "rested":
      return e.healed ? `The ${hero(e.hero)} rests well and regains 1 Heart` : `The ${hero(e.hero)}'s rest is broken`;
    case "memorized":
      return `The ${hero(e.hero)} memorizes the ${tile(e.spell)}`;
    case "tome_cast":
      return `The ${hero(e.hero)} casts the ${tile(e.spell)} from the Spell Tome`;
    case "bought":
      return `The ${hero(e.hero)} buys the ${tile(e.kept)}`;
    case "sold":
      return `The ${hero(e.hero)} sells the ${tile(e.item)}`;
    case "step_changed":
      return "";
    default:
      return cap(String(e.type));
  }
}

/** The events a roll's effect is told by (the turn's bookkeeping left out). */
export function effectLines(events: Array<Record<string, unknown>>): string[] {
  return events
    .filter((e) => !["attacked", "step_changed", "turn_began", "effect_spent"].includes(String(e.type)))
    .map(describeEvent)
    .filter((s) => s !== "");
}
