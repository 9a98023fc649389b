// The Green Dungeon screen: set up form, the dungeon grid mirroring the
// table, the time track, and one action panel for whatever the engine
// waits for (event checks, cards, combat, traps, treasure, rests). Every
// roll can come from the camera, a virtual roll or a tap; the engine
// decides, and its refusals reach the Game screen's error banner.
// The pure parts are grid.ts, model.ts, dice.ts, commands.ts, describe.ts.
import { h } from "../../dom";
import type { GameScreen, ScreenCtx } from "../plugin";
import { undoEntry } from "../../undo-entry";
import {
  bribe,
  cardsCommand,
  cornerName,
  endVision,
  faceBoss,
  flip,
  gdSetup,
  move,
  perish,
  rest,
  retreat,
  treasureCommand,
  treasureWords,
  usePotion,
  type CardDraft,
} from "./commands";
import {
  doorPrompt,
  eventCheckPrompt,
  fightPrompt,
  fleePrompt,
  isFace,
  luckPrompt,
  missing,
  nextCameraStep,
  promptOfCommand,
  recoverPrompt,
  rollMissing,
  singleDieValue,
  trapPrompt,
  type Action,
  type DicePrompt,
} from "./dice";
import { describeCommand, describeEvent } from "./describe";
import { cellView, edgeOf, flippable, moveOptions, posWords, samePos, tilesLeft, upkeepOutcome, type MoveOption, type UpkeepOutcome } from "./grid";
import { cardsNeed, cardsPreview, fightView, phaseView, potionWords, REASON_WORDS, trackView } from "./model";
import { ensureStyles } from "./style";
import { asGdOptions, gdDealLine } from "../../setup-options";
import { GD_KEY_HELP, gdKey } from "./keys";
import { asGdState, asGdView, COLOURS, DIRS, SYMBOLS, TILE_KINDS, type Colour, type Dir, type Exits, type GdState, type GdView, type Pos, type Score, type Symbol, type TileKind } from "./types";

const KIND_LABEL: Record<TileKind, string> = { drop: "Drop", hammer: "Hammer", wood: "Wood", brick: "Brick", cog: "Cog", straw: "Straw" };
const KIND_ROLE: Record<TileKind, string> = { drop: "monster", hammer: "hard monster", wood: "magic", brick: "trap", cog: "treasure", straw: "boss" };
const SYMBOL_LABEL: Record<Symbol, string> = { drop: "Drop", hammer: "Hammer", wood: "Wood", cog: "Cog" };
const ARROW: Record<Dir, string> = { north: "▲", east: "▶", south: "▼", west: "◀" };
const UPKEEP_HINT: Record<UpkeepOutcome, string> = {
  none: "no upkeep",
  reset: "upkeep: reset",
  skipped_unexplored: "upkeep: unexplored",
  skipped_current_room: "upkeep: your room",
  skipped_boss_room: "upkeep: boss room",
};

/** Cell size and gap of the grid, in pixels (the edges sit in the gaps). */
const CELL = 92;
const GAP = 12;

/** What the player has half-entered; cleared whenever the engine moves on. */
interface GdUi {
  session: number | null;
  seq: number;
  selected: Pos | null;
  exits: Exits;
  action: Action;
  levelUp: boolean;
  door: MoveOption | null;
  fleeing: boolean;
  luck: boolean;
  promptId: string | null;
  values: Record<string, number>;
  /** Camera readings behind the values, logged with the command. */
  readings: unknown[];
  cards: CardDraft[];
  keepNewWeapon: boolean;
  /** The last virtual roll, shown beside the action it made (log seq `rolledSeq`). */
  rolled: string | null;
  rolledSeq: number;
  note: string | null;
  correcting: boolean;
  correctValues: Record<string, number>;
}

const ui: GdUi = {
  session: null,
  seq: -1,
  selected: null,
  exits: "east_west",
  action: "melee",
  levelUp: false,
  door: null,
  fleeing: false,
  luck: false,
  promptId: null,
  values: {},
  readings: [],
  cards: [],
  keepNewWeapon: true,
  rolled: null,
  rolledSeq: -1,
  note: null,
  correcting: false,
  correctValues: {},
};

/** Forget half-entered input when the game moved on (or another game opened). */
function sync(ctx: ScreenCtx): void {
  const v = ctx.view;
  if (ui.session !== v.session) {
    ui.session = v.session;
    ui.rolled = null;
  } else if (ui.seq === v.last_seq) return;
  ui.seq = v.last_seq;
  ui.selected = null;
  ui.door = null;
  ui.fleeing = false;
  ui.luck = false;
  ui.cards = [];
  ui.note = null;
  ui.correcting = false;
  ui.levelUp = false;
  ui.action = "melee";
}

function chip(c: Colour | undefined): HTMLElement | null {
  return c ? h("span", { class: `gd-chip c-${c}`, title: `${c} die` }) : null;
}

// ---------------------------------------------------------------- set up

