"""Drive the real Skald bot through discord.py's own parsing, with no network.

Gateway side: INTERACTION_CREATE dicts go to `bot._connection.parse_interaction_create`.
REST side: every call the bot makes is recorded and answered here — `bot.http.request`
(messages, DMs, threads, command sync) and the webhook adapter held in discord.py's
`async_context` (interaction callbacks, followups, edits of the original response).
The harness keeps a little model of Discord (messages per channel, DM channels, threads,
ephemeral replies) so clicks carry the message their button lives on, as Discord does.

These lean on discord.py 2.7 private names (pinned ~=2.7 in pyproject.toml); keep them here.

    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        ann = h.user("ann")
        await h.slash(ann, "play tranquility", {"sea_monsters": 3})
        lobby = h.last_message(h.channel_id)
        await h.click(ann, h.button(lobby, "Join"))
"""

from __future__ import annotations

import asyncio
import dataclasses
import io
import itertools
import json
import re
import time
from collections.abc import AsyncIterator, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
from discord.app_commands import Command, Group
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord.app import Settings, SkaldBot, WebSettings
from bot.discord.pacing import Backoff, ChannelPacer
from bot.tables.leadership import WATCH_TASK

JSON = dict[str, Any]
EPHEMERAL = 64
TIMESTAMP = "2026-11-29T15:00:00+00:00"
MANAGE_GUILD = 1 << 5
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 38)  # view channel, send messages, send in threads
SETTLE_CAP = 300.0  # seconds one settle may take in all, however busy the bot keeps


@dataclass(frozen=True)
class User:
    """A Discord user the harness can act as. `dm_closed`: Skald's DMs bounce with 50007."""

    id: int
    name: str
    dm_closed: bool = False
    manage_guild: bool = False
    bot: bool = False  # another bot of the server (named in options, never acting)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None, "bot": self.bot}


@dataclass
class Request:
    """One REST call the bot made. `json` is the JSON body (or multipart payload_json)."""

    method: str
    path: str  # route template, e.g. "/channels/{channel_id}/messages"
    url: str
    json: Any
    files: dict[str, bytes]
    webhook: bool
    status: int = 200


@dataclass
class Message:
    """A message as the harness's Discord holds it."""

    payload: JSON
    channel_id: int
    ephemeral_for: int | None = None  # user id who alone sees it
    files: dict[str, bytes] = field(default_factory=dict)
    deleted: bool = False
    interaction: bool = False  # an interaction's response or followup
    created_at: float = field(default_factory=time.time)  # for benchmarks, never asserted
    edits: int = 0

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    def text(self) -> str:
        """Content plus every embed's visible text, for searching."""
        parts = [self.content]
        for embed in self.payload.get("embeds") or []:
            parts += [str(embed.get(k) or "") for k in ("title", "description")]
            parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
            footer = embed.get("footer") or {}
            parts.append(str(footer.get("text") or ""))
        return "\n".join(parts)

    def components(self) -> list[JSON]:
        """Every interactive component (buttons, selects), flattened."""
        found: list[JSON] = []
        stack = list(self.payload.get("components") or [])
        while stack:
            comp = stack.pop(0)
            if comp.get("components"):
                stack[:0] = comp["components"]
            elif "custom_id" in comp:
                found.append(comp)
        return found


@dataclass
class Invocation:
    """One interaction the harness sent, with what the bot answered."""

    id: int
    token: str
    user: User
    channel_id: int
    message_id: int | None  # the message a component sits on
    custom_id: str | None = None  # the component clicked
    callbacks: list[JSON] = field(default_factory=list)
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    choices: list[JSON] | None = None  # autocomplete answer
    arrived_at: int = 0  # len(requests) when the interaction was fed
    calls_before_ack: list[str] = field(default_factory=list)  # REST calls made before acknowledging
    fed_at: float = 0.0  # perf_counter() when fed; for benchmarks, never asserted
    acked_at: float | None = None
    settled_at: float | None = None
    answered_at: float | None = None  # when the first visible answer (choices, reply, followup) came
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    def answer(self) -> None:
        if self.answered_at is None:
            self.answered_at = time.perf_counter()
        self.answered.set()


def _is_view_timer(task: asyncio.Task[Any]) -> bool:
    name: str = getattr(task.get_coro(), "__qualname__", "")
    return name.endswith("__timeout_task_impl")


CONTENT_LIMIT = 2000  # Discord's limits on a message (https://discord.com/developers/docs/resources/message)
EMBEDS_LIMIT = 10
EMBED_TEXT_LIMIT = 6000  # titles, descriptions, field names and values, footers and authors together
EMBED_PART_LIMITS = {"title": 256, "description": 4096}


def embed_text(embed: JSON) -> int:
    """The characters of an embed that count against the 6,000 per message."""
    fields = embed.get("fields") or []
    return (sum(len(str(embed.get(k) or "")) for k in EMBED_PART_LIMITS)
            + sum(len(str(f.get("name") or "")) + len(str(f.get("value") or "")) for f in fields)
            + len(str((embed.get("footer") or {}).get("text") or ""))
            + len(str((embed.get("author") or {}).get("name") or "")))


