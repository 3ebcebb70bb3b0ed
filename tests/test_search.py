"""The search players (engine/search.py, Tranquility's planner): a legal move, the same one for
the same seed, within the iteration budget or the host's allowance, and blind to what the seat
can't see. The engine reads no clock: the allowance is the host's (tests/test_layers.py)."""

from __future__ import annotations

from engine import Rng, registry
from engine.core import Allowance, Spent
from engine.nidavellir.ai import TACTICS
from engine.search import Budget, search
from engine.tranquility.planner import PlannerPlayer


class Steps(Allowance):
    """Spent after `left` questions: a host's box that runs out part-way, without a clock."""

    def __init__(self, left: int) -> None:
        self.left = left
        self.asked = 0

    def spent(self) -> bool:
        self.asked += 1
        return self.asked > self.left


def test_information_set_mcts_picks_a_legal_move_the_same_for_the_same_seed() -> None:
    game = registry.get("nidavellir")
    state = game.setup(4, {"thingvellir": True}, 3)
    game.playout(state, Rng.from_seed(3), limit=30)
    seat = min(game.to_move(state))
    budget = Budget(iterations=12)
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
    budget = Budget(iterations=6)
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


def test_the_planners_allowance_stops_it_within_one_playout_and_then_it_plays_the_heuristics_choice() -> None:
    """Out of time (a busy machine), the planner stops within one playout: a stand-in never holds
    a table up for more than its box and one playout. A future it could not weigh for every
    candidate counts for none; with none weighed, it plays the heuristic's choice."""
    game = registry.get("tranquility")
    state = game.setup(3, {}, 8)
    game.playout(state, Rng.from_seed(8), limit=12)
    seat = min(game.to_move(state))
    spent = PlannerPlayer(game, worlds=1000).within(Spent())
    assert spent.choose(state, seat, 4) == game.ai_players()["heuristic"].choose(state, seat, 4)
    state = game.setup(3, {}, 8)
    game.playout(state, Rng.from_seed(8), limit=6)  # a choice among 24 moves
    seat = min(game.to_move(state))
    part_way = Steps(5)  # one future for 3 candidates, then 2 more asks: the second future is dropped
    PlannerPlayer(game, candidates=3, worlds=1000).within(part_way).choose(state, seat, 4)
    assert part_way.asked == 6, "asked before each playout, stopped at the first spent answer"


def test_an_allowance_given_by_the_host_reaches_each_searching_kind_and_leaves_the_kind_as_it_was() -> None:
    """`within` (the bot's SKALD_AI_SECONDS box) is a copy with another allowance: the tree search
    with a spent one stops after one iteration, the planner plays the heuristic's choice; the
    registered players keep the engine's own, which never runs out (their own counts stop them)."""
    tranquility, nidavellir = registry.get("tranquility"), registry.get("nidavellir")
    state = tranquility.setup(3, {}, 8)
    tranquility.playout(state, Rng.from_seed(8), limit=12)
    seat = min(tranquility.to_move(state))
    planner = tranquility.ai_players()["planner"]
    assert planner.within(Spent()).choose(state, seat, 4) == tranquility.ai_players()["heuristic"].choose(
        state, seat, 4)
    assert not planner.allowance.spent() and isinstance(planner.within(Spent()).allowance, Spent)
    board = nidavellir.setup(3, {}, 5)
    bidder = min(nidavellir.to_move(board))
    one = search(nidavellir, TACTICS, board, bidder, 1, Budget(iterations=1)).move
    assert nidavellir.ai_players()["mcts"].within(Spent()).choose(board, bidder, 1) == one
    three = search(nidavellir, TACTICS, board, bidder, 1, Budget(iterations=48), Steps(2))
    assert three.iterations == 3, "the first iteration always, then one more per unspent answer"
