// Subscribes to the core's events once, at start-up, and hands them to the
// screens through camera-feed.ts (which the tests drive without a window).
import { listen } from "@tauri-apps/api/event";
import { publishGame, publishThrow, type ThrowEvent } from "./camera-feed";
import type { GameView } from "./game-ipc";

export async function startEventFeed(): Promise<void> {
  await listen<ThrowEvent>("throw-finished", (e) => publishThrow(e.payload));
  await listen<GameView>("game-changed", (e) => publishGame(e.payload));
}
