// Pure helpers of the Campaign screen and the Game screen's start view
// (tested in ui/test/campaign.test.ts and ui/test/game.test.ts): a
// campaign's record as a sheet, the saved-games lines, what to say about a
// campaign named at setup, and file names.
import type { CampaignCheck, SavedGame } from "./game-ipc";

/**
 * A safe file name for a campaign's export: the name with anything that is
 * not a letter, digit, dot or dash turned into single dashes, so a name like
 * "Tuesday / Crypt" cannot make a path.
 */
export function exportFileName(campaign: string): string {
  const slug = campaign
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}.-]+/gu, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .toLowerCase();
  return `${slug || "campaign"}.campaign.json`;
}

/** The players typed in one box, separated by commas; blanks dropped. */
export function parsePlayers(text: string): string[] {
  return text.split(",").map((p) => p.trim()).filter((p) => p.length > 0);
}

/** How a date reads on screen; tests pass a fixed one. */
export type DateText = (ms: number) => string;
const localDate: DateText = (ms) => new Date(ms).toLocaleString();

// ------------------------------------------------------------------ sheets

/** One part of a campaign sheet: label/value lines, a table, or a note when empty. */
export interface SheetSection {
  title: string;
  lines?: Array<[string, string]>;
  table?: { head: string[]; rows: string[][] };
  /** Shown instead of the table when it has no rows. */
  empty?: string;
}

type Rec = Record<string, unknown>;
const obj = (v: unknown): Rec => (v && typeof v === "object" && !Array.isArray(v) ? (v as Rec) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown, none = "—"): string => (v === null || v === undefined || v === "" ? none : String(v));
const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);

/** "first_hero" / "saul-baysar" → "First hero" / "Saul Baysar" (dashes mark names). */
export function wordsOf(s: string): string {
  if (s.includes("-") && !s.includes(" ")) return s.split("-").filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
  const t = s.replace(/_/g, " ").trim();
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}

const names = (v: unknown, none: string): string => {
  const l = list(v).map((x) => wordsOf(String(x)));
  return l.length ? l.join(", ") : none;
};

/**
 * A campaign record (the store's JSON for `game`) as the sheet a player
 * reads: Silver Mine's stash, coins, books, characters and titles; Pocket
 * Dungeon Quest's heroes with level, XP, keys and gear; Dungeon Fighter's
 * games with their titles; the score tables of the others. A game without
 * a sheet gets one section saying so.
 */
export function recordSheet(game: string, record: unknown, date: DateText = localDate): SheetSection[] {
  const r = obj(record);
  switch (game) {
    case "silver-mine":
      return silverMine(r);
    case "pocket-dungeon-quest":
      return pocketDungeonQuest(r);
    case "dungeon-fighter":
      return dungeonFighter(r, date);
    case "dungeon-roll":
    case "green-dungeon":
      return scoreBook(r, date);
    default:
      return [{ title: "Record", lines: [], empty: "This version has no sheet for this game's record." }];
  }
}

function silverMine(r: Rec): SheetSection[] {
  const stash = obj(r.stash);
  const quest = r.active_quest ? obj(r.active_quest) : null;
  return [
    { title: "Stash", lines: [
      ["Coins", String(num(stash.coins))],
      ["Books", names(stash.books, "none")],
      ["Reward for the first Hero", r.first_hero_reward_given ? "paid" : "not yet earned"],
    ] },
    { title: "Characters", empty: "No characters yet.", table: {
      head: ["Character", "Class", "Player", "Titles", "Path", "Status"],
      rows: list(r.characters).map(obj).map((c) => [
        text(c.name), wordsOf(text(c.kind)), text(c.player), names(c.titles, "none yet"),
        c.path ? wordsOf(String(c.path)) : "—", c.alive === false ? "Defeated" : "Alive",
      ]),
    } },
    quest
      ? { title: "Quest", lines: [["Quest", text(quest.name)], ["Difficulty", wordsOf(text(quest.difficulty))], ["Progress", `${num(quest.progress)} of ${num(quest.goal)}`]] }
      : { title: "Quest", lines: [], empty: "No quest in progress." },
  ];
}

