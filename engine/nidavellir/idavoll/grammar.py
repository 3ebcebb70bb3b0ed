"""Idavoll's move verbs (docs/nidavellir.md): captures, the gods' powers, Frigg's cards, Ölrun's
class, Gullinbursti's column. Registered with the base grammar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.errors import BadMove
from engine.nidavellir.components import TAVERN_BY_NAME, TAVERNS
from engine.nidavellir.grammar import (
    TAVERN_CARDS,
    Parser,
    Said,
    alone,
    card_verb,
    in_tavern,
)

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


def loki_move(rules: Ruleset, rest: list[str]) -> Said:
    card, tavern = in_tavern(rules, rest, "loki", "'loki warrior 7 in goblin'")
    return Said(f"loki {card} in {TAVERNS[tavern]}", "loki", card=card, tavern=tavern)


def freya_move(rules: Ruleset, rest: list[str]) -> Said:
    """'freya <card> in <tavern> with <card> in <tavern>'; the taverns in table order."""
    cuts = [i for i, word in enumerate(rest) if word in TAVERN_BY_NAME]
    example = "'freya warrior 7 in goblin with hunter in horse'"
    if len(cuts) != 2 or cuts[1] != len(rest) - 1:
        raise BadMove(f"Freya swaps two cards of two taverns: e.g. {example}.")
    first = rest[:cuts[0] + 1]
    second = rest[cuts[0] + 1:]
    if second and second[0] == "with":
        second = second[1:]
    (a, x), (b, y) = sorted((in_tavern(rules, first, "freya", example), in_tavern(rules, second, "freya", example)),
                            key=lambda pair: pair[1])
    return Said(f"freya {a} in {TAVERNS[x]} with {b} in {TAVERNS[y]}", "freya", card=a, tavern=x, other=b,
                other_tavern=y)


def odin_move(rules: Ruleset, rest: list[str]) -> Said:
    if len(rest) == 3 and rest[1] == "for":
        rest = [rest[0], rest[2]]
    if len(rest) != 2 or any(token not in rules.hero_tokens for token in rest):
        raise BadMove("Odin swaps two neutral heroes: 'odin <your hero> for <hero>', e.g. 'odin skaa for grid' "
                      "(any Dwerg brother is 'dwerg').")
    return Said(f"odin {rest[0]} for {rest[1]}", "odin", card=rest[0], other=rest[1])


FRIGG_VERB = card_verb("frigg", TAVERN_CARDS, "a tavern card", "'frigg hunter'")
UNDER_VERB = card_verb("under", TAVERN_CARDS, "a card", "'under warrior 7'")
THOR_VERB = alone("thor", "it cancels the discard asked of you")
# The verbs that are no one card's (the gods' own are declared with them: gods.py).
IDAVOLL_VERBS: dict[str, Parser] = {
    "capture": card_verb("capture", TAVERN_CARDS, "a tavern dwarf", "'capture warrior 7'"),
    "pass": alone("pass", "it keeps a god's power for later"),
}
