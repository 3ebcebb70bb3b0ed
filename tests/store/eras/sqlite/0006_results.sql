-- Skald store, version 6 (2026-12-01): results of finished games, one row per seat, for
-- /stats and /leaderboard. Ratings are derived from these rows on demand and never stored.
-- See docs/records.md. New rows are written with the change that finishes the game
-- (bot/store/results.py, the same SELECT as the backfill below).

CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,          -- engine key
    user_id     INTEGER,                   -- the seat's person, even if an AI stood in (NULL: no person)
    ai          TEXT,                      -- an AI seat's kind, or the kind that finished an open seat
    name        TEXT    NOT NULL,          -- the seat's name when the game ended
    rank        INTEGER,                   -- 1 = first, ties share; NULL in cooperative games
    score       INTEGER,                   -- NULL when the game ended without scores (resigned, cooperative)
    won         INTEGER NOT NULL,          -- 1: among the winners (every seat of a won cooperative game)
    cooperative INTEGER NOT NULL,
    resigned    INTEGER NOT NULL DEFAULT 0, -- 1: this seat resigned, which ended the game
    stood_in    INTEGER NOT NULL DEFAULT 0, -- moves of this seat an AI stand-in made
    options     TEXT    NOT NULL,          -- JSON, the game's options
    sheet       TEXT,                      -- JSON: a cooperative game's team sheet (NULL otherwise)
    started_at  REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- A server's results of one game in the order ratings are computed (and its latest result).
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, game_id);
-- A person's results in a server (/stats).
CREATE INDEX results_by_user ON results (user_id, guild_id, game) WHERE user_id IS NOT NULL;

-- Games finished before this version. Ranks: the outcome's; else by score (ties share);
-- else winners 1 and the others 2 (a resignation). Started: the start snapshot; finished: the
-- last change of the log.
INSERT INTO results (game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned,
                     stood_in, options, sheet, started_at, finished_at)
SELECT game_id, seat, guild_id, game, user_id, ai, name,
       CASE WHEN cooperative THEN NULL
            WHEN rank IS NOT NULL THEN rank
            WHEN score IS NOT NULL THEN
                1 + (SELECT COUNT(*) FROM json_each(outcome, '$.scores') o WHERE o.value > score)
            ELSE 2 - won END,
       score, won, cooperative, resigned, stood_in, options,
       CASE WHEN cooperative THEN sheet END, started_at, finished_at
FROM (
    SELECT g.id AS game_id, s.seat, g.guild_id, g.game, s.user_id,
           CASE WHEN s.user_id IS NULL THEN COALESCE(s.ai, s.stand_in) END AS ai,
           s.name, g.outcome,
           json_extract(g.outcome, '$.ranks[' || s.seat || ']') AS rank,
           json_extract(g.outcome, '$.scores[' || s.seat || ']') AS score,
           EXISTS (SELECT 1 FROM json_each(g.outcome, '$.winners') w WHERE w.value = s.seat) AS won,
           COALESCE(json_extract(g.outcome, '$.cooperative'), 0) AS cooperative,
           EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id
                   AND m.kind = 'resign' AND m.seat = s.seat) AS resigned,
           (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id AND m.seat = s.seat AND m.stand_in = 1) AS stood_in,
           g.options,
           json_extract(g.outcome, '$.sheet') AS sheet,
           COALESCE((SELECT p.created_at FROM snapshots p WHERE p.game_id = g.id AND p.state_id = 0),
                    g.created_at) AS started_at,
           COALESCE((SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id),
                    g.updated_at) AS finished_at
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.status = 'finished' AND g.outcome IS NOT NULL
);
