"""The move-text grammar (docs/nidavellir.md): reading a text into its canonical move.

Reading never looks at the state: a text that is Nidavellir grammar becomes a Move (whether it
is legal now is for the choices to say, with a reason); anything else is a BadMove. Every number
is bounded and ASCII, so no digit string of any script or length gets past here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from engine.core import Move
from engine.errors import BadMove
from engine.nidavellir.cards import CARDS, DWERGS, HEROES
from engine.nidavellir.components import (
    BRONZE_FIVE,
    BRONZE_MARK,
    DWARF,
    GOLD_MARK,
    HUNTER_COIN,
    HUNTER_TOKEN,
    MERCENARY,
    MYTHOLOGY_KINDS,
    OFFERING,
    PLACES,
    SUIT_BY_NAME,
    TAVERN_BY_NAME,
    coin_token,
    coin_value,
)

MAX_NUMBER_DIGITS = 2  # no coin, card value or amount in the game has more
MERCENARY_PREFIX = "mercenary "

HERO_TOKENS: dict[str, str] = {key: key for key in sorted(HEROES) if key not in DWERGS} | {"dwerg": min(DWERGS)}
TAVERN_CARDS = frozenset(key for key, card in CARDS.items() if card.kind in (DWARF, OFFERING, *MYTHOLOGY_KINDS))
CAMP_CARDS = frozenset(key for key, card in CARDS.items() if card.kind in ("artefact", MERCENARY))
MERCENARIES = frozenset(key for key, card in CARDS.items() if card.kind == MERCENARY)
LOOSE_CARDS = frozenset(key for key, card in CARDS.items() if not card.hero)  # what a pile may hold
ANY_CARD = frozenset(CARDS)
# Other spellings people type for a card name.
ALIASES = {"fafnir baleygr": "fafnir", "vidofnir and vedrfolnir": "vidofnir", "vidofnir & vedrfolnir": "vidofnir",
           "vedrfolnir": "vidofnir", "olwyn double": "double", "olwyn's double": "double"}
COLUMNS_HINT = "blacksmith, hunter, explorer, miner or warrior"


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


def coin_word(token: str) -> str:
    """A coin token in canonical form ('05' -> '5', '5G' was folded to '5g'); BadMove if none."""
    coin = coin_of_token(token)
    if token[-1:] in (BRONZE_MARK, GOLD_MARK):
        return token
    return coin_token(coin)


def card_name(words: list[str], allowed: frozenset[str], what: str, example: str) -> str:
    """The card key these words name among `allowed` (a mercenary may leave out "mercenary")."""
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


def _bid(rest: list[str]) -> Move:
    if len(rest) not in (1, 3):
        raise BadMove("Bid one coin per tavern: 'bid <goblin> <dragon> <horse>', e.g. 'bid 5 2 0'.")
    return Move("bid " + " ".join(coin_word(t) for t in rest))


def _card_verb(verb: str, allowed: frozenset[str], what: str, example: str) -> Callable[[list[str]], Move]:
    def parse(rest: list[str]) -> Move:
        return Move(f"{verb} {card_name(rest, allowed, what, example)}")

    return parse


def _transform(rest: list[str]) -> Move:
    if len(rest) not in (2, 3) or rest[1] not in PLACES:
        raise BadMove("Write 'transform <coin> <goblin|dragon|horse|pouch>', e.g. 'transform 5 pouch'.")
    text = f"transform {coin_word(rest[0])} {rest[1]}"
    if len(rest) == 3:
        amount = number(rest[2][1:]) if rest[2].startswith("+") else None
        if amount is None:
            raise BadMove("A transform names its amount as +N, e.g. 'transform 3 pouch +2'.")
        text += f" +{amount}"
    return Move(text)


def _trade(rest: list[str]) -> Move:
    if len(rest) != 2:
        raise BadMove("Write 'trade <coin> <coin>', e.g. 'trade 3 4'.")
    a, b = sorted((coin_word(t) for t in rest), key=word_order)
    return Move(f"trade {a} {b}")


def word_order(word: str) -> tuple[int, str]:
    """The order a trade names its two coins in: by value, then 5b before 5g."""
    return coin_value(coin_of_token(word)), word


def _recruit(rest: list[str]) -> Move:
    key = " ".join(rest)
    if key not in HERO_TOKENS:
        raise BadMove(f"{key[:40]!r} is not a hero; heroes are: {', '.join(sorted(HERO_TOKENS))}.")
    return Move(f"recruit {key}")


def _to_column(verb: str) -> Callable[[list[str]], Move]:
    def parse(rest: list[str]) -> Move:
        if len(rest) == 1:
            rest = ["to", *rest]
        if len(rest) != 2 or rest[0] != "to" or rest[1] not in SUIT_BY_NAME:
            raise BadMove(f"Write '{verb} to <column>': {COLUMNS_HINT}.")
        return Move(f"{verb} to {rest[1]}")

    return parse


def _discard(rest: list[str]) -> Move:
    """'discard <column>' (its top card) or 'discard <card> from <column or tavern>'."""
    if len(rest) == 1 and rest[0] in SUIT_BY_NAME:
        return Move(f"discard {rest[0]}")
    if "from" in rest:
        cut = len(rest) - 1 - rest[::-1].index("from")
        name, place = rest[:cut], rest[cut + 1:]
        if len(place) == 1 and (place[0] in SUIT_BY_NAME or place[0] in TAVERN_BY_NAME):
            return Move(f"discard {card_name(name, ANY_CARD, 'a card', repr('discard warrior 6 from warrior'))}"
                        f" from {place[0]}")
    raise BadMove(f"Write 'discard <column>' ({COLUMNS_HINT}) or 'discard <card> from <column or tavern>'.")


def _enlist(rest: list[str]) -> Move:
    """'enlist first' / 'enlist last', or 'enlist <mercenary> as <column>'."""
    if rest in (["first"], ["last"]):
        return Move(f"enlist {rest[0]}")
    if len(rest) >= 2:
        words, suit = rest[:-1], rest[-1]
        if words and words[-1] == "as":
            words = words[:-1]
        key = card_name(words, MERCENARIES, "a mercenary", repr("enlist warrior 6 explorer 8 as explorer"))
        column(suit, "as")
        return Move(f"enlist {key.removeprefix(MERCENARY_PREFIX)} as {suit}")
    raise BadMove("Write 'enlist <mercenary> as <column>', e.g. 'enlist warrior 6 explorer 8 as explorer', "
                  "or 'enlist first' / 'enlist last'.")


def _mjollnir(rest: list[str]) -> Move:
    if rest and rest[0] in ("on", "to"):
        rest = rest[1:]
    if len(rest) != 1:
        raise BadMove(f"Write 'mjollnir <column>': {COLUMNS_HINT}.")
    column(rest[0], "mjollnir")
    return Move(f"mjollnir {rest[0]}")


def _in_tavern(words: list[str], verb: str, example: str) -> str:
    """'<card> in <tavern>' (the 'in' may be left out), canonical."""
    if len(words) < 2 or words[-1] not in TAVERN_BY_NAME:
        raise BadMove(f"Name a card and its tavern: e.g. {example}.")
    name = words[:-2] if words[-2] == "in" else words[:-1]
    card = card_name(name, TAVERN_CARDS, "a tavern card", example)
    return f"{card} in {words[-1]}"


def _loki(rest: list[str]) -> Move:
    return Move("loki " + _in_tavern(rest, "loki", "'loki warrior 7 in goblin'"))


def _freya(rest: list[str]) -> Move:
    """'freya <card> in <tavern> with <card> in <tavern>'; the taverns in table order."""
    cuts = [i for i, word in enumerate(rest) if word in TAVERN_BY_NAME]
    example = "'freya warrior 7 in goblin with hunter in horse'"
    if len(cuts) != 2 or cuts[1] != len(rest) - 1:
        raise BadMove(f"Freya swaps two cards of two taverns: e.g. {example}.")
    first = rest[:cuts[0] + 1]
    second = rest[cuts[0] + 1:]
    if second and second[0] == "with":
        second = second[1:]
    pairs = sorted((_in_tavern(first, "freya", example), _in_tavern(second, "freya", example)),
                   key=lambda text: TAVERN_BY_NAME[text.split()[-1]])
    return Move(f"freya {pairs[0]} with {pairs[1]}")


def _odin(rest: list[str]) -> Move:
    if len(rest) == 3 and rest[1] == "for":
        rest = [rest[0], rest[2]]
    if len(rest) != 2 or any(token not in HERO_TOKENS for token in rest):
        raise BadMove("Odin swaps two neutral heroes: 'odin <your hero> for <hero>', e.g. 'odin skaa for grid' "
                      "(any Dwerg brother is 'dwerg').")
    return Move(f"odin {rest[0]} for {rest[1]}")


def _alone(verb: str, hint: str) -> Callable[[list[str]], Move]:
    def parse(rest: list[str]) -> Move:
        if rest:
            raise BadMove(f"'{verb}' stands alone: {hint}.")
        return Move(verb)

    return parse


def _olrun(rest: list[str]) -> Move:
    if rest and rest[0] in ("on", "to"):
        rest = rest[1:]
    if len(rest) != 1:
        raise BadMove(f"Write 'olrun <class>': {COLUMNS_HINT}.")
    column(rest[0], "olrun")
    return Move(f"olrun {rest[0]}")


PARSERS: dict[str, Callable[[list[str]], Move]] = {
    "bid": _bid,
    "take": _card_verb("take", TAVERN_CARDS, "a tavern card", "'take warrior 7', 'take hunter', 'take offering 3'"),
    "camp": _card_verb("camp", CAMP_CARDS, "a camp card", "'camp draupnir', 'camp warrior 6 explorer 8'"),
    "keep": _card_verb("keep", TAVERN_CARDS, "a card", "'keep warrior 7'"),
    "recover": _card_verb("recover", LOOSE_CARDS, "a card", "'recover warrior 7'"),
    "transform": _transform,
    "trade": _trade,
    "recruit": _recruit,
    "thrud": _to_column("thrud"),
    "ylud": _to_column("ylud"),
    "double": _to_column("double"),
    "discard": _discard,
    "enlist": _enlist,
    "mjollnir": _mjollnir,
    "capture": _card_verb("capture", TAVERN_CARDS, "a tavern dwarf", "'capture warrior 7'"),
    "frigg": _card_verb("frigg", TAVERN_CARDS, "a tavern card", "'frigg hunter'"),
    "under": _card_verb("under", TAVERN_CARDS, "a card", "'under warrior 7'"),
    "loki": _loki,
    "freya": _freya,
    "odin": _odin,
    "thor": _alone("thor", "it cancels the discard asked of you"),
    "pass": _alone("pass", "it keeps a god's power for later"),
    "olrun": _olrun,
    "gullinbursti": _to_column("gullinbursti"),
}
VERBS = tuple(PARSERS)


def parse(text: str) -> Move:
    """Read a move text into its canonical form; BadMove if it is not Nidavellir grammar."""
    tokens = fold(text).split()
    if not tokens or tokens[0] not in PARSERS:
        raise BadMove(f"Moves start with one of: {', '.join(VERBS)} (e.g. 'bid 5 2 0', 'take warrior 7').")
    return PARSERS[tokens[0]](tokens[1:])

