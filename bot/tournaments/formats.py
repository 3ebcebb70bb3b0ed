"""Tournament formats, declared once (docs/tournaments.md, "Formats"; docs/adding-a-format.md).

A format is one `Format` object in the registry: how many rounds it plays, who sits with whom
each round, and how its standings are ordered (its tie-breaks). The service pairs and ranks
through it, the standings picture shows its tie-breaks, and `/tournament create` offers the
registered formats; nothing else names a format. Pure: entrant numbers in, rounds and standings
out, no I/O.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from bot.tournaments import pairing, scoring
from bot.tournaments.scoring import (
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    HEAD_TO_HEAD,
    LAST_TABLE,
    POINTS,
    RATING,
    SONNEBORN_BERGER,
    SURVIVED,
    WINS,
    Decided,
    Line,
    TieBreak,
)
from engine.errors import BadOptions


@dataclass(frozen=True)
class Paired:
    """A round as it was paired: its tables (entrants in seat order) and byes."""

    number: int
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


@dataclass(frozen=True)
class Event:
    """An event's history as a format reads it."""

    entrants: tuple[int, ...]  # every entrant, in sign-up order
    ratings: Mapping[int, float]  # each entrant's rating at the start (at sign-up for a late entrant)
    out: frozenset[int]  # dropped or removed
    rounds: tuple[Paired, ...]  # the rounds paired so far, in order
    decided: tuple[Decided, ...]  # the tables decided so far
    seats: int
    smallest: int  # the game's fewest players at a table

    def upto(self, number: int) -> Event:
        """The event as it stood when round `number` closed."""
        return replace(self, rounds=tuple(r for r in self.rounds if r.number <= number),
                       decided=tuple(t for t in self.decided if t.round <= number))

    def by_rating(self, entrants: Sequence[int]) -> list[int]:
        """The entrants, best-rated first (ties: the earlier sign-up)."""
        return sorted(entrants, key=lambda e: (-self.ratings.get(e, 0.0), e))


class Format(ABC):
    """One way to run an event. Subclass it, set the class attributes, and `register` an instance."""

    key: ClassVar[str]  # stored with the event (`tournaments.format`)
    label: ClassVar[str]  # how people see it
    asks_rounds: ClassVar[bool] = False  # the organiser chooses how many rounds (else worked out at the start)
    late_entries: ClassVar[bool] = False  # people may join after the start (docs/tournaments.md, "Late entries")
    eliminates: ClassVar[bool] = False  # each table's winner goes through; the others are out of the running
    tie_breaks: ClassVar[tuple[TieBreak, ...]]  # the standings' order after "still in", first to last

    def default_rounds(self, most_entrants: int) -> int:
        """The rounds an event of at most `most_entrants` plays unless the organiser says (when it asks)."""
        return 0

    @abstractmethod
    def rounds_at_start(self, entrants: Sequence[int], seats: int, smallest: int, asked: int) -> int:
        """How many rounds the event plays, worked out when sign-up closes."""

    @abstractmethod
    def pair(self, event: Event, number: int, playing: Sequence[int]) -> pairing.Round | None:
        """Round `number`'s seating of the entrants `playing`; None when the event is over."""

    def standings(self, event: Event) -> list[Line]:
        """The standings, best first."""
        field = scoring.tallies(event.entrants, ratings=event.ratings, out=event.out, tables=event.decided,
                                byes=[(r.number, b) for r in event.rounds for b in r.byes], seats=event.seats,
                                elimination=self.eliminates)
        return scoring.rank(field, self.tie_breaks)

    def rules_note(self) -> str:
        """How the standings are ordered, in one sentence for the picture and the docs."""
        words = [b.words for b in self.tie_breaks if b is not POINTS]
        return ("Points: 1 for each table-mate finished above, ½ for each tie; a bye counts as a win. Order: "
                + ", then ".join(b.words for b in self.tie_breaks[:1]) + (f"; ties: {', then '.join(words)}."
                                                                         if words else "."))


