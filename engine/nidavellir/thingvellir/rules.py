"""Thingvellir in the flow of a round and an age (rules sheet 1.2–1.4): the camp decks and
their refills, the camp instead of a tavern card, the 2-player discard, enlistment."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core import Event, Move
from engine.nidavellir.components import seat_label
from engine.nidavellir.effects import effect, has_camp_access
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.grammar import NidavellirMove, said
from engine.nidavellir.recruiting import gain
from engine.nidavellir.state import ENLISTMENT, NOBODY, TAVERN_DISCARD, THINGVELLIR, NidavellirState, Task
from engine.nidavellir.thingvellir.cards import CAMP_DECKS, CAMP_SIZE, DOUBLE_KEY, DOUBLES, THINGVELLIR_HERO_KEYS
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

CAMP_VERB = "camp"


@lru_cache(maxsize=64)
def camp_moves(rules: Ruleset) -> Mapping[str, Move]:
    """The move taking each camp card of these rules (pure given the rules, so made once per
    ruleset: one lookup per visit, then one per card)."""
    return {card: NidavellirMove(f"{CAMP_VERB} {card}", f"Camp: {rules.cards[card].label}", rules=rules)
            for card in rules.camp_cards}


def camp_open_to(state: NidavellirState, seat: int) -> str:
    """Why `seat` may not visit the camp on its pick in the current tavern; empty if it may.

    The first picker may, and so may Fafnir Baleygr's owner; either way only once per tavern."""
    tavern = state.tavern
    visitor = state.camp_picks[tavern]
    if visitor != NOBODY:
        return f"{seat_label(visitor)} already took a camp card in this tavern: one camp card per tavern."
    if state.orders[tavern] and state.orders[tavern][0] == seat:
        return ""
    if has_camp_access(state, seat):
        return ""
    return "Only the first picker of a tavern (or the owner of Fafnir Baleygr) may take a camp card."


def camp_choices(state: NidavellirState, seat: int) -> list[Move]:
    """Camp cards `seat` may take now (Brisingamens only with 2 cards in the discard pile). The
    moves' texts share "camp ", so they sort as their cards do."""
    rules = state.ruleset
    moves, unrefused = camp_moves(rules), rules.unrefused  # only a card that may refuse is asked
    return [moves[card] for card in sorted(set(state.camp))
            if card in unrefused or not effect(state, card).refusal(state, seat)]


def take_from_camp(state: NidavellirState, seat: int, card: str) -> tuple[list[Task], list[Event]]:
    """A camp card reaches `seat`: gone from the camp, then gained like any card."""
    state.camp.remove(card)
    tasks, said = gain(state, seat, card)
    return tasks, [Event(f"{seat_label(seat)} takes {state.cards[card].label} from the camp."), *said]


class Thingvellir(Expansion):
    name = THINGVELLIR
    pick_verbs = (CAMP_VERB,)

    def pick_wording(self, verb: str) -> str:
        return "a camp card"

    def pick_prompt(self, verb: str) -> str:
        return "take a card from the tavern or the camp"

    def absent_refusal(self, verb: str) -> str:
        return "There is no camp in this game: the Thingvellir expansion is not in play."

    def setup(self, state: NidavellirState, rng: Rng) -> None:
        """Both camp decks shuffled, the six heroes in the reserve, Olwyn's doubles set aside."""
        state.camp_decks = [list(cards) for cards in CAMP_DECKS]
        for cards in state.camp_decks:
            rng.shuffle(cards)
        state.reserve += THINGVELLIR_HERO_KEYS
        state.aside += [DOUBLE_KEY] * DOUBLES

    def round_start(self, state: NidavellirState) -> list[Event]:
        """The camp is refilled to 5 from this age's camp deck; an empty deck leaves it short."""
        deck = state.camp_decks[state.age - 1]
        drawn = 0
        while len(state.camp) < CAMP_SIZE and deck:
            state.camp.append(deck.pop())
            drawn += 1
        if not drawn:
            return []
        return [Event(f"The camp is refilled to {len(state.camp)} cards.")]

    def age_start(self, state: NidavellirState) -> list[Event]:
        """Age 1 cards left in the camp leave the game (not to the discard pile)."""
        if not state.camp:
            return []
        names = ", ".join(state.cards[card].label for card in state.camp)
        state.camp = []
        return [Event(f"The Age 1 cards left in the camp leave the game: {names}.")]

    def end_of_age(self, state: NidavellirState) -> list[Task]:
        return [Task(ENLISTMENT)]

    def pick_moves(self, state: NidavellirState, seat: int) -> list[Move]:
        # Whether `seat` may visit the camp now (camp_open_to, with no reason to word), asked
        # here on every pick: most picks come after this tavern's visit.
        tavern = state.tavern
        if state.camp_picks[tavern] != NOBODY:
            return []
        first = bool(state.orders[tavern]) and state.orders[tavern][0] == seat
        return camp_choices(state, seat) if first or has_camp_access(state, seat) else []

    def pick_refusal(self, state: NidavellirState, seat: int, move: Move) -> str:
        card = said(move).card
        label = state.cards[card].label
        if card not in state.camp:
            return f"There is no {label} in the camp."
        reason = camp_open_to(state, seat) or effect(state, card).refusal(state, seat)
        return f"You can't take {label}: {reason}" if reason else ""

    def pick(self, state: NidavellirState, seat: int, move: Move) -> tuple[list[Task], list[Event]]:
        state.camp_picks[state.tavern] = seat
        return take_from_camp(state, seat, said(move).card)

    def after_pick(self, state: NidavellirState, seat: int) -> list[Task]:
        """At 2 players the first picker who went to the camp then discards a tavern card."""
        if state.players != 2:
            return []  # asked after every pick
        tavern = state.tavern
        first = state.orders[tavern][0] if state.orders[tavern] else NOBODY
        if state.camp_picks[tavern] == seat == first and state.taverns[tavern]:
            return [Task(TAVERN_DISCARD, seat)]
        return []


THINGVELLIR_RULES = Thingvellir()
