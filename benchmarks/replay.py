"""Replay figures: time and size of a finished game's animated replay (bot/replays.py).

    python -m benchmarks.replay [--runs N] [--changes N]

Each game is played to the end by the engine's AI (every seat), logged as the store would log it,
then `replay_animation` runs `runs` times: the rebuild from the seed, the key-moment stills, the
pictures, the GIF. Targets (issue 18): a 5-player Nidavellir and a 3-player Tranquility replay
each within 5 s and 8 MB. "export" is the size of the game's JSON export.

Then a long log: Rune Duel (tests/tables/duel.py, the test suite's toy game, hosted for this run
with its pieces from tests/games/duel.py: tests/replays/long_game.py) with 4 players and as many
rounds as make `--changes` logged moves (20,000 by default: 5,000 rounds, a key moment each),
replayed once by `replay_animation` in a fresh child process. It reports the time and the peak
resident memory of that process (Linux's VmHWM, else `ru_maxrss`: Pillow's image buffers count,
which tracemalloc would not see), before the replay (interpreter, imports and the log) and at its
end. Targets (audit of 2026-12-02): under 10 s and under 300 MB.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.replays import GameLog, export_bytes, replay_animation
from engine import registry
from renderer.replay import DEFAULT_BUDGET
from tests.replays import long_game

NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")

# (game, players, AI kind, options, seed): seed 20 is a won Tranquility game, the grid full.
CASES: tuple[tuple[str, int, str, Mapping[str, Any], int], ...] = (
    ("nidavellir", 5, "greedy", {}, 7),
    ("nidavellir", 5, "greedy", {"thingvellir": True}, 7),
    ("tranquility", 3, "heuristic", {}, 20),
    ("tranquility", 3, "heuristic", {"sea_monsters": 3, "jagged_rocks": "auto"}, 7),
)
LONG_CHANGES = 20_000


def played_log(key: str, players: int, kind: str, options: Mapping[str, Any], seed: int) -> GameLog:
    """A whole game played by the AI `kind`, as `bot.replays.game_log` reads a finished stored one."""
    return long_game.played_log(registry.get(key), players, kind, options, seed, NAMES)


def _peak_rss() -> tuple[int, str]:
    """This process's peak resident memory in bytes, and where it was read.

    Linux's VmHWM, the high-water mark of this process image: `ru_maxrss` carries a parent's peak
    over `exec`, so a child started by a grown parent reads the parent's. Elsewhere ru_maxrss
    (kilobytes, on macOS bytes)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024, "VmHWM"
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (peak if sys.platform == "darwin" else peak * 1024), "ru_maxrss"


def long_child(changes: int) -> int:
    """In the child process: host the long duel, play it, replay it, print the figures as JSON."""
    with long_game.registered():
        log = long_game.long_log(changes)
        before, _ = _peak_rss()
        start = time.perf_counter()
        animation = replay_animation(log, budget=DEFAULT_BUDGET)
        seconds = time.perf_counter() - start
        peak, source = _peak_rss()
    print(json.dumps({"changes": len(log.changes), "frames": animation.frames, "seconds": seconds,
                      "rss_before": before, "rss_peak": peak, "rss_source": source, "gif": len(animation.data),
                      "export": len(export_bytes(log)), "fits": animation.fits}))
    return 0


def long_figures(changes: int) -> dict[str, Any]:
    """Run `long_child` in a fresh interpreter, so its peak memory is the replay's alone."""
    done = subprocess.run([sys.executable, "-m", "benchmarks.replay", "--long-child", str(changes)],
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"the long replay failed:\n{done.stderr}")
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--changes", type=int, default=LONG_CHANGES, help="moves in the long log (0: skip it)")
    parser.add_argument("--long-child", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.long_child is not None:
        return long_child(args.long_child)
    print(f"{'replay':58} {'moves':>5} {'frames':>6} {'median':>8} {'max':>8} {'GIF':>8} {'export':>8} {'fits':>5}")
    for key, players, kind, options, seed in CASES:
        log = played_log(key, players, kind, options, seed)
        times: list[float] = []
        for _ in range(args.runs):
            start = time.perf_counter()
            animation = replay_animation(log, budget=DEFAULT_BUDGET)
            times.append(time.perf_counter() - start)
        extra = ",".join(f"{k}={v}" for k, v in options.items()) or "base"
        name = f"{key} {players}p {kind} seed {seed} ({extra})"
        print(f"{name:58} {len(log.changes):5} {animation.frames:6} {statistics.median(times):7.2f}s "
              f"{max(times):7.2f}s {len(animation.data) / 1e6:6.2f}MB {len(export_bytes(log)) / 1e3:6.1f}KB "
              f"{'yes' if animation.fits else 'NO':>5}")
    if args.changes > 0:
        long = long_figures(args.changes)
        print(f"\nlong log: Rune Duel {long_game.PLAYERS}p, {long['changes']} changes, replayed in a child process")
        print(f"  replay_animation {long['seconds']:.2f}s, {long['frames']} frames, GIF {long['gif'] / 1e6:.2f}MB"
              f" ({'fits' if long['fits'] else 'over budget'}), export {long['export'] / 1e6:.2f}MB")
        print(f"  peak RSS ({long['rss_source']}) {long['rss_peak'] / 2**20:.0f} MiB; "
              f"{long['rss_before'] / 2**20:.0f} MiB before the replay (interpreter, imports, log)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
