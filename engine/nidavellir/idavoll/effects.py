"""The kinds of effect of Idavoll's mythology cards (rules sheet 2.1, 2.4–2.8): the animals in
their columns, the gods' power tokens, the giants' captures and points, the valkyries' tracks.
Each card is declared with its effect in animals.py, gods.py, giants.py or valkyries.py.

The gods' powers are used through choices at their moments (idavoll/rules.py, gods.py); here
they only keep their token and score. A card's memory is its owner's `marks[card]`: a god's
1 once its power is spent, a giant's CAPTURED or FACE_DOWN, a valkyrie's notches.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core import Event
from engine.nidavellir.components import MINER, SUITS, coin_value, seat_label
from engine.nidavellir.hooks import (
    Effect,
)
from engine.nidavellir.idavoll.cards import GARM_PIONEER_DRAW, GYMIR_FACTOR
from engine.nidavellir.recruiting import FREE_HEROES as FREE_HEROES
from engine.nidavellir.recruiting import UNCOUNTED_RECRUIT
from engine.nidavellir.state import (
    GULLINBURSTI_MOVE,
    OLRUN,
    RECRUIT,
    NidavellirState,
    Task,
)

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

CAPTURED = 1
FACE_DOWN = 2
OLRUN_CLASS = "olrun class"  # marks: Ölrun's class + 1 (0: not chosen yet)


def zero_ranks(rules: Ruleset, column: list[str], suit: int) -> int:
    """Ranks of a column worth 0 points there: 0-point dwarves, Zoral's two 0s, doubles,
    Gullinbursti (rules sheet 2.4 rule 8, house decision D9)."""
    count = 0
    for card in column:
        piece = rules.cards[card]
        if piece.options or card == "ylud":  # one rank whose points depend on the column
            count += piece.ranks if rules.bravery_by_suit[suit][card] == 0 else 0
        else:
            count += piece.ranks - sum(1 for points in piece.bravery if points)
    return count


class Durathor(Effect):
    def spares_discards(self, hero: str) -> int:
        return 1 if hero == "dagda" else 0


class Garm(Effect):
    """9 and 0, plus 1 per explorer rank (his own two included); the Pioneer draws 6."""

    pioneer_draw = GARM_PIONEER_DRAW

    def column_bonus(self, rules: Ruleset, column: list[str], ranks: int) -> int:
        return ranks


class Nidhogg(Effect):
    def column_bonus(self, rules: Ruleset, column: list[str], ranks: int) -> int:
        return 2 * ranks


class Ratatosk(Effect):
    """Each pair of 0-point ranks of the miner column adds 1 to its sum, before the multiplication."""

    def column_bonus(self, rules: Ruleset, column: list[str], ranks: int) -> int:
        return zero_ranks(rules, column, MINER) // 2


class Hreasvelg(Effect):
    """Gullinbursti comes out of the box; its owner places it in any column."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        if "gullinbursti" not in state.aside:
            return [], []
        state.aside.remove("gullinbursti")
        state.seats[seat].command.append("gullinbursti")
        return [Task(GULLINBURSTI_MOVE, seat)], [Event(f"{seat_label(seat)} takes Gullinbursti.")]


class God(Effect):
    """Scores its printed points, power used or not; the power is usable once. A god whose power
    is offered at a moment of the round says when (`at`, one of hooks.TIMINGS), with the kind of
    its choice (`task`) and its place among the powers of that moment (`order`)."""

    def __init__(self, key: str, at: str = "", task: str = "", order: int = 0) -> None:
        super().__init__(key)
        self.power_at = at
        self.power_task = task
        self.power_order = order

    def power_ready(self, state: NidavellirState, seat: int) -> bool:
        return not state.seats[seat].marks.get(self.key)


class Thor(God):
    cancels_discards = True


class Giant(Effect):
    """Waits in the command zone for the next tavern dwarf of its class; then captures it
    (`captures`: its effect at once) or, if its owner places that dwarf, turns face down."""

    def __init__(self, key: str, suit: int, effect: str = "") -> None:
        super().__init__(key)
        self.suit = suit  # the class of dwarf it captures
        self.effect = effect  # the task kind of its effect on capture, or "" (it only scores)

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [], [Event(f"{seat_label(seat)}'s {self.card(state).label} waits for the next {SUITS[self.suit]} dwarf "
                          f"(a capture token on the {SUITS[self.suit]} column).")]

    def captures(self, state: NidavellirState, seat: int) -> list[Task]:
        """What capturing a dwarf does at once."""
        if self.effect == RECRUIT:
            return [Task(RECRUIT, seat, UNCOUNTED_RECRUIT, card=self.key)]
        return [Task(self.effect, seat, card=self.key)] if self.effect else []

    def captured(self, state: NidavellirState, seat: int) -> str:
        """The dwarf under it, or '' (waiting, or face down)."""
        return state.seats[seat].captured.get(self.key, "")