class Swiss(Format):
    """The rounds asked for; each round seats entrants of equal standing together, no repeats
    where any seating avoids them (bot/tournaments/pairing.py)."""

    key, label = "swiss", "Swiss"
    asks_rounds = True
    late_entries = True
    tie_breaks = (POINTS, BUCHHOLZ_CUT1, BUCHHOLZ, SONNEBORN_BERGER, HEAD_TO_HEAD, WINS, RATING)

    def default_rounds(self, most_entrants: int) -> int:
        return max(3, math.ceil(math.log2(max(most_entrants, 2))))

    def rounds_at_start(self, entrants: Sequence[int], seats: int, smallest: int, asked: int) -> int:
        return asked

    def pair(self, event: Event, number: int, playing: Sequence[int]) -> pairing.Round | None:
        active = set(playing)
        if len(active) < event.smallest:
            return None
        if number == 1:
            standing = event.by_rating(playing)
        else:
            standing = [line.entrant for line in self.standings(event) if line.entrant in active]
        met = {frozenset((a, b)) for r in event.rounds for t in r.tables for a in t for b in t if a < b}
        byes_had = {b for r in event.rounds for b in r.byes}
        return pairing.swiss_round(standing, met, byes_had, event.seats, event.smallest)


class RoundRobin(Format):
    """Every pair of entrants shares a table at least once; the schedule is drawn over the
    entrants at the start, and a dropped entrant's later seats stay empty."""

    key, label = "round_robin", "round-robin"
    tie_breaks = (POINTS, SONNEBORN_BERGER, HEAD_TO_HEAD, WINS, RATING)

    def rounds_at_start(self, entrants: Sequence[int], seats: int, smallest: int, asked: int) -> int:
        return len(pairing.round_robin(list(entrants), seats, smallest))

    def pair(self, event: Event, number: int, playing: Sequence[int]) -> pairing.Round | None:
        schedule = pairing.round_robin(list(event.entrants), event.seats, event.smallest)
        if number > len(schedule):
            return None
        active = set(playing)
        planned = schedule[number - 1]
        tables = [tuple(e for e in t if e in active) for t in planned.tables]
        byes = [e for e in planned.byes if e in active] + [e for t in tables if len(t) < event.smallest for e in t]
        return pairing.Round(tuple(t for t in tables if len(t) >= event.smallest), tuple(byes))


class Elimination(Format):
    """Seeded by rating; each table's winner goes through until one entrant is left."""

    key, label = "elimination", "single elimination"
    eliminates = True
    tie_breaks = (SURVIVED, LAST_TABLE, POINTS, WINS, RATING)

    def rounds_at_start(self, entrants: Sequence[int], seats: int, smallest: int, asked: int) -> int:
        count, rounds = len(entrants), 0
        while count > 1:
            sizes, byes = pairing.plan_tables(count, seats, smallest)
            count = len(sizes) + byes
            rounds += 1
        return rounds

    def pair(self, event: Event, number: int, playing: Sequence[int]) -> pairing.Round | None:
        active = set(playing)
        order = [e for e in self._order(event) if e in active]
        if len(order) <= 1:
            return None
        if number == 1:
            return pairing.seeded_bracket(order, event.seats, event.smallest)
        return pairing.next_elimination_round(order, event.seats, event.smallest)

    def _order(self, event: Event) -> list[int]:
        """Who is still in, in the order the next round seats them: round 1 by rating; after it,
        each table's winner (and each bye) at the best place its table held in the last order."""
        order = event.by_rating(event.entrants)
        for past in event.rounds:
            place = {e: i for i, e in enumerate(order)}
            groups = [(min(place.get(e, len(order)) for e in t.entrants), scoring.winner(t, event.ratings))
                      for t in event.decided if t.round == past.number]
            groups += [(place.get(b, len(order)), b) for b in past.byes]
            order = [e for _, e in sorted(groups)]
        return order

    def rules_note(self) -> str:
        return ("Each table's winner goes through (tied first: the higher game score, then rating). Order: rounds "
                "survived, then the place at the last table, then points, tables won and rating.")


FORMATS: dict[str, Format] = {}


def register(form: Format) -> Format:
    """Make a format available to events (by its key); registering the same key again replaces it."""
    FORMATS[form.key] = form
    return form


def withdraw(key: str) -> None:
    """Take a format out of the registry (tests that add their own)."""
    FORMATS.pop(key, None)


def get(key: str) -> Format:
    """The format of that key; BadOptions, naming the ones there are, for an unknown key."""
    found = FORMATS.get(key)
    if found is None:
        raise BadOptions(f"A tournament is {', '.join(FORMATS)}; not {key!r}.")
    return found


def keys() -> list[str]:
    return list(FORMATS)


SWISS = register(Swiss()).key
ROUND_ROBIN = register(RoundRobin()).key
ELIMINATION = register(Elimination()).key
