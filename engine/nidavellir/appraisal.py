"""What the AI players think things are worth: a position, a card, a camp card, a bid.

Rough figures, tuned by the benchmark (benchmarks/engine.py), never rules: the rules live in
the other modules. Every function here is pure in its arguments.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Move
from engine.nidavellir.army import column_ranks, lines, ranks
from engine.nidavellir.cards import CARDS, RANKS
from engine.nidavellir.coins import named_coin
from engine.nidavellir.components import (
    ANIMAL,
    ARTEFACT,
    DWARF,
    GIANT,
    GOD,
    MERCENARY,
    OFFERING,
    SUIT_BY_NAME,
    VALKYRIE,
    coin_value,
    is_trading,
)
from engine.nidavellir.effects import EFFECTS, blocks_line_heroes
from engine.nidavellir.idavoll.cards import GYMIR_FACTOR, VALKYRIE_TRACKS
from engine.nidavellir.idavoll.effects import waiting_giant
from engine.nidavellir.idavoll.gods import split_at_taverns
from engine.nidavellir.idavoll.rules import reservation
from engine.nidavellir.scoring import column_points, sheet_rows
from engine.nidavellir.state import (
    CAMP,
    FRIGG_KEEP,
    OLRUN,
    RECOVER,
    RECRUIT,
    SKYMIR_KEEP,
    NidavellirState,
    SeatState,
)

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
PENDING_WORTH = {RECRUIT: LINE_WORTH, RECOVER: 6.0, CAMP: 8.0, FRIGG_KEEP: 6.0, SKYMIR_KEEP: 10.0, OLRUN: 4.0}
# Idavoll: what a god's power still held is worth, and a giant's capture (a rough mean).
POWER_WORTH = {"loki": 3.0, "freya": 2.5, "frigg": 3.0, "thor": 3.0, "odin": 2.5}
CAPTURE_WORTH = {"skymir": 14.0, "hrungnir": 7.0, "thrivaldi": LINE_WORTH, "surt": 12.0, "gymir": 24.0}
# Notches a valkyrie is likely to move per round left in the game (Hildr: per distinction to come).
NOTCHES_PER_ROUND = {"brynhildr": 0.5, "olrun": 0.4, "sigrdrifa": 0.3, "svafa": 0.2, "hildr": 0.0}
MYTH_SHARE = 0.5  # promises are uncertain: half of what a power, a giant or a track promise counts
FREYA_COST = 1.5  # a swap must gain more than keeping the power for a later round
LOKI_SHARE = 0.6  # how much of a reserved card's worth Loki's reservation secures
ARTEFACT_TAKE = {"fafnir": 8, "draupnir": 10, "svalinn": 12, "megingjord": 16, "vidofnir": 9, "brisingamens": 10,
                 "mjollnir": 12, "hofud": 7, "hrafnsmerki": 10, "jarnglofi": 20, "gjallarhorn": 16, "vegvisir": 13}


def rounds_left(state: NidavellirState) -> int:
    second = state.rounds_this_age if state.age == 2 else state.rounds_this_age - (1 if state.idavoll else 0)
    return max(0, state.rounds_this_age - state.round) + (second if state.age == 1 else 0)


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
    """Immediate worth of a tavern card to a seat: the column's score change, a new line, or an
    offering (mythology cards: see `myth_gain`, which knows the rest of the game)."""
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
        elif kind in (GOD, GIANT, VALKYRIE):
            worth += myth_outlook(state, index, card)
    held = reservation(state)
    if held is not None and held[1] == index:
        worth += LOKI_SHARE * card_gain(seat, held[2])
    return worth


def valkyrie_outlook(state: NidavellirState, index: int, card: str) -> float:
    """Points a valkyrie is likely to add by the end, beyond those under her token now."""
    track = VALKYRIE_TRACKS[card]
    now = state.seats[index].marks.get(card, 0)
    if card == "hildr":
        if state.age != 1:
            return 0.0
        later = min(len(track) - 1, now + 1)  # one distinction is a fair hope
        return float(track[later] - track[now])
    later = min(len(track) - 1, round(now + NOTCHES_PER_ROUND[card] * rounds_left(state)))
    return float(track[later] - track[now])


def myth_outlook(state: NidavellirState, index: int, card: str) -> float:
    """What a god's power, a waiting giant or a valkyrie's track still promise."""
    return MYTH_SHARE * _myth_promise(state, index, card)


def _myth_promise(state: NidavellirState, index: int, card: str) -> float:
    found = EFFECTS[card]
    kind = CARDS[card].kind
    left = rounds_left(state)
    if kind == GOD:
        return POWER_WORTH[card] * min(1.0, left / 3) if found.power_ready(state, index) else 0.0
    if kind == GIANT:
        if state.seats[index].marks.get(card) or not left:
            return 0.0
        return capture_worth(state, index, card, "") * min(0.6, left / 5)
    return valkyrie_outlook(state, index, card)


def capture_worth(state: NidavellirState, index: int, giant: str, card: str) -> float:
    """What capturing `card` (or a typical dwarf, '') with `giant` brings."""
    seat = state.seats[index]
    if giant == "surt":
        return float(max(coin_value(c) for c in seat.coins()))
    if giant == "gymir":
        return float(GYMIR_FACTOR * CARDS[card].bravery_sum) if card else CAPTURE_WORTH[giant]
    if giant == "hrungnir":
        return 1.5 * sum(1 for c in seat.coins() if not is_trading(c))
    return CAPTURE_WORTH[giant]


def myth_gain(state: NidavellirState, index: int, card: str) -> float:
    """Worth of a mythology card to a seat: an animal's place in its column, a god's points and
    power, a giant's capture to come, a valkyrie's likely track."""
    piece = CARDS[card]
    seat = state.seats[index]
    if piece.kind == ANIMAL and piece.suit is not None:
        bonus = LINE_WORTH / 3 if card == "hreasvelg" else 0.0  # Gullinbursti comes with it
        return placement_gain(seat, card, piece.suit) + bonus
    if piece.kind == GOD:
        return piece.points + MYTH_SHARE * POWER_WORTH[card] * min(1.0, rounds_left(state) / 3)
    if piece.kind in (GIANT, VALKYRIE):
        return MYTH_SHARE * _myth_promise(state, index, card)
    return 0.0


def any_card_gain(state: NidavellirState, index: int, card: str) -> float:
    """Worth of any card reaching a seat (a dwarf, an offering, a mercenary, a mythology card)."""
    if CARDS[card].kind in (ANIMAL, GOD, GIANT, VALKYRIE):
        return myth_gain(state, index, card)
    return card_gain(state.seats[index], card)



def evaluate(state: NidavellirState, seat: int) -> float:
    """How well `seat` stands: its potential over the best other one, with a nudge for big coins."""
    rows = sheet_rows(state)
    worth = [row.total + outlook(state, row.seat) for row in rows]
    best_other = max(w for i, w in enumerate(worth) if i != seat)
    coins = state.seats[seat].coins()
    return worth[seat] - best_other + 0.02 * sum(coin_value(c) ** 2 for c in coins)


def pick_gain(state: NidavellirState, seat: int, move: Move) -> float:
    """Worth of a pick move: a tavern card (a waiting giant of its class turns away), a capture,
    a camp card, or Frigg's draw."""
    verb, card = move.text.split(" ", 1)
    if verb == "camp":
        return camp_gain(state, seat, card)
    piece = CARDS[card]
    giant = waiting_giant(state, seat, piece.suit) if piece.kind == DWARF and piece.suit is not None else ""
    if verb == "capture":
        return capture_worth(state, seat, giant, card)
    if verb == "frigg":
        # three fresh cards to choose from, for a card of this tavern and the power
        best = max(any_card_gain(state, seat, c) for c in state.taverns[state.tavern])
        return best + 1.0 - POWER_WORTH["frigg"]
    lost = myth_outlook(state, seat, giant) if giant else 0.0
    return any_card_gain(state, seat, card) - lost


