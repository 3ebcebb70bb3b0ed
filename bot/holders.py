"""Who held each seat, and from which change: a seat's holders form a history (docs/records.md).

A seat is held by a person, by the seat's own AI, or by an AI standing in (for a person who timed
out, left or resigned, or in a seat the table opened). Every change that hands a seat on — a
stand-in taking over, a person back, a seat given — is a logged table action, and the holder it
seats is kept with it: `Holding.since` is that change's state id (0: seated at the start).

Everything told or recorded about a change names the holders as they were when it was made:
the holder seated by an earlier change (`SeatHistory.names_at`). A stand-in's moves therefore
read "AI for Bob places …", and Bob's own old moves still say Bob after the host gives the seat
to Dave. The lines of a change that seats a person (back, seat given) name that person in words.

Pure: no I/O. The store keeps the holdings (`seat_holders`); the service adds one per hand-over;
`from_legacy_log` rebuilds them for games logged before they were kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.kinds import ChangeKind
from bot.move_log import Change

# Why a holder took the seat.
START = "start"  # seated when the game began (a person or the seat's own AI)
TIMEOUT = "timeout"  # an AI stands in: the person's time ran out
LEFT = "left"  # ... the person left the table
RESIGNED = "resigned"  # ... the person resigned a cooperative game
TABLE = "table"  # ... the table voted for a stand-in after a timeout
OPEN = "open"  # ... the table opened the seat: nobody's, until the host gives it
BACK = "back"  # the person plays their seat again
SEAT = "seat"  # the host gave the seat to a person
STAND_INS = (TIMEOUT, LEFT, RESIGNED, TABLE, OPEN)
WHYS = (START, *STAND_INS, BACK, SEAT)


def stand_in_name(person: str) -> str:
    """How the story names an AI standing in for a person."""
    return f"AI for {person}"


def open_name(seat: int) -> str:
    """How the story names the AI in a seat the table opened (lower case "seat": never a seat label)."""
    return f"AI in open seat {seat + 1}"


@dataclass(frozen=True)
class Holding:
    """Who held a seat from change `since` on, until the seat's next holding."""

    seat: int
    since: int  # the state id of the change that seated this holder (0: the start)
    name: str  # as the story names this holder: "Ann", "greedy AI", "AI for Ann"
    why: str  # one of WHYS
    user_id: int | None = None  # a person
    ai: str | None = None  # the AI kind playing: the seat's own, or a stand-in
    for_user: int | None = None  # a stand-in's person (None: an open seat, or the seat's own AI)

    @property
    def person(self) -> bool:
        return self.user_id is not None

    @property
    def stand_in(self) -> bool:
        """An AI playing in a person's stead (or in an opened seat), not the seat's own AI."""
        return self.user_id is None and self.why in STAND_INS


class SeatHistory:
    """Every seat's holdings in order; immutable (`with_holding` makes a new one)."""

    def __init__(self, holdings: Iterable[Holding] = ()) -> None:
        self.holdings: tuple[Holding, ...] = tuple(sorted(holdings, key=lambda h: (h.seat, h.since)))
        self._by_seat: dict[int, list[Holding]] = {}
        for holding in self.holdings:
            self._by_seat.setdefault(holding.seat, []).append(holding)

    def __bool__(self) -> bool:
        return bool(self.holdings)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatHistory) and other.holdings == self.holdings

    def __hash__(self) -> int:
        return hash(self.holdings)

    def __repr__(self) -> str:
        return f"SeatHistory({list(self.holdings)!r})"

    def with_holding(self, holding: Holding) -> SeatHistory:
        """This history with one more holding (replacing one of the same seat and change)."""
        kept = [h for h in self.holdings if (h.seat, h.since) != (holding.seat, holding.since)]
        return SeatHistory([*kept, holding])

    def of(self, seat: int) -> tuple[Holding, ...]:
        """The seat's holdings, oldest first."""
        return tuple(self._by_seat.get(seat, ()))

    def holder(self, seat: int, change: int) -> Holding | None:
        """Who held the seat when change `change` was made (seated by an earlier change; the
        start's holder for the start itself)."""
        found = None
        for holding in self._by_seat.get(seat, ()):
            if holding.since < max(change, 1):
                found = holding
        return found

    def current(self, seat: int) -> Holding | None:
        held = self._by_seat.get(seat)
        return held[-1] if held else None

    def names_at(self, change: int, fallback: Sequence[str]) -> list[str]:
        """The names a change's lines give the seats: its holders', else `fallback`'s (the seats'
        names now, for a game whose seats never had a history: a lobby)."""
        names = list(fallback)
        for seat in range(len(names)):
            holding = self.holder(seat, change)
            if holding is not None:
                names[seat] = holding.name
        return names

    def person_name(self, user_id: int) -> str | None:
        """The latest name a person held a seat under."""
        found = None
        for holding in self.holdings:
            if holding.user_id == user_id:
                found = holding.name
        return found


def stand_in_holding(seat: int, since: int, why: str, kind: str, person: Holding | None) -> Holding:
    """The AI kind `kind` taking over `seat` at change `since`: for the person of `person` (the
    holder it replaces), or, for an opened seat (`why` OPEN), for nobody."""
    if why == OPEN or person is None or person.user_id is None:
        return Holding(seat, since, open_name(seat), why, ai=kind)
    return Holding(seat, since, stand_in_name(person.name), why, ai=kind, for_user=person.user_id)


def person_of(holding: Holding | None) -> tuple[int | None, str | None]:
    """The person a holding belongs to (its own, or the one a stand-in plays for) and their name."""
    if holding is None:
        return None, None
    if holding.user_id is not None:
        return holding.user_id, holding.name
    if holding.for_user is not None:
        prefix = stand_in_name("")
        return holding.for_user, holding.name[len(prefix):] if holding.name.startswith(prefix) else holding.name
    return None, None


