// Dice prompts: every roll the engine asks for, as named slots the player
// fills from the table (camera), by a virtual roll, or by tapping a face,
// and the command they make once all are filled. A prompt can also be
// rebuilt from a logged command, so the last roll is corrected in place.
import type { Colour, ColouredDie, GdState, GdView } from "./types";
import type { MonsterAction } from "./model";
import type { Die } from "../../ipc";

export interface Slot {
  key: string;
  label: string;
  /** The die's colour on the table, when it matters (combat, flight). */
  colour?: Colour;
}

/** How the camera fills slots: two dice told apart by colour, or one die. */
export type CameraStep =
  | { kind: "pair"; label: string; ours: Colour; theirs: Colour; slots: [string, string] }
  | { kind: "single"; label: string; slot: string };

export interface DicePrompt {
  /** Changes whenever a new roll is due, so half-entered values do not leak. */
  id: string;
  title: string;
  note?: string;
  slots: Slot[];
  camera: CameraStep[];
  build(values: Record<string, number>): Record<string, unknown>;
}

export type Action = "melee" | "spell" | "power_spell";

function die(value: number, color: Colour): ColouredDie {
  return { value, color };
}

/**
 * The two upkeep dice of the first queued check, and the wandering die when
 * that check rolls it (the engine asks it once per event cube placed, with
 * the last upkeep roll).
 */
export function eventCheckPrompt(s: GdState, seq: number): DicePrompt {
  const first = s.time.pending_checks[0];
  return eventCheckPromptFor(s.dice, first?.event_cubes ?? 0, `${seq}:event_check`, first?.wandering !== false);
}

function eventCheckPromptFor(c: GdState["dice"], cubes: number, id: string, wandering: boolean): DicePrompt {
  const upkeepNote = `Upkeep: the ${c.player} die is the first (column), the ${c.monster} die the second (row); any 6 = no upkeep.`;
  const slots: Slot[] = [
    { key: "first", label: "Upkeep 1st (column)", colour: c.player },
    { key: "second", label: "Upkeep 2nd (row)", colour: c.monster },
  ];
  const camera: CameraStep[] = [{ kind: "pair", label: "Read upkeep dice", ours: c.player, theirs: c.monster, slots: ["first", "second"] }];
  if (!wandering) {
    return {
      id,
      title: "Event check (upkeep only)",
      note: `${upkeepNote} The wandering die is rolled once, with the last upkeep roll.`,
      slots,
      camera,
      build: (v) => ({ type: "event_check", upkeep: [v.first, v.second] }),
    };
  }
  return {
    id,
    title: "Event check",
    note: `${upkeepNote}${cubes ? ` Wandering: at or under ${cubes} a monster comes.` : ""}`,
    slots: [...slots, { key: "wandering", label: cubes ? `Wandering (≤ ${cubes} = monster)` : "Wandering" }],
    camera: [...camera, { kind: "single", label: "Read wandering die", slot: "wandering" }],
    build: (v) => ({ type: "event_check", upkeep: [v.first, v.second], wandering: v.wandering }),
  };
}

/**
 * The dice one combat round needs: the melee pair unless both sides cast,
 * the hero's powerful-spell die, the boss's powerful-spell die.
 */
export function fightPrompt(s: GdState, v: GdView, seq: number, action: Action): DicePrompt | null {
  if (s.phase.phase !== "combat" || !v.fight) return null;
  return fightPromptFor(s.dice, `${seq}:fight:${action}`, action, v.fight.monster_action, v);
}

function fightPromptFor(c: GdState["dice"], id: string, action: Action, monster: MonsterAction, g: GdView): DicePrompt {
  const melee = action === "melee" || monster === "melee";
  const slots: Slot[] = [];
  const camera: CameraStep[] = [];
  if (melee) {
    slots.push({ key: "hero", label: "Your die", colour: c.player }, { key: "monster", label: "Monster's die", colour: c.monster });
    camera.push({ kind: "pair", label: "Read both dice", ours: c.player, theirs: c.monster, slots: ["hero", "monster"] });
  }
  if (action === "power_spell") {
    slots.push({ key: "spell", label: "Your spell damage die" });
    camera.push({ kind: "single", label: "Read spell die", slot: "spell" });
  }
  if (monster === "power_spell") {
    slots.push({ key: "boss_spell", label: "Boss's spell damage die" });
    camera.push({ kind: "single", label: "Read boss spell die", slot: "boss_spell" });
  }
  const title = action === "melee" ? "Melee round" : action === "spell" ? `Spell (${g.rules.spell_cost} magic)` : `Powerful spell (${g.rules.power_cost} magic)`;
  return {
    id,
    title,
    slots,
    camera,
    build: (v) => {
      const cmd: Record<string, unknown> = { type: "fight", action, dice: melee ? [die(v.hero, c.player), die(v.monster, c.monster)] : [] };
      if (action === "power_spell") cmd.spell_roll = v.spell;
      if (monster === "power_spell") cmd.monster_spell_roll = v.boss_spell;
      return cmd;
    },
  };
}

