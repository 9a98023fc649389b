// The games with a screen of their own besides Dungeon Fighter (whose board
// is in game.ts). Each entry lives in its own folder under screens/.
import type { GameScreen } from "./plugin";
import { silverMineScreen } from "./itdd/screen";
import { gdScreen } from "./gd/screen";
import { pdqScreen } from "./pdq/screen";
import { drScreen } from "./dr/screen";

export const SCREENS: GameScreen[] = [silverMineScreen, gdScreen, pdqScreen, drScreen];
