// Dungeon Fighter on the Game screen, as pure functions: the engine's state
// JSON → what the screen shows, the throw panel → a `throw` command, the
// keyboard → panel actions, events → log lines. No DOM here, so all of it
// is tested in node (ui/test/game.test.ts). The state's shape is documented
// in docs/replay-dungeon-fighter.md ("The state, for screens").

export type Colour = "red" | "green" | "blue";
export type DieName = Colour | "white";
export type Face = "icon" | "blank";
/** A section of the target as the throw panel offers it. */
export type SectionName = "1" | "2" | "3" | "4" | "5" | "bullseye" | "hole" | "web" | "bone" | "outside";

export const COLOURS: Colour[] = ["red", "green", "blue"];
export const DICE: DieName[] = ["red", "green", "blue", "white"];
export const SECTIONS: SectionName[] = ["1", "2", "3", "4", "5", "bullseye", "hole", "web", "bone", "outside"];

export interface Landing {
  value: number | null;
  kind: string;
}

export interface HeroView {
  index: number;
  name: string;
  life: number;
  baseLife: number;
  scars: string[];
  fainted: boolean;
  eliminated: boolean;
  active: boolean;
  leader: boolean;
  /** Ability per colour, scarred ones marked. */
  abilities: Array<{ colour: string; ability: string; scarred: boolean }>;
  equipment: string[];
}

export interface DfView {
  phase: string;
  phaseLabel: string;
  monster: { name: string; life: number; damage: number; level: number | null; requirements: string[] } | null;
  heroes: HeroView[];
  chest: { gold: number; whiteDice: number };
  /** Colour dice not yet thrown this combat (all three outside combat). */
  diceLeft: Colour[];
  leader: string;
  /** Shop icons gathered, and needed to reach the shop (the engine's view). */
  shopIcons: { have: number; need: number };
  shopsVisited: number;
  shopsBeforeBoss: number;
  /** The abilities an icon offers now, when a throw waits for that choice. */
  pending: { hero: string; die: string; options: string[] } | null;
  /** Heroes about to faint (indices), waiting for a spendable or for the
   *  players to let them faint; nothing else is accepted meanwhile. */
  fainting: number[];
  rethrow: string | null;
  awaitingScar: number[];
  over: { won: boolean; reason: string; total: number; title: string } | null;
  /** Who acts next and what the game waits for, in the engine's words. */
  now: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown, d = 0): number => (typeof v === "number" ? v : d);
const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);

const PHASE_LABELS: Record<string, string> = {
  dungeon: "Dungeon: the leader picks a dungeon card",
  monster: "Reveal the monster",
  combat: "Combat",
  resting: "Resting",
  shop: "Shopping time",
  boss: "Reveal the final boss",
  over: "Game over",
};

/** Words for an engine name (`re_throw` → `re throw`). */
export function words(name: string): string {
  return name.replace(/_/g, " ");
}

/**
 * What the Dungeon Fighter screen shows of a state and the engine's view of
 * it (rule numbers: shop icons needed, shops before the boss). Tolerates
 * missing fields.
 */
export function dfView(state: unknown, view: unknown = {}): DfView {
  const s = obj(state);
  const rv = obj(view);
  const phaseObj = obj(s.phase);
  const phase = str(phaseObj.phase, "unknown");
  const combat = s.combat ? obj(s.combat) : null;
  const leader = num(s.leader, -1);
  const active = combat ? num(combat.active, -1) : -1;
  const heroes: HeroView[] = arr(s.heroes).map((h, index) => {
    const o = obj(h);
    const scars = arr(o.scars).map((c) => str(c));
    const abilities = Object.entries(obj(o.abilities)).map(([colour, a]) => ({
      colour,
      ability: str(a),
      scarred: scars.includes(colour),
    }));
    return {
      index,
      name: str(o.name, `Hero ${index}`),
      life: num(o.life),
      baseLife: num(o.base_life),
      scars,
      fainted: o.fainted === true,
      eliminated: o.eliminated === true,
      active: index === active,
      leader: index === leader,
      abilities,
      equipment: arr(o.equipment).map((e) => str(obj(e).name, "?")),
    };
  });
  const heroName = (i: unknown) => (typeof i === "number" && heroes[i] ? heroes[i].name : "?");
  const thrown = combat ? arr(combat.thrown).map((d) => str(d)) : [];
  const chest = obj(s.chest);
  let monster: DfView["monster"] = null;
  if (combat) {
    const foe = obj(combat.foe);
    monster = {
      name: str(foe.name, "Monster"),
      life: num(combat.life),
      damage: num(foe.damage),
      level: typeof foe.level === "number" ? foe.level : null,
      requirements: arr(combat.requirements).map((r) => words(str(r))),
    };
  }
  const pendingObj = combat && combat.pending ? obj(combat.pending) : null;
  const score = obj(phaseObj.score);
  return {
    phase,
    phaseLabel: PHASE_LABELS[phase] ?? phase,
    monster,
    heroes,
    chest: { gold: num(chest.gold), whiteDice: num(chest.white_dice) },
    diceLeft: COLOURS.filter((c) => !thrown.includes(c)),
    leader: heroName(leader),
    shopIcons: { have: num(s.shop_icons), need: num(rv.shop_icons_needed) },
    shopsVisited: num(s.shops_visited),
    shopsBeforeBoss: num(rv.shops_before_boss),
    pending: pendingObj
      ? { hero: heroName(pendingObj.hero), die: str(pendingObj.die), options: arr(pendingObj.options).map((o) => str(o)) }
      : null,
    fainting: combat && combat.fainting ? arr(obj(combat.fainting).heroes).map((i) => num(i)) : [],
    rethrow: combat && typeof combat.rethrow === "string" ? combat.rethrow : null,
    awaitingScar: phase === "resting" ? arr(phaseObj.awaiting_scar).map((i) => num(i)) : [],
    over:
      phase === "over"
        ? { won: phaseObj.won === true, reason: str(phaseObj.reason), total: num(score.total), title: str(score.title) }
        : null,
    now: str(rv.now),
  };
}

