// The Dungeon Roll screen's pure logic: names of faces and tokens, what to
// do now in words, the commands the pickers build, the last roll as dice
// (for one-action corrections) and the table's dice as a draft roll. Every
// count comes from the engine's view; the engine judges every command.
import type { LogLine } from "../../game-ipc";
import type { Die } from "../../ipc";
import type { DrView, Obj, Proposal, TwistCard, Unit, UnitRef } from "./types";

/** The name of a face of either die, as the view gives it. */
export function faceName(v: DrView, face: string): string {
  const f = [...v.faces.party, ...v.faces.dungeon].find((x) => x.face === face);
  return f ? f.name : face;
}

/** The name of a token kind, as the view gives it. */
export function tokenName(v: DrView, kind: string): string {
  return v.treasure_kinds.find((t) => t.kind === kind)?.name ?? kind;
}

/** A unit's words ("Fighter die", "Vorpal Sword", "the hero as a Mage"). */
export function unitName(v: DrView, u: UnitRef): string {
  const found = v.delve?.units?.find((x) => sameUnit(x.with, u));
  if (found) return found.name;
  const [kind, what] = Object.entries(u)[0] ?? ["", ""];
  if (kind === "treasure") return tokenName(v, what);
  if (kind === "hero") return `the hero as a ${faceName(v, what)}`;
  return `${faceName(v, what)} die`;
}

/** The face a unit shows of itself (a token: the face it stands in for). */
export function naturalFace(v: DrView, u: UnitRef): string {
  const found = v.delve?.units?.find((x) => sameUnit(x.with, u));
  if (found && found.as.length > 0) return found.as[0];
  const [kind, what] = Object.entries(u)[0] ?? ["", ""];
  if (kind === "treasure") return v.treasure_kinds.find((t) => t.kind === what)?.acts_as ?? what;
  return what;
}

export function sameUnit(a: UnitRef, b: UnitRef): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** "2 Goblins" style counts: the face name, with an s past one. */
export function count(v: DrView, n: number, face: string): string {
  const name = faceName(v, face);
  return `${n} ${name}${n === 1 ? "" : name.endsWith("s") ? "es" : "s"}`;
}

/** Faces of a by-face count, in the view's face order, one entry per die. */
export function diceOf(counts: Record<string, number>, order: Array<{ face: string }>): string[] {
  const out: string[] = [];
  for (const { face } of order) for (let i = 0; i < (counts[face] ?? 0); i++) out.push(face);
  return out;
}

/** Whose delve it is and what to do now, in one line. */
export function nowLine(v: DrView): string {
  const who = v.players[v.adventurer]?.name ?? "The Adventurer";
  const lord = v.players[v.dungeon_lord]?.name ?? "the Dungeon Lord";
  const d = v.delve;
  switch (v.waiting_for) {
    case "over":
      return "The game is over.";
    case "start_delve":
      return `${who}'s delve: roll the Party dice; ${lord} rolls the Dungeon dice as the Dungeon Lord.`;
    case "monsters":
      return `${who}, level ${d?.level ?? "?"}: defeat every monster, or flee.`;
    case "dragon":
      return `${who}, level ${d?.level ?? "?"}: the Dragon has appeared. Face it, or flee.`;
    default: {
      const loot = d && (d.chests > 0 || d.potions > 0) ? "open chests or quaff potions, then " : "";
      return `${who}, level ${d?.level ?? "?"}: ${loot}retire or seek glory (${lord} rolls the next level).`;
    }
  }
}

/** The helper's proposal in words, one line per fight. */
export function proposalLines(v: DrView, p: Proposal): string[] {
  if (!p.feasible) return [p.reason ?? "The monsters cannot all be defeated."];
  const lines = p.fights.map((f) => {
    const natural = naturalFace(v, f.with);
    const as = natural !== f.as ? ` as a ${faceName(v, f.as)}` : "";
    return `${unitName(v, f.with)}${as} defeats ${count(v, f.count, f.monster)}`;
  });
  const keeps: string[] = [];
  if (v.delve && v.delve.chests > 0) keeps.push(p.chests_reachable ? "every chest can still be opened" : "not every chest can be opened afterwards");
  if (v.delve && v.delve.potions > 0) keeps.push(p.potions_reachable ? "a die is left to quaff" : "no die is left to quaff");
  const spent = `${p.dice_spent} ${p.dice_spent === 1 ? "die" : "dice"}${p.tokens_spent > 0 ? ` and ${p.tokens_spent} token${p.tokens_spent === 1 ? "" : "s"}` : ""} spent`;
  return [...lines, [spent, ...keeps].join("; ")];
}

