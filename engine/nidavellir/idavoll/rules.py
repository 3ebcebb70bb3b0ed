"""Idavoll in the flow of a round (rules sheet 2.2–2.7, 3): the mythology deck and reserve, the
mythology tavern of Age 1's first rounds, Loki and Freya before the bids, Loki's reservation,
Brynhildr's notch, captures and Frigg instead of taking a card, Odin at the end of a round."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core import Event, Move
from engine.nidavellir.cards import cards_per_tavern
from engine.nidavellir.choices import card_move
from engine.nidavellir.components import DWARF, FRIGG_LIMITS, OFFERING, SUITS, TAVERN_LABELS, seat_label
from engine.nidavellir.effects import notify, spend_power, timed_powers
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.grammar import NidavellirMove, said
from engine.nidavellir.hooks import FIRST_PICK, ROUND_END, ROUND_START
from engine.nidavellir.idavoll.cards import (
    FRIGG_DRAW,
    MYTHOLOGY_KEYS,
    MYTHOLOGY_ROUNDS,
    MYTHOLOGY_TAVERN,
    mythology_deck_size,
)
from engine.nidavellir.idavoll.effects import CAPTURED, FACE_DOWN, giant_suits, waiting_giant, waiting_giants
from engine.nidavellir.idavoll.effects import giant as giant_effect
from engine.nidavellir.state import FRIGG_KEEP, IDAVOLL, NidavellirState, Task
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

AGE_CARDS = (DWARF, OFFERING)  # what an Age deck holds: what Frigg may put under it


def power_holder(state: NidavellirState, god: str) -> int:
    """The seat holding `god` with its power token still on it, or -1."""
    seat = state.holder(god)
    return seat if seat >= 0 and state.ruleset.effects[god].power_ready(state, seat) else -1


def mythology_tavern(state: NidavellirState) -> int:
    """The tavern dealt from the mythology deck this round (the Dancing Dragon in Age 1's rounds
    1–3), or -1."""
    if state.idavoll and state.age == 1 and state.round <= MYTHOLOGY_ROUNDS:
        return MYTHOLOGY_TAVERN
    return -1


def reservation(state: NidavellirState) -> tuple[int, int, str] | None:
    """Loki's reservation as (tavern, seat, card) while that card still lies in that tavern."""
    if not state.reserved:
        return None
    tavern, seat = state.reserved
    if state.reserved_card not in state.taverns[tavern]:
        return None
    return tavern, seat, state.reserved_card


def end_reservation(state: NidavellirState) -> None:
    state.reserved = []
    state.reserved_card = ""


def frigg_refusal(state: NidavellirState, seat: int) -> str:
    """Why `seat` may not use Frigg on this pick; '' when it may."""
    if power_holder(state, "frigg") != seat:
        return "You have no Frigg with her power token."
    if state.round >= state.rounds_this_age:
        return "Frigg's power can't be used in the last round of an age: the Age deck is empty."
    if len(state.decks[state.age - 1]) < FRIGG_DRAW:
        return f"Frigg needs {FRIGG_DRAW} cards in the Age deck."
    if state.rules >= FRIGG_LIMITS and state.tavern == mythology_tavern(state):
        return (f"Frigg's power can't be used in the mythology tavern (the {TAVERN_LABELS[MYTHOLOGY_TAVERN]} "
                f"of Age 1's first {MYTHOLOGY_ROUNDS} rounds), even on a card Freya swapped into it.")
    if not any(state.cards[c].kind in AGE_CARDS for c in state.taverns[state.tavern]):
        return "Frigg works in a tavern of dwarves and Royal Offerings, not among mythology cards."
    return ""


@lru_cache(maxsize=1024)
def capture_move(rules: Ruleset, card: str, giant: str) -> Move:
    """The move capturing `card` with `giant` (pure given the rules, so made once)."""
    return NidavellirMove(f"capture {card}", f"Capture {rules.cards[card].label} ({rules.cards[giant].label})",
                          rules=rules)


