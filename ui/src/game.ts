// The Game screen: start or resume a saved game and play it. Dungeon Fighter
// has its own board (monster, heroes, chest, dice left, throw panel, phase
// buttons, one-click corrections, throw log); the other engines get a JSON
// view until their editors exist. Every action goes to the Rust side, which
// saves it before answering, so the screen only ever shows saved state.
// The pure parts (state → view, throw → command, keys) are in df-model.ts.
import {
  campaignCheck,
  campaignNew,
  errorText,
  gameCorrect,
  gameDo,
  gameFix,
  gameLast,
  gameList,
  gameNew,
  gameObserve,
  gameSetupOptions,
  gameState,
  gamesList,
  gameUndo,
  type GameInfo,
  type GameView,
} from "./game-ipc";
import { asDfOptions, partyLegend, soloLabel } from "./setup-options";
import {
  abilityChoices,
  correctedThrow,
  correctionSections,
  defaultDie,
  describeCommand,
  describeEvent,
  feedbackOf,
  dfSetup,
  dfView,
  DICE,
  KEY_HELP,
  keyAction,
  parseRefusal,
  SECTIONS,
  throwCommand,
  throwOf,
  words,
  type DfView,
  type DieName,
  type Face,
  type SectionName,
} from "./df-model";
import { fill, h } from "./dom";
import { campaignStep, continueLabel, savedGameCells } from "./campaign-model";
import { cardFill, fillOffer, labelOf, offerFields } from "./template-form";
import { fixedSeqs, fixesFor, sourceWords, undoEntry, undoneSeqs } from "./undo-entry";
import { currentStatus, lastThrowEvent, onGameChanged, onThrow, outcomeText, tableDice } from "./camera-feed";
import { gameSnapshot, pairDice, type Offer } from "./game-ipc";
import type { GameScreen, ScreenCtx } from "./screens/plugin";
import { SCREENS } from "./screens/registry";
import { notesFor, playNotes, soundOn } from "./feedback-sound";

/** The dedicated screen of `game`, when it has one besides Dungeon Fighter's. */
function screenOf(game: string): GameScreen | undefined {
  return SCREENS.find((s) => s.game === game);
}

const SECTION_LABEL: Record<SectionName, string> = {
  "1": "1", "2": "2", "3": "3", "4": "4", "5": "5",
  bullseye: "Bullseye", hole: "Hole", web: "Web", bone: "Bone", outside: "Outside",
};

interface Ui {
  root: HTMLElement;
  start: HTMLElement;
  play: HTMLElement;
  games: GameInfo[];
  /** Each game's setup options by engine name, as its engine declares them. */
  options: Record<string, unknown>;
  view: GameView | null;
  die: DieName | null;
  face: Face;
  noBounce: boolean;
  requirementFailed: boolean;
  /** The last error (shown until the next successful action). */
  error: string | null;
  busy: boolean;
  /** What the camera last said it could not do (shown until the next action). */
  cameraNote: string | null;
  /** Snapshots of log entries already fetched, by "session:seq". */
  snapshots: Map<string, string | null>;
  /** The command form a phase button opened (a card to enter, an ability's target). */
  /** `typed`: what the player has typed so far, kept when a camera throw redraws the screen. */
  form: { label: string; offer: Offer; typed?: Map<string, string | boolean> } | null;
  /** The game and campaign the next start view preselects (the Campaign screen's "New game in this campaign"). */
  preset: { game: string; campaign: string } | null;
}

let ui: Ui | null = null;

/** Builds the Game screen inside `#game-root`. Call once at start-up. */
export function initGameScreen(): void {
  const root = document.getElementById("game-root");
  if (!root) return;
  const start = h("div", { class: "game-start", id: "game-start" });
  const play = h("div", { class: "game-play", id: "game-play", hidden: true });
  fill(root, start, play);
  ui = { root, start, play, games: [], options: {}, view: null, die: null, face: "blank", noBounce: false, requirementFailed: false, error: null, busy: false, cameraNote: null, snapshots: new Map(), form: null, preset: null };
  document.addEventListener("keydown", onKey);
  // The core plays every finished throw into the game being played and
  // says what became of it; the panel shows every throw, with why one did
  // not count. Only the panel is redrawn, so nothing being typed is lost.
  onThrow((e) => {
    if (ui) ui.cameraNote = outcomeText(e);
    document.getElementById("df-camera")?.replaceWith(cameraPanel());
  });
  // A throw the core applied changes the open game: show it as it stands.
  onGameChanged((v) => {
    const u = ui;
    if (!u || !u.view || u.view.session !== v.session || v.last_seq < u.view.last_seq) return;
    u.view = v;
    if (!u.busy) renderPlay();
  });
  void loadStart();
}

/** Open saved game `id` on the Game screen (the Campaign screen's Resume). */
export async function resumeGame(id: number): Promise<void> {
  if (!ui) return;
  await act(() => gameState(id));
  document.getElementById("tab-game")?.click();
}

