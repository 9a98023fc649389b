// The Campaign screen: the campaigns in the store (name, game, players,
// sessions), one campaign's record and saved games with Resume, and Export
// of the versioned JSON that `warden campaign import` reads back.
import { campaignExport, campaignList, campaignShow, errorText, gameList, type CampaignView, type SessionSummary } from "./game-ipc";
import { fill, h } from "./dom";
import { exportFileName } from "./campaign-model";
import { resumeGame } from "./game";

let root: HTMLElement | null = null;

/** Builds the Campaign screen inside `#campaign-root`; it reloads each time its tab is opened. */
export function initCampaignScreen(): void {
  root = document.getElementById("campaign-root");
  if (!root) return;
  document.getElementById("tab-campaign")?.addEventListener("click", () => void render());
  void render();
}

async function render(selected?: string): Promise<void> {
  if (!root) return;
  const r = root;
  const detail = h("div", { class: "campaign-detail", id: "campaign-detail" });
  let campaigns;
  let sessions: SessionSummary[];
  try {
    [campaigns, sessions] = await Promise.all([campaignList(), gameList()]);
  } catch (e) {
    fill(r, h("p", { class: "banner error", role: "alert" }, `The store could not be read: ${errorText(e)}`));
    return;
  }
  fill(
    r,
    h("div", { class: "panel" }, h("h3", {}, "Campaigns"),
      campaigns.length === 0
        ? h("p", { class: "muted" }, "No campaigns are stored yet. Create one with ", h("code", {}, "warden campaign new"), ".")
        : h("table", { class: "list", id: "campaign-list" },
            h("thead", {}, h("tr", {}, h("th", {}, "Name"), h("th", {}, "Game"), h("th", {}, "Players"), h("th", {}, "Sessions"), h("th", {}, "Updated"), h("th", {}))),
            h("tbody", {}, ...campaigns.map((c) => h("tr", { class: c.name === selected ? "active" : null },
              h("td", {}, c.name), h("td", {}, c.game), h("td", {}, c.players.join(", ") || "—"), h("td", {}, c.sessions),
              h("td", {}, new Date(c.updated_at_ms).toLocaleString()),
              h("td", {}, h("button", { "data-campaign": c.name, onclick: () => void show(detail, c.name) }, "Show"))))))),
    detail,
    h("div", { class: "panel" }, h("h3", {}, "Saved game sessions"), sessionTable(sessions)),
  );
  if (selected) await show(detail, selected);
}

function sessionTable(sessions: SessionSummary[]): HTMLElement {
  if (sessions.length === 0) return h("p", { class: "muted" }, "No saved games yet.");
  return h("table", { class: "list", id: "campaign-sessions" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, "Game"), h("th", {}, "Started"), h("th", {}, "Entries"), h("th", {}))),
    h("tbody", {}, ...sessions.map((s) => h("tr", {},
      h("td", {}, s.id), h("td", {}, s.game), h("td", {}, new Date(s.created_at_ms).toLocaleString()), h("td", {}, s.entries),
      h("td", {}, h("button", { class: "resume", "data-session": s.id, onclick: () => void resumeGame(s.id) }, "Resume"))))));
}

async function show(detail: HTMLElement, name: string): Promise<void> {
  let c: CampaignView;
  try {
    c = await campaignShow(name);
  } catch (e) {
    fill(detail, h("p", { class: "banner error", role: "alert" }, errorText(e)));
    return;
  }
  const out = h("div", { class: "export-out" });
  fill(
    detail,
    h("div", { class: "panel", id: "campaign-show" },
      h("h3", {}, `${c.name} — ${c.game}`),
      h("p", {}, `Players: ${c.players.join(", ") || "—"}`),
      c.notes ? h("p", { class: "muted" }, c.notes) : null,
      h("h4", {}, "Record"),
      h("pre", { class: "json" }, JSON.stringify(c.record, null, 2)),
      h("h4", {}, `Games of this campaign (${c.sessions.length})`),
      sessionTable(c.sessions),
      h("button", { id: "campaign-export", onclick: () => void exportIt(c.name, out) }, "Export JSON"),
      out),
  );
}

/** Offer the export as a download and show it, so it can also be copied. */
async function exportIt(name: string, out: HTMLElement): Promise<void> {
  let text: string;
  try {
    text = await campaignExport(name);
  } catch (e) {
    fill(out, h("p", { class: "banner error", role: "alert" }, `Export failed: ${errorText(e)}`));
    return;
  }
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const file = exportFileName(name);
  fill(
    out,
    h("p", {}, h("a", { href: url, download: file, id: "campaign-download" }, `Download ${file}`),
      ` (${text.length.toLocaleString()} characters; import with `, h("code", {}, `warden campaign import ${file}`), ")"),
    h("textarea", { class: "json", rows: 12, readonly: true, id: "campaign-export-json" }, text),
  );
}