@lru_cache(maxsize=64)
def pick_cards(rules: Ruleset) -> frozenset[str]:
    """The cards that may open a pick besides taking a tavern card: the giants (a capture) and
    Frigg (pure given the rules, so made once per ruleset)."""
    return frozenset(giant_suits(rules)) | {"frigg"}


def capture_refusal(state: NidavellirState, seat: int, card: str) -> str:
    piece = state.cards[card]
    if piece.kind != DWARF or piece.suit is None:
        return f"Giants capture dwarves only; {piece.label} is not a dwarf."
    if not waiting_giant(state, seat, piece.suit):
        return f"You have no giant waiting for a {SUITS[piece.suit]} dwarf."
    return ""


class Idavoll(Expansion):
    name = IDAVOLL
    pick_verbs = ("capture", "frigg")

    def pick_wording(self, verb: str) -> str:
        return "capture a dwarf with your giant" if verb == "capture" else "use Frigg's power"

    def setup(self, state: NidavellirState, rng: Rng) -> None:
        """The 20 mythology cards shuffled: 3 taverns' worth make the mythology deck, the rest
        the reserve (Skymir's); Gullinbursti is set aside for Hreasvelg."""
        cards = list(MYTHOLOGY_KEYS)
        rng.shuffle(cards)
        size = mythology_deck_size(cards_per_tavern(state.players))
        state.myth_deck = cards[:size]
        state.myth_reserve = cards[size:]
        state.aside.append("gullinbursti")

    def deal(self, state: NidavellirState, tavern: int) -> list[str] | None:
        if tavern != mythology_tavern(state):
            return None
        deck = state.myth_deck
        return [deck.pop() for _ in range(min(cards_per_tavern(state.players), len(deck)))]

    def round_start(self, state: NidavellirState) -> list[Event]:
        """The powers offered before the bids (Loki's reservation, then Freya's swap)."""
        end_reservation(state)
        state.tasks[0:0] = timed_powers(state, ROUND_START)
        if mythology_tavern(state) >= 0:
            return [Event(f"Mythology cards come to the {TAVERN_LABELS[MYTHOLOGY_TAVERN]}.")]
        return []

    def round_end(self, state: NidavellirState) -> list[Task]:
        """The powers offered after the third tavern (Odin's swap)."""
        end_reservation(state)
        return timed_powers(state, ROUND_END)

    def withheld(self, state: NidavellirState, seat: int) -> list[str]:
        if not state.reserved:
            return []  # asked on every pick, and Loki's reservation is rare
        held = reservation(state)
        if held is None or held[0] != state.tavern or held[1] == seat:
            return []
        return [held[2]]

    def withheld_refusal(self, state: NidavellirState, seat: int, card: str) -> str:
        held = reservation(state)
        if held is None or held[0] != state.tavern or held[1] == seat or held[2] != card:
            return ""
        if state.taverns[state.tavern].count(card) > 1:
            return ""
        return f"{state.cards[card].label} is reserved by {seat_label(held[1])} (Loki): only they may take it."

    def pick_started(self, state: NidavellirState, seat: int) -> list[Event]:
        """The first picker's Brynhildr moves; Loki's owner picking in the reserved tavern ends
        the reservation, whatever they take."""
        tavern = state.tavern
        if state.orders[tavern] and state.orders[tavern][0] == seat:
            notify(state, seat, FIRST_PICK)
        if state.reserved and state.reserved == [tavern, seat]:
            end_reservation(state)
        return []

    def took(self, state: NidavellirState, seat: int, card: str) -> list[Event]:
        piece = state.cards[card]
        if piece.kind != DWARF or piece.suit is None:
            return []
        giant = waiting_giant(state, seat, piece.suit)
        if not giant:
            return []
        state.seats[seat].marks[giant] = FACE_DOWN
        return [Event(f"{seat_label(seat)} places {piece.label}: {state.cards[giant].label} turns face down for good.")]

    def pick_moves(self, state: NidavellirState, seat: int) -> list[Move]:
        player = state.seats[seat]
        rules = state.ruleset
        if pick_cards(rules).isdisjoint(player.command) and "frigg" not in player.heroes:
            return []  # most picks: no giant and no Frigg, asked at once
        waiting = waiting_giants(state, seat)
        holds_frigg = "frigg" in player.command or "frigg" in player.heroes
        # Frigg without her token is refused at once (frigg_refusal): like no Frigg, nothing to list.
        holds_frigg = holds_frigg and rules.effects["frigg"].power_ready(state, seat)
        if not waiting and not holds_frigg:
            return []  # nothing to capture and no Frigg's power
        cards = list(state.taverns[state.tavern])
        for card in self.withheld(state, seat):
            cards.remove(card)
        moves: list[Move] = []
        for card in set(cards) if waiting else ():
            piece = rules.cards[card]
            giant = waiting.get(piece.suit, "") if piece.kind == DWARF and piece.suit is not None else ""
            if giant:
                moves.append(capture_move(rules, card, giant))
        if holds_frigg and not frigg_refusal(state, seat):
            # Rules 2 let Frigg bury a card Loki reserved for another seat; rules 3 withholds it.
            offered = cards if state.rules >= FRIGG_LIMITS else state.taverns[state.tavern]
            moves += [card_move(rules, "frigg {}", "Frigg: {} under the deck, draw 3", card)
                      for card in set(offered) if rules.cards[card].kind in AGE_CARDS]
        return moves

    def pick_refusal(self, state: NidavellirState, seat: int, move: Move) -> str:
        verb, card = said(move).verb, said(move).card
        label = state.cards[card].label
        if card not in state.taverns[state.tavern]:
            return f"There is no {label} in the {TAVERN_LABELS[state.tavern]}."
        if verb == "frigg":
            if state.cards[card].kind not in AGE_CARDS:
                return f"Frigg puts a dwarf or a Royal Offering under the deck, not {label}."
            withheld = self.withheld_refusal(state, seat, card) if state.rules >= FRIGG_LIMITS else ""
            return frigg_refusal(state, seat) or withheld
        return capture_refusal(state, seat, card) or self.withheld_refusal(state, seat, card)

    def pick(self, state: NidavellirState, seat: int, move: Move) -> tuple[list[Task], list[Event]]:
        verb, card = said(move).verb, said(move).card
        state.taverns[state.tavern].remove(card)
        if verb == "frigg":
            return self.use_frigg(state, seat, card)
        piece = state.cards[card]
        giant = waiting_giant(state, seat, piece.suit if piece.suit is not None else -1)
        player = state.seats[seat]
        player.marks[giant] = CAPTURED
        player.captured[giant] = card
        where = TAVERN_LABELS[state.tavern]
        events = [Event(f"{seat_label(seat)} takes {piece.label} from the {where}; "
                        f"{state.cards[giant].label} captures it.")]
        found = giant_effect(state.ruleset, giant)
        return (found.captures(state, seat) if found is not None else []), events

    def use_frigg(self, state: NidavellirState, seat: int, card: str) -> tuple[list[Task], list[Event]]:
        """The card goes under the Age deck; the top 3 are drawn (seen by their drawer only)."""
        spend_power(state, seat, "frigg")
        state.seats[seat].marks["frigg"] = state.age  # the age whose deck bottom she knows (hidden.determinize)
        deck = state.decks[state.age - 1]
        deck.insert(0, card)
        state.drawn = [deck.pop() for _ in range(FRIGG_DRAW)]
        names = ", ".join(state.cards[c].label for c in state.drawn)
        return [Task(FRIGG_KEEP, seat, card="frigg")], [
            Event(f"{seat_label(seat)} uses Frigg's power: {state.cards[card].label} of the "
                  f"{TAVERN_LABELS[state.tavern]} goes under the Age {state.age} deck, "
                  f"and they draw {FRIGG_DRAW} cards."),
            Event(f"You draw {names}.", frozenset({seat})),
        ]


IDAVOLL_RULES = Idavoll()
