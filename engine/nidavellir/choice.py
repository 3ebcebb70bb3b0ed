"""A kind of choice, declared once: its legal moves, how it is carried out, why a move is
refused, and the prompt shown while it waits (choices.py and thingvellir/choices.py hold them).

A choice is pending when its task is at the front of the queue (bidding, which everyone does at
once, is the one choice without a task). The game asks the pending choice and nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from engine.core import Event, Move
from engine.nidavellir.state import NidavellirState, Task


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

    def is_legal(self, state: NidavellirState, task: Task, move: Move) -> bool:
        return any(m.text == move.text for m in self.moves(state, task))

    def prompt_text(self, state: NidavellirState, task: Task) -> str:
        return self.prompt
