"""Scoring a tournament (docs/tournaments.md, "Scoring"): pure, over entrant numbers.

- A table gives each seat one point for every table-mate it finished above and half a point for
  every one it tied with (a duel: 1, ½, 0; four players: 3, 2, 1, 0). A bye is worth a win at a
  full table: `seats` − 1 points.
- Standings: points, then (Swiss) Buchholz — the sum of the points of every table-mate met, once
  per meeting — then the total game score, then the rating the entrant started with. Entrants
  equal on all of them share a place.
- A seat an AI stand-in held at the end is ranked by the event's lateness policy: "counts" keeps
  the place it finished in; "last" moves it below every seat its person played to the end.
- Elimination ranks by the rounds survived, then the place at the last table, then the above.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

SWISS, ROUND_ROBIN, ELIMINATION = "swiss", "round_robin", "elimination"
FORMATS = (SWISS, ROUND_ROBIN, ELIMINATION)
COUNTS, LAST = "counts", "last"
LATENESS = (COUNTS, LAST)


def shared_places(keys: Sequence[tuple[float, ...]]) -> list[int]:
    """Competition places (1, 2, 2, 4) of rows already sorted best first: equal keys share."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and key == keys[index - 1] else index + 1)
    return places


def table_points(places: Sequence[int]) -> list[float]:
    """Each seat's points: one per table-mate finished above, a half per table-mate tied with."""
    return [sum(1.0 if other > mine else 0.5 if other == mine else 0.0
                for seat, other in enumerate(places) if seat != me)
            for me, mine in enumerate(places)]


def bye_points(seats: int) -> float:
    return float(seats - 1)


def with_lateness(places: Sequence[int], stood_in: Collection[int], lateness: str) -> list[int]:
    """The places after the lateness policy: under "last", seats `stood_in` (held by an AI
    stand-in at the end) go below every other seat, keeping their order among themselves."""
    if lateness != LAST or not stood_in:
        return list(places)
    keys = [(1 if seat in stood_in else 0, place) for seat, place in enumerate(places)]
    order = sorted(range(len(places)), key=lambda seat: keys[seat])
    ranked = shared_places([keys[seat] for seat in order])
    result = [0] * len(places)
    for seat, place in zip(order, ranked, strict=True):
        result[seat] = place
    return result


def deadline_places(seats: int, stood_in: Collection[int], lateness: str) -> list[int]:
    """An unfinished table at its round's deadline: every seat shares first place (a draw), but
    under "last" the seats an AI stand-in holds then share the places below the others."""
    return with_lateness([1] * seats, stood_in, lateness)


@dataclass(frozen=True)
class Decided:
    """One decided table as scoring reads it."""

    round: int
    entrants: tuple[int, ...]  # in seat order
    places: tuple[int, ...]
    scores: tuple[int, ...] | None


@dataclass(frozen=True)
class Line:
    """An entrant's line in the standings."""

    entrant: int
    place: int
    points: float
    buchholz: float
    score: int
    rating: float
    played: int
    byes: int
    dropped: bool
    survived: int = 0  # elimination: rounds won (or passed with a bye)


def winner(table: Decided, ratings: Mapping[int, float]) -> int:
    """Who goes through from an elimination table: first place; among several tied first, the
    higher game score at the table, then the higher starting rating, then the earlier sign-up."""
    def key(seat: int) -> tuple[float, ...]:
        score = table.scores[seat] if table.scores is not None else 0
        return (table.places[seat], -score, -ratings.get(table.entrants[seat], 0.0), table.entrants[seat])
    return table.entrants[min(range(len(table.entrants)), key=key)]


def standings(entrants: Sequence[int], *, ratings: Mapping[int, float], dropped: Collection[int],
              tables: Sequence[Decided], byes: Sequence[int], seats: int, form: str) -> list[Line]:
    """The standings, best first. `byes` lists an entrant once per bye received."""
    points = dict.fromkeys(entrants, 0.0)
    score = dict.fromkeys(entrants, 0)
    played = dict.fromkeys(entrants, 0)
    had = dict.fromkeys(entrants, 0)
    met: dict[int, list[int]] = {e: [] for e in entrants}
    survived = dict.fromkeys(entrants, 0)
    last_place = dict.fromkeys(entrants, 0)
    for entrant in byes:
        points[entrant] += bye_points(seats)
        had[entrant] += 1
        survived[entrant] += 1
    for table in tables:
        for seat, (entrant, gained) in enumerate(zip(table.entrants, table_points(table.places), strict=True)):
            points[entrant] += gained
            played[entrant] += 1
            score[entrant] += table.scores[seat] if table.scores is not None else 0
            met[entrant].extend(e for e in table.entrants if e != entrant)
            last_place[entrant] = table.places[seat]
        if form == ELIMINATION:
            survived[winner(table, ratings)] += 1
    buchholz = {e: sum((points[o] for o in met[e]), 0.0) for e in entrants} if form == SWISS \
        else dict.fromkeys(entrants, 0.0)

    def key(entrant: int) -> tuple[float, ...]:
        own = (-points[entrant], -buchholz[entrant], -score[entrant], -ratings.get(entrant, 0.0))
        return (-survived[entrant], last_place[entrant], *own) if form == ELIMINATION else own

    order = sorted(entrants, key=lambda e: (key(e), e))
    places = shared_places([key(e) for e in order])
    return [Line(entrant=e, place=p, points=points[e], buchholz=buchholz[e], score=score[e],
                 rating=ratings.get(e, 0.0), played=played[e], byes=had[e], dropped=e in dropped,
                 survived=survived[e])
            for e, p in zip(order, places, strict=True)]


def points_text(points: float) -> str:
    """4.5 as "4½", 3.0 as "3"."""
    whole = int(points)
    if points - whole == 0.5:
        return f"{whole or ''}½"
    return f"{points:g}"
