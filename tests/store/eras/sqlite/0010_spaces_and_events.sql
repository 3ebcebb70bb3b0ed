-- Skald store, version 10 (2026-12-06): key spaces, one outbox for events' news, and events' new
-- terms (docs/storage.md, docs/tournaments.md).
--
-- Keys of different kinds live in separate spaces: a timer or an announcer's lease is keyed by
-- (space, id), so a tournament's id never meets a game's (before, a tournament's timer used minus
-- its id, and PostgreSQL's advisory locks met the leader's and the migrations' keys).
-- Tournament news is marked told only after Discord took it (`message_id`), like a game's board.
-- A tournament's format is checked by the format registry, not by the schema, so a format can be
-- added without a migration; the table is rebuilt to drop that check (SQLite can't drop one in
-- place). The entrants, rounds, tables and news reference it by name: their checks wait until
-- commit, when the rebuilt table holds every row again.
PRAGMA defer_foreign_keys = ON;

CREATE TABLE timers_new (
    space    TEXT    NOT NULL DEFAULT 'game',  -- 'game' | 'tournament': what `game_id` names
    game_id  INTEGER NOT NULL,                 -- the id within its space
    kind     TEXT    NOT NULL,
    seat     INTEGER NOT NULL DEFAULT -1,
    due_at   REAL    NOT NULL,
    state_id INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (space, game_id, kind, seat)
) WITHOUT ROWID;
INSERT INTO timers_new (space, game_id, kind, seat, due_at, state_id)
    SELECT CASE WHEN game_id < 0 THEN 'tournament' ELSE 'game' END, abs(game_id), kind, seat, due_at, state_id
    FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_due ON timers (due_at);
CREATE INDEX timers_by_kind ON timers (kind, due_at);

CREATE TABLE announce_leases_new (
    space   TEXT    NOT NULL DEFAULT 'game',   -- 'game' | 'tournament'
    game_id INTEGER NOT NULL,                  -- the id within its space
    what    TEXT    NOT NULL,                  -- 'story', 'panels' (a game's), 'news' (an event's)
    owner   TEXT    NOT NULL,
    until   REAL    NOT NULL,
    PRIMARY KEY (space, game_id, what)
) WITHOUT ROWID;
INSERT INTO announce_leases_new (game_id, what, owner, until) SELECT game_id, what, owner, until FROM announce_leases;
DROP TABLE announce_leases;
ALTER TABLE announce_leases_new RENAME TO announce_leases;

-- A game opened for a purpose (a tournament's table) names it: the same purpose opens it once.
ALTER TABLE games ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX games_origin ON games (origin) WHERE origin IS NOT NULL;

CREATE TABLE tournaments_new (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    organiser_id    INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    game            TEXT    NOT NULL,
    options         TEXT    NOT NULL,
    format          TEXT    NOT NULL,   -- a key of the format registry (bot/tournaments/formats.py)
    seats           INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,
    clock           TEXT    NOT NULL,
    lateness        TEXT    NOT NULL,
    round_hours     REAL    NOT NULL,
    signup_until    REAL,
    min_entrants    INTEGER NOT NULL,
    max_entrants    INTEGER NOT NULL,
    min_reliability INTEGER NOT NULL DEFAULT 0,
    late_until      INTEGER NOT NULL DEFAULT 0,  -- late entries taken until this round is paired (0: none)
    checkin_minutes REAL,               -- check-in opens this long before sign-up closes (NULL: none)
    status          TEXT    NOT NULL DEFAULT 'signup'
                    CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    paused_at       REAL,
    round           INTEGER NOT NULL DEFAULT 0,
    message_id      INTEGER,
    thread_id       INTEGER,
    created_at      REAL    NOT NULL,
    updated_at      REAL    NOT NULL,
    broken          TEXT                -- why the event was set aside (a row that no longer decodes)
);
INSERT INTO tournaments_new (id, guild_id, channel_id, organiser_id, name, game, options, format, seats, rounds,
                             clock, lateness, round_hours, signup_until, min_entrants, max_entrants,
                             min_reliability, status, paused_at, round, message_id, thread_id, created_at,
                             updated_at)
    SELECT id, guild_id, channel_id, organiser_id, name, game, options, format, seats, rounds, clock, lateness,
           round_hours, signup_until, min_entrants, max_entrants, min_reliability, status, paused_at, round,
           message_id, thread_id, created_at, updated_at
    FROM tournaments;
DROP TABLE tournaments;
ALTER TABLE tournaments_new RENAME TO tournaments;
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

ALTER TABLE tournament_entrants ADD COLUMN checked_in REAL;  -- when the entrant checked in (NULL: not)

-- News is told once Discord took it: `told_at` and `message_id` are written after the post (or
-- `message_id` stays NULL with `told_at` set when Discord refused it for good). Rows told before
-- this version were marked before posting; they stay told.
ALTER TABLE tournament_news ADD COLUMN message_id INTEGER;
