"""Thingvellir's artefacts and heroes as card effects (rules sheet 1.1.1, 1.5, 1.8).

Artefacts act the moment they are taken, harmful effects included; some also score or make
their owner choose at the end of the game. Their choices are tasks (thingvellir/choices.py).
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.army import discardable_cards, ranks
from engine.nidavellir.coins import Terms, leave_game
from engine.nidavellir.components import (
    MERCENARY,
    TAVERN_LABELS,
    coin_token,
    coin_value,
    is_trading,
    seat_label,
)
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import (
    CAMP,
    CARD_DISCARD,
    DOUBLE_MOVE,
    HOFUD_DISCARDS,
    LOWEST_COIN,
    MJOLLNIR,
    NO_BID,
    POUCH_TRANSFORMS,
    RECOVER,
    RECRUIT,
    NidavellirState,
    Task,
)

ALL_COLUMNS = (0, 1, 2, 3, 4)
DRAUPNIR_COIN = 15
DRAUPNIR_POINTS = 6
SVALINN_POINTS = 5
HRAFNSMERKI_POINTS = 5
MJOLLNIR_POINTS = 2
BRISINGAMENS_MINIMUM = 2
KHRAD_BONUS = 10
JARIKA_BONUS = 2
FREE_RECRUIT = 1  # a recruit task's n: the hero comes whatever the lines (Gjallarhorn)


def mjollnir_column(state: NidavellirState, seat: int) -> int | None:
    """The column Mjöllnir's owner chose (stored as column + 1), None before the choice."""
    chosen = state.seats[seat].marks.get("mjollnir", 0)
    return chosen - 1 if chosen else None


class Fafnir(Effect):
    camp_access = True


class Draupnir(Effect):
    def points(self, state: NidavellirState, seat: int) -> int:
        coins = state.seats[seat].coins()
        return DRAUPNIR_POINTS * sum(1 for c in coins if coin_value(c) >= DRAUPNIR_COIN)


class Svalinn(Effect):
    """5 points per hero card owned (every Dwerg counts; Olwyn's doubles are not heroes)."""

    def points(self, state: NidavellirState, seat: int) -> int:
        return SVALINN_POINTS * len(state.seats[seat].heroes)


class Megingjord(Effect):
    blocks_line_heroes = True


class Vidofnir(Effect):
    """The pouch is shown and its coins transformed +2 and +3 (+5 beside the trading coin)."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(POUCH_TRANSFORMS, seat, card=self.key)], []


class Brisingamens(Effect):
    end_order = 1

    def refusal(self, state: NidavellirState, seat: int) -> str:
        if len(state.discard) < BRISINGAMENS_MINIMUM:
            return f"Brisingamens needs at least {BRISINGAMENS_MINIMUM} cards in the discard pile."
        return ""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(RECOVER, seat, BRISINGAMENS_MINIMUM, card=self.key)], []

    def end_of_game(self, state: NidavellirState, seat: int) -> list[Task]:
        if discardable_cards(state.ruleset, state.seats[seat], ALL_COLUMNS):
            return [Task(CARD_DISCARD, seat, args=ALL_COLUMNS, card=self.key)]
        return []


class Mjollnir(Effect):
    end_order = 2

    def end_of_game(self, state: NidavellirState, seat: int) -> list[Task]:
        return [Task(MJOLLNIR, seat, card=self.key)]

    def points(self, state: NidavellirState, seat: int) -> int:
        """2 per rank of the chosen column; before the choice, of the best one."""
        player = state.seats[seat]
        chosen = mjollnir_column(state, seat)
        rules = state.ruleset
        counted = ranks(rules, player, chosen) if chosen is not None else max(ranks(rules, player, s) for s in range(5))
        return MJOLLNIR_POINTS * counted


class Hofud(Effect):
    """Every other player, from the taker's left, discards a card of their warrior column, once
    the taker's turn is over (thingvellir/steps.py)."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(HOFUD_DISCARDS, seat, card=self.key)], []


class Hrafnsmerki(Effect):
    def points(self, state: NidavellirState, seat: int) -> int:
        player = state.seats[seat]
        owned = [*player.command, *(card for column in player.army for card in column)]
        return HRAFNSMERKI_POINTS * sum(1 for card in owned if state.cards[card].kind == MERCENARY)


class Jarnglofi(Effect):
    """The trading coin leaves the game at once, wherever it lies: no bid (so no pick) on a
    tavern not resolved yet, no trade for the rest of the game."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        player = state.seats[seat]
        events = []
        for tavern, coin in enumerate(player.bids):
            if coin != NO_BID and is_trading(coin):
                player.bids[tavern] = NO_BID
                leave_game(player, coin)
                events.append(Event(f"{seat_label(seat)}'s trading coin {coin_token(coin)} leaves the game "
                                    f"(Jarnglofi)."))
                if tavern > state.tavern:
                    note = ": you have no bid there this round"
                elif tavern == state.tavern:
                    note = ": no coin trade this time"
                else:
                    note = ""
                events.append(Event(f"Your {coin_token(coin)} on the {TAVERN_LABELS[tavern]} is gone{note}.",
                                    frozenset({seat})))
        for coin in [c for c in player.pouch if is_trading(c)]:
            player.pouch.remove(coin)
            leave_game(player, coin)
            events.append(Event(f"{seat_label(seat)}'s trading coin {coin_token(coin)} leaves the game (Jarnglofi)."))
        return [], events


class Gjallarhorn(Effect):
    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(RECRUIT, seat, FREE_RECRUIT, card=self.key)], []


class Andumia(Effect):
    def refusal(self, state: NidavellirState, seat: int) -> str:
        return "" if state.discard else "Andumia needs a card in the discard pile."

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(RECOVER, seat, 1, card=self.key)], []


class Holda(Effect):
    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        if not state.camp:
            return [], [Event("The camp is empty: Holda brings nothing.")]
        return [Task(CAMP, seat, card=self.key)], []


class Khrad(Effect):
    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        return [Task(LOWEST_COIN, seat, KHRAD_BONUS, card=self.key)], []


class Jarika(Effect):
    def adjust_trade(self, state: NidavellirState, seat: int, terms: Terms) -> None:
        terms.bonus += JARIKA_BONUS
        terms.said.append(self.card(state).label)

    def adjust_transform(self, state: NidavellirState, seat: int, terms: Terms) -> None:
        terms.bonus += JARIKA_BONUS


class Olwyn(Effect):
    """His doubles still set aside come to the command zone; their owner places each in turn."""

    def gained(self, state: NidavellirState, seat: int) -> tuple[list[Task], list[Event]]:
        doubles = [card for card in state.aside if card == "double"]
        if not doubles:
            return [], []
        for card in doubles:
            state.aside.remove(card)
            state.seats[seat].command.append(card)
        return [Task(DOUBLE_MOVE, seat, len(doubles))], []


class Zolkur(Effect):
    """The owner's next trade gives up the lower coin; once."""

    def adjust_trade(self, state: NidavellirState, seat: int, terms: Terms) -> None:
        if not state.seats[seat].marks.get(self.key):
            terms.lower = True
            terms.spent.append(self.key)
            terms.said.append(self.card(state).label)
