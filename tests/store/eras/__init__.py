"""Databases as earlier Skald versions made them: their migration files as they shipped (kept here
for these tests: the runtime has one Alembic history since schema 10, migrations/versions/), and
rows as that era's store wrote them.

`build(target, version)` runs that era's own runner on an empty database (each SQLite file in a
transaction with its schema_migrations row; each PostgreSQL file whole); `fill` writes what an
old Skald kept at that version — lobbies, running and finished Rune Duels that replay, seats,
people, settings, the outbox's marks, timers, clocks, votes, absences, results, holders, leases, a
tournament — each table only with the columns that version had (read from the database itself).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import asyncpg

from bot.store import is_postgres
from bot.tables.service import ai_seed
from tests.databases import Target, numbered
from tests.tables.duel import GAME

FOLDER = Path(__file__).parent
ERAS = 10  # the versions made before the one history (each shipped as a file per database)
Row = dict[str, Any]


def files(target: Target) -> list[Path]:
    kind = "postgresql" if is_postgres(target) else "sqlite"
    return sorted((FOLDER / kind).glob("0*.sql"))


def statements(text: str) -> list[str]:
    """An SQLite file split into single statements, as that era's runner split it."""
    found, buffer = [], ""
    for line in text.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            found.append(buffer.strip())
            buffer = ""
    return found


BOOKKEEPING = ("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, "
               "applied_at {time} NOT NULL)")


async def build(target: Target, version: int) -> None:
    """An empty database at `version`, made by that era's migration files."""
    chosen = files(target)[:version]
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        try:
            for path in chosen:
                async with conn.transaction():
                    await conn.execute(BOOKKEEPING.format(time="DOUBLE PRECISION"))
                    await conn.execute(path.read_text())
                    await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2, $3)", int(path.name[:4]),
                                       path.stem[5:], time.time())
        finally:
            await conn.close()
        return
    db = sqlite3.connect(str(target), isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA foreign_keys = ON")
        db.execute(BOOKKEEPING.format(time="REAL"))
        for path in chosen:
            db.execute("BEGIN IMMEDIATE")
            for statement in statements(path.read_text()):
                db.execute(statement)
            db.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (int(path.name[:4]), path.stem[5:],
                                                                          time.time()))
            db.execute("COMMIT")
    finally:
        db.close()


# -- what an old Skald kept -----------------------------------------------------------------------

def policy_moves(seed: int, count: int, rounds: int = 30) -> list[tuple[int, str]]:
    """A deterministic (seat, move) log of a two-seat Rune Duel (to its end, at most `count`)."""
    state = GAME.setup(2, {"rounds": rounds}, seed)
    log: list[tuple[int, str]] = []
    while len(log) < count and GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        moves = GAME.legal_moves(state, seat)
        move = moves[ai_seed(seed, len(log), seat) % len(moves)]
        log.append((seat, move.text))
        state = GAME.apply(state, seat, move).state
    return log


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


GUILD, CHANNEL, ALICE, BOB = 10, 20, 1, 2
GAMES = {2: 7, 3: 0, 4: 40, 5: 10**6}  # running games by moves made; game 5 is played to its end (3 rounds)


