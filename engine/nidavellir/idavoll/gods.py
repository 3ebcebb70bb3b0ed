"""Idavoll's five gods, each declared in one place (`GODS`, at the end): the card, when its power
is offered, its choices (rules sheet 2.5: Loki's reservation and Freya's swap before the bids,
Frigg's kept card and the order of the two she puts back, Odin's swap at the end of a round)
and their verbs, its worth to the AI. Thor's cancel is offered by the discard choices
themselves (choices.py, thingvellir)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event, Move
from engine.nidavellir.cards import DWERGS
from engine.nidavellir.catalogue import Declared
from engine.nidavellir.choice import Choice
from engine.nidavellir.choices import KeepDrawn
from engine.nidavellir.components import GOD, TAVERN_LABELS, TAVERNS, Card, seat_label
from engine.nidavellir.effects import spend_power
from engine.nidavellir.grammar import NidavellirMove, Said, said
from engine.nidavellir.hooks import ROUND_END, ROUND_START
from engine.nidavellir.idavoll.appraisal import PowerWorth, freya_worth, loki_worth, odin_worth, thor_worth
from engine.nidavellir.idavoll.effects import God, Thor
from engine.nidavellir.idavoll.grammar import (
    FRIGG_VERB,
    THOR_VERB,
    UNDER_VERB,
    freya_move,
    loki_move,
    odin_move,
)
from engine.nidavellir.idavoll.rules import reservation
from engine.nidavellir.recruiting import recruit, recruitable
from engine.nidavellir.state import FREYA, FRIGG_KEEP, FRIGG_ORDER, LOKI, ODIN, NidavellirState, Task

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

PASS = NidavellirMove("pass", "Keep the power for later", told=Said("pass", "pass"))  # the same in every game


class LokiReserve(Choice):
    """Before the bids, Loki's owner may reserve one tavern card: only they may take it."""

    kind = LOKI
    verbs = ("loki", "pass")
    prompt = "reserve a tavern card with Loki, or pass"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [PASS, *(NidavellirMove(f"loki {card} in {TAVERNS[t]}",
                                       f"Loki: reserve {state.cards[card].label} ({TAVERNS[t]})", rules=state.ruleset)
                        for t in range(3) for card in set(state.taverns[t]))]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        return f"There is no {state.cards[told.card].label} in the {TAVERN_LABELS[told.tavern]}."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "pass":
            return [Event(f"{seat_label(task.seat)} keeps Loki's power for a later round.")]
        card, tavern = said(move).card, said(move).tavern
        spend_power(state, task.seat, "loki")
        state.reserved = [tavern, task.seat]
        state.reserved_card = card
        return [Event(f"{seat_label(task.seat)} uses Loki's power: {state.cards[card].label} in the "
                      f"{TAVERN_LABELS[tavern]} is reserved for them.")]


class FreyaSwap(Choice):
    """Before the bids (after Loki), Freya's owner may swap two cards of two taverns."""

    kind = FREYA
    verbs = ("freya", "pass")
    prompt = "swap two cards of two taverns with Freya, or pass"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        moves: list[Move] = [PASS]
        for a in range(3):
            for b in range(a + 1, 3):
                for x in set(state.taverns[a]):
                    for y in set(state.taverns[b]):
                        if x != y:  # swapping two copies of one card changes nothing
                            moves.append(NidavellirMove(f"freya {x} in {TAVERNS[a]} with {y} in {TAVERNS[b]}",
                                              f"Freya: {state.cards[x].label} ({TAVERNS[a]}) ⇄ "
                                              f"{state.cards[y].label} ({TAVERNS[b]})", rules=state.ruleset))
        return moves

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        if told.tavern == told.other_tavern:
            return "Freya swaps cards of two different taverns."
        for card, tavern in ((told.card, told.tavern), (told.other, told.other_tavern)):
            if card not in state.taverns[tavern]:
                return f"There is no {state.cards[card].label} in the {TAVERN_LABELS[tavern]}."
        return "Swapping two copies of the same card changes nothing."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "pass":
            return [Event(f"{seat_label(task.seat)} keeps Freya's power for a later round.")]
        told = said(move)
        x, a, y, b = told.card, told.tavern, told.other, told.other_tavern
        held = reservation(state)
        spend_power(state, task.seat, "freya")
        # With two copies of a reserved card in its tavern, the one not reserved is moved.
        state.taverns[a].remove(x)
        state.taverns[b].remove(y)
        state.taverns[a].append(y)
        state.taverns[b].append(x)
        if held is not None and held[2] not in state.taverns[held[0]]:
            state.reserved[0] = b if held[0] == a else a  # Loki's token follows its card
        return [Event(f"{seat_label(task.seat)} uses Freya's power: {state.cards[x].label} ({TAVERN_LABELS[a]}) and "
                      f"{state.cards[y].label} ({TAVERN_LABELS[b]}) swap taverns.")]


