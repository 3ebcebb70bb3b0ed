"""The move-text grammar (docs/nidavellir.md): reading a text into its canonical move.

Reading never looks at the state, only at the game's rules (its verbs and card names): a text
that is their grammar becomes a `Said`, what the
move names (whether it is legal now is for the choices to say, with a reason); anything else is a
BadMove. A move is read once: the choices, the AI and the views read `said(move)`'s fields, never
the text again. Every number is bounded and ASCII, so no digit string of any script or length
gets past here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.core import Move
from engine.errors import BadMove
from engine.nidavellir.components import (
    BRONZE_FIVE,
    BRONZE_MARK,
    GOLD_MARK,
    HUNTER_COIN,
    HUNTER_TOKEN,
    PLACES,
    SUIT_BY_NAME,
    TAVERN_BY_NAME,
    TAVERN_LABELS,
    coin_token,
    coin_value,
)

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

BID_PLACES = tuple(label.split()[1] for label in TAVERN_LABELS)  # Laughing Goblin -> Goblin
MAX_NUMBER_DIGITS = 2  # no coin, card value or amount in the game has more
MERCENARY_PREFIX = "mercenary "

# The names each kind of move accepts: sets of the game's rules (ruleset.py), picked by these.
Names = Callable[["Ruleset"], Collection[str]]
TAVERN_CARDS: Names = attrgetter("tavern_cards")
CAMP_CARDS: Names = attrgetter("camp_cards")
MERCENARIES: Names = attrgetter("mercenaries")
LOOSE_CARDS: Names = attrgetter("loose_cards")  # what a pile may hold
ANY_CARD: Names = attrgetter("cards")
# Other spellings people type for a card name.
ALIASES = {"fafnir baleygr": "fafnir", "vidofnir and vedrfolnir": "vidofnir", "vidofnir & vedrfolnir": "vidofnir",
           "vedrfolnir": "vidofnir", "olwyn double": "double", "olwyn's double": "double"}
COLUMNS_HINT = "blacksmith, hunter, explorer, miner or warrior"


@dataclass(frozen=True)
class Said:
    """A move as read: its canonical `text` and what it names. Fields a verb doesn't use keep
    their defaults (-1 for no column, tavern or place)."""

    text: str
    verb: str
    card: str = ""  # the card (or hero token) it names: take, camp, keep, recover, recruit, loki, odin...
    column: int = -1  # a column: thrud/ylud/double/gullinbursti to, discard, mjollnir, olrun, enlist as
    tavern: int = -1  # a tavern: loki's card, freya's first card, a 2-player tavern discard
    coins: tuple[str, ...] = ()  # coin words, as written (5, 5b, 5g, h3): bid, trade, transform
    place: int = -1  # where a transform's coin lies: 0–2 a tavern, 3 the pouch
    amount: int = 0  # a transform's +N (Vidofnir)
    other: str = ""  # the second card: Freya's other card, the hero Odin takes
    other_tavern: int = -1  # the tavern of Freya's other card
    word: str = ""  # enlist first / last


Parser = Callable[["Ruleset", list[str]], Said]  # a verb's reader: the game's rules and the words after the verb in


def fold(text: str) -> str:
    """Lower case, accents dropped (Höfud -> hofud), single spaces. Only canonical decomposition
    is used, so a superscript or another script's digit is not turned into an ASCII digit."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return " ".join("".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn").split())


def number(token: str) -> int | None:
    """A small ASCII number, or None (never an exception, whatever the token)."""
    if token.isascii() and token.isdigit() and len(token) <= MAX_NUMBER_DIGITS:
        return int(token)
    return None


def coin_of_token(token: str) -> int:
    """The coin a token names: a number, h3 for the Hunter's 3, 5b or 5g for the bronze or a gold 5
    (a plain 5 is a gold 5 here; coins.named_coin reads it against what a seat holds)."""
    if token == HUNTER_TOKEN:
        return HUNTER_COIN
    if token[-1:] in (BRONZE_MARK, GOLD_MARK):
        if token[:-1] != "5":
            raise BadMove(f"{token[:20]!r} is not a coin: only the 5 comes in bronze and gold (5b, 5g); "
                          f"other coins are written as numbers.")
        return BRONZE_FIVE if token.endswith(BRONZE_MARK) else 5
    value = number(token)
    if value is None:
        raise BadMove(f"{token[:20]!r} is not a coin: coins are written as numbers, the Hunter's 3 as h3, "
                      f"and a 5 as 5b or 5g when you hold a bronze and a gold one.")
    return value


