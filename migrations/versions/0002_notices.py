"""Schema 2 (2026-11-29): notification bookkeeping and list indexes."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import ID, INT, ROWS, TIME, game_ref, where

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    # The last public board message per game (no longer written since schema 3).
    op.add_column("games", sa.Column("board_message_id", ID))
    op.create_table(  # the last state id a seat was pinged for, so a restart never pings twice
        "seat_pings",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("state_id", INT, nullable=False),
        sa.Column("pinged_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        **ROWS,
    )
    # /game list filters by guild, channel and status; "my games" goes through seats.
    op.create_index("games_by_place", "games", ["guild_id", "channel_id", "status"])
    op.create_index("games_by_status", "games", ["status"])
    op.create_index("seats_by_user", "seats", ["user_id"], **where("user_id IS NOT NULL"))
