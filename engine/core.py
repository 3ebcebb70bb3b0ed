"""The engine contract every game implements (see docs/engine.md).

A game is a stateless `Game` object; its states are plain data it can encode to JSON.
`Game.apply` is the only way a state advances and it never touches its input.
"""

from __future__ import annotations

import copy
import functools
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Self, TypeVar

from engine.errors import BadMove, BadOptions, GameOver, IllegalMove, NoSuchSeat, NotYourTurn, StaleEncoding
from engine.rng import Rng

S = TypeVar("S")

JSON = dict[str, Any]


# Engine texts name a seat "Seat N" (1-based); adapters put the player's name in its place.
SEAT_PATTERN = re.compile(r"\bSeat (\d{1,2})\b")


def seat_label(seat: int) -> str:
    """How engine texts (and anything without a player's name) name a seat: "Seat 1" for seat 0."""
    return f"Seat {seat + 1}"


def replace_seats(text: str, name_of: Callable[[int], str]) -> str:
    """`text` with each "Seat N" replaced by `name_of(N - 1)` (the one place that reads seat labels)."""
    return SEAT_PATTERN.sub(lambda match: name_of(int(match.group(1)) - 1), text)


@functools.total_ordering
class Move:
    """One action of one seat, read once into a typed value. `text` is the identity: short,
    stable, parseable; equality, hashing and order go by it alone.

    Texts are space-separated tokens; a UI may offer them step by step by their
    leading tokens (e.g. "place 37" then "at 12"), so keep the most telling token first.
    `label` is a friendlier wording for buttons; it never takes part in equality. A game's
    subclass carries the move's parsed parts (`parts`) for the rules to read, and words its
    label only when someone reads it (`word`): search players' playouts never do.
    """

    __slots__ = ("_label", "text")

    def __init__(self, text: str, label: str | None = None) -> None:
        self.text = text
        self._label = label

    @property
    def label(self) -> str:
        """The friendlier wording, worded on first reading ("" where the text is its own label)."""
        if self._label is None:
            self._label = self.word()
        return self._label

    def word(self) -> str:
        """Word the label; a game's subclass overrides it (the base move has none)."""
        return ""

    def parts(self) -> tuple[Any, ...]:
        """The parsed parts the rules read; `parse_move(text)` of a legal move gives the same."""
        return (self.text,)

    def __eq__(self, other: object) -> bool:
        return self.text == other.text if isinstance(other, Move) else NotImplemented

    def __lt__(self, other: Move) -> bool:
        return self.text < other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"


class Event:
    """A log line. `seats` are the seats allowed to see it; None means everyone.

    A value (Final fields, equal by them), written as a slotted class rather than a frozen
    dataclass: the rules make one for almost every move, playouts included, and a frozen
    dataclass's fields cost twice as much to set."""

    __slots__ = ("seats", "text")

    def __init__(self, text: str, seats: frozenset[int] | None = None) -> None:
        self.text: Final = text
        self.seats: Final = seats

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.text == other.text and self.seats == other.seats

    def __hash__(self) -> int:
        return hash((self.text, self.seats))

    def __repr__(self) -> str:
        return f"Event(text={self.text!r}, seats={self.seats!r})"

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
class Pile:
    """A place some of a game's cards (coins, tiles...) lie in a state, and who may see which.

    Hidden from everyone by default; seen by one `seat`, or by everyone (`public`). Its size is
    always public. Hidden piles of one `pool` may trade cards when the state is determinized
    (a pile with no pool is its own). Declared by `Game.piles` for the conformance suite."""

    name: str
    cards: tuple[Hashable, ...]
    public: bool = False
    seat: int | None = None
    pool: str = ""


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


# How an on/off option is typed: on/off, and the words people and older command lines use.
ON_WORDS = ("on", "yes", "true", "1")
OFF_WORDS = ("off", "no", "false", "0")


