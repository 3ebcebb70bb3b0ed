"""Every table Skald owns, as the newest migration leaves it (docs/storage.md, "Schema"): the one
description the store's queries are written against, on both databases. The migrations
(migrations/versions/) build it; tests/store/test_schema.py checks that a database they built, or
upgraded from any earlier Skald, matches it column for column, index for index.
"""

from __future__ import annotations

import sqlalchemy as sa

from bot.store.columns import FLAG, ID, INT, NO, ROWS, TEXT, TIME, game_ref, numbered_id, where

metadata = sa.MetaData()


games = sa.Table(
    "games", metadata,
    numbered_id(),
    sa.Column("guild_id", ID, nullable=False),
    sa.Column("channel_id", ID, nullable=False),
    sa.Column("thread_id", ID),
    sa.Column("game", TEXT, nullable=False),
    sa.Column("options", TEXT, nullable=False),
    sa.Column("seed", ID),
    sa.Column("status", TEXT, nullable=False, server_default="lobby"),
    sa.Column("state_id", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("host_id", ID, nullable=False),
    sa.Column("outcome", TEXT),
    sa.Column("lobby_message_id", ID),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
    sa.Column("board_message_id", ID),
    sa.Column("to_move", TEXT),
    sa.Column("engine_version", INT),
    sa.Column("broken", TEXT),
    sa.Column("clock", TEXT, nullable=False, server_default="none"),
    sa.Column("timeout_policy", TEXT, nullable=False, server_default="stand_in"),
    sa.Column("paused_at", TIME),
    sa.Column("rematch_of", ID),
    sa.Column("min_reliability", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("origin", TEXT),
    sa.Column("thread_pings", TEXT),  # the host's choice for this game (NULL: the server's thread_pings)
    sa.CheckConstraint("status IN ('lobby', 'running', 'finished', 'abandoned', 'cancelled')",
                       name="games_status_check"),
)
sa.Index("games_by_place", games.c.guild_id, games.c.channel_id, games.c.status)
sa.Index("games_by_status", games.c.status)
sa.Index("games_by_thread", games.c.thread_id, **where("thread_id IS NOT NULL"))
sa.Index("games_open_by_guild", games.c.guild_id, games.c.id,
         **where("status IN ('lobby', 'running') AND broken IS NULL"))
sa.Index("games_by_rematch", games.c.rematch_of, **where("rematch_of IS NOT NULL"))
sa.Index("games_origin", games.c.origin, unique=True, **where("origin IS NOT NULL"))

seats = sa.Table(
    "seats", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("user_id", ID),
    sa.Column("ai", TEXT),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("joined_at", TIME, nullable=False),
    sa.Column("stand_in", TEXT),
    sa.Column("why", TEXT),
    sa.PrimaryKeyConstraint("game_id", "seat"),
    sa.CheckConstraint("NOT (user_id IS NOT NULL AND ai IS NOT NULL)", name="seats_player"),
)
sa.Index("seats_user", seats.c.game_id, seats.c.user_id, unique=True, **where("user_id IS NOT NULL"))
sa.Index("seats_by_user", seats.c.user_id, **where("user_id IS NOT NULL"))

users = sa.Table(
    "users", metadata,
    sa.Column("user_id", ID, primary_key=True, autoincrement=False),
    sa.Column("dm_ok", FLAG),
    sa.Column("updated_at", TIME, nullable=False),
    sa.Column("dm_channel_id", ID),
)

moves = sa.Table(
    "moves", metadata,
    game_ref(),
    sa.Column("state_id", INT, nullable=False),
    sa.Column("seat", INT),
    sa.Column("kind", TEXT, nullable=False, server_default="move"),
    sa.Column("text", TEXT, nullable=False),
    sa.Column("events", TEXT, nullable=False),
    sa.Column("to_move", TEXT, nullable=False),
    sa.Column("user_id", ID),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("stand_in", FLAG, nullable=False, server_default=NO),
    sa.PrimaryKeyConstraint("game_id", "state_id"),
    **ROWS,
)

snapshots = sa.Table(
    "snapshots", metadata,
    game_ref(),
    sa.Column("state_id", INT, nullable=False),
    sa.Column("state", TEXT, nullable=False),
    sa.Column("created_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "state_id"),
    **ROWS,
)

guild_settings = sa.Table(
    "guild_settings", metadata,
    sa.Column("guild_id", ID, nullable=False),
    sa.Column("key", TEXT, nullable=False),
    sa.Column("value", TEXT, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("guild_id", "key"),
    **ROWS,
)

person_settings = sa.Table(  # a person's own choices, across servers (version 11)
    "person_settings", metadata,
    sa.Column("user_id", ID, nullable=False),
    sa.Column("key", TEXT, nullable=False),
    sa.Column("value", TEXT, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("user_id", "key"),
    **ROWS,
)

seat_pings = sa.Table(
    "seat_pings", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("state_id", INT, nullable=False),
    sa.Column("pinged_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat"),
    **ROWS,
)

announcements = sa.Table(
    "announcements", metadata,
    sa.Column("game_id", ID, sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True, autoincrement=False),
    sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("to_move", TEXT, nullable=False, server_default="[]"),
    sa.Column("channel_id", ID),
    sa.Column("message_id", ID),
    sa.Column("from_state", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("posted_to_move", TEXT, nullable=False, server_default="[]"),
    sa.Column("panels_state_id", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("updated_at", TIME, nullable=False),
    sa.Column("board", INT),
    sa.Column("board_picture", FLAG, nullable=False, server_default=NO),
    **ROWS,
)

seat_panels = sa.Table(
    "seat_panels", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("state_id", INT, nullable=False),
    sa.Column("channel_id", ID),
    sa.Column("message_id", ID),
    sa.Column("offered_moves", FLAG, nullable=False, server_default=NO),
    sa.Column("final", FLAG, nullable=False, server_default=NO),
    sa.Column("told_no_dm", FLAG, nullable=False, server_default=NO),
    sa.Column("updated_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat"),
    **ROWS,
)

timers = sa.Table(
    "timers", metadata,
    sa.Column("game_id", ID, nullable=False),  # the id within its space (bot/store/keys.py)
    sa.Column("kind", TEXT, nullable=False),
    sa.Column("seat", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("due_at", TIME, nullable=False),
    sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("space", TEXT, nullable=False, server_default="game"),
    sa.PrimaryKeyConstraint("space", "game_id", "kind", "seat"),
    **ROWS,
)
sa.Index("timers_due", timers.c.due_at)
sa.Index("timers_by_kind", timers.c.kind, timers.c.due_at)

seat_clocks = sa.Table(
    "seat_clocks", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("bank", TIME, nullable=False),
    sa.Column("started", TIME),
    sa.Column("allowed", TIME),
    sa.Column("deadline", TIME),
    sa.Column("remaining", TIME),
    sa.Column("state_id", INT, nullable=False, server_default=sa.text("-1")),
    sa.Column("turn_bank", TIME),
    sa.PrimaryKeyConstraint("game_id", "seat"),
    **ROWS,
)

table_votes = sa.Table(
    "table_votes", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("voter", ID, nullable=False),
    sa.Column("choice", TEXT, nullable=False),
    sa.Column("voted_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat", "voter"),
    **ROWS,
)

absences = sa.Table(
    "absences", metadata,
    sa.Column("user_id", ID, nullable=False),
    sa.Column("guild_id", ID, nullable=False),
    sa.Column("started", TIME, nullable=False),
    sa.Column("until", TIME, nullable=False),
    sa.Column("ended", TIME),
    sa.Column("told", FLAG, nullable=False, server_default=NO),
    sa.PrimaryKeyConstraint("user_id", "guild_id", "started"),
    **ROWS,
)

results = sa.Table(
    "results", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("part", INT, nullable=False),
    sa.Column("guild_id", ID, nullable=False),
    sa.Column("game", TEXT, nullable=False),
    sa.Column("user_id", ID),
    sa.Column("ai", TEXT),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("rank", INT),
    sa.Column("score", INT),
    sa.Column("won", FLAG, nullable=False),
    sa.Column("cooperative", FLAG, nullable=False),
    sa.Column("resigned", FLAG, nullable=False, server_default=NO),
    sa.Column("stood_in", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("finished", FLAG, nullable=False),
    sa.Column("quit", TEXT),
    sa.Column("stand_in", FLAG, nullable=False, server_default=NO),
    sa.Column("options", TEXT, nullable=False),
    sa.Column("sheet", TEXT),
    sa.Column("started_at", TIME, nullable=False),
    sa.Column("finished_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat", "part"),
    **ROWS,
)
sa.Index("results_by_game", results.c.guild_id, results.c.game, results.c.finished_at, results.c.game_id)
sa.Index("results_by_user", results.c.user_id, results.c.guild_id, results.c.game, **where("user_id IS NOT NULL"))

seat_holders = sa.Table(
    "seat_holders", metadata,
    game_ref(),
    sa.Column("seat", INT, nullable=False),
    sa.Column("since", INT, nullable=False),
    sa.Column("user_id", ID),
    sa.Column("ai", TEXT),
    sa.Column("for_user", ID),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("why", TEXT, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "seat", "since"),
    **ROWS,
)
sa.Index("seat_holders_by_user", seat_holders.c.user_id, **where("user_id IS NOT NULL"))

announce_leases = sa.Table(
    "announce_leases", metadata,
    sa.Column("game_id", ID, nullable=False),  # the id within its space
    sa.Column("what", TEXT, nullable=False),
    sa.Column("owner", TEXT, nullable=False),
    sa.Column("until", TIME, nullable=False),
    sa.Column("space", TEXT, nullable=False, server_default="game"),
    sa.PrimaryKeyConstraint("space", "game_id", "what"),
    **ROWS,
)

tournaments = sa.Table(
    "tournaments", metadata,
    numbered_id(),
    sa.Column("guild_id", ID, nullable=False),
    sa.Column("channel_id", ID, nullable=False),
    sa.Column("organiser_id", ID, nullable=False),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("game", TEXT, nullable=False),
    sa.Column("options", TEXT, nullable=False),
    sa.Column("format", TEXT, nullable=False),
    sa.Column("seats", INT, nullable=False),
    sa.Column("rounds", INT, nullable=False),
    sa.Column("clock", TEXT, nullable=False),
    sa.Column("lateness", TEXT, nullable=False),
    sa.Column("round_hours", TIME, nullable=False),
    sa.Column("signup_until", TIME),
    sa.Column("min_entrants", INT, nullable=False),
    sa.Column("max_entrants", INT, nullable=False),
    sa.Column("min_reliability", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("status", TEXT, nullable=False, server_default="signup"),
    sa.Column("paused_at", TIME),
    sa.Column("round", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("message_id", ID),
    sa.Column("thread_id", ID),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("updated_at", TIME, nullable=False),
    sa.Column("late_until", INT, nullable=False, server_default=sa.text("0")),
    sa.Column("checkin_minutes", TIME),
    sa.Column("broken", TEXT),
    sa.CheckConstraint("status IN ('signup', 'running', 'finished', 'cancelled')", name="tournaments_status_check"),
)
sa.Index("tournaments_by_guild", tournaments.c.guild_id, tournaments.c.status)


def _event_ref() -> sa.Column[int]:
    return sa.Column("tournament_id", ID, sa.ForeignKey("tournaments.id"), nullable=False)


tournament_entrants = sa.Table(
    "tournament_entrants", metadata,
    _event_ref(),
    sa.Column("entrant", INT, nullable=False),
    sa.Column("user_id", ID),
    sa.Column("ai", TEXT),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("rating", TIME, nullable=False, server_default=sa.text("0")),
    sa.Column("joined_at", TIME, nullable=False),
    sa.Column("dropped_round", INT),
    sa.Column("dropped_why", TEXT),
    sa.Column("final_place", INT),
    sa.Column("checked_in", TIME),
    sa.PrimaryKeyConstraint("tournament_id", "entrant"),
    sa.CheckConstraint("(user_id IS NULL) <> (ai IS NULL)", name="entrant_player"),
    **ROWS,
)
sa.Index("tournament_entrants_person", tournament_entrants.c.tournament_id, tournament_entrants.c.user_id,
         unique=True, **where("user_id IS NOT NULL"))
sa.Index("tournament_entrants_by_user", tournament_entrants.c.user_id, **where("user_id IS NOT NULL"))

tournament_rounds = sa.Table(
    "tournament_rounds", metadata,
    _event_ref(),
    sa.Column("round", INT, nullable=False),
    sa.Column("byes", TEXT, nullable=False),
    sa.Column("opened_at", TIME, nullable=False),
    sa.Column("deadline", TIME, nullable=False),
    sa.Column("closed_at", TIME),
    sa.PrimaryKeyConstraint("tournament_id", "round"),
    **ROWS,
)

tournament_tables = sa.Table(
    "tournament_tables", metadata,
    _event_ref(),
    sa.Column("round", INT, nullable=False),
    sa.Column("table_no", INT, nullable=False),
    sa.Column("entrants", TEXT, nullable=False),
    sa.Column("game_id", ID, sa.ForeignKey("games.id")),
    sa.Column("places", TEXT),
    sa.Column("scores", TEXT),
    sa.Column("decided", TEXT),
    sa.Column("note", TEXT),
    sa.PrimaryKeyConstraint("tournament_id", "round", "table_no"),
    **ROWS,
)
sa.Index("tournament_tables_game", tournament_tables.c.game_id, unique=True, **where("game_id IS NOT NULL"))

tournament_news = sa.Table(
    "tournament_news", metadata,
    _event_ref(),
    sa.Column("seq", INT, nullable=False),
    sa.Column("kind", TEXT, nullable=False),
    sa.Column("body", TEXT, nullable=False),
    sa.Column("created_at", TIME, nullable=False),
    sa.Column("told_at", TIME),
    sa.Column("message_id", ID),
    sa.PrimaryKeyConstraint("tournament_id", "seq"),
    **ROWS,
)
sa.Index("tournament_news_untold", tournament_news.c.tournament_id, **where("told_at IS NULL"))

game_mutes = sa.Table(  # games whose turn notices a person muted (version 11)
    "game_mutes", metadata,
    sa.Column("user_id", ID, nullable=False),
    game_ref(),
    sa.Column("muted_at", TIME, nullable=False),
    sa.PrimaryKeyConstraint("game_id", "user_id"),
    **ROWS,
)

# The versions applied, as every Skald has kept them (an older Skald reads it to refuse a newer
# database); Alembic keeps its own mark beside it (`alembic_version`).
schema_migrations = sa.Table(
    "schema_migrations", metadata,
    sa.Column("version", INT, primary_key=True, autoincrement=False),
    sa.Column("name", TEXT, nullable=False),
    sa.Column("applied_at", TIME, nullable=False),
)
