-- Skald store, version 7 (2026-12-01): who held each seat, results that count people, rematches
-- that outlive a restart, a minimum reliability per table, clock increments and undo that keeps
-- the time used. See docs/records.md and docs/async.md. After these statements the store fills
-- the seat history of every started game from its log and recomputes the results of finished
-- games under the new policy (bot/store/backfill.py), in the same transaction.

-- Every holder of every seat: the person, the seat's own AI, an AI standing in (and for whom), a
-- person back, a person given the seat. `since` is the change that seated them (0: the start).
CREATE TABLE seat_holders (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    since    INTEGER NOT NULL,
    user_id  INTEGER,                  -- a person (NULL: an AI)
    ai       TEXT,                     -- the AI kind playing: the seat's own, or a stand-in
    for_user INTEGER,                  -- a stand-in's person (NULL: an opened seat, or an own AI)
    name     TEXT    NOT NULL,         -- as the story names the holder: "Ann", "greedy AI", "AI for Ann"
    why      TEXT    NOT NULL,         -- start | timeout | left | resigned | table | open | back | seat
    PRIMARY KEY (game_id, seat, since)
) WITHOUT ROWID;
CREATE INDEX seat_holders_by_user ON seat_holders (user_id) WHERE user_id IS NOT NULL;

-- Results: one row per seat's holder at the end (part 0) and per other person who held it and
-- quit (part 1, 2 ...). Rebuilt: the backfill recomputes every finished game's rows.
DROP TABLE results;
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    part        INTEGER NOT NULL,          -- 0: held the seat at the end; 1, 2 ...: held it before, and quit
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,          -- engine key
    user_id     INTEGER,                   -- the person (NULL: an AI)
    ai          TEXT,                      -- the AI kind: the seat's own, or the stand-in that finished it
    name        TEXT    NOT NULL,          -- as the story named the holder
    rank        INTEGER,                   -- 1 = first, ties share; a quitter ranks below every seat; NULL: co-op
    score       INTEGER,                   -- the seat's score (its holder at the end only)
    won         INTEGER NOT NULL,          -- 1: credited with the seat's win (never a quitter)
    cooperative INTEGER NOT NULL,
    resigned    INTEGER NOT NULL DEFAULT 0, -- 1: this seat resigned, which ended the game
    stood_in    INTEGER NOT NULL DEFAULT 0, -- moves of this seat an AI stand-in made
    finished    INTEGER NOT NULL,          -- 1: held the seat when the game ended
    quit        TEXT,                      -- a quitter: why the seat's next holder took over
    stand_in    INTEGER NOT NULL DEFAULT 0, -- 1: an AI standing in (never rated nor credited)
    options     TEXT    NOT NULL,          -- JSON, the game's options
    sheet       TEXT,                      -- JSON: a cooperative game's team sheet (NULL otherwise)
    started_at  REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, part)
) WITHOUT ROWID;
CREATE INDEX results_by_game ON results (guild_id, game, finished_at, game_id);
CREATE INDEX results_by_user ON results (user_id, guild_id, game) WHERE user_id IS NOT NULL;

-- A rematch's lobby names the game it replays, so a second click finds it after a restart.
ALTER TABLE games ADD COLUMN rematch_of INTEGER;
CREATE INDEX games_by_rematch ON games (rematch_of) WHERE rematch_of IS NOT NULL;
-- The least reliability (percent) a person needs to join the table (0: anyone).
ALTER TABLE games ADD COLUMN min_reliability INTEGER NOT NULL DEFAULT 0;

-- A seat's bank when its latest turn began, kept with that turn's start and allowance once it
-- stops, so an undo gives the turn back as it was, never the time already used.
ALTER TABLE seat_clocks ADD COLUMN turn_bank REAL;

-- An absence whose end its person was told of (once, however many games it paused).
ALTER TABLE absences ADD COLUMN told INTEGER NOT NULL DEFAULT 0;
