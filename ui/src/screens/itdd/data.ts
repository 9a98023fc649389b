// The engine's tables, read from the same JSON files the Rust engine embeds
// (crates/games/silver-mine/data), so the forms never offer a kind, price or
// book the engine would not know. Each shape is checked on read: a data file
// edited into a shape the screen cannot use gives empty choices, not a crash.
import enemiesJson from "../../../../crates/games/silver-mine/data/enemies.json";
import merchantJson from "../../../../crates/games/silver-mine/data/merchant.json";
import booksJson from "../../../../crates/games/silver-mine/data/books.json";
import questsJson from "../../../../crates/games/silver-mine/data/quests.json";
import lootJson from "../../../../crates/games/silver-mine/data/loot.json";
import trapsJson from "../../../../crates/games/silver-mine/data/traps.json";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const entries = (v: unknown): [string, Obj][] =>
  isObj(v) ? Object.entries(v).filter((e): e is [string, Obj] => !e[0].startsWith("_") && isObj(e[1])) : [];

export interface EnemyRule {
  kind: string;
  reach: string;
  crossesTraps: boolean;
  opensLockedDoors: boolean;
  inflicts: string | null;
}

/** Enemy kinds as the engine moves them (the stats come from the drawn card). */
export const ENEMY_KINDS: EnemyRule[] = entries(enemiesJson).map(([kind, r]) => ({
  kind,
  reach: String(r.reach ?? ""),
  crossesTraps: r.crosses_traps === true,
  opensLockedDoors: r.opens_locked_doors === true,
  inflicts: typeof r.inflicts === "string" ? r.inflicts : null,
}));

/** The Merchant's rows: item kind → buy and sell price. */
export const MERCHANT: { item: string; buy: number; sell: number }[] = entries(merchantJson).map(([item, p]) => ({
  item,
  buy: Number(p.buy),
  sell: Number(p.sell),
}));
export const TRADER_ADJUSTMENT: number = isObj(merchantJson) ? Number(merchantJson.trader_adjustment ?? 0) : 0;

export interface Book {
  id: string;
  name: string;
  tier: number;
  price: number;
  types: string[];
}
const bookPrices: Obj = isObj(booksJson) && isObj(booksJson.prices) ? booksJson.prices : {};
export const BOOKS: Book[] = entries(isObj(booksJson) ? booksJson.books : null).map(([id, b]) => ({
  id,
  name: String(b.name ?? id),
  tier: Number(b.tier),
  price: Number(bookPrices[String(b.tier)] ?? NaN),
  types: Array.isArray(b.types) ? b.types.map(String) : [],
}));
export const MAX_BOOKS: number = isObj(booksJson) ? Number(booksJson.max_books ?? 4) : 4;

/** Quests by id with their difficulty. */
export const QUESTS: { id: string; difficulty: string }[] = isObj(questsJson) && isObj(questsJson.quests)
  ? Object.entries(questsJson.quests).map(([id, d]) => ({ id, difficulty: String(d) }))
  : [];
/** Titles in the order they are earned, with the quest difficulty each needs. */
export const TITLES: { title: string; needs: string }[] = isObj(questsJson) && Array.isArray(questsJson.titles)
  ? questsJson.titles.filter(isObj).map((t) => ({ title: String(t.title), needs: String(t.needs) }))
  : [];
export const INN_PRICES = {
  recover: isObj(questsJson) ? Number(questsJson.inn_recover ?? 5) : 5,
  rumor: isObj(questsJson) ? Number(questsJson.inn_rumor ?? 2) : 2,
};

export interface Container {
  kind: string;
  /** Loot score (die + Torch) needed; null for the sack (coin roll) and chest (key). */
  threshold: number | null;
  needsKey: boolean;
  /** Item cards a success gives (the chest: keep 1 of `draw`). */
  items: number;
}
export const CONTAINERS: Container[] = entries(lootJson).map(([kind, c]) => ({
  kind,
  threshold: typeof c.threshold === "number" ? c.threshold : null,
  needsKey: c.needs_key === true,
  items: Number(c.items ?? 0),
}));

/** The trap table, roll → what happens. */
export const TRAPS: { roll: number; text: string }[] = entries(trapsJson).map(([roll, t]) => ({ roll: Number(roll), text: String(t.text ?? t.effect) }));

/** What each quest asks (`goals` in quests.json): the count the engine keeps in `quest_progress`. */
export const QUEST_GOALS: Record<string, { target: number; tally: string; container?: string }> = isObj(questsJson) && isObj(questsJson.goals)
  ? Object.fromEntries(entries(questsJson.goals).map(([id, g]) => {
      const tally = isObj(g.tally) ? g.tally : {};
      return [id, { target: Number(g.target), tally: String(tally.kind ?? ""), ...(typeof tally.container === "string" ? { container: tally.container } : {}) }];
    }))
  : {};

const TALLY_WORDS: Record<string, string> = {
  explore_halls: "Halls explored",
  explore_campfire_halls: "Halls with a campfire explored",
  defeat_goblins: "goblins defeated",
  defeat_goblin_names: "kinds of goblin defeated",
  unlock_doors: "doors unlocked",
  disarm_traps: "traps disarmed",
  coins_gained: "coins collected",
  gates_in_dungeon: "Gates in this exploration",
  carry_potion_kinds: "different potions carried",
  carry_rune_kinds: "different runes carried",
  carry_weapons: "weapons carried",
  carry_keys: "keys carried",
};

/** "2 of 3 crates looted" for a quest and its progress; null for a quest without a goal. */
export function questProgressText(quest: string, progress: number): string | null {
  const g = QUEST_GOALS[quest];
  if (!g) return null;
  const what = g.tally === "loot" ? `${g.container ?? "container"}s looted` : TALLY_WORDS[g.tally] ?? g.tally.replace(/_/g, " ");
  return `${Math.min(progress, g.target)} of ${g.target} ${what}${progress >= g.target ? " — done, deliver it" : ""}`;
}
