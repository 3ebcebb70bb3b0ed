"""Every card's effect, by card name, as declared (catalogue.py): the base heroes' (heroes.py),
Thingvellir's artefacts and heroes, Idavoll's animals, gods, giants and valkyries."""

from __future__ import annotations

from engine.core import Event, Move
from engine.nidavellir.cards import CARDS
from engine.nidavellir.coins import Terms
from engine.nidavellir.components import seat_label
from engine.nidavellir.grammar import NidavellirMove
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import NidavellirState, Task

EFFECTS: dict[str, Effect] = {}
_PLAIN: dict[str, Effect] = {}
# Cards that watch what their owner does (the valkyries), checked on every notification.
_OBSERVERS: set[str] = set()
# Cards whose owner bids face up (Uline), and cards adding to their column's points (Idunn).
FACE_UP: set[str] = set()
COLUMN_BONUS: set[str] = set()


def index_effect(found: Effect) -> None:
    """Add a card's effect to the tables (catalogue.declare calls it)."""
    EFFECTS[found.key] = found
    _PLAIN.pop(found.key, None)
    kind = type(found)
    for table, present in ((_OBSERVERS, kind.observe is not Effect.observe), (FACE_UP, found.bids_face_up),
                           (COLUMN_BONUS, kind.column_bonus is not Effect.column_bonus)):
        if present:
            table.add(found.key)
        else:
            table.discard(found.key)



def effect(card: str) -> Effect:
    """The effect of a card; a card without one only sits and scores its printed points."""
    found = EFFECTS.get(card)
    if found is None:
        found = _PLAIN.get(card)
        if found is None:
            found = _PLAIN[card] = Effect(card)
    return found


def owned_effects(state: NidavellirState, seat: int) -> list[Effect]:
    """Effects of the cards a seat has in its command zone and its columns (heroes wherever
    they stand, artefacts), each once."""
    player = state.seats[seat]
    cards = [card for card in player.command if card in EFFECTS]
    cards += [card for column in player.army for card in column if card in EFFECTS]
    return [EFFECTS[card] for card in dict.fromkeys(cards)]


def trade_terms(state: NidavellirState, seat: int) -> Terms:
    """How the seat's cards change its next coin trade (Jarika, Zolkur)."""
    terms = Terms()
    for found in owned_effects(state, seat):
        found.adjust_trade(state, seat, terms)
    return terms


def transform_bonus(state: NidavellirState, seat: int) -> int:
    """What the seat's cards add to each of its transforms (Jarika)."""
    terms = Terms()
    for found in owned_effects(state, seat):
        found.adjust_transform(state, seat, terms)
    return terms.bonus


def blocks_line_heroes(state: NidavellirState, seat: int) -> bool:
    return any(EFFECTS[card].blocks_line_heroes for card in state.seats[seat].command if card in EFFECTS)


def has_camp_access(state: NidavellirState, seat: int) -> bool:
    return any(EFFECTS[card].camp_access for card in state.seats[seat].command if card in EFFECTS)


def notify(state: NidavellirState, seat: int, moment: str, amount: int = 1, suit: int = -1) -> None:
    """Tell the seat's watching cards (valkyries, in the command zone) what it just did."""
    command = state.seats[seat].command
    if _OBSERVERS.isdisjoint(command):
        return
    for card in command:
        if card in _OBSERVERS:
            EFFECTS[card].observe(state, seat, moment, amount, suit)


def discard_canceller(state: NidavellirState, seat: int) -> str:
    """The card that may cancel a discard aimed at this seat now (Thor with his token), or ''."""
    for card in state.seats[seat].command:
        found = EFFECTS.get(card)
        if found is not None and found.cancels_discards and found.power_ready(state, seat):
            return card
    return ""


def timed_powers(state: NidavellirState, moment: str) -> list[Task]:
    """The power choices offered at `moment` (hooks.TIMINGS): one for each card with that timing
    whose holder still has its power, in the cards' `power_order`."""
    timed = sorted((found for found in EFFECTS.values() if found.power_at == moment),
                   key=lambda found: (found.power_order, found.key))
    tasks = []
    for found in timed:
        seat = state.holder(found.key)
        if seat >= 0 and found.power_ready(state, seat):
            tasks.append(Task(found.power_task, seat, card=found.key))
    return tasks


def spend_power(state: NidavellirState, seat: int, god: str) -> None:
    """A god's power token is used (or wasted): it is gone for the rest of the game."""
    state.seats[seat].marks[god] = 1


def discards_spared(state: NidavellirState, seat: int, hero: str) -> int:
    """How many of `hero`'s discards the seat's cards spare it (Durathor for Dagda)."""
    return sum(found.spares_discards(hero) for found in owned_effects(state, seat))


def pioneer_draw(state: NidavellirState, seat: int, usual: int) -> int:
    """Cards the Pioneer draws for this seat: `usual`, or more with Garm."""
    return max([usual, *(found.pioneer_draw for found in owned_effects(state, seat))])


def cancel_moves(state: NidavellirState, seat: int) -> list[Move]:
    """The move that cancels a discard aimed at `seat` ('thor'), when it may."""
    card = discard_canceller(state, seat)
    return [NidavellirMove(card, f"Cancel this discard ({CARDS[card].label})")] if card else []


def cancel_discard(state: NidavellirState, seat: int, source: str) -> list[Event]:
    """`seat` cancels the discard `source` (a card's label) asked of it, spending Thor's power."""
    card = discard_canceller(state, seat)
    spend_power(state, seat, card)
    return [Event(f"{seat_label(seat)} uses {CARDS[card].label}'s power: no discard for {source}.")]
