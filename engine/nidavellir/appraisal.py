"""What the AI players think things are worth: a position, a card, a camp card, a bid.

Rough figures, tuned by the benchmark (benchmarks/engine.py), never rules: the rules live in
the other modules. Every function here is pure in its arguments.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.core import Move
from engine.nidavellir.army import column_ranks, lines
from engine.nidavellir.coins import named_coin
from engine.nidavellir.components import MERCENARY, OFFERING, coin_value, is_trading
from engine.nidavellir.effects import blocks_line_heroes
from engine.nidavellir.grammar import said
from engine.nidavellir.scoring import column_points, sheet_rows
from engine.nidavellir.state import RECOVER, RECRUIT, NidavellirState, SeatState

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

# A complete line is worth a hero: roughly what an average hero adds at the end.
LINE_WORTH = 12
TRADE_WORTH = 1.5
OFFERING_WORTH = 1.5  # per point of a Royal Offering's transform
# What a choice still to come is worth already (Gjallarhorn's hero, ...), by task kind: the base
# game's; a game's, with its expansions' and cards' kinds, is its ruleset's (ruleset.py).
BASE_PENDING: Mapping[str, float] = MappingProxyType({RECRUIT: LINE_WORTH})


class Worth:
    """What a card is worth to the AI, declared with the card (catalogue.Declared.worth). This
    default is a card worth its place in a column (or an offering's transform) that promises
    nothing more; `power` is what a god's power still held is worth."""

    power = 0.0

    def gain(self, state: NidavellirState, index: int, card: str) -> float:
        """Worth of the card reaching seat `index` (taken from a tavern, kept, recovered)."""
        return card_gain(state.ruleset, state.seats[index], card)

    def take(self, state: NidavellirState, index: int, card: str) -> float:
        """Worth of taking it from the camp."""
        piece = state.cards[card]
        if piece.kind == MERCENARY or piece.suit is not None:
            return card_gain(state.ruleset, state.seats[index], card)
        return 0.0

    def outlook(self, state: NidavellirState, index: int, card: str) -> float:
        """What it still promises while in the seat's command zone, beyond its points now."""
        if state.cards[card].kind == MERCENARY:
            return mercenary_gain(state.ruleset, state.seats[index], card)
        return 0.0


PLAIN = Worth()  # a card without a worth of its own (Ruleset.worths)


def card_worth(state: NidavellirState, card: str) -> Worth:
    return state.ruleset.worths.get(card, PLAIN)


PickWorth = Callable[[NidavellirState, int, str], float]
MoveWorth = Callable[[NidavellirState, int, Move], float]
# A game's ruleset holds (ruleset.py) a pick verb's worth (the base game's `take`, below; the
# expansions add theirs), what a seat gives up by taking a tavern card (a waiting giant turns
# away), the worth of choices whose effect shows only later (Loki, Freya, Ölrun), what a position
# promises beyond its cards (Loki's token) and what the AI's cheap policy thinks of a move of a
# card's own choice, by verb (Thor's cancel, a column for a double or Gullinbursti, ...).
ChoiceWorth = Callable[[NidavellirState, int, Move], float | None]  # None: no opinion (play at random)


def rounds_left(state: NidavellirState) -> int:
    second = state.rounds_this_age if state.age == 2 else state.rounds_this_age - (1 if state.idavoll else 0)
    return max(0, state.rounds_this_age - state.round) + (second if state.age == 1 else 0)


def placement_gain(rules: Ruleset, seat: SeatState, card: str, suit: int) -> float:
    """Worth of putting `card` in `suit`'s column: the column's score change and new lines."""
    column = seat.army[suit]
    counts = [column_ranks(rules, c) for c in seat.army]
    before_lines = min(counts)
    before = column_points(rules, column, suit)
    column.append(card)
    after = column_points(rules, column, suit)
    column.pop()
    counts[suit] += rules.ranks[card]
    return after - before + LINE_WORTH * (min(counts) - before_lines)


def mercenary_gain(rules: Ruleset, seat: SeatState, card: str) -> float:
    """A mercenary is worth its better column."""
    return max(placement_gain(rules, seat, card, suit) for suit, _ in rules.cards[card].options)


def card_gain(rules: Ruleset, seat: SeatState, card: str) -> float:
    """Immediate worth of a tavern card to a seat: the column's score change, a new line, or an
    offering (a card's own `Worth` may know better: `any_card_gain`)."""
    piece = rules.cards[card]
    if piece.kind == OFFERING:
        return piece.offering * OFFERING_WORTH
    if piece.kind == MERCENARY:
        return mercenary_gain(rules, seat, card)
    if piece.suit is None:
        return 0.0
    return placement_gain(rules, seat, card, piece.suit)


def camp_gain(state: NidavellirState, index: int, card: str) -> float:
    """Worth of a camp card to a seat when taken (artefacts by their declared worth, scaled by
    what is left of the game)."""
    return card_worth(state, card).take(state, index, card)


def outlook(state: NidavellirState, index: int) -> float:
    """What a seat's position holds beyond its score now: lines that will bring heroes, its
    choices to come, what the cards of its command zone still promise (mercenaries to enlist,
    artefacts, powers, giants, tracks), and what the expansions see besides (Loki's token)."""
    seat = state.seats[index]
    rules = state.ruleset
    pending_worth = rules.pending_worth
    total = 0.0 if blocks_line_heroes(state, index) else LINE_WORTH * lines(state.ruleset, seat)
    for task in state.tasks:
        if task.seat == index:
            total += pending_worth.get(task.kind, 0.0) * max(1, task.n if task.kind == RECOVER else 1)
    for card in seat.command:
        total += rules.worths.get(card, PLAIN).outlook(state, index, card)
    for more in rules.outlooks:
        total += more(state, index)
    return total


def any_card_gain(state: NidavellirState, index: int, card: str) -> float:
    """Worth of any card reaching a seat (a dwarf, an offering, a mercenary, a mythology card)."""
    return state.ruleset.worths.get(card, PLAIN).gain(state, index, card)


def evaluate(state: NidavellirState, seat: int) -> float:
    """How well `seat` stands: its potential over the best other one, with a nudge for big coins."""
    rows = sheet_rows(state)
    worth = [row.total + outlook(state, row.seat) for row in rows]
    best_other = max(w for i, w in enumerate(worth) if i != seat)
    coins = state.seats[seat].coins()
    return worth[seat] - best_other + 0.02 * sum(coin_value(c) ** 2 for c in coins)


def pick_gain(state: NidavellirState, seat: int, move: Move) -> float:
    """Worth of a pick move: a tavern card (less what taking it gives up), or what an expansion
    allows instead, by its verb (a camp card, a capture, Frigg's draw)."""
    told = said(move)
    # a verb without a worth of its own: the card's
    return state.ruleset.pick_worth.get(told.verb, any_card_gain)(state, seat, told.card)


def take_gain(state: NidavellirState, seat: int, card: str) -> float:
    lost = sum(loss(state, seat, card) for loss in state.ruleset.take_losses)
    return any_card_gain(state, seat, card) - lost


BASE_PICK_WORTH: Mapping[str, PickWorth] = MappingProxyType({"take": take_gain})


def tavern_best(state: NidavellirState, index: int, taverns: list[list[str]]) -> float:
    """The sum over the taverns of the best card for a seat: what it could hope to pick."""
    return sum(max((any_card_gain(state, index, c) for c in cards), default=0.0) for cards in taverns)


def power_move_worth(state: NidavellirState, seat: int, move: Move) -> float | None:
    """Worth of a choice whose effect shows only later (using or keeping Loki's or Freya's power,
    Ölrun's class), by its verb; None for other moves."""
    found = state.ruleset.power_worths.get(said(move).verb)
    return None if found is None else found(state, seat, move)


def tavern_range(state: NidavellirState, seat: int, tavern: int, camp: float = 0.0) -> tuple[float, float]:
    """Worth of the worst and the best card of a tavern to `seat`; the first picker may take
    the best camp card instead, worth `camp`."""
    gains = [any_card_gain(state, seat, c) for c in state.taverns[tavern]] or [0.0]
    return min(gains), max(camp, *gains)


def bid_scorer(state: NidavellirState, seat: int) -> Callable[[Move], float]:
    """Expected gain of a bid of `seat`: a bigger coin is likelier to get the best card of its
    tavern, and a trading coin on a tavern turns the pouch into a bigger coin. The taverns'
    worth is reckoned once for all the bids scored."""
    player = state.seats[seat]
    camp = max((camp_gain(state, seat, c) for c in set(state.camp)), default=0.0)
    ranges = [tavern_range(state, seat, tavern, camp) for tavern in range(3)]
    top = max(coin_value(c) for c in player.coins()) + 1

    def score(move: Move) -> float:
        coins = [named_coin(player, t) for t in said(move).coins]
        total = 0.0
        for (low, high), coin in zip(ranges, coins, strict=True):
            total += low + (high - low) * (coin_value(coin) + 1) / top
            if is_trading(coin):
                pouch = list(player.pouch)
                for c in coins:
                    pouch.remove(c)
                total += TRADE_WORTH * min(coin_value(c) for c in pouch)
        return total

    return score
