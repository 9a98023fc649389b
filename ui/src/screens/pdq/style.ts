// The Pocket Dungeon Quest screen's styles, injected once, beside the
// screen so the shared styles stay free of one game's look.

const CSS = `
.pdq { display: flex; flex-direction: column; gap: 0.5rem; }
.pdq-now { font-weight: 600; font-size: 1.05rem; margin: 0; }
.pdq-main { display: grid; grid-template-columns: auto minmax(20rem, 1fr); gap: 0.6rem; align-items: start; }
.pdq-side { display: flex; flex-direction: column; gap: 0.5rem; }
.pdq-mat { display: flex; flex-direction: column; gap: 2px; }
.pdq-row { display: flex; gap: 2px; }
.pdq-cell { width: 52px; height: 52px; padding: 2px; border: 2px solid #23272d; border-radius: 4px; background: #2f353d; color: #f1f1f1;
  font-size: 0.62rem; line-height: 1.1; display: flex; flex-direction: column; justify-content: space-between; align-items: stretch; overflow: hidden; cursor: default; }
.pdq-cell.off { visibility: hidden; }
.pdq-cell.edge { background: transparent; border-style: dashed; border-color: #3a4048; }
.pdq-cell.k-hidden { background: repeating-linear-gradient(45deg, #1b1e22, #1b1e22 5px, #16181b 5px, #16181b 10px); }
.pdq-cell.k-empty, .pdq-cell.k-floor { background: #6b6152; }
.pdq-cell.k-wall { background: #3b3b3b; border-color: #111; }
.pdq-cell.k-exit, .pdq-cell.k-merchant, .pdq-cell.k-pegasus { background: #3f7f6a; }
.pdq-cell.k-relic_circle, .pdq-cell.k-relic_square, .pdq-cell.k-relic_triangle { background: #8a6fb8; }
.pdq-cell.k-boss { background: #8c1f1f; }
.pdq-cell.k-slime, .pdq-cell.k-goblin, .pdq-cell.k-flayer, .pdq-cell.k-minotaur, .pdq-cell.k-skelly_archer,
.pdq-cell.k-winged_shrieking_eel, .pdq-cell.k-red_beholder, .pdq-cell.k-poisoner { background: #a8453a; }
.pdq-cell.k-gems_5, .pdq-cell.k-gems_10 { background: #2f78a8; }
.pdq-cell.k-spike_trap { background: #7a5a1a; }
.pdq-cell.lit { border-color: #e0b84a; cursor: pointer; box-shadow: 0 0 0 1px #e0b84a inset; }
.pdq-cell.fight { border-color: #ff6b5b; }
.pdq-cell.target { box-shadow: 0 0 0 3px #ff6b5b inset; }
.pdq-cell.drafting { border-color: #6bc1ff; }
.pdq-cell .name { font-weight: 700; }
.pdq-cell .badge { background: rgba(0,0,0,0.6); border-radius: 3px; padding: 0 2px; white-space: nowrap; }
.pdq-cell .badge.key { color: #ffd866; }
.pdq-chips { display: flex; flex-wrap: wrap; gap: 0.25rem; }
.pdq-die .face.f-skull { border-color: #c0392b; } .pdq-die .face.f-flash { border-color: #e0b84a; }
.pdq-henchmen .face.on { outline: 2px solid #e0b84a; }
.pdq-roll.r-hit { border-color: #5fb37a; } .pdq-roll.r-miss { border-color: #b58a2a; } .pdq-roll.r-critical_miss { border-color: #c0392b; }
.pdq-roll .big { margin: 0; }
.pdq-effects { margin: 0.2rem 0; }
.pdq-offer { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin: 0.15rem 0; }
.pdq-piles { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.3rem; }
.pdq-pile { display: flex; flex-direction: column; }
.pdq-pile .v { font-size: 1.1rem; font-variant-numeric: tabular-nums; }
.pdq-pile .k { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.04em; }
.pdq-goal { grid-column: 1 / -1; margin: 0; }
.pdq-hero { border-left: 3px solid transparent; padding-left: 0.4rem; }
.pdq-hero.on { border-left-color: #e0b84a; }
.pdq-hero.dead { opacity: 0.6; }
.pdq-hero p { margin: 0.1rem 0; }
.pdq-hero .hearts { color: #e05a5a; letter-spacing: 0.1em; }
.pdq-setup label, .pdq-hero-pick { display: block; margin: 0.2rem 0; }
`;

let injected = false;

export function ensureStyles(): void {
  if (injected || typeof document === "undefined") return;
  injected = true;
  const el = document.createElement("style");
  el.textContent = CSS;
  document.head.append(el);
}
