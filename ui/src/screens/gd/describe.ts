// The Green Dungeon log in words: one line per command and per event.
// Anything unknown (a newer engine, a damaged entry) falls back to its JSON
// rather than being dropped, so nothing in the log is hidden.
import { posWords } from "./grid";
import { CARDS_WHAT, idleWords, ORIGIN_NAME, potionWords, REASON_WORDS } from "./model";
import type { Card, CardsFor, Idle, Monster, Phase, Pos, Potion, TimeReason } from "./types";

type Obj = Record<string, unknown>;

const KIND_NAME: Record<string, string> = { drop: "Drop", hammer: "Hammer", wood: "Wood", brick: "Brick", cog: "Cog", straw: "Straw" };
const EXITS_NAME: Record<string, string> = { north_south: "exits north–south", east_west: "exits east–west" };
const VIA: Record<string, string> = {
  open: "through an open passage",
  door_open_side: "through a door from its open side",
  door_closed_side: "through a door it opened",
  fled: "fleeing",
  retreat: "retreating",
};
const STAT: Record<string, string> = {
  health: "Health",
  max_health: "Maximum health",
  magic: "Magic",
  max_magic: "Maximum magic",
  treasure: "Treasure",
  luck: "Luck",
  xp: "Experience",
  level: "Level",
};

function pos(v: unknown): string {
  const p = v as Pos | undefined;
  return p && typeof p.row === "number" && typeof p.col === "number" ? posWords(p) : "?";
}

function card(v: unknown): string {
  const c = v as Card | undefined;
  return c && typeof c.number === "number" ? `${c.number} ${KIND_NAME[c.symbol] ?? c.symbol}` : "?";
}

function dice(v: unknown): string {
  if (!Array.isArray(v)) return "";
  return v.map((d: { value?: unknown; color?: unknown }) => `${String(d.color)} ${String(d.value)}`).join(", ");
}

export function describeCommand(c: Obj | null): string {
  if (!c) return "(no command)";
  switch (c.type) {
    case "flip":
      return `Turn up ${pos(c.at)}: ${KIND_NAME[String(c.kind)] ?? c.kind}, ${EXITS_NAME[String(c.exits)] ?? c.exits}`;
    case "move":
      return `Move ${String(c.dir)}${typeof c.door_roll === "number" ? ` (door roll ${c.door_roll})` : ""}`;
    case "event_check": {
      const u = Array.isArray(c.upkeep) ? c.upkeep : [];
      const w = typeof c.wandering === "number" ? `, wandering die ${c.wandering}` : " (upkeep only)";
      return `Event check: upkeep dice ${u.join(" and ")}${w}`;
    }
    case "cards": {
      const cs = Array.isArray(c.cards) ? c.cards : [];
      return `Card${cs.length > 1 ? "s" : ""} drawn: ${cs.map(card).join(" and ")}`;
    }
    case "trap_roll":
      return `Trap roll ${String(c.die)}`;
    case "face_boss":
      return "Face the final boss";
    case "retreat":
      return "Retreat from the final boss's lair";
    case "fight": {
      const what = c.action === "spell" ? "Cast a spell" : c.action === "power_spell" ? "Cast a powerful spell" : "Melee";
      const parts = [];
      const d = dice(c.dice);
      if (d) parts.push(d);
      if (typeof c.spell_roll === "number") parts.push(`spell die ${c.spell_roll}`);
      if (typeof c.monster_spell_roll === "number") parts.push(`boss spell die ${c.monster_spell_roll}`);
      return parts.length ? `${what}: ${parts.join("; ")}` : what;
    }
    case "flee":
      return `Try to flee: ${dice(c.dice)}`;
    case "bribe":
      return "Bribe the monster";
    case "treasure":
      return `Treasure kept: ${card(c.card)}${c.keep_new_weapon ? " (keep the new weapon)" : ""}`;
    case "end_vision":
      return "End the vision";
    case "rest":
      return "Rest";
    case "recover":
      return `Recover: health die ${String(c.health)}, magic die ${String(c.magic)}${c.level_up ? ", level up" : ""}`;
    case "use_potion":
      return `Drink potion ${Number(c.index) + 1}`;
    case "use_luck":
      return `Spend a luck cube: roll ${String(c.roll)}`;
    case "perish":
      return "Accept death";
    default:
      return JSON.stringify(c);
  }
}

function cardsFor(p: CardsFor): string {
  return `draw the cards for ${CARDS_WHAT[p.for].replace(/ \(.*\)$/, "")}`;
}

function monster(m: Monster): string {
  const traits = [];
  if (m.spellcaster) traits.push("spellcaster");
  if (m.treasure_cards) traits.push(`guards ${m.treasure_cards} treasure`);
  return `${ORIGIN_NAME[m.origin] ?? m.origin}, difficulty ${m.difficulty}${traits.length ? ` (${traits.join(", ")})` : ""}`;
}

export function phaseWords(p: Phase): string {
  switch (p.phase) {
    case "idle":
      return idleWords(p as Idle);
    case "recover":
      return "Recover from the rest";
    case "cards":
      return cardsFor(p.purpose);
    case "trap_roll":
      return `Roll against the ${p.trap === "brick" ? "trap" : "magical trap"} (card ${card(p.card)})`;
    case "final_boss_choice":
      return "Face the final boss or retreat";
    case "combat":
      return `Combat with the ${monster(p.monster)}`;
    case "loot":
      return `Keep ${p.remaining} treasure card${p.remaining > 1 ? "s" : ""}`;
    case "clairvoyance":
      return `Clairvoyant vision: turn up ${p.remaining} tile${p.remaining > 1 ? "s" : ""}`;
    case "over":
      return `Game over (${p.outcome})`;
  }
}

