"""The public board picture a screen at the table shows (SKALD_MQTT_PICTURES=1).

Drawn from the spectator view only, like the board in a game's Discord thread, and only the
newest picture per game is drawn: under a burst of moves the pictures in between are skipped.
The bot's render processes draw it (bot/rendering.py), behind the pictures people wait for.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bot.notify import PublicUpdate
from bot.relay.outbox import GameKey

JSON = dict[str, Any]
Draw = Callable[[JSON, Sequence[str]], Awaitable[bytes]]


def public_kind(view: JSON) -> Literal["board", "outcome"]:
    """Which picture a spectator view gets: the board, or the result once the game is over.

    Refuses a seat's own view: only what a spectator may see may reach the broker.
    """
    if view.get("viewer") is not None:
        raise ValueError("A relay picture is drawn from the spectator view only.")
    return "outcome" if view.get("outcome") else "board"


async def drawn_in_render_processes(view: JSON, names: Sequence[str]) -> bytes:
    """PNG of the board, or of the result once the game is over, as the game's thread shows it.

    Drawn in the bot's render processes (bot/rendering.py) at background priority: 40-180 ms of
    Pillow each, which in the bot's own process would hold the GIL against every table. The
    view is checked here, in the bot, so only a spectator view is ever sent to be drawn.
    """
    from bot import rendering  # Pillow is loaded only by a relay that draws (relay-watch never does)

    return await rendering.render(public_kind(view), view, names, urgent=False)


@dataclass(frozen=True)
class PictureJob:
    """A picture to draw: the spectator view of one state of one game."""

    game: GameKey
    topic: str
    seq: int
    view: JSON
    names: tuple[str, ...]


def picture_job(update: PublicUpdate, topic: str) -> PictureJob | None:
    """The job for an update, or None when there is no board to draw (a lobby, a game the
    renderer can't draw)."""
    import renderer

    if not update.view or update.game not in renderer.games():
        return None
    return PictureJob((update.guild_id, update.game_id), topic, update.state_id, update.view,
                      tuple(seat.name for seat in update.seats))


class PictureQueue:
    """The newest picture wanted per game, oldest game first; a newer job replaces an older one."""

    def __init__(self) -> None:
        self._wanted: OrderedDict[GameKey, PictureJob] = OrderedDict()
        self.coalesced = 0

    def want(self, job: PictureJob) -> None:
        if self._wanted.pop(job.game, None) is not None:
            self.coalesced += 1
        self._wanted[job.game] = job

    def forget(self, game: GameKey) -> None:
        self._wanted.pop(game, None)

    def take(self) -> PictureJob | None:
        return self._wanted.popitem(last=False)[1] if self._wanted else None

    def __len__(self) -> int:
        return len(self._wanted)
