// The contract between the Game screen (game.ts) and a game's own screen.
// Dungeon Fighter's board lives in game.ts; Into the Dark Dungeon and Green
// Dungeon plug in through this interface, one folder each (screens/itdd,
// screens/gd), so each game's screen can change without touching the others.
import type { GameView } from "../game-ipc";
import type { Die } from "../ipc";

/** How a screen tells the camera's two dice apart (mirrors tw_session::assign::Pairing). */
export type Pairing =
  | { by: "colour"; ours: string; theirs: string }
  | { by: "position"; ours: [number, number]; theirs: [number, number] };

/** What the Game screen hands a game's screen on every render. */
export interface ScreenCtx {
  /** The saved game as it stands (state, log, last events). */
  view: GameView;
  /** Run a command the player clicked or typed (logged as "manual"). */
  send(command: unknown): void;
  /**
   * Run a command whose dice came from the camera (logged as "camera");
   * `reading` (the dice as read) is kept beside it so a correction can show
   * what the camera saw.
   */
  sendCamera(command: unknown, reading: unknown): void;
  /** Replace the last action with `command` (logged as a correction). */
  correct(command: unknown): void;
  /** Draw the screen again (after the screen's own UI state changed). */
  rerender(): void;
  /** The dice the camera sees at rest now (the `warden read` die shape); empty when none. */
  tableDice(): Die[];
  /**
   * Split two dice on the table into (ours, theirs) pip values, by colour or
   * position; rejects with a message for the player (wrong count, unreadable).
   */
  pairDice(dice: Die[], pairing: Pairing): Promise<[number, number]>;
}

/** One game's screen. */
export interface GameScreen {
  /** The engine name (tw_session registry), e.g. "silver-mine". */
  game: string;
  /**
   * The new-game form; calls `start` with the engine's setup JSON. `options`
   * is what the engine's setup accepts (`game_setup_options`), read with the
   * game's reader in `setup-options.ts`; the form lists nothing else.
   */
  setupForm(start: (setup: unknown) => void, fail: (msg: string) => void, options: unknown): HTMLElement;
  /** The play area, drawn above the command box and the log. */
  board(ctx: ScreenCtx): HTMLElement;
  /** One line for a logged command (the log); falls back to its JSON. */
  describeCommand?(command: Record<string, unknown> | null): string;
  /** One line for an event (the log); falls back to its JSON. */
  describeEvent?(event: Record<string, unknown>): string;
  /**
   * A refusal that is only the engine asking for dice (the dungeon turn's
   * attacks): the prompt shown in its place, in the players' words, instead
   * of a red refusal. Null: a real refusal, shown as one.
   */
  askFor?(rule: string, reason: string, view: GameView): string | null;
}
