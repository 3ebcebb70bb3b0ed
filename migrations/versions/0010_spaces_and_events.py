"""Schema 10 (2026-12-06): key spaces, one outbox for events' news, and events' new terms
(docs/storage.md, docs/tournaments.md).

A timer or an announcer's lease is keyed by (space, id), so a tournament's id never meets a
game's (a tournament's timer used minus its id). A tournament's format is checked by the format
registry, not the schema, so its CHECK goes: PostgreSQL alters the tables in place, SQLite
rebuilds them (Alembic's batch mode, from the tables as they were).
"""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import ID, INT, ROWS, TEXT, TIME, numbered_id, where

revision = "0010"
down_revision = "0009"


def _timers_before() -> sa.Table:
    table = sa.Table(
        "timers", sa.MetaData(),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("seat", INT, nullable=False, server_default=sa.text("-1")),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
        sa.Column("space", TEXT, nullable=False, server_default="game"),
        sa.PrimaryKeyConstraint("game_id", "kind", "seat", name="timers_pkey"),
        **ROWS,
    )
    sa.Index("timers_due", table.c.due_at)
    sa.Index("timers_by_kind", table.c.kind, table.c.due_at)
    return table


def _leases_before() -> sa.Table:
    return sa.Table(
        "announce_leases", sa.MetaData(),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("what", TEXT, nullable=False),
        sa.Column("owner", TEXT, nullable=False),
        sa.Column("until", TIME, nullable=False),
        sa.Column("space", TEXT, nullable=False, server_default="game"),
        sa.PrimaryKeyConstraint("game_id", "what", name="announce_leases_pkey"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE", name="announce_leases_game_id_fkey"),
        **ROWS,
    )


def _tournaments_before() -> sa.Table:
    table = sa.Table(
        "tournaments", sa.MetaData(),
        numbered_id(),
        *(sa.Column(name, ID, nullable=False) for name in ("guild_id", "channel_id", "organiser_id")),
        *(sa.Column(name, TEXT, nullable=False) for name in ("name", "game", "options", "format")),
        *(sa.Column(name, INT, nullable=False) for name in ("seats", "rounds")),
        *(sa.Column(name, TEXT, nullable=False) for name in ("clock", "lateness")),
        sa.Column("round_hours", TIME, nullable=False),
        sa.Column("signup_until", TIME),
        *(sa.Column(name, INT, nullable=False) for name in ("min_entrants", "max_entrants")),
        sa.Column("min_reliability", INT, nullable=False, server_default=sa.text("0")),
        sa.Column("status", TEXT, nullable=False, server_default="signup"),
        sa.Column("paused_at", TIME),
        sa.Column("round", INT, nullable=False, server_default=sa.text("0")),
        sa.Column("message_id", ID),
        sa.Column("thread_id", ID),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.CheckConstraint("format IN ('swiss', 'round_robin', 'elimination')", name="tournaments_format_check"),
        sa.CheckConstraint("status IN ('signup', 'running', 'finished', 'cancelled')",
                           name="tournaments_status_check"),
    )
    sa.Index("tournaments_by_guild", table.c.guild_id, table.c.status)
    return table


def upgrade() -> None:
    # SQLite rebuilds `tournaments`, which the entrants, rounds, tables and news reference: the
    # runner checks references once the version is done, not while the table is rebuilt
    # (bot/store/migrate.py; schema 10 as first shipped counted them broken and could not commit).
    op.add_column("timers", sa.Column("space", TEXT, nullable=False, server_default="game"))
    op.execute("UPDATE timers SET space = 'tournament', game_id = -game_id WHERE game_id < 0")
    with op.batch_alter_table("timers", copy_from=_timers_before(), table_kwargs=ROWS) as timers:
        timers.drop_constraint("timers_pkey", type_="primary")
        timers.create_primary_key("timers_pkey", ["space", "game_id", "kind", "seat"])

    op.add_column("announce_leases", sa.Column("space", TEXT, nullable=False, server_default="game"))
    with op.batch_alter_table("announce_leases", copy_from=_leases_before(), table_kwargs=ROWS) as leases:
        leases.drop_constraint("announce_leases_game_id_fkey", type_="foreignkey")
        leases.drop_constraint("announce_leases_pkey", type_="primary")
        leases.create_primary_key("announce_leases_pkey", ["space", "game_id", "what"])

    # A game opened for a purpose (a tournament's table) names it: the same purpose opens it once.
    op.add_column("games", sa.Column("origin", TEXT))
    op.create_index("games_origin", "games", ["origin"], unique=True, **where("origin IS NOT NULL"))

    with op.batch_alter_table("tournaments", copy_from=_tournaments_before()) as events:
        events.drop_constraint("tournaments_format_check", type_="check")
        events.add_column(sa.Column("late_until", INT, nullable=False, server_default=sa.text("0")))
        events.add_column(sa.Column("checkin_minutes", TIME))  # check-in opens this long before sign-up closes
        events.add_column(sa.Column("broken", TEXT))  # why the event was set aside
    op.add_column("tournament_entrants", sa.Column("checked_in", TIME))  # when the entrant checked in
    # News is told once Discord took it: `told_at` and `message_id` are written after the post.
    op.add_column("tournament_news", sa.Column("message_id", ID))
