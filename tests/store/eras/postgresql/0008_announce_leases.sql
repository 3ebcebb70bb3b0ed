-- Skald store on PostgreSQL, version 8 (as migrations/0008_announce_leases.sql): one process at a
-- time tells a game's thread (and its seats' panels), so several processes on one database never
-- post out of board order or twice. See docs/scaling.md.

CREATE TABLE announce_leases (
    game_id BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    what    TEXT    NOT NULL,          -- 'story' (the thread) | 'panels' (the seats' DM panels)
    owner   TEXT    NOT NULL,          -- the process telling it now
    until   DOUBLE PRECISION NOT NULL, -- when the lease lapses if not given back (a dead process's)
    PRIMARY KEY (game_id, what)
);

-- The board the living message shows, so an edit in place after a restart never reads it back.
ALTER TABLE announcements ADD COLUMN board INTEGER;
ALTER TABLE announcements ADD COLUMN board_picture BOOLEAN NOT NULL DEFAULT FALSE;
