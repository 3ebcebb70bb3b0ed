"""Schema 5 (2026-12-01): asynchronous play — clocks, stand-ins, absence, votes (docs/async.md).

A seat may be open (nobody) and a person's seat may have an AI stand-in; the log records table
actions too (their kinds checked in code) and which moves a stand-in made. Two CHECK constraints
change: PostgreSQL alters the tables in place, SQLite (which can't) rebuilds them (Alembic's
batch mode, from the tables as they were).
"""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import FLAG, ID, INT, NO, ROWS, TEXT, TIME, game_ref, where

revision = "0005"
down_revision = "0004"


def _seats_before() -> sa.Table:
    table = sa.Table(
        "seats", sa.MetaData(),
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("user_id", ID),
        sa.Column("ai", TEXT),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("joined_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.CheckConstraint("(user_id IS NULL) <> (ai IS NULL)", name="seats_player"),
    )
    sa.Index("seats_user", table.c.game_id, table.c.user_id, unique=True, **where("user_id IS NOT NULL"))
    sa.Index("seats_by_user", table.c.user_id, **where("user_id IS NOT NULL"))
    return table


def _moves_before() -> sa.Table:
    return sa.Table(
        "moves", sa.MetaData(),
        game_ref(),
        sa.Column("state_id", INT, nullable=False),
        sa.Column("seat", INT),
        sa.Column("kind", TEXT, nullable=False, server_default="move"),
        sa.Column("text", TEXT, nullable=False),
        sa.Column("events", TEXT, nullable=False),
        sa.Column("to_move", TEXT, nullable=False),
        sa.Column("user_id", ID),
        sa.Column("created_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "state_id"),
        sa.CheckConstraint("kind IN ('move', 'resign', 'abandon')", name="moves_kind"),
        **ROWS,
    )


def upgrade() -> None:
    with op.batch_alter_table("seats", copy_from=_seats_before()) as seats:
        seats.drop_constraint("seats_player", type_="check")
        seats.create_check_constraint("seats_player", "NOT (user_id IS NOT NULL AND ai IS NOT NULL)")
        seats.add_column(sa.Column("stand_in", TEXT))  # the AI kind playing for the seat now (NULL: nobody)
        seats.add_column(sa.Column("why", TEXT))  # 'timeout' | 'left' | 'resigned' | 'open' | 'table'
    with op.batch_alter_table("moves", copy_from=_moves_before(), table_kwargs=ROWS) as moves:
        moves.drop_constraint("moves_kind", type_="check")
        moves.add_column(sa.Column("stand_in", FLAG, nullable=False, server_default=NO))  # a stand-in made it

    # A table's clock preset, what happens when time runs out, and the host's pause.
    op.add_column("games", sa.Column("clock", TEXT, nullable=False, server_default="none"))
    op.add_column("games", sa.Column("timeout_policy", TEXT, nullable=False, server_default="stand_in"))
    op.add_column("games", sa.Column("paused_at", TIME))
    # Each seat's clock: its bank, and while it is to act, when that began and when time runs out
    # (absolute UTC seconds). A paused clock keeps what was left in `remaining` instead.
    op.create_table(
        "seat_clocks",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("bank", TIME, nullable=False),
        sa.Column("started", TIME),  # when its current turn began (NULL: not to act)
        sa.Column("allowed", TIME),  # the seconds it had then (its move's time plus its bank)
        sa.Column("deadline", TIME),  # when its time runs out (NULL: not running)
        sa.Column("remaining", TIME),  # seconds left while paused (NULL: not paused)
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),  # the state its turn began at
        sa.PrimaryKeyConstraint("game_id", "seat"),
        **ROWS,
    )
    op.create_table(  # "the table decides": the other players' votes on a seat whose time ran out
        "table_votes",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("voter", ID, nullable=False),
        sa.Column("choice", TEXT, nullable=False),  # 'wait' | 'stand_in' | 'open' | 'end'
        sa.Column("voted_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", "voter"),
        **ROWS,
    )
    op.create_table(  # a person away from a server's games until a time
        "absences",
        sa.Column("user_id", ID, nullable=False),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("started", TIME, nullable=False),
        sa.Column("until", TIME, nullable=False),
        sa.Column("ended", TIME),  # came back early (NULL: not yet, or on time)
        sa.PrimaryKeyConstraint("user_id", "guild_id", "started"),
        **ROWS,
    )
    op.create_index("timers_by_kind", "timers", ["kind", "due_at"])
