// The Dungeon Roll screen's styles, injected once, kept beside the screen so
// the shared styles.css stays free of one game's rules.

const CSS = `
.dr-board { display: flex; flex-direction: column; gap: 0.5rem; }
.dr-now { font-weight: 600; }
.dr-stats { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: 0.25rem 0.8rem; }
.dr-stat { display: flex; flex-direction: column; }
.dr-stat .v { font-size: 1.1rem; font-variant-numeric: tabular-nums; }
.dr-stat .k { font-size: 0.75rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.dr-zones { display: grid; grid-template-columns: 2fr 1fr 2fr 1fr; gap: 0.5rem; margin: 0.4rem 0; }
.dr-zone { border: 1px solid #3a4048; border-radius: 4px; padding: 0.3rem; min-height: 3.2rem; }
.dr-zone h4 { margin: 0 0 0.2rem; font-size: 0.8rem; color: var(--muted); }
.dr-zone.awake { border-color: #c0504d; }
.dr-count { font-size: 1.4rem; font-variant-numeric: tabular-nums; }
.dr-warn { color: #e07a5f; font-weight: 600; }
.dr-die { display: inline-block; min-width: 4.2rem; text-align: center; margin: 2px; padding: 0.25rem 0.3rem; border-radius: 5px; font-size: 0.8rem; }
.dr-die.party { background: #f1f1ee; color: #16181b; border: 1px solid #bbb; }
.dr-die.dungeon { background: #16181b; color: #f1f1ee; border: 1px solid #555; }
.dr-die.dungeon.f-dragon { color: #e07a5f; }
.dr-die.hero { background: #5a4a8a; color: #fff; }
.dr-players { display: flex; flex-direction: column; gap: 0.1rem; font-size: 0.85rem; }
.dr-player.current { font-weight: 600; }
.dr-actions { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.dr-choice { margin: 2px; }
.dr-alert { border-color: #b58a2a; box-shadow: 0 0 0 1px #b58a2a inset; }
.dr-reroll { display: inline-flex; align-items: center; gap: 0.2rem; margin-right: 0.5rem; }
.dr-scores table { border-collapse: collapse; }
.dr-scores td, .dr-scores th { padding: 0.15rem 0.6rem; text-align: right; }
.dr-scores td:first-child, .dr-scores th:first-child { text-align: left; }
.dr-scores tr.won td { font-weight: 700; }
.dr-seat { margin: 0.2rem 0; }
`;

let added = false;

export function ensureStyles(): void {
  if (added) return;
  added = true;
  const style = document.createElement("style");
  style.textContent = CSS;
  document.head.append(style);
}
