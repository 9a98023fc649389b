// What the engine says about the rules (GameView.view, built by
// crates/games/silver-mine/src/view.rs): the tables the forms choose from,
// the numbers the screen prints and each character's prices and capacity.
// Nothing here is a rule: a field the engine did not send reads as null or
// empty, and the screen then shows "?" or offers nothing, never a guess.

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const objs = (v: unknown): Obj[] => arr(v).filter(isObj);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strs = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === "string");

export interface EnemyRule {
  kind: string;
  reach: string;
  crossesTraps: boolean;
  opensLockedDoors: boolean;
  inflicts: string | null;
}

export interface Book {
  id: string;
  name: string;
  tier: number | null;
  price: number | null;
}

export interface Quest {
  id: string;
  difficulty: string;
  target: number | null;
  tally: string;
  container: string | null;
}

/** What a container's loot roll gives, by the engine's table. */
export interface Container {
  kind: string;
  /** Loot score (die + Torch) needed; null for the sack (coin roll) and chest (key). */
  threshold: number | null;
  needsKey: boolean;
  /** Item cards a success gives. */
  items: number;
}

/** One character as the engine prices and counts them. */
export interface CharacterRules {
  capacity: number | null;
  /** Merchant row → what this character pays (the Trader book applied). */
  buy: Record<string, number>;
  /** Per carried item: what the Merchant pays, null where he will not buy it. */
  sell: (number | null)[];
  booksForSale: string[];
  stashFull: boolean;
  rewardBooks: string[];
  openQuests: string[];
  quest: { id: string; difficulty: string | null; target: number | null; progress: number; reward: { items: number; book: boolean } | null } | null;
  nextTitle: { title: string; needs: string } | null;
  pathCharges: number | null;
  /** Container kind → what rolls 1..6 give this character (`[roll - 1]`), as the engine rules it. */
  loot: Record<string, LootRoll[]>;
}

/** One loot roll's result, as the engine rules it. */
export interface LootRoll {
  success: boolean;
  score: number;
  cards: number;
}

export interface ItddRules {
  bossGoblin: number | null;
  runBonus: number | null;
  giantStrengthBonus: number | null;
  maxBooks: number | null;
  innRecover: number | null;
  innRumor: number | null;
  arenaBonus: number | null;
  arenaPerDefeat: number | null;
  maxCardSide: number | null;
  startingItems: string[];
  startingItemsAllowed: number | null;
  itemDefaults: { bonus: number | null; masterKeyCharges: number | null };
  enemyKinds: EnemyRule[];
  merchant: { item: string; buy: number | null; sell: number | null }[];
  books: Book[];
  quests: Quest[];
  titles: { title: string; needs: string }[];
  containers: Container[];
  traps: { roll: number | null; text: string }[];
  characters: Map<string, CharacterRules>;
}

function characterRules(c: Obj): CharacterRules {
  const buy: Record<string, number> = {};
  if (isObj(c.buy)) for (const [k, v] of Object.entries(c.buy)) if (num(v) !== null) buy[k] = v as number;
  const q = isObj(c.quest) ? c.quest : null;
  const t = isObj(c.next_title) ? c.next_title : null;
  return {
    capacity: num(c.capacity),
    buy,
    sell: arr(c.sell).map(num),
    booksForSale: strs(c.books_for_sale),
    stashFull: c.stash_full === true,
    rewardBooks: strs(c.reward_books),
    openQuests: strs(c.open_quests),
    quest: q
      ? {
          id: str(q.id),
          difficulty: typeof q.difficulty === "string" ? q.difficulty : null,
          target: num(q.target),
          progress: num(q.progress) ?? 0,
          reward: isObj(q.reward) ? { items: num(q.reward.items) ?? 0, book: q.reward.book === true } : null,
        }
      : null,
    nextTitle: t ? { title: str(t.title), needs: str(t.needs) } : null,
    pathCharges: num(c.path_charges),
    loot: lootRolls(c.loot),
  };
}

/** The engine's view read leniently (an older or empty view gives nulls and empty lists). */
export function rulesOf(view: unknown): ItddRules {
  const v = isObj(view) ? view : {};
  const r = isObj(v.rules) ? v.rules : {};
  const d = isObj(r.item_defaults) ? r.item_defaults : {};
  return {
    bossGoblin: num(r.boss_goblin),
    runBonus: num(r.run_bonus),
    giantStrengthBonus: num(r.giant_strength_bonus),
    maxBooks: num(r.max_books),
    innRecover: num(r.inn_recover),
    innRumor: num(r.inn_rumor),
    arenaBonus: num(r.arena_bonus),
    arenaPerDefeat: num(r.arena_per_defeat),
    maxCardSide: num(r.max_card_side),
    startingItems: strs(r.starting_items),
    startingItemsAllowed: num(v.starting_items_allowed),
    itemDefaults: { bonus: num(d.bonus), masterKeyCharges: num(d.master_key_charges) },
    enemyKinds: objs(v.enemy_kinds).map((k) => ({
      kind: str(k.kind),
      reach: str(k.reach),
      crossesTraps: k.crosses_traps === true,
      opensLockedDoors: k.opens_locked_doors === true,
      inflicts: typeof k.inflicts === "string" ? k.inflicts : null,
    })),
    merchant: objs(v.merchant).map((m) => ({ item: str(m.item), buy: num(m.buy), sell: num(m.sell) })),
    books: objs(v.books).map((b) => ({ id: str(b.id), name: str(b.name) || str(b.id), tier: num(b.tier), price: num(b.price) })),
    quests: objs(v.quests).map((q) => ({ id: str(q.id), difficulty: str(q.difficulty), target: num(q.target), tally: str(q.tally), container: typeof q.container === "string" ? q.container : null })),
    titles: objs(v.titles).map((t) => ({ title: str(t.title), needs: str(t.needs) })),
    containers: objs(v.containers).map((c) => ({ kind: str(c.kind), threshold: num(c.threshold), needsKey: c.needs_key === true, items: num(c.items) ?? 0 })),
    traps: objs(v.traps).map((t) => ({ roll: num(t.roll), text: str(t.text) })),
    characters: new Map(isObj(v.characters) ? Object.entries(v.characters).filter((e): e is [string, Obj] => isObj(e[1])).map(([id, c]) => [id, characterRules(c)]) : []),
  };
}

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

/** "2 of 3 crates looted" for a quest and its progress; null for a quest the engine gives no goal. */
export function questProgressText(r: ItddRules, quest: string, progress: number): string | null {
  const g = r.quests.find((q) => q.id === quest);
  if (!g || g.target === null) return null;
  const what = g.tally === "loot" ? `${g.container ?? "container"}s looted` : TALLY_WORDS[g.tally] ?? g.tally.replace(/_/g, " ");
  return `${Math.min(progress, g.target)} of ${g.target} ${what}${progress >= g.target ? " — done, deliver it" : ""}`;
}

/** A number the engine gave, or "?" when it gave none. */
export const shown = (n: number | null): string => (n === null ? "?" : String(n));

function lootRolls(v: unknown): Record<string, LootRoll[]> {
  const out: Record<string, LootRoll[]> = {};
  if (!isObj(v)) return out;
  for (const [kind, rolls] of Object.entries(v)) {
    out[kind] = arr(rolls).map((r) => {
      const o = isObj(r) ? r : {};
      return { success: o.success === true, score: num(o.score) ?? 0, cards: num(o.cards) ?? 0 };
    });
  }
  return out;
}
