"""How quickly `skald run` stops on SIGTERM (`docker stop`, systemd), at a load of all-AI tables.

    python -m benchmarks.stop [--tables 10,50] [--kind mcts] [--seconds 1]

For each count: that many Nidavellir tables whose every seat is an AI of `--kind`, saved in a
fresh database; the real `skald run` started on it in its own process with Discord out of reach
(tests/discord/offline.py: logging in works, every post fails, the gateway never connects), so its
AI seats, timers and outbox run as during an outage; once its AI seats have made 5 moves (they
are thinking then), SIGTERM. Printed: the seconds from the signal to the process's end, the AI
moves made after the signal, and its exit code. Before issue 42 the bot played every all-AI game to its end first
(126–131 moves and 21–28 s after the signal at the reporter's load; `docker stop` kills at 10 s).
The target: under 5 s at any load (bot/discord/app.py's STOP_SECONDS is 4).
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from tests.discord.offline import LIVENESS, all_ai_tables, moves_made, start_bot, until_moves


def one_stop(count: int, kind: str, seconds: float) -> tuple[float, int, int, int]:
    """(seconds from SIGTERM to the end, moves after it, moves before it, exit code)."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "skald.sqlite3"
        asyncio.run(all_ai_tables(db, count, kind=kind))
        bot = start_bot(db, Path(folder), ai_seconds=seconds)
        try:
            before = until_moves(db, bot, moves_made(db) + 5)  # the AI seats are at it
            signalled = time.perf_counter()
            bot.send_signal(signal.SIGTERM)
            bot.communicate(timeout=LIVENESS)
            took = time.perf_counter() - signalled
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.communicate()
        return took, moves_made(db) - before, before, bot.returncode


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", default="10,50", help="table counts, comma-separated (default 10,50)")
    parser.add_argument("--kind", default="mcts", help="the AI kind of every seat (default mcts)")
    parser.add_argument("--seconds", type=float, default=1.0, help="SKALD_AI_SECONDS (default 1)")
    args = parser.parse_args(argv)
    print(f"SIGTERM to `skald run` (Discord out of reach), Nidavellir tables of 3 {args.kind} AI seats, "
          f"SKALD_AI_SECONDS={args.seconds:g}")
    print(f"{'tables':>7} {'moves before':>13} {'stop (s)':>9} {'moves after':>12} {'exit':>5}")
    for count in (int(c) for c in args.tables.split(",")):
        took, after, before, code = one_stop(count, args.kind, args.seconds)
        print(f"{count:>7} {before:>13} {took:>9.2f} {after:>12} {code:>5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
