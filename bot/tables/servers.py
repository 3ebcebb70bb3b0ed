"""A server's side of the table service: its settings, and what it knows of its people (their
reliability, whether their DMs reach them). Lobbies and absences read these."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from typing import Any

from bot import credit
from bot.holders import SeatHistory
from bot.tables import notify
from bot.tables import settings as declared
from bot.tables.errors import Unreliable
from bot.tables.gate import Gate
from bot.tables.settings import ServerSettings, WebAccess, server_settings, web_access
from bot.tables.types import GameInfo


@dataclass(frozen=True)
class Hushed:
    """Who gets no turn notice from a game now (`Servers.hushed`)."""

    chosen: set[int]  # seats whose people muted it, or chose to be told only near a deadline
    quiet: dict[int, tuple[float, float]]  # seats whose people are in quiet hours: when those began and end
    digest: dict[int, int] = field(default_factory=dict)  # seats whose people chose the digest: their user ids


class Servers:
    """Each server's settings and people (see the module docstring)."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    async def settings(self, guild_id: int) -> ServerSettings:
        """The server's settings: its own values over the declared defaults."""
        return await server_settings(self.gate.store, guild_id)

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store one of the server's settings (`bot.tables.settings.check` validates it first)."""
        await self.gate.store.settings.set_guild_setting(guild_id, key, value, self.gate.clock())

    async def reliability(self, guild_id: int, user_id: int) -> credit.Reliability:
        """How the person's ended games in the server went: played to the end, left, timed out."""
        games = await self.gate.store.games.ended_holdings(user_id, guild_id)
        return credit.reliability(((status, SeatHistory(held)) for status, held in games), user_id)

    async def require_reliable(self, guild_id: int, user_id: int, minimum: int, what: str) -> None:
        """Unreliable when `what` ("This table") asks for more reliability than the person has in the
        server (newcomers, with no game ended yet, are welcome)."""
        if minimum <= 0:
            return
        found = await self.reliability(guild_id, user_id)
        if credit.below(minimum, found):
            raise Unreliable(f"{what} asks for a reliability of at least {minimum}%; yours in this server is "
                             f"{found.describe()}. Play your games to the end to raise it.")

    async def set_dm_ok(self, user_id: int, ok: bool | None) -> None:
        """Remember whether the user's DMs reach them (None: unknown)."""
        await self.gate.store.settings.set_dm_ok(user_id, ok, self.gate.clock())
        for table in self.gate.in_memory():  # a table both cached and locked is set twice alike
            if table.seat_of(user_id) is not None:
                table.seats = tuple(replace(s, dm_ok=ok) if s.user_id == user_id else s for s in table.seats)

    # -- how each person is told of their turns (bot/tables/notify.py) --------------------------
    async def notify_choice(self, user_id: int) -> str:
        """How the person chose to be told of their turns (`notify.EVERY_TURN` unless they chose)."""
        return notify.choice_of((await self.gate.store.settings.person_settings([user_id])).get(user_id, {}))

    async def set_notify_choice(self, user_id: int, choice: str, hours: int | None = None) -> None:
        """Store how the person is told; `hours`: a digest's least hours apart (kept when None)."""
        if choice not in notify.CHOICES:
            raise ValueError(f"{choice!r} is no way of being told")
        store, now = self.gate.store.settings, self.gate.clock()
        if hours is not None:
            await store.set_person_setting(user_id, notify.DIGEST_HOURS, notify.check_hours(hours), now)
        await store.set_person_setting(user_id, notify.NOTIFY, choice, now)
        if choice == notify.DIGEST:  # choosing is an interaction too (`saw` may have looked before)
            await store.set_person_setting(user_id, notify.SEEN, now, now)

    async def person(self, user_id: int) -> dict[str, Any]:
        """The person's stored settings by key (empty: none)."""
        return (await self.gate.store.settings.person_settings([user_id])).get(user_id, {})

    async def saw(self, user_id: int) -> None:
        """The person interacted with Skald just now: stored if they chose the digest (a digest sent
        before is read, and what waits now they saw: bot/tables/digest.py); nobody else's settings
        change."""
        if notify.choice_of(await self.person(user_id)) == notify.DIGEST:
            now = self.gate.clock()
            await self.gate.store.settings.set_person_setting(user_id, notify.SEEN, now, now)

    async def quiet(self, user_id: int) -> notify.Quiet | None:
        """The person's quiet hours (None: they have none)."""
        return notify.quiet_of((await self.gate.store.settings.person_settings([user_id])).get(user_id, {}))

    async def set_quiet(self, user_id: int, quiet: notify.Quiet | None) -> None:
        """Set (None: clear) the person's quiet hours."""
        value = None if quiet is None else quiet.text()
        await self.gate.store.settings.set_person_setting(user_id, notify.QUIET, value, self.gate.clock())

    async def set_muted(self, user_id: int, game_id: int, muted: bool) -> None:
        """Mute (or unmute) the game's turn notices for the person."""
        await self.gate.store.settings.set_muted(user_id, game_id, muted, self.gate.clock())

    async def muted(self, game_id: int) -> set[int]:
        """The people who muted the game."""
        return await self.gate.store.settings.muted(game_id)

    async def hushed(self, info: GameInfo) -> Hushed:
        """The game's seats whose people get no turn notice from it now: they muted it or chose to be
        told only near a deadline (the clock's reminders still reach them), or are in their quiet
        hours. The people's settings are read once for both."""
        people = {s.user_id: s.seat for s in info.seats if s.user_id is not None and not s.played_by_ai}
        if not people:
            return Hushed(set(), {})
        muted = await self.gate.store.settings.muted(info.game_id)
        stored = await self.gate.store.settings.person_settings(list(people))
        now = self.gate.clock()
        chosen, quiet, digest = set(), {}, {}
        for user_id, seat in people.items():
            own = stored.get(user_id, {})
            choice = notify.choice_of(own)
            if user_id in muted or choice in notify.HUSHING:
                chosen.add(seat)
            if choice == notify.DIGEST and user_id not in muted:
                digest[seat] = user_id
            hours = notify.quiet_of(own)
            period = None if hours is None else hours.period(now)
            if period is not None:
                quiet[seat] = period
        return Hushed(chosen, quiet, digest)

    # -- the web pages (docs/web.md) -------------------------------------------------------------
    async def web_access(self, guild_id: int) -> WebAccess:
        """Who may open the server's game pages (its `web` setting, signed links' generation, the
        channels seen to be public)."""
        return web_access(await self.gate.store.settings.guild_settings(guild_id))

    async def saw_channel(self, guild_id: int, channel_id: int, public: bool, known: WebAccess) -> None:
        """Remember whether everyone can see the channel, as the bot just saw it (`known`: the access
        read before, so an unchanged channel costs no write)."""
        if (channel_id in known.public_channels) != public:
            await self.gate.store.settings.set_guild_setting(guild_id, declared.channel_key(channel_id),
                                                    declared.PUBLIC if public else declared.PRIVATE, self.gate.clock())

    async def revoke_web_links(self, guild_id: int) -> int:
        """Every signed link given for the server's games so far stops working; the new generation."""
        generation = (await self.web_access(guild_id)).generation + 1
        await self.gate.store.settings.set_guild_setting(guild_id, declared.WEB_GENERATION, generation,
                                                         self.gate.clock())
        return generation

    async def web_secret(self) -> str:
        """The links' signing key kept in the database, made the first time it is asked for. Read
        back after it is written: two processes making one at once agree on the one stored last,
        and every later read (a link made, a link checked) takes that one."""
        stored = (await self.gate.store.settings.guild_settings(declared.WHOLE_BOT)).get(declared.WEB_SECRET)
        if isinstance(stored, str) and stored:
            return stored
        await self.gate.store.settings.set_guild_setting(declared.WHOLE_BOT, declared.WEB_SECRET,
                                                         secrets.token_urlsafe(32), self.gate.clock())
        kept = (await self.gate.store.settings.guild_settings(declared.WHOLE_BOT)).get(declared.WEB_SECRET)
        assert isinstance(kept, str)
        return kept
