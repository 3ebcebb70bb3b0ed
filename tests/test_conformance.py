"""The shared conformance suite: every registered game, a spread of options, 200+ playouts each
(fewer, longer ones for It's a Wonderful World: tests/conformance.PLAYOUTS).

`make test` plays the first playout of every option set at small tables, and of the fullest set
at bigger ones (`Scenario.quick`, tests/conformance.py); the rest, the breadth of random seeds
and of big tables, carry the `playouts` marker and run as `make playouts`, which CI runs beside
`make test` (.ci/run).
"""

from __future__ import annotations

import json

import pytest

from engine import Rng, registry
from tests.conformance import PLAYOUTS, PLAYOUTS_PER_GAME, Scenario, play, scenarios

ALL = [s for name in registry.names() for s in scenarios(registry.get(name))]
PARAMS = [pytest.param(s, id=s.id, marks=[] if s.quick else [pytest.mark.playouts]) for s in ALL]


@pytest.mark.parametrize("scenario", PARAMS)
def test_random_playout_conforms(scenario: Scenario) -> None:
    game = registry.get(scenario.game)
    state, report = play(game, scenario)
    assert game.outcome(state) is not None
    assert report.steps > 0


@pytest.mark.parametrize("name", registry.names())
def test_game_has_enough_playouts(name: str) -> None:
    assert sum(s.game == name for s in ALL) >= PLAYOUTS.get(name, PLAYOUTS_PER_GAME) >= 40


@pytest.mark.parametrize("name", registry.names())
def test_determinize_really_redeals_hidden_information(name: str) -> None:
    """Guards the view checks against a determinize that changes nothing."""
    game = registry.get(name)
    scenario = next(s for s in ALL if s.game == name and s.players == game.max_players)
    _, report = play(game, scenario, enough=lambda r: r.hidden_redealt > 0)
    assert report.hidden_redealt > 0


@pytest.mark.parametrize("name", registry.names())
def test_game_declares_contract_basics(name: str) -> None:
    game = registry.get(name)
    assert game.name == name
    assert 1 <= game.min_players <= game.max_players
    assert "random" in game.ai_players()


@pytest.mark.parametrize("name", registry.names())
def test_some_moves_can_be_taken_back(name: str) -> None:
    """Guards the undo checks against an engine that never offers undo (nothing to check)."""
    game = registry.get(name)
    scenario = next(s for s in ALL if s.game == name and s.players == game.max_players and s.exhaustive)
    _, report = play(game, scenario, enough=lambda r: r.undoable > 0)
    assert report.undoable > 0


@pytest.mark.parametrize("name", registry.names())
def test_declared_piles_hide_something(name: str) -> None:
    """Guards the pile checks against a declaration with nothing hidden to check, or two piles
    of one name."""
    game = registry.get(name)
    piles = game.piles(game.setup(game.max_players, game.option_sets()[-1], 1))
    if piles is None:
        pytest.skip(f"{name} declares no piles: its determinize is checked through its views")
    assert any(not pile.public for pile in piles)
    assert len({pile.name for pile in piles}) == len(piles)


@pytest.mark.parametrize("name", registry.names())
def test_playout_plays_random_games_to_their_end(name: str) -> None:
    """`Game.playout`, the search players' rollout: from the setup and from a state part-way
    through, for every option set and player count, it ends the game (or stops at its limit) in a
    state the contract still holds for."""
    game = registry.get(name)
    for number, options in enumerate(game.option_sets()):
        for players in range(game.min_players, game.max_players + 1):
            seed = number * 10 + players
            state = game.setup(players, options, seed)
            assert game.playout(state, Rng.from_seed(seed), limit=7) == 7 or game.outcome(state) is not None
            assert game.decode(json.loads(json.dumps(game.encode(state)))) == state
            if game.outcome(state) is None:
                seat = min(game.to_move(state))
                assert game.legal_moves(state, seat), "a part-way playout leaves someone a move"
            made = game.playout(state, Rng.from_seed(seed + 1))
            assert game.outcome(state) is not None and not game.to_move(state), (
                f"{options} at {players}: the playout stopped after {made} moves with no outcome")
