// The Campaign screen: the campaigns in the store; create one, import one
// from an exported file, and open one: its record as a sheet (campaign-model.ts
// says what each game's sheet holds), rename it, its games with Resume, a
// new game in it, and its export saved in the data folder's exports folder
// (the answer says where); below them the card library (card-library.ts).
import {
  campaignExport,
  campaignImport,
  campaignList,
  campaignNew,
  campaignRename,
  campaignShow,
  errorText,
  gameList,
  gamesList,
  type CampaignView,
  type GameInfo,
  type SavedGame,
} from "./game-ipc";
import { fill, h } from "./dom";
import { exportFileName, parsePlayers, recordSheet, savedGameCells, wordsOf, type SheetSection } from "./campaign-model";
import { newGameIn, resumeGame } from "./game";
import { cardLibraryPanel } from "./card-library";

let root: HTMLElement | null = null;
let games: GameInfo[] = [];

/** Builds the Campaign screen inside `#campaign-root`; it reloads each time its tab is opened. */
export function initCampaignScreen(): void {
  root = document.getElementById("campaign-root");
  if (!root) return;
  document.getElementById("tab-campaign")?.addEventListener("click", () => void render());
  void render();
}

/** A game's name as players know it (the core's words; the engine name only if it has none). */
function titleOf(game: string): string {
  return games.find((g) => g.name === game)?.title ?? wordsOf(game);
}

const errorBox = () => h("p", { class: "banner error", role: "alert", hidden: true });
function showError(box: HTMLElement, message: string | null): void {
  box.hidden = message === null;
  box.textContent = message ?? "";
}

async function render(selected?: string): Promise<void> {
  if (!root) return;
  const r = root;
  const detail = h("div", { class: "campaign-detail", id: "campaign-detail" });
  let campaigns;
  let saved: SavedGame[];
  try {
    [campaigns, saved, games] = await Promise.all([campaignList(), gameList(), gamesList()]);
  } catch (e) {
    fill(r, h("p", { class: "banner error", role: "alert" }, `The saved campaigns could not be read: ${errorText(e)}`));
    return;
  }
  fill(
    r,
    h("div", { class: "panel" }, h("h3", {}, "Campaigns"),
      campaigns.length === 0
        ? h("p", { class: "muted" }, "No campaigns yet. Create one or import one below.")
        : h("table", { class: "list", id: "campaign-list" },
            h("thead", {}, h("tr", {}, h("th", {}, "Name"), h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Games"), h("th", {}, "Updated"), h("th", {}))),
            h("tbody", {}, ...campaigns.map((c) => h("tr", { class: c.name === selected ? "active" : null },
              h("td", {}, c.name), h("td", {}, titleOf(c.game)), h("td", {}, c.players.join(", ") || "—"), h("td", {}, c.sessions),
              h("td", {}, new Date(c.updated_at_ms).toLocaleString()),
              h("td", {}, h("button", { "data-campaign": c.name, onclick: () => void render(c.name) }, "Open"))))))),
    detail,
    h("div", { class: "campaign-forms" }, newForm(), importForm()),
    h("div", { class: "panel" }, h("h3", {}, "Saved games"), savedTable(saved, "campaign-sessions")),
    cardLibraryPanel(games),
  );
  if (selected) await show(detail, selected, saved);
}

function newForm(): HTMLElement {
  const name = h("input", { type: "text", id: "campaign-new-name", placeholder: "e.g. Tuesday nights" });
  const game = h("select", { id: "campaign-new-game" },
    ...games.filter((g) => g.campaign).map((g) => h("option", { value: g.name }, g.title)));
  const players = h("input", { type: "text", id: "campaign-new-players", placeholder: "Ann, Bo (optional)" });
  const err = errorBox();
  const create = async () => {
    try {
      const c = await campaignNew(name.value, game.value, parsePlayers(players.value));
      await render(c.name);
    } catch (e) {
      showError(err, errorText(e));
    }
  };
  return h("form", { class: "panel", id: "campaign-new", onsubmit: (e: Event) => { e.preventDefault(); void create(); } },
    h("h3", {}, "New campaign"),
    h("label", {}, "Name ", name),
    h("label", {}, "Game ", game),
    h("label", {}, "Players ", players),
    h("button", { type: "submit", id: "campaign-new-btn" }, "Create campaign"),
    err);
}

function importForm(): HTMLElement {
  const file = h("input", { type: "file", id: "campaign-import-file", accept: ".json,application/json" }) as HTMLInputElement;
  const rename = h("input", { type: "text", id: "campaign-import-name", placeholder: "keep the name in the file" });
  const err = errorBox();
  const doImport = async () => {
    const f = file.files?.[0];
    if (!f) return showError(err, "Choose the exported campaign file first.");
    try {
      const c = await campaignImport(await f.text(), rename.value.trim() || undefined);
      await render(c.name);
    } catch (e) {
      showError(err, errorText(e));
    }
  };
  return h("form", { class: "panel", id: "campaign-import", onsubmit: (e: Event) => { e.preventDefault(); void doImport(); } },
    h("h3", {}, "Import a campaign"),
    h("label", {}, "Exported file ", file),
    h("label", {}, "Import as ", rename),
    h("button", { type: "submit", id: "campaign-import-btn" }, "Import"),
    err);
}

/** Saved games with game, campaign, phase and date, each with Resume. */
function savedTable(saved: SavedGame[], id: string): HTMLElement {
  if (saved.length === 0) return h("p", { class: "muted" }, "No saved games yet.");
  return h("table", { class: "list", id },
    h("thead", {}, h("tr", {}, h("th", {}, "Game"), h("th", {}, "Campaign"), h("th", {}, "Where it stands"), h("th", {}, "Last played"), h("th", {}))),
    h("tbody", {}, ...saved.map((s) => h("tr", {},
      ...savedGameCells(s).map((cell) => h("td", {}, cell)),
      h("td", {}, h("button", { class: "resume", "data-session": s.id, disabled: s.problem !== null, onclick: () => void resumeGame(s.id) }, "Resume"))))));
}

function sheetView(sections: SheetSection[]): HTMLElement {
  return h("div", { class: "sheet", id: "campaign-sheet" }, ...sections.map((s) => {
    const rows = s.table?.rows ?? [];
    const body = s.table && rows.length
      ? h("table", { class: "list" }, h("thead", {}, h("tr", {}, ...s.table.head.map((c) => h("th", {}, c)))),
          h("tbody", {}, ...rows.map((r) => h("tr", {}, ...r.map((c) => h("td", {}, c))))))
      : null;
    const lines = s.lines?.length
      ? h("dl", { class: "sheet-lines" }, ...s.lines.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]))
      : null;
    const empty = !body && !lines && s.empty ? h("p", { class: "muted" }, s.empty) : null;
    return h("section", { class: "sheet-section" }, h("h4", {}, s.title), lines, body, empty);
  }));
}