def tavern_best(state: NidavellirState, index: int, taverns: list[list[str]]) -> float:
    """The sum over the taverns of the best card for a seat: what it could hope to pick."""
    return sum(max((any_card_gain(state, index, c) for c in cards), default=0.0) for cards in taverns)


def power_move_worth(state: NidavellirState, seat: int, move: Move) -> float | None:
    """Worth of using (or keeping) Loki's or Freya's power now; None for other moves."""
    words = move.text.split()
    if words[0] == "pass":
        return 0.0
    if words[0] == "loki":
        card, _ = split_at_taverns(words[1:])[0]
        return LOKI_SHARE * any_card_gain(state, seat, card) - POWER_WORTH["loki"]
    if words[0] == "freya":
        (x, a), (y, b) = split_at_taverns(words[1:])
        after = [list(cards) for cards in state.taverns]
        after[a].remove(x)
        after[b].remove(y)
        after[a].append(y)
        after[b].append(x)
        mine = tavern_best(state, seat, after) - tavern_best(state, seat, state.taverns)
        others = max(tavern_best(state, o, after) - tavern_best(state, o, state.taverns)
                     for o in range(state.players) if o != seat)
        return mine - 0.5 * others - FREYA_COST
    if words[0] == "olrun":
        return float(ranks(state.seats[seat], SUIT_BY_NAME[words[1]]))
    return None


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
        coins = [named_coin(player, t) for t in move.text.split()[1:]]
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
