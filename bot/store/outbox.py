"""The outbox in the store (docs/storage.md, "The announcement outbox"): what each game's thread
and its seats' panels have been told, events' news still to tell, and the leases that let one
process at a time tell a game or an event.

Committed versus announced: a game's `games.state_id` against its `announcements` mark; an
event's news rows against their `told_at`. News is written in the transaction of the change it
tells (`add_news`, bot/store/tournaments.py) and marked told only once Discord took it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.errors import DamagedEvent
from bot.store.grouping import Sql
from bot.store.keys import Key
from bot.store.records import JSON, Announcement, PanelMark
from bot.store.rows import DECODING, Row, announcement_row
from bot.store.schema import (
    announce_leases,
    announcements,
    games,
    seat_panels,
    seat_pings,
    tournament_news,
    tournaments,
)
from bot.store.statements import Upsert, columns, p

ANNOUNCEMENT_COLUMNS = ("game_id, state_id, to_move, channel_id, message_id, from_state, posted_to_move, "
                        "panels_state_id, board, board_picture")
NEWS_COLUMNS = "tournament_id, seq, kind, body, created_at"
_PANEL_COLUMNS = "seat, state_id, channel_id, message_id, offered_moves, final, told_no_dm, updated_at"

_ANNOUNCEMENT = sa.select(*columns(announcements, ANNOUNCEMENT_COLUMNS)).where(announcements.c.game_id == p("game_id"))
# An UPDATE sets the columns its parameters name (SQLAlchemy's way): a parameter of its WHERE is
# never named after a column of its table (`..._is`, `done`).
_TOLD = sa.update(announcements).where(announcements.c.game_id == p("game_id_is"),
                                       announcements.c.state_id <= p("state_id_is"))
_UPSERT_PING = Upsert(seat_pings, ("game_id", "seat"), ("state_id", "pinged_at"))
_PANELS = sa.select(*columns(seat_panels, _PANEL_COLUMNS)).where(seat_panels.c.game_id == p("game_id"))
_UPSERT_PANEL = Upsert(seat_panels, ("game_id", "seat"), [c.strip() for c in _PANEL_COLUMNS.split(",")][1:])
_PANELS_DONE = (sa.update(announcements)
                .where(announcements.c.game_id == p("game_id_is"), announcements.c.panels_state_id < p("done"))
                .values(panels_state_id=p("done")))
# Granted when nobody holds it, its holder let it lapse (a dead process), or the owner holds it already.
_TAKE_LEASE = Upsert(announce_leases, ("space", "game_id", "what"), ("owner", "until"),
                     where=lambda table, taking: sa.or_(table.c.owner == taking.owner, table.c.until < p("now")),
                     returning=("owner",))
_DROP_LEASE = sa.delete(announce_leases).where(
    announce_leases.c.space == p("space"), announce_leases.c.game_id == p("game_id"),
    announce_leases.c.what == p("what"), announce_leases.c.owner == p("owner"))
# Games whose thread or panels have not been told everything committed, oldest mark first.
_LAGGING = (sa.select(announcements.c.game_id).join(games, games.c.id == announcements.c.game_id)
            .where(games.c.status != "lobby", games.c.broken.is_(None),
                   sa.or_(announcements.c.state_id < games.c.state_id,
                          announcements.c.panels_state_id < games.c.state_id))
            .order_by(announcements.c.updated_at))
NEWS_ORDERED = (sa.select(*columns(tournament_news, NEWS_COLUMNS))
                .where(tournament_news.c.tournament_id == p("tournament_id")).order_by(tournament_news.c.seq))
_UNTOLD = NEWS_ORDERED.where(tournament_news.c.told_at.is_(None))
_LAST_NEWS = sa.select(sa.func.coalesce(sa.func.max(tournament_news.c.seq), 0)).where(
    tournament_news.c.tournament_id == p("tournament_id"))
_ADD_NEWS = sa.insert(tournament_news)
_NEWS_TOLD = sa.update(tournament_news).where(tournament_news.c.tournament_id == p("tournament_id_is"),
                                              tournament_news.c.seq == p("seq_is"), tournament_news.c.told_at.is_(None))
_TELLING = (sa.select(tournament_news.c.tournament_id).distinct()
            .join(tournaments, tournaments.c.id == tournament_news.c.tournament_id)
            .where(tournament_news.c.told_at.is_(None), tournaments.c.broken.is_(None))
            .order_by(tournament_news.c.tournament_id))


@dataclass(frozen=True)
class News:
    """One announcement for an event's thread: its kind and what it says, as data written with
    the change it tells (what it shows never changes after)."""

    tournament_id: int
    seq: int
    kind: str
    body: JSON
    created_at: float


def news_row(row: Row) -> News:
    try:
        body = json.loads(row[3])
        if not isinstance(body, dict):
            raise TypeError("not an object")
        return News(row[0], row[1], row[2], body, row[4])
    except DECODING as error:
        raise DamagedEvent(int(row[0]), f"tournament_news (item {row[1]})", error) from error


def add_news(conn: Sql, tournament_id: int, kind: str, body: JSON, now: float) -> None:
    """Inside a write: news for the event's thread, after the last."""
    last = int(conn.execute(_LAST_NEWS, {"tournament_id": tournament_id}).scalar_one())
    conn.execute(_ADD_NEWS, {"tournament_id": tournament_id, "seq": last + 1, "kind": kind, "body": dumps(body),
                             "created_at": now})


