// Step 4 of the Calibration screen, "Game dice": enrol Dungeon Roll's
// dice, Pocket Dungeon Quest's Attack Die or the player's own pip dice by
// clicking dice on stills. The screen (screen.ts) owns the still, the
// canvas and the pointer; this module keeps the examples, draws them and
// renders the panel from what the core says (game-dice.ts has the pure logic).
import { h } from "../dom";
import type { Pt } from "./geometry";
import {
  alreadyLabelled,
  dragRect,
  faceCounts,
  faceForKey,
  faceWords,
  keyForFace,
  listed,
  pickProposal,
  saveBlocker,
  toSave,
  type EnrolTarget,
  type GameExample,
  type KeptStill,
  type Rect,
} from "./game-dice";
import { enrolKeepStill, enrolSave, enrolTargets, errorText } from "./ipc";

/** What the panel needs from the screen. */
export interface Env {
  /** The screen's current still, if any: its frame sequence number and picture. */
  still(): { seq: number; bitmap: ImageBitmap; w: number; h: number } | null;
  /** Re-render the panel and canvas. */
  render(): void;
  /** Whether another step's work is running. */
  busy(): boolean;
}

type Note = { text: string; kind: "info" | "ok" | "error" } | null;

const G = {
  targets: [] as EnrolTarget[],
  kind: "dungeon-roll",
  name: "my-pip-dice",
  /** Kept stills by the screen's frame sequence number. */
  kept: new Map<number, KeptStill>(),
  examples: [] as GameExample[],
  nextId: 1,
  /** The box waiting for its face. */
  pending: null as Rect | null,
  note: null as Note,
  /** Seconds since the enrolment started, while it runs. */
  working: null as number | null,
  loadError: null as string | null,
};

let env: Env;

export function initGameDice(e: Env): void {
  env = e;
  void loadTargets();
}

async function loadTargets(): Promise<void> {
  try {
    G.targets = await enrolTargets();
    const pip = G.targets.find((t) => t.name_free);
    if (pip) G.name = pip.set_name;
    G.loadError = null;
  } catch (e) {
    G.loadError = `Could not ask what can be enrolled: ${errorText(e)}`;
  }
  env.render();
}

function target(): EnrolTarget | null {
  return G.targets.find((t) => t.kind === G.kind) ?? G.targets[0] ?? null;
}

/** The kept still shown now, if the current still was kept. */
function currentKept(): KeptStill | null {
  const st = env.still();
  return st ? G.kept.get(st.seq) ?? null : null;
}

/** Keeps the screen's still for enrolment (after "Take a still" on this step). */
export async function keepStill(): Promise<void> {
  const st = env.still();
  if (!st || G.kept.has(st.seq)) return;
  try {
    const k = await enrolKeepStill();
    G.kept.set(st.seq, k);
    G.pending = null;
    G.note = {
      text: k.proposals.length
        ? `${k.proposals.length} dice proposed on this still: click each die, then its face. Where the dashed box does not hug the die's top face, drag a box round the top face instead: loose boxes read worse.`
        : "No die was proposed on this still: drag a box around each die's top face.",
      kind: "info",
    };
  } catch (e) {
    G.note = { text: errorText(e), kind: "error" };
  }
  env.render();
}

// ------------------------------------------------------------ canvas

export function draw(ctx: CanvasRenderingContext2D, drag: Rect | null): void {
  const k = currentKept();
  const lw = Math.max(1, ctx.canvas.width / 640);
  if (k) {
    ctx.lineWidth = lw;
    ctx.strokeStyle = "rgba(120, 200, 255, 0.8)";
    ctx.setLineDash([4 * lw, 3 * lw]);
    for (const p of k.proposals) ctx.strokeRect(p.rect[0], p.rect[1], p.rect[2] - p.rect[0], p.rect[3] - p.rect[1]);
    ctx.setLineDash([]);
    ctx.font = `${Math.round(12 * lw)}px system-ui, sans-serif`;
    for (const e of G.examples) {
      if (e.still !== k.still || e.kind !== G.kind) continue;
      ctx.strokeStyle = "#5fd35f";
      ctx.lineWidth = 2 * lw;
      ctx.strokeRect(e.rect[0], e.rect[1], e.rect[2] - e.rect[0], e.rect[3] - e.rect[1]);
      ctx.fillStyle = "#5fd35f";
      ctx.fillText(faceWords(e.face), e.rect[0], e.rect[1] - 3 * lw);
    }
  }
  const box = drag ?? G.pending;
  if (box) {
    ctx.strokeStyle = "#ffd24a";
    ctx.lineWidth = 2 * lw;
    ctx.strokeRect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
  }
}

