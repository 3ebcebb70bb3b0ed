"""Schema 4 (2026-12-01): listings without replays, history versions, isolation of games that no
longer load, and timers."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import ID, INT, ROWS, TEXT, TIME, where

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    # Seats to act now (JSON), kept with every commit so listings never rebuild a game; NULL:
    # not known yet (a game started before version 4 and not loaded since).
    op.add_column("games", sa.Column("to_move", TEXT))
    op.execute("""
        UPDATE games SET to_move = COALESCE(
            (SELECT m.to_move FROM moves m WHERE m.game_id = games.id AND m.state_id = games.state_id),
            CASE WHEN status = 'running' THEN NULL ELSE '[]' END)""")
    op.add_column("games", sa.Column("engine_version", INT))  # Game.version it was set up under; NULL means 1
    op.add_column("games", sa.Column("broken", TEXT))  # why it could not be loaded last time; NULL: it loads
    op.create_index("games_by_thread", "games", ["thread_id"], **where("thread_id IS NOT NULL"))
    # The newest open tables of a server, in order, without sorting them all (`/game list`).
    op.create_index("games_open_by_guild", "games", ["guild_id", "id"],
                    **where("status IN ('lobby', 'running') AND broken IS NULL"))
    # Absolute due times, one row per (game, kind, seat); `state_id` is the state it was set for.
    op.create_table(
        "timers",
        sa.Column("game_id", ID, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("kind", TEXT, nullable=False),
        sa.Column("seat", INT, nullable=False, server_default=sa.text("-1")),
        sa.Column("due_at", TIME, nullable=False),
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
        sa.PrimaryKeyConstraint("game_id", "kind", "seat"),
        **ROWS,
    )
    op.create_index("timers_due", "timers", ["due_at"])
    # Lobbies open when this version arrived expire a day after their last change, like new ones.
    op.execute("INSERT INTO timers (game_id, kind, due_at) SELECT id, 'lobby_expiry', updated_at + 86400 FROM games "
               "WHERE status = 'lobby'")
