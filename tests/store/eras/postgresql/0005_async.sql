-- Skald store on PostgreSQL, version 5: asynchronous play — clocks, stand-ins, absence, votes.
-- See docs/async.md. (SQLite rebuilds two tables here; PostgreSQL alters them in place.)

-- A seat has a player (a person or an AI), or nobody (an open seat); a person's seat may have
-- an AI stand-in playing for them.
ALTER TABLE seats DROP CONSTRAINT seats_player;
ALTER TABLE seats ADD CONSTRAINT seats_player CHECK (NOT (user_id IS NOT NULL AND ai IS NOT NULL));
ALTER TABLE seats ADD COLUMN stand_in TEXT;  -- the AI kind playing for the seat now (NULL: nobody)
ALTER TABLE seats ADD COLUMN why TEXT;       -- 'timeout' | 'left' | 'resigned' | 'open' | 'table'

-- The log also records table actions, and for each move whether the seat's stand-in made it.
-- Kinds are checked in code.
ALTER TABLE moves DROP CONSTRAINT moves_kind;
ALTER TABLE moves ADD COLUMN stand_in BOOLEAN NOT NULL DEFAULT FALSE;

-- A table's clock preset, what happens when time runs out, and the host's pause.
ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'stand_in';
ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION;

-- Each seat's clock: its bank, and while it is to act, when that began and when time runs out
-- (absolute UTC seconds). A paused clock keeps what was left in `remaining` instead.
CREATE TABLE seat_clocks (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    bank      DOUBLE PRECISION NOT NULL,
    started   DOUBLE PRECISION,          -- when its current turn began (NULL: not to act)
    allowed   DOUBLE PRECISION,          -- the seconds it had then (its move's time plus its bank)
    deadline  DOUBLE PRECISION,          -- when its time runs out (NULL: not running)
    remaining DOUBLE PRECISION,          -- seconds left while paused (NULL: not paused)
    state_id  INTEGER NOT NULL DEFAULT -1,  -- the state at which its turn began
    PRIMARY KEY (game_id, seat)
);

-- "The table decides": the other players' votes on a seat whose time ran out.
CREATE TABLE table_votes (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    voter    BIGINT  NOT NULL,
    choice   TEXT    NOT NULL,           -- 'wait' | 'stand_in' | 'open' | 'end'
    voted_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat, voter)
);

-- Absence: a person away from a server's games until a time.
CREATE TABLE absences (
    user_id  BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    started  DOUBLE PRECISION NOT NULL,
    until    DOUBLE PRECISION NOT NULL,
    ended    DOUBLE PRECISION,           -- came back early (NULL: not yet, or on time)
    PRIMARY KEY (user_id, guild_id, started)
);

CREATE INDEX timers_by_kind ON timers (kind, due_at);
