"""CPU instructions of seeded random playouts, this tree against another: a count that a busy
machine doesn't change, where games per CPU-second (benchmarks.engine_compare) swing by half on a
loaded 2-core host.

For every option set and player count (2, 3 and 5 where the game seats them) it runs valgrind's
callgrind twice per tree: once playing `--games` seeded playouts (setup included, as
engine_compare times them) and once playing none, each after one warm-up game so both runs fill
the same caches, with one hash seed; the difference is the games' own instructions, without Python's start-up and
imports. Prints millions of instructions per cell and before/after (above 1: fewer now).

Run: `.venv/bin/python -m benchmarks.engine_instructions --before /path/to/other/checkout
[--game nidavellir] [--games 6] [--checked] [--cell base/3 ...]` (`--checked`: the random player's
move then `apply`, as the bot plays, instead of playouts); needs `valgrind` (apt: valgrind). About 30 s a cell. Make the
other checkout with `git archive <commit> | tar -x -C /tmp/skald-before`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.interleaved import HERE

# Run inside each tree (its folder first on the path, so its own `engine` is the one imported).
PLAY = """
import sys
from engine import Rng, registry

name, players, index, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
checked = sys.argv[5] == "1"
game = registry.get(name)
options = game.option_sets()[index]
ai = game.ai_players()["random"]


def play(seed):
    if not checked:
        game.playout(game.setup(players, options, seed), Rng.from_seed(seed))
        return
    state, made = game.setup(players, options, seed), 0  # as benchmarks.engine_compare --checked
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        state = game.apply(state, seat, ai.choose(state, seat, seed * 7919 + made)).state
        made += 1


play(999)  # the same warm-up in both runs
for seed in range(games):
    play(seed)
"""

CELLS = """
import json, sys
from engine import registry

game = registry.get(sys.argv[1])
defaults = {spec.name: spec.default for spec in game.options()}
cells = []
for index, options in enumerate(game.option_sets()):
    said = ",".join(f"{k}={v}" for k, v in options.items() if defaults.get(k) != v) or "base"
    cells += [[index, said, n] for n in (2, 3, 5) if game.min_players <= n <= game.max_players]
print(json.dumps(cells))
"""

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def instructions(tree: Path, game: str, players: int, index: int, games: int, checked: bool) -> int:
    """Instructions callgrind counts for `games` games of one cell in `tree`, imports taken off."""
    counts = []
    for played in (0, games):
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                   sys.executable, "-c", PLAY, game, str(players), str(index), str(played), "1" if checked else "0"]
        # One hash seed for every run: set and dict orders change the work done by a few percent.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=False)
        found = _COLLECTED.search(done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"callgrind failed in {tree}:\n{done.stderr[-3000:]}")
        counts.append(int(found.group(1)))
    return counts[1] - counts[0]


def cells(game: str) -> list[tuple[int, str, int]]:
    done = subprocess.run([sys.executable, "-c", CELLS, game], cwd=HERE, capture_output=True, text=True, check=True)
    return [(int(i), str(said), int(n)) for i, said, n in json.loads(done.stdout)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout (the commit before)")
    parser.add_argument("--game", default="nidavellir")
    parser.add_argument("--games", type=int, default=6, help="seeded games per cell")
    parser.add_argument("--checked", action="store_true",
                        help="games as the bot plays them (the random player's move, then apply), not playouts")
    parser.add_argument("--cell", action="append", default=[],
                        help="only these cells, as options/players (e.g. base/3, thingvellir=True/2)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    path = "checked games" if args.checked else "playouts"
    print(f"{args.game}: millions of CPU instructions for {args.games} seeded {path}, setup included "
          f"(before: {args.before}, after: {HERE})")
    print("| options | players | before | after | before/after |\n|---|---:|---:|---:|---:|")
    for index, said, players in cells(args.game):
        if args.cell and f"{said}/{players}" not in args.cell:
            continue
        old = instructions(args.before, args.game, players, index, args.games, args.checked) / 1e6
        new = instructions(HERE, args.game, players, index, args.games, args.checked) / 1e6
        print(f"| {said} | {players} | {old:.1f} | {new:.1f} | {old / new:.2f}× |", flush=True)


if __name__ == "__main__":
    main()
