"""A kind of choice, declared once: its legal moves, how it is carried out, why a move is
refused, and the prompt shown while it waits (choices.py and thingvellir/choices.py hold them).

A choice is pending when its task is at the front of the queue (bidding, which everyone does at
once, is the one choice without a task). The game asks the pending choice and nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from operator import attrgetter

from engine.core import Event, Move
from engine.nidavellir.components import SUITS
from engine.nidavellir.grammar import NidavellirMove, said
from engine.nidavellir.state import NidavellirState, Task

_TEXT = attrgetter("text")  # moves sort by text; comparing texts directly is much faster


class Choice(ABC):
    """One kind of choice. `verbs` are the first tokens of its moves (the first names it)."""

    kind = ""
    verbs: tuple[str, ...] = ()
    prompt = ""

    @abstractmethod
    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        """Every legal move, in any order (the game sorts them)."""

    @abstractmethod
    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        """Carry out a legal move; the task is already off the queue."""

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        """Why a move with one of `verbs` is not legal now, in words a player can read."""
        return "That move isn't possible now."

    def skip(self, state: NidavellirState, task: Task) -> bool:
        """True when there is nothing to choose (the task is dropped unanswered)."""
        return False

    def sorted_moves(self, state: NidavellirState, task: Task) -> Sequence[Move]:
        """`moves` sorted by text (the legal list); a choice may find that order quicker."""
        return sorted(self.moves(state, task), key=_TEXT)

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        return any(m.text == move.text for m in self.moves(state, task))

    def prompt_text(self, state: NidavellirState, task: Task) -> str:
        return self.prompt


class ColumnChoice(Choice):
    """A choice of one of the five columns (Thrud's, Ylud's, a double's, Gullinbursti's, Ölrun's
    class, Mjöllnir's): the moves are `text` for each column `columns` allows, and `put` does
    what the column was chosen for."""

    text = "{verb} to {name}"  # a move, by the choice's verb and a column name

    def columns(self, state: NidavellirState, task: Task) -> list[int]:
        return list(range(len(SUITS)))

    def label(self, state: NidavellirState, task: Task, suit: int) -> str:
        return f"{self.verbs[0].capitalize()} to {SUITS[suit]}"

    @abstractmethod
    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        """Carry out the choice of column `suit`."""

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [NidavellirMove(self.text.format(verb=self.verbs[0], name=SUITS[suit]), self.label(state, task, suit),
                               rules=state.ruleset)
                for suit in self.columns(state, task)]

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        """Same answer as looking through `moves`: the text this choice writes for the column
        the move names, a column it allows (checked without wording every column's move)."""
        suit = said(move).column
        return (0 <= suit < len(SUITS) and move.text == self.text.format(verb=self.verbs[0], name=SUITS[suit])
                and suit in self.columns(state, task))

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        return self.put(state, task, said(move).column)
