"""Random-game throughput of two checkouts side by side: the engine as it is here against another
tree (the commit before an engine change, say), each measured in its own process from its own
folder, interleaved (before, after, after, before ...) so the machine's drift falls on both.
For every game, option set and player count (2, 3 and 5 where the game seats them): games per
CPU-second played out unchecked (`Game.playout`, as search players do) and checked (the random
player's move, then `apply`, as the bot plays). Prints each figure's median per tree and the
change.

Run: `.venv/bin/python -m benchmarks.engine_compare --before /path/to/other/checkout [--runs 5]
[--games 30] [--game NAME ...] [--checked]`. Make the other checkout with
`git archive <commit> | tar -x -C /tmp/skald-before`; it runs with this virtual environment's
packages, so it needs nothing this one lacks.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from benchmarks.interleaved import HERE, interleave

COUNTS = (2, 3, 5)

# Run inside each tree (its folder first on the path, so its own `engine` is the one imported):
# prints {"game options players path": games per CPU-second}. Only the contract is used, so any
# commit with `Game.playout` runs it.
MEASURE = """
import json, sys, time
from engine import Rng, registry

name, games, checked = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
game = registry.get(name)
defaults = {spec.name: spec.default for spec in game.options()}
out = {}
for options in game.option_sets():
    said = ",".join(f"{k}={v}" for k, v in options.items() if defaults.get(k) != v) or "base"
    for players in (2, 3, 5):
        if not game.min_players <= players <= game.max_players:
            continue
        start = time.process_time()
        for seed in range(games):
            game.playout(game.setup(players, options, seed), Rng.from_seed(seed))
        out[f"{name} {said} {players}p playout"] = games / (time.process_time() - start)
        if not checked:
            continue
        ai = game.ai_players()["random"]
        start = time.process_time()
        for seed in range(games):
            state, made = game.setup(players, options, seed), 0
            while game.outcome(state) is None:
                seat = min(game.to_move(state))
                state = game.apply(state, seat, ai.choose(state, seat, seed * 7919 + made)).state
                made += 1
        out[f"{name} {said} {players}p checked"] = games / (time.process_time() - start)
print(json.dumps(out))
"""


def run(tree: Path, game: str, games: int, checked: bool) -> dict[str, float]:
    command = [sys.executable, "-c", MEASURE, game, str(games), "1" if checked else "0"]
    done = subprocess.run(command, cwd=tree, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the measurement failed in {tree}:\n{done.stderr[-3000:]}")
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def compare(before: Path, game: str, runs: int, games: int, checked: bool) -> None:
    samples = interleave(before, runs, lambda tree: run(tree, game, games, checked), game)
    print(f"\n{game}: games per CPU-second, median of {runs} interleaved runs of {games} games "
          f"(before: {before}, after: {HERE})")
    print("| game, options, players, path | before | after | after/before |\n|---|---:|---:|---:|")
    for name, values in samples["before"].items():
        old = statistics.median(values)
        new = statistics.median(samples["after"].get(name, [float("nan")]))
        print(f"| {name} | {old:.1f} | {new:.1f} | {new / old:.2f}× |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", type=Path, required=True, help="the other checkout's folder")
    parser.add_argument("--game", action="append", help="one game (default: every registered game)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each tree per game")
    parser.add_argument("--games", type=int, default=30, help="random games per cell and run")
    parser.add_argument("--checked", action="store_true", help="also the checked path (random player, apply)")
    args = parser.parse_args()
    from engine import registry

    for game in args.game or registry.names():
        compare(args.before.resolve(), game, args.runs, args.games, args.checked)


if __name__ == "__main__":
    main()