def put_under(state: NidavellirState, cards: list[str]) -> None:
    """Under the current Age deck, one after the other: the first named comes out first."""
    for card in cards:
        state.decks[state.age - 1].insert(0, card)


def _frigg_rest(state: NidavellirState, task: Task) -> tuple[list[Task], list[Task], list[Event]]:
    """Frigg's two other cards go under the deck: in the order her owner chooses when they differ."""
    if len(set(state.drawn)) > 1:
        return [Task(FRIGG_ORDER, task.seat, card="frigg")], [], []
    put_under(state, state.drawn)
    state.drawn = []
    return [], [], [Event(f"{seat_label(task.seat)} puts the other 2 cards under the Age {state.age} deck.")]


# Frigg's owner keeps one of the 3 cards drawn, as their pick (offering applied, dwarf placed;
# heroes and trade follow as for any pick); the other 2 go under the deck in the order they choose.
FRIGG_KEEP_CHOICE = KeepDrawn(
    FRIGG_KEEP, "keep one of the cards Frigg drew", lambda state: state.drawn, _frigg_rest,
    refused="{label} is not among the cards Frigg drew.", kept="{seat} keeps {label} (Frigg).", check_heroes=False,
)


class FriggOrder(Choice):
    """Which of Frigg's two other cards goes under the deck first (it comes out before the other)."""

    kind = FRIGG_ORDER
    verbs = ("under",)
    prompt = "choose which card goes under the deck first"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [NidavellirMove(f"under {card}", f"{state.cards[card].label} under first",
                               rules=state.ruleset) for card in set(state.drawn)]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        return f"{state.cards[said(move).card].label} is not one of the two cards to put back."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        first = said(move).card
        state.drawn.remove(first)
        order = [first, *state.drawn]
        put_under(state, order)
        state.drawn = []
        names = " then ".join(state.cards[c].label for c in order)
        return [Event(f"{seat_label(task.seat)} puts the other 2 cards under the Age {state.age} deck."),
                Event(f"Under the deck: {names} (the last one at the very bottom).", frozenset({task.seat}))]


def neutral_heroes(rules: Ruleset, heroes: list[str]) -> list[str]:
    return [h for h in heroes if rules.cards[h].suit is None]


def hero_token(hero: str) -> str:
    return "dwerg" if hero in DWERGS else hero


def hero_of_token(token: str, among: list[str]) -> str:
    """The hero a token names among `among` ('dwerg' names the first Dwerg brother there)."""
    if token == "dwerg":
        return min(h for h in among if h in DWERGS)
    return token  # any other hero is called by its key


def leave_army(state: NidavellirState, seat: int, hero: str) -> None:
    """A hero goes back to the reserve from wherever it stands (Thrud or Ylud leave their column)."""
    player = state.seats[seat]
    if hero in player.command:
        player.command.remove(hero)
    for column in player.army:
        if hero in column:
            column.remove(hero)
    player.heroes.remove(hero)
    state.reserve.append(hero)


