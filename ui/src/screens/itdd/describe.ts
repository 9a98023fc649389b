// The log in words: one line per command the players sent and per event the
// engine answered. Anything unknown falls back to its type, never to nothing,
// so a newer engine's events still show.
import { itemName } from "./model";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const s = (v: unknown): string => (typeof v === "string" ? v : v === null || v === undefined ? "" : String(v));
const sq = (v: unknown): string => (Array.isArray(v) && v.length === 2 ? `(${v[0]}, ${v[1]})` : "?");
const words = (v: unknown): string => s(v).replace(/_/g, " ");
const item = (v: unknown): string => (isObj(v) ? itemName(v) : "an item");
const lastSq = (path: unknown): string => (Array.isArray(path) && path.length ? sq(path[path.length - 1]) : "where it stands");
const src = (v: unknown): string => (v === "camera" ? " [camera]" : v === "virtual" ? " [rolled by the app]" : "");
const pair = (d: unknown): string => (isObj(d) ? `${s(d.character)} vs ${s(d.enemy)}${src(d.source)}` : "no dice");
/** Names of the figures by id, as the screen last saw them (see [`useNames`]). */
let NAMES = new Map<string, string>();
/** The screen hands the log the names on the table, so no line shows an id. */
export function useNames(names: Map<string, string>): void {
  NAMES = names;
}
/** A figure (character or enemy) by its name; its id only when no name is known. */
const nm = (id: unknown): string => NAMES.get(s(id)) || s(id);
/** Who in an event: `{"character": id}` or `{"enemy": id}`. */
const who = (v: unknown): string => (isObj(v) ? nm(v.character ?? v.enemy) : nm(v));

export function describeCommand(c: Obj | null): string {
  if (!c) return "(no command)";
  const ch = nm(c.character);
  switch (c.type) {
    case "place_card": {
      const rows = Array.isArray(c.rows) ? c.rows : [];
      const size = `${rows.length ? s(rows[0]).length : 0}×${rows.length}`;
      const by = c.explorer ? `, explored by ${s(c.explorer)}${c.lost_map ? " with the Lost Map" : ""}` : "";
      return `Laid ${c.kind === "gate" ? "Gate" : "Hall"} ${s(c.id)} (${size}) at ${sq(c.origin)}${by}`;
    }
    case "place_cube": {
      const cube = isObj(c.cube) ? s(c.cube.container) : words(c.cube);
      return `Put a ${cube} at ${sq(c.at)}`;
    }
    case "place_enemy": {
      const a = isObj(c.attrs) ? c.attrs : {};
      return `Placed ${s(c.name) || words(c.kind)} (${s(c.id)}) at ${sq(c.at)} — attack ${s(a.attack)}, move ${s(a.move)}, torch ${s(a.torch)}, life ${s(a.life)}`;
    }
    case "new_character":
      return `New ${words(c.character_type)} character ${s(c.name) || s(c.id)} for ${s(c.player)}`;
    case "enter_dungeon": return `${ch} enters the dungeon at ${sq(c.at)}`;
    case "start_turn": return `${ch} starts their turn`;
    case "move": return `${ch} ${c.run ? "runs" : "moves"} to ${lastSq(c.path)}`;
    case "attack": return `${ch} attacks ${nm(c.enemy)}: ${pair(c.dice)}${c.giant_strength ? " (Giant Strength)" : ""}`;
    case "flee": return `${ch} flees from ${s(c.enemy)}: ${pair(c.dice)}`;
    case "loot": return `${ch} loots ${sq(c.at)}${c.roll !== undefined ? `, rolled ${s(c.roll)}${src(c.source)}` : ""}${c.with ? ` with ${words(c.with)}` : ""}`;
    case "unlock": return `${ch} unlocks the door at ${sq(c.at)} with ${words(c.with)}`;
    case "disarm_trap": return `${ch} disarms the trap`;
    case "trigger_trap": return `${ch} springs the trap: rolled ${s(c.roll)}${src(c.source)}`;
    case "short_rest": return `${ch} rests at the campfire ${sq(c.campfire)}`;
    case "use_item": return `${ch} uses item ${Number(c.index) + 1}`;
    case "equip": return `${ch} equips item ${Number(c.index) + 1}`;
    case "unequip": return `${ch} unequips the weapon`;
    case "pick_up": return `${ch} picks up a dropped item`;
    case "drop": return `${ch} drops item ${Number(c.index) + 1}`;
    case "give": return `${s(c.from)} gives item ${Number(c.index) + 1} to ${s(c.to)}`;
    case "exit_dungeon": return `${ch} leaves the dungeon`;
    case "new_dungeon": return "A new dungeon: the table is cleared";
    case "dungeon_turn": {
      const dice = Array.isArray(c.dice) ? c.dice : [];
      const parts = [dice.length ? `dice ${dice.map(pair).join(", ")}` : "", c.roll_missing ? `the app rolls what is missing (seed ${s(c.seed)})` : c.seed !== undefined ? `seed ${s(c.seed)}` : ""].filter(Boolean);
      return `Dungeon turn${parts.length ? ` — ${parts.join("; ")}` : ""}`;
    }
    case "accept_quest": return `${ch} accepts the quest ${words(c.quest)}`;
    case "complete_quest": return `${ch} completes the quest${c.item ? `, reward ${item(c.item)}` : ""}${c.book ? `, book ${words(c.book)}` : ""}`;
    case "buy": return `${ch} buys ${item(c.item)}`;
    case "sell": return `${ch} sells item ${Number(c.index) + 1}`;
    case "buy_book": return `${ch} buys the book ${words(c.book)}`;
    case "inn_recover": return `${ch} recovers at the inn`;
    case "inn_rumor": return `${ch} buys a rumour at the inn`;
    case "choose_path": return `${ch} takes the path ${s(c.path)} (charged by ${words(c.prerequisite)})`;
    case "switch_path": return `${ch} switches to the path ${s(c.path)}`;
    case "use_power": return `${ch} uses the path's power`;
    case "arena_ended": return "The arena ended";
    default: return words(c.type) || JSON.stringify(c);
  }
}