/** What a banner says after an action: its words and how it feels. */
export interface Feedback {
  text: string;
  tone: "good" | "bad" | "info";
  /** The event type it came from (for styling and tests). */
  kind: string;
}

/**
 * The one banner an action's events call for, the weightiest first: the game
 * ending, a monster defeated (an Epic Shot said so), an insta-kill, a hero
 * fainting, then a hit ("defeated" when it finished the monster) or a miss.
 * Null when nothing of the sort happened.
 */
export function feedbackOf(events: Obj[], heroes: string[]): Feedback | null {
  const of = (t: string) => events.find((e) => e.type === t);
  const who = (i: unknown) => (typeof i === "number" && heroes[i] !== undefined ? heroes[i] : "A hero");
  const over = of("game_over");
  if (over) {
    const e = obj(over.ending);
    return { text: e.won ? `Victory! ${str(obj(e.score).title)}` : `The party is defeated. ${str(e.reason)}`, tone: e.won ? "good" : "bad", kind: "game_over" };
  }
  const defeated = of("monster_defeated");
  const kill = of("insta_kill");
  if (defeated) {
    const how = defeated.epic_shot ? "Epic Shot! " : kill ? "Insta-kill! " : "";
    return { text: `${how}Monster defeated`, tone: "good", kind: defeated.epic_shot ? "epic_shot" : kill ? "insta_kill" : "monster_defeated" };
  }
  if (kill) return { text: `Insta-kill by ${who(kill.hero)}!`, tone: "good", kind: "insta_kill" };
  const fainted = of("hero_fainted");
  if (fainted) return { text: `${who(fainted.hero)} fainted`, tone: "bad", kind: "hero_fainted" };
  const hit = of("hit");
  if (hit) return { text: `Hit! ${num(hit.damage)} damage`, tone: "good", kind: "hit" };
  const miss = of("missed");
  if (miss) return { text: `Miss — ${str(miss.why)}`, tone: "bad", kind: "missed" };
  return null;
}

/** A landing as the engine takes it. */
export function landingOf(section: SectionName): Landing {
  const n = Number(section);
  if (Number.isInteger(n) && n >= 1) return { value: n, kind: "score" };
  return { value: null, kind: section };
}

/** The panel's section for a landing, when it has one (templates have none). */
export function sectionOf(l: Landing): SectionName | null {
  if (l.kind === "score") return l.value !== null && l.value >= 1 && l.value <= 5 ? (String(l.value) as SectionName) : null;
  return (SECTIONS as string[]).includes(l.kind) ? (l.kind as SectionName) : null;
}

export interface ThrowInput {
  die: DieName;
  face: Face;
  section: SectionName;
  /** The two Misses the camera cannot judge. */
  noBounce?: boolean;
  requirementFailed?: boolean;
}

/** The `throw` command for what the player entered on the panel. */
export function throwCommand(t: ThrowInput): Obj {
  const cmd: Obj = { type: "throw", die: t.die, face: t.face, landing: landingOf(t.section) };
  if (t.noBounce) cmd.no_bounce = true;
  if (t.requirementFailed) cmd.requirement_failed = true;
  return cmd;
}

/**
 * Landings to offer when correcting a throw that landed on `l`, the likely
 * misreadings first: the neighbouring score sections (a die on a line), then
 * the rest in panel order. The section it was read as is left out.
 */