/** A click (no drag) at `p` or a drag from `a` to `b` on the still. */
export function pointer(a: Pt, b: Pt, dragged: boolean): void {
  const k = currentKept();
  const t = target();
  if (!t) return;
  if (!k) {
    G.note = { text: "Take a still on this step first (the button at the top): its dice are proposed for clicking.", kind: "error" };
    env.render();
    return;
  }
  const rect = dragged ? dragRect(a, b) : pickProposal(k.proposals, a);
  if (!rect) {
    G.note = {
      text: dragged ? "That box is too small: drag around the die's whole top face." : "No proposed box here: drag a box around the die's top face.",
      kind: "error",
    };
  } else {
    const dup = alreadyLabelled(G.examples, t.kind, k.still, rect);
    G.pending = rect;
    G.note = dup
      ? { text: `This die is already labelled ${faceWords(dup.face)}; pick a face to add it again, or remove the old one.`, kind: "info" }
      : { text: "Now pick its face (a button, or its key).", kind: "info" };
  }
  env.render();
}

/** Keys 1–9, 0, -, = pick the pending box's face; Escape drops it. True when used. */
export function key(ev: KeyboardEvent): boolean {
  const t = target();
  if (!t || !G.pending) return false;
  if (ev.key === "Escape") {
    G.pending = null;
    env.render();
    return true;
  }
  const face = faceForKey(t, ev.key);
  if (!face) return false;
  label(face);
  return true;
}

/** A small picture of a box, cut from the still shown, for the list. */
function thumbOf(r: Rect): string | null {
  const st = env.still();
  if (!st) return null;
  const c = document.createElement("canvas");
  c.width = 40;
  c.height = 40;
  const ctx = c.getContext("2d");
  if (!ctx) return null;
  ctx.drawImage(st.bitmap, r[0], r[1], r[2] - r[0], r[3] - r[1], 0, 0, 40, 40);
  try {
    return c.toDataURL("image/png");
  } catch {
    return null;
  }
}

function label(face: string): void {
  const k = currentKept();
  const t = target();
  if (!k || !t || !G.pending) return;
  G.examples = [...G.examples, { id: G.nextId++, kind: t.kind, still: k.still, rect: G.pending, face, thumb: thumbOf(G.pending) }];
  G.note = { text: `Added ${faceWords(face)}.`, kind: "ok" };
  G.pending = null;
  env.render();
}

// ------------------------------------------------------------ panel

function noteEl(n: Note): HTMLElement | null {
  return n ? h("p", { class: `cal-note ${n.kind}`, role: n.kind === "error" ? "alert" : "status", id: "gd-note" }, n.text) : null;
}

