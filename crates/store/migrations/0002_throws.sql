-- Schema version 2: every throw the camera finished while a game was being
-- played, and what became of it. Documented in ../SCHEMA.md.

CREATE TABLE throws (
    session_id  INTEGER NOT NULL REFERENCES sessions (id),
    -- Numbered per session, from 1, in the order the throws finished.
    id          INTEGER NOT NULL CHECK (id >= 1),
    at_ms       INTEGER NOT NULL,
    -- The reading as the camera made it (dice, which ones landed, reader).
    reading     TEXT    NOT NULL CHECK (json_valid(reading)),
    image_path  TEXT,
    -- applied: a log entry was made of it; waiting: it will be applied when
    -- the game is ready (a choice is pending); ask: the player must enter it;
    -- ignored: it does not count (reason says why).
    status      TEXT    NOT NULL CHECK (status IN ('applied', 'waiting', 'ask', 'ignored')),
    reason      TEXT,
    -- The log entry it became, once applied.
    applied_seq INTEGER CHECK (applied_seq IS NULL OR applied_seq >= 1),
    CHECK ((status = 'applied') = (applied_seq IS NOT NULL)),
    PRIMARY KEY (session_id, id)
) WITHOUT ROWID;