# -- rebuilding the history of games logged before it was kept (schema 7's backfill) ------------

class LoggedSeat(Protocol):
    @property
    def seat(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def user_id(self) -> int | None: ...

    @property
    def ai(self) -> str | None: ...

    @property
    def stand_in(self) -> str | None: ...


class LoggedChange(Change, Protocol):
    """A logged change with what the backfill reads of it besides (bot/move_log.Change)."""

    @property
    def user_id(self) -> int | None: ...

    @property
    def stand_in(self) -> bool: ...

    @property
    def events(self) -> Sequence[tuple[str, Sequence[int] | None]]: ...


FORMER = "a former player"  # a person the old log never named
_GIVEN = re.compile(r"is now played by (?P<new>.+?)(?: \(instead of (?P<old>.+)\))?\.$")
_WHY_OF_LINE = (("time ran out: an AI", TIMEOUT), ("left the table", LEFT), ("resigned", RESIGNED),
                ("The table decided", TABLE), ("The table opened", OPEN))


def back_line(name: str) -> str:
    """The line of a person taking their seat back (their name in words: the line's seat label
    would name the stand-in that held the seat until then)."""
    return f"{name} is back and plays their seat again."


def given_line(old: str | None, new: str, seat: int, by: str) -> str:
    """The line of the host (or an admin) giving a seat: the old holder and the new, in words."""
    whose = f"{old}'s seat" if old else f"open seat {seat + 1}"
    return f"{whose} goes to {new} ({by})."


def from_legacy_log(seats: Sequence[LoggedSeat], changes: Sequence[LoggedChange], stand_in_kind: str
                    ) -> tuple[list[Holding], dict[int, str]]:
    """The holdings of a game logged before holders were kept, from its seats as they are now and
    its log; and the new wording of its hand-over lines (state id -> line), whose old wording named
    the seat by its holder at the time of reading.

    Stand-ins' kinds weren't logged: a seat's current stand-in kind, else `stand_in_kind`. A
    person's user id comes from the moves they made; a name the old log never recorded (a person
    whose opened seat went to someone else) is FORMER."""
    by_seat: dict[int, list[LoggedChange]] = {}
    for change in changes:
        if change.seat is not None:
            by_seat.setdefault(change.seat, []).append(change)
    holdings: list[Holding] = []
    lines: dict[int, str] = {}
    for seat in seats:
        mine = by_seat.get(seat.seat, [])
        if seat.ai is not None:
            holdings.append(Holding(seat.seat, 0, seat.name, START, ai=seat.ai))
            continue
        kind = seat.stand_in or stand_in_kind
        given = [c for c in mine if c.kind == ChangeKind.SEAT]
        people = _people(seat, mine, given)
        person = people[0]
        current = Holding(seat.seat, 0, person[1], START, user_id=person[0])
        holdings.append(current)
        turn = 0
        for change in mine:
            if change.kind == ChangeKind.STAND_IN:
                why = _why(change)
                current = stand_in_holding(seat.seat, change.state_id, why, kind, _person_holding(current, holdings))
            elif change.kind == ChangeKind.BACK:
                user_id, name = person_of(current)
                current = Holding(seat.seat, change.state_id, name or FORMER, BACK, user_id=user_id)
                lines[change.state_id] = back_line(current.name)
            elif change.kind == ChangeKind.SEAT:
                turn += 1
                _, old_name = person_of(current)
                user_id, name = people[turn]
                if current.why == OPEN:
                    old_name = None
                current = Holding(seat.seat, change.state_id, name, SEAT, user_id=user_id)
                lines[change.state_id] = given_line(old_name, name, seat.seat, "given by the host")
            else:
                continue
            holdings.append(current)
    return holdings, lines


def _people(seat: LoggedSeat, mine: Sequence[LoggedChange], given: Sequence[LoggedChange]
            ) -> list[tuple[int | None, str]]:
    """The persons who held the seat in order: the first, then one per seat given; the last is
    the seat's person now."""
    parsed = [_GIVEN.search(_line(c)) for c in given]
    names: list[str] = []
    for index, match in enumerate(parsed):
        if index == 0:
            names.append(match.group("old") if match is not None and match.group("old") else FORMER)
        names.append(match.group("new") if match is not None else FORMER)
    if not given:
        names.append(seat.name)
    names[-1] = seat.name  # the seats row has the last person's name
    bounds = [0, *(c.state_id for c in given), 2**62]
    people: list[tuple[int | None, str]] = []
    for index, name in enumerate(names):
        lo, hi = bounds[index], bounds[index + 1]
        acted = [c.user_id for c in mine if lo < c.state_id < hi and c.user_id is not None and not c.stand_in
                 and c.kind != ChangeKind.SEAT]
        user_id = seat.user_id if index == len(names) - 1 and seat.user_id is not None else (
            acted[0] if acted else None)
        people.append((user_id, name))
    return people


def _person_holding(current: Holding, holdings: Sequence[Holding]) -> Holding | None:
    """The person a stand-in taking over now plays for: the current holder, or the person the
    current stand-in already played for."""
    if current.user_id is not None:
        return current
    user_id, name = person_of(current)
    return None if user_id is None or name is None else Holding(current.seat, current.since, name, START,
                                                                 user_id=user_id)


def _line(change: LoggedChange) -> str:
    return next((text for text, seats in change.events if seats is None), "")


def _why(change: LoggedChange) -> str:
    line = _line(change)
    return next((why for marker, why in _WHY_OF_LINE if marker in line), LEFT)