/** Show the start view with `game` chosen and `campaign` filled in (the Campaign screen's "New game in this campaign"). */
export function newGameIn(game: string, campaign: string): void {
  if (!ui) return;
  if (ui.view) {
    ui.view = null;
    ui.error = null;
    renderPlay();
  }
  ui.preset = { game, campaign };
  void renderStart();
  document.getElementById("tab-game")?.click();
}

/**
 * Hand a camera reading of one settled die (the `warden read` JSON of a die)
 * to the open game. An uncertain reading is put to the player, not guessed.
 */
export async function submitCameraReading(reading: unknown): Promise<void> {
  const v = ui?.view;
  if (!v || v.game !== "dungeon-fighter") return;
  await act(() => gameObserve(v.session, reading));
}


async function loadStart(): Promise<void> {
  if (!ui) return;
  const u = ui;
  try {
    u.games = await gamesList();
    const options = await Promise.all(u.games.map((g) => gameSetupOptions(g.name)));
    u.options = Object.fromEntries(u.games.map((g, i) => [g.name, options[i]]));
  } catch (e) {
    fill(u.start, h("p", { class: "banner error" }, `The game list could not be loaded: ${errorText(e)}`));
    return;
  }
  renderStart();
}

async function renderStart(): Promise<void> {
  if (!ui) return;
  const u = ui;
  const preset = u.preset;
  u.preset = null;
  const gameSel = h("select", { id: "game-choice", "aria-label": "Game" }, ...u.games.map((g) => h("option", { value: g.name }, g.title)));
  if (preset && u.games.some((g) => g.name === preset.game)) gameSel.value = preset.game;
  const setupBox = h("div", { class: "game-setup" });
  const showSetup = () => fill(setupBox, setupForm(gameSel.value, preset?.game === gameSel.value ? preset.campaign : ""));
  gameSel.addEventListener("change", showSetup);
  showSetup();
  const saved = h("div", { class: "game-saved" }, h("p", { class: "muted" }, "Loading saved games…"));
  const resume = h("div", { class: "game-continue" });
  fill(
    u.start,
    resume,
    h("div", { class: "game-new panel" }, h("h3", {}, "New game"), h("label", {}, "Game ", gameSel), setupBox),
    h("div", { class: "panel" }, h("h3", {}, "Saved games"), saved),
  );
  try {
    const [list, last] = await Promise.all([gameList(), gameLast()]);
    if (last) fill(resume, h("button", { id: "game-continue", class: "big", onclick: () => void act(() => gameState(last.id)) }, continueLabel(last)));
    if (list.length === 0) {
      fill(saved, h("p", { class: "muted" }, "No saved games yet."));
    } else {
      fill(
        saved,
        h(
          "table",
          { class: "list", id: "game-saved-list" },
          h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Campaign"), h("th", {}, "Where it stands"), h("th", {}, "Last played"), h("th", {}))),
          h(
            "tbody",
            {},
            ...list.map((s) =>
              h(
                "tr",
                {},
                ...savedGameCells(s).map((cell) => h("td", {}, cell)),
                h("td", {}, h("button", { class: "resume", "data-session": s.id, disabled: s.problem !== null, onclick: () => void act(() => gameState(s.id)) }, "Resume")),
              ),
            ),
          ),
        ),
      );
    }
  } catch (e) {
    fill(saved, h("p", { class: "banner error" }, `Saved games could not be listed: ${errorText(e)}`));
  }
}

/**
 * Start `game` with `setup` in the campaign typed in `campaign` (if any):
 * a campaign that does not exist is offered for creation in `offerBox`
 * first, one of another game is refused with why.
 */
async function begin(game: string, setup: unknown, campaign: HTMLInputElement, offerBox: HTMLElement, fail: (msg: string) => void): Promise<void> {
  fill(offerBox);
  let check;
  try {
    check = await campaignCheck(campaign.value, game);
  } catch (e) {
    return fail(errorText(e));
  }
  const step = campaignStep(check);
  if (step.kind === "refuse") return fail(step.message);
  if (step.kind === "start") return act(() => gameNew(game, setup, step.campaign), fail);
  const name = step.name;
  fill(offerBox, h("div", { class: "banner", id: "game-campaign-offer", role: "alert" },
    h("p", {}, step.question),
    h("button", { id: "game-campaign-create", onclick: () => {
      fill(offerBox);
      void act(async () => {
        await campaignNew(name, game, []);
        return gameNew(game, setup, name);
      }, fail);
    } }, "Create it and start"),
    h("button", { onclick: () => fill(offerBox) }, "Cancel")));
}

