"""Work a migration does beyond its statements, in the same transaction, on either database.

Schema 7 (seat history): every started game gets its seats' holders rebuilt from its log
(`bot.holders.from_legacy_log`); its hand-over lines, which named a seat by whoever held it when
read, are reworded with the names of the time; and every finished game's results are written
again under the policy of `bot.credit`, as a game finishing now writes them. A handful of
queries whatever the number of games: each kind of row is read once, for every game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy import Connection

from bot import credit
from bot.holders import SeatHistory, from_legacy_log
from bot.kinds import ChangeKind
from bot.store.clocks import holder_values
from bot.store.codec import dumps
from bot.store.results import write_all_results

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


_INSERT_HOLDER = sa.text("INSERT INTO seat_holders (game_id, seat, since, name, why, user_id, ai, for_user) "
                         "VALUES (:game_id, :seat, :since, :name, :why, :user_id, :ai, :for_user)")
_REWORD = sa.text("UPDATE moves SET events = :events WHERE game_id = :game_id AND state_id = :state_id")


def _rows(conn: Connection, statement: str) -> list[Sequence[Any]]:
    return [tuple(row) for row in conn.execute(sa.text(statement))]


def seat_history(conn: Connection) -> None:
    """Schema 7: holders of every started game, reworded hand-over lines, results recomputed."""
    from bot.games import strongest_ai  # the descriptors: only this one-off needs them

    games = _rows(conn, f"SELECT id, game, status, state_id, outcome FROM games WHERE {STARTED} ORDER BY id")
    seats: dict[int, list[_Seat]] = {}
    for r in _rows(conn, "SELECT game_id, seat, name, user_id, ai, stand_in FROM seats WHERE game_id IN "
                         f"(SELECT id FROM games WHERE {STARTED}) ORDER BY game_id, seat"):
        seats.setdefault(int(r[0]), []).append(_Seat(int(r[1]), str(r[2]), r[3], r[4], r[5]))
    # The hand-overs with their lines; and, in games where a seat was given on, who made each
    # move, which is how the backfill learns the user id of a person the seats row no longer has.
    changes: dict[int, list[_Change]] = {}
    for r in _rows(conn, f"SELECT game_id, state_id, seat, kind, user_id, stand_in, events FROM moves WHERE "
                         f"{HANDED_ON}"):
        events = tuple((str(t), None if s is None else tuple(s)) for t, s in json.loads(r[6]))
        changes.setdefault(int(r[0]), []).append(_Change(int(r[1]), r[2], str(r[3]), r[4], bool(r[5]), events))
    for r in _rows(conn, "SELECT game_id, state_id, seat, kind, user_id, stand_in FROM moves WHERE NOT "
                         f"{HANDED_ON} AND user_id IS NOT NULL AND seat IS NOT NULL AND game_id IN "
                         "(SELECT game_id FROM moves WHERE kind = 'seat')"):
        changes.setdefault(int(r[0]), []).append(_Change(int(r[1]), r[2], str(r[3]), r[4], bool(r[5]), ()))
    holders: list[dict[str, object]] = []
    reworded: list[dict[str, object]] = []
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
                reworded.append({"events": dumps([[lines[change.state_id], None], *private]), "game_id": game_id,
                                 "state_id": change.state_id})
        if status == credit.FINISHED and outcome is not None:
            last = next((c for c in logged if c.state_id == state_id), None)
            resigned = last.seat if last is not None and last.kind == ChangeKind.RESIGN else None
            drafted[game_id] = credit.drafts(json.loads(outcome), len(at_table), SeatHistory(holdings), resigned)
    if holders:
        conn.execute(_INSERT_HOLDER, holders)
    if reworded:
        conn.execute(_REWORD, reworded)
    write_all_results(conn, drafted)


_FINISHED = "status = 'finished' AND outcome IS NOT NULL"
_INSERT_RESULT_6 = sa.text(
    "INSERT INTO results (game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
    "stood_in, options, sheet, started_at, finished_at) VALUES (:game_id, :seat, :guild_id, :game, :user_id, :ai, "
    ":name, :rank, :score, :won, :cooperative, :resigned, :stood_in, :options, :sheet, :started_at, :finished_at)")


def _at(values: object, seat: int) -> object:
    return values[seat] if isinstance(values, list) and seat < len(values) else None


def finished_results(conn: Connection) -> None:
    """Schema 6: a result row per seat of every game finished before it. Ranks: the outcome's;
    else by score (ties share); else winners 1 and the others 2 (a resignation). Started: the
    start snapshot; finished: the last change of the log (else the game row's times)."""
    games = _rows(conn, f"SELECT id, guild_id, game, options, outcome, created_at, updated_at FROM games "
                        f"WHERE {_FINISHED} ORDER BY id")
    within = f"game_id IN (SELECT id FROM games WHERE {_FINISHED})"
    seats: dict[int, list[Sequence[Any]]] = {}
    for r in _rows(conn, f"SELECT game_id, seat, user_id, ai, stand_in, name FROM seats WHERE {within} "
                         "ORDER BY game_id, seat"):
        seats.setdefault(int(r[0]), []).append(r)
    started = {int(r[0]): float(r[1]) for r in _rows(conn, f"SELECT game_id, created_at FROM snapshots "
                                                           f"WHERE state_id = 0 AND {within}")}
    last = {int(r[0]): (float(r[1]), str(r[2]), r[3]) for r in _rows(
        conn, "SELECT m.game_id, m.created_at, m.kind, m.seat FROM moves m JOIN games g ON g.id = m.game_id "
              f"AND m.state_id = g.state_id WHERE g.{_FINISHED.replace(' AND ', ' AND g.')}")}
    stood = {(int(r[0]), int(r[1])): int(r[2]) for r in _rows(
        conn, f"SELECT game_id, seat, COUNT(*) FROM moves WHERE stand_in AND seat IS NOT NULL AND {within} "
              "GROUP BY game_id, seat")}
    rows = []
    for game_id, guild_id, game, options, text, created_at, updated_at in games:
        outcome = json.loads(str(text))
        cooperative = bool(outcome.get("cooperative") or False)
        finished = last.get(int(game_id))
        for _, seat, user_id, ai, stand_in, name in seats.get(int(game_id), []):
            score = _at(outcome.get("scores"), int(seat))
            rank = _at(outcome.get("ranks"), int(seat))
            won = seat in (outcome.get("winners") or [])
            if cooperative:
                rank = None
            elif rank is None:
                rank = (1 + sum(other > score for other in outcome["scores"] if other is not None)
                        if score is not None else 1 if won else 2)
            sheet = outcome.get("sheet")
            rows.append({
                "game_id": game_id, "seat": seat, "guild_id": guild_id, "game": game, "user_id": user_id,
                "ai": (ai or stand_in) if user_id is None else None, "name": name, "rank": rank, "score": score,
                "won": won, "cooperative": cooperative,
                "resigned": finished is not None and finished[1] == "resign" and finished[2] == seat,
                "stood_in": stood.get((int(game_id), int(seat)), 0),
                "options": options, "sheet": dumps(sheet) if cooperative and sheet is not None else None,
                "started_at": started.get(int(game_id), created_at),
                "finished_at": finished[0] if finished is not None else updated_at})
    if rows:
        conn.execute(_INSERT_RESULT_6, rows)
