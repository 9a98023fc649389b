-- Schema version 1 of the Table Warden store. Documented in ../SCHEMA.md.
-- Times are Unix milliseconds (UTC); JSON columns are checked with json_valid.

CREATE TABLE profiles (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
    created_at_ms INTEGER NOT NULL
);

CREATE TABLE campaigns (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
    game          TEXT    NOT NULL,
    notes         TEXT    NOT NULL DEFAULT '',
    -- The game's campaign record (stash, heroes, results...), validated by tw-store before writing.
    record        TEXT    NOT NULL CHECK (json_valid(record)),
    created_at_ms INTEGER NOT NULL,
    updated_at_ms INTEGER NOT NULL
);

CREATE TABLE campaign_players (
    campaign_id INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    profile_id  INTEGER NOT NULL REFERENCES profiles (id),
    position    INTEGER NOT NULL,
    PRIMARY KEY (campaign_id, profile_id)
) WITHOUT ROWID;

CREATE TABLE sessions (
    id             INTEGER PRIMARY KEY,
    campaign_id    INTEGER REFERENCES campaigns (id),
    game           TEXT    NOT NULL,
    setup          TEXT    NOT NULL CHECK (json_valid(setup)),
    snapshot_every INTEGER NOT NULL CHECK (snapshot_every > 0),
    created_at_ms  INTEGER NOT NULL
);
CREATE INDEX sessions_by_campaign ON sessions (campaign_id);

-- The append-only log. One row per accepted command, correction or undo.
CREATE TABLE log_entries (
    session_id       INTEGER NOT NULL REFERENCES sessions (id),
    seq              INTEGER NOT NULL CHECK (seq >= 1),
    at_ms            INTEGER NOT NULL,
    source           TEXT    NOT NULL CHECK (source IN ('camera', 'manual', 'correction', 'undo')),
    command          TEXT    CHECK (command IS NULL OR json_valid(command)),
    events           TEXT    NOT NULL CHECK (json_valid(events)),
    -- What the camera read, kept beside the player's correction of it.
    original_reading TEXT    CHECK (original_reading IS NULL OR json_valid(original_reading)),
    image_path       TEXT,
    -- Undo only: the entry it reverts and the state it restores.
    reverts_seq      INTEGER,
    restore_state    TEXT    CHECK (restore_state IS NULL OR json_valid(restore_state)),
    PRIMARY KEY (session_id, seq),
    CHECK ((source = 'undo') = (reverts_seq IS NOT NULL)),
    CHECK ((source = 'undo') = (restore_state IS NOT NULL)),
    CHECK ((source = 'undo') = (command IS NULL)),
    CHECK (reverts_seq IS NULL OR reverts_seq < seq)
) WITHOUT ROWID;

CREATE TRIGGER log_entries_no_update BEFORE UPDATE ON log_entries
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: entries cannot be changed');
END;
CREATE TRIGGER log_entries_no_delete BEFORE DELETE ON log_entries
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only: entries cannot be deleted');
END;

-- State after entry `seq` (seq 0 = the state after setup). Derived data: a cache for fast resume.
CREATE TABLE snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions (id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    state      TEXT    NOT NULL CHECK (json_valid(state)),
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
