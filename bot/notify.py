"""What the table service tells its adapters (Discord, MQTT relay, CLI) after a commit.

Public and private news travel in different types and different calls, and only an adapter
that takes private updates (a `PrivateListener`) is handed any. The relay, which must only ever
publish public state, is a plain `Notifier`: it never even receives a seat's secrets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from bot.kinds import ChangeKind, Status, UpdateReason

JSON = dict[str, Any]


@dataclass(frozen=True)
class SeatInfo:
    """Who sits at a seat: a Discord user or an AI kind."""

    seat: int
    name: str
    user_id: int | None = None
    ai: str | None = None
    dm_ok: bool | None = None  # None: not checked yet
    stand_in: str | None = None  # an AI kind playing for the seat's person now
    why: str | None = None  # since when: "timeout" | "left" | "resigned" | "open" | "table" (bot/holders.py)
    deadline: float | None = None  # when its time to act runs out (a running clock; UTC seconds)
    paused: bool = False  # its clock is paused (the game is paused, or its player is away)
    bank: float | None = None  # seconds in its bank (a table with a clock)
    left: float | None = None  # seconds its paused turn has left
    away_until: float | None = None  # its person is away from the server's games until then

    @property
    def open(self) -> bool:
        """Nobody sits here (an AI plays it until the host gives it to someone)."""
        return self.user_id is None and self.ai is None

    @property
    def played_by_ai(self) -> bool:
        return self.ai is not None or self.stand_in is not None or self.open


@dataclass(frozen=True)
class PublicUpdate:
    """Everything anyone may know after a change to a game (spectator view only)."""

    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str  # engine key, e.g. "tranquility"
    title: str
    status: Status
    state_id: int
    seats: tuple[SeatInfo, ...]
    to_move: tuple[int, ...]
    view: JSON  # the spectator view (engine view with seat=None)
    events: tuple[str, ...] = ()  # public log lines of this change, in order
    actor: int | None = None  # seat that moved, if a move caused this
    outcome: JSON | None = None
    updated_at: float = 0.0
    reason: UpdateReason = ChangeKind.MOVE
    names: tuple[str, ...] = ()  # how `events` name the seats: their holders when the change was made


@dataclass(frozen=True)
class PrivateUpdate:
    """What one seat alone may know after a change: its own view and its own log lines."""

    game_id: int
    guild_id: int
    game: str
    state_id: int
    seat: int
    user_id: int | None
    view: JSON  # engine view with seat=this seat
    events: tuple[str, ...] = ()  # events visible to this seat only (not the public ones)
    legal_moves: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)  # move text -> button label


@dataclass(frozen=True)
class Waiting:
    """One game waiting for a person, as their digest lists it."""

    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    title: str
    deadline: float | None  # when their time runs out (None: no clock, or paused)
    paused: bool = False


@dataclass(frozen=True)
class Notice:
    """Something a person must hear about outside the story: a reminder that their time is
    running out, a vote the table must take, the end of their absence. Only adapters that talk
    to people handle it."""

    kind: str  # "reminder" | "vote" | "absence_over" | "morning" (quiet hours ended, the game waits) | "digest"
    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    title: str
    state_id: int
    seat: int  # the seat concerned (the one reminded, or the one that timed out)
    seats: tuple[SeatInfo, ...]
    user_id: int | None = None  # the person reminded
    deadline: float | None = None  # when the time runs out (reminders), the vote closes, the absence ended
    share_left: float | None = None  # 0.5 or 0.1 of the turn's time left (reminders)
    voters: tuple[int, ...] = ()  # user ids who may vote
    waiting: tuple[Waiting, ...] = ()  # a digest: every game waiting for the person, soonest deadline first
    edit: tuple[int, int] | None = None  # a digest: the unread one to edit in place (DM channel, message)
    sent_at: float | None = None  # a digest: when it was decided (its nonce)


class Notifier(Protocol):
    """An adapter attached to the table service, told what anyone may know. Called only after the commit."""

    async def on_public(self, update: PublicUpdate) -> None: ...

    async def on_deleted(self, guild_id: int, game_id: int) -> None: ...


@runtime_checkable
class PrivateListener(Protocol):
    """An adapter that also takes each seat's private updates (the Discord bot's DM panels); the
    others are never handed one."""

    async def on_private(self, update: PrivateUpdate) -> None: ...


@runtime_checkable
class NoticeListener(Protocol):
    """An adapter that also tells people of reminders and votes (the Discord bot)."""

    async def on_notice(self, notice: Notice) -> None: ...
