"""The process test_crash kills: drives one scripted Rune Duel through the table service.

Usage: python -m tests.store.crash_child DB SEED. It resumes whatever the database holds,
prints "ACK <state_id>" after each move returns (the commit is done by then) and
"DONE <encoded final state>" at the end. Its choices depend only on the seed and the
state, so any number of restarts reach the same end as one uninterrupted run.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from pathlib import Path

from bot.tables import Tables
from bot.tables.service import ai_seed
from bot.tables.types import NewTable
from tests.tables.duel import GAME, games

ROUNDS = 200


async def drive(db_path: Path, seed: int, say: Callable[[str], None]) -> None:
    tables = await Tables.open(db_path, games=games, snapshot_every=3)
    try:
        found = await tables.list_games(None, game="duel", active_only=False)
        if found:
            info = found[0]
        else:
            info = await tables.lobby.create(NewTable(guild_id=1, channel_id=1, host_id=1, host_name="Alice",
                                                      game="duel", options={"rounds": ROUNDS}))
        if info.status == "lobby":
            if len(info.seats) < 2:
                info = await tables.lobby.join(info.game_id, 2, "Bob")
            info = await tables.lobby.start(info.game_id, 1, seed=seed)
        game_id = info.game_id
        while (info := await tables.game(game_id)).status == "running":
            seat = min(info.to_move)
            view = await tables.table_view(game_id, seat + 1)
            move = view.legal_moves[ai_seed(seed, view.state_id, seat) % len(view.legal_moves)]
            result = await tables.play.move(game_id, seat + 1, view.state_id, move.text)
            say(f"ACK {result.state_id}")
        final = await tables.store.games.load(game_id)
        assert final is not None and final.snapshot is not None and not final.moves
        say(f"DONE {json.dumps(GAME.encode(GAME.decode(final.snapshot.state)), sort_keys=True)}")
    finally:
        await tables.close()


def main() -> None:
    def say(line: str) -> None:
        print(line, flush=True)

    asyncio.run(drive(Path(sys.argv[1]), int(sys.argv[2]), say))


if __name__ == "__main__":
    main()