function setupForm(game: string, campaignName = ""): HTMLElement {
  const campaign = h("input", { type: "text", id: "game-campaign", placeholder: "optional campaign name", value: campaignName || null });
  const offer = h("div", { class: "game-campaign-offer" });
  const err = h("p", { class: "banner error", hidden: true, role: "alert" });
  const fail = (msg: string) => {
    err.hidden = false;
    err.textContent = msg;
  };
  const screen = screenOf(game);
  if (screen) {
    let form: HTMLElement;
    try {
      form = screen.setupForm((setup) => void begin(game, setup, campaign, offer, fail), fail, ui?.options[game]);
    } catch (e) {
      // The engine's options could not be read: say so rather than draw a form from guesses.
      form = h("p", { class: "banner error" }, errorText(e));
    }
    return h(
      "div",
      { class: "game-setup-own" },
      form,
      h("label", {}, "Campaign ", campaign),
      offer,
      err,
    );
  }
  if (game !== "dungeon-fighter") {
    const box = h("textarea", { id: "game-setup-json", rows: 6, spellcheck: "false" }, "{}");
    return h(
      "div",
      {},
      h("p", { class: "banner" }, `The dedicated ${ui?.games.find((g) => g.name === game)?.title ?? game} screen is not built yet: enter the setup as JSON (see docs/replay-*.md) and play it with command JSON.`),
      h("label", { class: "stack" }, "Setup JSON", box),
      h("label", {}, "Campaign ", campaign),
      h("button", {
        id: "game-start-btn",
        onclick: () => {
          let setup: unknown;
          try {
            setup = JSON.parse(box.value);
          } catch (e) {
            return fail(`The setup is not valid JSON: ${errorText(e)}`);
          }
          void begin(game, setup, campaign, offer, fail);
        },
      }, "Start"),
      offer,
      err,
    );
  }
  let o;
  try {
    o = asDfOptions(ui?.options["dungeon-fighter"]);
  } catch (e) {
    return h("p", { class: "banner error" }, errorText(e));
  }
  const heroes = o.heroes;
  const picks = heroes.map((hc) => h("input", { type: "checkbox", value: hc.key, "data-hero": hc.key }));
  const leader = h("select", { id: "df-leader", "aria-label": "Leader" });
  const refreshLeader = () => {
    const chosen = picks.filter((p) => p.checked).map((p) => heroes.find((x) => x.key === p.value)?.name ?? p.value);
    fill(leader, ...chosen.map((name, i) => h("option", { value: i }, name)));
  };
  picks.forEach((p) => p.addEventListener("change", refreshLeader));
  const difficulty = h("select", { id: "df-difficulty" }, ...o.difficulties.map((d) => h("option", { value: d.key }, d.name)));
  const solo = h("input", { type: "checkbox", id: "df-solo" });
  const levelUp = h("input", { type: "checkbox", id: "df-levelup" });
  return h(
    "div",
    { class: "df-setup" },
    h("fieldset", {}, h("legend", {}, partyLegend(o)), ...heroes.map((hc, i) => h("label", { class: "check" }, picks[i], ` ${hc.name} (${hc.life} life)`))),
    h("label", {}, "Leader ", leader),
    h("label", {}, "Difficulty ", difficulty),
    h("label", { class: "check" }, solo, ` ${soloLabel(o)}`),
    h("label", { class: "check" }, levelUp, " Level Up variant"),
    h("label", {}, "Campaign ", campaign),
    h("button", {
      id: "game-start-btn",
      onclick: () => {
        const r = dfSetup({
          heroes: picks.filter((p) => p.checked).map((p) => p.value),
          leader: Number(leader.value || -1),
          difficulty: difficulty.value,
          players: solo.checked ? o.solo.players : undefined,
          levelUp: levelUp.checked,
        });
        if ("error" in r) return fail(r.error);
        void begin("dungeon-fighter", r.setup, campaign, offer, fail);
      },
    }, "Start Dungeon Fighter"),
    offer,
    err,
  );
}

/** Run one call; show its view, or its error (the view stays as it was). */
async function act(call: () => Promise<GameView>, onError?: (msg: string) => void): Promise<void> {
  if (!ui || ui.busy) return;
  const u = ui;
  u.busy = true;
  try {
    u.view = await call();
    u.error = null;
    u.cameraNote = null;
  } catch (e) {
    u.error = errorText(e);
    if (onError) onError(u.error);
  } finally {
    u.busy = false;
  }
  renderPlay();
}

function send(command: unknown): void {
  const v = ui?.view;
  if (v) void act(() => gameDo(v.session, command, "manual"));
}

function undo(): void {
  const v = ui?.view;
  if (v) void act(() => gameUndo(v.session));
}

function correct(command: unknown): void {
  const v = ui?.view;
  if (v) void act(() => gameCorrect(v.session, command));
}

/** Apply a correction the core offered on a log entry. */
function applyFix(seq: number, key: string): void {
  const v = ui?.view;
  if (v) void act(() => gameFix(v.session, seq, key));
}