/** The corners and entrance kinds are the engine's (`GdOptions`). */
function setupForm(start: (setup: unknown) => void, fail: (msg: string) => void, options: unknown): HTMLElement {
  ensureStyles();
  const o = asGdOptions(options);
  const corners = o.entrance_corners;
  const corner = h("select", { id: "gd-corner", "aria-label": "Entrance corner" }, ...corners.map((p, i) => h("option", { value: i }, cornerName(p))));
  const kind = h(
    "select",
    { id: "gd-entrance-kind", "aria-label": "Entrance tile" },
    ...(o.entrance_kinds as TileKind[]).map((k) => h("option", { value: k, selected: k === "cog" }, `${KIND_LABEL[k] ?? k} (${KIND_ROLE[k] ?? ""})`)),
  );
  const exitsSel = (id: string) =>
    h("select", { id, "aria-label": "Exits" }, h("option", { value: "east_west" }, "exits east–west ═"), h("option", { value: "north_south" }, "exits north–south ║"));
  const exits = exitsSel("gd-entrance-exits");
  const colour = (id: string, def: Colour) => h("select", { id }, ...COLOURS.map((c) => h("option", { value: c, selected: c === def }, c)));
  const player = colour("gd-colour-player", "white");
  const monster = colour("gd-colour-monster", "red");
  const straw = corners.map((p, i) => ({
    box: h("input", { type: "checkbox", "data-straw": i }),
    exits: exitsSel(`gd-straw-exits-${i}`),
    p,
  }));
  return h(
    "div",
    { class: "gd-setup" },
    h("p", { class: "muted" }, gdDealLine(o)),
    h("div", { class: "row" }, h("label", {}, "Entrance corner ", corner), h("label", {}, "Tile ", kind), h("label", {}, "", exits)),
    h(
      "fieldset",
      {},
      h("legend", {}, "Straw tiles turned up at other corners (a vision of your goal)"),
      ...straw.map((s) => h("div", { class: "row" }, h("label", { class: "check" }, s.box, ` ${cornerName(s.p)}`), s.exits)),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Dice colours (the camera tells them apart)"),
      h("label", {}, "Your die ", player),
      h("label", {}, "Monster's die ", monster),
    ),
    h(
      "button",
      {
        id: "game-start-btn",
        onclick: () => {
          const r = gdSetup({
            corner: Number(corner.value),
            kind: kind.value as TileKind,
            exits: exits.value as Exits,
            strawSeen: straw.filter((s) => s.box.checked).map((s) => ({ corner: corners.indexOf(s.p), exits: s.exits.value as Exits })),
            player: player.value as Colour,
            monster: monster.value as Colour,
          }, o);
          if ("error" in r) return fail(r.error);
          start(r.setup);
        },
      },
      "Start Green Dungeon",
    ),
  );
}

// ---------------------------------------------------------------- board

/** The engine's view of the state being drawn (rule numbers, what is open now). */
let g: GdView;

function board(ctx: ScreenCtx): HTMLElement {
  ensureStyles();
  const s = asGdState(ctx.view.state);
  g = asGdView(ctx.view.view);
  sync(ctx);
  const phase = phaseView(s, g);
  const prompt = currentPrompt(ctx, s);
  if (prompt && ui.promptId !== prompt.id) {
    ui.promptId = prompt.id;
    ui.values = {};
    ui.readings = [];
  }
  active = prompt ? { ctx, prompt } : null;
  bindKeys();
  return h(
    "div",
    { class: "gd-board", id: "gd-board" },
    h("div", { class: "gd-top" }, phasePanel(s, phase, ctx.view.last_seq), heroPanel(s)),
    h(
      "div",
      { class: "gd-main" },
      dungeon(ctx, s, prompt),
      // The track and the last roll sit beside the actions so one screen shows all a turn needs.
      h("div", { class: "gd-side" }, h("div", { class: "gd-actions", id: "gd-actions" }, ...actions(ctx, s, prompt)), trackPanel(s), correctionPanel(ctx, s)),
    ),
  );
}

function phasePanel(s: GdState, p: ReturnType<typeof phaseView>, seq: number): HTMLElement {
  const alert = p.key === "event_check" || p.key === "luck" || p.key === "must_rest";
  return h(
    "div",
    { class: `panel gd-phase${alert ? " gd-alert" : ""}`, id: "gd-phase", "data-phase": p.key },
    h("h4", {}, "Now"),
    h("p", { class: "big" }, p.title),
    h("p", { class: "muted" }, p.help),
    ui.rolled && ui.rolledSeq === seq ? h("p", { class: "gd-rolled", id: "gd-rolled" }, ui.rolled) : null,
    heldDoorsNote(s.failed_doors ?? []),
  );
}

function bar(cls: string, v: number, max: number): HTMLElement {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * v) / max)) : 0;
  return h("div", { class: `gd-bar ${cls}` }, h("span", { style: `width:${pct}%` }));
}

function stat(key: string, value: string | number, extra: HTMLElement | null = null, id?: string): HTMLElement {
  return h("div", { class: "gd-stat", id }, h("span", { class: "k" }, key), h("span", { class: "v" }, value), extra);
}

function heroPanel(s: GdState): HTMLElement {
  const p = s.player;
  return h(
    "div",
    { class: "panel", id: "gd-hero" },
    h("h4", {}, "Hero"),
    h(
      "div",
      { class: "gd-stats" },
      stat("Health", `${p.health} / ${p.max_health}`, bar("hp", p.health, p.max_health), "gd-health"),
      stat("Magic", `${p.magic} / ${p.max_magic}`, bar("mp", p.magic, p.max_magic), "gd-magic"),
      stat("Experience", `${p.xp} / ${g.rules.level_up_xp}`, bar("xp", p.xp, g.rules.level_up_xp)),
      stat("Level", p.level),
      stat("Treasure", p.treasure, null, "gd-treasure"),
      stat("Luck", "●".repeat(p.luck) + "○".repeat(Math.max(0, g.rules.max_luck - p.luck))),
      stat("Weapon", p.weapon ? `+${p.weapon}` : "—"),
      stat("Potions", p.potions.length),
    ),
  );
}

