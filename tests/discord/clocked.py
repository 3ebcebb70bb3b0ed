"""A harness whose clock the test moves: the bot's wall clock stands still until told, and what
fell due then runs (reminders, timeouts, votes closing, absences ending)."""

from __future__ import annotations

from tests.discord.harness import Harness, Message, User

START = 1_800_000_000.0  # a fixed "now": 2027-01-15


class Clock:
    """The bot's wall clock in these tests: it moves only when told to."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def tick(h: Harness, clock: Clock, seconds: float) -> None:
    """Time passes; whatever fell due runs; the bot settles."""
    clock.advance(seconds)
    await h.client.tables.scheduler.run_due()
    await h.settle()
    await h.client.tables.drain()
    await h.settle()


def reminders(h: Harness, user: User) -> list[Message]:
    return [m for m in h.dms(user) if m.content.startswith("⏰")]


async def move_as(h: Harness, user: User, game_id: int) -> None:
    """The user's first legal move, by `/move` in the game's thread."""
    info = await h.client.tables.game(game_id)
    table = await h.client.tables.table_view(game_id, user.id)
    assert table.legal_moves, f"{user.name} has nothing to play"
    await h.slash(user, "move", {"text": table.legal_moves[0].text, "game": game_id}, channel_id=info.thread_id)


async def waiting_seat(h: Harness, game_id: int) -> int:
    return (await h.client.tables.game(game_id)).to_move[0]