/** Every fight open now, one per unit, face it acts as and monster type. */
export function fightChoices(v: DrView): Array<{ label: string; command: Obj }> {
  const out: Array<{ label: string; command: Obj }> = [];
  for (const u of v.delve?.units ?? []) {
    const natural = u.as[0];
    for (const f of u.fights) {
      const as = f.as !== natural ? ` as a ${faceName(v, f.as)}` : "";
      const command: Obj = { type: "fight", with: u.with, monster: f.monster };
      if (f.as !== natural) command.as = f.as;
      out.push({ label: `${u.name}${as}: defeat ${count(v, f.defeats, f.monster)}`, command });
    }
  }
  return out;
}

/** The units that can open chests now. */
export function chestOpeners(v: DrView): Unit[] {
  return (v.delve?.units ?? []).filter((u) => u.opens > 0);
}

/** Token kinds still in the box, for naming a token drawn. */
export function boxKinds(v: DrView): string[] {
  return v.treasure_kinds.map((t) => t.kind).filter((k) => (v.treasure_box[k] ?? 0) > 0);
}

export function openChestsCommand(u: Unit, drawn: string[]): Obj {
  return { type: "open_chests", with: u.with, drawn: drawn.slice(0, u.draws) };
}

export function quaffCommand(u: Unit, revive: string[]): Obj {
  return { type: "quaff", with: u.with, revive: revive.slice(0, u.quaff_revives) };
}

/** The Dragon's fight: one unit (and the face it acts as, when not its own) per companion type picked. */
export function slayCommand(uses: Array<{ with: UnitRef; as: string; natural: string }>, drawn: string | null): Obj {
  const with_ = uses.map((u) => (u.natural === u.as ? { with: u.with } : { with: u.with, as: u.as }));
  const c: Obj = { type: "slay_dragon", with: with_ };
  if (drawn) c.drawn = drawn;
  return c;
}

/** A roll typed by the player: the Party faces and the Dungeon faces. */
export interface RollDraft {
  party: string[];
  dungeon: string[];
}

/** The command for the roll the game waits for, from faces typed or read. */
export function rollCommand(v: DrView, draft: RollDraft): Obj | null {
  const want = v.roll_wanted;
  if (!want) return null;
  if (want.kind === "start_delve") return { type: "start_delve", party: draft.party, dungeon: draft.dungeon };
  return { type: "seek_glory", dungeon: draft.dungeon };
}

/** The roll the app makes: the command carries the seed, the log keeps it. */
export function seededRoll(v: DrView, seed: number): Obj | null {
  const want = v.roll_wanted;
  return want ? { type: want.kind, seed } : null;
}

/** A fresh seed for a roll the app makes. */
export function newSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

/** Whether the draft holds as many dice as the roll takes (the engine still judges it). */
export function draftComplete(v: DrView, draft: RollDraft): boolean {
  const want = v.roll_wanted;
  return !!want && draft.party.length === want.party && draft.dungeon.length === want.dungeon;
}

/**
 * The dice on the table as a draft: faces of the Party die on white dice,
 * faces of the Dungeon die on black ones; the rest are left out. The player
 * checks the draft before it is sent.
 */
export function draftFromTable(v: DrView, dice: Die[]): RollDraft {
  const party = new Set(v.faces.party.map((f) => f.face));
  const dungeon = new Set(v.faces.dungeon.map((f) => f.face));
  const draft: RollDraft = { party: [], dungeon: [] };
  for (const d of dice) {
    const face = (d.face ?? "").toLowerCase();
    if (d.color === "white" && party.has(face)) draft.party.push(face);
    else if (d.color === "black" && dungeon.has(face)) draft.dungeon.push(face);
  }
  if (v.roll_wanted?.kind === "seek_glory") draft.party = [];
  return draft;
}

/** The last roll in the log, as dice, when it is the entry a correction replaces. */
export interface LastRoll {
  seq: number;
  kind: "start_delve" | "seek_glory";
  party: string[];
  dungeon: string[];
}

