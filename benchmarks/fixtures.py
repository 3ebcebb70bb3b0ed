"""Stored games written in bulk for the benchmarks that need thousands of them (not Skald's own
write path, which the store benchmark measures)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from engine import registry


def insert_running_game(db: sqlite3.Connection, game_id: int, *, guild: int, channel: int, now: float,
                        clock: str = "none") -> int:
    """A running 2-player Tranquility game just started (its own thread, set-up snapshot, told
    thread); returns the seat to act."""
    game = registry.get("tranquility")
    state = game.setup(2, {}, game_id)
    seat = min(game.to_move(state))
    db.execute("INSERT INTO games (id, guild_id, channel_id, thread_id, game, options, seed, status, state_id, "
               "host_id, created_at, updated_at, to_move, engine_version, clock) "
               "VALUES (?, ?, ?, ?, 'tranquility', '{}', ?, 'running', 0, ?, ?, ?, ?, ?, ?)",
               (game_id, guild, channel, 100_000 + game_id, game_id, 2 * game_id, now, now,
                json.dumps(sorted(game.to_move(state))), game.version, clock))
    for s in range(2):
        db.execute("INSERT INTO seats (game_id, seat, user_id, name, joined_at) VALUES (?, ?, ?, ?, ?)",
                   (game_id, s, 2 * game_id + s, f"p{2 * game_id + s}", now))
    db.execute("INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, 0, ?, ?)",
               (game_id, json.dumps(game.encode(state)), now))
    db.execute("INSERT INTO announcements (game_id, state_id, panels_state_id, updated_at) VALUES (?, 0, 0, ?)",
               (game_id, now))
    return seat


def insert_finished_game(db: sqlite3.Connection, game_id: int, *, guild: int, game: str,
                         seats: Sequence[tuple[int | None, str | None, str]], outcome: dict[str, Any],
                         options: dict[str, Any], finished_at: float) -> None:
    """A finished game as the table service leaves it (row with outcome, seats as (user, AI kind,
    name), the start snapshot and the finishing log row), without its results: the store's
    backfill or its finishing write makes those."""
    db.execute("INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, state_id, host_id, "
               "outcome, created_at, updated_at, to_move) VALUES (?, ?, 1, ?, ?, ?, 'finished', 1, 1, ?, ?, ?, '[]')",
               (game_id, guild, game, json.dumps(options), game_id, json.dumps(outcome), finished_at - 3600,
                finished_at))
    db.executemany("INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                   [(game_id, s, user, ai, name, finished_at - 3600) for s, (user, ai, name) in enumerate(seats)])
    db.execute("INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, 0, '{}', ?)",
               (game_id, finished_at - 3000))
    db.execute("INSERT INTO moves (game_id, state_id, seat, kind, text, events, to_move, created_at) "
               "VALUES (?, 1, 0, 'move', '', '[]', '[]', ?)", (game_id, finished_at))
