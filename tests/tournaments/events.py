"""What the event tests share: a clock they move, an event's terms, AI entrants, and settling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store.tournaments import CANCELLED, FINISHED
from bot.tables import Tables
from bot.tables.tournaments import NewTournament, TournamentView

GUILD, CHANNEL, ORGANISER = 10, 20, 99
HOUR = 3600.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def event(**terms: Any) -> NewTournament:
    base: dict[str, Any] = {"guild_id": GUILD, "channel_id": CHANNEL, "organiser_id": ORGANISER, "name": "Winter cup",
                            "game": "duel", "options": {"rounds": 1}, "seats": 2}
    return NewTournament(**(base | terms))


async def with_ais(tables: Tables, count: int, **terms: Any) -> TournamentView:
    view = await tables.tournaments.signup.create(event(**terms))
    for _ in range(count):
        view = await tables.tournaments.signup.add_ai(view.id, ORGANISER, "random")
    return view


async def settle(tables: Tables, tournament_id: int, until: Callable[[TournamentView], bool] | None = None,
                 turns: int = 60) -> TournamentView:
    """Let AI moves and due timers run until the event ends (or `until` holds)."""
    for _ in range(turns):
        await tables.drain()
        # The armed timer may be running the event's step right now (a busy database is slow):
        # wait for it, so that no turn passes while the work is still under way.
        await tables.scheduler.idle()
        await tables.scheduler.run_due()
        view = await tables.tournaments.view(tournament_id)
        if (until or (lambda v: v.row.status in (FINISHED, CANCELLED)))(view):
            return view
    raise AssertionError("the event did not get there")