/** The core's corrections of entry `seq` as buttons (none: null). */
function fixButtons(v: GameView, seq: number): HTMLElement | null {
  const fixes = fixesFor(v.fixes, seq);
  if (fixes.length === 0) return null;
  return h("span", { class: "entry-fixes", "data-seq": seq },
    ...fixes.map((f) => h("button", { class: "fix", "data-fix": f.key, title: `Correct entry #${seq}: ${f.label}`, onclick: () => applyFix(seq, f.key) }, f.label)));
}

/** What Undo will revert, said on the button: the entry the core names. */
function undoLabel(v: GameView): string {
  const last = undoEntry(v);
  return last ? `Undo #${last.seq}` : "Undo";
}

function undoTitle(v: GameView): string {
  const last = undoEntry(v);
  if (!last) return "Nothing to undo";
  const screen = screenOf(v.game);
  const what = screen?.describeCommand ? screen.describeCommand(last.command) : describeCommand(last.command);
  return `Undo #${last.seq} (${last.source}): ${what} (U)`;
}

function renderPlay(): void {
  if (!ui) return;
  const u = ui;
  const v = u.view;
  u.play.hidden = v === null;
  u.start.hidden = v !== null;
  if (!v) return;
  const df = v.game === "dungeon-fighter" ? dfView(v.state, v.view) : null;
  if (df) u.die = defaultDie(u.die, df);
  fill(
    u.play,
    h(
      "div",
      { class: "game-head" },
      h("h3", { id: "game-title", "data-game": v.game, "data-session": v.session }, u.games.find((g) => g.name === v.game)?.title ?? v.game),
      h("span", { class: "muted" }, `${v.last_seq} log entries, saved`),
      h("button", { id: "game-undo", disabled: !v.can_undo, title: undoTitle(v), onclick: undo }, undoLabel(v)),
      h("button", { id: "game-close", onclick: () => { u.view = null; u.error = null; renderPlay(); void renderStart(); } }, "Other games…"),
    ),
    errorBanner(u.error, v),
    v.ask_player ? h("p", { class: "banner", id: "game-ask", role: "alert" }, `Camera: ${v.ask_player} Enter the throw below.`) : null,
    df ? dfBoard(v, df) : ownBoard(v) ?? genericBoard(v),
    commandBox(v, df),
    h("div", { class: "panel" }, h("h3", {}, "Log"), logList(v, df)),
  );
}

function errorBanner(error: string | null, v: GameView): HTMLElement | null {
  if (!error) return null;
  const r = parseRefusal(error);
  // The engine asking for dice is a prompt for the table, not a refusal.
  const ask = r ? screenOf(v.game)?.askFor?.(r.rule, r.reason, v) : null;
  if (ask) return h("p", { class: "banner ask", id: "game-dice-ask", role: "status" }, ask);
  return r
    ? h("div", { class: "banner error refusal", id: "game-error", role: "alert" }, h("strong", {}, `Not allowed — rule “${r.rule}”: `), r.reason)
    : h("div", { class: "banner error", id: "game-error", role: "alert" }, error);
}

