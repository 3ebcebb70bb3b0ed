-- Skald store on PostgreSQL, version 10 (as migrations/0010_spaces_and_events.sql): key spaces,
-- one outbox for events' news, and events' new terms. Advisory locks take two keys (space, id)
-- from this version on (bot/store/keys.py), so a tournament's lock never meets the leader's.

ALTER TABLE timers ADD COLUMN space TEXT NOT NULL DEFAULT 'game';
UPDATE timers SET space = 'tournament', game_id = -game_id WHERE game_id < 0;
ALTER TABLE timers DROP CONSTRAINT timers_pkey;
ALTER TABLE timers ADD PRIMARY KEY (space, game_id, kind, seat);

ALTER TABLE announce_leases DROP CONSTRAINT announce_leases_game_id_fkey;
ALTER TABLE announce_leases ADD COLUMN space TEXT NOT NULL DEFAULT 'game';
ALTER TABLE announce_leases DROP CONSTRAINT announce_leases_pkey;
ALTER TABLE announce_leases ADD PRIMARY KEY (space, game_id, what);

ALTER TABLE games ADD COLUMN origin TEXT;
CREATE UNIQUE INDEX games_origin ON games (origin) WHERE origin IS NOT NULL;

ALTER TABLE tournaments DROP CONSTRAINT tournaments_format_check;
ALTER TABLE tournaments ADD COLUMN late_until INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN checkin_minutes DOUBLE PRECISION;
ALTER TABLE tournaments ADD COLUMN broken TEXT;

ALTER TABLE tournament_entrants ADD COLUMN checked_in DOUBLE PRECISION;

ALTER TABLE tournament_news ADD COLUMN message_id BIGINT;
