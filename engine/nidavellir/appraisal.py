"""What the AI players think things are worth: a position, a card, a camp card, a bid.

Rough figures, tuned by the benchmark (benchmarks/engine.py), never rules: the rules live in
the other modules. Every function here is pure in its arguments.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Move
from engine.nidavellir.army import column_ranks, lines, ranks
from engine.nidavellir.cards import CARDS, RANKS, rounds_per_age
from engine.nidavellir.components import ARTEFACT, MERCENARY, OFFERING, coin_value, is_trading
from engine.nidavellir.effects import blocks_line_heroes
from engine.nidavellir.grammar import coin_of_token
from engine.nidavellir.scoring import column_points, sheet_rows
from engine.nidavellir.state import CAMP, RECOVER, RECRUIT, NidavellirState, SeatState

# A complete line is worth a hero: roughly what an average hero adds at the end.
LINE_WORTH = 12
TRADE_WORTH = 1.5
OFFERING_WORTH = 1.5  # per point of a Royal Offering's transform
# What an artefact is still worth beyond the points it shows now, per round left in the game
# (Fafnir's camp visits, more big coins for Draupnir, more heroes for Svalinn, ...), and once.
ARTEFACT_OUTLOOK_PER_ROUND = {"fafnir": 1.5, "draupnir": 1.5, "svalinn": 1.5, "hrafnsmerki": 1.0}
ARTEFACT_OUTLOOK = {"brisingamens": -4.0, "jarnglofi": -3.0}
# What an artefact is worth to take before its effect has shown (used by the cheap policy).
# A choice of its own still to come is worth something already (Gjallarhorn's hero, ...).
PENDING_WORTH = {RECRUIT: LINE_WORTH, RECOVER: 6.0, CAMP: 8.0}
ARTEFACT_TAKE = {"fafnir": 8, "draupnir": 10, "svalinn": 12, "megingjord": 16, "vidofnir": 9, "brisingamens": 10,
                 "mjollnir": 12, "hofud": 7, "hrafnsmerki": 10, "jarnglofi": 20, "gjallarhorn": 16, "vegvisir": 13}


def rounds_left(state: NidavellirState) -> int:
    per_age = rounds_per_age(state.players)
    return max(0, per_age - state.round) + (per_age if state.age == 1 else 0)


def placement_gain(seat: SeatState, card: str, suit: int) -> float:
    """Worth of putting `card` in `suit`'s column: the column's score change and new lines."""
    column = seat.army[suit]
    counts = [column_ranks(c) for c in seat.army]
    before_lines = min(counts)
    before = column_points(column, suit)
    column.append(card)
    after = column_points(column, suit)
    column.pop()
    counts[suit] += RANKS[card]
    return after - before + LINE_WORTH * (min(counts) - before_lines)


def mercenary_gain(seat: SeatState, card: str) -> float:
    """A mercenary is worth its better column."""
    return max(placement_gain(seat, card, suit) for suit, _ in CARDS[card].options)


def card_gain(seat: SeatState, card: str) -> float:
    """Immediate worth of a tavern card to a seat: the column's score change, a new line, or an offering."""
    piece = CARDS[card]
    if piece.kind == OFFERING:
        return piece.offering * OFFERING_WORTH
    if piece.kind == MERCENARY:
        return mercenary_gain(seat, card)
    if piece.suit is None:
        return 0.0
    return placement_gain(seat, card, piece.suit)


def camp_gain(state: NidavellirState, index: int, card: str) -> float:
    """Worth of a camp card to a seat when taken (artefacts by a rough table, scaled by what is
    left of the game)."""
    seat = state.seats[index]
    piece = CARDS[card]
    if piece.kind == MERCENARY or piece.suit is not None:
        return card_gain(seat, card)
    if piece.kind != ARTEFACT:
        return 0.0
    worth = float(ARTEFACT_TAKE[card])
    if card == "megingjord":
        worth -= LINE_WORTH * min(2.0, rounds_left(state) / 3)
    elif card == "mjollnir":
        worth = 2.0 * max(ranks(seat, s) for s in range(5)) + 4
    elif card == "jarnglofi":
        worth -= TRADE_WORTH * rounds_left(state)
    return worth


def outlook(state: NidavellirState, index: int) -> float:
    """What a seat's position holds beyond its score now: lines that will bring heroes, its
    mercenaries still to enlist, what its artefacts will still add."""
    seat = state.seats[index]
    worth = 0.0 if blocks_line_heroes(state, index) else LINE_WORTH * lines(seat)
    left = rounds_left(state)
    for task in state.tasks:
        if task.seat == index:
            worth += PENDING_WORTH.get(task.kind, 0.0) * max(1, task.n if task.kind == RECOVER else 1)
    for card in seat.command:
        kind = CARDS[card].kind
        if kind == MERCENARY:
            worth += mercenary_gain(seat, card)
        elif kind == ARTEFACT:
            worth += ARTEFACT_OUTLOOK_PER_ROUND.get(card, 0.0) * left + ARTEFACT_OUTLOOK.get(card, 0.0)
    return worth


def evaluate(state: NidavellirState, seat: int) -> float:
    """How well `seat` stands: its potential over the best other one, with a nudge for big coins."""
    rows = sheet_rows(state)
    worth = [row.total + outlook(state, row.seat) for row in rows]
    best_other = max(w for i, w in enumerate(worth) if i != seat)
    coins = state.seats[seat].coins()
    return worth[seat] - best_other + 0.02 * sum(coin_value(c) ** 2 for c in coins)


def pick_gain(state: NidavellirState, seat: int, move: Move) -> float:
    """Worth of a pick move: a tavern card, or a camp card."""
    verb, card = move.text.split(" ", 1)
    if verb == "camp":
        return camp_gain(state, seat, card)
    return card_gain(state.seats[seat], card)


def tavern_range(state: NidavellirState, seat: int, tavern: int, camp: float = 0.0) -> tuple[float, float]:
    """Worth of the worst and the best card of a tavern to `seat`; the first picker may take
    the best camp card instead, worth `camp`."""
    player = state.seats[seat]
    gains = [card_gain(player, c) for c in state.taverns[tavern]] or [0.0]
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
        coins = [coin_of_token(t) for t in move.text.split()[1:]]
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
