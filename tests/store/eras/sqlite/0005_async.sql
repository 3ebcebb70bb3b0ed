-- Skald store, version 5 (2026-12-01): asynchronous play — clocks, stand-ins, absence, votes.
-- See docs/async.md. Two tables are rebuilt, because SQLite can't change a CHECK constraint.

-- A seat has a player (a person or an AI), or nobody (an open seat); a person's seat may have
-- an AI stand-in playing for them.
CREATE TABLE seats_v5 (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,
    ai        TEXT,
    name      TEXT    NOT NULL,
    joined_at REAL    NOT NULL,
    stand_in  TEXT,                           -- the AI kind playing for the seat now (NULL: nobody)
    why       TEXT,                           -- 'timeout' | 'left' | 'resigned' | 'open' | 'table'
    PRIMARY KEY (game_id, seat),
    CHECK (NOT (user_id IS NOT NULL AND ai IS NOT NULL))
);
INSERT INTO seats_v5 (game_id, seat, user_id, ai, name, joined_at)
SELECT game_id, seat, user_id, ai, name, joined_at FROM seats;
DROP TABLE seats;
ALTER TABLE seats_v5 RENAME TO seats;
CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- The log also records table actions (a stand-in taking over, a seat given, a pause), and for
-- each move whether the seat's player or its stand-in made it. Kinds are checked in code.
CREATE TABLE moves_v5 (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    state_id   INTEGER NOT NULL,
    seat       INTEGER,
    kind       TEXT    NOT NULL DEFAULT 'move',
    text       TEXT    NOT NULL,
    events     TEXT    NOT NULL,
    to_move    TEXT    NOT NULL,
    user_id    INTEGER,
    created_at REAL    NOT NULL,
    stand_in   INTEGER NOT NULL DEFAULT 0,     -- 1: the seat's AI stand-in made this move
    PRIMARY KEY (game_id, state_id)
) WITHOUT ROWID;
INSERT INTO moves_v5 (game_id, state_id, seat, kind, text, events, to_move, user_id, created_at)
SELECT game_id, state_id, seat, kind, text, events, to_move, user_id, created_at FROM moves;
DROP TABLE moves;
ALTER TABLE moves_v5 RENAME TO moves;

-- A table's clock (a preset: none, live, daily, relaxed) and what happens when time runs out
-- ('stand_in': an AI stands in; 'vote': the table decides). paused_at: the host paused the game.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'stand_in';
ALTER TABLE games ADD COLUMN paused_at REAL;

-- Each seat's clock: its bank, and while it is to act, when that began and when time runs out
-- (absolute UTC seconds). A paused clock keeps what was left in `remaining` instead.
CREATE TABLE seat_clocks (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    bank      REAL    NOT NULL,
    started   REAL,                  -- when its current turn began (NULL: not to act)
    allowed   REAL,                  -- the seconds it had then (its move's time plus its bank)
    deadline  REAL,                  -- when its time runs out (NULL: not running)
    remaining REAL,                  -- seconds left while paused (NULL: not paused)
    state_id  INTEGER NOT NULL DEFAULT -1,  -- the state at which its turn began
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- "The table decides": the other players' votes on a seat whose time ran out.
CREATE TABLE table_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,       -- the seat that timed out
    voter    INTEGER NOT NULL,       -- a user id
    choice   TEXT    NOT NULL,       -- 'wait' | 'stand_in' | 'open' | 'end'
    voted_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, voter)
) WITHOUT ROWID;

-- Absence: a person away from a server's games until a time; the log feeds the per-server cap.
CREATE TABLE absences (
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    started  REAL    NOT NULL,
    until    REAL    NOT NULL,
    ended    REAL,                   -- came back early (NULL: not yet, or on time)
    PRIMARY KEY (user_id, guild_id, started)
) WITHOUT ROWID;

CREATE INDEX timers_by_kind ON timers (kind, due_at);
