-- Skald store, version 1 (2026-11-29). See docs/storage.md.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    game             TEXT    NOT NULL,              -- engine key
    options          TEXT    NOT NULL,              -- JSON object, validated by the engine
    seed             INTEGER,                       -- set at start; never shown while running
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'abandoned', 'cancelled')),
    state_id         INTEGER NOT NULL DEFAULT 0,    -- bumped by every committed change
    host_id          INTEGER NOT NULL,
    outcome          TEXT,                          -- JSON Outcome.to_dict() once finished
    lobby_message_id INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

CREATE TABLE seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    ai        TEXT,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

-- DM reachability per Discord user (NULL: not known yet).
CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    dm_ok      INTEGER,
    updated_at REAL NOT NULL
);

-- The source of truth: one row per committed change of a running game.
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    state_id   INTEGER NOT NULL,                    -- the state id this change produced (1, 2, ...)
    seat       INTEGER,                             -- acting seat; NULL for a table action
    kind       TEXT    NOT NULL DEFAULT 'move' CHECK (kind IN ('move', 'resign', 'abandon')),
    text       TEXT    NOT NULL,                    -- the engine move text ('' for table actions)
    events     TEXT    NOT NULL,                    -- JSON [[line, [seats] | null], ...]
    to_move    TEXT    NOT NULL,                    -- JSON seats to act after this change
    user_id    INTEGER,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, state_id)
) WITHOUT ROWID;

-- A cache replay must reproduce: the encoded state at some state ids.
CREATE TABLE snapshots (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    state_id   INTEGER NOT NULL,
    state      TEXT    NOT NULL,                    -- JSON Game.encode(state)
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, state_id)
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,                    -- JSON
    updated_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;
