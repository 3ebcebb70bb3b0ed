"""Team records of cooperative games, from the results (docs/records.md).

A cooperative game is won or lost by the whole table, so it gets no ratings: a server (or one
person) keeps its games, wins and win rate per option set, and its best results. What "best"
means is the game's own: a win beats a loss, then the game's measures from its team sheet
(its descriptor's `team_measures`), then the earlier game (the first to get there). Pure: no I/O, no Discord.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from bot import credit
from bot import games as descriptors
from bot.games import Measure
from bot.store.records import JSON, ResultRow
from engine.core import OptionSpec

BEST = 5  # best results kept


@dataclass(frozen=True)
class TeamGame:
    """One finished cooperative game, as its table played it."""

    game_id: int
    finished_at: float
    options: JSON
    names: tuple[str, ...]  # by seat
    user_ids: tuple[int | None, ...]
    won: bool
    sheet: JSON

    def measure(self, measure: Measure) -> int | None:
        value = self.sheet.get(measure.key)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class OptionRecord:
    """Games and wins with one set of options."""

    options: JSON
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class TeamRecords:
    """A server's (or one person's) record at one cooperative game."""

    game: str
    games: int
    wins: int
    by_options: tuple[OptionRecord, ...]  # most played first
    best: tuple[TeamGame, ...]  # best first
    measures: tuple[Measure, ...]

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def team_games(rows: Iterable[ResultRow]) -> list[TeamGame]:
    """The cooperative games among result rows, oldest first (rows in any order), each with the
    crew that played it to the end: a person who quit is no part of its result, and a game
    nobody played to the end is no crew's (bot/credit.py)."""
    ordered = sorted((r for r in rows if r.cooperative), key=lambda r: r.order)
    found = []
    for game_id, rows_iter in groupby(ordered, key=lambda r: r.game_id):
        held = list(rows_iter)
        if not credit.rated(held):
            continue
        seats = [r for r in held if r.finished]
        first = seats[0]
        found.append(TeamGame(game_id=game_id, finished_at=first.finished_at, options=first.options,
                              names=tuple(r.name for r in seats), user_ids=tuple(r.user_id for r in seats),
                              won=any(r.won for r in seats), sheet=first.sheet or {}))
    return found


def _options_key(options: Mapping[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def better_first(game: str, played: TeamGame) -> tuple[Any, ...]:
    """Sort key: wins first, then the game's measures, then the earlier game."""
    key: list[Any] = [not played.won]
    for measure in descriptors.team_measures(game):
        value = played.measure(measure)
        if value is None:
            key.append((1, 0))
        else:
            key.append((0, -value if measure.better == "more" else value))
    key += [played.finished_at, played.game_id]
    return tuple(key)


def team_records(game: str, games: Iterable[TeamGame], user_id: int | None = None, best: int = BEST) -> TeamRecords:
    """The record at `game` of the server whose games these are (`team_games`), or of one person in it."""
    played = [g for g in games if user_id is None or user_id in g.user_ids]
    counts: dict[str, list[int]] = {}
    option_sets: dict[str, JSON] = {}
    for one in played:
        key = _options_key(one.options)
        option_sets.setdefault(key, one.options)
        tally = counts.setdefault(key, [0, 0])
        tally[0] += 1
        tally[1] += one.won
    by_options = sorted((OptionRecord(option_sets[k], games, wins) for k, (games, wins) in counts.items()),
                        key=lambda r: (-r.games, _options_key(r.options)))
    ranked = sorted(played, key=lambda g: better_first(game, g))
    return TeamRecords(game=game, games=len(played), wins=sum(g.won for g in played), by_options=tuple(by_options),
                       best=tuple(ranked[:best]), measures=descriptors.team_measures(game))


def describe_options(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> str:
    """The options that differ from the defaults, readably ("Sea Monsters: 3, Jagged Rocks:
    automatic"); "standard rules" when none do."""
    parts = []
    for spec in specs:
        value = options.get(spec.name, spec.default)
        if value == spec.default:
            continue
        try:
            shown = spec.label(value)
        except ValueError:  # a value this version no longer offers
            shown = str(value)
        name = spec.name.replace("_", " ").capitalize()
        if isinstance(value, bool):
            parts.append(name if value else f"no {name.lower()}")
        else:
            parts.append(f"{name}: {shown}")
    return ", ".join(parts) or "standard rules"