/** Every door that held in this room: trying any of them again adds a time cube. */
function heldDoorsNote(held: Dir[]): HTMLElement | null {
  if (!held.length) return null;
  const words = held.length === 1 ? `The ${held[0]} door held` : `The ${held.slice(0, -1).join(", ")} and ${held[held.length - 1]} doors held`;
  return h("p", { class: "muted" }, `${words}: trying ${held.length === 1 ? "it" : "one"} again adds a time cube.`);
}

// ---------------------------------------------------------------- grid

/** The square an upkeep reading points at: being entered (before) or just rolled (after). */
function upkeepMark(ctx: ScreenCtx, prompt: DicePrompt | null): { at: Pos; label: string } | null {
  if (prompt?.id.endsWith(":event_check") && isFace(ui.values.first) && isFace(ui.values.second)) {
    const r = upkeepOutcome(g, ui.values.first, ui.values.second);
    return r.at ? { at: r.at, label: UPKEEP_HINT[r.outcome] } : null;
  }
  const checked = [...ctx.view.events].reverse().find((e) => e.type === "event_checked");
  const u = checked?.upkeep as { upkeep?: UpkeepOutcome; at?: Pos } | undefined;
  if (u?.at && u.upkeep) return { at: u.at, label: u.upkeep === "reset" ? "upkeep: was reset" : UPKEEP_HINT[u.upkeep] };
  return null;
}

function dungeon(ctx: ScreenCtx, s: GdState, prompt: DicePrompt | null): HTMLElement {
  const moves = g.between_encounters ? moveOptions(g) : [];
  const canFlip = flippable(g);
  const mark = upkeepMark(ctx, prompt);
  const size = g.grid_size;
  const span = size * CELL + (size - 1) * GAP;
  const grid = h("div", { class: "gd-grid", id: "gd-grid", style: `width:${span + 10}px;height:${span + 10}px` });
  const inner = h("div", { style: `position:relative;width:${span}px;height:${span}px` });
  grid.append(inner);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const p = { row, col };
      inner.append(cell(ctx, s, p, moves.find((m) => samePos(m.to, p)) ?? null, canFlip.some((q) => samePos(q, p)), mark));
      for (const dir of ["east", "south"] as Dir[]) {
        if ((dir === "east" && col === size - 1) || (dir === "south" && row === size - 1)) continue;
        const e = edgeOf(g, p, dir);
        if (e.kind === "unknown") continue;
        const x = col * (CELL + GAP);
        const y = row * (CELL + GAP);
        const box =
          dir === "east"
            ? { left: x + CELL, top: y + CELL / 2 - (e.kind === "open" ? 16 : 11), width: GAP, height: e.kind === "open" ? 32 : 22 }
            : { left: x + CELL / 2 - (e.kind === "open" ? 16 : 11), top: y + CELL, width: e.kind === "open" ? 32 : 22, height: GAP };
        const style = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
        const title = e.kind === "door" ? `one-way door: opens ${e.free}wards` : e.kind === "open" ? "open passage" : "wall";
        inner.append(h("div", { class: `gd-edge ${e.kind}`, style, title, "data-edge": `${row},${col},${dir}` }, e.kind === "door" ? ARROW[e.free] : ""));
      }
    }
  }
  const axis = (cls: string) => h("div", { class: `gd-axis ${cls}` }, ...Array.from({ length: size }, (_, i) => h("span", {}, i + 1)));
  return h(
    "div",
    { class: "gd-dungeon" },
    h("div", { class: "gd-gridwrap" }, h("span", {}), axis("cols"), axis("rows"), grid),
    h("div", { class: "row" }, dpad(ctx, moves), legend()),
  );
}

function cell(ctx: ScreenCtx, s: GdState, p: Pos, mv: MoveOption | null, canFlip: boolean, mark: { at: Pos; label: string } | null): HTMLElement {
  const c = cellView(s, p);
  const classes = ["gd-cell"];
  if (!c.faceUp) classes.push("down");
  if (c.reset) classes.push("reset");
  if (c.kind && c.faceUp) classes.push(`k-${c.kind}`);
  if (c.explored) classes.push("explored");
  if (c.cleared) classes.push("cleared");
  if (c.clairvoyant) classes.push("clairvoyant");
  if (mv) classes.push("target", ...(mv.kind === "wall" ? ["wall-target"] : []));
  if (canFlip && !mv) classes.push("target");
  if (samePos(ui.selected, p)) classes.push("selected");
  const upkeep = mark && samePos(mark.at, p);
  if (upkeep) classes.push("upkeep");
  // Light triangles on the exit sides, dark on the others (top right bottom left).
  let border = "";
  if (c.exits && c.faceUp) {
    const light = "#f3ecd2";
    const dark = "#3b2f25";
    border = `border-color:${DIRS.map((d) => ((c.exits === "north_south") === (d === "north" || d === "south") ? light : dark)).join(" ")};`;
  }
  const badges: string[] = [];
  if (c.cleared) badges.push("cleared");
  else if (c.explored) badges.push("explored");
  if (c.clairvoyant) badges.push("vision");
  if (c.reset) badges.push("reset");
  if (c.miniBossRoom) badges.push("mini-boss");
  let hint: HTMLElement | null = null;
  if (upkeep) hint = h("span", { class: "hint up" }, mark!.label);
  else if (mv?.kind === "open") hint = h("span", { class: "hint" }, `walk ${ARROW[mv.dir]}`);
  else if (mv?.kind === "door_roll") hint = h("span", { class: "hint" }, `door > ${mv.neededAbove}${mv.retry ? ", retry +1" : ""}`);
  else if (mv?.kind === "wall") hint = h("span", { class: "hint bad" }, "wall");
  else if (canFlip) hint = h("span", { class: "hint" }, "turn up");
  const name = c.kind ? (c.faceUp ? KIND_LABEL[c.kind] : `(${KIND_LABEL[c.kind]})`) : "";
  return h(
    "div",
    {
      class: classes.join(" "),
      style: `left:${p.col * (CELL + GAP)}px;top:${p.row * (CELL + GAP)}px;${border}`,
      "data-row": p.row,
      "data-col": p.col,
      title: `${posWords(p)}${c.kind ? `: ${KIND_LABEL[c.kind]} (${KIND_ROLE[c.kind]})` : ": face down"}`,
      role: "button",
      onclick: () => onCell(ctx, p, mv, canFlip),
    },
    h("span", { class: "name" }, name),
    hint,
    h("span", { class: "badges" }, ...badges.map((b) => h("span", { class: "badge" }, b))),
    c.hero ? h("span", { class: "gd-hero", title: "the hero" }, "◆") : null,
    c.meeple ? h("span", { class: "gd-meeple", title: `monster meeple (${c.meeple})` }, "♟") : null,
  );
}

