// The Pocket Dungeon Quest screen's pure logic: what each space of the mat
// shows, the tiles a move turns up and what each can still be, the "what
// now" line, the last roll and its one-click corrections, the Henchmen
// pick. Every number and list comes from the engine's view and offers.
import type { KeptThrow, Offer } from "../../game-ipc";
import type { Die } from "../../ipc";
import { posWords, samePos, type DieFace, type HeroView, type MoveView, type PdqView, type Pos } from "./types";

/** A tile, hero or piece of Gear by the engine's words. */
export const tileName = (v: PdqView, k: string): string => v.words.tiles[k] ?? k.replace(/_/g, " ");
export const heroName = (v: PdqView, k: string): string => v.words.heroes[k] ?? k;
export const gearName = (v: PdqView, k: string): string => v.words.gear[k] ?? k.replace(/_/g, " ");

/** What one space of the mat shows and what a click on it does. */
export interface CellView {
  pos: Pos;
  /** "hidden", "empty" or the tile shown. */
  kind: string;
  label: string;
  heroes: string[];
  key: boolean;
  /** The move a click makes, when the game waits for one. */
  move: MoveView | null;
  /** A Monster the hero is fighting now. */
  fight: boolean;
  /** The Monster the next camera roll attacks. */
  target: boolean;
}

export function cellView(v: PdqView, pos: Pos): CellView {
  const kind = v.mat.cells[pos.row]?.[pos.col] ?? "hidden";
  return {
    pos,
    kind,
    label: kind === "hidden" ? "" : kind === "empty" ? "" : tileName(v, kind),
    heroes: v.heroes.filter((h) => !h.dead && samePos(h.pos, pos)).map((h) => h.hero),
    key: v.mat.keys.some((k) => samePos(k, pos)),
    move: v.moves.find((m) => samePos(m.to, pos)) ?? null,
    fight: v.to_fight.some((p) => samePos(p, pos)) || v.heroes.some((h) => h.pinned.some((p) => samePos(p, pos))),
    target: samePos(v.camera_target, pos),
  };
}

/** A space in words; a point outside an edge (where heroes enter) by the edge it faces. */
export function placeWords(v: PdqView, p: Pos): string {
  if (p.row < 0) return `above column ${p.col + 1}`;
  if (p.row >= v.mat.rows) return `below column ${p.col + 1}`;
  if (p.col < 0) return `left of row ${p.row + 1}`;
  if (p.col >= v.mat.cols) return `right of row ${p.row + 1}`;
  return posWords(p);
}

/** The arrow on an entry point, toward the mat. */
export function entryArrow(v: PdqView, p: Pos): string {
  if (p.row < 0) return "▼";
  if (p.row >= v.mat.rows) return "▲";
  if (p.col < 0) return "▶";
  return "◀";
}

/** Entry points: the ring of spaces just outside the mat, where heroes enter. */
export function entryMoves(v: PdqView): MoveView[] {
  return v.moves.filter((m) => m.enters);
}

/** Heroes standing at `pos` (on the mat, or at the point outside an edge they entered from). */
export function heroesAt(v: PdqView, pos: Pos): HeroView[] {
  return v.heroes.filter((h) => !h.dead && samePos(h.pos, pos));
}

// ---------------------------------------------------------------- reveals

/** A move being entered: the tile the player turned up on each face-down space. */
export interface RevealDraft {
  move: MoveView;
  tiles: (string | null)[];
  /** Traps disarmed with the Multi-Tool, by index. */
  disarm: boolean[];
  /** A Red Beholder's saving rolls, by index then hero. */
  saves: Array<Record<string, string>>;
}

export const newDraft = (move: MoveView): RevealDraft => ({
  move,
  tiles: move.reveal.map(() => null),
  disarm: move.reveal.map(() => false),
  saves: move.reveal.map(() => ({})),
});

