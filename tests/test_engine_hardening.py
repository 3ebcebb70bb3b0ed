"""Issue 12's findings at the engine's entry points, for every registered game."""

from __future__ import annotations

import contextlib

import pytest

from engine import registry
from engine.errors import BadMove, BadOptions, IllegalMove, NoSuchSeat, StaleEncoding

NAMES = registry.names()
DIGITS = ["bid ² 2 0", "place ٣ at 1", "take ９", "place " + "9" * 4500 + " at 1", "discard " + "1" * 5000,
          "bid 1 2 " + "3" * 4400, "recruit " + "7" * 6000]


@pytest.mark.parametrize("name", NAMES)
def test_out_of_range_seats_are_refused_with_a_typed_error(name: str) -> None:
    game = registry.get(name)
    state = game.setup(game.min_players, {}, 1)
    seats = game.min_players
    for seat in (-1, seats, 10**9, True, "0", None):
        for call in (lambda s=seat: game.legal_moves(state, s), lambda s=seat: game.apply(state, s, "x"),
                     lambda s=seat: game.parse_move(state, s, "x")):
            with pytest.raises(NoSuchSeat):
                call()
    for seat in (-1, seats):
        with pytest.raises(NoSuchSeat):
            game.view(state, seat)  # -1 used to show the last seat's hand
    assert game.view(state, None)["viewer"] is None  # a spectator is no seat, and is welcome


@pytest.mark.parametrize("name", NAMES)
def test_setup_arguments_of_the_wrong_type_are_bad_options(name: str) -> None:
    game = registry.get(name)
    for players, options, seed in (("2", {}, 1), (2.0, {}, 1), (True, {}, 1), (game.min_players, [], 1),
                                   (game.min_players, "x", 1), (game.min_players, {}, "seed"),
                                   (game.min_players, {}, 1.5)):
        with pytest.raises(BadOptions):
            game.setup(players, options, seed)  # type: ignore[arg-type]
    with pytest.raises(BadOptions, match="rules version"):
        game.setup(game.min_players, {}, 1, version=game.version + 1)


@pytest.mark.parametrize("name", NAMES)
def test_any_digit_string_is_a_bad_move_never_a_crash(name: str) -> None:
    game = registry.get(name)
    state = game.setup(game.min_players, {}, 3)
    seat = min(game.to_move(state))
    for text in DIGITS:
        with pytest.raises((BadMove, IllegalMove)) as refused:
            game.apply(state, seat, text)
        assert len(refused.value.reason) < 600, "refusals stay short"
        assert text not in refused.value.reason or len(text) <= 60, "long input is not echoed whole"


@pytest.mark.parametrize("name", NAMES)
def test_a_stored_state_that_cant_be_read_is_a_stale_encoding(name: str) -> None:
    game = registry.get(name)
    for garbage in ({}, {"players": "many"}, {"version": 999}):
        with pytest.raises(StaleEncoding):
            game.decode(garbage)


def test_tranquility_keeps_only_canonical_move_texts_in_its_cache() -> None:
    from engine.tranquility import moves

    game = registry.get("tranquility")
    state = game.setup(2, {}, 5)
    seat = min(game.to_move(state))
    for n in range(2000):
        with contextlib.suppress(BadMove):
            game.parse_move(state, seat, f"discard {n % 80 + 1} " + "x" * n)
        with contextlib.suppress(BadMove):
            game.parse_move(state, seat, "  DISCARD   " + str(n % 80 + 1))
    assert all(text == moves.text_of(action) for text, action in moves._CANONICAL.items()), \
        "only texts the engine wrote are cached, never what people type"
    assert not any("x" in text or "DISCARD" in text for text in moves._CANONICAL)
