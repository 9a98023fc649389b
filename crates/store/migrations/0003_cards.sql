-- Schema version 3: the card library. A card the player copied from the
-- table once (a monster, a dungeon, a piece of equipment) is kept here and
-- offered by name the next time. Documented in ../SCHEMA.md.

CREATE TABLE cards (
    -- The engine the card belongs to, e.g. 'dungeon-fighter'.
    game       TEXT    NOT NULL CHECK (length(game) BETWEEN 1 AND 64),
    -- The kind of card within that game, e.g. 'monster', 'dungeon'.
    kind       TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
    name       TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    -- The card's fields as the engine takes them (its `name` included).
    card       TEXT    NOT NULL CHECK (json_valid(card)),
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (game, kind, name)
) WITHOUT ROWID;