function onCell(ctx: ScreenCtx, p: Pos, mv: MoveOption | null, canFlip: boolean): void {
  if (canFlip) {
    ui.selected = samePos(ui.selected, p) ? null : p;
    ui.door = null;
    return ctx.rerender();
  }
  if (mv) return tryMove(ctx, mv);
  ui.selected = samePos(ui.selected, p) ? null : p;
  ctx.rerender();
}

/** A move by click or arrow: straight to the engine unless a door roll is needed. */
function tryMove(ctx: ScreenCtx, mv: MoveOption | { dir: Dir; kind: "perimeter" }): void {
  if (mv.kind === "door_roll") {
    ui.door = mv;
    ui.selected = null;
    return ctx.rerender();
  }
  if (mv.kind === "flip_first") {
    ui.selected = mv.to;
    return ctx.rerender();
  }
  ctx.send(move(mv.dir));
}

function dpad(ctx: ScreenCtx, moves: MoveOption[]): HTMLElement {
  const can = g.between_encounters;
  const btn = (d: Dir) =>
    h(
      "button",
      {
        "data-move": d,
        title: `move ${d}`,
        disabled: !can,
        onclick: () => tryMove(ctx, moves.find((m) => m.dir === d) ?? { dir: d, kind: "perimeter" }),
      },
      ARROW[d],
    );
  return h("div", { class: "gd-dpad", "aria-label": "Move" }, h("span", {}), btn("north"), h("span", {}), btn("west"), btn("south"), btn("east"));
}

function legend(): HTMLElement {
  return h(
    "div",
    { class: "gd-legend" },
    h("span", {}, h("i", { style: "background:#efe6c4" }), "open passage"),
    h("span", {}, h("i", { style: "background:#8b5a2b" }), "door (arrow: the way it opens)"),
    h("span", {}, "light sides = exits"),
    h("span", {}, "◆ hero"),
    h("span", {}, "♟ monster meeple"),
    h("span", {}, h("i", { style: "background:#e05ad0" }), "upkeep target"),
  );
}

// ---------------------------------------------------------------- time track

function trackPanel(s: GdState): HTMLElement {
  const t = trackView(s, g);
  return h(
    "div",
    { class: "panel gd-track", id: "gd-track" },
    h("h4", {}, `Time track — ${t.main} (${t.elapsed} cubes in all)`),
    h(
      "div",
      { class: "gd-squares", "aria-label": `main track at ${t.main}` },
      h("div", { class: `gd-sq zero${t.main === 0 ? " current" : ""}` }, "0"),
      ...t.squares.map((q) =>
        h("div", { class: `gd-sq${q.filled ? " filled" : ""}${q.event ? " event" : ""}${q.current ? " current" : ""}`, "data-square": q.n }, h("span", { class: "n" }, q.n)),
      ),
    ),
    h(
      "div",
      { class: "row" },
      h("span", {}, "Event cubes: "),
      h("span", { class: "gd-cubes", id: "gd-event-cubes", "data-count": t.eventCubes }, ...Array.from({ length: Math.max(t.eventCubes, t.cubeSlots) }, (_, i) => h("span", { class: `gd-cube${i < t.eventCubes ? "" : " empty"}` }))),
    ),
    h("p", { class: "muted" }, `Next event cube in ${t.toNextEvent}; at ${g.rules.reset_at} the track clears and ${g.rules.event_cubes_removed_at_reset} event cubes go.`),
    t.pendingChecks.length
      ? h("p", { class: "gd-note", id: "gd-checks-due" }, `${t.pendingChecks.length} event check${t.pendingChecks.length > 1 ? "s" : ""} due (against ${t.pendingChecks.map((c) => c.eventCubes).join(", ")} event cube${t.pendingChecks.length > 1 || t.pendingChecks[0].eventCubes > 1 ? "s" : ""})`)
      : null,
    t.owed.length ? h("p", { class: "muted" }, `Owed at the end of this turn: +${t.owed.length} (${t.owed.map((r) => REASON_WORDS[r]).join(", ")})`) : null,
  );
}

// ---------------------------------------------------------------- actions

/** The dice roll due now, if the engine (or the player's choice) calls for one. */
function currentPrompt(ctx: ScreenCtx, s: GdState): DicePrompt | null {
  const seq = ctx.view.last_seq;
  const key = phaseView(s, g).key;
  if (key === "over") return null;
  if (key === "luck" || (ui.luck && g.can_use_luck)) return luckPrompt(seq);
  if (key === "event_check") return eventCheckPrompt(s, seq);
  if (key === "trap_roll") return trapPrompt(s, seq);
  if (key === "recover") return recoverPrompt(s, seq, ui.levelUp && g.can_level_up);
  if (key === "combat") return ui.fleeing ? fleePrompt(s, seq) : fightPrompt(s, g, seq, ui.action);
  if (ui.door && g.between_encounters && ui.door.neededAbove !== undefined) return doorPrompt(s, seq, ui.door.dir, ui.door.neededAbove, !!ui.door.retry);
  return null;
}