def form_problem(body: Any) -> str | None:
    """Why Discord would refuse this message body, or None."""
    if not isinstance(body, dict):
        return None
    if len(str(body.get("content") or "")) > CONTENT_LIMIT:
        return f"content over {CONTENT_LIMIT} characters"
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS_LIMIT:
        return f"{len(embeds)} embeds"
    for embed in embeds:
        for key, limit in EMBED_PART_LIMITS.items():
            if len(str(embed.get(key) or "")) > limit:
                return f"embed {key} over {limit} characters"
        if len(embed.get("fields") or []) > 25 or any(len(str(f.get("value") or "")) > 1024
                                                      for f in embed.get("fields") or []):
            return "embed fields over their limits"
    if sum(embed_text(e) for e in embeds) > EMBED_TEXT_LIMIT:
        return f"embeds over {EMBED_TEXT_LIMIT} characters together"
    return None


def body_text(body: Any) -> str:
    """A message body's content and embed text, for matching."""
    if not isinstance(body, dict):
        return ""
    parts = [str(body.get("content") or "")]
    for embed in body.get("embeds") or []:
        parts += [str(embed.get("title") or ""), str(embed.get("description") or "")]
    return "\n".join(parts)


@dataclass
class Failure:
    """A planned Discord failure: the next `times` calls matching `method` and `path` answer
    `status`; with `after_create`, Discord did the work before failing (a timed-out answer)."""

    method: str
    path: str
    status: int = 500
    times: int = 1
    after_create: bool = False
    channel_id: int | None = None  # only calls to this channel (None: any)
    content: str | None = None  # only bodies whose text (content or embeds) holds this (None: any)


class _Http:
    """Plays Discord's REST API for `bot.http.request`."""

    def __init__(self, harness: Harness, latency: float | None = None) -> None:
        self.h = harness
        self.latency = latency  # this process's own delay (None: the harness's)

    async def request(self, route: Route, *, files: Iterable[discord.File] | None = None,
                      form: Iterable[JSON] | None = None, **kwargs: Any) -> Any:
        body = kwargs.get("json")
        if form:
            body = self.h.payload_json(list(form))
        blobs = self.h.read_files(files)
        record = Request(route.method, route.path, route.url, body, blobs, webhook=False)
        await self.h.pace_global()
        latency = self.h.latency if self.latency is None else self.latency
        if latency:
            await asyncio.sleep(latency)
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            await self.h.pace(int(route.url.rsplit("/", 2)[-2]))
        await self.h.held.wait()
        self.h.keep(record)
        failure = self.h.failure_for(route, body)
        if failure is not None and not failure.after_create:
            raise self.h.server_error(record, failure.status)
        if "/messages" in route.path and route.method in ("POST", "PATCH"):
            self.h.check_form(record, body)
        answer = self.h.rest(record, route)
        if failure is not None:
            raise self.h.server_error(record, failure.status)
        return answer


class _Webhooks(AsyncWebhookAdapter):
    """Plays Discord's webhook API: interaction callbacks, followups and their edits."""

    def __init__(self, harness: Harness) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.h = harness

    async def request(self, route: Route, session: Any, *, payload: JSON | None = None,
                      multipart: list[JSON] | None = None, files: Any = None, **kwargs: Any) -> Any:
        body = self.h.payload_json(multipart) if multipart else payload
        record = Request(route.method, route.path, route.url, body, self.h.read_files(files), webhook=True)
        if self.h.latency:
            await asyncio.sleep(self.h.latency)
        self.h.keep(record)
        if route.method in ("POST", "PATCH") and isinstance(body, dict):
            self.h.check_form(record, body.get("data") if "type" in body else body)
        return self.h.webhook(record, route)


