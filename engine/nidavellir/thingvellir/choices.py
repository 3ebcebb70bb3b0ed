"""Thingvellir's choices, one spec each (grammar in docs/nidavellir.md): Holda's camp card, the
2-player tavern discard, enlisting mercenaries, Olwyn's doubles, Vidofnir's transforms, cards
recovered from the discard pile, Höfud's and Brisingamens's discards, Mjöllnir's column."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from typing import TYPE_CHECKING

from engine.core import Event, Move
from engine.nidavellir.army import column_ranks, discard_from, discardable_cards, ranks
from engine.nidavellir.cards import discard_tavern_card
from engine.nidavellir.choice import Choice, ColumnChoice
from engine.nidavellir.choices import LOWEST_ONLY as LOWEST_ONLY
from engine.nidavellir.choices import card_move
from engine.nidavellir.coins import coin_word, named_coin, no_such_coin, transform, treasure_pick
from engine.nidavellir.components import (
    ANIMAL,
    OFFERING,
    POUCH_PLACE,
    SUITS,
    TAVERN_LABELS,
    TAVERNS,
    coin_value,
    is_trading,
    seat_label,
)
from engine.nidavellir.effects import cancel_discard, cancel_moves, effect, transform_bonus
from engine.nidavellir.grammar import MERCENARY_PREFIX, NidavellirMove, said
from engine.nidavellir.recruiting import gain, place
from engine.nidavellir.state import (
    CAMP,
    CARD_DISCARD,
    CHECK_HEROES,
    DOUBLE_MOVE,
    ENLIST,
    ENLIST_ORDER,
    MJOLLNIR,
    RECOVER,
    TAVERN_DISCARD,
    TO_DISCARD,
    VIDOFNIR,
    NidavellirState,
    SeatState,
    Task,
)
from engine.nidavellir.thingvellir.cards import VIDOFNIR_LABEL as VIDOFNIR_LABEL
from engine.nidavellir.thingvellir.rules import camp_choices, take_from_camp

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


def unplaced_mercenaries(rules: Ruleset, seat: SeatState) -> list[str]:
    return [card for card in seat.command if card in rules.mercenaries]


@lru_cache(maxsize=256)
def enlist_moves(rules: Ruleset, card: str) -> tuple[Move, ...]:
    """The moves enlisting the mercenary `card` in each of its two columns (pure given the rules,
    so made once: an enlistment asks for them card after card)."""
    piece = rules.cards[card]
    name = card.removeprefix(MERCENARY_PREFIX)
    return tuple(NidavellirMove(f"enlist {name} as {SUITS[suit]}", f"{piece.label} as {SUITS[suit]}", rules=rules)
                 for suit, _ in piece.options)


@lru_cache(maxsize=1024)
def tavern_discards(rules: Ruleset, tavern: int, cards: tuple[str, ...]) -> tuple[Move, ...]:
    """The 2-player tavern discard's moves for these distinct cards, sorted by text (pure given
    the rules, so made once per set of cards: a playout meets the same ones again)."""
    text = f"discard {{}} from {TAVERNS[tavern]}"
    return tuple(sorted((card_move(rules, text, "Discard {}", card) for card in cards), key=attrgetter("text")))


class HoldaCamp(Choice):
    """Holda's camp card: any card there; it is not the tavern's camp visit."""

    kind = CAMP
    verbs = ("camp",)
    prompt = "take a card from the camp"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return camp_choices(state, task.seat)

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not self.moves(state, task)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        card = said(move).card
        if card not in state.camp:
            return f"There is no {state.cards[card].label} in the camp."
        return effect(state, card).refusal(state, task.seat) or super().refusal(state, task, move)

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        tasks, events = take_from_camp(state, task.seat, said(move).card)
        state.tasks[0:0] = tasks
        return events


class TavernDiscard(Choice):
    """At 2 players, after the first picker took a camp card: one tavern card is discarded."""

    kind = TAVERN_DISCARD
    verbs = ("discard",)
    prompt = "discard one of the tavern's cards"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return list(self.sorted_moves(state, task))

    def sorted_moves(self, state: NidavellirState, task: Task) -> Sequence[Move]:
        return tavern_discards(state.ruleset, state.tavern, tuple(sorted(set(state.taverns[state.tavern]))))

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not state.taverns[state.tavern]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        where = TAVERNS[state.tavern]
        told = said(move)
        if told.tavern != state.tavern:
            return f"Discard one card of the {TAVERN_LABELS[state.tavern]}: 'discard <card> from {where}'."
        return f"There is no {told.card} in the {TAVERN_LABELS[state.tavern]}."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        card = said(move).card
        state.taverns[state.tavern].remove(card)
        if not discard_tavern_card(state, card):
            return [Event(f"{seat_label(task.seat)} puts {state.cards[card].label} of the "
                          f"{TAVERN_LABELS[state.tavern]} out of the game.")]
        return [Event(f"{seat_label(task.seat)} discards {state.cards[card].label} from the "
                      f"{TAVERN_LABELS[state.tavern]}.")]


class EnlistOrder(Choice):
    """The seat with the most mercenaries (ties: highest gem) enlists first or last; `args`
    holds the order worked out when the enlistment began."""

    kind = ENLIST_ORDER
    verbs = ("enlist",)
    prompt = "choose to enlist first or last"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [NidavellirMove("enlist first", "Enlist first", rules=state.ruleset),
                NidavellirMove("enlist last", "Enlist last", rules=state.ruleset)]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        return "First choose when you enlist: 'enlist first' or 'enlist last'."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        first = move.text == "enlist first"
        order = list(task.args) if first else [*task.args[1:], task.args[0]]
        state.tasks[0:0] = [Task(ENLIST, seat) for seat in order]
        names = ", ".join(seat_label(seat) for seat in order)
        return [Event(f"{seat_label(task.seat)} enlists {'first' if first else 'last'}: {names}.")]


class Enlist(Choice):
    """A seat enlists its mercenaries one at a time, each into one of its two columns."""

    kind = ENLIST
    verbs = ("enlist",)
    prompt = "enlist your mercenaries"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        rules = state.ruleset
        return [move for card in set(unplaced_mercenaries(rules, state.seats[task.seat]))
                for move in enlist_moves(rules, card)]

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return state.ruleset.mercenaries.isdisjoint(state.seats[task.seat].command)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        if told.word:
            return "Now enlist a mercenary: 'enlist <mercenary> as <column>'."
        piece = state.cards[told.card]
        if told.card not in state.seats[task.seat].command:
            return f"You have no {piece.label} waiting to enlist."
        a, b = (SUITS[suit] for suit, _ in piece.options)
        return f"{piece.label} enlists as {a} or {b}, not {SUITS[told.column]}."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        card, suit = said(move).card, said(move).column
        state.seats[task.seat].command.remove(card)
        state.tasks[0:0] = [*place(state, task.seat, card, suit), Task(CHECK_HEROES, task.seat),
                            Task(ENLIST, task.seat)]
        return [Event(f"{seat_label(task.seat)} enlists {state.cards[card].label} in the {SUITS[suit]} column.")]


class DoublePlacement(ColumnChoice):
    """An Olwyn double goes to a column; Olwyn's two go to two different columns (`args`:
    columns already used, `n`: doubles still to place)."""

    kind = DOUBLE_MOVE
    verbs = ("double",)
    prompt = "place Olwyn's double"

    def columns(self, state: NidavellirState, task: Task) -> list[int]:
        return [s for s in range(len(SUITS)) if s not in task.args]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        name = SUITS[said(move).column]
        return f"Olwyn's doubles go to two different columns: one is already in your {name} column."

    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        state.seats[task.seat].command.remove("double")
        tasks = place(state, task.seat, "double", suit)
        if task.n > 1:
            tasks.append(Task(DOUBLE_MOVE, task.seat, task.n - 1, (*task.args, suit)))
        state.tasks[0:0] = tasks
        return [Event(f"{seat_label(task.seat)} puts Olwyn's double in the {SUITS[suit]} column.")]


def pouch_candidates(seat: SeatState, excluded: int | None) -> list[int]:
    """Coins in the pouch Vidofnir may transform: not the trading coin, nor the coin it made."""
    coins = [c for c in seat.pouch if not is_trading(c)]
    if excluded is not None and excluded in coins:
        coins.remove(excluded)
    return coins


def pouch_transform(state: NidavellirState, index: int, coin: int, amount: int,
                    left: tuple[int, ...]) -> list[Event]:
    """Vidofnir transforms one pouch coin by `amount` (bonus included); the other amounts in
    `left` go to the other coins: at once when only one coin can take them, else by choice."""
    new = treasure_pick(state.treasure, coin_value(coin) + amount)
    events = transform(state, index, coin, POUCH_PLACE, amount, VIDOFNIR_LABEL)
    if not left:
        return events
    candidates = pouch_candidates(state.seats[index], coin if new is None else new)
    if len(set(candidates)) == 1:
        rest = left[1:]
        return events + pouch_transform(state, index, candidates[0], left[0] + transform_bonus(state, index), rest)
    if candidates:
        done = coin if new is None else new
        state.tasks.insert(0, Task(VIDOFNIR, index, done + 1, left, "vidofnir"))
    return events


class VidofnirTransform(Choice):
    """Which pouch coin gets which of Vidofnir's amounts, and in which order (`args`: the
    amounts left, before Jarika; `n`: 1 + the coin the first transform made, not eligible)."""

    kind = VIDOFNIR
    verbs = ("transform",)
    prompt = "choose a coin of your pouch and its amount"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        bonus = transform_bonus(state, task.seat)
        seat = state.seats[task.seat]
        coins = pouch_candidates(seat, task.n - 1 if task.n else None)
        words = {coin_word(seat, c) for c in coins}
        return [NidavellirMove(f"transform {word} pouch +{a + bonus}", f"+{a + bonus} on the {word} (pouch)",
                               rules=state.ruleset)
                for word in words for a in set(task.args)]

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        bonus = transform_bonus(state, task.seat)
        amounts = " or ".join(f"+{a + bonus}" for a in sorted(set(task.args)))
        if not told.amount or told.place != POUCH_PLACE:
            return f"{VIDOFNIR_LABEL} transforms a coin of your pouch: 'transform <coin> pouch {amounts.split()[0]}'."
        seat = state.seats[task.seat]
        if is_trading(named_coin(seat, told.coins[0])):
            return "Trading coins (the 0 and the Hunter's 3) can never be transformed."
        if told.amount - bonus not in task.args:
            return f"The amount left to give is {amounts}."
        return no_such_coin(seat, told.coins[0], " in the pouch to transform")

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        told = said(move)
        bonus = transform_bonus(state, task.seat)
        left = list(task.args)
        left.remove(told.amount - bonus)
        coin = named_coin(state.seats[task.seat], told.coins[0])
        return pouch_transform(state, task.seat, coin, told.amount, tuple(left))


class Recover(Choice):
    """Andumia (1) and Brisingamens (2) take cards from the discard pile, each gained as usual.
    A Royal Offering Brisingamens takes first goes back to the pile only after its second card."""

    kind = RECOVER
    verbs = ("recover",)
    prompt = "take a card from the discard pile"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        return [card_move(state.ruleset, "recover {}", "Recover {}", card) for card in set(state.discard)]

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not state.discard

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        return f"There is no {state.cards[said(move).card].label} in the discard pile."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        card = said(move).card
        pile = state.discard
        del pile[len(pile) - 1 - pile[::-1].index(card)]
        tasks, told = gain(state, task.seat, card)
        later = []
        if state.cards[card].kind == OFFERING and task.n > 1:
            pile.pop()  # gain put it back on the pile; it returns after the next card is chosen
            later.append(Task(TO_DISCARD, task.seat, card=card))
        tasks.append(Task(CHECK_HEROES, task.seat))
        if task.n > 1:
            tasks.append(Task(RECOVER, task.seat, task.n - 1, card=task.card))
        state.tasks[0:0] = [*tasks, *later]
        source = state.cards[task.card].label
        return [Event(f"{seat_label(task.seat)} takes {state.cards[card].label} from the discard pile ({source})."),
                *told]


class CardDiscard(Choice):
    """Höfud (the warrior column) and Brisingamens at the end (any column): discard one card of
    your army, any position, never a hero nor a mythical animal. Thor's owner may cancel it."""

    kind = CARD_DISCARD
    verbs = ("discard", "thor")
    prompt = "discard a card of your army"

    def prompt_text(self, state: NidavellirState, task: Task) -> str:
        where = "your warrior column" if len(task.args) == 1 else "your army"
        return f"discard a card of {where} ({state.cards[task.card].label})"

    def moves(self, state: NidavellirState, task: Task) -> list[Move]:
        cards = state.cards
        moves = [NidavellirMove(f"discard {card} from {SUITS[suit]}", f"Discard {cards[card].label} ({SUITS[suit]})",
                                rules=state.ruleset)
                 for card, suit in discardable_cards(state.ruleset, state.seats[task.seat], task.args)]
        return moves + cancel_moves(state, task.seat)

    def skip(self, state: NidavellirState, task: Task) -> bool:
        return not discardable_cards(state.ruleset, state.seats[task.seat], task.args)

    def refusal(self, state: NidavellirState, task: Task, move: Move) -> str:
        told = said(move)
        source = state.cards[task.card].label
        if move.text == "thor":
            return "You can't cancel this discard: you have no Thor with his power token."
        if not told.card:
            return f"Name the card and its column: 'discard <card> from <column>' ({source})."
        name = told.card
        if told.column not in task.args:
            return f"{source} takes a card from your {' or '.join(SUITS[s] for s in task.args)} column."
        where = SUITS[told.column]
        if state.cards[name].hero:
            return f"You can't discard {state.cards[name].label}: heroes are never discarded."
        if state.cards[name].kind == ANIMAL:
            return f"You can't discard {state.cards[name].label}: mythical animals are never discarded."
        return f"There is no {state.cards[name].label} in your {where} column."

    def apply(self, state: NidavellirState, task: Task, move: Move) -> list[Event]:
        if move.text == "thor":
            return cancel_discard(state, task.seat, state.cards[task.card].label)
        card, suit = said(move).card, said(move).column
        discard_from(state, task.seat, suit, card)
        return [Event(f"{seat_label(task.seat)} discards {state.cards[card].label} from the {SUITS[suit]} column "
                      f"({state.cards[task.card].label}).")]


class MjollnirColumn(ColumnChoice):
    """At the end of the game Mjöllnir's owner names the column it scores 2 per rank of."""

    kind = MJOLLNIR
    verbs = ("mjollnir",)
    prompt = "choose the column Mjöllnir scores"
    text = "{verb} {name}"

    def label(self, state: NidavellirState, task: Task, suit: int) -> str:
        return f"Mjöllnir on {SUITS[suit]} ({column_ranks(state.ruleset, state.seats[task.seat].army[suit])} ranks)"

    def put(self, state: NidavellirState, task: Task, suit: int) -> list[Event]:
        state.seats[task.seat].marks["mjollnir"] = suit + 1
        n = ranks(state.ruleset, state.seats[task.seat], suit)
        return [Event(f"{seat_label(task.seat)} chooses the {SUITS[suit]} column for Mjöllnir: {n} ranks.")]


# The choices no one card owns (the others are declared with their cards: artefacts.py, heroes.py).
THINGVELLIR_CHOICES: tuple[Choice, ...] = (TavernDiscard(), EnlistOrder(), Enlist(), Recover(), CardDiscard())
