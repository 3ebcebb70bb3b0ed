-- Skald store, version 3 (2026-12-01): the announcement outbox. See docs/storage.md.
-- The notifier works from "committed vs announced": games.state_id is what is committed,
-- these rows say what the thread and each seat's DM panel have been told.

CREATE TABLE announcements (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    state_id        INTEGER NOT NULL DEFAULT -1,   -- last state told in the thread (-1: not even the start)
    to_move         TEXT    NOT NULL DEFAULT '[]', -- JSON seats awaited at that state
    channel_id      INTEGER,                       -- where the living board message is
    message_id      INTEGER,                       -- the living board message (newest story post)
    from_state      INTEGER NOT NULL DEFAULT -1,   -- that message tells the public lines of states > from_state
    posted_to_move  TEXT    NOT NULL DEFAULT '[]', -- JSON seats awaited when it was posted ("2 of 5 in")
    panels_state_id INTEGER NOT NULL DEFAULT -1,   -- every seat's DM panel is handled up to this state
    updated_at      REAL    NOT NULL
) WITHOUT ROWID;

-- What each seat's DM panel shows.
CREATE TABLE seat_panels (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    state_id      INTEGER NOT NULL,            -- the state the panel was drawn for
    channel_id    INTEGER,                     -- the DM channel (NULL: DMs closed, nothing sent)
    message_id    INTEGER,
    offered_moves INTEGER NOT NULL DEFAULT 0,  -- the panel carried move controls
    final         INTEGER NOT NULL DEFAULT 0,  -- the end-of-game panel went out
    told_no_dm    INTEGER NOT NULL DEFAULT 0,  -- the thread was told this seat's DMs are closed
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

-- A user's DM channel, so a DM never needs the channel opened again.
ALTER TABLE users ADD COLUMN dm_channel_id INTEGER;

-- Games started before this version were announced by the old notifier as they went.
INSERT INTO announcements (game_id, state_id, to_move, message_id, channel_id, from_state, panels_state_id,
                           updated_at)
SELECT g.id, g.state_id,
       COALESCE((SELECT m.to_move FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id), '[]'),
       g.board_message_id, COALESCE(g.thread_id, g.channel_id), g.state_id, g.state_id, g.updated_at
FROM games g WHERE g.status IN ('running', 'finished', 'abandoned');
