"""Schema 7 (2026-12-01): who held each seat, results that count people, rematches that outlive a
restart, a minimum reliability per table, clock increments and undo that keeps the time used.
After its statements every started game's seat history is filled from its log and every
finished game's results are written again under bot/credit.py's policy (bot/store/backfill.py)."""

import sqlalchemy as sa
from alembic import op

from bot.store.backfill import seat_history
from bot.store.columns import FLAG, ID, INT, NO, ROWS, TEXT, TIME, game_ref, where

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    # Every holder of every seat; `since` is the change that seated them (0: the start).
    op.create_table(
        "seat_holders",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("since", INT, nullable=False),
        sa.Column("user_id", ID),  # a person (NULL: an AI)
        sa.Column("ai", TEXT),  # the AI kind playing: the seat's own, or a stand-in
        sa.Column("for_user", ID),  # a stand-in's person (NULL: an opened seat, or an own AI)
        sa.Column("name", TEXT, nullable=False),  # as the story names the holder: "Ann", "AI for Ann"
        sa.Column("why", TEXT, nullable=False),  # start | timeout | left | resigned | table | open | back | seat
        sa.PrimaryKeyConstraint("game_id", "seat", "since"),
        **ROWS,
    )
    op.create_index("seat_holders_by_user", "seat_holders", ["user_id"], **where("user_id IS NOT NULL"))

    # Results: one row per seat's holder at the end (part 0) and per other person who held it and
    # quit (part 1, 2 ...), rebuilt by the backfill. (PostgreSQL's schema 6 read them from a view.)
    op.execute("DROP VIEW IF EXISTS finished_results")
    op.drop_table("results")
    op.create_table(
        "results",
        game_ref(),
        sa.Column("seat", INT, nullable=False),
        sa.Column("part", INT, nullable=False),  # 0: held the seat at the end; 1, 2 ...: held it before, and quit
        sa.Column("guild_id", ID, nullable=False),
        sa.Column("game", TEXT, nullable=False),
        sa.Column("user_id", ID),  # the person (NULL: an AI)
        sa.Column("ai", TEXT),  # the AI kind: the seat's own, or the stand-in that finished it
        sa.Column("name", TEXT, nullable=False),  # as the story named the holder
        sa.Column("rank", INT),  # 1 = first, ties share; a quitter ranks below every seat; NULL: co-op
        sa.Column("score", INT),  # the seat's score (its holder at the end only)
        sa.Column("won", FLAG, nullable=False),  # credited with the seat's win (never a quitter)
        sa.Column("cooperative", FLAG, nullable=False),
        sa.Column("resigned", FLAG, nullable=False, server_default=NO),
        sa.Column("stood_in", INT, nullable=False, server_default=sa.text("0")),
        sa.Column("finished", FLAG, nullable=False),  # held the seat when the game ended
        sa.Column("quit", TEXT),  # a quitter: why the seat's next holder took over
        sa.Column("stand_in", FLAG, nullable=False, server_default=NO),  # an AI standing in (never rated)
        sa.Column("options", TEXT, nullable=False),
        sa.Column("sheet", TEXT),
        sa.Column("started_at", TIME, nullable=False),
        sa.Column("finished_at", TIME, nullable=False),
        sa.PrimaryKeyConstraint("game_id", "seat", "part"),
        **ROWS,
    )
    op.create_index("results_by_game", "results", ["guild_id", "game", "finished_at", "game_id"])
    op.create_index("results_by_user", "results", ["user_id", "guild_id", "game"], **where("user_id IS NOT NULL"))

    # A rematch's lobby names the game it replays; the least reliability (percent) to join.
    op.add_column("games", sa.Column("rematch_of", ID))
    op.create_index("games_by_rematch", "games", ["rematch_of"], **where("rematch_of IS NOT NULL"))
    op.add_column("games", sa.Column("min_reliability", INT, nullable=False, server_default=sa.text("0")))
    # A seat's bank when its latest turn began, so an undo gives the turn back as it was.
    op.add_column("seat_clocks", sa.Column("turn_bank", TIME))
    # An absence whose end its person was told of (once, however many games it paused).
    op.add_column("absences", sa.Column("told", FLAG, nullable=False, server_default=NO))
    seat_history(op.get_bind())
