-- Skald store on PostgreSQL, version 6 (the same table and backfill as migrations/0006_results.sql):
-- results of finished games, one row per seat, for /stats and /leaderboard. See docs/records.md.
-- The rows come from one view, finished_results: the backfill below takes all of it, and the
-- change that finishes a game takes that game's rows (bot/store/postgres/results.py). The outcome
-- is JSON text: its numbers and flags are read as jsonb, its team sheet as json, which keeps the
-- stored text as it is.

CREATE TABLE results (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,          -- engine key
    user_id     BIGINT,                    -- the seat's person, even if an AI stood in (NULL: no person)
    ai          TEXT,                      -- an AI seat's kind, or the kind that finished an open seat
    name        TEXT    NOT NULL,          -- the seat's name when the game ended
    rank        INTEGER,                   -- 1 = first, ties share; NULL in cooperative games
    score       INTEGER,                   -- NULL when the game ended without scores (resigned, cooperative)
    won         BOOLEAN NOT NULL,          -- among the winners (every seat of a won cooperative game)
    cooperative BOOLEAN NOT NULL,
    resigned    BOOLEAN NOT NULL DEFAULT FALSE, -- this seat resigned, which ended the game
    stood_in    INTEGER NOT NULL DEFAULT 0,     -- moves of this seat an AI stand-in made
    options     TEXT    NOT NULL,          -- JSON, the game's options
    sheet       TEXT,                      -- JSON: a cooperative game's team sheet (NULL otherwise)
    started_at  DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- A server's results of one game in the order ratings are computed (and its latest result).
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, game_id);
-- A person's results in a server (/stats).
CREATE INDEX results_by_user ON results (user_id, guild_id, game) WHERE user_id IS NOT NULL;

-- The seats of finished games as result rows. Ranks: the outcome's; else by score (ties share);
-- else winners 1 and the others 2 (a resignation). Started: the start snapshot; finished: the
-- last change of the log.
CREATE VIEW finished_results AS
SELECT game_id, seat, guild_id, game, user_id, ai, name,
       CASE WHEN cooperative THEN NULL
            WHEN rank IS NOT NULL THEN rank
            WHEN score IS NOT NULL THEN
                1 + (SELECT COUNT(*) FROM jsonb_array_elements(outcome -> 'scores') o WHERE o.value > to_jsonb(score))
            WHEN won THEN 1 ELSE 2 END AS rank,
       score, won, cooperative, resigned, stood_in, options,
       CASE WHEN cooperative THEN sheet END AS sheet, started_at, finished_at
FROM (
    SELECT g.id AS game_id, s.seat, g.guild_id, g.game, s.user_id,
           CASE WHEN s.user_id IS NULL THEN COALESCE(s.ai, s.stand_in) END AS ai,
           s.name, g.outcome::jsonb AS outcome,
           (g.outcome::jsonb -> 'ranks' ->> s.seat)::integer AS rank,
           (g.outcome::jsonb -> 'scores' ->> s.seat)::integer AS score,
           COALESCE((g.outcome::jsonb -> 'winners') @> to_jsonb(s.seat), FALSE) AS won,
           COALESCE((g.outcome::jsonb ->> 'cooperative')::boolean, FALSE) AS cooperative,
           EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id
                   AND m.kind = 'resign' AND m.seat = s.seat) AS resigned,
           (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id AND m.seat = s.seat AND m.stand_in) AS stood_in,
           g.options,
           g.outcome::json ->> 'sheet' AS sheet,
           COALESCE((SELECT p.created_at FROM snapshots p WHERE p.game_id = g.id AND p.state_id = 0),
                    g.created_at) AS started_at,
           COALESCE((SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id),
                    g.updated_at) AS finished_at
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.status = 'finished' AND g.outcome IS NOT NULL
) finished;

-- Games finished before this version.
INSERT INTO results (game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned,
                     stood_in, options, sheet, started_at, finished_at)
SELECT game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned,
       stood_in, options, sheet, started_at, finished_at
FROM finished_results;
