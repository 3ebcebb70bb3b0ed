"""Scoring a tournament (docs/tournaments.md, "Scoring"): pure, over entrant numbers.

- A table gives each seat one point for every table-mate it finished above and half a point for
  every one it tied with (a duel: 1, ½, 0; four players: 3, 2, 1, 0). A bye is worth a win at a
  full table: `seats` − 1 points.
- Standings: entrants still in before those who are out (dropped or removed), then points, then
  the format's tie-breaks in order (`TieBreak`s: Buchholz cut-1, Buchholz, Sonneborn–Berger,
  head-to-head, wins, rating). None of them reads a game's score, so a win by resignation or by
  the organiser's decision counts as much as a win on points. Entrants equal on all of them share
  a place.
- Places at a table after its policies (`table_places`): an entrant absent for the whole game
  (every move of their seat made by an AI) ranks below everyone who played, whatever the AI
  scored; then the event's lateness policy: "counts" keeps the place a stand-in finished in,
  "last" moves a seat a stand-in held at the end below every seat its person played to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

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
    return [sum(_against(mine, other) for seat, other in enumerate(places) if seat != me)
            for me, mine in enumerate(places)]


def _against(mine: int, other: int) -> float:
    """What a place earns against one table-mate's place."""
    return 1.0 if other > mine else 0.5 if other == mine else 0.0


def bye_points(seats: int) -> float:
    return float(seats - 1)


def _below(places: Sequence[int], sunk: Collection[int]) -> list[int]:
    """The places with the seats `sunk` moved below every other seat, keeping their order among
    themselves (and the others theirs); equal keys share a place."""
    if not sunk:
        return list(places)
    keys = [(1 if seat in sunk else 0, place) for seat, place in enumerate(places)]
    order = sorted(range(len(places)), key=lambda seat: keys[seat])
    ranked = shared_places([keys[seat] for seat in order])
    result = [0] * len(places)
    for seat, place in zip(order, ranked, strict=True):
        result[seat] = place
    return result


def with_lateness(places: Sequence[int], stood_in: Collection[int], lateness: str) -> list[int]:
    """The places after the lateness policy: under "last", seats `stood_in` (held by an AI
    stand-in at the end) go below every other seat, keeping their order among themselves."""
    return _below(places, stood_in) if lateness == LAST else list(places)


def table_places(places: Sequence[int], *, stood_in: Collection[int], absent: Collection[int],
                 lateness: str) -> list[int]:
    """A table's places for the event: the lateness policy, then every seat whose person never
    moved (`absent`: an AI made all of its moves) below every seat someone played, sharing the
    last places. A no-show never collects an AI's win."""
    return _below(with_lateness(places, stood_in, lateness), absent)


def deadline_places(seats: int, stood_in: Collection[int], lateness: str, absent: Collection[int] = ()) -> list[int]:
    """An unfinished table at its round's deadline: every seat shares first place (a draw), but
    under "last" the seats an AI stand-in holds then share the places below the others, and seats
    whose person never moved go below everyone."""
    return table_places([1] * seats, stood_in=stood_in, absent=absent, lateness=lateness)


@dataclass(frozen=True)
class Decided:
    """One decided table as scoring reads it."""

    round: int
    entrants: tuple[int, ...]  # in seat order
    places: tuple[int, ...]
    scores: tuple[int, ...] | None

    def points(self) -> dict[int, float]:
        return dict(zip(self.entrants, table_points(self.places), strict=True))


@dataclass(frozen=True)
class Tally:
    """What the decided tables and byes give one entrant (before any order)."""

    entrant: int
    points: float
    played: int
    byes: int
    wins: int  # tables finished alone in first place (byes are not wins)
    rating: float
    out: bool  # dropped or removed: never paired again, never on the podium
    survived: int  # elimination: rounds won, or passed with a bye
    last_place: int  # the place at the entrant's last table (0: none yet)
    score: int  # total game score (shown, never a tie-break)
    rounds: tuple[tuple[int, float], ...]  # (round, what its table-mates' points add up to) per table or bye
    faced: tuple[tuple[int, float], ...]  # (table-mate, points earned against them) per meeting


