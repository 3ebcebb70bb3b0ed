-- Skald store, version 8 (2026-12-02): one process at a time tells a game's thread (and its seats'
-- panels), so several processes on one database never post out of board order or twice. See
-- docs/scaling.md. One process per SQLite file needs no lease: the table is here so both backends
-- keep one schema.

CREATE TABLE announce_leases (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    what    TEXT    NOT NULL,          -- 'story' (the thread) | 'panels' (the seats' DM panels)
    owner   TEXT    NOT NULL,          -- the process telling it now
    until   REAL    NOT NULL,          -- when the lease lapses if not given back (a dead process's)
    PRIMARY KEY (game_id, what)
) WITHOUT ROWID;

-- The board the living message shows (its number, and whether it carries the picture), so an
-- edit in place after a restart rebuilds the board embed instead of reading the message back
-- (which needs Read Message History, a permission Skald does not ask for). NULL: not known (a
-- message posted before this version: read back, or posted afresh when that is refused).
ALTER TABLE announcements ADD COLUMN board INTEGER;
ALTER TABLE announcements ADD COLUMN board_picture INTEGER NOT NULL DEFAULT 0;
