"""Ratings of competitive games, recomputed from the results (docs/records.md).

openskill's Plackett–Luce model, with its parameters fixed here rather than taken from the
library's defaults, goes through a server's results of one game in a fixed order (finished_at,
then game id), one game at a time, every seat its own team. The same rows give the same
numbers, whatever order they were read or inserted in: ratings are derived data, never stored.

Who is rated (bot/credit.py decides the rows): a person by their user id, and each AI kind that
held a seat of its own as one entrant ("AI (greedy)"). Whoever held a seat at the end takes its
place; a person who quit (left or timed out, an AI finishing for them) ranks below everyone; an
AI standing in is never rated; a game nobody played to the end is not rated at all. When one
entrant holds several seats of a game (two greedy AIs at one table), each seat is rated from the
entrant's rating before the game and the entrant takes the mean of what its seats came to. Pure:
no I/O, no Discord, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import groupby

from openskill.models import PlackettLuce, PlackettLuceRating

from bot import credit
from bot.store.records import ResultRow

# The model's parameters, written out so a library upgrade that changed its defaults could not
# silently change every rating (these are openskill 6's defaults).
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
KAPPA = 0.0001
TAU = MU / 300
Z = 3  # a rating is mu - Z * sigma: a cautious estimate, 0 for a newcomer


def model() -> PlackettLuce:
    return PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU, limit_sigma=False, balance=False)


def entrant_key(user_id: int | None, ai: str | None) -> str:
    """Whose rating it is: "user:<id>" for a person, "ai:<kind>" for an AI kind."""
    if user_id is not None:
        return f"user:{user_id}"
    return f"ai:{ai or 'unknown'}"


def entrant_of(row: ResultRow) -> str:
    """Who a result belongs to (`entrant_key`)."""
    return entrant_key(row.user_id, row.ai)


def ai_name(kind: str) -> str:
    return f"AI ({kind})"


@dataclass(frozen=True)
class RatingPoint:
    """An entrant's rating after one game."""

    game_id: int
    finished_at: float
    mu: float
    sigma: float
    rank: int
    players: int

    @property
    def rating(self) -> float:
        return self.mu - Z * self.sigma


@dataclass(frozen=True)
class Standing:
    """An entrant's place in a server's game: rating, record and rating over time."""

    key: str
    user_id: int | None
    ai: str | None
    name: str  # a person's name at their latest game; "AI (kind)" for an AI
    mu: float
    sigma: float
    games: int
    wins: int
    best_score: int | None
    mean_score: float | None
    history: tuple[RatingPoint, ...]  # one point per rated game, oldest first

    @property
    def rating(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Ratings:
    """A server's ratings of one competitive game, best first."""

    game: str
    standings: tuple[Standing, ...]
    games: int  # finished games counted
    results: int  # result rows read

    def place_of(self, key: str) -> int | None:
        """1-based place of an entrant (None: no result)."""
        for place, standing in enumerate(self.standings, start=1):
            if standing.key == key:
                return place
        return None

    def standing(self, key: str) -> Standing | None:
        place = self.place_of(key)
        return None if place is None else self.standings[place - 1]

    def people(self) -> int:
        return sum(1 for s in self.standings if not s.is_ai)


class _Entrant:
    """An entrant's running totals while the results are gone through."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.mu = MU
        self.sigma = SIGMA
        self.user_id: int | None = None
        self.ai: str | None = None
        self.name = ""
        self.games = 0
        self.wins = 0
        self.scores: list[int] = []
        self.history: list[RatingPoint] = []

    def standing(self) -> Standing:
        best = max(self.scores) if self.scores else None
        mean = sum(self.scores) / len(self.scores) if self.scores else None
        return Standing(key=self.key, user_id=self.user_id, ai=self.ai, name=self.name, mu=self.mu, sigma=self.sigma,
                        games=self.games, wins=self.wins, best_score=best, mean_score=mean,
                        history=tuple(self.history))


def _rank(row: ResultRow) -> int:
    """The seat's place; the store fills it for every competitive result, a winner is 1 otherwise."""
    return row.rank if row.rank is not None else (1 if row.won else 2)


def recompute(rows: Iterable[ResultRow]) -> Ratings:
    """Ratings of one server's one competitive game from its result rows (cooperative rows are
    left out), in the fixed order; the result depends on the rows alone."""
    competitive = sorted((r for r in rows if not r.cooperative), key=lambda r: r.order)
    games = {r.game for r in competitive}
    if len(games) > 1:
        raise ValueError(f"Ratings are per game; these results mix {', '.join(sorted(games))}.")
    rater = model()
    entrants: dict[str, _Entrant] = {}
    count = 0
    for _, seats_iter in groupby(competitive, key=lambda r: r.game_id):
        seats = list(seats_iter)
        if not credit.rated(seats):
            continue  # nobody played it to the end: it says nothing about anyone
        count += 1
        _rate_game(rater, entrants, [r for r in seats if credit.entrant(r)])
    standings = sorted((e.standing() for e in entrants.values()), key=lambda s: (-s.rating, -s.games, s.key))
    return Ratings(game=next(iter(games), ""), standings=tuple(standings), games=count, results=len(competitive))


def _rate_game(rater: PlackettLuce, entrants: dict[str, _Entrant], seats: Sequence[ResultRow]) -> None:
    """One game: every entrant's record, then (with two entrants or more) their new ratings."""
    keys = [entrant_of(r) for r in seats]
    won: dict[str, bool] = {}
    best: dict[str, int] = {}
    for row, key in zip(seats, keys, strict=True):
        entrant = entrants.get(key)
        if entrant is None:
            entrant = entrants[key] = _Entrant(key)
        entrant.user_id, entrant.ai = row.user_id, row.ai if row.user_id is None else None
        entrant.name = row.name if row.user_id is not None else ai_name(row.ai or "unknown")
        if row.score is not None and row.finished:
            entrant.scores.append(row.score)
        won[key] = won.get(key, False) or row.won
        best[key] = min(best.get(key, _rank(row)), _rank(row))
    for key, did_win in won.items():  # a game counts once per entrant, however many seats it held
        entrants[key].games += 1
        entrants[key].wins += did_win
    if len(won) < 2:
        return  # one entrant alone at the table (an AI against itself): nothing to learn
    teams = [[rater.rating(mu=entrants[key].mu, sigma=entrants[key].sigma)] for key in keys]
    rated = rater.rate(teams, ranks=[float(_rank(r)) for r in seats])
    after: dict[str, list[PlackettLuceRating]] = {}
    for key, team in zip(keys, rated, strict=True):
        after.setdefault(key, []).append(team[0])
    for key, new in after.items():
        entrant = entrants[key]
        entrant.mu = sum(r.mu for r in new) / len(new)
        entrant.sigma = sum(r.sigma for r in new) / len(new)
        entrant.history.append(RatingPoint(seats[0].game_id, seats[0].finished_at, entrant.mu, entrant.sigma,
                                           best[key], len(seats)))
