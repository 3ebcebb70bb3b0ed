-- Skald store, version 4 (2026-12-01): listings without replays, history versions, isolation
-- of games that no longer load, and timers. See docs/storage.md.

-- Seats to act now (JSON), kept with every commit so listings never rebuild a game.
-- NULL: not known yet (a game started before version 4 and not loaded since).
ALTER TABLE games ADD COLUMN to_move TEXT;
UPDATE games SET to_move = COALESCE(
    (SELECT m.to_move FROM moves m WHERE m.game_id = games.id AND m.state_id = games.state_id),
    CASE WHEN status = 'running' THEN NULL ELSE '[]' END);

-- The engine's history version the game was set up under (Game.version); NULL means 1.
ALTER TABLE games ADD COLUMN engine_version INTEGER;

-- Why the game could not be loaded last time (for operators); NULL: it loads. Such a game is
-- left out of listings and refused politely until `skald db verify` finds it loads again.
ALTER TABLE games ADD COLUMN broken TEXT;

CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
-- The newest open tables of a server, in order, without sorting them all (`/game list`).
CREATE INDEX games_open_by_guild ON games (guild_id, id)
    WHERE status IN ('lobby', 'running') AND broken IS NULL;

-- Absolute due times: lobby expiry now; turn clocks and reminders later. One row per
-- (game, kind, seat); `state_id` is the state it was set for, so a late timer can tell it is stale.
CREATE TABLE timers (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind     TEXT    NOT NULL,
    seat     INTEGER NOT NULL DEFAULT -1,
    due_at   REAL    NOT NULL,
    state_id INTEGER NOT NULL DEFAULT -1,
    PRIMARY KEY (game_id, kind, seat)
) WITHOUT ROWID;
CREATE INDEX timers_due ON timers (due_at);

-- Lobbies open when this version arrived expire a day after their last change, like new ones.
INSERT INTO timers (game_id, kind, due_at) SELECT id, 'lobby_expiry', updated_at + 86400 FROM games
WHERE status = 'lobby';
