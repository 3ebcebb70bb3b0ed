"""Schema 6 (2026-12-01): results of finished games, one row per seat, for /stats and
/leaderboard (docs/records.md); games finished before it get theirs (bot/store/backfill.py)."""

import sqlalchemy as sa
from alembic import op

from bot.store.backfill import finished_results
from bot.store.columns import FLAG, ID, INT, NO, ROWS, TEXT, TIME, game_ref, where

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "results",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("game", TEXT, nullable=False),  # engine key
        sa.Column("user_id", ID),  # the seat's person, even if an AI stood in (NULL: no person)
        sa.Column("ai", TEXT),  # an AI seat's kind, or the kind that finished an open seat
        sa.Column("name", TEXT, nullable=False),  # the seat's name when the game ended
        sa.Column("rank", INT),  # 1 = first, ties share; NULL in cooperative games
        sa.Column("score", INT),  # NULL when the game ended without scores (resigned, cooperative)
        sa.Column("won", FLAG, nullable=False),  # among the winners (every seat of a won cooperative game)
        sa.Column("cooperative", FLAG, nullable=False),
        sa.Column("resigned", FLAG, nullable=False, server_default=NO),  # this seat's resignation ended the game
        sa.Column("stood_in", INT, nullable=False, server_default=sa.text("0")),  # moves an AI stand-in made
        sa.Column("options", TEXT, nullable=False),  # JSON, the game's options
        sa.Column("sheet", TEXT),  # JSON: a cooperative game's team sheet (NULL otherwise)
        sa.Column("started_at", TIME, nullable=False),
        sa.Column("finished_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        **ROWS,
    )
    op.create_index("results_by_game", "results", ["guild_id", "game", "finished_at", "game_id"])
    op.create_index("results_by_user", "results", ["user_id", "guild_id", "game"], **where("user_id IS NOT NULL"))
    finished_results(op.get_bind())
