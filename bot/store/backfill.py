"""Work a migration does beyond its SQL, in the same transaction: shared by both stores, through
`Sql` (statements with `?` placeholders).

Schema 7 (seat history): every started game gets its seats' holders rebuilt from its log
(`bot.holders.from_legacy_log`); its hand-over lines, which named a seat by whoever held it when
read, are reworded with the names of the time; and every finished game's results are written
again under the policy of `bot.credit`, as a game finishing now writes them. A handful of
queries whatever the number of games: each kind of row is read once, for every game.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot import credit
from bot.holders import SeatHistory, from_legacy_log
from bot.kinds import ChangeKind
from bot.store.clocks import INSERT_HOLDER, holder_values
from bot.store.codec import dumps
from bot.store.results import Sql, write_all_results

Backfill = Callable[[Sql], Awaitable[None]]
STARTED = "seed IS NOT NULL AND status IN ('running', 'finished', 'abandoned')"
HANDED_ON = "kind IN ('stand_in', 'back', 'seat', 'resign')"  # the changes whose lines are read


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

    games = await sql.fetch(f"SELECT id, game, status, state_id, outcome FROM games WHERE {STARTED} ORDER BY id")
    seats: dict[int, list[_Seat]] = {}
    for r in await sql.fetch("SELECT game_id, seat, name, user_id, ai, stand_in FROM seats WHERE game_id IN "
                             f"(SELECT id FROM games WHERE {STARTED}) ORDER BY game_id, seat"):
        seats.setdefault(int(r[0]), []).append(_Seat(int(r[1]), str(r[2]), r[3], r[4], r[5]))
    # The hand-overs with their lines; and, in games where a seat was given on, who made each
    # move, which is how the backfill learns the user id of a person the seats row no longer has.
    changes: dict[int, list[_Change]] = {}
    for r in await sql.fetch(f"SELECT game_id, state_id, seat, kind, user_id, stand_in, events FROM moves WHERE "
                             f"{HANDED_ON}"):
        events = tuple((str(t), None if s is None else tuple(s)) for t, s in json.loads(r[6]))
        changes.setdefault(int(r[0]), []).append(_Change(int(r[1]), r[2], str(r[3]), r[4], bool(r[5]), events))
    for r in await sql.fetch("SELECT game_id, state_id, seat, kind, user_id, stand_in FROM moves WHERE NOT "
                             f"{HANDED_ON} AND user_id IS NOT NULL AND seat IS NOT NULL AND game_id IN "
                             "(SELECT game_id FROM moves WHERE kind = 'seat')"):
        changes.setdefault(int(r[0]), []).append(_Change(int(r[1]), r[2], str(r[3]), r[4], bool(r[5]), ()))
    holders: list[tuple[object, ...]] = []
    reworded: list[tuple[str, int, int]] = []
    drafted: dict[int, Sequence[credit.Draft]] = {}
    for row in games:
        game_id, game, status, state_id, outcome = int(row[0]), str(row[1]), str(row[2]), int(row[3]), row[4]
        at_table = seats.get(game_id)
        if not at_table:
            continue
        logged = sorted(changes.get(game_id, []), key=lambda c: c.state_id)
        holdings, lines = from_legacy_log(at_table, logged, strongest_ai(game))
        holders += [holder_values(game_id, h) for h in holdings]
        for change in logged:
            if change.state_id in lines:
                private = [[t, list(s)] for t, s in change.events if s is not None]
                reworded.append((dumps([[lines[change.state_id], None], *private]), game_id, change.state_id))
        if status == credit.FINISHED and outcome is not None:
            last = next((c for c in logged if c.state_id == state_id), None)
            resigned = last.seat if last is not None and last.kind == ChangeKind.RESIGN else None
            drafted[game_id] = credit.drafts(json.loads(outcome), len(at_table), SeatHistory(holdings), resigned)
    await sql.execute_many(INSERT_HOLDER, holders)
    await sql.execute_many("UPDATE moves SET events = ? WHERE game_id = ? AND state_id = ?", reworded)
    await write_all_results(sql, drafted)


# Per schema version: what its migration does after its SQL.
AFTER: dict[int, Backfill] = {7: seat_history}
