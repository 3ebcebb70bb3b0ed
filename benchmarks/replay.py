"""Replay figures: time and size of a finished game's animated replay (bot/replays.py).

    python -m benchmarks.replay [--runs N]

Each game is played to the end by the engine's AI (every seat), logged as the store would log it,
then `replay_animation` runs `runs` times: the rebuild from the seed, the key-moment stills, the
pictures, the GIF. Targets (issue 18): a 5-player Nidavellir and a 3-player Tranquility replay
each within 5 s and 8 MB. "export" is the size of the game's JSON export.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any

from bot.replays import FINISHED, MOVE, Change, GameLog, Player, export_bytes, replay_animation
from engine import registry
from renderer.replay import DEFAULT_BUDGET

NAMES = ("Astrid", "Bjorn", "Sigrid", "Ulfhild the Far-Travelled", "Eirik")

# (game, players, AI kind, options, seed): seed 20 is a won Tranquility game, the grid full.
CASES: tuple[tuple[str, int, str, Mapping[str, Any], int], ...] = (
    ("nidavellir", 5, "greedy", {}, 7),
    ("nidavellir", 5, "greedy", {"thingvellir": True}, 7),
    ("tranquility", 3, "heuristic", {}, 20),
    ("tranquility", 3, "heuristic", {"sea_monsters": 3, "jagged_rocks": "auto"}, 7),
)


def played_log(key: str, players: int, kind: str, options: Mapping[str, Any], seed: int) -> GameLog:
    """A whole game played by the AI `kind`, as `bot.replays.game_log` reads a finished stored one."""
    game = registry.get(key)
    ai = game.ai_players()[kind]
    state = game.setup(players, options, seed)
    changes: list[Change] = []
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        move = ai.choose(state, seat, seed * 7919 + len(changes))
        step = game.apply(state, seat, move)
        state = step.state
        changes.append(Change(len(changes) + 1, seat, MOVE, move.text,
                              tuple(event.text for event in step.events if event.public)))
    outcome = game.outcome(state)
    assert outcome is not None
    return GameLog(game=key, title=game.title, status=FINISHED, options=dict(options), engine_version=game.version,
                   seed=seed, players=tuple(Player(s, NAMES[s], kind) for s in range(players)),
                   changes=tuple(changes), outcome=outcome.to_dict())


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
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
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