function actions(ctx: ScreenCtx, s: GdState, prompt: DicePrompt | null): Array<HTMLElement | null> {
  const p = s.phase;
  const key = phaseView(s, g).key;
  const out: Array<HTMLElement | null> = [];
  if (key === "over" && p.phase === "over") return [scorePanel(p.score, p.outcome)];
  if (key === "combat" && p.phase === "combat") out.push(combatPanel(ctx, s));
  if (key === "cards" && p.phase === "cards") out.push(cardsPanel(ctx, s, cardsNeed(p.purpose, g).count));
  if (key === "loot" && p.phase === "loot") out.push(lootPanel(ctx, s));
  if (key === "final_boss_choice") {
    out.push(h("div", { class: "gd-prompt" }, h("h4", {}, "The final boss's lair"), h("div", { class: "row" },
      h("button", { id: "gd-face-boss", onclick: () => ctx.send(faceBoss()) }, "Enter and face the boss"),
      h("button", { id: "gd-retreat", onclick: () => ctx.send(retreat()) }, "Retreat"))));
  }
  if (key === "recover") {
    out.push(h("label", { class: "check" }, h("input", { type: "checkbox", id: "gd-level-up", checked: ui.levelUp, disabled: !g.can_level_up, onchange: (e: Event) => { ui.levelUp = (e.target as HTMLInputElement).checked; ctx.rerender(); } }),
      g.can_level_up ? ` Level up at this rest (−${g.rules.level_up_xp} experience)` : ` Level up needs ${g.rules.level_up_xp} experience (you have ${s.player.xp})`));
  }
  const cancel = key === "combat" ? (ui.fleeing ? () => { ui.fleeing = false; ctx.rerender(); } : null) : ui.door || ui.luck ? () => { ui.door = null; ui.luck = false; ctx.rerender(); } : null;
  if (prompt) out.push(promptPanel(ctx, prompt, cancel));
  if (key === "luck" && s.player.health === 0) out.push(h("div", { class: "row" }, h("button", { id: "gd-perish", onclick: () => ctx.send(perish()) }, "Accept death (end the adventure)")));
  if (key === "clairvoyance" && p.phase === "clairvoyance") {
    out.push(h("div", { class: "row" }, h("span", {}, `Tap up to ${p.remaining} face-down tile${p.remaining > 1 ? "s" : ""} anywhere. `), h("button", { id: "gd-end-vision", onclick: () => ctx.send(endVision()) }, "End the vision")));
  }
  const picking = ui.selected && flippable(g).some((q) => samePos(q, ui.selected));
  if (picking) out.push(tilePicker(ctx, s, ui.selected!));
  else if (ui.selected) out.push(cellDetail(s, ui.selected));
  if ((key === "exploring" || key === "must_rest") && !prompt && !picking) out.push(explorePanel(ctx, s));
  if (key !== "luck" && !ui.luck && g.can_use_luck) {
    out.push(h("div", { class: "row" }, h("button", { id: "gd-luck", onclick: () => { ui.luck = true; ctx.rerender(); } }, `Spend a luck cube (${s.player.luck} left)`)));
  }
  return out;
}

function explorePanel(ctx: ScreenCtx, s: GdState): HTMLElement {
  const p = s.player;
  return h(
    "div",
    { class: "gd-prompt", id: "gd-explore" },
    h("h4", {}, s.phase.phase === "idle" && s.phase.idle === "must_rest" ? "Rest before moving on" : "Your turn"),
    h("p", { class: "muted" }, "Tap a neighbouring square (or an arrow): a face-down one to turn it up, then again to walk in. Walls and the perimeter are refused with the rule."),
    h(
      "div",
      { class: "row" },
      h("button", { id: "gd-rest", disabled: g.rest_why !== null, title: g.rest_why ?? `+${g.rules.rest_cubes} time; checks may interrupt it`, onclick: () => ctx.send(rest()) }, `Rest (+${g.rules.rest_cubes} time)`),
      ...p.potions.map((pot, i) => h("button", { "data-potion": i, onclick: () => ctx.send(usePotion(i)) }, `Drink: ${potionWords(pot)}`)),
    ),
  );
}

function cellDetail(s: GdState, p: Pos): HTMLElement {
  const c = cellView(s, p);
  const t = s.grid.rows[p.row][p.col];
  const facts = [
    c.kind ? `${KIND_LABEL[c.kind]} (${KIND_ROLE[c.kind]}), exits ${c.exits === "north_south" ? "north–south" : "east–west"}` : "face down, never seen",
    c.faceUp ? "face up" : c.reset ? "face down again (reset)" : null,
    c.explored ? "explored" : null,
    c.cleared ? "cleared" : null,
    c.clairvoyant ? "seen in a vision" : null,
    c.visited ? "visited" : null,
    c.hero ? "the hero is here" : null,
    t.meeple ? `monster meeple (${t.meeple.reason}, difficulty ${t.meeple.monster.difficulty})` : null,
  ].filter(Boolean);
  return h("div", { class: "gd-prompt", id: "gd-cell-detail" }, h("h4", {}, posWords(p)), h("p", {}, facts.join(" · ")));
}

