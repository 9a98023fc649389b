// An optional sound for the Game screen's feedback banner, made with
// WebAudio (no audio files): a short rising chime for good news, a falling
// one for bad, a longer run for a monster defeated or the game's end. Off
// unless the player turns it on in Settings (kept in localStorage).

/** One note: its pitch (Hz), when it starts and how long it lasts (s). */
export interface Note {
  freq: number;
  at: number;
  dur: number;
}

const KEY = "tw.feedbackSound";

/** The notes for a banner of `kind` and `tone`: short, and never louder than the table. */
export function notesFor(kind: string, tone: "good" | "bad" | string): Note[] {
  const run = (freqs: number[], step: number, dur: number) => freqs.map((freq, i) => ({ freq, at: i * step, dur }));
  switch (kind) {
    case "game_over":
      return tone === "good" ? run([523, 659, 784, 1047], 0.12, 0.25) : run([392, 330, 262, 196], 0.16, 0.3);
    case "epic_shot":
    case "insta_kill":
    case "monster_defeated":
      return run([523, 659, 784], 0.09, 0.18);
    case "hero_fainted":
      return run([330, 247], 0.15, 0.25);
    default:
      return tone === "good" ? run([659, 880], 0.07, 0.12) : run([294, 220], 0.09, 0.14);
  }
}

/** Whether the player turned the sound on (off by default, and where storage is unavailable). */
export function soundOn(store: Pick<Storage, "getItem"> | null = globalThis.localStorage ?? null): boolean {
  try {
    return store?.getItem(KEY) === "on";
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean, store: Pick<Storage, "setItem"> | null = globalThis.localStorage ?? null): void {
  try {
    store?.setItem(KEY, on ? "on" : "off");
  } catch {
    // No storage: the choice lasts until the window closes (nothing to keep it in).
  }
}

let ctx: AudioContext | null = null;

/** Play the banner's notes (a no-op when WebAudio is missing or refuses). */
export function playNotes(notes: Note[]): void {
  try {
    ctx ??= new AudioContext();
    const t0 = ctx.currentTime + 0.01;
    for (const n of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = n.freq;
      // A soft attack and decay, so the notes do not click.
      gain.gain.setValueAtTime(0, t0 + n.at);
      gain.gain.linearRampToValueAtTime(0.15, t0 + n.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + n.at + n.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + n.at);
      osc.stop(t0 + n.at + n.dur + 0.02);
    }
  } catch {
    // No audio output: the banner still says it.
  }
}