class Harness:
    """A Skald bot with a simulated Discord around it. Use `Harness.open` as a context manager."""

    def __init__(self, db: Path | str, *, guild_id: int = 900, channel_id: int = 901,
                 size_limit: int = 10 * 1024 * 1024, mqtt_url: str | None = None, rate_window: float = 0.05,
                 click_limits: float = 1000.0, lean: bool = False,
                 clock: Callable[[], float] | None = None, ai_seconds: float = 0.0,
                 web: WebSettings | None = None) -> None:
        self.db = db
        self.ai_seconds = ai_seconds  # the AI seats' time box (0: none; benchmarks give the bot's own)
        self.mqtt_url = mqtt_url
        self.web = web or WebSettings()  # the spectator pages: links (url), served by the bot (port)
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.size_limit = size_limit
        self.app_id = 800
        self.bot_user = {"id": "801", "username": "Skald", "discriminator": "0", "avatar": None, "bot": True}
        self.requests: list[Request] = []
        self.messages: dict[int, Message] = {}
        self.invocations: dict[str, Invocation] = {}
        self.users: dict[int, User] = {}
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.threads: dict[int, JSON] = {}
        self.channel_guilds: dict[int, int] = {}  # channels of other servers (default: guild_id)
        # Per user: set whenever the bot pings them in a channel or writes to their DMs.
        self.notices: dict[int, asyncio.Event] = {}
        # (wall clock, channel, board number) each time a board message is posted or edited.
        self.boards: list[tuple[float, int, int]] = []
        # When a list (load benchmarks): (wall clock, channel, hashes of its story lines) each time
        # a thread message is posted or edited, so a sealed step told by an edit counts as told.
        self.stories: list[tuple[float, int, frozenset[int]]] | None = None
        self.global_rate: tuple[int, float] | None = None  # e.g. (50, 1.0): the bot's global REST limit
        self._global: list[float] = []
        self.unhandled: list[Request] = []
        self.thread_creation_allowed = True
        # Discord's per-channel limit on new messages (5 per 5 s), as discord.py meets it: a 429
        # and a wait. Tests shrink the window (the bot's pacer alike) so whole games stay quick;
        # benchmarks use Discord's own 5 s.
        self.channel_rate: tuple[int, float] = (5, rate_window)
        self.rate_limited = 0  # posts that would have met a 429
        self.refused_forms: list[str] = []  # messages Discord would refuse as over its limits
        self.limited_channels: list[int] = []
        self._posted: dict[int, list[float]] = {}
        self._nonces: dict[tuple[int, str], Message] = {}
        self.failures: list[Failure] = []
        self.latency = 0.0  # seconds each REST call takes
        self.click_limits = click_limits  # scales the per-user click limits (1.0: as in production)
        self.clock = clock  # the bot's wall clock (None: the real one); tests of clocks move their own
        self.lean = lean  # keep no file bytes (load benchmarks: memory is measured, pictures aren't read)
        self.held = asyncio.Event()  # cleared: REST calls wait (a network that hangs)
        self.held.set()
        self._ids = itertools.count(10_000)
        self._user_ids = itertools.count(100)
        self._seeds = itertools.count(7)
        self._baseline: set[asyncio.Task[Any]] = set()
        self.adapter = _Webhooks(self)
        self.bot: SkaldBot | None = None
        self.others: list[SkaldBot] = []  # further processes on the same database (PostgreSQL)
        # Tasks `settle` must not wait for (e.g. a test broker's own connection handlers).
        self.foreign: Callable[[asyncio.Task[Any]], bool] = lambda task: False

    # -- lifecycle ------------------------------------------------------------------------
    @classmethod
    @asynccontextmanager
    async def open(cls, db: Path | str, **kwargs: Any) -> AsyncIterator[Harness]:
        harness = cls(db, **kwargs)
        await harness.start()
        try:
            yield harness
        finally:
            await harness.stop()

    def settings(self) -> Settings:
        # No time box by default (below what SKALD_AI_SECONDS allows): the AI seats only need to
        # move, the same move every run (benchmarks/ai.py measures how well they play).
        return Settings(token="test-token", db_path=self.db, mqtt_url=self.mqtt_url, guild_id=None,
                        ai_seconds=self.ai_seconds, web=self.web)

    async def start(self) -> None:
        """A fresh bot instance on the same database, logged in against this harness."""
        async_context.set(self.adapter)
        # Fixed seeds: every run of a test plays the same games.
        bot = SkaldBot(self.settings(), seeds=self._seeds.__next__, clock=self.clock)
        bot.backoff = Backoff(base=0.2, cap=2.0, seed=0)  # retries soon, and the same every run
        bot.pacer = ChannelPacer(*self.channel_rate)
        bot.cooldowns.control_factor = self.click_limits
        setattr(bot.http, "request", _Http(self).request)  # noqa: B010 - the network edge
        self.bot = bot
        # Before login: set-up work (the start-up catch-up) counts as the bot's own tasks.
        self._baseline = set(asyncio.all_tasks())
        await bot.login("test-token")

    async def another_process(self, latency: float | None = None) -> SkaldBot:
        """A second bot process over the same (PostgreSQL) database and this same Discord: feed
        it interactions with `via=`; what it posts lands here beside the first one's. `latency`:
        its REST calls' own delay (a process further from Discord)."""
        bot = SkaldBot(self.settings(), seeds=self._seeds.__next__, clock=self.clock)
        bot.backoff = Backoff(base=0.2, cap=2.0, seed=1)
        bot.pacer = ChannelPacer(*self.channel_rate)
        bot.cooldowns.control_factor = self.click_limits
        setattr(bot.http, "request", _Http(self, latency).request)  # noqa: B010 - the network edge
        await bot.login("test-token")
        self.others.append(bot)
        return bot

    async def crash(self) -> None:
        """The process dies: its tasks stop wherever they are, and nothing more is posted."""
        bot = self.client
        tasks = {t for t in self._bot_tasks() if t is not asyncio.current_task()}
        for task in tasks:
            task.cancel()
        # Timers are no tasks: the notifier's own shutdown stops them (the sweep, the retries)
        # before anything else runs, and with every post cancelled it has nothing left to wait for.
        await bot.notifier.drain()
        await asyncio.gather(*tasks, return_exceptions=True)
        await bot.tables.store.close()  # the dead process's file handle goes with it
        for task in asyncio.all_tasks():
            if _is_view_timer(task):
                task.cancel()
        self.bot = None
        self.held.set()

    async def stop(self) -> None:
        if self.bot is not None:
            await self.settle()
            for other in self.others:
                await other.close()
            self.others.clear()
            await self.bot.close()
            for task in asyncio.all_tasks():
                if _is_view_timer(task):
                    task.cancel()
            self.bot = None

    def _lease_waits(self) -> bool:
        bots = [bot for bot in (self.bot, *self.others) if bot is not None]
        return any(bot.notifier.thread.waiting_on_lease or bot.notifier.panels.waiting_on_lease for bot in bots)

    def _bot_tasks(self) -> set[asyncio.Task[Any]]:
        """Tasks the bot started since login, except the 15-minute expiry timers discord.py
        gives views on ephemeral messages and, on PostgreSQL, the leader's watch (both outlive
        any interaction by design)."""
        return {t for t in asyncio.all_tasks() if t not in self._baseline and not _is_view_timer(t)
                and t.get_name() != WATCH_TASK and not self.foreign(t)}

    async def restart(self) -> None:
        """Stop this bot and start a new one over the same database (a process restart)."""
        await self.stop()
        await self.start()

    @property
    def client(self) -> SkaldBot:
        assert self.bot is not None, "harness not started"
        return self.bot

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until every task the bot started since login has finished, and no process is still
        to look again at a game another one was telling. `timeout` is how long the bot may go
        without sending anything: a loaded host may take minutes over stand-ins playing a game
        out, and that is progress, not a hang (bounded all the same, at `SETTLE_CAP`)."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        deadline = began + timeout
        sent = len(self.requests)
        me = asyncio.current_task()
        idle_rounds = 0
        while idle_rounds < 3:
            await asyncio.sleep(0)
            pending = {t for t in self._bot_tasks() if t is not me and not t.done()}
            if not pending and not self._lease_waits():
                idle_rounds += 1
                continue
            idle_rounds = 0
            if len(self.requests) != sent:
                sent = len(self.requests)
                deadline = min(loop.time() + timeout, began + SETTLE_CAP)
            remaining = deadline - loop.time()
            if remaining <= 0:
                where = [f"{t.get_name()} at {t.get_stack(limit=3)}" for t in pending]
                raise TimeoutError(f"bot tasks still running: {where}" if pending else
                                   "a process still waits to look again at a game another was telling")
            if pending:
                await asyncio.wait(pending, timeout=remaining)
            else:  # a process looks again soon at a game another one was telling (a timer, no task)
                await asyncio.sleep(0.02)

    # -- people ---------------------------------------------------------------------------
    def user(self, name: str, *, dm_closed: bool = False, manage_guild: bool = False, bot: bool = False) -> User:
        person = User(next(self._user_ids), name, dm_closed=dm_closed, manage_guild=manage_guild, bot=bot)
        self.users[person.id] = person
        return person

    # -- interactions ---------------------------------------------------------------------
    def _base(self, kind: int, user: User, channel_id: int, data: JSON) -> tuple[JSON, Invocation]:
        interaction_id = next(self._ids)
        token = f"token-{interaction_id}"
        payload: JSON = {
            "id": str(interaction_id), "application_id": str(self.app_id), "type": kind, "data": data,
            "token": token, "version": 1, "locale": "en-US", "attachment_size_limit": self.size_limit,
            "app_permissions": str((1 << 53) - 1), "entitlements": [],
            "channel": self.channel_payload(channel_id), "channel_id": str(channel_id),
        }
        if channel_id in self.dm_channels.values():
            payload["user"] = user.payload()
            payload["context"] = 1
        else:
            perms = MEMBER_PERMISSIONS | (MANAGE_GUILD if user.manage_guild else 0)
            payload["guild_id"] = str(self.guild_of(channel_id))
            payload["guild_locale"] = "en-US"
            payload["context"] = 0
            payload["member"] = {"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False,
                                 "mute": False, "flags": 0, "permissions": str(perms)}
        invocation = Invocation(interaction_id, token, user, channel_id, None)
        self.invocations[token] = invocation
        return payload, invocation

    def _command_options(self, name: str, options: Mapping[str, Any], focused: str | None) -> tuple[JSON, Any]:
        """Build the nested options of `name` ("game board") from the registered command tree."""
        words = name.split()
        node: Any = self.client.tree.get_command(words[0])
        assert node is not None, f"no command /{words[0]}"
        chain = [node]
        for word in words[1:]:
            assert isinstance(node, Group)
            node = node.get_command(word)
            assert node is not None, f"no command /{name}"
            chain.append(node)
        assert isinstance(node, Command), f"/{name} is a group"
        leaf: list[JSON] = []
        for key, value in options.items():
            param = node.get_parameter(key)
            assert param is not None, f"/{name} has no option {key}"
            # Snowflake options (users, channels, roles) travel as strings, as Discord sends them.
            entry: JSON = {"name": key, "type": param.type.value,
                           "value": str(value) if param.type.value in (6, 7, 8, 9) else value}
            if key == focused:
                entry["focused"] = True
            leaf.append(entry)
        opts: list[JSON] = leaf
        for sub in reversed(chain[1:]):
            opts = [{"name": sub.name, "type": 2 if isinstance(sub, Group) else 1, "options": opts}]
        data = {"id": str(next(self._ids)), "name": words[0], "type": 1, "options": opts}
        resolved = self._resolved(entry["value"] for entry in leaf if entry["type"] == 6)
        if resolved:
            data["resolved"] = resolved
        return data, node

    def _resolved(self, ids: Iterable[Any]) -> JSON:
        """Discord sends the users (and members) a user option names, resolved."""
        users: JSON = {}
        members: JSON = {}
        for value in ids:
            person = self.users.get(int(value))
            if person is None:
                continue
            users[str(person.id)] = person.payload()
            members[str(person.id)] = {"roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                                       "flags": 0, "permissions": str(MEMBER_PERMISSIONS)}
        return {"users": users, "members": members} if users else {}

    async def slash(self, user: User, name: str, options: Mapping[str, Any] | None = None, *,
                    channel_id: int | None = None, settle: bool = True, via: SkaldBot | None = None) -> Invocation:
        """Run `/name` (subcommands space-separated) as `user`; waits until the bot is done
        (with `settle=False` only until it is fed: await `invocation.answered` for the answer).
        `via`: another process (`another_process`) receives it."""
        data, _ = self._command_options(name, options or {}, None)
        payload, invocation = self._base(2, user, channel_id or self.channel_id, data)
        await self._feed(payload, settle, via)
        return invocation

    async def autocomplete(self, user: User, name: str, options: Mapping[str, Any], focused: str, *,
                           channel_id: int | None = None) -> list[JSON]:
        """The choices the bot offers while `user` types option `focused` of `/name`."""
        invocation = await self.typing(user, name, options, focused, channel_id=channel_id)
        assert invocation.choices is not None, f"no autocomplete answer for /{name} {focused}"
        return invocation.choices

    async def typing(self, user: User, name: str, options: Mapping[str, Any], focused: str, *,
                     channel_id: int | None = None, settle: bool = True) -> Invocation:
        """An autocomplete request, as `autocomplete`, returning its invocation."""
        data, _ = self._command_options(name, options, focused)
        payload, invocation = self._base(4, user, channel_id or self.channel_id, data)
        await self._feed(payload, settle)
        return invocation

    async def click(self, user: User, custom_id: str, values: list[str] | None = None, *,
                    message: Message | None = None, settle: bool = True) -> Invocation:
        """Press the button (or choose `values` in the select) `custom_id` as `user`.

        The message is the newest one carrying that component which `user` can see,
        unless given.
        """
        message = message or self.find_component(user, custom_id)
        comp = next(c for c in message.components() if c["custom_id"] == custom_id)
        data: JSON = {"custom_id": custom_id, "component_type": comp["type"]}
        if comp["type"] != 2:
            data["values"] = values or []
        payload, invocation = self._base(3, user, message.channel_id, data)
        payload["message"] = message.payload
        invocation.message_id = message.id
        invocation.custom_id = custom_id
        await self._feed(payload, settle)
        return invocation

    async def dm(self, user: User, content: str) -> None:
        """`user` writes to the bot in their DMs: a MESSAGE_CREATE through discord.py's parsing."""
        channel = self.dm_channels.setdefault(user.id, next(self._ids))
        payload: JSON = {"id": str(next(self._ids)), "channel_id": str(channel), "author": user.payload(),
                   "content": content, "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False,
                   "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                   "pinned": False, "type": 0}
        self.client._connection.parse_message_create(payload)  # type: ignore[arg-type]  # a plain dict
        await self.settle()

    async def _feed(self, payload: JSON, settle: bool = True, via: SkaldBot | None = None) -> None:
        invocation = self.invocations[payload["token"]]
        invocation.arrived_at = len(self.requests)
        invocation.fed_at = time.perf_counter()
        async_context.set(self.adapter)
        (via or self.client)._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        if settle:
            await self.settle()
            invocation.settled_at = time.perf_counter()

    # -- what people see ------------------------------------------------------------------
    def visible(self, user: User | None, message: Message) -> bool:
        if message.deleted:
            return False
        if message.ephemeral_for is not None:
            return user is not None and message.ephemeral_for == user.id
        if message.channel_id in self.dm_channels.values():
            return user is not None and self.dm_channels.get(user.id) == message.channel_id
        return True

    def channel_messages(self, channel_id: int, *, viewer: User | None = None) -> list[Message]:
        """Messages in a channel as `viewer` sees them (None: only public ones), oldest first."""
        return [m for m in self.messages.values() if m.channel_id == channel_id and self.visible(viewer, m)]

    def last_message(self, channel_id: int, *, viewer: User | None = None) -> Message:
        found = self.channel_messages(channel_id, viewer=viewer)
        assert found, f"no message in channel {channel_id}"
        return found[-1]

    def dms(self, user: User) -> list[Message]:
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.channel_messages(channel, viewer=user)

    def replies(self, invocation: Invocation) -> list[Message]:
        """The original response and followups of one interaction, oldest first."""
        ids = ([invocation.original_id] if invocation.original_id else []) + invocation.followups
        return [self.messages[i] for i in ids if i in self.messages and not self.messages[i].deleted]

    def reply_text(self, invocation: Invocation) -> str:
        return "\n".join(m.text() for m in self.replies(invocation))

    def public_messages(self) -> list[Message]:
        """Every message anyone in the server can read (no DMs, no ephemeral replies)."""
        dm_ids = set(self.dm_channels.values())
        return [m for m in self.messages.values()
                if m.ephemeral_for is None and m.channel_id not in dm_ids and not m.deleted]

    def find_component(self, user: User, custom_id: str) -> Message:
        for message in reversed(list(self.messages.values())):
            if self.visible(user, message) and any(c["custom_id"] == custom_id for c in message.components()):
                return message
        raise AssertionError(f"{user.name} sees no component {custom_id!r}")

    def last_board(self, game_id: int) -> Message:
        """The newest public board of a game (the message with its "My hand" button)."""
        for message in reversed(self.public_messages()):
            if any(c["custom_id"].startswith(f"skald:{game_id}:") and c["custom_id"].endswith(":hand")
                   for c in message.components()):
                return message
        raise AssertionError(f"no board posted for game {game_id}")

    @staticmethod
    def button(message: Message, label: str) -> str:
        """Custom id of the button labelled `label` (exact, case-insensitive)."""
        for comp in message.components():
            if comp["type"] == 2 and str(comp.get("label", "")).lower() == label.lower():
                return str(comp["custom_id"])
        raise AssertionError(f"no button {label!r} on message {message.id}: {message.components()}")

    # -- the simulated Discord ------------------------------------------------------------
    def guild_of(self, channel_id: int) -> int:
        """The server a channel (or a thread, through its parent) belongs to."""
        thread = self.threads.get(channel_id)
        if thread is not None:
            channel_id = int(thread["parent_id"])
        return self.channel_guilds.get(channel_id, self.guild_id)

    def notice(self, user_id: int) -> asyncio.Event:
        return self.notices.setdefault(user_id, asyncio.Event())

    def _seen(self, message: Message) -> None:
        """Tell whoever this message reaches (a ping, a DM), and note boards as they change."""
        for user_id, channel in self.dm_channels.items():
            if channel == message.channel_id:
                self.notice(user_id).set()
        for mention in re.findall(r"<@(\d+)>", message.content):
            self.notice(int(mention)).set()
        public = message.channel_id not in self.dm_channels.values() and message.ephemeral_for is None
        lines: set[int] = set()
        for embed in message.payload.get("embeds") or []:
            board = re.fullmatch(r"board (\d+)", str((embed.get("footer") or {}).get("text") or ""))
            if board and public:
                self.boards.append((time.time(), message.channel_id, int(board.group(1))))
            elif self.stories is not None and public:
                lines.update(hash(line) for line in str(embed.get("description") or "").split("\n"))
        if lines and self.stories is not None:
            self.stories.append((time.time(), message.channel_id, frozenset(lines)))

    def forget(self, invocation: Invocation) -> None:
        """Drop a finished interaction and the answers it made (load benchmarks: the simulated
        Discord's records are not the bot's memory); a later call with its token is an error."""
        self.invocations.pop(invocation.token, None)
        for message_id in [invocation.original_id, *invocation.followups]:
            if message_id is not None:
                self.messages.pop(message_id, None)

    def keep(self, record: Request) -> None:
        """Note a REST call. A lean harness (load benchmarks) keeps only what was called, not
        the bodies: the process's memory is the bot's figure, not the simulated Discord's."""
        self.requests.append(dataclasses.replace(record, json=None, files={}) if self.lean else record)

    async def pace_global(self) -> None:
        """The bot's global REST limit (interaction callbacks are exempt, as at Discord)."""
        if self.global_rate is None:
            return
        rate, per = self.global_rate
        loop = asyncio.get_running_loop()
        now = loop.time()
        self._global[:] = [t for t in self._global if now - t < per]
        if len(self._global) >= rate:
            self.rate_limited += 1
            self.limited_channels.append(0)  # 0: the global limit
            await asyncio.sleep(per - (now - self._global[0]))
            now = loop.time()
            self._global[:] = [t for t in self._global if now - t < per]
        self._global.append(now)

    def guild_create(self, hidden: Iterable[int] = ()) -> None:
        """Send the GUILD_CREATE a connecting bot gets: the server, its roles and its text
        channels (the harness channel plus `hidden` ones @everyone may not view)."""
        view = 1 << 10
        channels = [{"id": str(c), "type": 0, "guild_id": str(self.guild_id), "name": f"channel-{c}",
                     "position": i, "nsfw": False, "parent_id": None,
                     "permission_overwrites": [{"id": str(self.guild_id), "type": 0, "allow": "0",
                                                "deny": str(view if c in set(hidden) else 0)}]}
                    for i, c in enumerate([self.channel_id, *hidden])]
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS),
                    "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False,
                    "flags": 0}
        payload = {"id": str(self.guild_id), "name": "Skald test server", "icon": None, "owner_id": "1",
                   "roles": [everyone], "channels": channels, "threads": [], "members": [], "emojis": [],
                   "stickers": [], "features": [], "member_count": 3, "large": False, "unavailable": False,
                   "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
                   "mfa_level": 0, "premium_tier": 0, "preferred_locale": "en-US", "nsfw_level": 0,
                   "system_channel_flags": 0, "afk_timeout": 300, "voice_states": [], "presences": [],
                   "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": []}
        self.client._connection.parse_guild_create(payload)

    async def pace(self, channel_id: int) -> None:
        """Discord's per-channel message limit: over it, discord.py gets a 429 and waits."""
        rate, per = self.channel_rate
        loop = asyncio.get_running_loop()
        sent = self._posted.setdefault(channel_id, [])
        now = loop.time()
        sent[:] = [t for t in sent if now - t < per]
        if len(sent) >= rate:
            self.rate_limited += 1
            self.limited_channels.append(channel_id)
            await asyncio.sleep(per - (now - sent[0]))
            now = loop.time()
            sent[:] = [t for t in sent if now - t < per]
        sent.append(now)

    def fail(self, method: str, path: str, *, status: int = 500, times: int = 1, after_create: bool = False,
             channel_id: int | None = None, content: str | None = None) -> None:
        """Make the next `times` matching REST calls fail (see `Failure`)."""
        self.failures.append(Failure(method, path, status, times, after_create, channel_id, content))

    def failure_for(self, route: Route, body: Any) -> Failure | None:
        for failure in self.failures:
            if failure.channel_id is not None and f"/channels/{failure.channel_id}/" not in route.url:
                continue
            if failure.content is not None and failure.content not in body_text(body):
                continue
            if failure.method == route.method and failure.path == route.path and failure.times > 0:
                failure.times -= 1
                return failure
        return None

    @staticmethod
    def server_error(record: Request, status: int) -> discord.HTTPException:
        record.status = status
        response = SimpleNamespace(status=status, reason="Server Error")
        if status >= 500:
            return discord.DiscordServerError(response, {"code": 0, "message": "Internal Server Error"})
        if status == 403:  # a permission the bot lacks (Read Message History, say)
            return discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})
        return discord.HTTPException(response, {"code": 0, "message": "refused"})

    def check_form(self, record: Request, body: Any) -> None:
        """Discord refuses a message over its limits with a 400 (Invalid Form Body)."""
        problem = form_problem(body)
        if problem is not None:
            self.refused_forms.append(problem)
            record.status = 400
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        {"code": 50035, "message": f"Invalid Form Body: {problem}"})

    def posts(self, channel_id: int) -> list[Message]:
        """Messages the bot posted in a channel (not interaction replies), oldest first."""
        return [m for m in self.channel_messages(channel_id) if m.ephemeral_for is None and not m.interaction]

    def channel_payload(self, channel_id: int) -> JSON:
        if channel_id in self.threads:
            return self.threads[channel_id]
        for user_id, dm in self.dm_channels.items():
            if dm == channel_id:
                return {"id": str(dm), "type": 1, "recipients": [self.users[user_id].payload()],
                        "last_message_id": None}
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.guild_of(channel_id)), "name": "games",
                "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}

    @staticmethod
    def payload_json(parts: list[JSON]) -> Any:
        for part in parts:
            if part.get("name") == "payload_json":
                return json.loads(part["value"])
        return None

    def read_files(self, files: Iterable[discord.File] | None) -> dict[str, bytes]:
        blobs: dict[str, bytes] = {}
        for file in files or []:
            fp = file.fp
            assert isinstance(fp, io.IOBase)
            fp.seek(0)
            blobs[file.filename] = b"" if self.lean else fp.read()
        return blobs

    def _attachment(self, message_id: int, name: str, blob: bytes) -> JSON:
        url = f"https://cdn.example/{message_id}/{name}"
        return {"id": str(next(self._ids)), "filename": name, "size": len(blob), "url": url, "proxy_url": url}

    def _message(self, channel_id: int, body: JSON | None, files: dict[str, bytes], *,
                 ephemeral_for: int | None = None, interaction: bool = False) -> Message:
        body = body or {}
        mid = next(self._ids)
        attachments = [self._attachment(mid, name, blob) for name, blob in files.items()]
        payload: JSON = {
            "id": str(mid), "channel_id": str(channel_id), "type": 0, "content": body.get("content") or "",
            "author": self.bot_user, "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": attachments,
            "embeds": body.get("embeds") or [], "components": body.get("components") or [], "pinned": False,
            "flags": body.get("flags") or 0, "application_id": str(self.app_id),
        }
        if channel_id not in self.dm_channels.values():
            payload["guild_id"] = str(self.guild_of(channel_id))
        message = Message(payload, channel_id, ephemeral_for, dict(files), interaction=interaction)
        self.messages[mid] = message
        self._seen(message)
        return message

    def _edit(self, message: Message, body: JSON | None, files: dict[str, bytes]) -> Message:
        body = body or {}
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                message.payload[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if files or "attachments" in body:
            keep = {str(a.get("id")) for a in body.get("attachments") or []}
            kept = [a for a in message.payload["attachments"] if str(a["id"]) in keep]
            names = {a["filename"] for a in kept}
            message.files = {k: v for k, v in message.files.items() if k in names}
            kept += [self._attachment(message.id, name, blob) for name, blob in files.items()]
            message.files.update(files)
            message.payload["attachments"] = kept
        message.payload["edited_timestamp"] = TIMESTAMP
        message.edits += 1
        self._seen(message)
        return message

    def _forbidden(self, record: Request, code: int, text: str) -> discord.Forbidden:
        record.status = 403
        return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                 {"code": code, "message": text})

    def rest(self, record: Request, route: Route) -> Any:
        path, url = route.path, route.url
        ids = [int(x) for x in re.findall(r"/(\d+)", url)]
        if path == "/users/@me" and route.method == "GET":
            return self.bot_user
        if path == "/oauth2/applications/@me":
            return {"id": str(self.app_id), "name": "Skald", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "owner": self.bot_user, "verify_key": "0", "flags": 0}
        if path.endswith("/commands") and route.method == "PUT":
            return [{**c, "id": str(next(self._ids)), "application_id": str(self.app_id), "version": "1"}
                    for c in record.json or []]
        if path == "/users/@me/channels":
            user_id = int(record.json["recipient_id"])
            channel = self.dm_channels.setdefault(user_id, next(self._ids))
            return self.channel_payload(channel)
        if path == "/channels/{channel_id}/messages" and route.method == "POST":
            channel = ids[0]
            if channel in self.dm_channels.values():
                owner = next(u for u, c in self.dm_channels.items() if c == channel)
                if self.users[owner].dm_closed:
                    raise self._forbidden(record, 50007, "Cannot send messages to this user")
            nonce = str((record.json or {}).get("nonce") or "")
            if nonce and (channel, nonce) in self._nonces:  # enforce_nonce: the same post, once
                return self._nonces[(channel, nonce)].payload
            message = self._message(channel, record.json, record.files)
            if nonce:
                self._nonces[(channel, nonce)] = message
            return message.payload
        if path == "/channels/{channel_id}/messages/{message_id}":
            return self._on_message(self.messages[ids[1]], route.method, record)
        if path == "/channels/{channel_id}/messages/{message_id}/threads":
            if not self.thread_creation_allowed:
                raise self._forbidden(record, 50001, "Missing Access")
            return self._thread(ids[0], ids[1], record.json["name"])
        if path == "/channels/{channel_id}/threads":
            if not self.thread_creation_allowed:
                raise self._forbidden(record, 50001, "Missing Access")
            return self._thread(ids[0], next(self._ids), record.json["name"])
        if path.startswith("/channels/{channel_id}/thread-members"):
            return None
        if path == "/channels/{channel_id}" and route.method == "GET":
            return self.channel_payload(ids[0])
        self.unhandled.append(record)
        return None

    def _thread(self, parent: int, thread_id: int, name: str) -> JSON:
        payload = {"id": str(thread_id), "type": 11, "guild_id": str(self.guild_of(parent)), "parent_id": str(parent),
                   "owner_id": self.bot_user["id"], "name": name, "message_count": 0, "member_count": 1,
                   "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                       "archive_timestamp": TIMESTAMP, "locked": False}}
        self.threads[thread_id] = payload
        return payload

    def webhook(self, record: Request, route: Route) -> Any:
        token = route.webhook_token or ""
        invocation = self.invocations[token]
        ephemeral = invocation.user.id
        if route.path.endswith("/callback"):
            return self._callback(invocation, record)
        if route.path == "/webhooks/{webhook_id}/{webhook_token}" and route.method == "POST":
            body = record.json or {}
            if not invocation.acknowledged:
                raise AssertionError("followup before the interaction was acknowledged")
            message = self._message(invocation.channel_id, body, record.files, interaction=True,
                                    ephemeral_for=ephemeral if int(body.get("flags") or 0) & EPHEMERAL else None)
            invocation.followups.append(message.id)
            invocation.answer()
            return message.payload
        target = record.url.rsplit("/", 1)[-1]
        if target == "@original":
            assert invocation.original_id is not None, "no original response to edit"
            message = self.messages[invocation.original_id]
            invocation.answer()
        else:
            message = self.messages[int(target)]
        return self._on_message(message, route.method, record)

    def _on_message(self, message: Message, method: str, record: Request) -> Any:
        """Edit, delete or fetch one stored message (channel and webhook routes alike)."""
        if method == "PATCH":
            return self._edit(message, record.json, record.files).payload
        if method == "DELETE":
            message.deleted = True
            return None
        return message.payload

    def _callback(self, invocation: Invocation, record: Request) -> JSON:
        body = record.json or {}
        if invocation.acknowledged:
            raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"),
                                        {"code": 40060, "message": "Interaction has already been acknowledged."})
        invocation.callbacks.append(body)
        invocation.acked_at = time.perf_counter()
        if not self.lean:  # at 200 tables this list of every call since, per interaction, was 22 MB a minute
            invocation.calls_before_ack = [f"{r.method} {r.path}" for r in self.requests[invocation.arrived_at:-1]]
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        ephemeral = int(data.get("flags") or 0) & EPHEMERAL
        viewer = invocation.user.id if ephemeral else None
        response: JSON = {"interaction": {"id": str(invocation.id), "type": 2}}
        if kind == 8:
            invocation.choices = list(data.get("choices") or [])
            invocation.answer()
            return response
        if kind in (4, 5):
            content = data if kind == 4 else {"content": "", "flags": data.get("flags") or 0}
            message = self._message(invocation.channel_id, content, record.files, ephemeral_for=viewer,
                                    interaction=True)
            invocation.original_id = message.id
            response["interaction"].update(response_message_id=str(message.id),
                                           response_message_loading=kind == 5,
                                           response_message_ephemeral=bool(ephemeral))
            response["resource"] = {"type": kind, "message": message.payload}
        elif kind in (6, 7):
            invocation.original_id = invocation.message_id
            if kind == 7 and invocation.message_id is not None:
                self._edit(self.messages[invocation.message_id], data, record.files)
        if kind in (4, 7):
            invocation.answer()
        return response
