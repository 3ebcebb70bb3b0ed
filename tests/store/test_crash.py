"""Crash safety: a process playing through the service is SIGKILLed at random moments, many times."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path

from bot.store import open_store
from bot.tables.audit import verify
from tests.store.crash_child import drive
from tests.tables.duel import games

ROOT = Path(__file__).resolve().parents[2]
SEED = 4242
KILLS = 20


async def check(db_path: Path, acked: int) -> int:
    """Every acknowledged move is there and nothing is half-applied; returns the state id."""
    store = await open_store(db_path)
    try:
        found = await store.games.games(game="duel")
        if not found:
            assert acked == 0
            return 0
        (row, _seats), = found
        changes = await store.games.moves(row.id)
        assert [c.state_id for c in changes] == list(range(1, row.state_id + 1))
        assert row.state_id >= acked
        audit = await verify(store, games)
        assert audit.ok, audit.findings
        return row.state_id
    finally:
        await store.close()


def test_every_acknowledged_move_survives_sigkill_and_the_game_ends_as_without_crashes(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db_path = tmp_path / "crash.db"
    acked = 0
    kills = 0
    final: str | None = None
    for _run in range(KILLS + 5):
        child = subprocess.Popen([sys.executable, "-m", "tests.store.crash_child", str(db_path), str(SEED)],
                                 cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        wanted = rng.randint(0, 3) if kills < KILLS else None
        seen = 0
        if wanted == 0:
            time.sleep(rng.uniform(0.0, 0.08))  # sometimes while it starts up or migrates
        else:
            for line in child.stdout:
                if line.startswith("ACK "):
                    acked = max(acked, int(line.split()[1]))
                    seen += 1
                elif line.startswith("DONE "):
                    final = line[5:].strip()
                if seen == wanted:
                    time.sleep(rng.uniform(0.0, 0.003))  # land somewhere inside a later move
                    break
        if wanted is not None:
            child.kill()
            kills += 1
        rest, _ = child.communicate()  # lines printed before the kill are acknowledged too
        for line in rest.splitlines():
            if line.startswith("ACK "):
                acked = max(acked, int(line.split()[1]))
            elif line.startswith("DONE "):
                final = line[5:].strip()
        asyncio.run(check(db_path, acked))
        if final is not None:
            break
    assert kills == KILLS and final is not None, f"the game ended after {kills} kills"

    expected: list[str] = []
    asyncio.run(drive(tmp_path / "uninterrupted.db", SEED, expected.append))
    assert expected[-1] == f"DONE {final}"