export function correctionSections(l: Landing): SectionName[] {
  const current = sectionOf(l);
  const near: SectionName[] = [];
  const add = (s: SectionName) => {
    if (s !== current && !near.includes(s)) near.push(s);
  };
  if (l.kind === "score" && l.value !== null) {
    for (const v of [l.value - 1, l.value + 1]) if (v >= 1 && v <= 5) add(String(v) as SectionName);
  } else if (l.kind === "bullseye") {
    add("5");
  } else if (l.kind === "hole" || l.kind === "web" || l.kind === "bone") {
    // These lie inside the scoring rings; a near miss of a ring is likelier than "outside".
    add("1");
  } else if (l.kind === "outside") {
    add("1");
  }
  for (const s of SECTIONS) add(s);
  return near;
}

/** The throw a log entry ran, when it was one. */
export function throwOf(command: unknown): (Obj & { die: string; face: string; landing: Landing }) | null {
  const c = obj(command);
  if (c.type !== "throw") return null;
  const l = obj(c.landing);
  return { ...c, die: str(c.die), face: str(c.face), landing: { value: typeof l.value === "number" ? l.value : null, kind: str(l.kind) } };
}

/** The last throw with another landing (or face), for a one-click correction. */
export function correctedThrow(
  original: Obj,
  change: { section?: SectionName; face?: Face; die?: DieName; noBounce?: boolean; requirementFailed?: boolean },
): Obj {
  const out: Obj = { ...original };
  if (change.section) out.landing = landingOf(change.section);
  if (change.face) out.face = change.face;
  if (change.die) out.die = change.die;
  const flag = (key: string, on: boolean | undefined) => {
    if (on === true) out[key] = true;
    else if (on === false) delete out[key];
  };
  flag("no_bounce", change.noBounce);
  flag("requirement_failed", change.requirementFailed);
  return out;
}

/** What a key does on the Dungeon Fighter screen (see KEY_HELP). */
export type KeyAction =
  | { kind: "undo" }
  | { kind: "die"; die: DieName }
  | { kind: "face"; face: Face }
  | { kind: "section"; section: SectionName }
  /** The n-th (0-based) ability choice the engine offers while an icon waits. */
  | { kind: "choice"; index: number };

const KEYS: Record<string, KeyAction> = {
  u: { kind: "undo" },
  r: { kind: "die", die: "red" },
  g: { kind: "die", die: "green" },
  l: { kind: "die", die: "blue" },
  w: { kind: "die", die: "white" },
  i: { kind: "face", face: "icon" },
  k: { kind: "face", face: "blank" },
  "1": { kind: "section", section: "1" },
  "2": { kind: "section", section: "2" },
  "3": { kind: "section", section: "3" },
  "4": { kind: "section", section: "4" },
  "5": { kind: "section", section: "5" },
  b: { kind: "section", section: "bullseye" },
  h: { kind: "section", section: "hole" },
  x: { kind: "section", section: "web" },
  n: { kind: "section", section: "bone" },
  o: { kind: "section", section: "outside" },
};

/** The shortcut list shown on screen; generated from the same table the keys use. */
export const KEY_HELP: Array<[string, string]> = [
  ["U", "undo"],
  ["R / G / L / W", "die red / green / blue (bLue) / white"],
  ["I / K", "face icon / blank (blanK)"],
  ["1–5", "section 1–5 (sends the throw)"],
  ["B / H / X / N / O", "bullseye / hole / web (X) / bone (N) / outside"],
  ["1–9 while an icon waits", "the numbered ability choice"],
];

/**
 * The action of a key press, or null. Keys typed into a text box never count.
 * While an icon's ability choice is open (`choices` of them offered), the
 * number keys pick a choice instead of a section: no throw can be entered then.
 */
export function keyAction(key: string, inTextField: boolean, modifiers = false, choices = 0): KeyAction | null {
  if (inTextField || modifiers) return null;
  if (choices > 0 && /^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return index < choices ? { kind: "choice", index } : null;
  }
  return KEYS[key.toLowerCase()] ?? null;
}

/**
 * The engine's offers that answer an open icon: each ability it allows and
 * "Skip", in the engine's order (number keys 1, 2, … pick them).
 */
export function abilityChoices<O extends { command: Record<string, unknown> }>(offers: O[]): O[] {
  return offers.filter((o) => o.command.type === "use_ability" || o.command.type === "skip_ability");
}

/** The die the panel should preselect: the one kept if still throwable, else
 *  the first colour left, else white. White is kept only while no colour is
 *  left, so it does not stay selected into the next combat. */
export function defaultDie(current: DieName | null, v: DfView): DieName {
  if (current && current !== "white" && v.diceLeft.includes(current as Colour)) return current;
  return v.diceLeft[0] ?? "white";
}

