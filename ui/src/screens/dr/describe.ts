// One line per logged Dungeon Roll command and event, in the rulebook's
// words. Face and token names are the engine's own words, with the first
// letter raised (the log has no view at hand to look them up).
import type { Obj } from "./types";

/** "vorpal_sword" → "Vorpal sword"; the log's fallback for a name. */
export function words(id: unknown): string {
  const s = String(id ?? "").replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function list(xs: unknown): string {
  return Array.isArray(xs) && xs.length > 0 ? xs.map(words).join(", ") : "none";
}

/** One side of a trade: its tokens and Twist cards, or "nothing". */
function goods(g: unknown): string {
  const o = (g && typeof g === "object" ? g : {}) as Obj;
  const all = [...(Array.isArray(o.treasure) ? o.treasure.map(words) : []), ...(Array.isArray(o.twists) ? o.twists.map(card) : [])];
  return all.length > 0 ? all.join(", ") : "nothing";
}

function unit(u: unknown): string {
  if (!u || typeof u !== "object") return "a unit";
  const [kind, what] = Object.entries(u as Obj)[0] ?? ["", ""];
  if (kind === "treasure") return words(what);
  if (kind === "hero") return `the hero as a ${words(what)}`;
  return `a ${words(what)} die`;
}

/** "scatter-in-fear" → "Scatter in fear": a Twist card's id as words. */
function card(id: unknown): string {
  return words(String(id ?? "").replace(/-/g, " "));
}

function counts(c: unknown): string {
  const parts = Object.entries((c ?? {}) as Record<string, number>)
    .filter(([, n]) => n > 0)
    .map(([f, n]) => `${n} ${words(f)}`);
  return parts.length > 0 ? parts.join(", ") : "nothing";
}

export function describeCommand(c: Obj | null): string {
  if (!c) return "—";
  const as = c.as ? ` as a ${words(c.as)}` : "";
  switch (c.type) {
    case "start_delve":
      return c.seed !== undefined ? `Start a delve, rolled by the app (seed ${String(c.seed)})` : `Start a delve: party ${list(c.party)}; dungeon ${list(c.dungeon)}`;
    case "seek_glory":
      return c.seed !== undefined ? `Seek glory, rolled by the app (seed ${String(c.seed)})` : `Seek glory: ${list(c.dungeon)}`;
    case "formation_reroll":
      return "Reroll Party dice as the party forms";
    case "scroll":
      return `Scroll (${unit(c.with)}): reroll`;
    case "fight":
      return `${words(unit(c.with))}${as} fights ${words(c.monster)}`;
    case "accept_proposal":
      return "Fight as the helper proposes";
    case "ultimate":
      return "Use the hero's Ultimate";
    case "open_chests":
      return `${words(unit(c.with))}${as} opens chests (drawn: ${list(c.drawn)})`;
    case "quaff":
      return `${words(unit(c.with))}${as} quaffs (revived: ${list(c.revive)})`;
    case "slay_dragon":
      return `Face the Dragon with ${Array.isArray(c.with) ? c.with.map((u) => unit((u as Obj).with)).join(", ") : "?"}`;
    case "use_treasure":
      return `Use ${words(c.treasure)}${c.revive ? ` (revive a ${words(c.revive)})` : ""}`;
    case "flee":
      return "Flee";
    case "retire":
      return "Retire to the tavern";
    case "draw_twist":
      return `Seat ${Number(c.player) + 1} draws a Twist card: ${card(c.card)}`;
    case "play_twist":
      return `Seat ${Number(c.player) + 1} plays ${card(c.card)}`;
    case "trade":
      return `Trade: seat ${Number(c.from) + 1} gives ${goods(c.give)} to seat ${Number(c.to) + 1} for ${goods(c.take)}`;
    default:
      return JSON.stringify(c);
  }
}

export function describeEvent(e: Obj): string {
  switch (e.type) {
    case "delve_started":
      return `Delve ${String(e.delve)} begins`;
    case "party_formed":
      return `Party: ${counts(e.party)}`;
    case "scrolls_became_champions":
      return `${String(e.count)} Scroll(s) became Champions`;
    case "formation_rerolled":
    case "rerolled":
      return "Dice rerolled";
    case "dungeon_rolled":
      return `Level ${String(e.level)}: ${counts(e.dice)}${Number(e.dragons) > 0 ? `, ${String(e.dragons)} Dragon(s) to the Lair` : ""}`;
    case "unit_spent":
      return `${words(unit(e.unit))} used`;
    case "monsters_defeated":
      return `${String(e.count)} ${words(e.monster)} defeated`;
    case "ultimate_used":
      return `Ultimate: ${String(e.name)}`;
    case "hero_joined":
      return `The hero joins as ${list(e.faces)}`;
    case "monsters_transformed":
      return `Monsters became ${words(e.to)}`;
    case "dungeon_discarded":
      return "The level's dice are discarded";
    case "lair_emptied":
      return `${String(e.count)} dice leave the Dragon's Lair`;
    case "stage_changed":
      return `${words(e.stage)} phase`;
    case "chests_opened":
      return `${String(e.count)} chest(s) opened`;
    case "treasure_gained":
      return `Treasure: ${words(e.treasure)}`;
    case "treasure_returned":
      return `${words(e.treasure)} back to the box`;
    case "xp_gained":
      return `+${String(e.amount)} XP (${words(e.reason)})`;
    case "potions_quaffed":
      return `${String(e.count)} potion(s) quaffed`;
    case "revived":
      return `Revived: ${list(e.faces)}`;
    case "dragon_defeated":
      return "The Dragon is defeated";
    case "leveled_up":
      return `The hero card flips: ${String(e.side)}`;
    case "delve_ended":
      return `The delve ends: ${words(e.outcome)}`;
    case "turn_passed":
      return "The next player delves";
    case "game_ended":
      return "The game is over";
    case "twist_drawn":
      return `Twist card drawn: ${card(e.card)}`;
    case "twist_played":
      return `Twist card played: ${card(e.card)}`;
    case "traded":
      return `Seat ${Number(e.from) + 1} gave ${goods(e.give)} to seat ${Number(e.to) + 1} for ${goods(e.take)}`;
    case "champions_distracted":
      return "Distractions: Champions act as Thieves this level";
    case "dragon_lair_changed":
      return `The Dragon now needs ${String(e.lair)} dice in the Lair this delve`;
    case "party_changed":
      return `Party dice changed: ${list(e.from)} → ${list(e.to)}`;
    default:
      return JSON.stringify(e);
  }
}