export function lastRoll(v: DrView, log: LogLine[], undoTarget: number | null): LastRoll | null {
  const entry = log.find((l) => l.seq === undoTarget);
  const type = entry?.command?.type;
  if (!entry || (type !== "start_delve" && type !== "seek_glory")) return null;
  let party: string[] = [];
  let dungeon: string[] = [];
  for (const ev of entry.events) {
    if (ev.type === "party_formed") party = diceOf(ev.party as Record<string, number>, v.faces.party);
    if (ev.type === "dungeon_rolled") {
      dungeon = diceOf(ev.dice as Record<string, number>, v.faces.dungeon);
      for (let i = 0; i < Number(ev.dragons ?? 0); i++) dungeon.push("dragon");
    }
  }
  return { seq: entry.seq, kind: type, party, dungeon };
}

/** The last roll with die `index` of `which` showing `face` instead: the correcting command. */
export function correctedRoll(r: LastRoll, which: "party" | "dungeon", index: number, face: string): Obj {
  const party = [...r.party];
  const dungeon = [...r.dungeon];
  (which === "party" ? party : dungeon)[index] = face;
  return r.kind === "start_delve" ? { type: "start_delve", party, dungeon } : { type: "seek_glory", dungeon };
}

/** Words for the camera's last throw in this game, when it was not applied. */
export function throwNote(status: string, reason: string | null): string | null {
  switch (status) {
    case "applied":
      return null;
    case "ask":
      return `The camera's roll needs you: ${reason ?? "enter it"}.`;
    case "waiting":
      return `The camera's roll waits: ${reason ?? ""}.`;
    default:
      return `The camera's roll did not count: ${reason ?? ""}.`;
  }
}

/**
 * A Twist card's play: `die` is the face picked up ("p:fighter" or
 * "d:goblin" for a card that takes either kind), `after` the faces the
 * rerolled dice show. A card that changes one die sends it alone; a face
 * card (Scatter in Fear, Party Time) picks up every die showing that face.
 */
export function twistCommand(v: DrView, seat: number, card: TwistCard, die: string, after: string[]): Obj {
  const c: Obj = { type: "play_twist", player: seat, card: card.id };
  if (card.needs === "nothing") return c;
  const [kind, face] = die.includes(":") ? (die.split(":") as [string, string]) : [card.needs.startsWith("party") ? "p" : "d", die];
  const which = kind === "p" ? "party" : "dungeon";
  const all = card.effect.kind === "reroll_dungeon_face" || card.effect.kind === "reroll_party_face";
  const n = all ? (v.delve?.[which]?.[face] ?? 0) : 1;
  const from = Array.from({ length: n }, () => face);
  const changes = card.needs === "dungeon_die" || card.needs === "party_die";
  c[which] = { from, to: changes ? [] : from.map((f, i) => after[i] ?? f) };
  return c;
}

/** How many dice a Twist card rerolls once `die` is chosen (0 for a change). */
export function twistRerolls(v: DrView, card: TwistCard, die: string): number {
  if (card.needs === "dungeon_die" || card.needs === "party_die" || card.needs === "nothing") return 0;
  const [kind, face] = die.includes(":") ? die.split(":") : [card.needs.startsWith("party") ? "p" : "d", die];
  const all = card.effect.kind === "reroll_dungeon_face" || card.effect.kind === "reroll_party_face";
  return all ? (v.delve?.[kind === "p" ? "party" : "dungeon"]?.[face] ?? 0) : 1;
}

/**
 * What a player holds that may be traded, as select options: each token
 * kind ("t:vorpal_sword") and each Twist card in hand ("c:lucky-charm").
 */
export function tradeGoods(v: DrView, seat: number): Array<[string, string]> {
  const p = v.players.find((x) => x.seat === seat);
  const tokens = Object.entries(p?.tokens ?? {})
    .filter(([, n]) => n > 0)
    .map(([k, n]): [string, string] => [`t:${k}`, `${tokenName(v, k)}${n > 1 ? ` (holds ${n})` : ""}`]);
  const cards = (v.twists?.hands.find((hd) => hd.seat === seat)?.cards ?? [])
    .map((c): [string, string] => [`c:${c.id}`, `${c.name} (Twist card)`]);
  return [...tokens, ...cards];
}

/** One item picked by [`tradeGoods`] ("" for nothing) as a trade's side. */
function goods(item: string): Obj {
  if (item.startsWith("t:")) return { treasure: [item.slice(2)] };
  if (item.startsWith("c:")) return { twists: [item.slice(2)] };
  return {};
}

/** A trade of one item each way (either may be "" for nothing). */
export function tradeCommand(from: number, to: number, give: string, take: string): Obj {
  return { type: "trade", from, to, give: goods(give), take: goods(take) };
}
