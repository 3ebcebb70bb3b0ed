"""The engine core: PRNG, options, registry, events."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import BadOptions, Event, OptionSpec, Rng, registry, validate_options
from engine.core import Move, options_said, read_options

DOCS = Path(__file__).resolve().parents[1] / "docs"


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_rng_same_seed_same_sequence(seed: int) -> None:
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_below_stays_in_range_and_state_round_trips(state: int, n: int) -> None:
    rng = Rng(state)
    x = rng.below(n)
    assert 0 <= x < n
    again = Rng(rng.state)
    assert again.next64() == rng.next64()


def test_rng_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng.from_seed(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


SPECS = (OptionSpec("monsters", 0, (0, 3, 4, 5), "how many"), OptionSpec("rocks", "off", ("off", "auto"), "r"))


def test_options_fill_defaults() -> None:
    assert validate_options(SPECS, None) == {"monsters": 0, "rocks": "off"}


@pytest.mark.parametrize("given_options", [{"monsters": 2}, {"monsters": "3"}, {"colour": 1}, {"rocks": True}])
def test_bad_options_are_refused_with_a_reason(given_options: dict[str, object]) -> None:
    with pytest.raises(BadOptions) as err:
        validate_options(SPECS, given_options)
    assert err.value.reason


def test_an_on_off_option_refuses_y_with_what_it_takes() -> None:
    nidavellir = registry.get("nidavellir")
    with pytest.raises(BadOptions) as typed:
        read_options(nidavellir.options(), ["idavoll=y"], nidavellir.title)
    assert typed.value.reason == "idavoll takes on/off, not 'y'."
    with pytest.raises(BadOptions) as given_to_setup:
        nidavellir.setup(2, {"idavoll": "y"}, 1)
    assert given_to_setup.value.reason == "idavoll takes on/off, not 'y'."
    assert read_options(nidavellir.options(), ["idavoll=ON", "thingvellir=no"]) == {"idavoll": True,
                                                                                   "thingvellir": False}


def test_an_unknown_option_name_is_named_not_blamed_on_the_format() -> None:
    nidavellir = registry.get("nidavellir")
    said = "Nidavellir has no option 'idavol'; its options are: thingvellir, idavoll."
    with pytest.raises(BadOptions, match=re.escape(said)):
        read_options(nidavellir.options(), ["idavol=on"], nidavellir.title)
    with pytest.raises(BadOptions, match=re.escape(said)):
        nidavellir.setup(2, {"idavol": True}, 1)
    with pytest.raises(BadOptions, match=re.escape("idavoll needs a value (idavoll=VALUE): it takes on/off.")):
        read_options(nidavellir.options(), ["idavoll"], nidavellir.title)


@pytest.mark.parametrize(("typed", "said"), [
    ("sea_monsters=2", "sea_monsters takes 0, 3, 4 or 5, not '2'."),
    ("removed_islands=13", "removed_islands takes 0 or 4–12, not '13'."),
    ("jagged_rocks=sometimes", "jagged_rocks takes off, auto or manual, not 'sometimes'."),
    ("sea_monsters=" + "9" * 5000, f"sea_monsters takes 0, 3, 4 or 5, not {'9' * 30!r}."),
])
def test_a_value_the_option_does_not_take_is_refused_with_what_it_takes(typed: str, said: str) -> None:
    tranquility = registry.get("tranquility")
    with pytest.raises(BadOptions) as refused:
        read_options(tranquility.options(), [typed], tranquility.title)
    assert refused.value.reason == said


def test_a_value_is_read_as_typed_or_by_its_label_in_any_case() -> None:
    specs = registry.get("tranquility").options()
    assert read_options(specs, ["Jagged_Rocks=Automatic", "sea_monsters=03", "removed_islands = 12"]) == \
        {"jagged_rocks": "auto", "sea_monsters": 3, "removed_islands": 12}
    assert options_said(specs, {"jagged_rocks": "auto"}) == "sea_monsters=0, jagged_rocks=auto, removed_islands=0"


def _options_table(doc: str) -> list[list[str]]:
    """The rows of the table under a doc's "## Options" heading, each as its cells."""
    section = doc.split("\n## Options\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[2:]]


@pytest.mark.parametrize("key", registry.names())
def test_the_docs_options_tables_equal_the_declarations(key: str) -> None:
    """docs/<game>.md's options table says what the game declares: name, values, default, meaning."""
    specs = registry.get(key).options()
    table = _options_table((DOCS / f"{key}.md").read_text(encoding="utf-8"))
    assert table == [[f"`{s.name}`", s.takes(), s.word(s.default), s.description] for s in specs]


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadOptions, match="tranquility"):
        registry.get("chess")


def test_event_visibility() -> None:
    assert Event("x").visible_to(None)
    private = Event("y", frozenset({1}))
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(None)


def test_a_move_is_its_text_for_equality_and_words_its_label_once_when_read() -> None:
    """Issue 44: moves are typed values; equality, hashing and order go by the text alone, and a
    game's label is worded on first reading (playouts never read one)."""
    worded: list[str] = []

    class Lay(Move):
        __slots__ = ("rune",)

        def __init__(self, rune: int) -> None:
            super().__init__(f"lay {rune}")
            self.rune = rune

        def word(self) -> str:
            worded.append(self.text)
            return f"Lay rune {self.rune}"

        def parts(self) -> tuple[int]:
            return (self.rune,)

    move = Lay(3)
    assert move == Move("lay 3") and hash(move) == hash(Move("lay 3")) and move != Move("lay 4")
    assert sorted([Lay(5), Move("lay 4"), Lay(3)]) == [Move("lay 3"), Move("lay 4"), Move("lay 5")]
    assert worded == []
    assert move.label == "Lay rune 3" and move.label == "Lay rune 3"
    assert worded == ["lay 3"]
    assert Move("pass", "Pass").label == "Pass" and Move("pass").label == ""
    assert move.parts() == (3,) and Move("pass").parts() == ("pass",)