function tilePicker(ctx: ScreenCtx, s: GdState, at: Pos): HTMLElement {
  const left = tilesLeft(g);
  const known = s.grid.rows[at.row][at.col].face;
  const orient = (e: Exits, label: string) =>
    h("button", { class: ui.exits === e ? "on" : null, "aria-pressed": String(ui.exits === e), "data-exits": e, onclick: () => { ui.exits = e; ctx.rerender(); } }, label);
  return h(
    "div",
    { class: "gd-prompt", id: "gd-tile-picker" },
    h("h4", {}, `Turn up ${posWords(at)}`),
    known ? h("p", { class: "muted" }, `Seen before: ${KIND_LABEL[known.kind]}, ${known.exits === "north_south" ? "north–south" : "east–west"}.`) : h("p", { class: "muted" }, "Keep its orientation: which sides have the light triangles?"),
    h("div", { class: "row" }, orient("east_west", "═ exits east–west"), orient("north_south", "║ exits north–south")),
    h(
      "div",
      { class: "row gd-kinds" },
      ...TILE_KINDS.map((k) =>
        h("button", { "data-kind": k, disabled: left[k] === 0 && known?.kind !== k, onclick: () => ctx.send(flip(at, k, ui.exits)) }, `${KIND_LABEL[k]} (${left[k]} left)`),
      ),
    ),
  );
}

function combatPanel(ctx: ScreenCtx, s: GdState): HTMLElement {
  if (s.phase.phase !== "combat") return h("div");
  const f = fightView(s.phase, g);
  const choice = (a: Action, label: string, enabled: boolean) =>
    h("button", { class: ui.action === a && !ui.fleeing ? "on" : null, "data-action": a, disabled: !enabled, onclick: () => { ui.action = a; ui.fleeing = false; ctx.rerender(); } }, label);
  return h(
    "div",
    { class: "panel gd-monster", id: "gd-monster" },
    h("h4", {}, "Monster"),
    h("p", { class: "big" }, `${f.name}: `, h("strong", { id: "gd-monster-health" }, `${f.health}`), ` / ${f.difficulty} health`),
    bar("hp", f.health, f.difficulty),
    h("p", { class: "muted" }, [
      `difficulty ${f.difficulty}`,
      f.spellcaster ? `spellcaster, ${f.magic} magic` : null,
      f.treasureCards ? `guards ${f.treasureCards} treasure card${f.treasureCards > 1 ? "s" : ""}` : null,
      `round ${f.rounds + 1}`,
    ].filter(Boolean).join(" · ")),
    h("p", {}, `This round it ${f.monsterPlan}.`),
    h("p", { class: "muted" }, `Your melee: die + ${f.heroMeleeBonus}, a win deals ${f.heroHitDamage}.${f.fleeFailed ? " After the failed escape: no magic, no bonus this round." : ""}`),
    h(
      "div",
      { class: "row" },
      choice("melee", "Melee", true),
      choice("spell", `Spell (${g.rules.spell_cost} magic)`, f.canSpell),
      choice("power_spell", `Powerful spell (${g.rules.power_cost} magic)`, f.canPowerSpell),
      h("button", { id: "gd-flee", class: ui.fleeing ? "on" : null, disabled: !f.canFlee, title: f.fleeWhy ?? "roll to run to the previous room", onclick: () => { ui.fleeing = true; ctx.rerender(); } }, "Flee…"),
      h("button", { id: "gd-bribe", disabled: !f.canBribe, title: f.bribeWhy ?? "", onclick: () => ctx.send(bribe()) }, f.bribeCost === null ? "Bribe (not bosses)" : `Bribe (${f.bribeCost} treasure)`),
    ),
  );
}

function cardsPanel(ctx: ScreenCtx, s: GdState, count: number): HTMLElement {
  while (ui.cards.length < count) ui.cards.push({ number: null, symbol: null });
  const err = h("span", { class: "error-text", role: "alert" });
  const p = s.phase;
  const need = p.phase === "cards" ? cardsNeed(p.purpose, g) : null;
  return h(
    "div",
    { class: "gd-prompt gd-cards", id: "gd-cards" },
    h("h4", {}, need ? `${need.deck} deck: ${count} card${count > 1 ? "s" : ""}` : "Cards"),
    need ? h("p", { class: "muted" }, `For ${need.what}.`) : null,
    ...ui.cards.slice(0, count).map((d, i) => cardEntry(ctx, d, count > 1 ? `Card ${i + 1}` : "Card", `c${i}`)),
    preview(p, ui.cards.slice(0, count)),
    h("div", { class: "row" },
      h("button", {
        id: "gd-send-cards",
        onclick: () => {
          const c = cardsCommand(ui.cards, count, g.rules);
          if ("error" in c) err.textContent = String(c.error);
          else ctx.send(c);
        },
      }, "Enter the card" + (count > 1 ? "s" : "")),
      err),
  );
}

function preview(p: GdState["phase"], drafts: CardDraft[]): HTMLElement | null {
  if (p.phase !== "cards" || drafts.some((d) => d.number === null || d.symbol === null)) return null;
  const text = cardsPreview(p.purpose, g, drafts as Array<{ number: number; symbol: Symbol }>);
  return text ? h("p", { id: "gd-cards-preview" }, text) : null;
}

function cardEntry(ctx: ScreenCtx, d: CardDraft, title: string, id: string): HTMLElement {
  const nums = [];
  for (let n = g.rules.card_min; n <= g.rules.card_max; n++) {
    nums.push(h("button", { class: d.number === n ? "on" : null, "data-card": `${id}-n${n}`, onclick: () => { d.number = n; ctx.rerender(); } }, n));
  }
  return h(
    "div",
    {},
    h("strong", {}, `${title}: `, d.number !== null || d.symbol ? `${d.number ?? "?"} ${d.symbol ? SYMBOL_LABEL[d.symbol] : "?"}` : ""),
    h("div", { class: "row nums" }, ...nums),
    h("div", { class: "row syms" }, ...SYMBOLS.map((sy) => h("button", { class: d.symbol === sy ? "on" : null, "data-card": `${id}-${sy}`, onclick: () => { d.symbol = sy; ctx.rerender(); } }, SYMBOL_LABEL[sy]))),
  );
}

