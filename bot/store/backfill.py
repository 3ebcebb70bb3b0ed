"""Work a migration does beyond its SQL, in the same transaction: shared by both stores, through
`Sql` (statements with `?` placeholders).

Schema 7 (seat history): every started game gets its seats' holders rebuilt from its log
(`bot.holders.from_legacy_log`); its hand-over lines, which named a seat by whoever held it when
read, are reworded with the names of the time; and every finished game's results are written
again under the policy of `bot.credit`, exactly as a game finishing now writes them.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot import credit
from bot.holders import SeatHistory, from_legacy_log
from bot.kinds import ChangeKind
from bot.store.clocks import INSERT_HOLDER, holder_values
from bot.store.codec import dumps
from bot.store.results import Sql, write_results

Backfill = Callable[[Sql], Awaitable[None]]


@dataclass(frozen=True)
class _Seat:
    seat: int
    name: str
    user_id: int | None
    ai: str | None
    stand_in: str | None


@dataclass(frozen=True)
class _Change:
    state_id: int
    seat: int | None
    kind: str
    user_id: int | None
    stand_in: bool
    events: tuple[tuple[str, tuple[int, ...] | None], ...]
    text: str | None = None  # not read: only hand-overs' lines and who moved matter here


async def seat_history(sql: Sql) -> None:
    """Schema 7: holders of every started game, reworded hand-over lines, results recomputed."""
    from bot.games import strongest_ai  # the descriptors: only this one-off needs them

    games = await sql.fetch("SELECT id, game, status, state_id, outcome FROM games WHERE seed IS NOT NULL "
                            "AND status IN ('running', 'finished', 'abandoned') ORDER BY id")
    for row in games:
        game_id, game, status, state_id, outcome = (row[i] for i in range(5))
        seats = [_Seat(int(r[0]), str(r[1]), r[2], r[3], r[4]) for r in await sql.fetch(
            "SELECT seat, name, user_id, ai, stand_in FROM seats WHERE game_id = ? ORDER BY seat", game_id)]
        if not seats:
            continue
        # Only hand-overs need their lines; the other changes lend the user ids of who moved.
        rows = await sql.fetch(
            "SELECT state_id, seat, kind, user_id, stand_in, "
            "CASE WHEN kind IN ('stand_in', 'back', 'seat') THEN events ELSE '[]' END "
            "FROM moves WHERE game_id = ? ORDER BY state_id", game_id)
        changes = [_Change(int(r[0]), r[1], str(r[2]), r[3], bool(r[4]),
                           tuple((str(t), None if s is None else tuple(s)) for t, s in json.loads(r[5])))
                   for r in rows]
        holdings, lines = from_legacy_log(seats, changes, strongest_ai(str(game)))
        await sql.execute_many(INSERT_HOLDER, [holder_values(game_id, h) for h in holdings])
        for change in changes:
            if change.state_id in lines:
                private = [[t, list(s)] for t, s in change.events if s is not None]
                await sql.execute("UPDATE moves SET events = ? WHERE game_id = ? AND state_id = ?",
                                  dumps([[lines[change.state_id], None], *private]), game_id, change.state_id)
        if status != credit.FINISHED or outcome is None:
            continue
        last = next((c for c in changes if c.state_id == state_id), None)
        resigned = last.seat if last is not None and last.kind == ChangeKind.RESIGN else None
        drafts = credit.drafts(json.loads(outcome), len(seats), SeatHistory(holdings), resigned)
        await write_results(sql, game_id, drafts)


# Per schema version: what its migration does after its SQL.
AFTER: dict[int, Backfill] = {7: seat_history}
