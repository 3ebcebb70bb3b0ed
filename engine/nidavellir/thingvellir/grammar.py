"""Thingvellir's move verbs (docs/nidavellir.md): the camp, cards recovered from the discard pile,
Olwyn's doubles, enlisting mercenaries, Mjöllnir's column. Registered with the base grammar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import BadMove
from engine.nidavellir.grammar import (
    CAMP_CARDS,
    LOOSE_CARDS,
    MERCENARIES,
    MERCENARY_PREFIX,
    Parser,
    Said,
    card_name,
    card_verb,
    column,
)

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


def _enlist(rules: Ruleset, rest: list[str]) -> Said:
    """'enlist first' / 'enlist last', or 'enlist <mercenary> as <column>'."""
    if rest in (["first"], ["last"]):
        return Said(f"enlist {rest[0]}", "enlist", word=rest[0])
    if len(rest) >= 2:
        words, suit = rest[:-1], rest[-1]
        if words and words[-1] == "as":
            words = words[:-1]
        key = card_name(rules, words, MERCENARIES, "a mercenary", repr("enlist warrior 6 explorer 8 as explorer"))
        return Said(f"enlist {key.removeprefix(MERCENARY_PREFIX)} as {suit}", "enlist", card=key,
                    column=column(suit, "as"))
    raise BadMove("Write 'enlist <mercenary> as <column>', e.g. 'enlist warrior 6 explorer 8 as explorer', "
                  "or 'enlist first' / 'enlist last'.")


THINGVELLIR_VERBS: dict[str, Parser] = {
    "camp": card_verb("camp", CAMP_CARDS, "a camp card", "'camp draupnir', 'camp warrior 6 explorer 8'"),
    "recover": card_verb("recover", LOOSE_CARDS, "a card", "'recover warrior 7'"),
    "enlist": _enlist,
}