function lootPanel(ctx: ScreenCtx, s: GdState): HTMLElement {
  if (ui.cards.length === 0) ui.cards.push({ number: null, symbol: null });
  const d = ui.cards[0];
  const err = h("span", { class: "error-text", role: "alert" });
  const second = d.symbol === "hammer" && s.player.weapon !== null;
  const remaining = s.phase.phase === "loot" ? s.phase.remaining : 1;
  return h(
    "div",
    { class: "gd-prompt gd-cards", id: "gd-loot" },
    h("h4", {}, `Treasure deck: keep ${remaining} card${remaining > 1 ? "s" : ""}`),
    h("p", { class: "muted" }, "In a Cog room or a Wood trap's Cog you draw two and keep one: tap in the one you keep."),
    cardEntry(ctx, d, "Treasure card", "t"),
    d.number !== null && d.symbol ? h("p", {}, `Gives ${treasureWords({ number: d.number, symbol: d.symbol }, g.rules.treasure_cubes)}.`) : null,
    second
      ? h("label", { class: "check" }, h("input", { type: "checkbox", id: "gd-keep-new", checked: ui.keepNewWeapon, onchange: (e: Event) => { ui.keepNewWeapon = (e.target as HTMLInputElement).checked; } }),
          ` Keep the new +${d.number} weapon (the +${s.player.weapon} one is traded for treasure)`)
      : null,
    h("div", { class: "row" },
      h("button", {
        id: "gd-send-treasure",
        onclick: () => {
          const c = treasureCommand(d, ui.keepNewWeapon, g.rules);
          if ("error" in c) err.textContent = String(c.error);
          else ctx.send(c);
        },
      }, "Keep this card"),
      err),
  );
}

function scorePanel(sc: Score, outcome: "won" | "died"): HTMLElement {
  const w = g.rules.score;
  const line = (label: string, v: number, neg = false) => h("tr", {}, h("td", {}, label), h("td", {}, neg && v ? `−${v}` : v));
  return h(
    "div",
    { class: "panel gd-score", id: "gd-score" },
    h("h4", {}, "Final score"),
    h("p", { class: "big" }, outcome === "won" ? "Victory!" : "The hero perished.", " Final score ", h("strong", { id: "gd-final" }, sc.final)),
    h(
      "table",
      { class: "list" },
      h("tbody", {},
        line("Cubes left (health, magic, treasure)", sc.cubes),
        line(`Treasure cards (weapon, potions) ×${w.per_card}`, sc.cards),
        line(`Level ×${w.per_level}`, sc.level),
        line("Experience", sc.xp),
        line(`Luck ×${w.per_luck}`, sc.luck),
        line("Initial score", sc.initial),
        line(`Face-down tiles ×${w.per_face_down_tile}`, sc.face_down_tiles, true),
        line(`Fled monster meeples ×${w.per_fled_meeple}`, sc.fled_meeples, true),
        line(`Event cubes ×${w.per_event_cube}`, sc.event_cubes, true),
        line("Final score", sc.final)),
    ),
  );
}

// ---------------------------------------------------------------- dice

/** Send the filled prompt: with the camera's readings when any die came from it. */
function submit(ctx: ScreenCtx, p: DicePrompt, values: Record<string, number>, readings: unknown[]): void {
  const cmd = p.build(values);
  if (readings.length) ctx.sendCamera(cmd, { dice: readings });
  else ctx.send(cmd);
}

/** Fill what the player entered; send once every die is in. */
function afterFill(ctx: ScreenCtx, p: DicePrompt): void {
  if (missing(p, ui.values).length === 0) submit(ctx, p, ui.values, ui.readings);
  else ctx.rerender();
}

function enterFace(ctx: ScreenCtx, p: DicePrompt, slot: string, v: number): void {
  ui.values[slot] = v;
  afterFill(ctx, p);
}

/** The camera's dice for the next step: two told apart by colour, or one. */
async function readTable(ctx: ScreenCtx, p: DicePrompt): Promise<void> {
  const step = nextCameraStep(p, ui.values);
  if (!step) return;
  const dice = ctx.tableDice();
  try {
    if (step.kind === "pair") {
      const [a, b] = await ctx.pairDice(dice, { by: "colour", ours: step.ours, theirs: step.theirs });
      ui.values[step.slots[0]] = a;
      ui.values[step.slots[1]] = b;
    } else {
      const v = singleDieValue(dice);
      if (typeof v === "string") throw new Error(v);
      ui.values[step.slot] = v;
    }
    ui.readings.push({ step: step.label, dice });
    ui.note = null;
    afterFill(ctx, p);
  } catch (e) {
    ui.note = `Camera: ${e instanceof Error ? e.message : String(e)}. Roll again, tap the faces in, or roll virtually.`;
    ctx.rerender();
  }
}

function rollVirtually(ctx: ScreenCtx, p: DicePrompt): void {
  const rolled = rollMissing(p, ui.values);
  Object.assign(ui.values, rolled);
  // A refused roll leaves last_seq as it is, so the line then shows no roll.
  ui.rolledSeq = ctx.view.last_seq + 1;
  ui.rolled = `Rolled virtually — ${p.slots.filter((sl) => sl.key in rolled).map((sl) => `${sl.label}: ${rolled[sl.key]}`).join(", ")}`;
  afterFill(ctx, p);
}

