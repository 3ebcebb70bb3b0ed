"""AI strength and thinking time: how often each AI wins, and how long it thinks per move.

- Tranquility: every seat of a 3-player game played by one AI kind, over seeded games, base and
  advanced (3 Sea Monsters, automatic Jagged Rocks): the team's win rate per kind.
- Nidavellir: 4-player games, two seats the new AI (`mcts`) and two today's search AI, the pair
  of seats rotating game by game (seats 0–1, 1–2, 2–3, 3–0): the share of table wins the new AI
  takes (a shared win shared), and the CPU time per move of each.

Run: `.venv/bin/python -m benchmarks.ai [--tranquility-games 500] [--nidavellir-games 300]
[--workers N]`; games are spread over `--workers` processes (default: one per CPU). Times are
CPU seconds per decision with more than one legal move.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Iterable
from multiprocessing import Pool
from typing import Any

from engine import registry

ADVANCED = {"sea_monsters": 3, "jagged_rocks": "auto"}
TRANQUILITY_KINDS = ("random", "heuristic", "planner")
NEW, TODAY = "mcts", "search"


def timed_game(name: str, options: dict[str, Any], seed: int,
               kinds: tuple[str, ...]) -> tuple[Any, dict[str, list[float]]]:
    """One seeded game, seat i played by the AI `kinds[i]`: (its final state, each kind's think
    times in CPU seconds, counting decisions with more than one legal move)."""
    game = registry.get(name)
    ais = game.ai_players()
    state = game.setup(len(kinds), options, seed)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    moves = 0
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        started = time.process_time()
        move = ais[kinds[seat]].choose(state, seat, seed * 7919 + moves)
        if len(game.legal_moves(state, seat)) > 1:
            times[kinds[seat]].append(time.process_time() - started)
        state = game.apply(state, seat, move).state
        moves += 1
    return state, times


def tranquility_game(job: tuple[str, dict[str, Any], int]) -> tuple[bool, list[float]]:
    """One seeded 3-player game with every seat the AI `kind`: (won, think times)."""
    kind, options, seed = job
    state, times = timed_game("tranquility", options, seed, (kind,) * 3)
    return bool(state.won), times[kind]


def nidavellir_game(seed: int) -> tuple[float, list[float], list[float]]:
    """One seeded 4-player game, the new AI at seats seed, seed+1 (mod 4): (its share of the
    win, its think times, the search AI's)."""
    new = {seed % 4, (seed + 1) % 4}
    state, times = timed_game("nidavellir", {}, seed, tuple(NEW if s in new else TODAY for s in range(4)))
    outcome = registry.get("nidavellir").outcome(state)
    assert outcome is not None
    share = sum(1 for w in outcome.winners if w in new) / len(outcome.winners)
    return share, times[NEW], times[TODAY]


def timing(times: Iterable[float]) -> str:
    ordered = sorted(times)
    if not ordered:
        return "no decisions"
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"


def tranquility(pool: Any, games: int) -> None:
    print(f"\nTranquility: team win rate, {games} seeded 3-player games per kind and option set")
    print(f"  {'options':<10} {'AI':<10} {'wins':>6} {'win rate':>9}   think time per move")
    for name, options in (("base", {}), ("advanced", ADVANCED)):
        for kind in TRANQUILITY_KINDS:
            results = pool.map(tranquility_game, [(kind, options, seed) for seed in range(games)], chunksize=4)
            wins = sum(won for won, _ in results)
            print(f"  {name:<10} {kind:<10} {wins:>6} {wins / games:>9.1%}   "
                  f"{timing(t for _, times in results for t in times)}", flush=True)


def nidavellir(pool: Any, games: int) -> None:
    print(f"\nNidavellir: {NEW} (2 seats) against {TODAY} (2 seats), {games} seeded 4-player games, seats rotating")
    results = pool.map(nidavellir_game, range(games), chunksize=1)
    share = sum(s for s, _, _ in results)
    print(f"  {NEW} table wins: {share:.1f} of {games} ({share / games:.1%}; even would be 50%)")
    print(f"  {NEW} think time per move: {timing(t for _, times, _ in results for t in times)}")
    print(f"  {TODAY} think time per move: {timing(t for _, _, times in results for t in times)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tranquility-games", type=int, default=500)
    parser.add_argument("--nidavellir-games", type=int, default=300)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    started = time.perf_counter()
    with Pool(max(1, args.workers)) as pool:
        if args.tranquility_games > 0:
            tranquility(pool, args.tranquility_games)
        if args.nidavellir_games > 0:
            nidavellir(pool, args.nidavellir_games)
    print(f"\n(total {time.perf_counter() - started:.0f} s on {args.workers} processes)")


if __name__ == "__main__":
    main()