def coin_text(token: str) -> str:
    """A typed coin token as move texts write it ('05' -> '5'; '5G', folded to '5g', stays);
    BadMove if it names no coin. (coins.coin_word writes a seat's own coin.)"""
    coin = coin_of_token(token)
    if token[-1:] in (BRONZE_MARK, GOLD_MARK):
        return token
    return coin_token(coin)


def card_name(rules: Ruleset, words: list[str], names: Names, what: str, example: str) -> str:
    """The card key these words name among the rules' `names` (a mercenary may leave out "mercenary")."""
    allowed = names(rules)
    name = " ".join(words)
    name = ALIASES.get(name, name)
    if name not in allowed and MERCENARY_PREFIX + name in allowed:
        name = MERCENARY_PREFIX + name
    if name not in allowed:
        raise BadMove(f"{name[:40]!r} is not {what}: write e.g. {example}.")
    return name


def column(token: str, verb: str) -> int:
    if token not in SUIT_BY_NAME:
        raise BadMove(f"{token[:20]!r} is not a column: after '{verb}' name one of {COLUMNS_HINT}.")
    return SUIT_BY_NAME[token]


def _bid(rules: Ruleset, rest: list[str]) -> Said:
    if len(rest) not in (1, 3):
        raise BadMove("Bid one coin per tavern: 'bid <goblin> <dragon> <horse>', e.g. 'bid 5 2 0'.")
    coins = tuple(coin_text(t) for t in rest)
    return Said("bid " + " ".join(coins), "bid", coins=coins)


def card_verb(verb: str, names: Names, what: str, example: str) -> Parser:
    def parse(rules: Ruleset, rest: list[str]) -> Said:
        card = card_name(rules, rest, names, what, example)
        return Said(f"{verb} {card}", verb, card=card)

    return parse


def _transform(rules: Ruleset, rest: list[str]) -> Said:
    if len(rest) not in (2, 3) or rest[1] not in PLACES:
        raise BadMove("Write 'transform <coin> <goblin|dragon|horse|pouch>', e.g. 'transform 5 pouch'.")
    coin = coin_text(rest[0])
    text = f"transform {coin} {rest[1]}"
    amount = 0
    if len(rest) == 3:
        plus = number(rest[2][1:]) if rest[2].startswith("+") else None
        if plus is None:
            raise BadMove("A transform names its amount as +N, e.g. 'transform 3 pouch +2'.")
        amount = plus
        text += f" +{amount}"
    return Said(text, "transform", coins=(coin,), place=PLACES.index(rest[1]), amount=amount)


def _trade(rules: Ruleset, rest: list[str]) -> Said:
    if len(rest) != 2:
        raise BadMove("Write 'trade <coin> <coin>', e.g. 'trade 3 4'.")
    a, b = sorted((coin_text(t) for t in rest), key=word_order)
    return Said(f"trade {a} {b}", "trade", coins=(a, b))


def word_order(word: str) -> tuple[int, str]:
    """The order a trade names its two coins in: by value, then 5b before 5g."""
    return coin_value(coin_of_token(word)), word


def _recruit(rules: Ruleset, rest: list[str]) -> Said:
    key = " ".join(rest)
    if key not in rules.hero_tokens:
        raise BadMove(f"{key[:40]!r} is not a hero; heroes are: {', '.join(sorted(rules.hero_tokens))}.")
    return Said(f"recruit {key}", "recruit", card=key)


def to_column(verb: str) -> Parser:
    def parse(rules: Ruleset, rest: list[str]) -> Said:
        if len(rest) == 1:
            rest = ["to", *rest]
        if len(rest) != 2 or rest[0] != "to" or rest[1] not in SUIT_BY_NAME:
            raise BadMove(f"Write '{verb} to <column>': {COLUMNS_HINT}.")
        return Said(f"{verb} to {rest[1]}", verb, column=SUIT_BY_NAME[rest[1]])

    return parse


def named_column(verb: str, word: str = "column") -> Parser:
    """'<verb> <column>' ('on' or 'to' may come between): Mjöllnir's column, Ölrun's class."""
    def parse(rules: Ruleset, rest: list[str]) -> Said:
        if rest and rest[0] in ("on", "to"):
            rest = rest[1:]
        if len(rest) != 1:
            raise BadMove(f"Write '{verb} <{word}>': {COLUMNS_HINT}.")
        return Said(f"{verb} {rest[0]}", verb, column=column(rest[0], verb))

    return parse


