"""The public board picture a screen at the table shows (SKALD_MQTT_PICTURES=1).

Drawn from the spectator view only, like the board in a game's Discord thread, and only the
newest picture per game is drawn: under a burst of moves the pictures in between are skipped.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.notify import PublicUpdate
from bot.relay.outbox import GameKey

JSON = dict[str, Any]
Draw = Callable[[JSON, Sequence[str]], bytes]


def public_picture(view: JSON, names: Sequence[str]) -> bytes:
    """PNG of the board, or of the result once the game is over, as the game's thread shows it.

    Refuses a seat's own view: only what a spectator may see may reach the broker.
    """
    import renderer  # Pillow is loaded only by a relay that draws (relay-watch never does)

    if view.get("viewer") is not None:
        raise ValueError("A relay picture is drawn from the spectator view only.")
    draw = renderer.outcome_png if view.get("outcome") else renderer.board_png
    return draw(view, names)


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
