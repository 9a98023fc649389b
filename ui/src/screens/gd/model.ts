// Engine state → what the Green Dungeon screen shows: the phase in words,
// the hero, the time track, the fight, and what the player may do now.
// Pure: the DOM is in screen.ts.
import { tileAt } from "./grid";
import type { CardsFor, Fight, GdState, Idle, Monster, Origin, Potion, TimeReason } from "./types";

/** The mirrors of the engine's rule numbers the screen needs (data/rules.json). */
export const RULES = {
  eventEvery: 5,
  resetAt: 15,
  levelUpXp: 10,
  spellCost: 1,
  powerCost: 3,
  maxLuck: 3,
};

export const ORIGIN_NAME: Record<Origin, string> = {
  drop: "Drop-room monster",
  hammer: "Hammer-room monster",
  wandering: "Wandering monster",
  mini_boss: "Mini boss",
  final_boss: "Final boss",
};

export const REASON_WORDS: Record<TimeReason, string> = {
  room_cleared: "room cleared",
  rest: "rest",
  door: "door opened",
  door_retry: "door retried",
  wandering_monster: "wandering monster fought",
};

export function idleWords(i: Idle): string {
  if (i.idle === "exploring") return "Exploring";
  if (i.idle === "must_rest") return "Must rest (after the mini boss)";
  return i.interrupted ? "Resting — interrupted" : "Resting";
}

/** The cards an encounter waits for: deck, count and what they decide. */
export interface CardsNeed {
  deck: "Monster" | "Boss";
  count: number;
  what: string;
}

export function cardsNeed(p: CardsFor): CardsNeed {
  switch (p.for) {
    case "drop_monster":
      return { deck: "Monster", count: 1, what: "the monster in this Drop room" };
    case "hammer_monster":
      return { deck: "Monster", count: 2, what: "the monster in this Hammer room" };
    case "wandering_monster":
      return { deck: "Monster", count: 1, what: "the wandering monster (fought as in a Drop room)" };
    case "mini_boss":
      return { deck: "Boss", count: 1, what: "the mini boss" };
    case "final_boss":
      return { deck: "Boss", count: 2, what: "the final boss" };
    case "wood_magic":
      return { deck: "Boss", count: 1, what: "the magic of this Wood room (Drop heals, Wood: vision, Hammer/Cog: magical trap)" };
    case "brick_trap":
      return { deck: "Boss", count: 1, what: "the trap of this Brick room (Wood drains magic, Cog guards treasure)" };
  }
}

export type MonsterAction = "melee" | "spell" | "power_spell";

/**
 * What the monster does this round (combat.rs): spellcasters use magic while
 * they can, bosses the powerful spell while they have three cubes.
 */
export function monsterAction(f: Fight): MonsterAction {
  const boss = f.monster.origin === "mini_boss" || f.monster.origin === "final_boss";
  if (f.magic >= RULES.powerCost && boss) return "power_spell";
  if (f.magic >= RULES.spellCost && f.magic > 0) return "spell";
  return "melee";
}

/** Added to the monster's melee roll (monster.rs `roll_bonus`). */
export function monsterRollBonus(m: Monster): number {
  return m.origin === "hammer" ? 1 : m.origin === "mini_boss" ? 2 : m.origin === "final_boss" ? 3 : 0;
}

export function bribeCost(m: Monster): number {
  return m.card_number * (m.fled_before ? 2 : 1);
}

export interface FightView {
  name: string;
  difficulty: number;
  health: number;
  magic: number;
  spellcaster: boolean;
  treasureCards: number;
  rounds: number;
  fleeFailed: boolean;
  monsterAction: MonsterAction;
  /** Words for the monster's move this round, damage included. */
  monsterPlan: string;
  monsterBonus: number;
  heroMeleeBonus: number;
  heroHitDamage: number;
  canFlee: boolean;
  fleeWhy: string | null;
  bribeCost: number | null;
  canBribe: boolean;
  bribeWhy: string | null;
  canSpell: boolean;
  canPowerSpell: boolean;
}

