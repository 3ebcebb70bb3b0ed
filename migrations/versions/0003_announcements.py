"""Schema 3 (2026-12-01): the announcement outbox. games.state_id is what is committed; these
rows say what the thread and each seat's DM panel have been told."""

import sqlalchemy as sa
from alembic import op

from bot.store.columns import FLAG, ID, INT, NO, ROWS, TEXT, TIME, game_ref

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "announcements",
        sa.Column("game_id", ID, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True,
                  autoincrement=False),
        sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),  # last state told in the thread
        sa.Column("to_move", TEXT, nullable=False, server_default="[]"),  # JSON seats awaited at that state
        sa.Column("channel_id", ID),  # where the living board message is
        sa.Column("message_id", ID),  # the living board message (newest story post)
        sa.Column("from_state", INT, nullable=False, server_default=sa.text("-1")),  # it tells states > this
        sa.Column("posted_to_move", TEXT, nullable=False, server_default="[]"),  # seats awaited when posted
        sa.Column("panels_state_id", INT, nullable=False, server_default=sa.text("-1")),  # panels handled up to
        sa.Column("updated_at", TIME, nullable=False),
        **ROWS,
    )
    op.create_table(  # what each seat's DM panel shows
        "seat_panels",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("state_id", INT, nullable=False),  # the state the panel was drawn for
        sa.Column("channel_id", ID),  # the DM channel (NULL: DMs closed, nothing sent)
        sa.Column("message_id", ID),
        sa.Column("offered_moves", FLAG, nullable=False, server_default=NO),  # the panel carried move controls
        sa.Column("final", FLAG, nullable=False, server_default=NO),  # the end-of-game panel went out
        sa.Column("told_no_dm", FLAG, nullable=False, server_default=NO),  # the thread was told DMs are closed
        sa.Column("updated_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat"),
        **ROWS,
    )
    op.add_column("users", sa.Column("dm_channel_id", ID))  # opened once
    # Games started before this version were announced by the old notifier as they went.
    op.execute("""
        INSERT INTO announcements (game_id, state_id, to_move, message_id, channel_id, from_state, panels_state_id,
                                   updated_at)
        SELECT g.id, g.state_id,
               COALESCE((SELECT m.to_move FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id), '[]'),
               g.board_message_id, COALESCE(g.thread_id, g.channel_id), g.state_id, g.state_id, g.updated_at
        FROM games g WHERE g.status IN ('running', 'finished', 'abandoned')""")