async function show(detail: HTMLElement, name: string, saved: SavedGame[]): Promise<void> {
  let c: CampaignView;
  try {
    c = await campaignShow(name);
  } catch (e) {
    fill(detail, h("p", { class: "banner error", role: "alert" }, errorText(e)));
    return;
  }
  fill(
    detail,
    h("div", { class: "panel", id: "campaign-show" },
      h("h3", { id: "campaign-title" }, `${c.name} — ${titleOf(c.game)}`),
      h("p", {}, `Players: ${c.players.join(", ") || "—"}`),
      c.notes ? h("p", { class: "muted" }, c.notes) : null,
      sheetView(recordSheet(c.game, c.record)),
      h("h4", {}, `Games of this campaign (${c.sessions.length})`),
      savedTable(saved.filter((s) => s.campaign_id === c.id), "campaign-games"),
      h("button", { id: "campaign-play", onclick: () => newGameIn(c.game, c.name) }, `New ${titleOf(c.game)} game in this campaign`),
      renameForm(c),
      exportForm(c)),
  );
}

function renameForm(c: CampaignView): HTMLElement {
  const input = h("input", { type: "text", id: "campaign-rename-name", value: c.name });
  const err = errorBox();
  const rename = async () => {
    try {
      const renamed = await campaignRename(c.name, input.value);
      await render(renamed.name);
    } catch (e) {
      showError(err, errorText(e));
    }
  };
  return h("form", { class: "row", id: "campaign-rename", onsubmit: (e: Event) => { e.preventDefault(); void rename(); } },
    h("label", {}, "Rename to ", input),
    h("button", { type: "submit", id: "campaign-rename-btn" }, "Rename"),
    err);
}

/** Asks for a file name, saves the export in the data folder's exports folder and says where. */
function exportForm(c: CampaignView): HTMLElement {
  const file = h("input", { type: "text", id: "campaign-export-file", value: exportFileName(c.name), spellcheck: "false" });
  const out = h("p", { id: "campaign-export-done", role: "status", hidden: true });
  const err = errorBox();
  const save = async () => {
    try {
      const path = await campaignExport(c.name, file.value);
      showError(err, null);
      out.hidden = false;
      out.textContent = `Saved to ${path}. Another Table Warden can import it on its Campaign screen.`;
    } catch (e) {
      out.hidden = true;
      showError(err, `Not saved: ${errorText(e)}`);
    }
  };
  return h("form", { class: "row", id: "campaign-export-form", onsubmit: (e: Event) => { e.preventDefault(); void save(); } },
    h("label", {}, "Save the campaign with all its games as ", file),
    h("button", { type: "submit", id: "campaign-export" }, "Save export"),
    h("span", { class: "muted" }, " (in the exports folder beside your saved games)"),
    out,
    err);
}