export function fleePrompt(s: GdState, seq: number): DicePrompt {
  const c = s.dice;
  return {
    id: `${seq}:flee`,
    title: "Flee",
    note: `Your die + level ${s.player.level} must beat the monster's die (ties go to it).`,
    slots: [
      { key: "hero", label: "Your die", colour: c.player },
      { key: "monster", label: "Monster's die", colour: c.monster },
    ],
    camera: [{ kind: "pair", label: "Read both dice", ours: c.player, theirs: c.monster, slots: ["hero", "monster"] }],
    build: (v) => ({ type: "flee", dice: [die(v.hero, c.player), die(v.monster, c.monster)] }),
  };
}

function single(id: string, title: string, label: string, note: string | undefined, build: (v: number) => Record<string, unknown>): DicePrompt {
  return { id, title, note, slots: [{ key: "die", label }], camera: [{ kind: "single", label: "Read the die", slot: "die" }], build: (v) => build(v.die) };
}

export function doorPrompt(s: GdState, seq: number, dir: string, neededAbove: number, retry: boolean): DicePrompt {
  return single(
    `${seq}:door:${dir}`,
    `Door to the ${dir}`,
    "Door die",
    `Die + level ${s.player.level} must be above ${neededAbove}.${retry ? " It held last time: this retry adds a cube." : ""}`,
    (v) => ({ type: "move", dir, door_roll: v }),
  );
}

export function trapPrompt(s: GdState, seq: number): DicePrompt {
  return single(`${seq}:trap`, "Trap roll", "Trap die", `Adds your level (${s.player.level}).`, (v) => ({ type: "trap_roll", die: v }));
}

export function luckPrompt(seq: number): DicePrompt {
  return single(`${seq}:luck`, "Spend a luck cube", "Healing die", "Heals the roll.", (v) => ({ type: "use_luck", roll: v }));
}

export function recoverPrompt(s: GdState, seq: number, levelUp: boolean): DicePrompt {
  return recoverPromptFor(s.dice, `${seq}:recover:${levelUp}`, levelUp);
}

function recoverPromptFor(c: GdState["dice"], id: string, levelUp: boolean): DicePrompt {
  return {
    id,
    title: levelUp ? "Recover and level up" : "Recover",
    note: `Health: the ${c.player} die; magic: the ${c.monster} die.`,
    slots: [
      { key: "health", label: "Health die", colour: c.player },
      { key: "magic", label: "Magic die", colour: c.monster },
    ],
    camera: [{ kind: "pair", label: "Read both dice", ours: c.player, theirs: c.monster, slots: ["health", "magic"] }],
    build: (v) => ({ type: "recover", health: v.health, magic: v.magic, level_up: levelUp }),
  };
}

export function missing(p: DicePrompt, values: Record<string, number>): Slot[] {
  return p.slots.filter((s) => !isFace(values[s.key]));
}

export function isFace(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 6;
}

/**
 * A fair die from the platform's cryptographic generator (rejection
 * sampling, so no face is favoured). `bytes` is injectable for tests.
 */
export function rollD6(bytes: (n: number) => Uint8Array = cryptoBytes): number {
  for (;;) {
    const b = bytes(1)[0];
    if (b < 252) return (b % 6) + 1;
  }
}

function cryptoBytes(n: number): Uint8Array {
  const a = new Uint8Array(n);
  globalThis.crypto.getRandomValues(a);
  return a;
}

/** Fills every empty slot with a virtual roll; returns what was rolled. */
export function rollMissing(p: DicePrompt, values: Record<string, number>, roll: () => number = () => rollD6()): Record<string, number> {
  const rolled: Record<string, number> = {};
  for (const s of missing(p, values)) rolled[s.key] = roll();
  return rolled;
}

