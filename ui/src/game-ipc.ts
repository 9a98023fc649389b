// Typed wrappers around the Rust commands in src-tauri/src/game.rs. Every
// call rejects with the Rust side's error string (a refusal reads
// `refused by rule "…": …`), which the screens show as it is.
import { invoke } from "@tauri-apps/api/core";

/** Mirrors `GameInfo`. */
export interface GameInfo {
  name: string;
  /** The game's name as players know it. */
  title: string;
  /** Whether a campaign can be kept for it. */
  campaign: boolean;
  dedicated_screen: boolean;
  camera: boolean;
}

/** Mirrors `SessionSummary`: one saved game. */
export interface SessionSummary {
  id: number;
  game: string;
  campaign_id: number | null;
  created_at_ms: number;
  entries: number;
}

/** Mirrors `tw_app::campaigns::SavedGame`: one line of the saved-games list. */
export interface SavedGame {
  id: number;
  game: string;
  game_title: string;
  campaign_id: number | null;
  campaign: string | null;
  /** Where the game stands, in words ("Combat", "In town", "Won"). */
  phase: string;
  over: boolean;
  /** Why the game cannot be read back, when it cannot. */
  problem: string | null;
  started_at_ms: number;
  played_at_ms: number;
  entries: number;
}

/** Mirrors `tw_app::campaigns::CampaignCheck`: a campaign named at setup. */
export type CampaignCheck =
  | { kind: "no_campaign" }
  | { kind: "joins"; name: string }
  | { kind: "missing"; name: string; game_title: string }
  | { kind: "other_game"; name: string; game_title: string };

export type Source = "camera" | "manual" | "correction" | "undo";

/** Mirrors `LogLine`: one entry of a game's log. */
export interface LogLine {
  seq: number;
  at_ms: number;
  source: Source;
  command: Record<string, unknown> | null;
  events: Array<Record<string, unknown>>;
  original_reading: unknown;
  image_path: string | null;
  reverts_seq: number | null;
}

/** Mirrors `tw_rules::Input`: how the screen asks for one filled path. */
export interface OfferInput {
  kind: "text" | "number" | "flag" | "json";
  /** The only values the engine accepts, with words for each. */
  choices?: Array<{ value: unknown; label: string }>;
  /** The field's name on the form, when its path says it badly. */
  label?: string;
}

/** Mirrors `tw_rules::Offer`: a command the engine offers now. */
export interface Offer {
  key: string;
  label: string;
  /** The command as the engine takes it; each `fill` path holds null until the player fills it. */
  command: Record<string, unknown>;
  /** Dotted paths in `command` the player fills before sending. */
  fill?: string[];
  /** How each `fill` path is asked for; a path with none is free text. */
  inputs?: Record<string, OfferInput>;
  /** Where the command carries a card from the table, and its kind (the card library). */
  card?: { path: string; kind: string };
}

/** A card as the engine takes it; `name` names it in the library. */
export type Card = Record<string, unknown> & { name: string };

/** Mirrors `tw_store::CardRecord`: one card of the library. */
export interface CardRecord {
  game: string;
  kind: string;
  name: string;
  card: Card;
  updated_ms: number;
}

/** Mirrors `GameView`: a game as it stands after a call. */
export interface GameView {
  session: number;
  game: string;
  campaign_id: number | null;
  last_seq: number;
  can_undo: boolean;
  /** The log entry undo (or a correction) would replace, if any. */
  undo_target: number | null;
  state: unknown;
  /** What the rules derive from the state for the screen (engine `view`). */
  view: Record<string, unknown>;
  /** The commands open to the player now (engine `offers`). */
  offers: Offer[];
  /** The kept cards of each kind the offers carry (the card library). */
  cards?: Record<string, Card[]>;
  events: Array<Record<string, unknown>>;
  command: Record<string, unknown> | null;
  /** Set when a camera reading was too uncertain to act on (nothing was written). */
  ask_player: string | null;
  log: LogLine[];
  /** The newest throws the camera finished in this game, with what became of each. */
  throws: KeptThrow[];
  /** The one-click corrections the core offers on log entries now (`tw_app::entry_fix`). */
  fixes?: EntryFix[];
}

