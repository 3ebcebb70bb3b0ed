"""What Thingvellir's cards are worth to the AI (rough figures, tuned by the benchmark): an
artefact when taken and what it still promises in the command zone; the camp as a pick."""

from __future__ import annotations

from engine.core import Move
from engine.nidavellir.appraisal import LINE_WORTH, TRADE_WORTH, Worth, camp_gain, placement_gain, rounds_left
from engine.nidavellir.army import ranks
from engine.nidavellir.components import MERCENARY
from engine.nidavellir.grammar import said
from engine.nidavellir.state import RECOVER, NidavellirState

PENDING_WORTH = {RECOVER: 6.0}  # Holda's camp card: with Holda (heroes.py)


class Artefact(Worth):
    """`taken`: its worth when taken from the camp; `per_round`: what it still adds per round left
    in the game (Fafnir's camp visits, more big coins for Draupnir, more heroes for Svalinn, ...);
    `once`: what it adds (or costs) once, in the command zone."""

    def __init__(self, taken: float, per_round: float = 0.0, once: float = 0.0) -> None:
        self.taken = taken
        self.per_round = per_round
        self.once = once

    def take(self, state: NidavellirState, index: int, card: str) -> float:
        piece = state.cards[card]
        if piece.kind == MERCENARY or piece.suit is not None:
            return super().take(state, index, card)
        return float(self.taken)

    def outlook(self, state: NidavellirState, index: int, card: str) -> float:
        return self.per_round * rounds_left(state) + self.once


class MegingjordWorth(Artefact):
    def take(self, state: NidavellirState, index: int, card: str) -> float:
        return super().take(state, index, card) - LINE_WORTH * min(2.0, rounds_left(state) / 3)


class MjollnirWorth(Artefact):
    def take(self, state: NidavellirState, index: int, card: str) -> float:
        seat = state.seats[index]
        return 2.0 * max(ranks(state.ruleset, seat, s) for s in range(5)) + 4


class JarnglofiWorth(Artefact):
    def take(self, state: NidavellirState, index: int, card: str) -> float:
        return super().take(state, index, card) - TRADE_WORTH * rounds_left(state)


def camp_pick(state: NidavellirState, seat: int, card: str) -> float:
    return camp_gain(state, seat, card)


def enlist_worth(state: NidavellirState, seat: int, move: Move) -> float | None:
    """A mercenary's column; choosing to enlist first or last is left to chance."""
    told = said(move)
    if told.word:  # first / last
        return None
    return placement_gain(state.ruleset, state.seats[seat], told.card, told.column)


def double_worth(state: NidavellirState, seat: int, move: Move) -> float:
    return placement_gain(state.ruleset, state.seats[seat], "double", said(move).column)


def mjollnir_worth(state: NidavellirState, seat: int, move: Move) -> float:
    return float(ranks(state.ruleset, state.seats[seat], said(move).column))
