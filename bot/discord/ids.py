"""Custom ids of a game's components: `skald:<game_id>:<state_id>:<action>[:<arg>]`.

The id carries everything a click needs, so one persistent handler (a DynamicItem) serves
every control of every game, also after a restart (`/rules` and tournament buttons have ids of
their own). Discord caps custom ids at 100 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "skald"
MAX_LENGTH = 100
TEMPLATE = re.compile(r"skald:(?P<game>\d+):(?P<state>\d+):(?P<action>[a-z]+)(?::(?P<arg>.*))?", re.DOTALL)


# Every control action there is; each has exactly one handler (checked at start-up,
# `controls.check_handlers`), so no button can be drawn that nothing would answer.
ACTIONS = frozenset({
    "do", "pick", "page", "panel", "hand", "undo", "back",  # a seat's panel (play.py)
    "join", "leave", "ai", "start", "cancel",  # a lobby (lobby.py)
    "resign", "abandon",  # confirmations (commands.py)
    "vote",  # the table's vote on a seat whose time ran out (notices.py)
    "rematch", "replay",  # under a finished game's board (endings.py)
    "notify",  # a seat panel's 🔔: how its person is told, and the game's mute (settings_cog.py)
})


@dataclass(frozen=True)
class ControlId:
    """A parsed custom id. `arg` is action-specific (a move text, a prefix, a page)."""

    game_id: int
    state_id: int
    action: str
    arg: str = ""

    def __post_init__(self) -> None:
        if self.action not in ACTIONS:
            raise ValueError(f"{self.action!r} is not a control action (ids.ACTIONS)")

    @property
    def text(self) -> str:
        """The custom id, whatever its length."""
        text = f"{PREFIX}:{self.game_id}:{self.state_id}:{self.action}"
        return f"{text}:{self.arg}" if self.arg else text

    @property
    def fits(self) -> bool:
        """True when this id stays within Discord's length limit."""
        return len(self.text) <= MAX_LENGTH

    def __str__(self) -> str:
        if not self.fits:
            raise ValueError(f"custom id too long for Discord ({len(self.text)} > {MAX_LENGTH}): {self.text!r}")
        return self.text

    @classmethod
    def parse(cls, custom_id: str) -> ControlId | None:
        match = TEMPLATE.fullmatch(custom_id)
        if match is None or match["action"] not in ACTIONS:
            return None
        return cls(int(match["game"]), int(match["state"]), match["action"], match["arg"] or "")