def rows(version: int) -> dict[str, list[Row]]:
    """Every row of the era, by table (each row with every column any era had; `fill` keeps those
    the database has)."""
    found: dict[str, list[Row]] = {}

    def add(table: str, **row: Any) -> None:
        found.setdefault(table, []).append(row)

    add("games", id=1, guild_id=GUILD, channel_id=CHANNEL, thread_id=None, game="duel", options='{"rounds":3}',
        seed=None, status="lobby", state_id=0, host_id=ALICE, outcome=None, lobby_message_id=401, created_at=100.0,
        updated_at=100.0, to_move=None, engine_version=None, clock="none", timeout_policy="stand_in",
        min_reliability=0)
    add("seats", game_id=1, seat=0, user_id=ALICE, name="Alice", joined_at=100.0)
    for game_id, wanted in GAMES.items():
        rounds = 3 if game_id == 5 else 30
        seed = 100 + game_id
        log = policy_moves(seed, wanted, rounds)
        state = GAME.setup(2, {"rounds": rounds}, seed)
        created = 200.0 + game_id
        add("snapshots", game_id=game_id, state_id=0, state=_dumps(GAME.encode(state)), created_at=created)
        for index, (seat, text) in enumerate(log, start=1):
            step = GAME.apply(state, seat, text)
            state = step.state
            add("moves", game_id=game_id, state_id=index, seat=seat, kind="move", text=text,
                events=_dumps([[e.text, None if e.seats is None else sorted(e.seats)] for e in step.events]),
                to_move=_dumps(sorted(GAME.to_move(state))), user_id=ALICE + seat, created_at=created + index,
                stand_in=False)
            if index % 10 == 0:
                add("snapshots", game_id=game_id, state_id=index, state=_dumps(GAME.encode(state)),
                    created_at=created + index)
        outcome = GAME.outcome(state)
        finished = outcome is not None
        if finished:
            add("snapshots", game_id=game_id, state_id=len(log), state=_dumps(GAME.encode(state)),
                created_at=created + len(log))
        add("games", id=game_id, guild_id=GUILD, channel_id=CHANNEL, thread_id=300 + game_id, game="duel",
            options=_dumps({"rounds": rounds}), seed=seed, status="finished" if finished else "running",
            state_id=len(log), host_id=ALICE, outcome=None if outcome is None else _dumps(outcome.to_dict()),
            lobby_message_id=400 + game_id, created_at=created, updated_at=created + len(log),
            to_move=_dumps(sorted(GAME.to_move(state))) if not finished else "[]", engine_version=GAME.version,
            clock="none", timeout_policy="stand_in", min_reliability=0)
        for seat, (user, name) in enumerate(((ALICE, "Alice"), (BOB, "Bob"))):
            add("seats", game_id=game_id, seat=seat, user_id=user, name=name, joined_at=created)
            if version >= 7:  # written with the start since schema 7
                add("seat_holders", game_id=game_id, seat=seat, since=0, user_id=user, name=name, why="start")
        if version >= 3:  # written with the start since schema 3, then as the thread was told
            add("announcements", game_id=game_id, state_id=len(log), to_move="[0,1]", channel_id=300 + game_id,
                message_id=500 + game_id, from_state=0, posted_to_move="[0,1]", panels_state_id=len(log),
                updated_at=created + len(log), board=len(log) if version >= 8 else None, board_picture=version >= 8)
            add("seat_panels", game_id=game_id, seat=0, state_id=len(log), channel_id=600, message_id=700 + game_id,
                offered_moves=not finished, final=finished, told_no_dm=False, updated_at=created + len(log))
        if finished and version >= 6:
            assert outcome is not None and outcome.scores is not None
            for seat, (user, name) in enumerate(((ALICE, "Alice"), (BOB, "Bob"))):
                add("results", game_id=game_id, seat=seat, part=0, guild_id=GUILD, game="duel", user_id=user,
                    name=name, rank=1 + sum(s > outcome.scores[seat] for s in outcome.scores),
                    score=outcome.scores[seat], won=seat in outcome.winners, cooperative=False, resigned=False,
                    stood_in=0, finished=True, stand_in=False, options=_dumps({"rounds": rounds}),
                    started_at=created, finished_at=created + len(log))
    add("users", user_id=ALICE, dm_ok=True, updated_at=150.0, dm_channel_id=600)
    add("users", user_id=BOB, dm_ok=False, updated_at=150.0, dm_channel_id=None)
    add("guild_settings", guild_id=GUILD, key="max_tables", value="50", updated_at=150.0)
    if version >= 2:
        add("seat_pings", game_id=2, seat=1, state_id=7, pinged_at=210.0)
    spaced = {"space": "game"} if version >= 10 else {}
    if version >= 4:
        add("timers", game_id=1, kind="lobby_expiry", seat=-1, due_at=100.0 + 86400, state_id=-1, **spaced)
    if version >= 5:
        add("seat_clocks", game_id=5, seat=0, bank=600.0, started=None, allowed=None, deadline=None,
            remaining=None, state_id=-1, turn_bank=600.0)
        add("table_votes", game_id=5, seat=1, voter=ALICE, choice="wait", voted_at=220.0)
        add("absences", user_id=BOB, guild_id=GUILD, started=50.0, until=80.0, ended=70.0, told=True)
    if version >= 8:
        add("announce_leases", game_id=2, what="story", owner="process-a", until=999.0)
    if version >= 9:
        add("tournaments", id=1, guild_id=GUILD, channel_id=CHANNEL, organiser_id=ALICE, name="Winter runes",
            game="duel", options='{"rounds":3}', format="swiss", seats=2, rounds=3, clock="none", lateness="counts",
            round_hours=24.0, signup_until=None, min_entrants=2, max_entrants=8, min_reliability=0,
            status="running", paused_at=None, round=1, message_id=800, thread_id=801, created_at=90.0,
            updated_at=95.0, late_until=0)
        for entrant, (user, name) in enumerate(((ALICE, "Alice"), (BOB, "Bob"))):
            add("tournament_entrants", tournament_id=1, entrant=entrant, user_id=user, name=name, rating=25.0,
                joined_at=91.0)
        add("tournament_rounds", tournament_id=1, round=1, byes="[]", opened_at=95.0, deadline=95.0 + 86400)
        add("tournament_tables", tournament_id=1, round=1, table_no=1, entrants="[0,1]", game_id=5, places="[1,2]",
            scores="[2,1]", decided="played", note="the game's result")
        add("tournament_news", tournament_id=1, seq=1, kind="round", body='{"round":1}', created_at=95.0,
            told_at=96.0)
        # The tournament's timer: under minus its id in schema 9, in its own key space from 10.
        add("timers", game_id=-1 if version == 9 else 1, kind="tournament", seat=-1, due_at=95.0 + 86400,
            state_id=-1, **({"space": "tournament"} if version >= 10 else {}))
    return found


