"""Settings and bookkeeping in the store: each server's settings (declared with their defaults in
bot/settings.py), each person's own (how they are told of their turns, the games they muted:
docs/async.md), and what adapters keep about people (whether DMs reach them, their DM channel)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.records import JSON
from bot.store.rows import settings_of
from bot.store.schema import game_mutes, guild_settings, person_settings, users
from bot.store.statements import Upsert, p

_SETTINGS = sa.select(guild_settings.c.key, guild_settings.c.value).where(guild_settings.c.guild_id == p("guild_id"))
_UPSERT_SETTING = Upsert(guild_settings, ("guild_id", "key"), ("value", "updated_at"))
_DM_OK = Upsert(users, ("user_id",), ("dm_ok", "updated_at"))
_DM_CHANNEL = sa.select(users.c.dm_channel_id).where(users.c.user_id == p("user_id"))
_SET_DM_CHANNEL = Upsert(users, ("user_id",), ("dm_channel_id", "updated_at"))
_PERSON = sa.select(person_settings.c.user_id, person_settings.c.key, person_settings.c.value) \
    .where(person_settings.c.user_id.in_(sa.bindparam("ids", expanding=True)))
_UPSERT_PERSON = Upsert(person_settings, ("user_id", "key"), ("value", "updated_at"))
_MUTED = sa.select(game_mutes.c.user_id).where(game_mutes.c.game_id == p("game_id"))
_MUTE = Upsert(game_mutes, ("game_id", "user_id"), ("muted_at",))
_UNMUTE = sa.delete(game_mutes).where(game_mutes.c.game_id == p("game_id"), game_mutes.c.user_id == p("user_id"))


class SettingsStore:
    """Servers' and people's settings, games people muted, and people's DM bookkeeping."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def guild_settings(self, guild_id: int) -> JSON:
        """A server's stored settings by key (a value that no longer decodes is left out, logged)."""
        rows = await self._db.read(lambda conn: conn.execute(_SETTINGS, {"guild_id": guild_id}).all())
        return settings_of(guild_id, rows)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_UPSERT_SETTING(conn), {
            "guild_id": guild_id, "key": key, "value": dumps(value), "updated_at": now}))

    async def set_dm_ok(self, user_id: int, ok: bool | None, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_DM_OK(conn), {"user_id": user_id, "dm_ok": ok,
                                                                      "updated_at": now}))

    async def dm_channel(self, user_id: int) -> int | None:
        value = await self._db.read(lambda conn: conn.execute(_DM_CHANNEL, {"user_id": user_id}).scalar())
        return None if value is None else int(value)

    async def set_dm_channel(self, user_id: int, channel_id: int, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_SET_DM_CHANNEL(conn), {
            "user_id": user_id, "dm_channel_id": channel_id, "updated_at": now}))

    async def person_settings(self, user_ids: Sequence[int]) -> dict[int, JSON]:
        """Each person's stored settings by key (people with none are left out; a value that no
        longer decodes is left out, logged, so its default applies)."""
        if not user_ids:
            return {}
        rows = await self._db.read(lambda conn: conn.execute(_PERSON, {"ids": list(user_ids)}).all())
        found: dict[int, list[Any]] = {}
        for row in rows:
            found.setdefault(int(row[0]), []).append(row[1:])
        return {user_id: settings_of(user_id, kept, "person") for user_id, kept in found.items()}

    async def set_person_setting(self, user_id: int, key: str, value: Any, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_UPSERT_PERSON(conn), {
            "user_id": user_id, "key": key, "value": dumps(value), "updated_at": now}))

    async def muted(self, game_id: int) -> set[int]:
        """The people who muted the game's turn notices."""
        rows = await self._db.read(lambda conn: conn.execute(_MUTED, {"game_id": game_id}).all())
        return {int(row[0]) for row in rows}

    async def set_muted(self, user_id: int, game_id: int, muted: bool, now: float) -> None:
        if muted:
            await self._db.write(lambda conn: conn.execute(_MUTE(conn), {
                "game_id": game_id, "user_id": user_id, "muted_at": now}))
        else:
            await self._db.write(lambda conn: conn.execute(_UNMUTE, {"game_id": game_id, "user_id": user_id}))
