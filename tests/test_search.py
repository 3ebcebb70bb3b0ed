"""The search players (engine/search.py, Tranquility's planner): a legal move, the same one for
the same seed, within the iteration budget, and blind to what the seat can't see."""

from __future__ import annotations

from engine import Rng, registry
from engine.nidavellir.ai import TACTICS
from engine.search import Budget, search
from engine.tranquility.planner import PlannerPlayer


def test_information_set_mcts_picks_a_legal_move_the_same_for_the_same_seed() -> None:
    game = registry.get("nidavellir")
    state = game.setup(4, {"thingvellir": True}, 3)
    game.playout(state, Rng.from_seed(3), limit=30)
    seat = min(game.to_move(state))
    budget = Budget(iterations=12, seconds=60.0)
    first = search(game, TACTICS, state, seat, 7, budget)
    again = search(game, TACTICS, state, seat, 7, budget)
    assert first.move == again.move and first.visits == again.visits
    assert first.move in game.legal_moves(state, seat)
    assert first.iterations == 12 and sum(first.visits.values()) == 12


def test_information_set_mcts_does_not_depend_on_what_its_seat_cant_see() -> None:
    """Two states the seat can't tell apart (one redealt) give the same search."""
    game = registry.get("nidavellir")
    state = game.setup(3, {}, 5)
    seat = min(game.to_move(state))
    twin = game.determinize(state, seat, 99)
    budget = Budget(iterations=6, seconds=60.0)
    assert search(game, TACTICS, state, seat, 1, budget).visits == search(game, TACTICS, twin, seat, 1, budget).visits


def test_the_planner_plays_a_legal_move_the_same_for_the_same_seed_and_blind_to_hidden_cards() -> None:
    game = registry.get("tranquility")
    planner = PlannerPlayer(game, candidates=3, worlds=3)
    state = game.setup(3, {"sea_monsters": 3}, 8)
    game.playout(state, Rng.from_seed(8), limit=12)
    seat = min(game.to_move(state))
    move = planner.choose(state, seat, 4)
    assert move == planner.choose(state, seat, 4) and move in game.legal_moves(state, seat)
    assert planner.choose(game.determinize(state, seat, 77), seat, 4) == move


def test_the_planners_time_box_stops_it_within_one_playout_and_then_it_plays_the_heuristics_choice() -> None:
    """Out of CPU time (a busy machine), the planner stops within one playout: a stand-in never
    holds a table up for more than its box and one playout. A future it could not weigh for every
    candidate counts for none; with none weighed, it plays the heuristic's choice."""
    game = registry.get("tranquility")
    state = game.setup(3, {}, 8)
    game.playout(state, Rng.from_seed(8), limit=12)
    seat = min(game.to_move(state))
    boxed = PlannerPlayer(game, worlds=1000, seconds=0.0)
    assert boxed.choose(state, seat, 4) == game.ai_players()["heuristic"].choose(state, seat, 4)


def test_a_time_box_given_by_the_host_reaches_each_searching_kind_and_leaves_the_kind_as_it_was() -> None:
    """`boxed` (SKALD_AI_SECONDS) is a copy with another box: the tree search with none stops
    after one iteration, the planner plays the heuristic's choice; the registered players keep theirs."""
    tranquility, nidavellir = registry.get("tranquility"), registry.get("nidavellir")
    state = tranquility.setup(3, {}, 8)
    tranquility.playout(state, Rng.from_seed(8), limit=12)
    seat = min(tranquility.to_move(state))
    planner = tranquility.ai_players()["planner"]
    assert planner.boxed(0.0).choose(state, seat, 4) == tranquility.ai_players()["heuristic"].choose(state, seat, 4)
    assert planner.seconds == 1.0 and planner.boxed(2.5).seconds == 2.5
    board = nidavellir.setup(3, {}, 5)
    bidder = min(nidavellir.to_move(board))
    one = search(nidavellir, TACTICS, board, bidder, 1, Budget(iterations=1)).move
    assert nidavellir.ai_players()["mcts"].boxed(0.0).choose(board, bidder, 1) == one
