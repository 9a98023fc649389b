// The Settings screen: which frame source the live view plays (a camera,
// the pip dice demo, or the Dungeon Fighter combat clip), switched while
// the app runs. The choice answers through the capture status, so the
// screen shows what is really playing, or why a source would not open.
import { invoke } from "@tauri-apps/api/core";
import { currentStatus } from "../camera-feed";
import { errorText } from "../game-ipc";
import { fill, h } from "../dom";
import { notesFor, playNotes, setSoundOn, soundOn } from "../feedback-sound";

interface SourceChoice {
  spec: string;
  label: string;
}
interface SourceList {
  sources: SourceChoice[];
  camera_error: string | null;
}

/** Which listed source is playing now: its spec, else the source's own name for the start-up default. */
export function playingLabel(spec: string | null | undefined, source: string | undefined, list: SourceChoice[]): string {
  const hit = spec ? list.find((c) => c.spec === spec) : undefined;
  if (hit) return hit.label;
  return source ? `${source}${spec ? ` (${spec})` : " (chosen at start-up)"}` : "nothing yet";
}

export function initSettingsScreen(): void {
  const root = document.getElementById("settings-root");
  if (!root) return;
  const now = h("p", { id: "settings-now" }, "Checking the source…");
  const list = h("div", { id: "settings-sources" }, h("p", { class: "muted" }, "Looking for cameras…"));
  const err = h("p", { class: "banner error", id: "settings-error", hidden: true, role: "alert" });
  const refresh = h("button", { id: "settings-refresh" }, "Look for cameras again");
  const sound = h("input", { type: "checkbox", id: "settings-sound", checked: soundOn(), onchange: (e: Event) => {
    const on = (e.target as HTMLInputElement).checked;
    setSoundOn(on);
    if (on) playNotes(notesFor("hit", "good"));
  } });
  fill(root, h("div", { class: "panel" }, h("h3", {}, "Frame source"), now, list, refresh, err),
    h("div", { class: "panel" }, h("h3", {}, "Sound"),
      h("label", { class: "check" }, sound, " A short sound with the Game screen's banner (hit, miss, monster defeated, a hero fainted, the game's end)")),
    h("div", { class: "panel" }, h("h3", {}, "Not adjustable here yet"),
      h("p", { class: "muted" }, "The settle window (300 ms of stillness before a throw counts as finished) and the colour ranges use their defaults. Die sets are enrolled on the Calibration screen.")));
  let choices: SourceChoice[] = [];
  const showNow = () => {
    const st = currentStatus();
    now.textContent = `Playing: ${playingLabel(st?.spec, st?.source, choices)}${st?.error ? ` — problem: ${st.error}` : ""}`;
  };
  const load = async () => {
    try {
      const r = await invoke<SourceList>("capture_sources");
      choices = r.sources;
      fill(list,
        r.camera_error ? h("p", { class: "muted" }, `Cameras: ${r.camera_error}`) : null,
        h("ul", { class: "source-list" }, ...r.sources.map((c) =>
          h("li", {}, h("button", {
            "data-source": c.spec,
            onclick: async () => {
              err.hidden = true;
              try {
                await invoke("capture_set_source", { spec: c.spec });
                now.textContent = `Switching to ${c.label}…`;
              } catch (e) {
                err.hidden = false;
                err.textContent = errorText(e);
              }
            },
          }, "Use"), ` ${c.label}`))));
      showNow();
    } catch (e) {
      fill(list, h("p", { class: "banner error" }, `The sources could not be listed: ${errorText(e)}`));
    }
  };
  refresh.addEventListener("click", () => void load());
  setInterval(showNow, 1000);
  void load();
}