class Surt(Giant):
    def points(self, state: NidavellirState, seat: int) -> int:
        if not self.captured(state, seat):
            return 0
        return max(coin_value(c) for c in state.seats[seat].coins())


class Gymir(Giant):
    def points(self, state: NidavellirState, seat: int) -> int:
        card = self.captured(state, seat)
        return GYMIR_FACTOR * state.cards[card].bravery_sum if card else 0


class Valkyrie(Effect):
    """Her strength token goes one notch down per `moment` (per point for Svafa) and stops on
    the last notch; she scores the value under it."""

    def __init__(self, key: str, moment: str, track: tuple[int, ...]) -> None:
        super().__init__(key)
        self.moment = moment
        self.track = track  # top notch first; the token stops on the last one

    def counts(self, state: NidavellirState, seat: int, suit: int) -> bool:
        return True

    def observe(self, state: NidavellirState, seat: int, moment: str, amount: int, suit: int) -> None:
        if moment != self.moment or not self.counts(state, seat, suit):
            return
        marks = state.seats[seat].marks
        marks[self.key] = min(marks.get(self.key, 0) + amount, len(self.track) - 1)

    def points(self, state: NidavellirState, seat: int) -> int:
        return self.track[state.seats[seat].marks.get(self.key, 0)]


class Olrun(Valkyrie):
    """Her owner names a class when she arrives; a notch per card with a rank of it."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(OLRUN, seat)], []

    def counts(self, state: NidavellirState, seat: int, suit: int) -> bool:
        return state.seats[seat].marks.get(OLRUN_CLASS, 0) == suit + 1


def olrun_class(state: NidavellirState, seat: int) -> int | None:
    chosen = state.seats[seat].marks.get(OLRUN_CLASS, 0)
    return chosen - 1 if chosen else None


def giant_state(state: NidavellirState, seat: int, giant: str) -> str:
    """`waiting`, `captured` or `face_down` (schema words of docs/views/nidavellir.md)."""
    mark = state.seats[seat].marks.get(giant, 0)
    return "captured" if mark == CAPTURED else "face_down" if mark == FACE_DOWN else "waiting"


@lru_cache(maxsize=64)
def giant_suits(rules: Ruleset) -> Mapping[str, int]:
    """The class each giant of these rules captures, by its key (pure given the rules, so made
    once per ruleset): every pick asks whether its seat has one waiting."""
    return {key: found.suit for key, found in rules.effects.items() if isinstance(found, Giant)}


def waiting_giant(state: NidavellirState, seat: int, suit: int) -> str:
    """The seat's giant waiting for a dwarf of `suit`, or ''."""
    player = state.seats[seat]
    suits = giant_suits(state.ruleset)
    if suits.keys().isdisjoint(player.command):
        return ""  # most seats hold no giant
    for card in player.command:
        if suits.get(card) == suit and not player.marks.get(card):
            return card
    return ""


def waiting_giants(state: NidavellirState, seat: int) -> dict[int, str]:
    """The seat's giants waiting for a dwarf, by the class they wait for (waiting_giant of each)."""
    player = state.seats[seat]
    suits = giant_suits(state.ruleset)
    found: dict[int, str] = {}
    if suits.keys().isdisjoint(player.command):
        return found  # most seats hold no giant
    for card in player.command:
        suit = suits.get(card)
        if suit is not None and suit not in found and not player.marks.get(card):
            found[suit] = card
    return found


def giant(rules: Ruleset, card: str) -> Giant | None:
    """The giant's effect, or None for another card."""
    found = rules.effects.get(card)
    return found if isinstance(found, Giant) else None


def valkyrie(rules: Ruleset, card: str) -> Valkyrie | None:
    """The valkyrie's effect, or None for another card."""
    found = rules.effects.get(card)
    return found if isinstance(found, Valkyrie) else None
