"""Key spaces (docs/storage.md, "Key spaces"): what a lock, a timer or an announcer's lease is
keyed by. A key is a space and an id within it, so a tournament's id never meets a game's, and
neither meets the leader's or the migrations' lock, on either database.

On PostgreSQL a key is a two-key advisory lock, `pg_advisory_lock(space, id)`: the space's number
and the id, each a 32-bit integer (the server keeps two-key locks apart from one-key ones). In the
`timers` and `announce_leases` tables the space is a column beside the id.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Space(StrEnum):
    """A kind of thing a key names; the value is how tables store it."""

    GAME = "game"
    TOURNAMENT = "tournament"
    LEADER = "leader"  # one key: the process that runs timers and catch-up
    MIGRATION = "migration"  # one key: one migration at a time across processes
    PERSON = "person"  # a person's own timers (their digest, bot/tables/digest.py) by user id; never locked


ADVISORY = {Space.GAME: 1, Space.TOURNAMENT: 2, Space.LEADER: 3, Space.MIGRATION: 4}
LARGEST_ID = 2**31 - 1  # an advisory lock's second key is a 32-bit integer


@dataclass(frozen=True)
class Key:
    """One thing to lock, time or lease: its space and its id there."""

    space: Space
    id: int = 0

    def advisory(self) -> tuple[int, int]:
        """The two keys of its PostgreSQL advisory lock."""
        if not 0 <= self.id <= LARGEST_ID:
            raise ValueError(f"{self.space} id {self.id} is outside an advisory lock's range")
        return ADVISORY[self.space], self.id


def game(game_id: int) -> Key:
    return Key(Space.GAME, game_id)


def tournament(tournament_id: int) -> Key:
    return Key(Space.TOURNAMENT, tournament_id)


LEADER = Key(Space.LEADER)
MIGRATION = Key(Space.MIGRATION)
