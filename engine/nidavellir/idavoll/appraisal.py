"""What Idavoll's cards and choices are worth to the AI (rough figures, tuned by the benchmark): a
god's points and power, a giant's capture to come, a valkyrie's likely track, an animal's column;
captures, Frigg, Loki, Freya and Ölrun as choices."""

from __future__ import annotations

from engine.core import Move
from engine.nidavellir.appraisal import (
    Worth,
    any_card_gain,
    card_gain,
    card_worth,
    evaluate,
    placement_gain,
    rounds_left,
    tavern_best,
)
from engine.nidavellir.army import ranks
from engine.nidavellir.components import DWARF, coin_value, is_trading
from engine.nidavellir.effects import effect
from engine.nidavellir.grammar import said
from engine.nidavellir.idavoll.cards import GYMIR_FACTOR
from engine.nidavellir.idavoll.effects import valkyrie, waiting_giant
from engine.nidavellir.idavoll.rules import reservation
from engine.nidavellir.state import NidavellirState
from engine.nidavellir.steps import play

MYTH_SHARE = 0.5  # promises are uncertain: half of what a power, a giant or a track promise counts
FREYA_COST = 1.5  # a swap must gain more than keeping the power for a later round
LOKI_SHARE = 0.6  # how much of a reserved card's worth Loki's reservation secures
GIANT_HOPE = 0.6  # at most this share of a capture is hoped for while a giant waits


class AnimalWorth(Worth):
    """Its place in its column, and `bonus` for what comes with it (Hreasvelg's Gullinbursti)."""

    def __init__(self, bonus: float = 0.0) -> None:
        self.bonus = bonus

    def gain(self, state: NidavellirState, index: int, card: str) -> float:
        piece = state.cards[card]
        if piece.suit is None:
            return 0.0
        return placement_gain(state.ruleset, state.seats[index], card, piece.suit) + self.bonus


class Myth(Worth):
    """A god, giant or valkyrie: what it still promises (`promise`), half of it counted."""

    def promise(self, state: NidavellirState, index: int, card: str) -> float:
        return 0.0

    def gain(self, state: NidavellirState, index: int, card: str) -> float:
        return MYTH_SHARE * self.promise(state, index, card)

    def outlook(self, state: NidavellirState, index: int, card: str) -> float:
        return MYTH_SHARE * self.promise(state, index, card)


class PowerWorth(Myth):
    """Its printed points, and its power while its token is there, less as the game runs out."""

    def __init__(self, power: float) -> None:
        self.power = power

    def promise(self, state: NidavellirState, index: int, card: str) -> float:
        if not effect(state, card).power_ready(state, index):
            return 0.0
        return self.power * min(1.0, rounds_left(state) / 3)

    def gain(self, state: NidavellirState, index: int, card: str) -> float:
        return state.cards[card].points + MYTH_SHARE * self.power * min(1.0, rounds_left(state) / 3)


class CaptureWorth(Myth):
    """`capture`: a rough mean of what capturing a dwarf brings."""

    def __init__(self, capture: float) -> None:
        self.capture = capture

    def captured(self, state: NidavellirState, index: int, card: str) -> float:
        """What capturing `card` (or a typical dwarf, '') brings."""
        return self.capture

    def promise(self, state: NidavellirState, index: int, card: str) -> float:
        left = rounds_left(state)
        if state.seats[index].marks.get(card) or not left:
            return 0.0
        return self.captured(state, index, "") * min(GIANT_HOPE, left / 5)


class SurtWorth(CaptureWorth):
    def captured(self, state: NidavellirState, index: int, card: str) -> float:
        return float(max(coin_value(c) for c in state.seats[index].coins()))


class GymirWorth(CaptureWorth):
    def captured(self, state: NidavellirState, index: int, card: str) -> float:
        return float(GYMIR_FACTOR * state.cards[card].bravery_sum) if card else self.capture


class HrungnirWorth(CaptureWorth):
    def captured(self, state: NidavellirState, index: int, card: str) -> float:
        return 1.5 * sum(1 for c in state.seats[index].coins() if not is_trading(c))