function dfBoard(v: GameView, df: DfView): HTMLElement {
  const m = df.monster;
  const status = h(
    "div",
    { class: "df-status" },
    h("div", { class: "panel", id: "df-phase" }, h("h4", {}, "Phase"), h("p", { class: "big" }, df.phaseLabel),
      df.now ? h("p", { class: "now", id: "game-now" }, df.now) : null,
      df.rethrow ? h("p", {}, `Re-throw the ${df.rethrow} die`) : null,
      df.over ? h("p", { class: "big" }, `${df.over.won ? "Won" : "Lost"}: ${df.over.title} (${df.over.total} points) — ${df.over.reason}`) : null),
    h("div", { class: "panel", id: "df-monster" }, h("h4", {}, "Monster"),
      m ? h("p", { class: "big" }, `${m.name}: `, h("strong", { id: "df-monster-life", "data-life": m.life }, m.life > 0 ? m.life : "defeated"), m.life > 0 ? " life" : "") : h("p", { class: "muted" }, "none in play"),
      m ? h("p", { class: "muted" }, `damage ${m.damage}${m.level !== null ? `, level ${m.level}` : ""}${m.requirements.length ? `, requires ${m.requirements.join(", ")}` : ""}`) : null),
    h("div", { class: "panel", id: "df-chest" }, h("h4", {}, "Chest"), h("p", { class: "big" }, `${df.chest.gold} gold · ${df.chest.whiteDice} white dice`)),
    h("div", { class: "panel", id: "df-dice" }, h("h4", {}, "Colour dice left"),
      h("p", { class: "dice-left" }, ...(df.diceLeft.length ? df.diceLeft.map((c) => h("span", { class: `pip die-${c}` }, c)) : [h("span", { class: "muted" }, "none — use a white die or retrieve")]))),
    h("div", { class: "panel", id: "df-progress" }, h("h4", {}, "Leader & shop"), h("p", {}, `Leader: ${df.leader}`),
      h("p", {}, `Shop icons ${df.shopIcons.have} / ${df.shopIcons.need} `, h("progress", { max: df.shopIcons.need, value: Math.min(df.shopIcons.have, df.shopIcons.need) })),
      h("p", { class: "muted" }, `Shops visited: ${df.shopsVisited} of ${df.shopsBeforeBoss}`)),
  );
  const heroes = h(
    "table",
    { class: "list", id: "df-heroes" },
    h("thead", {}, h("tr", {}, h("th", {}, "Hero"), h("th", {}, "Life"), h("th", {}, "Scars"), h("th", {}, "Abilities"), h("th", {}, "Equipment"))),
    h("tbody", {}, ...df.heroes.map((hero) =>
      h("tr", { class: [hero.active ? "active" : "", hero.fainted ? "fainted" : "", hero.eliminated ? "eliminated" : ""].join(" ").trim() || null },
        h("td", {}, hero.name, hero.leader ? " ♛" : "", hero.active ? " ◀ throws" : ""),
        h("td", {}, `${hero.life} / ${hero.baseLife}`, hero.fainted ? " (fainted)" : "", hero.eliminated ? " (eliminated)" : ""),
        h("td", {}, hero.scars.length ? hero.scars.join(", ") : "—"),
        h("td", {}, ...hero.abilities.map((a) => h("span", { class: `ability die-${a.colour}${a.scarred ? " scarred" : ""}` }, words(a.ability)))),
        h("td", {}, hero.equipment.join(", ") || "—"),
      ))),
  );
  const panel = df.phase === "combat" && !df.pending ? throwPanel(v, df) : null;
  // The engine lists the commands open now; a form asks for what the cards show.
  const buttons = h("div", { class: "df-actions", id: "df-actions" },
    df.pending ? h("span", {}, `${df.pending.hero}'s ${df.pending.die} icon: `) : null,
    ...v.offers.map((o) => {
      // While an icon waits, its choices are numbered: the number key picks one.
      const n = df.pending ? abilityChoices(v.offers).indexOf(o) : -1;
      return h("button", {
        class: o.fill?.length ? "template" : null,
        "data-offer": o.key,
        "data-key": n >= 0 && n < 9 ? String(n + 1) : null,
        title: n >= 0 && n < 9 ? `Key: ${n + 1}` : null,
        onclick: () => takeOffer(o),
      }, n >= 0 && n < 9 ? h("kbd", {}, String(n + 1)) : null, n >= 0 && n < 9 ? " " : null, o.label);
    }));
  const said = feedbackOf(v.events, df.heroes.map((x) => x.name));
  // The banner's sound, once per action (a redraw does not play it again).
  const heard = `${v.session}:${v.last_seq}`;
  if (said && lastSounded !== heard && soundOn()) playNotes(notesFor(said.kind, said.tone));
  lastSounded = heard;
  const banner = said
    ? h("div", { class: `banner feedback ${said.tone}`, id: "game-feedback", role: "status", "data-kind": said.kind }, said.text)
    : null;
  return h("div", { class: "df-board" }, banner, cameraPanel(), status, heroes, panel, correctionRow(v), buttons, commandForm());
}

/** Send a ready offer, or open the form of one the player fills in. */
function takeOffer(o: Offer): void {
  if (!o.fill?.length) send(o.command);
  else {
    ui!.form = { label: o.label.replace(/…$/, ""), offer: o };
    renderPlay();
  }
}

/** The action whose banner last sounded ("session:seq"). */
let lastSounded = "";

/** Throws the core holds for this game until the player acts, with why. */
function heldThrows(): HTMLElement | null {
  const held = (ui?.view?.throws ?? []).filter((t) => t.status === "waiting");
  if (held.length === 0) return null;
  return h("ul", { class: "held-throws", id: "game-held-throws" },
    ...held.map((t) => h("li", { "data-throw": t.id }, `A throw is held: ${t.reason ?? "waiting"}`)));
}

