// The Calibration screen: on a still of the live view, (1) calibrate the
// table (find the printed markers, or click four corners), (2) fit the
// target-board geometry to the player's board, (3) enrol their dice, (4)
// enrol a game's six-sided dice by clicking them (game-dice-panel.ts). Each
// step saves into the active profile's folder through the Rust commands in
// src-tauri/src/calibration.rs; the pure parts (geometry, edits, corner
// clicks, face coverage) live beside this file and are unit-tested.
import { fill, h } from "../dom";
import {
  borders,
  dragTo,
  hitTest,
  ringTurn,
  rotateRing,
  scaleBoard,
  setBorder,
  setHoleRadius,
  setSectorBorder,
  moveBoard,
  moveHole,
  type BoardSpec,
  type Handle,
} from "./board-edit";
import { addCorner, badFit, clientToImage, moveCorner, nearestCorner, nextCornerPrompt, parseMm } from "./corners";
import { CLICK_SLOP_PX, coverage, dragBox, DUNGEON_FIGHTER_COLORS, FACES, saveBlocker, toLabelled, type DieExample, type FaceLabel } from "./dice";
import { drawArea, drawBoard, drawBox, drawCorners, drawExamples } from "./draw";
import * as gameDice from "./game-dice-panel";
import { dist, imageToTable, niceStep, type Profile, type Pt } from "./geometry";
import {
  boardCheck,
  boardSave,
  calibrationActive,
  dieSample,
  dieSetSave,
  errorText,
  findMarkers,
  manualProfile,
  saveProfile,
  takeStill,
  type ActiveView,
} from "./ipc";

type Step = "table" | "board" | "dice" | "game";
type Note = { text: string; kind: "info" | "ok" | "error" } | null;

interface Still {
  bitmap: ImageBitmap;
  w: number;
  h: number;
  seq: number;
}

const S = {
  active: null as ActiveView | null,
  still: null as Still | null,
  step: "table" as Step,
  method: "markers" as "markers" | "corners",
  layout: "sheet" as "sheet" | "corners",
  areaW: "600",
  areaH: "600",
  points: [] as Pt[],
  profile: null as Profile | null,
  profileSaved: false,
  board: null as BoardSpec | null,
  boardIssues: [] as { field: string; problem: string }[],
  boardChecked: true,
  examples: [] as DieExample[],
  nextId: 1,
  colors: [...DUNGEON_FIGHTER_COLORS],
  label: { color: "red", face: "icon" as FaceLabel },
  setName: "my-dice",
  edgeMm: "11",
  busy: false,
  /** What the work under way is doing, in words, and since when (ms). */
  busyWhat: "",
  busySince: 0,
  notes: { table: null, board: null, dice: null, game: null } as Record<Step, Note>,
  stillNote: null as Note,
};

let root: HTMLElement;
let canvas: HTMLCanvasElement;
let panel: HTMLElement;
let header: HTMLElement;

/** Pointer gesture in progress on the canvas. */
let gesture: { start: Pt; now: Pt; corner: number; handle: Handle | null; moved: boolean } | null = null;

export function initCalibrationScreen(): void {
  const el = document.getElementById("calibration-root");
  if (!el) return;
  root = el;
  header = h("div", { class: "cal-head" });
  canvas = h("canvas", { id: "cal-canvas", width: 640, height: 360, "aria-label": "Still of the table with the calibration drawn on it" });
  panel = h("div", { class: "cal-panel" });
  const stage = h("div", { class: "cal-stage" }, canvas);
  fill(root, header, h("div", { class: "cal-layout" }, stage, panel));
  canvas.addEventListener("pointerdown", onDown);
  canvas.addEventListener("pointermove", onMove);
  canvas.addEventListener("pointerup", onUp);
  canvas.addEventListener("pointercancel", () => ((gesture = null), redraw()));
  document.addEventListener("keydown", (ev) => {
    if (S.step !== "game" || !root.isConnected || root.offsetParent === null) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (gameDice.key(ev)) ev.preventDefault();
  });
  gameDice.initGameDice({ still: () => S.still, render, busy: () => S.busy });
  void reload();
}