@dataclass(frozen=True)
class OptionSpec:
    """A declared setup option: its default, every allowed value and what it does.

    The one declaration an option has: setup checks values against it (`validate_options`),
    command lines and Discord read typed values with it (`parse`, `read_options`), and help,
    headers, the lobby and the docs say it with `takes`, `word`, `shown` and `describe`.
    An option whose default is a bool is on/off; `labels` name the other values for people.
    """

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

    @property
    def on_off(self) -> bool:
        """True for an option that is on or off (its values are True and False)."""
        return isinstance(self.default, bool)

    def word(self, value: Any) -> str:
        """How `value` is typed after `name=`: on/off, or the value itself ("auto", "3")."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def shown(self, value: Any) -> str:
        """How `value` reads to people: its label ("automatic"), else on/off or the value."""
        if self.labels and value in self.choices:
            return self.label(value)
        return self.word(value)

    def takes(self) -> str:
        """The values it takes, as said to people: "on/off", "0, 3, 4 or 5", "0 or 4–12"."""
        if self.on_off:
            return "on/off"
        return _either(_runs([self.word(value) for value in self.choices]))

    def describe(self) -> str:
        """One line for help texts: "idavoll: on/off (default off). Idavoll expansion: …"."""
        return f"{self.name}: {self.takes()} (default {self.word(self.default)}). {self.description.rstrip('.')}."

    def refusal(self, given: Any) -> BadOptions:
        """The error for a value it does not take: "idavoll takes on/off, not 'y'."."""
        return BadOptions(f"{self.name} takes {self.takes()}, not {_quoted(given)}.")

    def parse(self, text: str) -> Any:
        """The value `text` names: on/off (or yes/no, true/false, 1/0) for an on/off option, else
        a value as typed or its label, in any case; BadOptions says what the option takes."""
        typed = text.strip().lower()
        if self.on_off:
            if typed in ON_WORDS:
                return True
            if typed in OFF_WORDS:
                return False
            raise self.refusal(text)
        number = int(typed) if typed.isascii() and typed.isdigit() and len(typed) <= 6 else None
        for value in self.choices:
            if typed in (self.word(value).lower(), self.label(value).lower()):
                return value
            if number is not None and isinstance(value, int) and value == number:
                return value
        raise self.refusal(text)


def _quoted(given: Any) -> str:
    """What was given, short enough to repeat in a refusal."""
    return repr(given[:30]) if isinstance(given, str) else repr(given)[:30]


def _runs(words: list[str]) -> list[str]:
    """Runs of four or more consecutive whole numbers written as a range ("4–12")."""
    out: list[str] = []
    i = 0
    while i < len(words):
        j = i
        while (j + 1 < len(words) and words[j].isdigit() and words[j + 1].isdigit()
               and int(words[j + 1]) == int(words[j]) + 1):
            j += 1
        if j - i >= 3:
            out.append(f"{words[i]}–{words[j]}")
        else:
            out.extend(words[i:j + 1])
        i = j + 1
    return out


def _either(words: list[str]) -> str:
    """"a", "a or b", "a, b or c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def no_such_option(specs: Sequence[OptionSpec], name: Any, game: str = "") -> BadOptions:
    """The error for an option name the game does not have, naming the ones it has."""
    who = game or "This game"
    if not specs:
        return BadOptions(f"{who} has no options, so no option {_quoted(name)}.")
    return BadOptions(f"{who} has no option {_quoted(name)}; its options are: {', '.join(s.name for s in specs)}.")


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None, game: str = "") -> JSON:
    """Fill defaults and check every value against its spec; unknown names are refused.

    `game` is the game's title, for the refusal of an unknown name ("Nidavellir has no option …")."""
    given = dict(given or {})
    known = {spec.name: spec for spec in specs}
    unknown = sorted((name for name in given if name not in known), key=str)
    if unknown:
        raise no_such_option(specs, unknown[0], game)
    result: JSON = {}
    for spec in specs:
        value = given.get(spec.name, spec.default)
        if value not in spec.choices or type(value) is not type(spec.default):
            raise spec.refusal(value)
        result[spec.name] = value
    return result


def read_options(specs: Sequence[OptionSpec], pairs: Iterable[str], game: str = "") -> JSON:
    """Options typed as `name=value` texts (a command line's `--option`s, a Discord option's
    words), each value read by its spec; only the options given. BadOptions names the option
    or the value that is wrong and what it takes."""
    known = {spec.name: spec for spec in specs}
    chosen: JSON = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        spec = known.get(name.strip().lower())
        if spec is None:
            raise no_such_option(specs, name.strip(), game)
        if not sep or not raw.strip():
            raise BadOptions(f"{spec.name} needs a value ({spec.name}=VALUE): it takes {spec.takes()}.")
        chosen[spec.name] = spec.parse(raw)
    return chosen


