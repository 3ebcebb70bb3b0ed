"""Information-set Monte Carlo tree search (single observer), for any game of the contract.

One tree for the searching seat's information set: each iteration redeals what that seat can't
see (`Game.determinize`), walks the tree choosing among the moves legal in that world (UCB1,
counting each child's chances by how often it was legal: "availability"), adds one node, plays
the rest of the game out with the game's rollout policy (`Game.advance`, in place) and scores the
end for every seat. Cowling, Powley and Whitehouse (2012) describe the method; OpenSpiel's
`ISMCTSBot` is the usual reference. Hidden moves of other seats (simultaneous bids) are tried in
the redealt world like any other: strategy fusion is the method's known weakness.

Games supply a `Tactics`: the rollout policy, the reward, and a cut of long move lists to the
moves worth searching (a prior; long lists would leave every child with one visit).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.core import UNLIMITED, Allowance, Game, Move
from engine.errors import IllegalMove
from engine.rng import Rng

S = TypeVar("S")


@dataclass(frozen=True)
class Tactics(Generic[S]):
    """What the search needs to know of one game besides its rules.

    - `policy(state, seat, rng)`: the rollout's move for `seat` (cheap: it runs thousands of times).
    - `reward(state, seat)`: how the end (or the rollout's last state) went for `seat`, in 0–1.
    - `shortlist(state, seat, moves)`: the moves worth searching, best first (default: all).
    - `mover(state)`: who acts next when several may (default: the lowest seat to move).
    """

    policy: Callable[[S, int, Rng], Move]
    reward: Callable[[S, int], float]
    shortlist: Callable[[S, int, list[Move]], list[Move]] | None = None
    mover: Callable[[S], int | None] | None = None


@dataclass(eq=False)
class Node:
    """A move in the tree: who made it, how often it was chosen and available, what it earned."""

    move: Move | None = None
    seat: int = -1
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[str, Node] = field(default_factory=dict)

    def ucb(self, exploration: float) -> float:
        if not self.visits:
            return math.inf
        return self.total / self.visits + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class Budget:
    """How many iterations one decision may take. The host's allowance may stop it earlier (a
    slow or busy machine rather than hold a table up); with none, it always stops at the same
    iteration, so the choice is the same for the same seed."""

    iterations: int


@dataclass
class Thought:
    """What one search found: the move, and how it was weighed (for benchmarks and logs)."""

    move: Move
    iterations: int
    visits: dict[str, int]


def search(game: Game[S], tactics: Tactics[S], state: S, seat: int, seed: int, budget: Budget,
           allowance: Allowance = UNLIMITED, exploration: float = 0.7, rollout_steps: int = 1000) -> Thought:
    """The move `seat` should make in `state`, by information-set MCTS from `seed`: `budget`
    iterations, or fewer once `allowance` is spent (at least one)."""
    moves = game.legal_moves(state, seat)
    if not moves:
        raise IllegalMove("This seat has no legal move now.")
    if len(moves) == 1:
        return Thought(moves[0], 0, {})
    rng = Rng.from_seed(seed)
    root = Node(seat=seat)
    mover = tactics.mover or lowest_mover(game)
    # The searching seat's own moves don't depend on the deal: shortlisted once, in a redealt
    # world (the shortlist may weigh what the seat can't see, so never in the real one).
    root_options = _options(game, tactics, game.determinize(state, seat, rng.next64()), seat, moves)
    done = 0
    while done < budget.iterations:
        if done and allowance.spent():
            break
        world = game.determinize(state, seat, rng.next64())
        path = [root]
        node, acting = root, seat
        while True:  # select, then expand one node
            options = root_options if node is root else _options(game, tactics, world, acting)
            for option in options:
                child = node.children.get(option.text)
                if child is not None:
                    child.available += 1
            untried = [option for option in options if option.text not in node.children]
            if untried:
                choice = untried[0]  # the shortlist's order: its best untried move first
                child = Node(choice, acting, available=1)
                node.children[choice.text] = child
            else:
                child = max((node.children[o.text] for o in options), key=lambda c: c.ucb(exploration))
                choice = child.move  # type: ignore[assignment]  # every child but the root has one
            game.advance(world, acting, choice)
            path.append(child)
            node = child
            following = mover(world)
            if untried or following is None:
                break
            acting = following
        for _ in range(rollout_steps):
            following = mover(world)
            if following is None:
                break
            game.advance(world, following, tactics.policy(world, following, rng))
        rewards: dict[int, float] = {}
        for visited in path[1:]:
            if visited.seat not in rewards:
                rewards[visited.seat] = tactics.reward(world, visited.seat)
            visited.visits += 1
            visited.total += rewards[visited.seat]
        done += 1
    best = max(root.children.values(), key=lambda c: (c.visits, c.total, c.move.text if c.move else ""))
    assert best.move is not None
    visits = {text: child.visits for text, child in root.children.items()}
    return Thought(best.move, done, visits)


def _options(game: Game[S], tactics: Tactics[S], world: S, seat: int,
             moves: Sequence[Move] | None = None) -> list[Move]:
    """The moves searched at a node: the shortlist of those legal in this world."""
    moves = list(moves) if moves is not None else game.legal_moves(world, seat)
    if tactics.shortlist is not None and len(moves) > 1:
        return tactics.shortlist(world, seat, moves)
    return moves


def lowest_mover(game: Game[S]) -> Callable[[S], int | None]:
    """The default `mover`: the lowest seat to move, None at the end."""

    def mover(state: S) -> int | None:
        seats = game.to_move(state)
        return min(seats) if seats else None

    return mover
