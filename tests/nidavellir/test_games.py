"""Whole games from fixed seeds, with every AI kind; the score sheet at the end."""

from __future__ import annotations

import pytest

from engine.core import replay
from engine.nidavellir import GAME
from engine.nidavellir.ai import SearchPlayer
from engine.nidavellir.state import NidavellirState
from engine.rng import Rng


def _play(players: int, seed: int, kinds: list[str], thingvellir: bool = False,
          idavoll: bool = False) -> tuple[NidavellirState, list[tuple[int, str]]]:
    ais = {**GAME.ai_players(), "search": SearchPlayer(GAME, playouts=8)}
    state = GAME.setup(players, {"thingvellir": thingvellir, "idavoll": idavoll}, seed)
    rng = Rng.from_seed(seed)
    log = []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        move = ais[kinds[seat % len(kinds)]].choose(state, seat, rng.below(1 << 30))
        assert GAME.is_legal(state, seat, move)
        state = GAME.apply(state, seat, move).state
        log.append((seat, move.text))
    return state, log


EXPANSIONS = [(False, False), (True, False), (False, True), (True, True)]


@pytest.mark.parametrize(("thingvellir", "idavoll"), EXPANSIONS, ids=["base", "thingvellir", "idavoll", "both"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_game_from_a_fixed_seed_ends_with_a_full_score_sheet(players: int, thingvellir: bool,
                                                                   idavoll: bool) -> None:
    state, log = _play(players, 11, ["random", "greedy"], thingvellir, idavoll)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.sheet is not None and outcome.scores is not None
    rows = outcome.sheet["rows"]
    assert [row["seat"] for row in rows] == list(range(players))
    for row in rows:
        parts = [c for c in outcome.sheet["columns"] if c not in ("total", "rank")]
        assert row["total"] == sum(row[p] for p in parts)
    assert list(outcome.scores) == [row["total"] for row in rows]
    assert set(outcome.winners) == {r["seat"] for r in rows if r["rank"] == 1}
    # both decks are used up exactly (one Age 2 card went to the Pioneer or the discard)
    assert state.decks == [[], []]
    assert state.age == 2 and all(not any(t) for t in state.taverns)
    assert replay(GAME, players, {"thingvellir": thingvellir, "idavoll": idavoll}, 11, log) == state
    if thingvellir:  # every mercenary was enlisted at the end of Age 2
        assert not any(card.startswith("mercenary") for seat in state.seats for card in seat.command)
    if idavoll:  # the mythology deck was used up in Age 1's first three rounds
        assert state.myth_deck == [] and {"gods", "giants", "valkyries"} <= set(outcome.sheet["columns"])


def test_same_seed_and_moves_give_the_same_game() -> None:
    first, log = _play(3, 5, ["random"])
    second, again = _play(3, 5, ["random"])
    assert log == again and first == second


@pytest.mark.parametrize(("thingvellir", "idavoll"), EXPANSIONS, ids=["base", "thingvellir", "idavoll", "both"])
def test_search_player_plays_a_whole_game_against_greedy(thingvellir: bool, idavoll: bool) -> None:
    state, log = _play(2, 3, ["search", "greedy"], thingvellir, idavoll)
    assert GAME.outcome(state) is not None
    if thingvellir:
        assert any(text.startswith("camp") for seat, text in log if seat == 0)  # search visits the camp


def test_ai_kinds_are_random_greedy_search_and_mcts() -> None:
    assert set(GAME.ai_players()) == {"random", "greedy", "search", "mcts"}


def test_greedy_never_looks_at_hidden_bids() -> None:
    """Its choice is the same whatever the others' unrevealed bids are."""
    state = GAME.setup(3, {}, 8)
    state = GAME.apply(state, 1, "bid 5 4 3").state
    twin = GAME.setup(3, {}, 8)
    twin = GAME.apply(twin, 1, "bid 0 2 3").state
    greedy = GAME.ai_players()["greedy"]
    assert greedy.choose(state, 0, 99) == greedy.choose(twin, 0, 99)


def test_search_never_looks_at_hidden_bids_and_answers_the_same_for_the_same_seed() -> None:
    state = GAME.apply(GAME.setup(3, {}, 8), 1, "bid 5 4 3").state
    twin = GAME.apply(GAME.setup(3, {}, 8), 1, "bid 0 2 3").state
    search = SearchPlayer(GAME, playouts=8)
    chosen = search.choose(state, 0, 99)
    assert chosen == search.choose(twin, 0, 99) == search.choose(state, 0, 99)