@dataclass(frozen=True)
class Field:
    """Everything standings are worked out from: the entrants, their tallies and the tables."""

    tallies: Mapping[int, Tally]
    tables: tuple[Decided, ...]

    def points(self, entrant: int) -> float:
        return self.tallies[entrant].points


@dataclass(frozen=True)
class TieBreak:
    """One way to order entrants equal so far. `values` gives each member of a group of equal
    entrants a number, higher first; most read the entrant alone, head-to-head reads the group."""

    key: str  # stored and compared by this
    heading: str  # the standings' column
    words: str  # how the rules note says it
    values: Callable[[Field, Sequence[int]], dict[int, float]]


def _each(read: Callable[[Field, int], float]) -> Callable[[Field, Sequence[int]], dict[int, float]]:
    return lambda field, group: {e: read(field, e) for e in group}


def _buchholz(field: Field, entrant: int) -> float:
    return sum(value for _, value in field.tallies[entrant].rounds)


def _cut_one(field: Field, entrant: int) -> float:
    """Buchholz without the entrant's lowest round (a bye counts as a round whose table-mates
    add nothing, so it is the one cut)."""
    values = [value for _, value in field.tallies[entrant].rounds]
    return sum(values) - min(values) if len(values) > 1 else 0.0


def _sonneborn_berger(field: Field, entrant: int) -> float:
    """Each table-mate's final points, weighted by what the entrant earned against them (1 above,
    ½ tied, 0 below)."""
    return sum(earned * field.points(mate) for mate, earned in field.tallies[entrant].faced)


def _head_to_head(field: Field, group: Sequence[int]) -> dict[int, float]:
    """Points earned against the others of the group, when every two of them met (else all equal)."""
    members = set(group)
    met = {frozenset((e, mate)) for e in group for mate, _ in field.tallies[e].faced if mate in members}
    if len(group) < 2 or len(met) < len(group) * (len(group) - 1) // 2:
        return dict.fromkeys(group, 0.0)
    return {e: sum(earned for mate, earned in field.tallies[e].faced if mate in members) for e in group}


BUCHHOLZ_CUT1 = TieBreak("buchholz_cut1", "Buch-1", "Buchholz cut-1 (the table-mates' points, the lowest round left "
                         "out)", _each(_cut_one))
BUCHHOLZ = TieBreak("buchholz", "Buch", "Buchholz (every table-mate's points)", _each(_buchholz))
SONNEBORN_BERGER = TieBreak("sonneborn_berger", "S-B", "Sonneborn–Berger (table-mates' points, weighted by the result "
                            "against each)", _each(_sonneborn_berger))
HEAD_TO_HEAD = TieBreak("head_to_head", "H2H", "head-to-head (points against each other, when all of them met)",
                        _head_to_head)
WINS = TieBreak("wins", "Wins", "tables won", _each(lambda field, e: float(field.tallies[e].wins)))
RATING = TieBreak("rating", "Rating", "the rating each entrant started with",
                  _each(lambda field, e: field.tallies[e].rating))
SURVIVED = TieBreak("survived", "Rounds", "rounds survived", _each(lambda field, e: float(field.tallies[e].survived)))
LAST_TABLE = TieBreak("last_table", "Last", "the place at the last table",
                      _each(lambda field, e: -float(field.tallies[e].last_place)))
POINTS = TieBreak("points", "Points", "points", _each(lambda field, e: field.tallies[e].points))
STILL_IN = TieBreak("in", "", "entrants still in before those out",
                    _each(lambda field, e: 0.0 if field.tallies[e].out else 1.0))


@dataclass(frozen=True)
class Line:
    """An entrant's line in the standings: the place, and the value of each tie-break the order used."""

    entrant: int
    place: int
    points: float
    played: int
    byes: int
    out: bool
    score: int
    survived: int
    values: tuple[tuple[str, float], ...]  # (tie-break key, value) in the order applied

    def value(self, key: str) -> float:
        return dict(self.values)[key]


def winner(table: Decided, ratings: Mapping[int, float]) -> int:
    """Who goes through from an elimination table: first place; among several tied first, the
    higher game score at the table, then the higher starting rating, then the earlier sign-up."""
    def key(seat: int) -> tuple[float, ...]:
        score = table.scores[seat] if table.scores is not None else 0
        return (table.places[seat], -score, -ratings.get(table.entrants[seat], 0.0), table.entrants[seat])
    return table.entrants[min(range(len(table.entrants)), key=key)]