/** One event as a line of the throw log. */
export function describeEvent(ev: Obj, heroes: string[]): string {
  const h = (i: unknown) => (typeof i === "number" && heroes[i] !== undefined ? heroes[i] : `hero ${String(i)}`);
  switch (ev.type) {
    case "die_thrown":
      return `${h(ev.hero)} throws the ${str(ev.die)} die`;
    case "hit": {
      const bonus = num(ev.bonus);
      return `Hit: ${num(ev.damage)} damage (section ${num(ev.section)}${bonus ? ` ${bonus > 0 ? "+" : "−"} ${Math.abs(bonus)}` : ""})`;
    }
    case "missed":
      return `Miss by ${h(ev.hero)}: ${str(ev.why)}`;
    case "hero_damaged":
      return `${h(ev.hero)} loses ${num(ev.amount)} life (${str(ev.why)})`;
    case "hero_healed":
      return `${h(ev.hero)} heals ${num(ev.amount)}`;
    case "hero_fainted":
      return `${h(ev.hero)} faints`;
    case "monster_damaged":
      return `Monster takes ${num(ev.amount)} (${str(ev.why)})`;
    case "insta_kill":
      return `Insta-kill by ${h(ev.hero)}!`;
    case "ability_offered":
      return `Icon: choose ${arr(obj(ev.pending).options).map((o) => words(str(o))).join(" / ") || "nothing"}`;
    case "ability_used":
      return `${h(ev.hero)} uses ${words(str(ev.ability))}`;
    case "turn_passed":
      return `${h(ev.to)}'s turn`;
    case "monster_revealed":
      return `Monster: ${str(obj(ev.card).name)} with ${num(ev.life)} life`;
    case "monster_defeated":
      return ev.epic_shot ? "Monster defeated — Epic Shot!" : "Monster defeated";
    case "gold_gained":
      return `+${num(ev.amount)} gold (${str(ev.why)})`;
    case "gold_spent":
      return `−${num(ev.amount)} gold (${str(ev.why)})`;
    case "dungeon_entered":
      return `Dungeon: ${str(obj(ev.card).name)}`;
    case "leader_changed":
      return `${h(ev.hero)} is the leader`;
    case "scar_taken":
      return `${h(ev.hero)} takes a scar on ${str(ev.colour)}`;
    case "game_over": {
      const e = obj(ev.ending);
      return `Game over: ${e.won ? "won" : "lost"} — ${str(obj(e.score).title)}`;
    }
    default: {
      const rest = Object.entries(ev)
        .filter(([k]) => k !== "type")
        .map(([k, val]) => `${k}: ${typeof val === "object" ? JSON.stringify(val) : String(val)}`)
        .join(", ");
      return words(str(ev.type, "event")) + (rest ? ` (${rest})` : "");
    }
  }
}

/** A refusal from the engine (`refused by rule "R": reason`), wherever it sits in an error. */
export function parseRefusal(message: string): { rule: string; reason: string } | null {
  const m = /refused by rule "([^"]*)": ([\s\S]*)$/.exec(message);
  return m ? { rule: m[1], reason: m[2] } : null;
}

export interface SetupForm {
  heroes: string[];
  /** Index into `heroes`. */
  leader: number;
  /** A difficulty key the engine offers (`DfOptions.difficulties`). */
  difficulty: string;
  players?: number;
  levelUp?: boolean;
}

/** The setup JSON for the form, or the reason it cannot be one yet. */
export function dfSetup(f: SetupForm): { setup: Obj } | { error: string } {
  // How many heroes a party may have is the engine's rule: it refuses the set up otherwise.
  if (new Set(f.heroes).size !== f.heroes.length) return { error: "each hero can be chosen once" };
  if (!Number.isInteger(f.leader) || f.leader < 0 || f.leader >= f.heroes.length) {
    return { error: "the leader must be one of the chosen heroes" };
  }
  const setup: Obj = { heroes: [...f.heroes], leader: f.leader, difficulty: f.difficulty };
  if (f.players !== undefined) setup.players = f.players;
  if (f.levelUp) setup.level_up_variant = true;
  return { setup };
}

/** A command in a few words for the log (`throw red icon → 3`). */
export function describeCommand(command: unknown): string {
  const c = obj(command);
  const t = throwOf(c);
  if (t) {
    const where = t.landing.kind === "score" ? String(t.landing.value) : t.landing.kind;
    const flags = [c.no_bounce ? "no bounce" : "", c.requirement_failed ? "requirement failed" : ""].filter(Boolean);
    return `throw ${t.die} ${t.face} → ${where}${flags.length ? ` (${flags.join(", ")})` : ""}`;
  }
  const type = str(c.type, "command");
  const card = obj(c.card);
  if (typeof card.name === "string" && card.name) return `${words(type)}: ${card.name}`;
  if (typeof c.ability === "string") return `${words(type)}: ${words(c.ability)}`;
  return words(type);
}

