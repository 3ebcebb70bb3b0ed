"""`skald db verify`: replay every game from its seed and move log and compare with its snapshots,
then check every other table Skald owns.

The move log is the source of truth; snapshots are a cache. A finding here means the cache
(or the log's bookkeeping) disagrees with what the rules make of the log. Whatever goes wrong
while checking one game (an unknown game name, a row that no longer decodes, a move the rules
now choke on) is a finding about that game; the other games are still checked. Then every
tournament is read whole (a damaged row is a finding about that event, which the bot sets
aside), and the tables read beside the games — results, settings, the outbox's marks — are
checked for values that no longer decode (bot/store/checking.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.holders import SeatHistory
from bot.kinds import ChangeKind
from bot.move_log import MOVE, UNDO, BadUndo, MoveFailed, replay
from bot.store import MoveRow, Store
from bot.store.errors import DamagedRow
from bot.tables.types import CANCELLED, FINISHED, LOBBY, RUNNING
from engine.core import Game
from engine.errors import SkaldError

HANDED_ON = (ChangeKind.STAND_IN, ChangeKind.BACK, ChangeKind.SEAT)  # changes that seat a new holder


@dataclass(frozen=True)
class Finding:
    game_id: int  # the game concerned (0: a finding about another table)
    problem: str
    where: str = ""  # what it is about, when not a game ("tournament #2", "results ...")

    def __str__(self) -> str:
        return f"{self.where or f'game #{self.game_id}'}: {self.problem}"


@dataclass(frozen=True)
class Audit:
    games: int
    moves: int
    snapshots: int
    findings: tuple[Finding, ...]
    tournaments: int = 0

    @property
    def ok(self) -> bool:
        return not self.findings


def _described(error: Exception) -> str:
    if isinstance(error, DamagedRow):
        return f"{error.what} does not decode ({type(error.cause).__name__})"
    reason = error.reason if isinstance(error, SkaldError) else str(error)
    return f"{type(error).__name__}: {reason}" if reason else type(error).__name__


def _refusal(failed: MoveFailed) -> str:
    change, cause = failed.change, failed.cause
    what = f"{change.kind} {change.text!r} at state {change.state_id}"
    if isinstance(cause, BadUndo):
        return f"{what} is damaged: {cause}"
    if isinstance(cause, SkaldError):
        return f"{what} is refused on replay: {cause.reason}"
    return f"{what} fails on replay: {_described(cause)}"


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


async def verify_game(store: Store, game_id: int, games: Callable[[str], Game[Any]]) -> tuple[int, int, list[Finding]]:
    """Replay one game; returns (changes, snapshots checked, findings)."""
    row = await store.games.game(game_id)
    if row is None:
        return 0, 0, [Finding(game_id, "vanished during the check")]
    changes = await store.games.moves(game_id)
    snapshots = await store.games.snapshots(game_id)
    findings: list[Finding] = []

    def found(problem: str) -> None:
        findings.append(Finding(game_id, problem))

    if row.seed is None:
        if changes or snapshots or row.status not in (LOBBY, CANCELLED):
            found(f"never started, yet has {len(changes)} changes, {len(snapshots)} snapshots, status {row.status}")
        return len(changes), 0, findings
    ids = [c.state_id for c in changes]
    if ids != list(range(1, len(ids) + 1)):
        found(f"state ids of the log are not 1..{len(ids)} without gaps")
    if row.state_id != (ids[-1] if ids else 0):
        found(f"game is at state {row.state_id} but its log ends at {ids[-1] if ids else 0}")
    try:
        engine = games(row.game)
    except SkaldError as error:
        found(f"is a game of {row.game!r}, which this Skald does not know: {error.reason}")
        return len(changes), 0, findings
    seats = await store.games.seats(game_id)
    _check_holders(SeatHistory(await store.games.holders(game_id)), [s.seat for s in seats], changes, found)
    by_id = {s.state_id: s.state for s in snapshots}
    try:
        state = engine.setup(len(seats), row.options, row.seed, row.engine_version)
    except SkaldError as error:
        found(f"cannot be set up again: {error.reason}")
        return len(changes), 0, findings
    checked = 0

    def compare(state_id: int) -> None:
        nonlocal checked
        if state_id in by_id:
            checked += 1
            if _canonical(engine.encode(state)) != _canonical(by_id[state_id]):
                found(f"snapshot at state {state_id} differs from the replay of the log")

    compare(0)
    try:
        for replayed in replay(engine, state, changes):
            state, change = replayed.state, replayed.change
            if change.kind in (MOVE, UNDO) and tuple(sorted(engine.to_move(state))) != change.to_move:
                found(f"seats to move after state {change.state_id} differ from the log")
            compare(change.state_id)
    except MoveFailed as failed:
        found(_refusal(failed))
    else:
        ended_by_rules = engine.outcome(state) is not None
        last_kind = changes[-1].kind if changes else None
        if ended_by_rules and row.status != FINISHED:
            found(f"the rules say the game is over, but its status is {row.status}")
        if row.status == RUNNING and last_kind in (ChangeKind.RESIGN, ChangeKind.ABANDON):
            found(f"status running after a {last_kind}")
        if row.status == FINISHED and not ended_by_rules and last_kind != ChangeKind.RESIGN:
            found("finished, but neither the rules nor a resignation ended it")
    extra = sorted(set(by_id) - {0, *ids})
    if extra:
        found(f"snapshots at states the log never reached: {extra}")
    return len(changes), checked, findings


def _check_holders(history: SeatHistory, seats: list[int], changes: list[MoveRow],
                   found: Callable[[str], None]) -> None:
    """Every seat has a holder from the start, and a holding for each change that handed it on
    (and none for a change that didn't): the names the story gives depend on it."""
    for seat in seats:
        held = history.of(seat)
        if not held or held[0].since != 0:
            found(f"seat {seat + 1} has no holder from the start")
    handed = {(c.seat, c.state_id) for c in changes if c.kind in HANDED_ON and c.seat is not None}
    recorded = {(h.seat, h.since) for h in history.holdings if h.since > 0}
    for seat, state_id in sorted(handed - recorded):
        found(f"seat {seat + 1} was handed on at state {state_id}, but no holder was recorded")
    for seat, state_id in sorted(recorded - handed):
        found(f"seat {seat + 1} has a holder from state {state_id}, where the log hands nothing on")


async def verify(store: Store, games: Callable[[str], Game[Any]]) -> Audit:
    """Replay every game in the store, then check every tournament and the other tables."""
    total_changes = total_snapshots = 0
    findings: list[Finding] = []
    ids = await store.games.game_ids()
    for game_id in ids:
        try:
            changes, snapshots, found = await verify_game(store, game_id, games)
        except Exception as error:
            # Anything at all: one broken game must not hide what the others look like.
            findings.append(Finding(game_id, f"could not be checked: {_described(error)}"))
            continue
        total_changes += changes
        total_snapshots += snapshots
        findings.extend(found)
    events = await store.tournaments.ids()
    for tournament_id in events:
        for what in await store.tournaments.damage(tournament_id):
            findings.append(Finding(0, f"{what} does not decode; the event is set aside",
                                    where=f"tournament #{tournament_id}"))
    for damage in await store.checks.damaged():
        table, _, rest = str(damage).partition(": ")
        findings.append(Finding(0, rest, where=table))
    return Audit(len(ids), total_changes, total_snapshots, tuple(findings), len(events))