def _discard(rules: Ruleset, rest: list[str]) -> Said:
    """'discard <column>' (its top card) or 'discard <card> from <column or tavern>'."""
    if len(rest) == 1 and rest[0] in SUIT_BY_NAME:
        return Said(f"discard {rest[0]}", "discard", column=SUIT_BY_NAME[rest[0]])
    if "from" in rest:
        cut = len(rest) - 1 - rest[::-1].index("from")
        name, place = rest[:cut], rest[cut + 1:]
        if len(place) == 1 and (place[0] in SUIT_BY_NAME or place[0] in TAVERN_BY_NAME):
            card = card_name(rules, name, ANY_CARD, "a card", repr("discard warrior 6 from warrior"))
            return Said(f"discard {card} from {place[0]}", "discard", card=card,
                        column=SUIT_BY_NAME.get(place[0], -1), tavern=TAVERN_BY_NAME.get(place[0], -1))
    raise BadMove(f"Write 'discard <column>' ({COLUMNS_HINT}) or 'discard <card> from <column or tavern>'.")


def in_tavern(rules: Ruleset, words: list[str], verb: str, example: str) -> tuple[str, int]:
    """'<card> in <tavern>' (the 'in' may be left out): the card and the tavern."""
    if len(words) < 2 or words[-1] not in TAVERN_BY_NAME:
        raise BadMove(f"Name a card and its tavern: e.g. {example}.")
    name = words[:-2] if words[-2] == "in" else words[:-1]
    return card_name(rules, name, TAVERN_CARDS, "a tavern card", example), TAVERN_BY_NAME[words[-1]]


def alone(verb: str, hint: str) -> Parser:
    def parse(rules: Ruleset, rest: list[str]) -> Said:
        if rest:
            raise BadMove(f"'{verb}' stands alone: {hint}.")
        return Said(verb, verb)

    return parse


# The verbs of the base game; an expansion or a card adds its own (a game's are its ruleset's).
BASE_PARSERS: Mapping[str, Parser] = MappingProxyType({
    "bid": _bid,
    "take": card_verb("take", TAVERN_CARDS, "a tavern card", "'take warrior 7', 'take hunter', 'take offering 3'"),
    "keep": card_verb("keep", TAVERN_CARDS, "a card", "'keep warrior 7'"),
    "transform": _transform,
    "trade": _trade,
    "recruit": _recruit,
    "discard": _discard,
})


@lru_cache(maxsize=16384)
def read(rules: Ruleset, text: str) -> Said:
    """What a move text says under these rules; BadMove if it is not their grammar. Cached: the
    choices read the same canonical texts over and over (a ruleset never changes, so nothing is
    ever stale)."""
    tokens = fold(text).split()
    parsers = rules.parsers
    if not tokens or tokens[0] not in parsers:
        raise BadMove(f"Moves start with one of: {', '.join(parsers)} (e.g. 'bid 5 2 0', 'take warrior 7').")
    return parsers[tokens[0]](rules, tokens[1:])


class NidavellirMove(Move):
    """A move of a game's rules and what it says (`said`), read from its text once, on first
    asking, and kept: the choices, the AI and the views read its fields, never the text again."""

    __slots__ = ("_rules", "_said")

    def __init__(self, text: str, label: str | None = None, told: Said | None = None,
                 rules: Ruleset | None = None) -> None:
        # Move's fields set here rather than through super(): tens of thousands of bids are made.
        self.text = text
        self._label = label
        self._said = told
        self._rules = rules

    def word(self) -> str:
        """A sealed bid's label, tavern by tavern ("Goblin 5 · Dragon 2 · Horse 0"): bids are made
        by the dozen per pouch and most are never shown, so they are worded only when read."""
        told = self.said
        if told.verb == "bid" and len(told.coins) == len(BID_PLACES):
            return " · ".join(f"{place} {coin}" for place, coin in zip(BID_PLACES, told.coins, strict=True))
        return ""

    @property
    def said(self) -> Said:
        told = self._said
        if told is None:
            if self._rules is None:
                raise TypeError(f"{self.text!r} was made without its rules or what it says")
            told = self._said = read(self._rules, self.text)
        return told

    def parts(self) -> tuple[Said]:
        return (self.said,)


def said(move: Move) -> Said:
    """What a (canonical) move of the rules says."""
    if not isinstance(move, NidavellirMove):
        raise TypeError(f"{move.text!r} is not a Nidavellir move: make it with its rules (NidavellirMove)")
    return move.said


def parse(rules: Ruleset, text: str) -> NidavellirMove:
    """Read a move text into its canonical form; BadMove if it is not the grammar of these rules."""
    told = read(rules, text)
    return NidavellirMove(told.text, told=told)