function pocketDungeonQuest(r: Rec): SheetSection[] {
  return [{ title: "Heroes", empty: "No heroes yet.", table: {
    head: ["Hero", "Player", "Level", "XP", "Keys", "Gear"],
    rows: list(r.heroes).map(obj).map((h) => [
      wordsOf(text(h.name)), text(h.player), String(num(h.level)), String(num(h.xp)), String(num(h.keys)), names(h.gear, "none"),
    ]),
  } }];
}

function dungeonFighter(r: Rec, date: DateText): SheetSection[] {
  const results = list(r.results).map(obj);
  const won = results.filter((g) => g.won === true).length;
  const best = results.length ? Math.max(...results.map((g) => num(g.score))) : null;
  return [
    { title: "Summary", lines: [
      ["Games played", String(results.length)],
      ["Won", String(won)],
      ["Best score", best === null ? "—" : String(best)],
      ["Titles earned", results.length ? results.map((g) => text(g.title)).join(" → ") : "none yet"],
    ] },
    { title: "Games", empty: "No game of this campaign has ended yet.", table: {
      head: ["Date", "Heroes", "Difficulty", "Result", "Score", "Title"],
      rows: results.map((g) => [
        date(num(g.at_ms)), names(g.heroes, "—"), wordsOf(text(g.difficulty)), g.won ? "Won" : "Lost", String(num(g.score)), text(g.title),
      ]),
    } },
  ];
}

function scoreBook(r: Rec, date: DateText): SheetSection[] {
  const scores = list(r.scores).map(obj);
  const best = scores.reduce<Rec | null>((b, s) => (b === null || num(s.score) > num(b.score) ? s : b), null);
  return [
    { title: "Summary", lines: [
      ["Games recorded", String(scores.length)],
      ["Best score", best ? `${num(best.score)} (${text(best.player)})` : "—"],
    ] },
    { title: "Scores", empty: "No scores recorded yet.", table: {
      head: ["Date", "Player", "Score", "Result", "Notes"],
      rows: scores.map((s) => [
        date(num(s.at_ms)), text(s.player), String(num(s.score)), s.won === true ? "Won" : s.won === false ? "Lost" : "—", text(s.notes),
      ]),
    } },
  ];
}

// ------------------------------------------------------------- saved games

/** The cells of one saved game: game, campaign, phase, last played. */
export function savedGameCells(g: SavedGame, date: DateText = localDate): [string, string, string, string] {
  const phase = g.problem ? `Cannot be opened: ${g.problem}` : g.phase;
  return [g.game_title, g.campaign ?? "—", phase, date(g.played_at_ms)];
}

/** The "Continue last game" button's words: which game, where it stands, when. */
export function continueLabel(g: SavedGame, date: DateText = localDate): string {
  const parts = [g.game_title, g.campaign, g.phase, date(g.played_at_ms)].filter((p): p is string => !!p);
  return `Continue last game: ${parts.join(" · ")}`;
}

/** What the setup form does about the campaign named in it. */
export type CampaignStep =
  | { kind: "start"; campaign?: string }
  | { kind: "offer"; name: string; question: string }
  | { kind: "refuse"; message: string };

export function campaignStep(check: CampaignCheck): CampaignStep {
  switch (check.kind) {
    case "no_campaign":
      return { kind: "start" };
    case "joins":
      return { kind: "start", campaign: check.name };
    case "missing":
      return { kind: "offer", name: check.name, question: `There is no campaign called “${check.name}”. Create a ${check.game_title} campaign called “${check.name}” and start this game in it?` };
    case "other_game":
      return { kind: "refuse", message: `“${check.name}” is a ${check.game_title} campaign; this game cannot join it. Type another campaign name, or leave it empty to play without one.` };
  }
}
