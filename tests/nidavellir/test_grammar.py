"""Move texts (docs/nidavellir.md): what parses to which canonical move, and that no text of any
script or length breaks the parser (BadMove, never another exception)."""

from __future__ import annotations

import pytest

from engine.errors import BadMove, IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.grammar import read
from tests.nidavellir.position import fresh


@pytest.mark.parametrize(("text", "canonical"), [
    ("bid 5 2 0", "bid 5 2 0"),
    ("  BID  h3 4 5 ", "bid h3 4 5"),
    ("take Warrior 7", "take warrior 7"),
    ("thrud hunter", "thrud to hunter"),
    ("ylud to explorer", "ylud to explorer"),
    ("trade 4 3", "trade 3 4"),
    ("camp Höfud", "camp hofud"),
    ("camp Mjöllnir", "camp mjollnir"),
    ("camp fafnir baleygr", "camp fafnir"),
    ("camp warrior 6 explorer 8", "camp mercenary warrior 6 explorer 8"),
    ("camp mercenary hunter miner 1", "camp mercenary hunter miner 1"),
    ("enlist warrior 9 explorer 11 as explorer", "enlist warrior 9 explorer 11 as explorer"),
    ("enlist mercenary hunter blacksmith blacksmith", "enlist hunter blacksmith as blacksmith"),
    ("enlist LAST", "enlist last"),
    ("double miner", "double to miner"),
    ("discard warrior", "discard warrior"),
    ("discard warrior 6 from warrior", "discard warrior 6 from warrior"),
    ("discard hunter from goblin", "discard hunter from goblin"),
    ("recover offering 5", "recover offering 5"),
    ("transform 3 pouch +2", "transform 3 pouch +2"),
    ("mjollnir on hunter", "mjollnir hunter"),
    ("recruit andumia", "recruit andumia"),
])
def test_texts_parse_to_their_canonical_move(text: str, canonical: str) -> None:
    assert GAME.parse_move(fresh(), 0, text).text == canonical


@pytest.mark.parametrize("text", [
    "bid ² 2 0", "bid ٣ 2 0", "bid 5 2 ０", "bid " + "9" * 4000 + " 2 0", "trade ² 3", "trade 3 " + "1" * 4000,
    "transform ² pouch", "transform 3 pouch +²", "transform 3 pouch +" + "7" * 4000, "transform 3 pouch 2",
    "take warrior ²", "take warrior " + "7" * 4000, "camp warrior ٦ explorer 8", "enlist warrior 6 as " + "x" * 999,
    "discard ² from warrior", "mjollnir ٣", "recruit dwerg ²", "keep " + "8" * 4000, "double to",
    "camp", "enlist", "discard", "discard kraal from nowhere", "take draupnir", "enlist kraal as warrior",
])
def test_any_digit_string_or_unknown_word_is_a_bad_move_never_another_error(text: str) -> None:
    state = fresh(2, thingvellir=True)
    with pytest.raises(BadMove):
        GAME.parse_move(state, 0, text)
    with pytest.raises(BadMove):
        GAME.apply(state, 0, text)


def test_a_camp_move_in_a_base_game_is_refused_with_the_reason() -> None:
    state = fresh(2)
    state = GAME.apply(GAME.apply(state, 0, "bid 5 4 3").state, 1, "bid 2 3 4").state
    with pytest.raises(IllegalMove, match="no camp in this game"):
        GAME.apply(state, 0, "camp draupnir")


def test_a_thingvellir_hero_in_a_base_game_is_refused_with_the_reason() -> None:
    from tests.nidavellir.test_heroes import _recruiting

    with pytest.raises(IllegalMove, match="Holda is not in this game"):
        GAME.apply(_recruiting(), 0, "recruit holda")


@pytest.mark.parametrize(("text", "fields"), [
    ("bid 5g 0 h3", {"verb": "bid", "coins": ("5g", "0", "h3")}),
    ("trade 5G 5b", {"verb": "trade", "coins": ("5b", "5g")}),
    ("transform 3 pouch +2", {"verb": "transform", "coins": ("3",), "place": 3, "amount": 2}),
    ("transform 4 dragon", {"verb": "transform", "coins": ("4",), "place": 1, "amount": 0}),
    ("take offering 3", {"verb": "take", "card": "offering 3"}),
    ("recruit dwerg", {"verb": "recruit", "card": "dwerg"}),
    ("thrud hunter", {"verb": "thrud", "column": 1}),
    ("discard miner", {"verb": "discard", "column": 3, "card": ""}),
    ("discard warrior 6 from warrior", {"verb": "discard", "card": "warrior 6", "column": 4, "tavern": -1}),
    ("discard hunter from horse", {"verb": "discard", "card": "hunter", "column": -1, "tavern": 2}),
    ("enlist warrior 6 explorer 8 explorer", {"card": "mercenary warrior 6 explorer 8", "column": 2, "word": ""}),
    ("enlist first", {"verb": "enlist", "word": "first", "card": ""}),
    ("freya hunter in horse with warrior 7 goblin",
     {"card": "warrior 7", "tavern": 0, "other": "hunter", "other_tavern": 2}),
    ("loki warrior 7 goblin", {"verb": "loki", "card": "warrior 7", "tavern": 0}),
    ("odin skaa for grid", {"verb": "odin", "card": "skaa", "other": "grid"}),
    ("olrun on explorer", {"verb": "olrun", "column": 2}),
    ("pass", {"verb": "pass", "card": "", "column": -1}),
])
def test_a_move_is_read_once_into_what_it_names(text: str, fields: dict[str, object]) -> None:
    told = read(GAME.ruleset, text)
    assert {name: getattr(told, name) for name in fields} == fields
    assert read(GAME.ruleset, told.text) == told  # the canonical text says the same
