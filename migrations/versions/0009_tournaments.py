"""Schema 9 (2026-12-02): tournaments (docs/tournaments.md): an event's sign-ups, its rounds and
their tables, each table's result, and the news its announcements tell. A tournament's own timer
lives in `timers` too (under minus its id until schema 10), so `timers.game_id` no longer
references `games`: PostgreSQL drops the reference, SQLite rebuilds the table without it."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import ID, INT, ROWS, TEXT, TIME, numbered_id, where

revision = "0009"
down_revision = "0008"


def _timers_before() -> sa.Table:
    table = sa.Table(
        "timers", sa.MetaData(),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("seat", INT, nullable=False, server_default=sa.text("-1")),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
        sa.PrimaryKeyConstraint("game_id", "kind", "seat"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE", name="timers_game_id_fkey"),
        **ROWS,
    )
    sa.Index("timers_due", table.c.due_at)
    sa.Index("timers_by_kind", table.c.kind, table.c.due_at)
    return table


def _event_ref() -> sa.Column[int]:
    return sa.Column("tournament_id", ID, sa.ForeignKey("tournaments.id"), nullable=False)


def upgrade() -> None:
    with op.batch_alter_table("timers", copy_from=_timers_before(), table_kwargs=ROWS) as timers:
        timers.drop_constraint("timers_game_id_fkey", type_="foreignkey")

    op.create_table(
        "tournaments",
        numbered_id(),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("channel_id", ID, nullable=False),
        sa.Column("organiser_id", ID, nullable=False),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("game", TEXT, nullable=False),  # engine key
        sa.Column("options", TEXT, nullable=False),  # JSON, validated by the engine
        sa.Column("format", TEXT, nullable=False),
        sa.Column("seats", INT, nullable=False),  # players per table (smaller tables where the field needs them)
        sa.Column("rounds", INT, nullable=False),  # Swiss: as asked; the others: set at the start
        sa.Column("clock", TEXT, nullable=False),
        sa.Column("lateness", TEXT, nullable=False),  # 'counts' | 'last': how a seat a stand-in finished ranks
        sa.Column("round_hours", TIME, nullable=False),  # a round's deadline after it opens
        sa.Column("signup_until", TIME),  # NULL: the organiser starts it
        sa.Column("min_entrants", INT, nullable=False),
        sa.Column("max_entrants", INT, nullable=False),
        sa.Column("min_reliability", INT, nullable=False, server_default=sa.text("0")),
        sa.Column("status", TEXT, nullable=False, server_default="signup"),
        sa.Column("paused_at", TIME),  # the organiser paused it (no round opens; clocks stop)
        sa.Column("round", INT, nullable=False, server_default=sa.text("0")),  # under way or last played
        sa.Column("message_id", ID),  # the sign-up message
        sa.Column("thread_id", ID),  # the announcements' thread
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.CheckConstraint("format IN ('swiss', 'round_robin', 'elimination')", name="tournaments_format_check"),
        sa.CheckConstraint("status IN ('signup', 'running', 'finished', 'cancelled')",
                           name="tournaments_status_check"),
    )
    op.create_index("tournaments_by_guild", "tournaments", ["guild_id", "status"])
    op.create_table(
        "tournament_entrants",
        _event_ref(),
        sa.Column("entrant", INT, nullable=False),  # 0, 1, 2 ... in sign-up order
        sa.Column("user_id", ID),  # NULL: an AI entrant
        sa.Column("ai", TEXT),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("rating", TIME, nullable=False, server_default=sa.text("0")),  # the server's rating at the start
        sa.Column("joined_at", TIME, nullable=False),
        sa.Column("dropped_round", INT),  # not paired from this round on
        sa.Column("dropped_why", TEXT),
        sa.Column("final_place", INT),  # the final ranking, once the event ends
        sa.PrimaryKeyConstraint("tournament_id", "entrant"),
        sa.CheckConstraint("(user_id IS NULL) <> (ai IS NULL)", name="entrant_player"),
        **ROWS,
    )
    op.create_index("tournament_entrants_person", "tournament_entrants", ["tournament_id", "user_id"], unique=True,
                    **where("user_id IS NOT NULL"))
    op.create_index("tournament_entrants_by_user", "tournament_entrants", ["user_id"], **where("user_id IS NOT NULL"))
    op.create_table(  # a round, paired once: its row and its tables are written in one transaction
        "tournament_rounds",
        _event_ref(),
        sa.Column("round", INT, nullable=False),
        sa.Column("byes", TEXT, nullable=False),  # JSON: entrants sitting out
        sa.Column("opened_at", TIME, nullable=False),
        sa.Column("deadline", TIME, nullable=False),
        sa.Column("closed_at", TIME),
        sa.PrimaryKeyConstraint("tournament_id", "round"),
        **ROWS,
    )
    op.create_table(
        "tournament_tables",
        _event_ref(),
        sa.Column("round", INT, nullable=False),
        sa.Column("table_no", INT, nullable=False),  # 1, 2 ... best-placed table first
        sa.Column("entrants", TEXT, nullable=False),  # JSON: entrants in seat order
        sa.Column("game_id", ID, sa.ForeignKey("games.id")),  # set in the transaction that opens the game
        sa.Column("places", TEXT),  # JSON: each seat's place (1 first; ties share), once decided
        sa.Column("scores", TEXT),  # JSON: each seat's game score (NULL: adjudicated)
        sa.Column("decided", TEXT),  # 'played' | 'adjudicated' | 'deadline'
        sa.Column("note", TEXT),  # what decided it, in words
        sa.PrimaryKeyConstraint("tournament_id", "round", "table_no"),
        **ROWS,
    )
    op.create_index("tournament_tables_game", "tournament_tables", ["game_id"], unique=True,
                    **where("game_id IS NOT NULL"))
    op.create_table(  # what the announcements' thread is told, in order
        "tournament_news",
        _event_ref(),
        sa.Column("seq", INT, nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("body", TEXT, nullable=False),  # JSON
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("told_at", TIME),
        sa.PrimaryKeyConstraint("tournament_id", "seq"),
        **ROWS,
    )
    op.create_index("tournament_news_untold", "tournament_news", ["tournament_id"], **where("told_at IS NULL"))
