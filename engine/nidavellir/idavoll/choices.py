"""Idavoll's choices besides the gods' (grammar in docs/nidavellir.md), each declared with its card
(animals.py, giants.py, valkyries.py): Ölrun's class,
Gullinbursti's column, Skymir's two kept cards, the order of Hrungnir's pouch transforms."""

from __future__ import annotations

from engine.core import Event, Move
from engine.nidavellir.choice import Choice, ColumnChoice
from engine.nidavellir.choices import KeepDrawn
from engine.nidavellir.coins import coin_word, named_coin
from engine.nidavellir.components import POUCH_PLACE, SUITS, seat_label
from engine.nidavellir.grammar import NidavellirMove, said
from engine.nidavellir.idavoll.effects import OLRUN_CLASS
from engine.nidavellir.idavoll.steps import hrungnir_transforms, pouch_coins
from engine.nidavellir.recruiting import place
from engine.nidavellir.state import (
    CHECK_HEROES,
    GULLINBURSTI_MOVE,
    HRUNGNIR_ORDER,
    OLRUN,
    SKYMIR_KEEP,
    NidavellirState,
    Task,
)


class OlrunClass(ColumnChoice):
    """Ölrun's owner names the class she watches, as she arrives."""

    kind = OLRUN
    verbs = ("olrun",)
    prompt = "choose the class Ölrun watches"
    text = "{verb} {name}"

    def label(self, state: NidavellirState, task: Task, suit: int) -> str:
        return f"Ölrun watches the {SUITS[suit]}s"

    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        state.seats[task.seat].marks[OLRUN_CLASS] = suit + 1
        return [Event(f"{seat_label(task.seat)} puts Ölrun's class token on {SUITS[suit]}.")]


class GullinburstiPlacement(ColumnChoice):
    """Gullinbursti goes into a column of its owner's choice: a rank there, 0 points."""

    kind = GULLINBURSTI_MOVE
    verbs = ("gullinbursti",)
    prompt = "choose Gullinbursti's column"

    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        state.seats[task.seat].command.remove("gullinbursti")
        state.tasks[0:0] = [*place(state, task.seat, "gullinbursti", suit), Task(CHECK_HEROES, task.seat)]
        return [Event(f"{seat_label(task.seat)} puts Gullinbursti in the {SUITS[suit]} column.")]


def _skymir_rest(state: NidavellirState, task: Task) -> tuple[list[Task], list[Task], list[Event]]:
    """After the first card, the second is kept the same way; then the other 3 go under the reserve."""
    if task.n > 1 and state.drawn:
        return [], [Task(SKYMIR_KEEP, task.seat, task.n - 1, card=task.card)], []
    state.myth_reserve[0:0] = state.drawn
    said = Event(f"The other {len(state.drawn)} cards go under the mythology reserve.")
    state.drawn = []
    return [], [], [said]


# Skymir's owner keeps 2 of the 5 cards drawn, one at a time, each recruited in full before the
# next (rules sheet Q20); the other 3 go under the mythology reserve.
SKYMIR_KEEP_CHOICE = KeepDrawn(
    SKYMIR_KEEP, "keep a mythology card Skymir drew", lambda state: state.drawn, _skymir_rest,
    refused="{label} is not among the cards Skymir drew.", kept="{seat} keeps {label} (Skymir).",
)


class HrungnirOrder(Choice):
    """Which pouch coin Hrungnir transforms next (`args`: the coins already put in order)."""

    kind = HRUNGNIR_ORDER
    verbs = ("transform",)
    prompt = "choose the pouch coin Hrungnir transforms next"

    def left(self, state: NidavellirState, task: Task) -> list[int]:
        coins = pouch_coins(state, task.seat)
        for coin in task.args:
            coins.remove(coin)
        return coins

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        seat = state.seats[task.seat]
        return [NidavellirMove(f"transform {coin_word(seat, c)} pouch", f"Hrungnir: the {coin_word(seat, c)} next",
                               rules=state.ruleset)
                for c in set(self.left(state, task))]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        if told.amount or told.place != POUCH_PLACE:
            return "Hrungnir now transforms your pouch coins: 'transform <coin> pouch' names the next one."
        return f"There is no {told.coins[0]} in your pouch for Hrungnir (trading coins are never transformed)."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        order = [*task.args, named_coin(state.seats[task.seat], said(move).coins[0])]
        rest = self.left(state, Task(task.kind, task.seat, args=tuple(order)))
        if len(set(rest)) > 1:
            state.tasks.insert(0, Task(HRUNGNIR_ORDER, task.seat, args=tuple(order), card=task.card))
            return []
        return hrungnir_transforms(state, task.seat, order + rest)
