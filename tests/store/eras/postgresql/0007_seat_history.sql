-- Skald store on PostgreSQL, version 7 (the same as migrations/0007_seat_history.sql): who held
-- each seat, results that count people, rematches that outlive a restart, a minimum reliability
-- per table, clock increments and undo that keeps the time used. After these statements the store
-- fills the seat history of every started game from its log and recomputes the results of
-- finished games (bot/store/backfill.py), in the same transaction.

CREATE TABLE seat_holders (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    since    INTEGER NOT NULL,
    user_id  BIGINT,                   -- a person (NULL: an AI)
    ai       TEXT,                     -- the AI kind playing: the seat's own, or a stand-in
    for_user BIGINT,                   -- a stand-in's person (NULL: an opened seat, or an own AI)
    name     TEXT    NOT NULL,         -- as the story names the holder: "Ann", "greedy AI", "AI for Ann"
    why      TEXT    NOT NULL,         -- start | timeout | left | resigned | table | open | back | seat
    PRIMARY KEY (game_id, seat, since)
);
CREATE INDEX seat_holders_by_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;

-- Results are written by the service (bot/credit.py decides them), no longer from a view.
DROP VIEW finished_results;
DROP TABLE results;
CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    part        INTEGER NOT NULL,          -- 0: held the seat at the end; 1, 2 ...: held it before, and quit
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT,
    ai          TEXT,
    name        TEXT    NOT NULL,
    rank        INTEGER,
    score       INTEGER,
    won         BOOLEAN NOT NULL,
    cooperative BOOLEAN NOT NULL,
    resigned    BOOLEAN NOT NULL DEFAULT FALSE,
    stood_in    INTEGER NOT NULL DEFAULT 0,
    finished    BOOLEAN NOT NULL,
    quit        TEXT,
    stand_in    BOOLEAN NOT NULL DEFAULT FALSE,
    options     TEXT    NOT NULL,
    sheet       TEXT,
    started_at  DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, part)
);
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, game_id);
CREATE INDEX results_by_user ON results (user_id, guild_id, game) WHERE user_id IS NOT NULL;

ALTER TABLE games ADD COLUMN rematch_of BIGINT;
CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
ALTER TABLE games ADD COLUMN min_reliability INTEGER NOT NULL DEFAULT 0;

ALTER TABLE seat_clocks ADD COLUMN turn_bank DOUBLE PRECISION;

ALTER TABLE absences ADD COLUMN told BOOLEAN NOT NULL DEFAULT FALSE;