export function fightView(s: GdState, f: Fight): FightView {
  const m = f.monster;
  const act = monsterAction(f);
  const boss = m.origin === "mini_boss" || m.origin === "final_boss";
  const plan =
    act === "power_spell"
      ? `casts powerful magic: a die + ${m.difficulty} damage, then takes 1 itself`
      : act === "spell"
        ? `casts a spell: ${m.difficulty} damage, then rolls with no bonus`
        : `fights in melee${monsterRollBonus(m) ? ` (+${monsterRollBonus(m)} to its roll)` : ""}: ${m.difficulty} damage on a hit, ties go to it`;
  const weapon = s.player.weapon ?? 0;
  const cost = boss ? null : bribeCost(m);
  let fleeWhy: string | null = null;
  if (m.origin === "final_boss") fleeWhy = "magical barriers: no fleeing the final boss";
  else if (f.rounds === 0) fleeWhy = "fleeing is tried at the end of a round";
  else if (f.flee_failed) fleeWhy = "after a failed escape, fight this round";
  else if (!s.previous) fleeWhy = "no previous room to flee to";
  let bribeWhy: string | null = null;
  if (boss) bribeWhy = "bosses cannot be bribed";
  else if (cost !== null && s.player.treasure < cost) bribeWhy = `costs ${cost} treasure; you have ${s.player.treasure}`;
  return {
    name: ORIGIN_NAME[m.origin],
    difficulty: m.difficulty,
    health: f.health,
    magic: f.magic,
    spellcaster: m.spellcaster,
    treasureCards: m.treasure_cards,
    rounds: f.rounds,
    fleeFailed: f.flee_failed,
    monsterAction: act,
    monsterPlan: plan,
    monsterBonus: act === "melee" ? monsterRollBonus(m) : 0,
    heroMeleeBonus: f.flee_failed ? 0 : s.player.level + weapon,
    heroHitDamage: 1 + weapon,
    canFlee: fleeWhy === null,
    fleeWhy,
    bribeCost: cost,
    canBribe: bribeWhy === null,
    bribeWhy,
    canSpell: !f.flee_failed && s.player.magic >= RULES.spellCost,
    canPowerSpell: !f.flee_failed && s.player.magic >= RULES.powerCost,
  };
}

/** The time track drawn as a track: squares 1–15, event marks at 5, 10, 15. */
export interface TrackView {
  main: number;
  squares: Array<{ n: number; filled: boolean; event: boolean; current: boolean }>;
  eventCubes: number;
  /** Checks still to roll, each with the event cubes its wandering die is compared with. */
  pendingChecks: Array<{ eventCubes: number }>;
  owed: TimeReason[];
  elapsed: number;
  /** Cubes until the next event cube. */
  toNextEvent: number;
}

export function trackView(s: GdState): TrackView {
  const t = s.time;
  const squares = [];
  for (let n = 1; n <= RULES.resetAt; n++) {
    squares.push({ n, filled: n <= t.main, event: n % RULES.eventEvery === 0, current: n === t.main });
  }
  return {
    main: t.main,
    squares,
    eventCubes: t.event_cubes,
    pendingChecks: t.pending_checks.map((c) => ({ eventCubes: c.event_cubes })),
    owed: [...t.owed],
    elapsed: t.elapsed,
    toNextEvent: RULES.eventEvery - (t.main % RULES.eventEvery),
  };
}

export function potionWords(p: Potion): string {
  return "healing" in p ? `Healing potion (+${p.healing.amount} health)` : `Magic potion (+${p.magic.amount} magic)`;
}

/** What the engine waits for, in a heading and a line of help. */
export interface PhaseView {
  key:
    | "event_check"
    | "exploring"
    | "must_rest"
    | "resting"
    | "recover"
    | "cards"
    | "trap_roll"
    | "final_boss_choice"
    | "combat"
    | "loot"
    | "clairvoyance"
    | "luck"
    | "over";
  title: string;
  help: string;
}

