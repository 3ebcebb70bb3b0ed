"""How a person is told that their turn began: one notice per turn, decided the same way by the
thread and by the DM panels (docs/async.md, "One notice per step").

A person whose DMs reach them is told by a new, notifying DM panel — unless they are at the
table: their own move came within `AWAY` seconds before their turn began (they completed the
step themselves, or answered the step before a moment ago). Then their panel is edited in place
(a new DM would replace the panel they are clicking) and the thread's status line pings them
instead. A person whose DMs bounce is pinged in the thread. Both announcers read the decision
from the committed log alone (when the turn began, when the person last moved), so whichever
tells first, the other agrees: never a DM and a thread mention for the same turn.

A person who muted the game, or chose to be told only near a deadline (`/notify`,
bot/tables/notify.py), is hushed: no turn notice at all — the thread names them without a ping,
their panel is edited in place (a first panel arrives silently) — while the clock's reminders
(notices.py) still reach them as before. So is a person in their quiet hours (`/notify quiet`),
who is told once, when they end, of each game still waiting for them.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.kinds import ChangeKind
from bot.store import MoveRow
from bot.tables.settings import PINGS_OFF
from bot.tables.types import GameInfo, TableView

if TYPE_CHECKING:
    from bot.tables.service import Tables

AWAY = 600.0  # seconds since a person's own move after which a turn beginning is a new, notifying DM


@dataclass(frozen=True)
class Turn:
    """A seat's current turn: the state it began at (0: the game's start) and whether its person
    was there then."""

    began: int
    present: bool  # its person moved within AWAY before it began (or began it by their own move)
    own: bool = False  # it began with their own move, which left them to act (a step they began)
    at: float | None = None  # when it began (None: at the game's start)


def turn_of(seat: int, changes: Sequence[MoveRow], start: Set[int] | None) -> Turn | None:
    """The seat's current turn as `changes` (oldest first, ending with the latest) show it; None
    when they don't reach back far enough to tell. `start`: the seats to act at the game's
    start, when `changes` begin there (else None)."""
    if not changes or seat not in changes[-1].to_move:
        return None
    for index in range(len(changes) - 1, -1, -1):
        change = changes[index]
        if change.seat == seat and change.kind == ChangeKind.MOVE and not change.stand_in:
            return Turn(change.state_id, True, own=True, at=change.created_at)
        before = changes[index - 1].to_move if index else start
        if before is None:
            return None
        if seat not in before:
            since = change.created_at - AWAY
            if start is None and changes[0].created_at >= since:
                return None  # the person's last move may lie before what we read
            present = any(c.seat == seat and c.kind == ChangeKind.MOVE and not c.stand_in and c.created_at >= since
                          for c in changes[:index])
            return Turn(change.state_id, present, at=change.created_at)
    return Turn(0, False)  # to act since the start


async def turns(tables: Tables, info: GameInfo, seats: Sequence[int], state_id: int) -> dict[int, Turn]:
    """The current turn of each of `seats` still to act at `state_id`, reading back through the
    log as far as needed."""
    found: dict[int, Turn] = {}
    window = 4 * len(info.seats) + 8
    left = list(seats)
    while left:
        after = max(0, state_id - window)
        changes = [c for c in await tables.outbox.changes(info.game_id, after=after) if c.state_id <= state_id]
        start = await tables.start_to_move(info.game_id) if after == 0 else None
        for seat in list(left):
            turn = turn_of(seat, changes, start)
            if turn is not None or after == 0:
                left.remove(seat)
                if turn is not None:
                    found[seat] = turn
        window *= 4
    return found


async def hushed(tables: Tables, info: GameInfo) -> set[int]:
    """The seats whose people asked for no turn notice from this game: they muted it, or chose to
    be told only near a deadline (bot/tables/notify.py), or are in their quiet hours — those still
    to act are then told once when their quiet hours end (a morning timer). Reminders
    (notices.py) don't ask: the clock holds them itself."""
    hush = await tables.servers.hushed(info)
    quiet = hush.quiet
    if waiting := [seat for seat in quiet if seat in info.to_move]:
        # Only a turn that began in these quiet hours went untold (one told before them was told).
        known = await turns(tables, info, waiting, info.state_id)
        untold = {seat: quiet[seat][1] for seat in waiting
                  if seat not in known or ((known[seat].at or 0) >= quiet[seat][0] and not known[seat].own)}
        if people := {info.seats[seat].user_id: ends for seat, ends in untold.items()}:
            # One summary each when their quiet hours end (bot/tables/digest.py).
            await tables.digests.hold_for_morning({user: ends for user, ends in people.items() if user is not None})
    if digest := {user_id for seat, user_id in hush.digest.items() if seat in info.to_move}:
        await tables.digests.expect(digest)  # their digest timer (bot/tables/digest.py)
    return hush.chosen | set(quiet)


async def thread_pings(tables: Tables, info: GameInfo) -> str:
    """Whether the game's thread pings those who must act: its host's choice, else the server's."""
    return info.thread_pings or (await tables.servers.settings(info.guild_id)).thread_pings


def by_dm(info: GameInfo, seat: int, turn: Turn | None, quiet: Set[int] = frozenset()) -> bool:
    """Whether the seat's person is told of this turn by a new DM (else: the thread pings them,
    unless the seat is among the `quiet` ones: `hushed`)."""
    if info.seats[seat].dm_ok is False or seat in quiet:
        return False
    return turn is None or not turn.present


async def unpinged(tables: Tables, table: TableView) -> set[int]:
    """The people's seats now to act that the thread's status line names without a ping: a new
    DM panel tells them of their turn, or their own move began it (they are there, acting), or
    they asked for no turn notice from this game (hushed), or the game's thread pings are off: the
    host's choice (`/game pings`), else the server's `thread_pings`."""
    info = table.info
    people = [s for s in table.to_move if info.seats[s].user_id is not None and not info.seats[s].played_by_ai]
    if not people or await thread_pings(tables, info) == PINGS_OFF:
        return set(people)
    known = await turns(tables, info, people, table.state_id)
    quiet = await hushed(tables, info)
    return {s for s in people if s in quiet or by_dm(info, s, known.get(s)) or (s in known and known[s].own)}