/** The last throw the camera saw come to rest, with what it read. */
function cameraPanel(): HTMLElement {
  const st = currentStatus();
  const t = lastThrowEvent()?.throw ?? null;
  const source = st
    ? `${st.source}${st.reader === "target" ? " · target board calibrated" : " · no target board calibrated"}${st.board_alignment ? ` · ${st.board_alignment}` : ""}`
    : "no camera status yet";
  if (!t) return h("div", { class: "panel df-camera", id: "df-camera" }, h("h4", {}, "Camera"), h("p", { class: "muted" }, `${source}. No throw seen yet.`));
  const read = t.landed.map((i) => t.dice[i]).filter((d) => d).map((d) => {
    // "3" for a scoring section, else the kind: "bullseye", "hole", "web 0", "bone".
    const where = !d.section ? "" : d.section.kind === "score" ? String(d.section.value) : d.section.kind === "web" ? "web 0" : d.section.kind;
    return `${d.color} ${d.face ?? "?"}${where ? ` → ${where}` : ""}${st && d.confidence < st.confidence_threshold ? " (unsure)" : ""}`;
  });
  return h("div", { class: "panel df-camera", id: "df-camera" },
    h("h4", { "data-throw": t.seq }, "Camera — the last throw"),
    t.snapshot_jpeg_b64 ? h("img", { class: "snapshot", alt: "The last throw as the camera saw it", src: `data:image/jpeg;base64,${t.snapshot_jpeg_b64}` }) : null,
    h("p", {}, read.length ? read.join("; ") : "no new die"),
    ui?.cameraNote ? h("p", { class: "banner", id: "game-camera-note", role: "status" }, ui.cameraNote) : null,
    heldThrows(),
    h("p", { class: "muted" }, `${source}; settled in ${Math.round(t.settle_ms)} ms`));
}

/** The form a phase button opened: one input per value of its template. */
function commandForm(): HTMLElement | null {
  const u = ui!;
  if (!u.form) return null;
  const { label, offer } = u.form;
  const inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  // A card from the table: its name is completed from the card library, and
  // a kept card fills the fields left empty (the core does the same on send).
  const library = offer.card ? (u.view?.cards?.[offer.card.kind] ?? []) : [];
  const nameKey = offer.card ? `${offer.card.path}.name` : null;
  const listId = "df-form-cards";
  const rows = offerFields(offer).map((f) => {
    const key = f.path.join(".");
    const typed = u.form!.typed?.get(key);
    const input = f.choices
      ? h("select", { "data-field": key }, ...f.choices.map((c) => h("option", { value: typeof c.value === "string" ? c.value : JSON.stringify(c.value) }, c.label)))
      : f.kind === "bool"
        ? h("input", { type: "checkbox", checked: (typed ?? f.initial) === true, "data-field": key })
        : h("input", { type: f.kind === "number" ? "number" : "text", value: String(typed ?? f.initial), "data-field": key, spellcheck: "false",
            list: key === nameKey && library.length ? listId : null, autocomplete: key === nameKey ? "off" : null });
    if (f.choices && typeof typed === "string") (input as HTMLSelectElement).value = typed;
    // Keep what is typed, so a redraw (a camera throw) does not wipe the form.
    const keep = () => {
      const el = input as HTMLInputElement;
      (u.form!.typed ??= new Map()).set(key, el.type === "checkbox" ? el.checked : el.value);
    };
    input.addEventListener("input", keep);
    input.addEventListener("change", keep);
    inputs.set(key, input as HTMLInputElement | HTMLSelectElement);
    return h("label", { class: f.kind === "bool" ? "check" : "field" }, `${labelOf(f)} `, input);
  });
  const fromLibrary = () => {
    const typed = new Map<string, string | boolean>();
    for (const [k, el] of inputs) typed.set(k, el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value);
    for (const [k, value] of cardFill(offer, library, typed)) {
      const el = inputs.get(k);
      if (el) {
        el.value = value;
        el.classList.add("from-library");
        (u.form!.typed ??= new Map()).set(k, value);
      }
    }
  };
  if (nameKey) inputs.get(nameKey)?.addEventListener("input", fromLibrary);
  const datalist = library.length
    ? h("datalist", { id: listId }, ...library.map((c) => h("option", { value: String(c.name) })))
    : null;
  const err = h("span", { class: "error-text", role: "alert" });
  const submit = () => {
    const values = new Map<string, string | boolean>();
    for (const [k, el] of inputs) values.set(k, el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value);
    const r = fillOffer(offer, values);
    if ("error" in r) {
      err.textContent = r.error;
      return;
    }
    const v = u.view;
    if (!v) return;
    // The form stays open on a refusal, so the player fixes a value instead of typing it all again.
    void act(() => gameDo(v.session, r.command, "manual")).then(() => {
      if (!u.error) {
        u.form = null;
        renderPlay();
      }
    });
  };
  return h("form", { class: "panel command-form", id: "df-form", onsubmit: (e: Event) => { e.preventDefault(); submit(); } },
    h("h4", {}, label),
    h("div", { class: "fields" }, ...rows),
    datalist,
    library.length ? h("p", { class: "muted" }, `${library.length} kept ${offer.card!.kind} card${library.length === 1 ? "" : "s"}: type a name to use one.`) : null,
    h("div", { class: "row" },
      h("button", { type: "submit", id: "df-form-send" }, "Send"),
      h("button", { type: "button", onclick: () => { u.form = null; renderPlay(); } }, "Cancel"),
      err));
}