const TRAP_WORDS: Record<string, string> = {
  lose_life: "loses Life",
  poison: "is poisoned",
  disease: "is diseased",
  lose_torch: "loses Torch",
  snared: "is snared",
  evade: "evades it",
  disarmed: "disarms it",
};

export function describeEvent(e: Obj): string {
  const ch = nm(e.character);
  switch (e.type) {
    case "card_placed": {
      const c = isObj(e.card) ? e.card : {};
      return `${c.kind === "gate" ? "Gate" : "Hall"} ${s(c.id)} placed at ${sq(c.origin)}${e.explorer ? ` (explored by ${s(e.explorer)})` : ""}`;
    }
    case "card_entered": return `Someone entered ${s(e.card)}`;
    case "cell_changed": return `Square ${sq(e.at)} is now ${words(CELL_WORD[s(e.cell)] ?? e.cell)}`;
    case "torch_spent": return `${ch} spent a Torch (${s(e.torch_left)} left)`;
    case "enemy_placed": {
      const en = isObj(e.enemy) ? e.enemy : {};
      return `${s(en.name) || words(en.kind)} (${s(en.id)}) appears at ${sq(en.pos)}`;
    }
    case "boss_due": return `A boss is due at ${s(e.gate)}: ${s(e.reason)}`;
    case "character_created": {
      const c = isObj(e.character) ? e.character : {};
      return `${s(c.name) || s(c.id)} joins (${s(c.player)})`;
    }
    case "entered_dungeon": return `${ch} is at ${sq(e.at)} in ${s(e.gate)}`;
    case "turn_started": return `${ch}'s turn`;
    case "affliction_bites": return `${words(e.affliction)} bites ${ch}: ${s(e.life_left)} Life, ${s(e.turns_left)} turn(s) left`;
    case "affliction_ended": return `${ch} is free of ${words(e.affliction)}`;
    case "turn_lost": return `${ch} loses the turn (snared)`;
    case "moved": return `${ch} ${e.ran ? "ran" : "moved"} to ${lastSq(e.path)}`;
    case "stepped_on_trap": return `${ch} stepped on a trap at ${sq(e.at)}: disarm or roll`;
    case "dungeon_turn_started": {
      const order = Array.isArray(e.order) ? e.order.map(nm) : [];
      return `Dungeon turn ${s(e.turn)}: ${order.length ? `enemies act in the order ${order.join(", ")}` : "no enemy acts"}`;
    }
    case "companions_due": return `${nm(e.enemy)} calls ${s(e.count)} companion(s): draw and place them`;
    case "enemy_waits": return `${nm(e.enemy)} waits: ${s(e.reason)}`;
    case "target_chosen": {
      const tb = isObj(e.tie_break) ? e.tie_break : null;
      let why = "";
      if (tb && isObj(tb.least_life)) why = ` (tie with ${(tb.least_life.tied as unknown[] ?? []).map(nm).join(", ")}: least Life)`;
      if (tb && isObj(tb.random)) why = ` (tie with ${(tb.random.tied as unknown[] ?? []).map(nm).join(", ")}: drawn at random, draw ${s(tb.random.draw)})`;
      return `${nm(e.enemy)} goes for ${nm(e.target)}, ${s(e.distance)} step(s) away${why}`;
    }
    case "enemy_moved": return `${nm(e.enemy)} moves to ${lastSq(e.path)}`;
    case "combat": {
      const loser = e.loser ? who(e.loser) : null;
      return `${who(e.attacker)} attacks ${who(e.defender)}: character ${s(e.character_roll)} → ${s(e.character_hit)}, enemy ${s(e.enemy_roll)} → ${s(e.enemy_hit)}${src(e.source)}; ${loser ? `${loser} loses` : "tie, nobody is hurt"}`;
    }
    case "life_lost": return `${who(e.who)} is down to ${s(e.life_left)} Life`;
    case "affliction_taken": {
      const c = isObj(e.clock) ? e.clock : {};
      return `${ch} takes ${words(c.kind)} (from the next turn, ${s(c.turns_left)} turn(s))`;
    }
    case "character_defeated": return `${ch} is defeated: carried items and ${s(e.coins_lost)} coin(s) lost (the stash is safe)`;
    case "enemy_defeated": return `${nm(e.enemy)} is defeated${e.by ? ` by ${nm(e.by)}` : ""}`;
    case "fled": return `${ch} flees from ${nm(e.enemy)}: ${s(e.character_roll)} vs ${s(e.enemy_roll)}${src(e.source)}${e.damaged ? ", hurt" : ", unhurt"}`;
    case "dungeon_turn_ended": return "Dungeon turn over";
    case "attribute_set": return `${ch}'s ${words(e.attribute)} is now ${s(e.value)}`;
    case "item_gained": return `${ch} gains ${item(e.item)}`;
    case "item_lost": return `${ch} gives up item ${Number(e.index) + 1}`;
    case "item_dropped": return `${item(e.item)} lies at ${sq(e.at)}`;
    case "item_picked_up": return `${ch} picks it up`;
    case "item_changed": return `${ch}'s item ${Number(e.index) + 1} is now ${item(e.item)}`;
    case "equipped": return `${ch} equips item ${Number(e.index) + 1}`;
    case "rune_attached": return `${ch} attaches a rune`;
    case "unequipped": return `${ch} puts the weapon away`;
    case "coins_changed": return `${ch} carries ${s(e.coins)} coin(s)`;
    case "loot_rolled": {
      const need = e.needed !== null && e.needed !== undefined ? ` (needs ${s(e.needed)})` : "";
      return `${ch} searches the ${s(e.container)}: rolled ${s(e.roll)}, score ${s(e.score)}${need}${src(e.source)} — ${e.success ? "success" : "nothing"}`;
    }
    case "trap_resolved": return `Trap at ${sq(e.at)}${e.roll !== null && e.roll !== undefined ? `, rolled ${s(e.roll)}${src(e.source)}` : ""}: ${ch} ${TRAP_WORDS[s(e.effect)] ?? words(e.effect)}`;
    case "rested": return `${ch} rests at ${sq(e.at)}`;
    case "turn_flags_changed": return `${ch}'s turn: ${turnWords(e.flags)}`;
    case "exited_dungeon": return `${ch} is back in town`;
    case "dungeon_cleared": return "The table is cleared for the next dungeon";
    case "book_used": return `${ch} uses ${words(e.book)}: ${s(e.detail)}`;
    case "stash_changed": return `${s(e.player)}'s stash: ${s(e.coins)} coin(s)${Array.isArray(e.books) && e.books.length ? `, books ${e.books.map(words).join(", ")}` : ""}`;
    case "quest_accepted": return `${ch} takes the quest ${words(e.quest)}`;
    case "quest_completed": return `${ch} completed ${words(e.quest)}`;
    case "quest_progress": return `${ch}'s quest ${words(e.quest)}: ${s(e.progress)} of ${s(e.goal)}${Array.isArray(e.tally) && e.tally.length ? ` (${e.tally.map(s).join(", ")})` : ""}`;
    case "title_earned": return `${ch} earns the title ${words(e.title)}`;
    case "hero_declared": return `${ch} is the first Hero`;
    case "bought_from_merchant": return `${ch} bought ${item(e.item)}`;
    case "path_chosen": return `${ch} takes the path ${isObj(e.path) ? s(e.path.name) : ""}`;
    case "path_switched": return `${ch} now follows ${s(e.path)}`;
    case "path_charged": return `${ch}'s path charges (${s(e.charge)})`;
    case "power_used": return `${ch} uses the power of ${s(e.path)}`;
    case "rumor_heard": return `${ch} heard a rumour`;
    default: return words(e.type) || JSON.stringify(e);
  }
}

