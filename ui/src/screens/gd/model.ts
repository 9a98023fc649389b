// Engine state → what the Green Dungeon screen shows: the phase in words,
// the hero, the time track, the fight, and what the player may do now.
// Pure: the DOM is in screen.ts.
// Every rule number and every "may the hero…" comes from the engine's view
// (GdView); this file only words it.
import type { CardsFor, Fight, GdState, GdView, Idle, Origin, Potion, TimeReason } from "./types";

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

/** The cards an encounter waits for: deck, count (the engine's) and what they decide. */
export interface CardsNeed {
  deck: "Monster" | "Boss";
  count: number;
  what: string;
}

export const CARDS_WHAT: Record<CardsFor["for"], string> = {
  drop_monster: "the monster in this Drop room",
  hammer_monster: "the monster in this Hammer room",
  wandering_monster: "the wandering monster (fought as in a Drop room)",
  mini_boss: "the mini boss",
  final_boss: "the final boss",
  wood_magic: "the magic of this Wood room (Drop heals, Wood: vision, Hammer/Cog: magical trap)",
  brick_trap: "the trap of this Brick room (Wood drains magic, Cog guards treasure)",
};

export function cardsNeed(p: CardsFor, v: GdView): CardsNeed {
  const c = v.cards;
  return { deck: c?.deck === "boss" ? "Boss" : "Monster", count: c?.count ?? 0, what: CARDS_WHAT[p.for] };
}

export type MonsterAction = "melee" | "spell" | "power_spell";

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

export function fightView(f: Fight, v: GdView): FightView {
  const m = f.monster;
  const r = v.fight;
  const act: MonsterAction = r?.monster_action ?? "melee";
  const bonus = r?.monster_bonus ?? 0;
  const plan =
    act === "power_spell"
      ? `casts powerful magic: a die + ${m.difficulty} damage, then takes ${v.rules.power_self_damage ?? 1} itself`
      : act === "spell"
        ? `casts a spell: ${m.difficulty} damage, then rolls with no bonus`
        : `fights in melee${bonus ? ` (+${bonus} to its roll)` : ""}: ${m.difficulty} damage on a hit, ties go to it`;
  const blocked = "not open now";
  const fleeWhy = r ? r.flee_why : blocked;
  const bribeWhy = r ? r.bribe_why : blocked;
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
    monsterBonus: bonus,
    heroMeleeBonus: r?.hero_melee_bonus ?? 0,
    heroHitDamage: r?.hero_hit_damage ?? 0,
    canFlee: fleeWhy === null,
    fleeWhy,
    bribeCost: r?.bribe_cost ?? null,
    canBribe: bribeWhy === null,
    bribeWhy: r?.bribe_cost === null ? "bosses cannot be bribed" : bribeWhy,
    canSpell: r !== null && r.spell_why === null,
    canPowerSpell: r !== null && r.power_spell_why === null,
  };
}

/** The time track drawn as a track: squares up to the reset, event marks on every event step. */
export interface TrackView {
  main: number;
  squares: Array<{ n: number; filled: boolean; event: boolean; current: boolean }>;
  eventCubes: number;
  /** Cube places drawn on the track: the event cubes one pass of the track places (its event squares, by the engine's reset_at and event_every). */
  cubeSlots: number;
  /** Checks still to roll, each with the event cubes its wandering die is compared with. */
  pendingChecks: Array<{ eventCubes: number }>;
  owed: TimeReason[];
  elapsed: number;
  /** Cubes until the next event cube. */
  toNextEvent: number;
}

export function trackView(s: GdState, v: GdView): TrackView {
  const t = s.time;
  const r = v.rules;
  const squares = [];
  for (let n = 1; n <= r.reset_at; n++) {
    squares.push({ n, filled: n <= t.main, event: n % r.event_every === 0, current: n === t.main });
  }
  return {
    main: t.main,
    squares,
    eventCubes: t.event_cubes,
    cubeSlots: squares.filter((q) => q.event).length,
    pendingChecks: t.pending_checks.map((c) => ({ eventCubes: c.event_cubes })),
    owed: [...t.owed],
    elapsed: t.elapsed,
    toNextEvent: v.to_next_event,
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

export function phaseView(s: GdState, v: GdView): PhaseView {
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
    const { event_cubes: cubes, wandering } = s.time.pending_checks[0];
    const upkeep = "Roll two upkeep dice (first: column, second: row; any 6 = no upkeep)";
    return {
      key: "event_check",
      title: `Event check${n > 1 ? ` (1 of ${n})` : ""}`,
      help:
        wandering === false
          ? `${upkeep}; the wandering die is rolled once, with the last upkeep roll.`
          : `${upkeep}, then one die: at or under ${cubes} a wandering monster comes.`,
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
      return { key: "recover", title: "Rest finished", help: `Roll one die for health and one for magic; level up here with ${v.rules.level_up_xp} experience.` };
    case "cards": {
      const need = cardsNeed(p.purpose, v);
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

/**
 * What the tapped card(s) will make, so a mis-tap shows before it is sent.
 * The engine's view says which symbols are nasty for this draw and whether
 * a Cog guards a treasure; the higher number is the difficulty, +1 per
 * nasty card (monster.rs `from_cards`); any Wood casts spells.
 */
export function cardsPreview(p: CardsFor, v: GdView, cards: Array<{ number: number; symbol: string }>): string | null {
  const need = v.cards;
  if (!need || cards.length !== need.count) return null;
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
  const top = Math.max(...cards.map((x) => x.number));
  const nasty = cards.filter((x) => (need.nasty as string[]).includes(x.symbol)).length;
  const traits = [];
  if (cards.some((x) => x.symbol === "wood")) traits.push("casts spells");
  if (need.cog_guards_treasure && cards.some((x) => x.symbol === "cog")) traits.push("guards a treasure");
  return `Difficulty ${top + nasty}${nasty ? ` (${top} + ${nasty} nasty)` : ""}${traits.length ? `, ${traits.join(", ")}` : ""}.`;
}