def _track(state: NidavellirState, card: str) -> tuple[int, ...]:
    found = valkyrie(state.ruleset, card)
    return found.track if found is not None else (0,)


class TrackWorth(Myth):
    """`notches`: notches she is likely to move per round left in the game."""

    def __init__(self, notches: float) -> None:
        self.notches = notches

    def promise(self, state: NidavellirState, index: int, card: str) -> float:
        """Points she is likely to add by the end, beyond those under her token now."""
        track = _track(state, card)
        now = state.seats[index].marks.get(card, 0)
        later = min(len(track) - 1, round(now + self.notches * rounds_left(state)))
        return float(track[later] - track[now])


class Hildr(TrackWorth):
    def promise(self, state: NidavellirState, index: int, card: str) -> float:
        track = _track(state, card)
        now = state.seats[index].marks.get(card, 0)
        if state.age != 1:
            return 0.0
        later = min(len(track) - 1, now + 1)  # one distinction is a fair hope
        return float(track[later] - track[now])


def capture_pick(state: NidavellirState, seat: int, card: str) -> float:
    piece = state.cards[card]
    giant = waiting_giant(state, seat, piece.suit) if piece.kind == DWARF and piece.suit is not None else ""
    found = card_worth(state, giant)
    return found.captured(state, seat, card) if isinstance(found, CaptureWorth) else 0.0


def frigg_pick(state: NidavellirState, seat: int, card: str) -> float:
    """Three fresh cards to choose from, for a card of this tavern and the power."""
    best = max(any_card_gain(state, seat, c) for c in state.taverns[state.tavern])
    return best + 1.0 - card_worth(state, "frigg").power


def giant_turned_away(state: NidavellirState, seat: int, card: str) -> float:
    """Taking a dwarf a waiting giant would capture turns the giant face down."""
    piece = state.cards[card]
    giant = waiting_giant(state, seat, piece.suit) if piece.kind == DWARF and piece.suit is not None else ""
    return card_worth(state, giant).outlook(state, seat, giant) if giant else 0.0


def loki_outlook(state: NidavellirState, index: int) -> float:
    held = reservation(state)
    if held is not None and held[1] == index:
        return LOKI_SHARE * card_gain(state.ruleset, state.seats[index], held[2])
    return 0.0


def pass_worth(state: NidavellirState, seat: int, move: Move) -> float:
    return 0.0


def loki_worth(state: NidavellirState, seat: int, move: Move) -> float:
    card = said(move).card
    return LOKI_SHARE * any_card_gain(state, seat, card) - card_worth(state, "loki").power


def freya_worth(state: NidavellirState, seat: int, move: Move) -> float:
    told = said(move)
    x, a, y, b = told.card, told.tavern, told.other, told.other_tavern
    after = [list(cards) for cards in state.taverns]
    after[a].remove(x)
    after[b].remove(y)
    after[a].append(y)
    after[b].append(x)
    mine = tavern_best(state, seat, after) - tavern_best(state, seat, state.taverns)
    others = max(tavern_best(state, o, after) - tavern_best(state, o, state.taverns)
                 for o in range(state.players) if o != seat)
    return mine - 0.5 * others - FREYA_COST


def olrun_worth(state: NidavellirState, seat: int, move: Move) -> float:
    return float(ranks(state.ruleset, state.seats[seat], said(move).column))


def thor_worth(state: NidavellirState, seat: int, move: Move) -> float:
    """Cancelling a discard spends Thor's power."""
    return -card_worth(state, "thor").power


def odin_worth(state: NidavellirState, seat: int, move: Move) -> float:
    """Odin's swap, judged on the position it leaves."""
    after = state.copy()
    play(after, seat, move)
    return evaluate(after, seat) - evaluate(state, seat)


def gullinbursti_worth(state: NidavellirState, seat: int, move: Move) -> float:
    return placement_gain(state.ruleset, state.seats[seat], "gullinbursti", said(move).column)