class OutboxStore:
    """Everything Skald tells, against what it has told: games' threads and panels, events' news."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- a game's thread and panels ------------------------------------------------------------------
    async def announcement(self, game_id: int) -> Announcement | None:
        """What the game's thread and panels have been told; None for a game never started."""
        row = await self._db.read(lambda conn: conn.execute(_ANNOUNCEMENT, {"game_id": game_id}).first())
        return None if row is None else announcement_row(row)

    async def record_announcement(self, mark: Announcement, *, pinged: Sequence[int], now: float) -> None:
        """The thread was told up to `mark.state_id`, and `pinged` seats were pinged for it, in one commit.

        Marks only move forward: an older mark arriving late changes nothing."""
        def op(conn: Sql) -> None:
            moved = conn.execute(_TOLD, {
                "state_id": mark.state_id, "to_move": dumps(list(mark.to_move)), "channel_id": mark.channel_id,
                "message_id": mark.message_id, "from_state": mark.from_state,
                "posted_to_move": dumps(list(mark.posted_to_move)), "board": mark.board,
                "board_picture": mark.board_picture, "updated_at": now, "game_id_is": mark.game_id,
                "state_id_is": mark.state_id}).rowcount
            if moved == 1 and pinged:
                conn.execute(_UPSERT_PING(conn), [{"game_id": mark.game_id, "seat": seat, "state_id": mark.state_id,
                                                   "pinged_at": now} for seat in pinged])
        await self._db.write(op)

    async def panel_marks(self, game_id: int) -> dict[int, PanelMark]:
        rows = await self._db.read(lambda conn: conn.execute(_PANELS, {"game_id": game_id}).all())
        return {int(r[0]): PanelMark(seat=r[0], state_id=r[1], channel_id=r[2], message_id=r[3],
                                     offered_moves=bool(r[4]), final=bool(r[5]), told_no_dm=bool(r[6]),
                                     shown_at=float(r[7]))
                for r in rows}

    async def record_panels(self, game_id: int, marks: Sequence[PanelMark], now: float,
                            done: int | None = None) -> None:
        """What seats' panels now show, and (`done`) that every seat is handled up to that state,
        in one write (it rides in the next group commit)."""
        def op(conn: Sql) -> None:
            if marks:
                conn.execute(_UPSERT_PANEL(conn), [{
                    "game_id": game_id, "seat": mark.seat, "state_id": mark.state_id, "channel_id": mark.channel_id,
                    "message_id": mark.message_id, "offered_moves": mark.offered_moves, "final": mark.final,
                    "told_no_dm": mark.told_no_dm, "updated_at": now} for mark in marks])
            if done is not None:
                conn.execute(_PANELS_DONE, {"done": done, "updated_at": now, "game_id_is": game_id})
        await self._db.write(op)

    async def lagging_games(self) -> list[int]:
        """Games whose thread or panels have not been told everything that is committed."""
        rows = await self._db.read(lambda conn: conn.execute(_LAGGING).all())
        return [int(r[0]) for r in rows]

    # -- who tells ---------------------------------------------------------------------------------------
    async def take_lease(self, key: Key, what: str, owner: str, now: float, seconds: float) -> bool:
        """Take (or keep) the right to tell `what` ('story', 'panels' of a game, 'news' of an event)
        for `seconds`; False while another process holds it. One process per SQLite file holds
        every lease already."""
        if not self._db.shared:
            return True
        def op(conn: Sql) -> bool:
            return conn.execute(_TAKE_LEASE(conn), {"space": key.space, "game_id": key.id, "what": what,
                                                    "owner": owner, "until": now + seconds, "now": now}).first() \
                is not None
        return await self._db.write(op)

    async def drop_lease(self, key: Key, what: str, owner: str) -> None:
        if self._db.shared:
            await self._db.write(lambda conn: conn.execute(_DROP_LEASE, {"space": key.space, "game_id": key.id,
                                                                         "what": what, "owner": owner}))

    # -- events' news --------------------------------------------------------------------------------------
    async def post_news(self, tournament_id: int, kind: str, body: JSON, now: float) -> None:
        await self._db.write(lambda conn: add_news(conn, tournament_id, kind, body, now))

    async def untold_news(self, tournament_id: int) -> list[News]:
        """The event's news not yet told (Discord has not taken it), oldest first."""
        rows = await self._db.read(lambda conn: conn.execute(_UNTOLD, {"tournament_id": tournament_id}).all())
        return [news_row(r) for r in rows]

    async def news(self, tournament_id: int) -> list[News]:
        """Every news item of the event, oldest first (told or not)."""
        rows = await self._db.read(lambda conn: conn.execute(NEWS_ORDERED, {"tournament_id": tournament_id}).all())
        return [news_row(r) for r in rows]

    async def news_told(self, news: News, message_id: int | None, now: float) -> None:
        """Discord took the news (`message_id`; None: refused it for good, so it is passed over)."""
        await self._db.write(lambda conn: conn.execute(_NEWS_TOLD, {
            "told_at": now, "message_id": message_id, "tournament_id_is": news.tournament_id, "seq_is": news.seq}))

    async def telling(self) -> list[int]:
        """Events with news still to tell (those set aside left out), oldest first."""
        rows = await self._db.read(lambda conn: conn.execute(_TELLING).all())
        return [int(r[0]) for r in rows]