/** The heroes who roll to save against a Red Beholder named at `i`. */
export function savers(d: RevealDraft, i: number): string[] {
  return d.tiles[i] === "red_beholder" ? d.move.in_line?.[i] ?? [] : [];
}

/** Whether the tile named at `i` is a Trap the hero whose turn it is could disarm. */
export function mayDisarm(v: PdqView, d: RevealDraft, i: number): boolean {
  const me = v.heroes.find((h) => h.hero === v.turn?.hero);
  return !!me?.disarms && d.tiles[i] === "spike_trap";
}

/**
 * The tiles space `i` of the draft can be: every kind still face down on
 * the mat, less those the draft already names elsewhere.
 */
export function revealChoices(v: PdqView, d: RevealDraft, i: number): string[] {
  return Object.entries(v.unrevealed)
    .filter(([k, n]) => d.tiles.filter((t, j) => j !== i && t === k).length < n)
    .map(([k]) => k)
    .sort((a, b) => tileName(v, a).localeCompare(tileName(v, b)));
}

/** The move command, or what is still missing (`name` gives a hero's words). */
export function moveCommand(d: RevealDraft, name: (hero: string) => string = (k) => k): { command: Record<string, unknown> } | { missing: string } {
  const i = d.tiles.findIndex((t) => t === null);
  if (i >= 0) return { missing: `name the tile turned up at ${posWords(d.move.reveal[i])}` };
  const reveal: Record<string, unknown>[] = [];
  for (const [j, at] of d.move.reveal.entries()) {
    const r: Record<string, unknown> = { at, tile: d.tiles[j] };
    if (d.disarm[j] && d.tiles[j] === "spike_trap") r.disarm = true;
    const who = savers(d, j);
    const missing = who.find((k) => !d.saves[j]?.[k]);
    if (missing) return { missing: `give the ${name(missing)}'s saving roll against the Red Beholder` };
    if (who.length) r.saves = Object.fromEntries(who.map((k) => [k, d.saves[j][k]]));
    reveal.push(r);
  }
  return { command: { type: "move", to: d.move.to, reveal } };
}

// ---------------------------------------------------------------- what now

/** One line: whose turn it is and what the game waits for, and the final turns after a death. */
export function whatNow(v: PdqView): string {
  const owed = v.last_turns ?? [];
  const now = waitingLine(v);
  if (owed.length === 0 || v.waiting_for === "over") return now;
  const then = v.campaign_session !== null && v.campaign_session !== undefined ? "the session and the campaign are lost" : "the dungeon is reset";
  return `${now} A hero is Dead: final turns for ${owed.map((k) => heroName(v, k)).join(", ")}; if no one revives them by then, ${then}.`;
}