export function panel(): (HTMLElement | null)[] {
  const t = target();
  const out: (HTMLElement | null)[] = [h("h3", {}, "Game dice")];
  if (G.loadError) return [...out, h("p", { class: "cal-note error" }, G.loadError)];
  if (!t) return [...out, h("p", { class: "muted" }, "Asking what can be enrolled…")];
  const counts = faceCounts(t, G.examples);
  const blocker = saveBlocker(t, G.name, G.examples);
  const busy = env.busy() || G.working !== null;
  const k = currentKept();
  out.push(
    noteEl(G.note),
    h(
      "label",
      { class: "stack" },
      "Dice to enrol",
      h(
        "select",
        {
          id: "gd-kind",
          disabled: busy,
          onchange: (e: Event) => ((G.kind = (e.target as HTMLSelectElement).value), (G.pending = null), (G.note = null), env.render()),
        },
        ...G.targets.map((x) => h("option", { value: x.kind, selected: x.kind === t.kind }, `${x.title}${x.enrolled ? " (enrolled: enrolling again replaces it)" : ""}`)),
      ),
    ),
    t.name_free
      ? h("label", { class: "stack" }, "Set name", h("input", { id: "gd-name", type: "text", value: G.name, onchange: (e: Event) => ((G.name = (e.target as HTMLInputElement).value.trim()), env.render()) }))
      : h("p", { class: "muted" }, `Saved as the set "${t.set_name}", which the game reads its dice with.`),
    h("p", { class: "muted" }, t.hint, " Take a still with the button at the top; several stills may be used."),
    k ? null : h("p", { class: "cal-note info" }, env.still() ? "This still is not used yet: " : "No still yet. ", h("button", { id: "gd-keep", disabled: busy || !env.still(), onclick: () => void keepStill() }, "Use this still")),
    h(
      "fieldset",
      {},
      h("legend", {}, G.pending ? "Face of the yellow box" : "Face (click a die first)"),
      h(
        "div",
        { class: "row", id: "gd-faces" },
        ...t.faces.map((f) => {
          const key = keyForFace(t, f);
          return h("button", { id: `gd-face-${f}`, disabled: !G.pending || busy, onclick: () => label(f), title: key ? `key ${key}` : "" }, key ? `${key} · ${faceWords(f)}` : faceWords(f));
        }),
      ),
    ),
    h(
      "table",
      { class: "list cal-coverage", id: "gd-coverage" },
      h("thead", {}, h("tr", {}, h("th", {}, "Face"), h("th", {}, "Examples"), h("th", {}, "Needed"))),
      h(
        "tbody",
        {},
        ...counts.map((c) =>
          h("tr", {}, h("td", {}, faceWords(c.face)), h("td", { class: c.examples < c.needed ? "missing" : "" }, String(c.examples)), h("td", {}, c.examples < c.needed ? `${c.needed - c.examples} more` : "enough")),
        ),
      ),
    ),
    h(
      "ul",
      { class: "cal-examples", id: "gd-examples" },
      ...listed(t, G.examples).map((e) =>
        h(
          "li",
          {},
          e.thumb ? h("img", { src: e.thumb, alt: "", width: 40, height: 40 }) : null,
          h("span", {}, faceWords(e.face), h("span", { class: "muted" }, ` (still ${e.still})`)),
          h("button", { title: "Remove this example", disabled: busy, onclick: () => ((G.examples = G.examples.filter((x) => x.id !== e.id)), env.render()) }, "Remove"),
        ),
      ),
    ),
    h("p", { class: blocker ? "muted" : "cal-note ok", id: "gd-blocker" }, blocker ?? "Every face has its examples: the dice can be enrolled."),
    G.working !== null ? h("p", { class: "cal-note info", id: "gd-progress", role: "status" }, `Enrolling… ${G.working} s (this takes a few seconds).`) : null,
    h("div", { class: "row" }, h("button", { id: "gd-save", class: "primary", disabled: busy || blocker !== null, onclick: () => void save() }, "Enrol and save")),
  );
  return out;
}

async function save(): Promise<void> {
  const t = target();
  if (!t || G.working !== null) return;
  G.working = 0;
  G.note = null;
  const timer = setInterval(() => {
    if (G.working !== null) G.working += 1;
    const p = document.getElementById("gd-progress");
    if (p) p.textContent = `Enrolling… ${G.working} s (this takes a few seconds).`;
  }, 1000);
  env.render();
  try {
    const r = await enrolSave(t.kind, G.name, toSave(t, G.examples));
    G.note = { text: `${r.summary}. Saved ${r.path}; a game being played reads its dice with it within seconds.`, kind: "ok" };
    G.targets = await enrolTargets();
  } catch (e) {
    G.note = { text: `Not enrolled: ${errorText(e)}`, kind: "error" };
  } finally {
    clearInterval(timer);
    G.working = null;
    env.render();
  }
}

/** The box a drag in progress would give, for drawing. */
export function dragPreview(a: Pt, b: Pt): Rect {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}