const UPKEEP: Record<string, string> = {
  reset: "reset",
  skipped_unexplored: "unexplored, left alone",
  skipped_current_room: "the hero's room, left alone",
  skipped_boss_room: "a boss room, never reset",
};

export function describeEvent(e: Obj): string {
  switch (e.type) {
    case "tile_flipped":
      return `${pos(e.at)} turned up: ${KIND_NAME[String(e.kind)] ?? e.kind}, ${EXITS_NAME[String(e.exits)] ?? e.exits}${e.clairvoyant ? " (vision)" : ""}`;
    case "moved":
      return `Hero moved to ${pos(e.to)} ${VIA[String(e.via)] ?? String(e.via)}`;
    case "door_held":
      return `The ${String(e.dir)} door held: ${String(e.total)} is not above ${String(e.needed_above)}`;
    case "door_opened":
      return `The ${String(e.dir)} door opened: ${String(e.total)} beats ${String(e.needed_above)}`;
    case "room_explored":
      return `${pos(e.at)} explored`;
    case "room_cleared":
      return `${pos(e.at)} cleared`;
    case "time_owed":
      return `${String(e.cubes)} time cube${e.cubes === 1 ? "" : "s"} owed at the end of the turn (${REASON_WORDS[e.reason as TimeReason] ?? e.reason})`;
    case "time_advanced":
      return `Time +1 (${REASON_WORDS[e.reason as TimeReason] ?? e.reason}): track at ${String(e.main)}`;
    case "event_cube_placed":
      return `Event cube placed (${String(e.event_cubes)} on the track): ${String(e.checks_queued)} check${e.checks_queued === 1 ? "" : "s"} due`;
    case "main_track_cleared":
      return `Track full: cleared, ${String(e.event_cubes)} event cube${e.event_cubes === 1 ? "" : "s"} left`;
    case "event_checked": {
      const u = e.upkeep as { upkeep?: string; at?: Pos } | undefined;
      const d = Array.isArray(e.upkeep_dice) ? e.upkeep_dice.join(" and ") : "?";
      const up = !u || u.upkeep === "none" ? `upkeep ${d}: a six, no upkeep` : `upkeep ${d} → ${pos(u.at)}, ${UPKEEP[String(u.upkeep)] ?? u.upkeep}`;
      if (typeof e.wandering_roll !== "number") return `Event check — ${up}; the wandering die comes with the last check`;
      const w = `wandering ${String(e.wandering_roll)} vs ${String(e.event_cubes)}: ${e.wandering_monster ? "a monster comes!" : "no monster"}`;
      return `Event check — ${up}; ${w}`;
    }
    case "tile_reset":
      return `${pos(e.at)} reset: face down, to be explored again`;
    case "phase_changed":
      return `Now: ${phaseWords(e.phase as Phase)}`;
    case "player_changed": {
      const ch = Number(e.change);
      return `${STAT[String(e.stat)] ?? e.stat} ${ch >= 0 ? "+" : ""}${ch} → ${String(e.now)} (${String(e.cause)})`;
    }
    case "weapon_equipped":
      return `Weapon equipped: +${String(e.bonus)}`;
    case "potion_gained":
      return `Gained a ${potionWords(e.potion as Potion).toLowerCase()}`;
    case "potion_used":
      return `Drank a ${potionWords(e.potion as Potion).toLowerCase()}`;
    case "mini_boss_room_found":
      return `${pos(e.at)} is the mini boss's lair`;
    case "mini_boss_defeated":
      return "The mini boss is defeated";
    case "combat_round":
      return `Round: hero ${String(e.player).replace("_", " ")}, monster ${String(e.monster).replace("_", " ")}`;
    case "melee_rolled":
      return `Melee: hero ${String(e.player_die)} → ${String(e.player_total)}, monster ${String(e.monster_die)} → ${String(e.monster_total)}: ${e.player_won ? "hero wins" : "monster wins"}`;
    case "monster_hurt":
      return `Monster takes ${String(e.amount)}: ${String(e.health)} left`;
    case "monster_cast":
      return `Monster casts ${e.power ? "powerful magic" : "a spell"}: ${String(e.damage)} damage (${String(e.magic_left)} magic left)`;
    case "flee_rolled":
      return `Flight: hero ${String(e.player_total)} vs monster ${String(e.monster_total)}: ${e.escaped ? "escaped" : "caught"}`;
    case "meeple_placed": {
      const m = e.meeple as { reason?: string } | undefined;
      return `Monster meeple on ${pos(e.at)} (${m?.reason === "fled" ? "fled from" : "bribed"})`;
    }
    case "meeple_removed":
      return `The monster at ${pos(e.at)} is met again`;
    case "bribed":
      return `Bribed with ${String(e.cost)} treasure`;
    case "monster_defeated":
      return "Monster defeated";
    case "rest_began":
      return "Rest began";
    case "rest_interrupted":
      return "The rest was interrupted: no benefit (you may rest again)";
    case "game_over": {
      const s = e.score as { final?: number } | undefined;
      return `Game over — ${e.outcome === "won" ? "victory" : "the hero perished"}; final score ${String(s?.final)}`;
    }
    default:
      return JSON.stringify(e);
  }
}