function waitingLine(v: PdqView): string {
  const who = heroName(v, v.turn?.hero ?? "");
  const round = v.turn ? `Round ${v.turn.round}. ` : "";
  switch (v.waiting_for) {
    case "move": {
      const h = v.heroes.find((x) => x.hero === v.turn.hero);
      return h && !h.pos ? `${round}${who} enters the dungeon: click a lit space outside the mat.` : `${round}${who} moves: click a lit space, or their own space to stay.`;
    }
    case "poison_roll":
      return `${round}${who} is Poisoned: roll the Attack Die for the Poison.`;
    case "attack":
      return `${round}${who} attacks: roll the Attack Die${v.camera_target ? ` (the camera's roll goes to the ${tileName(v, v.mat.cells[v.camera_target.row]?.[v.camera_target.col] ?? "")} at ${posWords(v.camera_target)})` : ""}.`;
    case "loot_or_end_turn":
      return `${round}${who} may pick up one Item or Spell in sight, then ends the turn.`;
    case "henchmen":
      return "The Boss is revealed: roll the Attack Die for its Henchmen.";
    case "boss_search":
      return `Too few Henchmen in the Monster Pile: ${heroName(v, v.boss?.stage.searcher ?? "")} turns up a tile anywhere (click a dark space).`;
    case "boss_attack":
      return `Boss Fight: ${heroName(v, v.boss?.stage.attacker ?? "")} attacks the top of the stack.`;
    case "next_session":
      return `Session ${v.campaign_session ?? ""} won: start the next session.`;
    case "over":
      return outcomeWords(v.outcome);
    default:
      return `${round}${who}'s turn.`;
  }
}

export function outcomeWords(o: string | null): string {
  switch (o) {
    case "session_won":
      return "All the Master Relics and the Exit are found: the game is won.";
    case "campaign_won":
      return "Every hero reached the last Level: the campaign is won.";
    case "campaign_lost":
      return "A session was lost, and the campaign with it.";
    default:
      return "The game is over.";
  }
}

// ---------------------------------------------------------------- rolls

/** A logged roll of the Attack Die and how it came out. */
export interface RollView {
  seq: number;
  source: string;
  command: Record<string, unknown>;
  face: string;
  /** "hit", "miss" or "critical_miss" (the engine's `attacked` event); null for a Poison roll. */
  result: string | null;
  monster: string | null;
  /** Every event of the roll, for the effect's words. */
  events: Array<Record<string, unknown>>;
}

type LogLike = { seq: number; source: string; command: Record<string, unknown> | null; events: Array<Record<string, unknown>> };

/** The entry a correction replaces, when it is a roll of the Attack Die. */
export function lastRoll(entry: LogLike | null): RollView | null {
  const c = entry?.command;
  if (!entry || !c || (c.type !== "attack" && c.type !== "poison_roll")) return null;
  const attacked = [...entry.events].reverse().find((e) => e.type === "attacked");
  const face = String(c.reroll ?? c.roll ?? "");
  return {
    seq: entry.seq,
    source: entry.source,
    command: c,
    face,
    result: attacked ? String(attacked.result) : null,
    monster: attacked ? String(attacked.monster) : null,
    events: entry.events,
  };
}

export const RESULT_WORDS: Record<string, string> = { hit: "Hit", miss: "Miss", critical_miss: "Critical Miss" };

/** The same roll with another face: every other field kept (the Archer's re-roll is what counts, so that is what changes). */
export function correctedRoll(r: RollView, face: string): Record<string, unknown> {
  return r.command.reroll ? { ...r.command, reroll: face } : { ...r.command, roll: face };
}

/** The last roll's hero may still re-roll it (Eagle Eye Vision): a miss not yet re-rolled. */
export function canReroll(v: PdqView, r: RollView): boolean {
  if (r.command.type !== "attack" || r.command.reroll || r.result === "hit") return false;
  const attacked = r.events.find((e) => e.type === "attacked");
  return v.heroes.some((h) => h.hero === attacked?.hero && h.rerolls && !h.dead);
}

/** The attack again with the Archer's re-roll: the first roll stays, the second counts. */
export const rerolled = (r: RollView, face: string): Record<string, unknown> => ({ ...r.command, reroll: face });

/** Faces the roll can be corrected to. */
export const otherFaces = (faces: DieFace[], r: RollView): DieFace[] => faces.filter((f) => f.face !== r.face);

// ---------------------------------------------------------------- offers

/** The offers the screen draws itself (the mat, the die, the Henchmen); the rest are plain buttons and pickers. */
export const OWN_OFFERS = new Set(["move", "attack", "poison_roll", "henchmen", "boss_search", "foresight", "swap_tiles", "tome_foresight", "tome_swap_tiles"]);

/** Whether every path of `o` has choices, so it can be a picker (no typing). */
export const pickable = (o: Offer): boolean => (o.fill ?? []).every((p) => (o.inputs?.[p]?.choices?.length ?? 0) > 0);

/** `o`'s command with each path filled from `values` (by index into that path's choices), or the first path left empty. */
export function filledOffer(o: Offer, picks: Record<string, number>): { command: Record<string, unknown> } | { missing: string } {
  const command: Record<string, unknown> = { ...o.command };
  for (const p of o.fill ?? []) {
    const choice = o.inputs?.[p]?.choices?.[picks[p] ?? -1];
    if (!choice) return { missing: p };
    command[p] = choice.value;
  }
  return { command };
}

/** The attack offer's targets (the engine's spaces and words). */
export function attackTargets(offers: Offer[]): Array<{ value: Pos; label: string }> {
  const o = offers.find((x) => x.key === "attack");
  return (o?.inputs?.target?.choices ?? []).map((c) => ({ value: c.value as Pos, label: c.label }));
}

/** How many Henchmen a face calls, no more than the Monster Pile holds. */
export function henchmenNeeded(v: PdqView, face: string): number {
  return Math.min(v.henchmen_called[face] ?? 0, v.monster_pile.length);
}

/** Monsters still in the pile after `chosen` were taken from it (each tile once). */
export function pileLeft(v: PdqView, chosen: string[]): string[] {
  const left = [...v.monster_pile];
  for (const c of chosen) {
    const i = left.indexOf(c);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/**
 * The Attack Die at rest on the table, for the "use the die on the table"
 * button: exactly one die, showing a face of the Attack Die; otherwise why
 * not, for the player.
 */
export function tableRoll(dice: Die[], faces: DieFace[]): { face: string; die: Die } | { why: string } {
  if (dice.length === 0) return { why: "The camera sees no die at rest on the table: click the face instead." };
  if (dice.length > 1) return { why: `The camera sees ${dice.length} dice on the table: leave the Attack Die alone there, or click the face.` };
  const d = dice[0];
  if (d.face === null) return { why: "The die's face could not be read: click the face instead." };
  const f = faces.find((x) => x.face === d.face);
  if (!f) return { why: `The camera reads ${d.face}, not a face of the Attack Die (is the Attack Die enrolled?): click the face instead.` };
  return { face: f.face, die: d };
}

// ---------------------------------------------------------------- spells that turn up tiles

/** Foresight or Swap Tiles being entered: the spaces clicked and the tiles named. */
export interface SpellDraft {
  kind: "foresight" | "swap_tiles";
  picked: Pos[];
  /** The tile turned up on each space of `spellReveals`, in that order. */
  tiles: (string | null)[];
  /** Cast from the Spell Tome: the engine's `tome` command the spell goes into as `cast`. */
  tome?: Record<string, unknown>;
}

/** The spell an offer begins (Foresight, Swap Tiles, or either cast from the Spell Tome), or null. */
export function spellOf(o: { key: string; command: Record<string, unknown> }): SpellDraft | null {
  const kind = o.key.replace(/^tome_/, "");
  if (kind !== "foresight" && kind !== "swap_tiles") return null;
  return { kind, picked: [], tiles: [], ...(o.key.startsWith("tome_") ? { tome: o.command } : {}) };
}

const isHidden = (v: PdqView, p: Pos): boolean => (v.mat.cells[p.row]?.[p.col] ?? "hidden") === "hidden";
const onMat = (v: PdqView, p: Pos): boolean => p.row >= 0 && p.col >= 0 && p.row < v.mat.rows && p.col < v.mat.cols;
const heroAt = (v: PdqView, p: Pos): boolean => v.heroes.some((h) => !h.dead && samePos(h.pos, p));

/**
 * Spaces the spell takes: Foresight as many face-down tiles as the engine's
 * `rules.foresight_tiles` (fewer when fewer are left; none when the engine
 * sent no number), Swap Tiles its command's two spaces (`a` and `b`).
 */
export function spellNeeds(v: PdqView, d: SpellDraft): number {
  if (d.kind === "swap_tiles") return 2;
  let hidden = 0;
  for (let r = 0; r < v.mat.rows; r++) for (let c = 0; c < v.mat.cols; c++) if (isHidden(v, { row: r, col: c })) hidden++;
  return Math.min(v.rules?.foresight_tiles ?? 0, hidden);
}

/**
 * Tiles a purchase turns up from the Merchant Pile: the engine's
 * `rules.merchant_draws`, fewer when fewer are left; none when the engine
 * sent no number.
 */
export function merchantDraws(v: PdqView): number {
  return Math.min(v.rules?.merchant_draws ?? 0, v.piles.merchant);
}

/** Whether a click on `p` adds it to the spell. */
export function spellPickable(v: PdqView, d: SpellDraft, p: Pos): boolean {
  if (!onMat(v, p) || d.picked.some((q) => samePos(q, p)) || d.picked.length >= spellNeeds(v, d)) return false;
  return d.kind === "swap_tiles" || isHidden(v, p);
}

/**
 * The spaces whose tile is turned up: Foresight's own; for Swap Tiles a
 * face-down tile that lands in the Circle of Sight (none when a Hero is
 * swapped: that works like Teleport).
 */
export function spellReveals(v: PdqView, d: SpellDraft): Pos[] {
  if (d.kind === "foresight") return d.picked;
  if (d.picked.length < 2) return [];
  const [a, b] = d.picked;
  if (heroAt(v, a) || heroAt(v, b)) return [];
  const sight = v.sight ?? [];
  const lands = (to: Pos, from: Pos) => isHidden(v, from) && sight.some((q) => samePos(q, to));
  return [lands(a, b) ? a : null, lands(b, a) ? b : null].filter((p): p is Pos => p !== null);
}

/** The tiles a reveal of the spell can name: what is face down, less those named elsewhere. */
export function spellChoices(v: PdqView, d: SpellDraft, i: number): string[] {
  return Object.entries(v.unrevealed)
    .filter(([k, n]) => d.tiles.filter((t, j) => j !== i && t === k).length < n)
    .map(([k]) => k)
    .sort((a, b) => tileName(v, a).localeCompare(tileName(v, b)));
}

/** The spell's command, or what is still missing. */
export function spellCommand(v: PdqView, d: SpellDraft): { command: Record<string, unknown> } | { missing: string } {
  const need = spellNeeds(v, d);
  if (d.picked.length < need) return { missing: `click ${need - d.picked.length} more space${need - d.picked.length === 1 ? "" : "s"} on the mat` };
  const at = spellReveals(v, d);
  const i = at.findIndex((_, j) => !d.tiles[j]);
  if (i >= 0) return { missing: `name the tile turned up at ${posWords(at[i])}` };
  const reveal = at.map((p, j) => ({ at: p, tile: d.tiles[j] }));
  const cast = d.kind === "foresight" ? { type: "foresight", reveal } : { type: "swap_tiles", a: d.picked[0], b: d.picked[1], reveal };
  return { command: d.tome ? { ...d.tome, cast } : cast };
}

/**
 * The Henchmen roll the camera read: the newest throw put to the player
 * while the game waits for that roll, when it moved one die showing a face
 * of the Attack Die (not leaning). The screen fills it in for the player
 * to confirm by choosing the Henchmen; it is never sent on its own.
 */
export function cameraHenchmenFace(v: PdqView, throws: KeptThrow[]): string | null {
  if (v.waiting_for !== "henchmen") return null;
  const t = throws[0];
  if (!t || t.status !== "ask" || t.applied_seq !== null) return null;
  const r = t.reading as { dice?: Array<{ face?: string | null; cocked?: boolean }>; landed?: number[] };
  const all = r.dice ?? [];
  const moved = (r.landed ?? []).map((i) => all[i]).filter((d) => d !== undefined);
  const dice = moved.length ? moved : all;
  if (dice.length !== 1 || !dice[0].face || dice[0].cocked) return null;
  const face = dice[0].face;
  return v.die_faces.some((f) => f.face === face) ? face : null;
}
