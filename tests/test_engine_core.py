"""The engine core: PRNG, options, registry, events."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import BadOptions, Event, OptionSpec, Rng, registry, validate_options


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


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(BadOptions, match="tranquility"):
        registry.get("chess")


def test_event_visibility() -> None:
    assert Event("x").visible_to(None)
    private = Event("y", frozenset({1}))
    assert private.visible_to(1) and not private.visible_to(0) and not private.visible_to(None)