/** The pip value of one camera die, or an error for the player. */
export function singleDieValue(dice: Die[]): number | string {
  if (dice.length !== 1) return `expected 1 die on the table, saw ${dice.length}`;
  const v = Number(dice[0].face);
  if (!isFace(v)) return `the die's face is unreadable (${dice[0].face ?? "no reading"}); tap it in by hand`;
  return v;
}

/** The first camera step that still has an empty slot. */
export function nextCameraStep(p: DicePrompt, values: Record<string, number>): CameraStep | null {
  return p.camera.find((c) => (c.kind === "pair" ? c.slots.some((k) => !isFace(values[k])) : !isFace(values[c.slot]))) ?? null;
}

/**
 * The prompt that made a logged command, with its values, so the last roll
 * can be corrected in one action. The slots are the dice the command
 * carries, so the corrected command keeps every other field. Null for
 * commands that carry no dice.
 */
export function promptOfCommand(cmd: Record<string, unknown> | null, dice: GdState["dice"]): { prompt: DicePrompt; values: Record<string, number> } | null {
  if (!cmd) return null;
  const id = "correct";
  const num = (k: string): number | null => (typeof cmd[k] === "number" ? (cmd[k] as number) : null);
  switch (cmd.type) {
    case "event_check": {
      const up = Array.isArray(cmd.upkeep) ? (cmd.upkeep as number[]) : [];
      const w = num("wandering");
      const p = eventCheckPromptFor(dice, 0, id, w !== null);
      return { prompt: p, values: w === null ? { first: up[0], second: up[1] } : { first: up[0], second: up[1], wandering: w } };
    }
    case "fight":
    case "flee": {
      const ds = Array.isArray(cmd.dice) ? (cmd.dice as ColouredDie[]) : [];
      // Logged rolls were accepted, so their colours are the game's.
      const c = dice;
      const slots: Slot[] = [];
      const camera: CameraStep[] = [];
      const values: Record<string, number> = {};
      if (ds.length) {
        slots.push({ key: "hero", label: "Your die", colour: c.player }, { key: "monster", label: "Monster's die", colour: c.monster });
        camera.push({ kind: "pair", label: "Read both dice", ours: c.player, theirs: c.monster, slots: ["hero", "monster"] });
        values.hero = ds.find((d) => d.color === c.player)?.value ?? 0;
        values.monster = ds.find((d) => d.color === c.monster)?.value ?? 0;
      }
      const spell = num("spell_roll");
      const boss = num("monster_spell_roll");
      if (spell !== null) {
        slots.push({ key: "spell", label: "Your spell damage die" });
        values.spell = spell;
      }
      if (boss !== null) {
        slots.push({ key: "boss_spell", label: "Boss's spell damage die" });
        values.boss_spell = boss;
      }
      if (!slots.length) return null;
      return {
        prompt: {
          id,
          title: cmd.type === "flee" ? "Flee" : `Fight (${String(cmd.action)})`,
          slots,
          camera,
          build: (v) => {
            const out: Record<string, unknown> = { ...cmd };
            // Same dice in the same order as logged; only the faces change.
            if (ds.length) out.dice = ds.map((d) => die(d.color === c.player ? v.hero : v.monster, d.color));
            if (spell !== null) out.spell_roll = v.spell;
            if (boss !== null) out.monster_spell_roll = v.boss_spell;
            return out;
          },
        },
        values,
      };
    }
    case "move": {
      const roll = num("door_roll");
      if (roll === null) return null;
      return { prompt: single(id, `Door to the ${String(cmd.dir)}`, "Door die", undefined, (v) => ({ ...cmd, door_roll: v })), values: { die: roll } };
    }
    case "trap_roll":
      return { prompt: single(id, "Trap roll", "Trap die", undefined, (v) => ({ ...cmd, die: v })), values: { die: num("die") ?? 0 } };
    case "use_luck":
      return { prompt: single(id, "Luck", "Healing die", undefined, (v) => ({ ...cmd, roll: v })), values: { die: num("roll") ?? 0 } };
    case "recover":
      return { prompt: recoverPromptFor(dice, id, cmd.level_up === true), values: { health: num("health") ?? 0, magic: num("magic") ?? 0 } };
    default:
      return null;
  }
}
