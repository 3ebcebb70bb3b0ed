"""Schema 1 (2026-11-29): games, seats, users, the move log, snapshots, servers' settings."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import FLAG, ID, INT, ROWS, TEXT, TIME, game_ref, numbered_id, where

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "games",
        numbered_id(),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("channel_id", ID, nullable=False),
        sa.Column("thread_id", ID),
        sa.Column("game", TEXT, nullable=False),  # engine key
        sa.Column("options", TEXT, nullable=False),  # JSON object, validated by the engine
        sa.Column("seed", ID),  # set at start; never shown while running
        sa.Column("status", TEXT, nullable=False, server_default="lobby"),
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("0")),  # bumped by every committed change
        sa.Column("host_id", ID, nullable=False),
        sa.Column("outcome", TEXT),  # JSON Outcome.to_dict() once finished
        sa.Column("lobby_message_id", ID),
        sa.Column("created_at", TIME, nullable=False),
        sa.Column("updated_at", TIME, nullable=False),
        sa.CheckConstraint("status IN ('lobby', 'running', 'finished', 'abandoned', 'cancelled')",
                           name="games_status_check"),
    )
    op.create_table(
        "seats",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("user_id", ID),
        sa.Column("ai", TEXT),
        sa.Column("name", TEXT, nullable=False),
        sa.Column("joined_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        sa.CheckConstraint("(user_id IS NULL) <> (ai IS NULL)", name="seats_player"),
    )
    op.create_index("seats_user", "seats", ["game_id", "user_id"], unique=True, **where("user_id IS NOT NULL"))
    op.create_table(  # DM reachability per Discord user (NULL: not known yet)
        "users",
        sa.Column("user_id", ID, primary_key=True, autoincrement=False),
        sa.Column("dm_ok", FLAG),
        sa.Column("updated_at", TIME, nullable=False),
    )
    op.create_table(  # the source of truth: one row per committed change of a running game
        "moves",
        game_ref(),
        sa.Column("state_id", INT, nullable=False),  # the state id this change produced (1, 2, ...)
        sa.Column("seat", INT),  # acting seat; NULL for a table action
        sa.Column("kind", TEXT, nullable=False, server_default="move"),
        sa.Column("text", TEXT, nullable=False),  # the engine move text ('' for table actions)
        sa.Column("events", TEXT, nullable=False),  # JSON [[line, [seats] | null], ...]
        sa.Column("to_move", TEXT, nullable=False),  # JSON seats to act after this change
        sa.Column("user_id", ID),
        sa.Column("created_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "state_id"),
        sa.CheckConstraint("kind IN ('move', 'resign', 'abandon')", name="moves_kind"),
        **ROWS,
    )
    op.create_table(  # a cache replay must reproduce: the encoded state at some state ids
        "snapshots",
        game_ref(),
        sa.Column("state_id", INT, nullable=False),
        sa.Column("state", TEXT, nullable=False),  # JSON Game.encode(state)
        sa.Column("created_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "state_id"),
        **ROWS,
    )
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("key", TEXT, nullable=False),
        sa.Column("value", TEXT, nullable=False),  # JSON
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "key"),
        **ROWS,
    )
