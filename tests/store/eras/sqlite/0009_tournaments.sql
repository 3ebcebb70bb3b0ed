-- Skald store, version 9 (2026-12-02): tournaments (docs/tournaments.md). An event's sign-ups,
-- its rounds and their tables, each table's result, and the news its announcements tell.
-- A tournament's own timer (sign-up deadline, round deadline, "look again now") lives in
-- `timers` under minus its id, so `timers.game_id` no longer references `games`: the table is
-- rebuilt without that reference (SQLite can't drop one in place). Games are never deleted.

CREATE TABLE timers_new (
    game_id  INTEGER NOT NULL,         -- a game's id, or minus a tournament's id
    kind     TEXT    NOT NULL,
    seat     INTEGER NOT NULL DEFAULT -1,
    due_at   REAL    NOT NULL,
    state_id INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (game_id, kind, seat)
) WITHOUT ROWID;
INSERT INTO timers_new (game_id, kind, seat, due_at, state_id) SELECT game_id, kind, seat, due_at, state_id FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX timers_by_kind ON timers (kind, due_at);

CREATE TABLE tournaments (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    game            TEXT    NOT NULL,   -- engine key
    options         TEXT    NOT NULL,   -- JSON, validated by the engine
    format          TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin', 'elimination')),
    seats           INTEGER NOT NULL,   -- players per table (smaller tables where the field needs them)
    rounds          INTEGER NOT NULL,   -- Swiss: as asked; the others: set at the start
    clock           TEXT    NOT NULL,
    lateness        TEXT    NOT NULL,   -- 'counts' | 'last': how a seat a stand-in finished is ranked
    round_hours     REAL    NOT NULL,   -- a round's deadline after it opens
    signup_until    REAL,               -- NULL: the organiser starts it
    min_entrants    INTEGER NOT NULL,
    max_entrants    INTEGER NOT NULL,
    min_reliability INTEGER NOT NULL DEFAULT 0,
    status          TEXT    NOT NULL DEFAULT 'signup'
                    CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    paused_at       REAL,               -- the organiser paused it (no round opens; clocks stop)
    round           INTEGER NOT NULL DEFAULT 0,  -- the round under way or last played (0: none yet)
    message_id      INTEGER,            -- the sign-up message
    thread_id       INTEGER,            -- the announcements' thread
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    entrant       INTEGER NOT NULL,     -- 0, 1, 2 ... in sign-up order
    user_id       INTEGER,              -- NULL: an AI entrant
    ai            TEXT,
    name          TEXT    NOT NULL,
    rating        REAL    NOT NULL DEFAULT 0,  -- the server's rating at the start (seeding, last tie-break)
    joined_at     REAL    NOT NULL,
    dropped_round INTEGER,              -- not paired from this round on
    dropped_why   TEXT,
    final_place   INTEGER,              -- the final ranking, once the event ends
    PRIMARY KEY (tournament_id, entrant),
    CONSTRAINT entrant_player CHECK ((user_id IS NULL) <> (ai IS NULL))
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_entrants_person ON tournament_entrants (tournament_id, user_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX tournament_entrants_by_user ON tournament_entrants (user_id) WHERE user_id IS NOT NULL;

-- A round, paired once: its row and its tables are written in one transaction.
CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    byes          TEXT    NOT NULL,     -- JSON: entrants sitting out
    opened_at     REAL    NOT NULL,
    deadline      REAL    NOT NULL,
    closed_at     REAL,
    PRIMARY KEY (tournament_id, round)
) WITHOUT ROWID;

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,     -- 1, 2 ... best-placed table first
    entrants      TEXT    NOT NULL,     -- JSON: entrants in seat order
    game_id       INTEGER REFERENCES games (id),  -- set in the transaction that opens the game
    places        TEXT,                 -- JSON: each seat's place (1 first; ties share), once decided
    scores        TEXT,                 -- JSON: each seat's game score (NULL: adjudicated)
    decided       TEXT,                 -- 'played' | 'adjudicated' | 'deadline'
    note          TEXT,                 -- what decided it, in words
    PRIMARY KEY (tournament_id, round, table_no)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tournament_tables_game ON tournament_tables (game_id) WHERE game_id IS NOT NULL;

-- What the announcements' thread is told, in order; `told_at` marks what was taken to be posted.
CREATE TABLE tournament_news (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    seq           INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    body          TEXT    NOT NULL,     -- JSON
    created_at    REAL    NOT NULL,
    told_at       REAL,
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;
CREATE INDEX tournament_news_untold ON tournament_news (tournament_id) WHERE told_at IS NULL;
