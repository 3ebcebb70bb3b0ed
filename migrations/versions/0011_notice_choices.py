"""Schema 11 (2026-12-07): how each person is told of their turns (docs/async.md, "How a person
is told"; docs/storage.md).

`person_settings` holds a person's own choices across servers, a JSON value per key as
`guild_settings` does for a server (`notify`: every turn, or only near a deadline); `game_mutes`
the games whose turn notices a person muted. New tables only: every row of the older ones stays
as it was.
"""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import ID, ROWS, TEXT, TIME, game_ref

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    op.create_table(
        "person_settings",
        sa.Column("user_id", ID, nullable=False),
        sa.Column("key", TEXT, nullable=False),
        sa.Column("value", TEXT, nullable=False),  # JSON
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("user_id", "key"),
        **ROWS,
    )
    op.create_table(
        "game_mutes",
        sa.Column("user_id", ID, nullable=False),
        game_ref(),
        sa.Column("muted_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "user_id"),
        **ROWS,
    )