function throwPanel(_v: GameView, df: DfView): HTMLElement {
  const u = ui!;
  const pick = (cls: string, active: boolean, label: string, onclick: () => void, extra: Record<string, string> = {}) =>
    h("button", { class: `${cls}${active ? " on" : ""}`, "aria-pressed": String(active), onclick, ...extra }, label);
  return h(
    "div",
    { class: "panel throw-panel", id: "throw-panel" },
    h("h4", {}, "Enter a throw — die, face, then the section (sends it)"),
    h("div", { class: "row" }, ...DICE.map((d) => pick(`die die-${d}`, u.die === d, d + (d !== "white" && !df.diceLeft.includes(d) ? " (thrown)" : ""), () => { u.die = d; renderPlay(); }, { "data-die": d }))),
    h("div", { class: "row" }, pick("face", u.face === "icon", "Icon", () => { u.face = "icon"; renderPlay(); }, { "data-face": "icon" }),
      pick("face", u.face === "blank", "Blank", () => { u.face = "blank"; renderPlay(); }, { "data-face": "blank" })),
    h("div", { class: "row sections" }, ...SECTIONS.map((s) => h("button", { class: "section", "data-section": s, onclick: () => sendThrow(s) }, SECTION_LABEL[s]))),
    h("div", { class: "row" },
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "throw-nobounce", checked: u.noBounce, onchange: (e: Event) => { u.noBounce = (e.target as HTMLInputElement).checked; } }), " no bounce (Miss)"),
      h("label", { class: "check" }, h("input", { type: "checkbox", id: "throw-reqfail", checked: u.requirementFailed, onchange: (e: Event) => { u.requirementFailed = (e.target as HTMLInputElement).checked; } }), " throw requirement failed (Miss)")),
    h("p", { class: "muted keys" }, "Keys: ", ...KEY_HELP.map(([k, what]) => h("span", {}, h("kbd", {}, k), ` ${what}  `))),
  );
}

function sendThrow(section: SectionName): void {
  if (!ui || !ui.die) return;
  const u = ui;
  const die = ui.die;
  const cmd = throwCommand({ die, face: u.face, section, noBounce: u.noBounce, requirementFailed: u.requirementFailed });
  u.noBounce = false;
  u.requirementFailed = false;
  u.face = "blank";
  send(cmd);
}

/**
 * One-click fixes of the last throw: neighbouring sections first, the other
 * face or die; then the core's corrections (no bounce, a named requirement,
 * another ability choice), also offered for a throw whose choice was made.
 */
function correctionRow(v: GameView): HTMLElement | null {
  const last = undoEntry(v);
  const t = last ? throwOf(last.command) : null;
  if (!last || !t) {
    // The last action answered a throw's icon: the throw's own fixes.
    const seq = fixedSeqs(v.fixes)[0];
    const entry = seq !== undefined ? v.log.find((e) => e.seq === seq) : undefined;
    if (!entry) return null;
    return h("div", { class: "panel correction", id: "df-correct" },
      h("span", {}, `Throw #${entry.seq} (${sourceWords(entry.source)}): ${describeCommand(entry.command)}. Correct: `),
      fixButtons(v, entry.seq));
  }
  const other: Face = t.face === "icon" ? "blank" : "icon";
  return h(
    "div",
    { class: "panel correction", id: "df-correct" },
    h("span", {}, `Last throw (${last.source}): ${describeCommand(last.command)}. Correct to: `),
    ...correctionSections(t.landing).map((s) => h("button", { class: "section", "data-correct": s, onclick: () => correct(correctedThrow(t, { section: s })) }, SECTION_LABEL[s])),
    h("button", { "data-correct": "face", onclick: () => correct(correctedThrow(t, { face: other })) }, `face ${other}`),
    ...DICE.filter((d) => d !== t.die).map((d) => h("button", { "data-correct": `die-${d}`, onclick: () => correct(correctedThrow(t, { die: d })) }, `${d} die`)),
    fixButtons(v, last.seq),
  );
}

/** The game's own screen, given what it may do; null when it has none. */
function ownBoard(v: GameView): HTMLElement | null {
  const screen = screenOf(v.game);
  if (!screen) return null;
  const ctx: ScreenCtx = {
    view: v,
    send,
    sendCamera: (command, reading) => void act(() => gameDo(v.session, command, "camera", reading)),
    correct,
    rerender: renderPlay,
    tableDice,
    pairDice: (dice, pairing) => pairDice(dice, pairing),
  };
  try {
    return screen.board(ctx);
  } catch (e) {
    // A screen that cannot draw this state must not take the game away:
    // the JSON view below still shows it and the command box still works.
    return h("p", { class: "banner error" }, `The ${v.game} screen could not draw this state: ${errorText(e)}`);
  }
}

function genericBoard(v: GameView): HTMLElement {
  return h(
    "div",
    { class: "generic-board" },
    h("p", { class: "banner" }, `The dedicated ${v.game} screen is not built yet; this is the engine's state as JSON. Play it with command JSON below (vocabulary: docs/replay-*.md).`),
    h("pre", { class: "json", id: "game-state-json" }, JSON.stringify(v.state, null, 2)),
  );
}

