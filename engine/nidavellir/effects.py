"""What the flow asks of the cards' effects (hooks.py), each found in the game's rules by card name
(`Ruleset.effects`: the base heroes', Thingvellir's artefacts and heroes, Idavoll's animals, gods,
giants and valkyries)."""

from __future__ import annotations

from engine.core import Event, Move
from engine.nidavellir.coins import Terms
from engine.nidavellir.components import seat_label
from engine.nidavellir.grammar import NidavellirMove
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import NidavellirState, Task


def effect(state: NidavellirState, card: str) -> Effect:
    """The effect of a card; a card without one only sits and scores its printed points."""
    rules = state.ruleset
    found = rules.effects.get(card)
    if found is None:
        found = rules.plain_effects.get(card)
        if found is None:
            found = rules.plain_effects[card] = Effect(card)
    return found


def owned_effects(state: NidavellirState, seat: int, hook: str = "") -> list[Effect]:
    """Effects of the cards a seat has in its command zone and its columns (heroes wherever
    they stand, artefacts), each once; with `hook` (one of ruleset.ACTING_HOOKS), only those
    that override it (the others would do nothing there)."""
    player = state.seats[seat]
    rules = state.ruleset
    effects = rules.effects
    wanted = rules.acting[hook] if hook else effects.keys()
    if hook and wanted.isdisjoint(player.command) and all(wanted.isdisjoint(column) for column in player.army):
        return []  # most seats own none
    cards = [card for card in player.command if card in wanted]
    cards += [card for column in player.army for card in column if card in wanted]
    return [effects[card] for card in dict.fromkeys(cards)]


def trade_terms(state: NidavellirState, seat: int) -> Terms:
    """How the seat's cards change its next coin trade (Jarika, Zolkur)."""
    terms = Terms()
    for found in owned_effects(state, seat, "adjust_trade"):
        found.adjust_trade(state, seat, terms)
    return terms


def transform_bonus(state: NidavellirState, seat: int) -> int:
    """What the seat's cards add to each of its transforms (Jarika)."""
    terms = Terms()
    for found in owned_effects(state, seat, "adjust_transform"):
        found.adjust_transform(state, seat, terms)
    return terms.bonus


def blocks_line_heroes(state: NidavellirState, seat: int) -> bool:
    return not state.ruleset.line_blockers.isdisjoint(state.seats[seat].command)


def has_camp_access(state: NidavellirState, seat: int) -> bool:
    return not state.ruleset.camp_openers.isdisjoint(state.seats[seat].command)


def notify(state: NidavellirState, seat: int, moment: str, amount: int = 1, suit: int = -1) -> None:
    """Tell the seat's watching cards (valkyries, in the command zone) what it just did."""
    command = state.seats[seat].command
    rules = state.ruleset
    observers = rules.observers
    if observers.isdisjoint(command):
        return
    for card in command:
        if card in observers:
            rules.effects[card].observe(state, seat, moment, amount, suit)


def discard_canceller(state: NidavellirState, seat: int) -> str:
    """The card that may cancel a discard aimed at this seat now (Thor with his token), or ''."""
    effects = state.ruleset.effects
    for card in state.seats[seat].command:
        found = effects.get(card)
        if found is not None and found.cancels_discards and found.power_ready(state, seat):
            return card
    return ""


def timed_powers(state: NidavellirState, moment: str) -> list[Task]:
    """The power choices offered at `moment` (hooks.TIMINGS): one for each card with that timing
    whose holder still has its power, in the cards' `power_order`."""
    tasks = []
    for found in state.ruleset.timed.get(moment, ()):
        seat = state.holder(found.key)
        if seat >= 0 and found.power_ready(state, seat):
            tasks.append(Task(found.power_task, seat, card=found.key))
    return tasks


def spend_power(state: NidavellirState, seat: int, god: str) -> None:
    """A god's power token is used (or wasted): it is gone for the rest of the game."""
    state.seats[seat].marks[god] = 1


def discards_spared(state: NidavellirState, seat: int, hero: str) -> int:
    """How many of `hero`'s discards the seat's cards spare it (Durathor for Dagda)."""
    return sum(found.spares_discards(hero) for found in owned_effects(state, seat, "spares_discards"))


def pioneer_draw(state: NidavellirState, seat: int, usual: int) -> int:
    """Cards the Pioneer draws for this seat: `usual`, or more with Garm."""
    return max([usual, *(found.pioneer_draw for found in owned_effects(state, seat))])


def cancel_moves(state: NidavellirState, seat: int) -> list[Move]:
    """The move that cancels a discard aimed at `seat` ('thor'), when it may."""
    card = discard_canceller(state, seat)
    return [NidavellirMove(card, f"Cancel this discard ({state.cards[card].label})",
                           rules=state.ruleset)] if card else []


def cancel_discard(state: NidavellirState, seat: int, source: str) -> list[Event]:
    """`seat` cancels the discard `source` (a card's label) asked of it, spending Thor's power."""
    card = discard_canceller(state, seat)
    spend_power(state, seat, card)
    return [Event(f"{seat_label(seat)} uses {state.cards[card].label}'s power: no discard for {source}.")]
