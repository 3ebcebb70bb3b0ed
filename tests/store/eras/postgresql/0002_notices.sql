-- Skald store on PostgreSQL, version 2: notification bookkeeping and list indexes.

-- The last public board message per game, so an adapter edits it after a restart.
ALTER TABLE games ADD COLUMN board_message_id BIGINT;

-- The last state id a seat was pinged for, so a restart never pings twice.
CREATE TABLE seat_pings (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    state_id  INTEGER NOT NULL,
    pinged_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- /game list filters by guild, channel and status; "my games" goes through seats.
CREATE INDEX games_by_place ON games (guild_id, channel_id, status);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;
