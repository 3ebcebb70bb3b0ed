"""Schema 8 (2026-12-02): one process at a time tells a game's thread (and its seats' panels), so
several processes on one database never post out of board order or twice (docs/scaling.md)."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import FLAG, INT, NO, ROWS, TEXT, TIME, game_ref

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "announce_leases",
        game_ref(),
        sa.Column("what", TEXT, nullable=False),  # 'story' (the thread) | 'panels' (the seats' DM panels)
        sa.Column("owner", TEXT, nullable=False),  # the process telling it now
        sa.Column("until", TIME, nullable=False),  # when the lease lapses if not given back (a dead process's)
        sa.PrimaryKeyConstraint("game_id", "what"),
        **ROWS,
    )
    # The board the living message shows (its number, and whether it carries the picture), so an
    # edit in place after a restart never reads the message back. NULL: not known (an older post).
    op.add_column("announcements", sa.Column("board", INT))
    op.add_column("announcements", sa.Column("board_picture", FLAG, nullable=False, server_default=NO))