def options_said(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> str:
    """Every option's value as typed, for a header: "thingvellir=off, idavoll=on" ("" without options)."""
    return ", ".join(f"{spec.name}={spec.word(options.get(spec.name, spec.default))}" for spec in specs)


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
    # The history version: bumped whenever a change would alter how a stored game replays
    # (random draws, rules). The store keeps each game's version and replays it with that one.
    version: int = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Guard a game's entry points: every seat and setup argument is checked before the
        game's own code sees it, so `view(state, -1)` can't index from the end of a list."""
        super().__init_subclass__(**kwargs)
        for name, guard in _GUARDS.items():
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_guarded", False):
                setattr(cls, name, guard(method))

    def check_version(self, version: int | None) -> int:
        """The history version a setup asked for (None: the newest); BadOptions if unknown."""
        if version is None:
            return self.version
        if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= self.version:
            raise BadOptions(f"{self.title} has no rules version {version!r} (1–{self.version}).")
        return version

    def players_in(self, state: S) -> int:
        """How many seats the game in `state` has (states carry it as `players`)."""
        return int(getattr(state, "players"))  # noqa: B009 - a contract on the state, documented

    def check_seat(self, state: S, seat: Any, *, spectator: bool = False) -> None:
        """NoSuchSeat unless `seat` is a seat of this game (or None, where a spectator may ask)."""
        if seat is None and spectator:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players_in(state):
            shown = repr(seat)[:20]
            raise NoSuchSeat(f"There is no seat {shown} at this table of {self.players_in(state)}.")

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
    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int, version: int | None = None) -> S:
        """A new game; raises BadOptions for a bad player count or option.

        `version` is the history version to set up (None: `self.version`); a game stored under
        an older one replays with it, draws and all."""

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

    def piles(self, state: S) -> tuple[Pile, ...] | None:
        """The state's piles and who sees each, in an order fixed by the state's public part;
        None when the game doesn't declare them (the views alone then show determinize right).

        `determinize(state, seat, ...)` must keep every pile's size and sight, leave the piles
        `seat` sees as they are, and only move cards among those hidden from it, within a pool."""
        return None

    def step(self, state: S) -> Hashable:
        """Which step of the game `state` is in: a seat that must act both before and after a
        move begins a new turn (and its clock a new allowance) when the step changed, or when
        other seats began to act with it. None: the game doesn't say (seats then just join)."""
        return None

    def ai_players(self) -> Mapping[str, AIPlayer[S]]:
        """AI kinds for empty seats, by name (at least "random")."""
        return {"random": RandomPlayer(self)}

    # -- provided ---------------------------------------------------------------------
    def clone(self, state: S) -> S:
        return copy.deepcopy(state)

    def apply(self, state: S, seat: int, move: Move | str) -> Step[S]:
        """Check and carry out one move; the input state is left untouched."""
        self.check_seat(state, seat)
        if not isinstance(move, Move | str):
            raise BadMove(f"A move is a text, not {type(move).__name__}.")
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

    def advance(self, state: S, seat: int, move: Move) -> None:
        """Carry out `move`, known to be legal, on `state` in place: a search player's step.

        Search players and playouts own their states (determinized copies) and take their moves
        from `legal_moves` or `playout`, so the checks, the copy and the event lines `apply` makes
        for people would be cost without use. It must reach the state `apply` reaches (the
        conformance suite compares them); a game may override it to skip wording events."""
        self._apply(state, seat, move)

    def playout(self, state: S, rng: Rng, limit: int | None = None) -> int:
        """Play `state` (the caller's own) on in place, each move uniformly random among the
        legal moves of the lowest seat to move, until the game ends or `limit` moves are made;
        returns the moves made. Search players' rollouts and the benchmarks' random games; a
        game may override it with a quicker draw of the same kind."""
        made = 0
        while limit is None or made < limit:
            seats = self.to_move(state)
            if not seats:
                break
            seat = min(seats)
            moves = self.playout_moves(state, seat)
            self.advance(state, seat, moves[rng.below(len(moves))])  # as Rng.choice draws
            made += 1
        return made

    def playout_moves(self, state: S, seat: int) -> Sequence[Move]:
        """`legal_moves` of a seat known to be to move, as `playout` asks for them: a game may
        skip the entry points' seat guard here (its own list, unguarded)."""
        return self.legal_moves(state, seat)

    def undoable(self, before: S, seat: int, step: Step[S]) -> bool:
        """Whether `seat` may take back the move that led from `before` to `step`.

        Only a move that revealed nothing hidden: no draw, no reveal of bids or cards, no
        random draw, nothing told privately to another seat, and not the game's end (a move
        taken back must leave nothing anyone learned from it). The engine says what counts as
        hidden in `_reveals_nothing`; the service adds who may undo when (docs/undo.md)."""
        if self.outcome(step.state) is not None:
            return False
        if any(event.seats is not None and event.seats - {seat} for event in step.events):
            return False
        return self._reveals_nothing(before, seat, step.state)

    def _reveals_nothing(self, before: S, seat: int, after: S) -> bool:
        """True when nothing hidden was drawn, dealt, shuffled or turned face up between the
        two states. The default: never (a game offers undo by overriding this)."""
        return False

    def not_your_turn_reason(self, state: S, seat: int) -> str:
        waiting = sorted(self.to_move(state))
        who = ", ".join(seat_label(s) for s in waiting)
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


Method = Any  # an unbound Game method being guarded


def _guard_setup(method: Method) -> Method:
    @functools.wraps(method)
    def setup(self: Game[Any], players: Any, options: Any, seed: Any, version: Any = None) -> Any:
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"The number of players must be a whole number, not {type(players).__name__}.")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOptions(f"The seed must be a whole number, not {type(seed).__name__}.")
        if options is not None and not isinstance(options, Mapping):
            raise BadOptions(f"Options are given as name → value, not as {type(options).__name__}.")
        return method(self, players, options, seed, self.check_version(version))

    setattr(setup, "_guarded", True)  # noqa: B010
    return setup