async function reload(): Promise<void> {
  try {
    S.active = await calibrationActive();
    S.profile = S.active.profile;
    S.profileSaved = S.profile !== null;
    S.board = S.active.board;
    if (S.profile) {
      S.areaW = String(S.profile.area_mm[0]);
      S.areaH = String(S.profile.area_mm[1]);
    }
  } catch (e) {
    S.stillNote = { text: `Could not read the saved calibration: ${errorText(e)}`, kind: "error" };
  }
  render();
}

function note(step: Step, text: string, kind: "info" | "ok" | "error" = "info"): void {
  S.notes[step] = { text, kind };
}

// ------------------------------------------------------------ rendering

function render(): void {
  renderHeader();
  renderPanel();
  redraw();
}

function noteEl(n: Note): HTMLElement | null {
  return n ? h("p", { class: `cal-note ${n.kind}`, role: n.kind === "error" ? "alert" : "status" }, n.text) : null;
}

function renderHeader(): void {
  const a = S.active;
  const saved = a?.profile
    ? `Saved calibration: ${a.profile_path} (${a.profile.method.kind === "manual" ? "four clicked corners" : "ArUco markers"}, rms ${a.profile.rms_error_mm.toFixed(2)} mm${a.profile.board ? `, board ${a.profile.board.geometry}` : ""}).`
    : a
      ? `No calibration saved yet; it will be saved to ${a.profile_path}.`
      : "Reading the saved calibration…";
  const stepBtn = (s: Step, text: string) =>
    h("button", { class: "cal-step", "aria-pressed": String(S.step === s), id: `cal-step-${s}`, onclick: () => ((S.step = s), (gesture = null), render()) }, text);
  fill(
    header,
    h(
      "div",
      { class: "row" },
      h("button", { id: "cal-take-still", class: "primary", disabled: S.busy, onclick: onTakeStill }, S.still ? "Take a new still" : "Take a still"),
      h("span", { class: "muted", id: "cal-still-info" }, S.still ? `Still: frame ${S.still.seq}, ${S.still.w}×${S.still.h}` : "No still yet: the steps below work on a still of the live view."),
    ),
    noteEl(S.stillNote),
    a?.profile_error ? h("p", { class: "cal-note error" }, `The saved calibration cannot be used: ${a.profile_error}`) : null,
    a?.board_error ? h("p", { class: "cal-note error" }, `The saved board cannot be used (the default is shown): ${a.board_error}`) : null,
    h("p", { class: "muted cal-saved" }, saved),
    h("div", { class: "cal-steps", role: "group", "aria-label": "Calibration steps" }, stepBtn("table", "1 · Table"), stepBtn("board", "2 · Board"), stepBtn("dice", "3 · Dice"), stepBtn("game", "4 · Game dice")),
  );
}

function renderPanel(): void {
  const [title, ...rest] = S.step === "table" ? tablePanel() : S.step === "board" ? boardPanel() : S.step === "dice" ? dicePanel() : gameDice.panel();
  // The step's latest message goes right under its title, where the player looks.
  fill(panel, title, busyEl(), noteEl(S.notes[S.step]), ...rest);
}

