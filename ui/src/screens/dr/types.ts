// The shapes of the Dungeon Roll engine's view (crates/games/dungeon-roll,
// view.rs and picks.rs) as the screen reads them. Every number and word the
// screen shows comes from here; nothing of the rules is restated.

export type Obj = Record<string, unknown>;

/** A face of a die and its name ("fighter", "Fighter"). */
export interface Face {
  face: string;
  name: string;
  /** Dungeon faces: whether it is a monster (Goblin, Skeleton, Ooze). */
  monster?: boolean;
  /** Party faces: whether it is a companion (all but the Scroll). */
  companion?: boolean;
}

/** A token kind: its name, what it does, and how it is played. */
export interface TokenKind {
  kind: string;
  name: string;
  text: string;
  acts_as: string | null;
  own_effect: boolean;
  revives: boolean;
}

/** Something that acts as one Party die: `{die: face}`, `{treasure: kind}` or `{hero: face}`. */
export type UnitRef = Record<string, string>;

/** A unit at hand now and what it would do (picks::units). */
export interface Unit {
  with: UnitRef;
  name: string;
  count: number;
  as: string[];
  fights: Array<{ as: string; monster: string; defeats: number }>;
  opens: number;
  draws: number;
  quaff_revives: number;
}

export interface Proposal {
  feasible: boolean;
  fights: Array<{ with: UnitRef; as: string; monster: string; count: number }>;
  dice_spent: number;
  tokens_spent: number;
  chests_reachable: boolean;
  potions_reachable: boolean;
  reason?: string;
}

export interface Delve {
  number: number | null;
  level: number;
  stage: string;
  party: Record<string, number>;
  party_total: number;
  graveyard: number;
  dungeon: Record<string, number>;
  monsters: number;
  chests: number;
  potions: number;
  lair: number;
  dragon_awake: boolean;
  formation_open: boolean;
  may_regroup: boolean;
  retire_xp: number;
  stuff_of_legend: boolean;
  next_level_dice: number | null;
  proposal: Proposal | null;
  units: Unit[] | null;
  ultimate_inputs: { monsters?: number; revive?: number; pay?: number; reroll?: boolean } | null;
  hero_units: string[];
  usable_treasures: string[] | null;
  dragon_lair_needed?: number;
  champions_as_thieves?: boolean;
}

export interface Player {
  seat: number;
  name: string;
  hero: string;
  hero_name: string | null;
  master: boolean;
  xp: number;
  tokens: Record<string, number>;
  delves: number;
  delves_left: number;
  score_so_far: number;
}

export interface Hero {
  side: string;
  master: boolean;
  master_at: number | null;
  specialty: string;
  ultimate: string;
  ultimate_text: string;
  ultimate_used: boolean;
  dragon_types: number;
  reroll_at_formation: boolean;
}

export interface FinalScore {
  player: number;
  name: string;
  xp: number;
  token_xp: number;
  scale_pairs_xp: number;
  total: number;
  tokens: number;
}

/** A Twist card as the engine describes it; `needs` says what playing it asks for. */
export interface TwistCard {
  id: string;
  name: string;
  text: string;
  needs: "dungeon_reroll" | "party_reroll" | "any_reroll" | "dungeon_die" | "party_die" | "nothing";
  effect: { kind: string; face?: string; lair?: number };
}

export interface Twists {
  cards: TwistCard[];
  playable: boolean;
  hands: Array<{ seat: number; name: string; cards: TwistCard[]; draws_due: number }>;
}

export interface DrView {
  waiting_for: "start_delve" | "monsters" | "dragon" | "loot_or_regroup" | "over";
  adventurer: number;
  dungeon_lord: number;
  hero: Hero | null;
  delve: Delve | null;
  players: Player[];
  treasure_box: Record<string, number>;
  treasure_left: number;
  finished: { scores: FinalScore[]; winners: number[] } | null;
  roll_wanted: { kind: "start_delve" | "seek_glory"; party: number; dungeon: number } | null;
  faces: { party: Face[]; dungeon: Face[] };
  treasure_kinds: TokenKind[];
  rules: { party_dice: number; dungeon_dice: number; max_level: number; delves_per_player: number };
  /** Null or absent without the Twist cards. */
  twists?: Twists | null;
  /** The advanced rule: trades between players may be made now. */
  trading?: boolean;
}

/** The engine's view as the screen's type; throws with a reason when it is not one. */
export function asDrView(v: Obj): DrView {
  const ok = typeof v.waiting_for === "string" && Array.isArray(v.players) && typeof v.faces === "object" && v.faces !== null;
  if (!ok) throw new Error("this is not a Dungeon Roll view (waiting_for, players or faces missing)");
  return v as unknown as DrView;
}
