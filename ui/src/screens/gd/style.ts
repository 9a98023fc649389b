// The Green Dungeon screen's styles, injected once: they live beside the
// screen so the shared styles.css stays free of one game's rules.

const CSS = `
.gd-board { display: flex; flex-direction: column; gap: 0.6rem; }
.gd-top { display: grid; grid-template-columns: minmax(16rem, 1fr) minmax(22rem, 1.4fr); gap: 0.6rem; }
.gd-phase .big { font-weight: 600; }
.gd-phase.gd-alert { border-color: #b58a2a; box-shadow: 0 0 0 1px #b58a2a inset; }
.gd-stats { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.25rem 0.8rem; }
.gd-stat { display: flex; flex-direction: column; }
.gd-stat .v { font-size: 1.1rem; font-variant-numeric: tabular-nums; }
.gd-stat .k { font-size: 0.75rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.gd-bar { height: 6px; background: #15181b; border-radius: 3px; overflow: hidden; margin-top: 2px; }
.gd-bar > span { display: block; height: 100%; }
.gd-bar.hp > span { background: #c0504d; } .gd-bar.mp > span { background: #4a7fd0; } .gd-bar.xp > span { background: #5fb37a; }
.gd-main { display: grid; grid-template-columns: auto minmax(22rem, 1fr); gap: 0.6rem; align-items: start; }
.gd-dungeon { display: flex; flex-direction: column; gap: 0.4rem; align-items: center; }
.gd-gridwrap { display: grid; grid-template-columns: 1.2rem auto; grid-template-rows: 1.2rem auto; }
.gd-axis { display: flex; color: var(--muted); font-size: 0.75rem; justify-content: space-around; align-items: center; }
.gd-axis.cols { grid-column: 2; }
.gd-axis.rows { grid-row: 2; flex-direction: column; }
.gd-grid { position: relative; grid-column: 2; grid-row: 2; border: 5px solid #0c0d0f; border-radius: 4px; background: #0c0d0f; }
.gd-cell { position: absolute; width: 92px; height: 92px; border-radius: 3px; border-style: solid; border-width: 7px; padding: 3px;
  display: flex; flex-direction: column; justify-content: space-between; font-size: 0.72rem; line-height: 1.15; cursor: pointer; color: #16181b; overflow: hidden; }
.gd-cell .name { font-weight: 700; font-size: 0.8rem; }
.gd-cell .badges { display: flex; flex-wrap: wrap; gap: 2px; max-width: 58px; }
.gd-cell .badge { background: rgba(0,0,0,0.55); color: #f4f4f4; border-radius: 3px; padding: 0 3px; font-size: 0.66rem; white-space: nowrap; }
.gd-cell.down { background: repeating-linear-gradient(45deg, #2a2f36, #2a2f36 6px, #262a30 6px, #262a30 12px); color: var(--muted); border-color: #2a2f36 !important; }
.gd-cell.down.reset { opacity: 0.9; }
.gd-cell.k-drop { background: #8fb6d9; } .gd-cell.k-hammer { background: #b9a9a0; } .gd-cell.k-wood { background: #b08a5a; }
.gd-cell.k-brick { background: #c07a62; } .gd-cell.k-cog { background: #d8c063; } .gd-cell.k-straw { background: #e3d79a; }
.gd-cell.explored:not(.cleared) { box-shadow: inset 0 0 0 2px #8a4; }
.gd-cell.cleared { filter: saturate(0.55) brightness(0.9); }
.gd-cell.clairvoyant { outline: 2px dashed #b48cff; outline-offset: -4px; }
.gd-cell.target { box-shadow: 0 0 0 3px #5fb37a; }
.gd-cell.target.wall-target { box-shadow: 0 0 0 3px #7a4444; }
.gd-cell.selected { box-shadow: 0 0 0 3px #f0c040; }
.gd-cell.upkeep { box-shadow: 0 0 0 4px #e05ad0; }
.gd-cell .hint { background: #1d3b26; color: #d9f2df; border-radius: 3px; padding: 0 3px; font-size: 0.66rem; align-self: flex-start; }
.gd-cell .hint.bad { background: #4a2222; color: #ffd0d0; }
.gd-cell .hint.up { background: #5a2050; color: #ffd6f6; }
.gd-hero { position: absolute; right: 3px; bottom: 3px; width: 24px; height: 24px; border-radius: 50%; background: #111; color: #fff;
  border: 2px solid #fff; display: flex; align-items: center; justify-content: center; font-size: 0.8rem; font-weight: 700; }
.gd-meeple { position: absolute; right: 4px; top: 0; font-size: 1.3rem; color: #6a1b1b; }
.gd-edge { position: absolute; pointer-events: none; display: flex; align-items: center; justify-content: center; font-size: 0.8rem; font-weight: 700; }
.gd-edge.open { background: #efe6c4; }
.gd-edge.door { background: #8b5a2b; color: #fff3d6; border-radius: 2px; }
.gd-edge.wall { background: #0c0d0f; }
.gd-dpad { display: grid; grid-template-columns: repeat(3, 2.6rem); grid-template-rows: repeat(2, 2rem); gap: 0.2rem; }
.gd-dpad button { padding: 0 !important; }
.gd-legend { font-size: 0.75rem; color: var(--muted); display: flex; flex-wrap: wrap; gap: 0.25rem 0.7rem; max-width: 520px; }
.gd-legend i { display: inline-block; width: 14px; height: 8px; vertical-align: middle; margin-right: 3px; border-radius: 2px; }
.gd-side { display: flex; flex-direction: column; gap: 0.6rem; min-width: 0; }
.gd-actions { display: flex; flex-direction: column; gap: 0.5rem; }
.gd-prompt { border: 1px solid #4a5563; border-radius: 8px; padding: 0.5rem 0.7rem; background: #1c2025; }
.gd-prompt h4 { margin: 0 0 0.3rem; color: var(--text) !important; text-transform: none !important; font-size: 1rem !important; letter-spacing: 0 !important; }
.gd-slot { display: flex; align-items: center; gap: 0.3rem; margin: 0.25rem 0; flex-wrap: wrap; }
.gd-slot .label { min-width: 13.5rem; }
.gd-slot button.face { width: 2.2rem; padding: 0.3rem 0 !important; font-variant-numeric: tabular-nums; }
.gd-chip { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 3px; border: 1px solid #888; vertical-align: middle; }
.gd-chip.c-white { background: #eee; } .gd-chip.c-red { background: #c33; } .gd-chip.c-green { background: #3a3; }
.gd-chip.c-blue { background: #36c; } .gd-chip.c-black { background: #111; } .gd-chip.c-other { background: repeating-linear-gradient(45deg, #888, #888 3px, #555 3px, #555 6px); }
.gd-sources { display: flex; gap: 0.4rem; flex-wrap: wrap; margin-top: 0.35rem; }
.gd-sources button.camera { background: #27497a !important; }
.gd-sources button.virtual { background: #4b3a6b !important; }
.gd-note { color: #ffd08a; font-size: 0.9rem; }
.gd-rolled { color: #c9b6ff; font-size: 0.9rem; }
.gd-track { display: flex; flex-direction: column; gap: 0.3rem; }
.gd-squares { display: flex; gap: 3px; align-items: flex-end; }
.gd-squares { flex-wrap: wrap; }
.gd-sq { width: 2rem; height: 2rem; border: 1px solid #3d4550; border-radius: 4px; display: flex; align-items: center; justify-content: center;
  font-size: 0.75rem; color: var(--muted); position: relative; background: #15181b; }
.gd-sq.zero { width: 1.6rem; }
.gd-sq.event { border-color: #b58a2a; }
.gd-sq.filled::after { content: ""; width: 0.9rem; height: 0.9rem; background: #4a4f57; border: 1px solid #b9bec6; border-radius: 2px; position: absolute; }
.gd-sq.current { box-shadow: 0 0 0 2px var(--accent); color: var(--text); }
.gd-sq .n { position: absolute; top: 1px; left: 3px; font-size: 0.6rem; }
.gd-cubes { display: flex; gap: 4px; align-items: center; }
.gd-cube { width: 1rem; height: 1rem; border-radius: 2px; background: #b58a2a; border: 1px solid #e0c070; }
.gd-cube.empty { background: transparent; border-style: dashed; border-color: #555; }
.gd-cards { display: flex; flex-direction: column; gap: 0.35rem; }
.gd-cards .nums button, .gd-cards .syms button { min-width: 2.3rem; }
.gd-monster .big { font-weight: 600; }
.gd-score td:last-child { text-align: right; font-variant-numeric: tabular-nums; }
.gd-kinds button { min-width: 6.5rem; }
.gd-setup { display: flex; flex-direction: column; gap: 0.45rem; align-items: flex-start; }
.gd-setup .corners { display: grid; grid-template-columns: repeat(2, 8rem); gap: 0.3rem; }
`;

/** Adds the styles to the page once. */
export function ensureStyles(): void {
  if (typeof document === "undefined" || document.getElementById("gd-style")) return;
  const el = document.createElement("style");
  el.id = "gd-style";
  el.textContent = CSS;
  document.head.append(el);
}