class OdinSwap(Choice):
    """At the end of a round Odin's owner may give back one of their neutral heroes and recruit
    another neutral hero from the reserve, whatever their lines; its effect happens."""

    kind = ODIN
    verbs = ("odin", "pass")
    prompt = "swap a neutral hero with Odin, or pass"

    def pairs(self, state: NidavellirState, seat: int) -> list[tuple[str, str]]:
        given = {hero_token(h) for h in neutral_heroes(state.ruleset, state.seats[seat].heroes)}
        if not given:
            return []  # no neutral hero to give back: no swap, whatever the reserve (each hero's condition) offers
        taken = {hero_token(h) for h in neutral_heroes(state.ruleset, recruitable(state, seat))}
        return [(a, b) for a in sorted(given) for b in sorted(taken) if a != b]

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [PASS, *(NidavellirMove(f"odin {a} for {b}", f"Odin: give back {a.capitalize()}, take {b.capitalize()}",
                                       rules=state.ruleset)
                        for a, b in self.pairs(state, task.seat))]

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not self.pairs(state, task.seat)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        given, taken = said(move).card, said(move).other
        mine = {hero_token(h) for h in state.seats[task.seat].heroes}
        if given not in mine:
            return f"You have no {given.capitalize()} to give back."
        for token in (given, taken):
            if state.cards[hero_of_token(token, list(DWERGS))].suit is not None:
                return "Odin swaps neutral heroes only: class heroes stay in their column."
        if given == taken:
            return f"Giving back {given.capitalize()} to take it again changes nothing."
        return f"{taken.capitalize()} can't be recruited now (not in the reserve, or its condition isn't met)."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "pass":
            return [Event(f"{seat_label(task.seat)} keeps Odin's power for a later round.")]
        given = hero_of_token(said(move).card, state.seats[task.seat].heroes)
        taken = hero_of_token(said(move).other, state.reserve)
        spend_power(state, task.seat, "odin")
        leave_army(state, task.seat, given)
        tasks, told = recruit(state, task.seat, taken, by_odin=True)
        state.tasks[0:0] = tasks
        return [Event(f"{seat_label(task.seat)} uses Odin's power: {state.cards[given].label} goes back to the "
                      f"reserve."),
                *told]


# Each god in one place: its card, its effect (when its power is offered), the choices it opens
# with the verbs that read them, its worth to the AI. Frigg's power is a pick move (rules.py:
# Idavoll's `frigg` pick verb); Thor's a move of the discard choices while his token is there.
GODS: tuple[Declared, ...] = (
    Declared(
        Card("freya", "Freya", GOD, points=15, text="15 points; once, before the bids: swap 2 cards of 2 taverns"),
        God("freya", at=ROUND_START, task=FREYA, order=2),
        choices=(FreyaSwap(),), verbs={"freya": freya_move},
        worth=PowerWorth(2.5), power_worths={"freya": freya_worth},
    ),
    Declared(
        Card("frigg", "Frigg", GOD, points=12,
             text="12 points; once, on a pick: a tavern card under the deck, draw 3, keep 1"),
        God("frigg"),
        choices=(FRIGG_KEEP_CHOICE, FriggOrder()), verbs={"frigg": FRIGG_VERB, "under": UNDER_VERB},
        worth=PowerWorth(3.0), pending={FRIGG_KEEP: 6.0},
    ),
    Declared(
        Card("loki", "Loki", GOD, points=8, text="8 points; once, before the bids: reserve a tavern card for yourself"),
        God("loki", at=ROUND_START, task=LOKI, order=1),
        choices=(LokiReserve(),), verbs={"loki": loki_move},
        worth=PowerWorth(3.0), power_worths={"loki": loki_worth},
    ),
    Declared(
        Card("odin", "Odin", GOD, text="0 points; once, at the end of a round: swap a neutral hero for another"),
        God("odin", at=ROUND_END, task=ODIN),
        choices=(OdinSwap(),), verbs={"odin": odin_move}, worth=PowerWorth(2.5), choice_worths={"odin": odin_worth},
    ),
    Declared(
        Card("thor", "Thor", GOD, points=8, text="8 points; once: cancel a discard aimed at you"),
        Thor("thor"), verbs={"thor": THOR_VERB}, worth=PowerWorth(3.0), choice_worths={"thor": thor_worth},
    ),
)
