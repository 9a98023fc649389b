// The app commands the window registers. One list for three places:
// main.rs registers them (`generate_handler!`), build.rs gives each an
// `allow-<name>` permission (so a command outside this list is refused), and
// capabilities/default.json grants them to the main window. The test in
// `acl_check` fails when the three, or the UI's `invoke` calls, disagree.
// (A plain file, not a module doc: build.rs includes it with `include!`.)

/// Every command in `generate_handler!`, by name.
pub const COMMANDS: &[&str] = &[
    "capture_status",
    "next_frame",
    "capture_sources",
    "capture_set_source",
    "games_list",
    "game_setup_options",
    "game_new",
    "game_list",
    "game_state",
    "game_do",
    "game_undo",
    "game_correct",
    "game_fix",
    "game_observe",
    "pair_dice",
    "game_snapshot",
    "campaign_list",
    "campaign_show",
    "campaign_export",
    "game_last",
    "campaign_new",
    "campaign_import",
    "campaign_rename",
    "campaign_check",
    "cards_list",
    "card_save",
    "card_delete",
    "calibration_active",
    "calibration_take_still",
    "calibration_find_markers",
    "calibration_manual",
    "calibration_save",
    "calibration_board_check",
    "calibration_board_save",
    "calibration_die_sample",
    "calibration_dieset_save",
    "dice_enrol_targets",
    "dice_enrol_keep_still",
    "dice_enrol_save",
];