def tallies(entrants: Iterable[int], *, ratings: Mapping[int, float], out: Collection[int],
            tables: Sequence[Decided], byes: Sequence[tuple[int, int]], seats: int,
            elimination: bool = False) -> Field:
    """What the tables and byes give each entrant. `byes` lists (round, entrant) once per bye."""
    ids = list(entrants)
    points = dict.fromkeys(ids, 0.0)
    for _, entrant in byes:
        points[entrant] += bye_points(seats)
    for table in tables:
        for entrant, gained in table.points().items():
            points[entrant] += gained
    played = dict.fromkeys(ids, 0)
    wins = dict.fromkeys(ids, 0)
    score = dict.fromkeys(ids, 0)
    last_place = dict.fromkeys(ids, 0)
    survived = dict.fromkeys(ids, 0)
    rounds: dict[int, list[tuple[int, float]]] = {}
    faced: dict[int, list[tuple[int, float]]] = {}
    for number, entrant in byes:  # a bye is a round whose table-mates add nothing
        survived[entrant] += 1
        rounds.setdefault(entrant, []).append((number, 0.0))
    for table in tables:
        first = min(table.places)
        alone = table.places.count(first) == 1
        for seat, entrant in enumerate(table.entrants):
            mine = table.places[seat]
            played[entrant] += 1
            wins[entrant] += 1 if mine == first and alone else 0
            score[entrant] += table.scores[seat] if table.scores is not None else 0
            last_place[entrant] = mine
            mates = [(other, table.places[s]) for s, other in enumerate(table.entrants) if s != seat]
            rounds.setdefault(entrant, []).append((table.round, sum(points[o] for o, _ in mates)))
            faced.setdefault(entrant, []).extend((o, _against(mine, place)) for o, place in mates)
        if elimination:
            survived[winner(table, ratings)] += 1
    return Field({e: Tally(entrant=e, points=points[e], played=played[e], byes=sum(1 for _, b in byes if b == e),
                           wins=wins[e], rating=ratings.get(e, 0.0), out=e in out, survived=survived[e],
                           last_place=last_place[e], score=score[e], rounds=tuple(sorted(rounds.get(e, []))),
                           faced=tuple(faced.get(e, [])))
                  for e in ids}, tuple(tables))


def rank(field: Field, order: Sequence[TieBreak]) -> list[Line]:
    """The standings, best first: entrants still in before those out, then by `order` (each
    tie-break splitting the groups the ones before left equal). Equal on all of them share a place."""
    breaks = (STILL_IN, *order)
    keys: dict[int, list[float]] = {e: [] for e in field.tallies}
    groups: list[list[int]] = [sorted(field.tallies)]
    for tie_break in breaks:
        for group in groups:
            values = tie_break.values(field, group)
            for entrant in group:
                keys[entrant].append(-values[entrant])
        groups = [list(g) for group in groups for g in _split(group, keys)]
    ordered = sorted(field.tallies, key=lambda e: (keys[e], e))
    places = shared_places([tuple(keys[e]) for e in ordered])
    return [Line(entrant=e, place=p, points=field.tallies[e].points, played=field.tallies[e].played,
                 byes=field.tallies[e].byes, out=field.tallies[e].out, score=field.tallies[e].score,
                 survived=field.tallies[e].survived,
                 values=tuple((b.key, -k) for b, k in zip(breaks[1:], keys[e][1:], strict=True)))
            for e, p in zip(ordered, places, strict=True)]


def _split(group: Sequence[int], keys: Mapping[int, Sequence[float]]) -> list[list[int]]:
    """A group split into runs of equal keys, best first."""
    runs: dict[tuple[float, ...], list[int]] = {}
    for entrant in group:
        runs.setdefault(tuple(keys[entrant]), []).append(entrant)
    return [runs[key] for key in sorted(runs)]


def points_text(points: float) -> str:
    """4.5 as "4½", 3.0 as "3"."""
    whole = int(points)
    if points - whole == 0.5:
        return f"{whole or ''}½"
    return f"{points:g}"