function redraw(): void {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const st = S.still;
  const w = st?.w ?? S.profile?.image_size?.[0] ?? 640;
  const hh = st?.h ?? S.profile?.image_size?.[1] ?? 360;
  if (canvas.width !== w || canvas.height !== hh) (canvas.width = w), (canvas.height = hh);
  ctx.fillStyle = "#0d0f11";
  ctx.fillRect(0, 0, w, hh);
  if (st) ctx.drawImage(st.bitmap, 0, 0);
  else {
    ctx.fillStyle = "#9aa3ad";
    ctx.font = `${Math.round(w / 40)}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.fillText("Press “Take a still” to work on the newest frame of the live view.", w / 2, hh / 2);
  }
  if (S.step === "table") {
    if (S.method === "corners") drawCorners(ctx, S.points);
    if (S.profile) drawArea(ctx, S.profile);
  } else if (S.step === "board") {
    if (S.profile && S.board) drawBoard(ctx, S.profile, S.board, gesture?.handle ?? null);
  } else if (S.step === "game") {
    gameDice.draw(ctx, gesture && gesture.moved ? gameDice.dragPreview(gesture.start, gesture.now) : null);
  } else {
    drawExamples(ctx, S.examples, st?.seq ?? null);
    if (gesture && gesture.moved) drawBox(ctx, dragBox(gesture.start, gesture.now));
  }
}

// ------------------------------------------------------------ step 1: table

function sizeInputs(): HTMLElement {
  const inp = (id: string, key: "areaW" | "areaH", label: string) =>
    h("label", { class: "stack" }, label, h("input", { id, type: "number", min: 1, step: 1, value: S[key], oninput: (e: Event) => (S[key] = (e.target as HTMLInputElement).value) }));
  return h("div", { class: "row" }, inp("cal-area-w", "areaW", "Width (mm)"), inp("cal-area-h", "areaH", "Height (mm)"));
}

function areaSize(): Pt | null {
  const w = parseMm(S.areaW), hh = parseMm(S.areaH);
  return w !== null && hh !== null ? [w, hh] : null;
}

function tablePanel(): (HTMLElement | null)[] {
  const radio = (value: "markers" | "corners", text: string) =>
    h("label", {}, h("input", { type: "radio", name: "cal-method", value, checked: S.method === value, onchange: () => ((S.method = value), render()) }), " ", text);
  const out: (HTMLElement | null)[] = [h("h3", {}, "Table calibration"), h("div", { class: "row" }, radio("markers", "Find the printed markers"), radio("corners", "Click four corners"))];
  if (S.method === "markers") {
    out.push(
      h("p", { class: "muted" }, "Print the sheet with ", h("code", {}, "warden calibration sheet"), " at 100 %. Lay the whole sheet on the table, or cut the four markers out and centre them on the corners of the play area (id 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left)."),
      h(
        "label",
        { class: "stack" },
        "How the markers lie",
        h(
          "select",
          { id: "cal-layout", onchange: (e: Event) => ((S.layout = (e.target as HTMLSelectElement).value as "sheet" | "corners"), render()) },
          h("option", { value: "sheet", selected: S.layout === "sheet" }, "Whole sheet on the table (table mm = page mm)"),
          h("option", { value: "corners", selected: S.layout === "corners" }, "Cut-out markers on the corners of an area"),
        ),
      ),
      S.layout === "corners" ? sizeInputs() : null,
      h("div", { class: "row" }, h("button", { id: "cal-find", class: "primary", disabled: S.busy || !S.still, onclick: onFindMarkers }, "Find markers")),
    );
  } else {
    const prompt = nextCornerPrompt(S.points);
    out.push(
      h("p", { id: "cal-corner-prompt" }, prompt ?? "All four corners placed. Drag a point to move it, enter the area's size and compute."),
      sizeInputs(),
      h(
        "div",
        { class: "row" },
        h("button", { id: "cal-undo-point", disabled: S.points.length === 0, onclick: () => ((S.points = S.points.slice(0, -1)), render()) }, "Undo last point"),
        h("button", { id: "cal-clear-points", disabled: S.points.length === 0, onclick: () => ((S.points = []), render()) }, "Clear"),
        h("button", { id: "cal-compute", class: "primary", disabled: S.busy || S.points.length !== 4 || !S.still, onclick: onManual }, "Compute"),
      ),
    );
  }
  const p = S.profile;
  if (p) {
    out.push(
      h(
        "div",
        { class: "panel cal-result", id: "cal-result" },
        h("h4", {}, S.profileSaved ? "Saved calibration" : "New calibration (not saved)"),
        h("p", {}, `Method: ${p.method.kind === "manual" ? "four clicked corners" : `ArUco markers (${p.method.layout === "sheet" ? "whole sheet" : "cut-out corners"}, ids ${p.method.marker_ids.join(", ")})`}`),
        h("p", {}, `Area: ${p.area_mm[0]} × ${p.area_mm[1]} mm, ${p.image_points.length} points; grid lines every ${niceStep(p.area_mm)} mm`),
        h("p", { id: "cal-rms" }, `RMS error: ${p.rms_error_mm.toFixed(3)} mm`, p.image_points.length === 4 ? " (exactly four points always fit: check the drawn grid lies on the table)" : ""),
        fitWarning(p) ? h("p", { class: "cal-note error", id: "cal-fit-warning" }, fitWarning(p)) : null,
        p.image_size && S.still && (p.image_size[0] !== S.still.w || p.image_size[1] !== S.still.h)
          ? h("p", { class: "cal-note error" }, `Made for ${p.image_size[0]}×${p.image_size[1]} frames but the still is ${S.still.w}×${S.still.h}: recalibrate.`)
          : null,
        h("button", { id: "cal-save", class: "primary", disabled: S.busy || S.profileSaved, onclick: onSaveProfile }, S.profileSaved ? "Saved" : "Save"),
      ),
    );
  }
  return out;
}

function fitWarning(p: Profile): string | null {
  return badFit(p.rms_error_mm, p.image_points.length)
    ? `The markers do not sit where the chosen layout puts them (RMS ${p.rms_error_mm.toFixed(1)} mm): check "How the markers lie" and that the sheet was printed at 100 %.`
    : null;
}

/** The work under way, said with the seconds it has taken (ticks once a second). */
function busyEl(): HTMLElement | null {
  if (!S.busy || !S.busyWhat) return null;
  return h("p", { class: "cal-note info", id: "cal-busy", role: "status" }, busyText());
}

function busyText(): string {
  return `${S.busyWhat}… ${Math.floor((Date.now() - S.busySince) / 1000)} s`;
}

/** [`busy`], saying what the work is while it runs. */
function busyAs(what: string, step: Step, work: () => Promise<void>): Promise<void> {
  return busy(step, work, what);
}

async function busy(step: Step, work: () => Promise<void>, what = "Working"): Promise<void> {
  if (S.busy) return;
  S.busy = true;
  S.busyWhat = what;
  S.busySince = Date.now();
  render();
  const tick = setInterval(() => {
    const el = document.getElementById("cal-busy");
    if (el) el.textContent = busyText();
  }, 1000);
  try {
    await work();
  } catch (e) {
    note(step, errorText(e), "error");
  } finally {
    clearInterval(tick);
    S.busy = false;
    S.busyWhat = "";
    render();
  }
}

async function onTakeStill(): Promise<void> {
  if (S.busy) return;
  S.busy = true;
  render();
  try {
    const f = await takeStill();
    if (!f) throw new Error("The camera sent no frame.");
    const bitmap = await createImageBitmap(new Blob([f.jpeg], { type: "image/jpeg" }));
    S.still = { bitmap, w: f.width, h: f.height, seq: f.seq };
    S.stillNote = null;
  } catch (e) {
    S.stillNote = { text: errorText(e), kind: "error" };
  } finally {
    S.busy = false;
    render();
  }
  if (S.step === "game") await gameDice.keepStill();
}

function onFindMarkers(): Promise<void> {
  return busyAs("Finding the markers and fitting the board", "table", async () => {
    let layout: { kind: "sheet" } | { kind: "corners"; size_mm: Pt } = { kind: "sheet" };
    if (S.layout === "corners") {
      const size = areaSize();
      if (!size) throw new Error("Enter the area's width and height in mm (positive numbers).");
      layout = { kind: "corners", size_mm: size };
    }
    S.profile = await findMarkers(layout);
    S.profileSaved = false;
    note("table", `Markers found. RMS error ${S.profile.rms_error_mm.toFixed(3)} mm. Check the grid lies on the table, then save.`, "ok");
  });
}

function onManual(): Promise<void> {
  return busyAs("Fitting the board to the four corners", "table", async () => {
    const size = areaSize();
    if (!size) throw new Error("Enter the area's width and height in mm (positive numbers).");
    S.profile = await manualProfile(S.points, size);
    S.profileSaved = false;
    note("table", "Calibration computed from the four corners. Check the grid lies on the table, then save.", "ok");
  });
}

function onSaveProfile(): Promise<void> {
  return busyAs("Saving the calibration", "table", async () => {
    if (!S.profile) return;
    const r = await saveProfile(S.profile);
    const fresh = await calibrationActive();
    S.active = fresh;
    S.profile = fresh.profile;
    S.board = fresh.board;
    S.profileSaved = true;
    note("table", `Saved to ${r.path}.${r.kept_board ? ` The fitted board (${r.kept_board}) is kept; refit it if the board moved.` : ""} The live view uses it from the next frame.`, "ok");
  });
}

// ------------------------------------------------------------ step 2: board

let checkTimer: ReturnType<typeof setTimeout> | undefined;

/** Re-validates with tw-board shortly after the last edit. */
function scheduleCheck(): void {
  S.boardChecked = false;
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    if (!S.board) return;
    try {
      S.boardIssues = await boardCheck(S.board);
    } catch (e) {
      S.boardIssues = [{ field: "(check)", problem: errorText(e) }];
    }
    S.boardChecked = true;
    renderIssues();
  }, 150);
}

function renderIssues(): void {
  const box = document.getElementById("cal-board-issues");
  if (!box) return;
  if (!S.boardChecked) fill(box, h("p", { class: "muted" }, "Checking…"));
  else if (S.boardIssues.length === 0) fill(box, h("p", { class: "cal-note ok" }, "The geometry is valid."));
  else
    fill(
      box,
      h("p", { class: "cal-note error" }, `${S.boardIssues.length} problem${S.boardIssues.length === 1 ? "" : "s"}:`),
      h("ul", { class: "cal-issues" }, ...S.boardIssues.map((i) => h("li", {}, h("code", {}, i.field), " ", i.problem))),
    );
  const save = document.getElementById("cal-board-save") as HTMLButtonElement | null;
  if (save) save.disabled = S.busy || !S.boardChecked || S.boardIssues.length > 0;
}

/** Applies an edit from a numeric field: redraw and re-check, no panel rebuild (keeps focus). */
function edit(next: BoardSpec): void {
  S.board = next;
  S.notes.board = null;
  redraw();
  scheduleCheck();
}

function num(id: string, value: number, step: number, onValue: (v: number) => void, label: string): HTMLElement {
  return h(
    "label",
    { class: "stack num" },
    label,
    h("input", {
      id,
      type: "number",
      step,
      value: String(Math.round(value * 1000) / 1000),
      oninput: (e: Event) => {
        const v = Number((e.target as HTMLInputElement).value);
        if ((e.target as HTMLInputElement).value.trim() !== "" && Number.isFinite(v)) onValue(v);
      },
    }),
  );
}

function boardPanel(): (HTMLElement | null)[] {
  const b = S.board;
  const out: (HTMLElement | null)[] = [h("h3", {}, "Board fitting")];
  if (!S.profile) {
    out.push(h("p", { class: "cal-note error" }, "Calibrate the table first (step 1): the board is drawn and placed through the calibration."));
    return out;
  }
  if (!b) return out;
  out.push(
    h("p", { class: "muted" }, `${b.name} — from ${S.active?.board_source === "default" ? "the shipped default" : S.active?.board_source}. Drag a hole, the centre cross, a ring or a sector border on the still, or type the numbers.`),
    h(
      "div",
      { class: "row" },
      h("button", { id: "cal-board-default", onclick: () => (calibrationDefault(), undefined) }, "Start from the default"),
      h("button", { title: "Everything 1 % smaller", onclick: () => ((S.board = scaleBoard(b, 0.99)), scheduleCheck(), render()) }, "Scale −1 %"),
      h("button", { title: "Everything 1 % larger", onclick: () => ((S.board = scaleBoard(b, 1.01)), scheduleCheck(), render()) }, "Scale +1 %"),
    ),
    // Validity and saving stay at the top, in view while the numbers below are edited.
    h("div", { id: "cal-board-issues", class: "cal-issues-box" }),
    h("div", { class: "row" }, h("button", { id: "cal-board-save", class: "primary", onclick: onSaveBoard }, "Save board")),
    h("h4", {}, "Centre (moves the whole target)"),
    h("div", { class: "row" }, num("cal-centre-x", b.centre_mm[0], 0.5, (v) => edit(moveBoard(S.board!, [v, S.board!.centre_mm[1]])), "x mm"), num("cal-centre-y", b.centre_mm[1], 0.5, (v) => edit(moveBoard(S.board!, [S.board!.centre_mm[0], v])), "y mm")),
    h("h4", {}, "Ring radii (mm)"),
    h("div", { class: "row" }, ...borders(b).map((bd, i) => num(`cal-border-${i}`, bd.radius, 0.5, (v) => edit(setBorder(S.board!, i, v)), bd.label))),
    h("h4", {}, "Sector angles (°, from +x towards +y)"),
  );
  b.rings.forEach((ring, ri) => {
    if (ring.sectors.length < 2) return;
    out.push(
      h(
        "details",
        { class: "cal-ring" },
        h("summary", {}, `${ring.name}: ${ring.sectors.length} sectors, turn `, h("span", { id: `cal-turn-label-${ri}` }, `${ringTurn(b, ri).toFixed(1)}°`)),
        h(
          "div",
          { class: "row" },
          num(`cal-turn-${ri}`, ringTurn(b, ri), 0.5, (v) => {
            edit(rotateRing(S.board!, ri, v - ringTurn(S.board!, ri)));
            const l = document.getElementById(`cal-turn-label-${ri}`);
            if (l) l.textContent = `${ringTurn(S.board!, ri).toFixed(1)}°`;
          }, "Turn (first border)"),
        ),
        h("div", { class: "row" }, ...ring.sectors.map((s, k) => num(`cal-sector-${ri}-${k}`, s.from_deg, 0.5, (v) => edit(setSectorBorder(S.board!, ri, k, v)), `${s.name} starts`))),
      ),
    );
  });
  out.push(
    h("h4", {}, "Holes"),
    ...b.holes.map((hole, i) =>
      h(
        "div",
        { class: "row" },
        h("span", { class: "cal-hole-name" }, hole.name),
        num(`cal-hole-${i}-x`, hole.centre_mm[0], 0.5, (v) => edit(moveHole(S.board!, i, [v, S.board!.holes[i].centre_mm[1]])), "x mm"),
        num(`cal-hole-${i}-y`, hole.centre_mm[1], 0.5, (v) => edit(moveHole(S.board!, i, [S.board!.holes[i].centre_mm[0], v])), "y mm"),
        num(`cal-hole-${i}-r`, hole.radius_mm, 0.5, (v) => edit(setHoleRadius(S.board!, i, v)), "radius"),
      ),
    ),
  );
  queueMicrotask(renderIssues);
  return out;
}

function calibrationDefault(): void {
  if (!S.active) return;
  S.board = S.active.default_board;
  note("board", "Started from the shipped default; save to replace your fitted board.", "info");
  scheduleCheck();
  render();
}

function onSaveBoard(): Promise<void> {
  return busyAs("Saving the board", "board", async () => {
    if (!S.board) return;
    const issues = await boardCheck(S.board);
    S.boardIssues = issues;
    if (issues.length) throw new Error(`Not saved: ${issues.map((i) => `${i.field}: ${i.problem}`).join("; ")}`);
    const r = await boardSave(S.board);
    S.active = await calibrationActive();
    S.profile = S.active.profile;
    S.profileSaved = true;
    note("board", `Saved ${r.board_path} and linked it from ${r.profile_path}. The live view rules landings with it from the next frame.`, "ok");
  });
}

// ------------------------------------------------------------ step 3: dice

function dicePanel(): (HTMLElement | null)[] {
  const colors = S.active?.colors ?? ["red", "green", "blue", "white", "black", "yellow", "purple", "orange"];
  const edge = parseMm(S.edgeMm);
  const blocker = saveBlocker(S.setName, edge, S.examples, S.colors);
  const cov = coverage(S.examples, S.colors);
  return [
    h("h3", {}, "Die set enrolment"),
    h("p", { class: "muted" }, "Put one die on the table, take a still, choose its colour and whether its top face shows the icon, then click the middle of its top face (or drag a box around it). Repeat until every face of every colour is shown; more examples per face read better."),
    h(
      "fieldset",
      {},
      h("legend", {}, "Your dice"),
      h("div", { class: "row" }, ...colors.map((c) => h("label", {}, h("input", { type: "checkbox", id: `cal-own-${c}`, checked: S.colors.includes(c), onchange: (e: Event) => {
        S.colors = (e.target as HTMLInputElement).checked ? [...S.colors, c] : S.colors.filter((x) => x !== c);
        render();
      } }), " ", c))),
      h(
        "div",
        { class: "row" },
        h("label", { class: "stack" }, "Set name", h("input", { id: "cal-set-name", type: "text", value: S.setName, onchange: (e: Event) => ((S.setName = (e.target as HTMLInputElement).value.trim()), render()) })),
        h("label", { class: "stack" }, "Edge (mm)", h("input", { id: "cal-edge", type: "number", step: 0.1, value: S.edgeMm, onchange: (e: Event) => ((S.edgeMm = (e.target as HTMLInputElement).value), render()) })),
      ),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, "Label for the next die"),
      h("div", { class: "row" }, ...S.colors.map((c) => h("button", { class: `cal-color die-${c} ${S.label.color === c ? "on" : ""}`, "aria-pressed": String(S.label.color === c), onclick: () => ((S.label.color = c), render()) }, c))),
      h("div", { class: "row" }, ...FACES.map((f) => h("button", { class: S.label.face === f ? "on" : "", "aria-pressed": String(S.label.face === f), id: `cal-face-${f}`, onclick: () => ((S.label.face = f), render()) }, f === "icon" ? "Icon face" : "Blank face"))),
    ),
    h(
      "table",
      { class: "list cal-coverage", id: "cal-coverage" },
      h("thead", {}, h("tr", {}, h("th", {}, "Colour"), h("th", {}, "Icon"), h("th", {}, "Blank"))),
      h("tbody", {}, ...cov.map((c) => h("tr", {}, h("td", {}, c.color), h("td", { class: c.icon ? "" : "missing" }, c.icon ? String(c.icon) : "missing"), h("td", { class: c.blank ? "" : "missing" }, c.blank ? String(c.blank) : "missing")))),
    ),
    h(
      "ul",
      { class: "cal-examples", id: "cal-examples" },
      ...S.examples.map((e) =>
        h(
          "li",
          {},
          e.thumb ? h("img", { src: e.thumb, alt: "", width: 40, height: 40 }) : null,
          h("span", {}, `${e.color} ${e.face}`, h("span", { class: "muted" }, ` (${e.method === "fit" ? "found" : "box"}${S.colors.includes(e.color) ? "" : ", colour not ticked"})`)),
          h("button", { title: "Remove this example", onclick: () => ((S.examples = S.examples.filter((x) => x.id !== e.id)), render()) }, "Remove"),
        ),
      ),
    ),
    h("p", { class: blocker ? "muted" : "cal-note ok", id: "cal-dice-blocker" }, blocker ?? "Every face is shown: the set can be saved."),
    h("div", { class: "row" }, h("button", { id: "cal-dice-save", class: "primary", disabled: S.busy || blocker !== null, onclick: onSaveDice }, "Save die set")),
    S.active ? h("p", { class: "muted" }, `Saved in ${S.active.dice_sets_dir}${S.active.dice_sets.length ? ` (already there: ${S.active.dice_sets.join(", ")})` : ""}.`) : null,
  ];
}

/** A 40×40 picture of the measured face, cut from the still, for the list. */
function thumbOf(corners: Pt[]): string | null {
  const st = S.still;
  if (!st || corners.length === 0) return null;
  const xs = corners.map((p) => p[0]), ys = corners.map((p) => p[1]);
  const x0 = Math.max(0, Math.min(...xs)), y0 = Math.max(0, Math.min(...ys));
  const w = Math.min(st.w, Math.max(...xs)) - x0, hh = Math.min(st.h, Math.max(...ys)) - y0;
  if (!(w > 1 && hh > 1)) return null;
  const c = document.createElement("canvas");
  c.width = 40;
  c.height = 40;
  const ctx = c.getContext("2d");
  if (!ctx) return null;
  ctx.drawImage(st.bitmap, x0, y0, w, hh, 0, 0, 40, 40);
  try {
    return c.toDataURL("image/png");
  } catch {
    return null;
  }
}

function onSample(pick: { kind: "click"; at: Pt } | { kind: "box"; rect: [number, number, number, number] }): Promise<void> {
  return busyAs("Measuring the die", "dice", async () => {
    const edge = parseMm(S.edgeMm);
    if (edge === null) throw new Error("Give the dice's edge length in mm first.");
    if (!S.colors.includes(S.label.color)) throw new Error("Tick the colour of this die first.");
    const s = await dieSample(pick, S.profile, S.board, edge);
    const e: DieExample = { ...s, id: S.nextId++, color: S.label.color, face: S.label.face, thumb: thumbOf(s.corners), still: S.still?.seq ?? null };
    S.examples = [...S.examples, e];
    note("dice", `Added ${e.color} ${e.face} (${s.method === "fit" ? "die found and its top face fitted" : "box measured"}).`, "ok");
  });
}

function onSaveDice(): Promise<void> {
  return busyAs("Enrolling the die set", "dice", async () => {
    const edge = parseMm(S.edgeMm);
    if (edge === null) return;
    const r = await dieSetSave(S.setName, edge, toLabelled(S.examples, S.colors), S.colors);
    S.active = await calibrationActive();
    const use = r.linked
      ? " The live view reads dice with it from the next frame."
      : " To read dice with it in the live view, fit and save the board (step 2), then save the set again.";
    note("dice", `Saved ${r.path}: ${r.prototypes.map(([c, f, n]) => `${c} ${f} ×${n}`).join(", ")}.${use}`, "ok");
  });
}

// ------------------------------------------------------------ pointer

function imagePoint(ev: PointerEvent): Pt | null {
  const w = canvas.width, hh = canvas.height;
  return clientToImage(ev.clientX, ev.clientY, canvas.getBoundingClientRect(), w, hh);
}

/** Pixels per board millimetre near `px`, so grab tolerances feel the same at any zoom. */
function pxPerMm(p: Profile, px: Pt): number {
  const a = imageToTable(p, px), b = imageToTable(p, [px[0] + 10, px[1]]);
  return a && b ? 10 / Math.max(dist(a, b), 1e-6) : 1;
}

/** Whether a press at still pixel `p` would grab something (for the cursor). */
function hoverHandle(p: Pt): boolean {
  if (S.step === "table" && S.method === "corners") return nearestCorner(S.points, p, 12 * Math.max(1, canvas.width / 640)) >= 0;
  if (S.step !== "board" || !S.profile || !S.board) return false;
  const mm = imageToTable(S.profile, p);
  return !!mm && hitTest(S.board, mm, grabTolMm(S.profile, p)) !== null;
}

/** Grab slack in board mm: about 8 screen-independent still pixels at 640 px wide. */
function grabTolMm(p: Profile, px: Pt): number {
  return (8 / pxPerMm(p, px)) * Math.max(1, canvas.width / 640);
}

function onDown(ev: PointerEvent): void {
  if (!S.still || S.busy) return;
  const p = imagePoint(ev);
  if (!p) return;
  let corner = -1;
  let handle: Handle | null = null;
  if (S.step === "table" && S.method === "corners") corner = nearestCorner(S.points, p, 12 * Math.max(1, canvas.width / 640));
  if (S.step === "board" && S.profile && S.board) {
    const mm = imageToTable(S.profile, p);
    if (mm) handle = hitTest(S.board, mm, grabTolMm(S.profile, p));
    if (!handle) return;
  }
  canvas.setPointerCapture?.(ev.pointerId);
  gesture = { start: p, now: p, corner, handle, moved: false };
  redraw();
}

function onMove(ev: PointerEvent): void {
  const p = imagePoint(ev);
  if (!gesture) {
    canvas.style.cursor = p && hoverHandle(p) ? "grab" : "crosshair";
    return;
  }
  if (!p) return;
  gesture.now = p;
  if (dist(p, gesture.start) > CLICK_SLOP_PX) gesture.moved = true;
  if (S.step === "table" && gesture.corner >= 0 && gesture.moved) {
    S.points = moveCorner(S.points, gesture.corner, p);
  } else if (S.step === "board" && gesture.handle && S.profile && S.board) {
    const mm = imageToTable(S.profile, p);
    if (mm) S.board = dragTo(S.board, gesture.handle, mm);
  }
  redraw();
}

function onUp(ev: PointerEvent): void {
  const g = gesture;
  gesture = null;
  if (!g) return;
  const p = imagePoint(ev) ?? g.now;
  if (S.step === "table" && S.method === "corners") {
    if (g.corner < 0 && !g.moved) S.points = addCorner(S.points, p);
    render();
  } else if (S.step === "board") {
    scheduleCheck();
    render();
  } else if (S.step === "game") {
    gameDice.pointer(g.start, p, g.moved);
  } else if (S.step === "dice") {
    void onSample(g.moved ? { kind: "box", rect: dragBox(g.start, p) } : { kind: "click", at: g.start });
  }
}
