"""Settings and bookkeeping in the store: each server's settings (declared with their defaults in
bot/settings.py), and what adapters keep about people (whether DMs reach them, their DM channel)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.records import JSON
from bot.store.rows import settings_of
from bot.store.schema import guild_settings, users
from bot.store.statements import Upsert, p

_SETTINGS = sa.select(guild_settings.c.key, guild_settings.c.value).where(guild_settings.c.guild_id == p("guild_id"))
_UPSERT_SETTING = Upsert(guild_settings, ("guild_id", "key"), ("value", "updated_at"))
_DM_OK = Upsert(users, ("user_id",), ("dm_ok", "updated_at"))
_DM_CHANNEL = sa.select(users.c.dm_channel_id).where(users.c.user_id == p("user_id"))
_SET_DM_CHANNEL = Upsert(users, ("user_id",), ("dm_channel_id", "updated_at"))


class SettingsStore:
    """Servers' settings and people's DM bookkeeping."""

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
