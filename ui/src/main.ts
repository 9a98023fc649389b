// Entry point: tab switching between the five screens, then the live view.
import { startTableView } from "./table";
import { initGameScreen } from "./game";
import { initCampaignScreen } from "./campaign";
import { initSettingsScreen } from "./settings/screen";
import { initCalibrationScreen } from "./calibration/screen";
import { startEventFeed } from "./event-feed";

function setupTabs(): void {
  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const show = (name: string) => {
    for (const tab of tabs) {
      const selected = tab.dataset.screen === name;
      tab.setAttribute("aria-selected", String(selected));
      const panel = document.getElementById(`screen-${tab.dataset.screen}`);
      if (panel) panel.hidden = !selected;
    }
  };
  for (const tab of tabs) tab.addEventListener("click", () => show(tab.dataset.screen ?? "table"));
}

setupTabs();
void startEventFeed().catch((e) => console.error(`the app's events could not be subscribed to: ${String(e)}`));
startTableView();
initGameScreen();
initCampaignScreen();
initSettingsScreen();
initCalibrationScreen();
