"""Stopping `skald run` (SIGTERM: what `docker stop` and systemd send), in a real process whose
Discord is out of reach (tests/discord/offline.py), with all-AI games thinking.

Issue 42: SIGTERM made the bot play every all-AI game to its end first, 126–131 moves and 21–28 s
after the signal, so `docker stop` always ended in a SIGKILL at its 10 s grace. Now the AI seats
stop at once (a choice being thought is dropped, a move being committed finishes), what is
committed and untold is told for a bounded time, and the process exits 0; after a restart the AI
seats take up where they were. How long a stop takes at many tables, `python -m benchmarks.stop`
prints (the tests never time anything).
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.discord.offline import LIVENESS, ROOT, all_ai_tables, moves_made, start_bot, until_moves

TABLES = 4

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGTERM"), reason="needs POSIX signals")


def stop(bot: subprocess.Popen[str]) -> str:
    """SIGTERM, then the process's end (its stderr)."""
    bot.send_signal(signal.SIGTERM)
    try:
        _, err = bot.communicate(timeout=LIVENESS)
    except subprocess.TimeoutExpired:
        bot.kill()
        _, err = bot.communicate()
        raise AssertionError(f"still running {LIVENESS} s after SIGTERM:\n{err[-3000:]}") from None
    assert bot.returncode == 0, err[-3000:]
    return err


def test_sigterm_stops_the_ai_seats_at_once_and_they_take_up_where_they_were_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "skald.sqlite3"
    asyncio.run(all_ai_tables(db, TABLES))
    opened = moves_made(db)  # a few AI moves may already be made as the tables open
    bot = start_bot(db, tmp_path)
    try:
        before = until_moves(db, bot, opened + 2)  # the AI seats resumed and are playing (and thinking)
        err = stop(bot)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.communicate()
    after = moves_made(db)
    # At most the moves being committed as the signal came (one per table), and those the seats
    # made between the count above and the signal; before issue 42, every game's end.
    assert after - before <= 2 * TABLES, f"{after - before} moves after SIGTERM"
    assert "SIGTERM: stopping" in err and "Traceback" not in err.split("SIGTERM: stopping", 1)[1]
    verified = subprocess.run([sys.executable, "-m", "bot.cli", "db", "verify", "--db", str(db)], cwd=ROOT,
                              capture_output=True, text=True, timeout=LIVENESS)
    assert verified.returncode == 0, verified.stdout + verified.stderr  # nothing half-applied

    again = start_bot(db, tmp_path)
    try:
        until_moves(db, again, after)  # the AI seats take up where they were
        stop(again)
    finally:
        if again.poll() is None:
            again.kill()
            again.communicate()
