// Typed wrappers around the Rust commands in src-tauri/src/calibration.rs.
// Every call rejects with the Rust side's error string, shown as it is.
import { invoke } from "@tauri-apps/api/core";
import { parseFrame, type EncodedFrame } from "../ipc";
import type { BoardSpec } from "./board-edit";
import type { DieSample, Descriptor, FaceLabel } from "./dice";
import type { EnrolTarget, KeptStill, Rect, SavedSet } from "./game-dice";
import type { Profile, Pt } from "./geometry";

/** Mirrors `ActiveView`. */
export interface ActiveView {
  profile_path: string;
  profile: Profile | null;
  profile_error: string | null;
  board: BoardSpec;
  board_source: string;
  board_error: string | null;
  /** The shipped default geometry. */
  default_board: BoardSpec;
  dice_sets_dir: string;
  dice_sets: string[];
  colors: string[];
}

export type MarkerLayout = { kind: "sheet" } | { kind: "corners"; size_mm: Pt };
export type Pick = { kind: "click"; at: Pt } | { kind: "box"; rect: [number, number, number, number] };

export const calibrationActive = () => invoke<ActiveView>("calibration_active");

/** Takes the newest frame as the still; null if the reply held no frame. */
export async function takeStill(): Promise<EncodedFrame | null> {
  return parseFrame(await invoke<ArrayBuffer>("calibration_take_still"));
}

export const findMarkers = (layout: MarkerLayout) => invoke<Profile>("calibration_find_markers", { layout });
export const manualProfile = (points: Pt[], sizeMm: Pt) => invoke<Profile>("calibration_manual", { points, sizeMm });
export const saveProfile = (profile: Profile) =>
  invoke<{ path: string; kept_board: string | null }>("calibration_save", { profile });
export const boardCheck = (spec: BoardSpec) => invoke<{ field: string; problem: string }[]>("calibration_board_check", { spec });
export const boardSave = (spec: BoardSpec) => invoke<{ board_path: string; profile_path: string }>("calibration_board_save", { spec });
export const dieSample = (pick: Pick, profile: Profile | null, board: BoardSpec | null, edgeMm: number) =>
  invoke<DieSample>("calibration_die_sample", { pick, profile, board, edgeMm });
export const dieSetSave = (name: string, edgeMm: number, examples: { color: string; face: FaceLabel; descriptor: Descriptor }[], colors: string[]) =>
  invoke<{ path: string; prototypes: [string, string, number][]; linked: boolean }>("calibration_dieset_save", { name, edgeMm, examples, colors });

export const enrolTargets = () => invoke<EnrolTarget[]>("dice_enrol_targets");
/** Keeps the still taken last for enrolment; its id and the proposed die boxes. */
export const enrolKeepStill = () => invoke<KeptStill>("dice_enrol_keep_still");
export const enrolSave = (kind: string, name: string, examples: { still: number; rect: Rect; face: string }[]) =>
  invoke<SavedSet>("dice_enrol_save", { kind, name, examples });

export function errorText(e: unknown): string {
  if (typeof e === "string") return e;
  if (e instanceof Error) return e.message;
  return JSON.stringify(e);
}