const CELL_WORD: Record<string, string> = { ".": "floor", "#": "wall", L: "locked door", U: "unlocked door", "^": "trap", f: "campfire", s: "sack", c: "crate", b: "barrel", h: "chest", t: "tomb", x: "trash" };

function turnWords(f: unknown): string {
  if (!isObj(f)) return "";
  const parts = [];
  if (Number(f.moved) > 0) parts.push(`moved ${s(f.moved)}`);
  if (f.ran) parts.push("ran");
  if (f.attacked) parts.push("attacked");
  if (f.rested) parts.push("rested");
  if (f.fled) parts.push("fled");
  if (f.stopped) parts.push("stopped");
  return parts.join(", ") || "fresh";
}

/** The dice each attack of the last dungeon turn used, for the panel under the button. */
export function lastTurnRolls(events: Obj[], names: Map<string, string> = new Map()): string[] {
  const name = (v: unknown) => names.get(who(v)) ?? who(v);
  return events.filter((e) => e.type === "combat").map((e) => `${name(e.attacker)} on ${name(e.defender)}: ${s(e.character_roll)} vs ${s(e.enemy_roll)}${src(e.source)}`);
}


/**
 * What the players must do at the table after the last action: place
 * companions or a boss, deal with a trap, a fallen character. The log has
 * every event; these are the few that ask for a hand on the table.
 */