/** Mirrors `tw_app::entry_fix::EntryFix`: a correction of log entry `seq`, applied by its key. */
export interface EntryFix {
  seq: number;
  key: string;
  label: string;
}

/** Mirrors `tw_store::ThrowRecord`. */
export interface KeptThrow {
  session: number;
  id: number;
  at_ms: number;
  reading: Record<string, unknown>;
  image_path: string | null;
  status: "applied" | "waiting" | "ask" | "ignored";
  reason: string | null;
  applied_seq: number | null;
}

/** Mirrors `CampaignSummary`. */
export interface CampaignSummary {
  id: number;
  name: string;
  game: string;
  players: string[];
  sessions: number;
  updated_at_ms: number;
}

/** Mirrors `CampaignView`. */
export interface CampaignView {
  id: number;
  name: string;
  game: string;
  notes: string;
  players: string[];
  record: unknown;
  created_at_ms: number;
  updated_at_ms: number;
  sessions: SessionSummary[];
}

/** What `game`'s new-game form offers, as its engine declares it (read with `setup-options.ts`). */
export const gameSetupOptions = (game: string) => invoke<unknown>("game_setup_options", { game });
export const gamesList = () => invoke<GameInfo[]>("games_list");
export const gameNew = (game: string, setup: unknown, campaign?: string) =>
  invoke<GameView>("game_new", { game, setup, campaign: campaign ?? null });
/** Saved games, the most recently played first. */
export const gameList = () => invoke<SavedGame[]>("game_list");
/** The game to continue (the last played that is not over), or null. */
export const gameLast = () => invoke<SavedGame | null>("game_last");
export const gameState = (id: number) => invoke<GameView>("game_state", { id });
export const gameDo = (id: number, command: unknown, source: "manual" | "camera" = "manual", reading?: unknown) =>
  invoke<GameView>("game_do", { id, command, source, reading: reading ?? null });
/** (ours, theirs) pip values of two dice on the table; see src-tauri game::pair. */
export const pairDice = (dice: unknown, pairing: unknown) => invoke<[number, number]>("pair_dice", { dice, pairing });
export const gameUndo = (id: number) => invoke<GameView>("game_undo", { id });
export const gameCorrect = (id: number, command: unknown) => invoke<GameView>("game_correct", { id, command });
/** Apply correction `key` the view offered on entry `seq` (GameView.fixes). */
export const gameFix = (id: number, seq: number, key: string) => invoke<GameView>("game_fix", { id, seq, key });
export const gameObserve = (id: number, reading: unknown, snapshot?: string | null) =>
  invoke<GameView>("game_observe", { id, reading, snapshot: snapshot ?? null });
/** The snapshot (JPEG, base64) kept with log entry `seq`, or null. */
export const gameSnapshot = (id: number, seq: number) => invoke<string | null>("game_snapshot", { id, seq });
export const campaignList = () => invoke<CampaignSummary[]>("campaign_list");
export const campaignShow = (name: string) => invoke<CampaignView>("campaign_show", { name });
/** Saves the export as `file` in the data folder's exports folder; resolves to the full path. */
export const campaignExport = (name: string, file: string) => invoke<string>("campaign_export", { name, file });
export const campaignNew = (name: string, game: string, players: string[]) =>
  invoke<CampaignView>("campaign_new", { name, game, players });
/** Imports the text of an exported campaign file, optionally under another name. */
export const campaignImport = (text: string, rename?: string) =>
  invoke<CampaignView>("campaign_import", { text, rename: rename ?? null });
export const campaignRename = (name: string, newName: string) => invoke<CampaignView>("campaign_rename", { name, newName });
export const campaignCheck = (name: string, game: string) => invoke<CampaignCheck>("campaign_check", { name, game });
/** The card library of one game, every kind. */
export const cardsList = (game: string) => invoke<CardRecord[]>("cards_list", { game });
export const cardSave = (game: string, kind: string, card: unknown) => invoke<string>("card_save", { game, kind, card });
export const cardDelete = (game: string, kind: string, name: string) => invoke<void>("card_delete", { game, kind, name });

/** The message of whatever a rejected `invoke` threw. */
export function errorText(e: unknown): string {
  if (typeof e === "string") return e;
  if (e instanceof Error) return e.message;
  return JSON.stringify(e);
}
