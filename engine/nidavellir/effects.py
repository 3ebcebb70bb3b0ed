"""Every card's effect, by card name: the base heroes and Thingvellir's artefacts and heroes."""

from __future__ import annotations

from engine.nidavellir.coins import Terms
from engine.nidavellir.heroes import BASE_HERO_EFFECTS
from engine.nidavellir.hooks import Effect
from engine.nidavellir.state import NidavellirState
from engine.nidavellir.thingvellir.effects import THINGVELLIR_EFFECTS

EFFECTS: dict[str, Effect] = {**BASE_HERO_EFFECTS, **THINGVELLIR_EFFECTS}
_PLAIN: dict[str, Effect] = {}


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