export function notices(events: Obj[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === "companions_due") out.push(`${nm(e.enemy)} calls ${s(e.count)} companion(s): draw them and place them with the Enemy tool (they act from the next dungeon turn).`);
    else if (e.type === "boss_due") out.push(`A boss is due at ${s(e.gate)} (${s(e.reason)}): place it on that Gate with the Enemy tool.`);
    else if (e.type === "stepped_on_trap") out.push(`${nm(e.character)} stepped on a trap: disarm it with Tools or roll the trap table.`);
    else if (e.type === "character_defeated") out.push(`${nm(e.character)} has fallen: carried items and coins are lost; the stash is kept for the player's next character.`);
    else if (e.type === "turn_lost") out.push(`${nm(e.character)} is snared and loses this turn.`);
  }
  return out;
}

/**
 * The engine's refusal of a dungeon turn that lacks an attack's dice
 * ("attack 2 (g1 on anna) needs a pair of dice…") as the prompt a player
 * reads: which enemy attacks whom, by the names on the table. Null for any
 * other refusal. `names` maps ids to names (characters and enemies).
 */
export function diceAsk(rule: string, reason: string, names: Map<string, string>): string | null {
  if (rule !== "Dungeon turn: dice") return null;
  const m = /^attack (\d+) \((\S+) on (\S+)\) needs a pair of dice/.exec(reason);
  if (!m) return null;
  const name = (id: string) => names.get(id) || id;
  return `Attack ${m[1]}: ${name(m[2])} attacks ${name(m[3])}. Roll (or type) your die and the enemy's, then press the dungeon turn again.`;
}