ORDER = ("games", "seats", "users", "moves", "snapshots", "guild_settings", "seat_pings", "announcements",
         "seat_panels", "timers", "seat_clocks", "table_votes", "absences", "results", "seat_holders",
         "announce_leases", "tournaments", "tournament_entrants", "tournament_rounds", "tournament_tables",
         "tournament_news")


async def columns(target: Target) -> dict[str, list[str]]:
    """Each table's columns as the database has them."""
    found: dict[str, list[str]] = {}
    for table in ORDER:
        if is_postgres(target):
            conn = await asyncpg.connect(str(target))
            try:
                names = [r[0] for r in await conn.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = $1 "
                    "ORDER BY ordinal_position", table)]
            finally:
                await conn.close()
        else:
            with sqlite3.connect(str(target)) as db:
                names = [r[1] for r in db.execute(f"PRAGMA table_info({table})")]
        if names:
            found[table] = names
    return found


def _sql_value(value: Any, sqlite: bool) -> Any:
    return int(value) if sqlite and isinstance(value, bool) else value


async def fill(target: Target, version: int) -> dict[str, list[Row]]:
    """Write the era's rows; returns them as written (only the columns the era had)."""
    have = await columns(target)
    written: dict[str, list[Row]] = {}
    statements_: list[tuple[str, list[tuple[Any, ...]]]] = []
    for table, table_rows in sorted(rows(version).items(), key=lambda item: ORDER.index(item[0])):
        assert table in have, f"schema {version} has no {table}"
        kept = [{k: v for k, v in row.items() if k in have[table]} for row in table_rows]
        written[table] = kept
        for row in kept:
            names = list(row)
            statements_.append((f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
                                [tuple(_sql_value(row[n], not is_postgres(target)) for n in names)]))
    if is_postgres(target):  # numbered as the database would have numbered them
        for table in ("games", "tournaments"):
            if table in written:
                statements_.append((f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                    f"(SELECT MAX(id) FROM {table}))", [()]))
    await _run(target, statements_)
    return written


async def _run(target: Target, work: Iterable[tuple[str, list[tuple[Any, ...]]]]) -> None:
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        try:
            async with conn.transaction():
                for statement, params in work:
                    await conn.executemany(numbered(statement), params)
        finally:
            await conn.close()
        return
    db = sqlite3.connect(str(target), isolation_level=None)
    try:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("BEGIN")
        for statement, params in work:
            db.executemany(statement, params)
        db.execute("COMMIT")
    finally:
        db.close()


async def table_rows(target: Target, table: str, names: list[str]) -> list[Row]:
    """The rows of `table`, with the columns `names`, as plain values (flags as bools)."""
    query = f"SELECT {', '.join(names)} FROM {table}"
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        try:
            found = [dict(zip(names, r, strict=True)) for r in await conn.fetch(query)]
        finally:
            await conn.close()
    else:
        with sqlite3.connect(str(target)) as db:
            found = [dict(zip(names, r, strict=True)) for r in db.execute(query)]
    return found