export function phaseView(s: GdState): PhaseView {
  const p = s.phase;
  if (p.phase === "over") {
    return p.outcome === "won"
      ? { key: "over", title: `Victory — final score ${p.score.final}`, help: "The final boss is defeated. The adventure is over." }
      : { key: "over", title: `The hero perished — final score ${p.score.final}`, help: "The adventure is over." };
  }
  if (s.player.health === 0) {
    return { key: "luck", title: "At 0 health", help: s.player.luck > 0 ? "Spend a luck cube (roll one die to heal) or accept death." : "No luck left." };
  }
  if (s.time.pending_checks.length > 0 && p.phase === "idle") {
    const n = s.time.pending_checks.length;
    const cubes = s.time.pending_checks[0].event_cubes;
    return {
      key: "event_check",
      title: `Event check${n > 1 ? ` (1 of ${n})` : ""}`,
      help: `Roll two upkeep dice (first: column, second: row; any 6 = no upkeep), then one die: at or under ${cubes} a wandering monster comes.`,
    };
  }
  switch (p.phase) {
    case "idle":
      if (p.idle === "must_rest") return { key: "must_rest", title: "Rest now", help: "Fighting the mini boss is taxing: the hero must rest before moving on." };
      if (p.idle === "resting") return { key: "resting", title: "Resting", help: "The rest's checks are being made." };
      return {
        key: "exploring",
        title: "Exploring",
        help: "Tap a room next to the hero: a face-down one to turn it up, a face-up one to walk in.",
      };
    case "recover":
      return { key: "recover", title: "Rest finished", help: "Roll one die for health and one for magic; level up here with 10 experience." };
    case "cards": {
      const need = cardsNeed(p.purpose);
      return { key: "cards", title: `Draw ${need.count} ${need.deck} card${need.count > 1 ? "s" : ""}`, help: `For ${need.what}: tap in each card's number and symbol.` };
    }
    case "trap_roll":
      return {
        key: "trap_roll",
        title: p.trap === "brick" ? `Trap: card ${p.card.number} (${p.card.symbol})` : `Magical trap: card ${p.card.number} (${p.card.symbol})`,
        help:
          p.trap === "brick"
            ? `Roll one die + level ${s.player.level}: ${p.card.number} or more avoids it; otherwise ${p.card.number} ${p.card.symbol === "wood" ? "magic" : "health"} lost.`
            : `Roll one die + level ${s.player.level}: you lose ${p.card.number} minus the total in health.`,
      };
    case "final_boss_choice":
      return { key: "final_boss_choice", title: "The final boss's lair", help: "Enter and face the boss (no fleeing), or retreat to the previous room." };
    case "combat":
      return { key: "combat", title: `Combat: ${ORIGIN_NAME[p.monster.origin]}`, help: "Choose melee or magic; both dice are rolled together, told apart by colour." };
    case "loot":
      return { key: "loot", title: `Treasure: ${p.remaining} card${p.remaining > 1 ? "s" : ""} to keep`, help: "Tap in the number and symbol of each Treasure card you keep." };
    case "clairvoyance":
      return { key: "clairvoyance", title: `Clairvoyant vision: ${p.remaining} tile${p.remaining > 1 ? "s" : ""}`, help: "Tap face-down tiles anywhere to turn them up, or end the vision." };
  }
}

/** Whether the hero may rest here now (explore.rs `rest`). */
export function canRest(s: GdState): boolean {
  const p = s.phase;
  if (p.phase !== "idle" || (p.idle !== "exploring" && p.idle !== "must_rest") || s.time.pending_checks.length > 0) return false;
  const t = tileAt(s, s.at);
  return (t.face?.kind === "cog" || t.face?.kind === "straw") && t.cleared && !t.meeple;
}

/** Between encounters with no check due: the hero may move, drink, rest. */
export function betweenEncounters(s: GdState): boolean {
  const p = s.phase;
  return p.phase === "idle" && (p.idle === "exploring" || p.idle === "must_rest") && s.time.pending_checks.length === 0 && s.player.health > 0;
}

/** A luck cube may be spent at 1 health or less. */
export function canUseLuck(s: GdState): boolean {
  return s.phase.phase !== "over" && s.player.health <= 1 && s.player.luck > 0;
}

/**
 * What the tapped card(s) will make, so a mis-tap shows before it is sent
 * (monster.rs `from_cards`, encounter.rs): the higher number is the
 * difficulty, +1 per nasty symbol (Drop for Drop-room and wandering
 * monsters; Drop or Hammer for Hammer rooms and bosses); any Wood casts
 * spells; a Cog on a minion guards a treasure.
 */
export function cardsPreview(p: CardsFor, cards: Array<{ number: number; symbol: string }>): string | null {
  if (cards.length !== cardsNeed(p).count) return null;
  const c = cards[0];
  if (p.for === "wood_magic") {
    if (c.symbol === "drop") return `Healing magic: +${c.number} health.`;
    if (c.symbol === "wood") return `A clairvoyant vision: turn up ${c.number} face-down tile${c.number > 1 ? "s" : ""}.`;
    return `A magical trap: ${c.number} damage less your roll + level${c.symbol === "cog" ? ", guarding a treasure" : ""}.`;
  }
  if (p.for === "brick_trap") {
    const what = c.symbol === "wood" ? "magic" : "health";
    return `A trap: roll + level ≥ ${c.number} avoids it, else −${c.number} ${what}${c.symbol === "cog" ? "; it guards a treasure" : ""}.`;
  }
  const minion = p.for === "drop_monster" || p.for === "hammer_monster" || p.for === "wandering_monster";
  const dropOnly = p.for === "drop_monster" || p.for === "wandering_monster";
  const top = Math.max(...cards.map((x) => x.number));
  const nasty = cards.filter((x) => x.symbol === "drop" || (!dropOnly && x.symbol === "hammer")).length;
  const traits = [];
  if (cards.some((x) => x.symbol === "wood")) traits.push("casts spells");
  if (minion && cards.some((x) => x.symbol === "cog")) traits.push("guards a treasure");
  return `Difficulty ${top + nasty}${nasty ? ` (${top} + ${nasty} nasty)` : ""}${traits.length ? `, ${traits.join(", ")}` : ""}.`;
}