/** The prompt on screen now, for the keys (null when none is shown). */
let active: { ctx: ScreenCtx; prompt: DicePrompt } | null = null;
let keysBound = false;

function bindKeys(): void {
  if (keysBound || typeof document === "undefined") return;
  keysBound = true;
  document.addEventListener("keydown", (e) => {
    const a = active;
    const boardEl = document.getElementById("gd-board");
    if (!a || !boardEl) return;
    // The board stays in the page, hidden, when another tab or game is shown.
    if (boardEl.closest("[hidden]")) return;
    const t = e.target as HTMLElement | null;
    const typing = !!t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
    const k = gdKey(e.key, typing, e.ctrlKey || e.metaKey || e.altKey);
    if (!k) return;
    e.preventDefault();
    if (k.kind === "roll") return rollVirtually(a.ctx, a.prompt);
    if (k.kind === "camera") return void readTable(a.ctx, a.prompt);
    const next = missing(a.prompt, ui.values)[0];
    if (next) enterFace(a.ctx, a.prompt, next.key, k.value);
  });
}

function promptPanel(ctx: ScreenCtx, p: DicePrompt, cancel: (() => void) | null): HTMLElement {
  const step = nextCameraStep(p, ui.values);
  return h(
    "div",
    { class: "gd-prompt", id: "gd-dice", "data-prompt": p.id.split(":").slice(1).join(":") },
    h("h4", {}, p.title),
    p.note ? h("p", { class: "muted" }, p.note) : null,
    ...p.slots.map((sl) =>
      h(
        "div",
        { class: "gd-slot" },
        h("span", { class: "label" }, chip(sl.colour), " ", sl.label),
        ...[1, 2, 3, 4, 5, 6].map((v) =>
          h("button", { class: `face${ui.values[sl.key] === v ? " on" : ""}`, "data-slot": sl.key, "data-face": v, onclick: () => enterFace(ctx, p, sl.key, v) }, v),
        ),
      ),
    ),
    h(
      "div",
      { class: "gd-sources" },
      step ? h("button", { class: "camera", id: "gd-read", onclick: () => void readTable(ctx, p) }, `Camera: ${step.label.charAt(0).toLowerCase()}${step.label.slice(1)} from the table`) : null,
      h("button", { class: "virtual", id: "gd-roll", onclick: () => rollVirtually(ctx, p) }, missing(p, ui.values).length < p.slots.length ? "Roll the rest virtually" : "Roll virtually"),
      cancel ? h("button", { id: "gd-cancel", onclick: cancel }, "Cancel") : null,
    ),
    ui.note ? h("p", { class: "gd-note", role: "alert" }, ui.note) : null,
    upkeepPreview(p),
    h("p", { class: "muted keys" }, "Keys: ", ...GD_KEY_HELP.map(([k, what]) => h("span", {}, h("kbd", {}, k), ` ${what}  `))),
  );
}

function upkeepPreview(p: DicePrompt): HTMLElement | null {
  if (!p.id.endsWith(":event_check") || !isFace(ui.values.first) || !isFace(ui.values.second)) return null;
  const r = upkeepOutcome(g, ui.values.first, ui.values.second);
  const where = r.at ? posWords(r.at) : "";
  const words: Record<UpkeepOutcome, string> = {
    none: "A six: no upkeep this check.",
    reset: `Points at ${where}: it will be reset (face down, to explore again).`,
    skipped_unexplored: `Points at ${where}: unexplored, nothing happens.`,
    skipped_current_room: `Points at ${where}: the hero's room, left alone.`,
    skipped_boss_room: `Points at ${where}: a boss room, never reset.`,
  };
  return h("p", { class: "gd-note", id: "gd-upkeep-preview" }, words[r.outcome]);
}

/** The last roll, one click from being corrected (the original reading stays in the log). */
function correctionPanel(ctx: ScreenCtx, s: GdState): HTMLElement | null {
  const last = undoEntry(ctx.view);
  if (!last) return null;
  const made = promptOfCommand(last.command, s.dice);
  if (!made) return null;
  const { prompt } = made;
  if (!ui.correcting) {
    return h(
      "div",
      { class: "panel row", id: "gd-correct" },
      h("span", {}, `Last roll (${last.source}): ${describeCommand(last.command)}. `),
      h("button", { id: "gd-correct-open", onclick: () => { ui.correcting = true; ui.correctValues = { ...made.values }; ctx.rerender(); } }, "Correct it…"),
    );
  }
  const box = h(
    "div",
    { class: "panel", id: "gd-correct" },
    h("h4", {}, `Correct the last roll: ${describeCommand(last.command)}`),
    ...prompt.slots.map((sl) =>
      h("div", { class: "gd-slot" }, h("span", { class: "label" }, chip(sl.colour), " ", sl.label),
        ...[1, 2, 3, 4, 5, 6].map((v) => h("button", { class: `face${ui.correctValues[sl.key] === v ? " on" : ""}`, "data-correct-slot": sl.key, "data-face": v, onclick: () => { ui.correctValues[sl.key] = v; ctx.rerender(); } }, v))),
    ),
    h("div", { class: "row" },
      h("button", { id: "gd-correct-send", disabled: missing(prompt, ui.correctValues).length > 0, onclick: () => ctx.correct(prompt.build(ui.correctValues)) }, "Replace the last action"),
      h("button", { onclick: () => { ui.correcting = false; ctx.rerender(); } }, "Cancel")),
  );
  return box;
}

export const gdScreen: GameScreen = {
  game: "green-dungeon",
  setupForm,
  board,
  describeCommand,
  describeEvent,
};