function commandBox(v: GameView, df: DfView | null): HTMLElement {
  const box = h("textarea", { id: "game-command", rows: 4, spellcheck: "false", placeholder: '{"type": "…"}' });
  const err = h("span", { class: "error-text", role: "alert" });
  const parsed = (): unknown | undefined => {
    try {
      return JSON.parse(box.value);
    } catch (e) {
      err.textContent = `Not valid JSON: ${errorText(e)}`;
      return undefined;
    }
  };
  const last = undoEntry(v);
  // A developer console: play needs none of it (the buttons and forms are
  // the engine's offers), so it stays folded unless opened.
  const panel = h(
    "details",
    { class: "panel command-box", id: "game-dev", open: devConsoleOpen || (!df && !screenOf(v.game)) },
    h("summary", {}, "Developer console: a command as JSON"),
    box,
    h("div", { class: "row" },
      h("button", { id: "game-send", onclick: () => { const c = parsed(); if (c !== undefined) send(c); } }, "Send"),
      h("button", { id: "game-correct", disabled: !last, title: "Replace the last action with this command, keeping the original reading", onclick: () => { const c = parsed(); if (c !== undefined) correct(c); } }, "Correct last action"),
      err),
  ) as HTMLDetailsElement;
  panel.addEventListener("toggle", () => (devConsoleOpen = panel.open));
  return panel;
}

/** Whether the player opened the developer console (kept across redraws). */
let devConsoleOpen = false;

function logList(v: GameView, df: DfView | null): HTMLElement {
  const names = df ? df.heroes.map((x) => x.name) : [];
  const screen = screenOf(v.game);
  const cmdText = (c: Record<string, unknown> | null) => (screen?.describeCommand ? screen.describeCommand(c) : describeCommand(c));
  const evText = (ev: Record<string, unknown>) => (screen?.describeEvent ? screen.describeEvent(ev) : describeEvent(ev, names));
  const entries = [...v.log].reverse();
  if (entries.length === 0) return h("p", { class: "muted" }, "Nothing played yet.");
  const undone = undoneSeqs(v.log);
  const what = (seq: number | null) => {
    const e = v.log.find((x) => x.seq === seq);
    return e ? cmdText(e.command) : "an earlier action";
  };
  return h("ol", { class: "game-log", id: "game-log", reversed: true },
    ...entries.map((e) =>
      h("li", { class: `src-${e.source}${undone.has(e.seq) ? " undone" : ""}`, value: e.seq },
        h("span", { class: "src" }, sourceWords(e.source)),
        " ",
        e.source === "undo" ? `took back: ${what(e.reverts_seq)}` : cmdText(e.command),
        undone.has(e.seq) ? h("span", { class: "muted" }, " (undone)") : null,
        e.original_reading ? h("span", { class: "muted" }, " (camera reading kept)") : null,
        e.image_path ? snapshotThumb(v.session, e.seq) : null,
        fixButtons(v, e.seq),
        e.events.length ? h("ul", {}, ...e.events.map((ev) => h("li", {}, evText(ev)))) : null,
      )));
}

/** The throw's snapshot as a small image, fetched once per entry. */
function snapshotThumb(session: number, seq: number): HTMLElement {
  const key = `${session}:${seq}`;
  const img = h("img", { class: "snapshot", alt: `What the camera saw for entry ${seq}`, "data-seq": seq }) as HTMLImageElement;
  const show = (b64: string | null | undefined) => {
    if (b64) img.src = `data:image/jpeg;base64,${b64}`;
    else img.hidden = true;
  };
  const known = ui?.snapshots.get(key);
  if (known !== undefined) show(known);
  else
    void gameSnapshot(session, seq).then(
      (b64) => {
        ui?.snapshots.set(key, b64);
        show(b64);
      },
      () => show(null),
    );
  return img;
}

function onKey(e: KeyboardEvent): void {
  if (!ui || !ui.view) return;
  const screen = ui.root.closest(".screen") as HTMLElement | null;
  if (screen && screen.hidden) return;
  const t = e.target as HTMLElement | null;
  const typing = !!t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
  const df = ui.view.game === "dungeon-fighter" ? dfView(ui.view.state, ui.view.view) : null;
  const choices = df?.pending ? abilityChoices(ui.view.offers) : [];
  const a = keyAction(e.key, typing, e.ctrlKey || e.metaKey || e.altKey, choices.length);
  if (!a) return;
  if (a.kind === "undo") {
    e.preventDefault();
    if (ui.view.can_undo) undo();
    return;
  }
  if (ui.view.game !== "dungeon-fighter") return;
  e.preventDefault();
  if (a.kind === "choice") return takeOffer(choices[a.index]);
  if (a.kind === "die") ui.die = a.die;
  else if (a.kind === "face") ui.face = a.face;
  else if (a.kind === "section") return sendThrow(a.section);
  renderPlay();
}
