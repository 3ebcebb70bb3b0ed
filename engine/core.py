"""The engine contract every game implements (see docs/engine.md).

A game is a stateless `Game` object; its states are plain data it can encode to JSON.
`Game.apply` is the only way a state advances and it never touches its input.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.errors import BadMove, BadOptions, GameOver, IllegalMove, NotYourTurn

S = TypeVar("S")

JSON = dict[str, Any]


@dataclass(frozen=True, order=True)
class Move:
    """One action of one seat. `text` is the identity: short, stable, parseable.

    Texts are space-separated tokens; a UI may offer them step by step by their
    leading tokens (e.g. "place 37" then "at 12"), so keep the most telling token first.
    `label` is a friendlier wording for buttons; it never takes part in equality.
    """

    text: str
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Event:
    """A log line. `seats` are the seats allowed to see it; None means everyone."""

    text: str
    seats: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        return self.seats is None

    def visible_to(self, seat: int | None) -> bool:
        """True when `seat` (None = spectator) may see this event."""
        return self.seats is None or (seat is not None and seat in self.seats)


@dataclass(frozen=True)
class Step(Generic[S]):
    """What `apply` returns: the new state and the events the move produced."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    `winners` are the seats that won (all seats for a cooperative win, none for a loss).
    `scores`/`ranks` are per seat when the game scores; `sheet` is a JSON-ready score sheet.
    """

    winners: tuple[int, ...]
    summary: str
    cooperative: bool = False
    scores: tuple[int, ...] | None = None
    ranks: tuple[int, ...] | None = None
    sheet: JSON | None = None

    def to_dict(self) -> JSON:
        return {
            "winners": list(self.winners),
            "summary": self.summary,
            "cooperative": self.cooperative,
            "scores": None if self.scores is None else list(self.scores),
            "ranks": None if self.ranks is None else list(self.ranks),
            "sheet": self.sheet,
        }


@dataclass(frozen=True)
class OptionSpec:
    """A declared setup option: its default and every allowed value."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str
    labels: tuple[str, ...] = ()

    def label(self, value: Any) -> str:
        """Readable name of one allowed value."""
        if self.labels:
            return self.labels[self.choices.index(value)]
        return str(value)


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> JSON:
    """Fill defaults and check every value against its spec; unknown names are refused."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise BadOptions(f"Unknown option {unknown[0]!r}; options are: {', '.join(known) or 'none'}.")
    result: JSON = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        if value not in spec.choices or type(value) is not type(spec.default):
            allowed = ", ".join(str(c) for c in spec.choices)
            raise BadOptions(f"Option {spec.name} can't be {value!r}; allowed: {allowed}.")
        result[spec.name] = value
    return result


class Game(ABC, Generic[S]):
    """The contract. Subclasses implement the abstract hooks; `apply` does the checks.

    Hooks receive states they may rely on being valid; `apply` hands `_apply` a private
    copy, so a failed move (an exception halfway) never damages the caller's state.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    cooperative: bool = False

    # -- declared options -------------------------------------------------------------
    def options(self) -> tuple[OptionSpec, ...]:
        """Declared options with defaults and allowed values."""
        return ()

    def option_sets(self) -> list[JSON]:
        """A spread of option combinations for conformance tests and benchmarks:
        the defaults, then every non-default value of each option on its own."""
        specs = self.options()
        base = {s.name: s.default for s in specs}
        sets = [dict(base)]
        for spec in specs:
            for value in spec.choices:
                if value != spec.default:
                    sets.append({**base, spec.name: value})
        return sets

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.title} is played by {self.min_players}–{self.max_players} players, not {players}."
            )

    # -- the hooks --------------------------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int) -> S:
        """A new game; raises BadOptions for a bad player count or option."""

    @abstractmethod
    def to_move(self, state: S) -> frozenset[int]:
        """Seats that must act now; empty exactly when the game has an outcome."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[Move]:
        """Every legal move of `seat`, sorted by text; empty if it need not act."""

    @abstractmethod
    def parse_move(self, state: S, seat: int, text: str) -> Move:
        """Read a move text; BadMove if it is not a move of this game at all.

        It does not judge legality, `apply` does (so the reason can name the rule).
        """

    @abstractmethod
    def check_move(self, state: S, seat: int, move: Move) -> None:
        """Raise IllegalMove with the rule that forbids `move`; return if it is legal."""

    @abstractmethod
    def _apply(self, state: S, seat: int, move: Move) -> tuple[Event, ...]:
        """Carry out a legal move on `state` (a private copy) in place; return its events."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What `seat` may know, JSON-ready; seat=None is a spectator."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while running."""

    @abstractmethod
    def encode(self, state: S) -> JSON:
        """JSON-ready dict; decode(encode(s)) == s."""

    @abstractmethod
    def decode(self, data: Mapping[str, Any]) -> S:
        """Inverse of encode."""

    @abstractmethod
    def determinize(self, state: S, seat: int | None, seed: int) -> S:
        """A state `seat` can't tell from `state`: everything it may not see is redealt.

        Used by search players, and by the conformance suite to prove views hide secrets.
        """

    def ai_players(self) -> Mapping[str, AIPlayer[S]]:
        """AI kinds for empty seats, by name (at least "random")."""
        return {"random": RandomPlayer(self)}

    # -- provided ---------------------------------------------------------------------
    def clone(self, state: S) -> S:
        return copy.deepcopy(state)

    def apply(self, state: S, seat: int, move: Move | str) -> Step[S]:
        """Check and carry out one move; the input state is left untouched."""
        if self.outcome(state) is not None:
            raise GameOver("The game is over; no more moves are taken.")
        if seat not in self.to_move(state):
            raise NotYourTurn(self.not_your_turn_reason(state, seat))
        if isinstance(move, str):
            move = self.parse_move(state, seat, move.strip())
        self.check_move(state, seat, move)
        new_state = self.clone(state)
        events = self._apply(new_state, seat, move)
        return Step(new_state, events)

    def not_your_turn_reason(self, state: S, seat: int) -> str:
        waiting = sorted(self.to_move(state))
        who = ", ".join(f"Seat {s + 1}" for s in waiting)
        return f"It isn't your turn: waiting for {who}."

    def is_legal(self, state: S, seat: int, move: Move | str) -> bool:
        try:
            if isinstance(move, str):
                move = self.parse_move(state, seat, move)
            if seat not in self.to_move(state):
                return False
            self.check_move(state, seat, move)
        except (BadMove, IllegalMove):
            return False
        return True


class AIPlayer(ABC, Generic[S]):
    """An automatic seat. `choose` is pure: same state, seat and seed give the same move."""

    name: str = "ai"
    description: str = ""

    def __init__(self, game: Game[S]) -> None:
        self.game = game

    @abstractmethod
    def choose(self, state: S, seat: int, seed: int) -> Move:
        """One legal move for `seat`, which must be among `to_move(state)`."""


class RandomPlayer(AIPlayer[S]):
    """Picks uniformly among the legal moves."""

    name = "random"
    description = "plays a random legal move"

    def choose(self, state: S, seat: int, seed: int) -> Move:
        from engine.rng import Rng

        moves = self.game.legal_moves(state, seat)
        if not moves:
            raise IllegalMove("This seat has no legal move now.")
        return Rng.from_seed(seed).choice(moves)


def replay(game: Game[S], players: int, options: Mapping[str, Any] | None, seed: int,
           moves: Iterable[tuple[int, str]]) -> S:
    """Rebuild a state from its setup and the (seat, move text) log."""
    state = game.setup(players, options, seed)
    for seat, text in moves:
        state = game.apply(state, seat, text).state
    return state