def _guard_seat(method: Method, *, spectator: bool = False) -> Method:
    @functools.wraps(method)
    def guarded(self: Game[Any], state: Any, seat: Any, *args: Any, **kwargs: Any) -> Any:
        self.check_seat(state, seat, spectator=spectator)
        return method(self, state, seat, *args, **kwargs)

    setattr(guarded, "_guarded", True)  # noqa: B010
    return guarded


def _guard_decode(method: Method) -> Method:
    @functools.wraps(method)
    def decode(self: Game[Any], data: Any) -> Any:
        try:
            return method(self, data)
        except StaleEncoding:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
            # A snapshot from another version (or a damaged row): the caller replays the log.
            raise StaleEncoding(f"This stored {self.title} state can't be read ({type(error).__name__}).") from error

    setattr(decode, "_guarded", True)  # noqa: B010
    return decode


_GUARDS: dict[str, Callable[[Method], Method]] = {
    "decode": _guard_decode,
    "setup": _guard_setup,
    "legal_moves": _guard_seat,
    "parse_move": _guard_seat,
    "check_move": _guard_seat,
    "view": functools.partial(_guard_seat, spectator=True),
    "determinize": functools.partial(_guard_seat, spectator=True),
}


class Allowance:
    """How long a searching AI may go on thinking over one choice. It asks `spent()` between its
    steps (an iteration, a future played out) and stops once the answer is yes. The engine never
    reads a clock: a host that wants a time box hands in an allowance that does
    (bot/tables/thinking.py's `TimeBox`). This one is never spent, so only the kind's own counts
    (iterations, futures) stop it, and the same state, seat and seed always give the same move."""

    def spent(self) -> bool:
        return False


class Spent(Allowance):
    """Already spent: a search stops after its first step (the quickest choice a kind makes)."""

    def spent(self) -> bool:
        return True


UNLIMITED = Allowance()


class AIPlayer(ABC, Generic[S]):
    """An automatic seat. `choose` gives the same move for the same state, seat and seed as long as
    its allowance stops it at the same step: always with the engine's own (`UNLIMITED`, `Spent`);
    a host's time box may stop a search earlier on a busy machine than on an idle one."""

    name: str = "ai"
    description: str = ""
    allowance: Allowance = UNLIMITED  # how long one choice may think, for the kinds that search

    def __init__(self, game: Game[S]) -> None:
        self.game = game

    def within(self, allowance: Allowance) -> Self:
        """This player thinking within `allowance` (a copy): the host's time box, say. Kinds that
        don't search ignore it."""
        player = copy.copy(self)
        player.allowance = allowance
        return player

    @abstractmethod
    def choose(self, state: S, seat: int, seed: int) -> Move:
        """One legal move for `seat`, which must be among `to_move(state)`."""


class RandomPlayer(AIPlayer[S]):
    """Picks uniformly among the legal moves."""

    name = "random"
    description = "plays a random legal move"

    def choose(self, state: S, seat: int, seed: int) -> Move:
        moves = self.game.legal_moves(state, seat)
        if not moves:
            raise IllegalMove("This seat has no legal move now.")
        return Rng.from_seed(seed).choice(moves)


def replay(game: Game[S], players: int, options: Mapping[str, Any] | None, seed: int,
           moves: Iterable[tuple[int, str]], version: int | None = None) -> S:
    """Rebuild a state from its setup (under its history version) and the (seat, move text) log."""
    state = game.setup(players, options, seed, version)
    for seat, text in moves:
        state = game.apply(state, seat, text).state
    return state
