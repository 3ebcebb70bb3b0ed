"""The pages' aiohttp application (docs/web.md): routes, refusals, live streams.

`Site` puts the pieces together over one store: the reader (what a page may show), the hub (who
follows what live), the pictures, the feed of changes and the guard (visitors' rates, security
headers). `skald web` runs one on its own; `skald run` runs one inside the bot when
SKALD_WEB_PORT is set, attached to its tables like the relay.

Every page of a game answers 404 alike whether the game does not exist, its server's pages are
off or the key is wrong, so a private game's number tells nothing. Nothing is logged per request:
a signed link's key is in its address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import web

import renderer
from bot.replays import NoLongerReplays, NotReplayable
from bot.store import Store
from bot.tables.errors import GameUnavailable, NoSuchGame
from bot.tables.gate import GameLookup
from bot.tables.settings import WEB_ON
from bot.web import documents, pages
from bot.web.feed import Told, following_changes
from bot.web.guard import Rates, add_headers, visitor
from bot.web.history import History, Step, history
from bot.web.hub import Full, GuildWatch, Hub, Limits, Watch
from bot.web.pictures import Draw, Pictures, drawn_in_render_processes
from bot.web.reading import Current, Listed, Reader
from engine import registry

log = logging.getLogger(__name__)

NOT_HERE = "There is no page here. A game's page opens from the link its Discord thread gives."
KEY_LIMIT = 64  # characters of a `key` read at all
HISTORIES = 16  # replays kept built (a few hundred kilobytes each)
LISTING_SECONDS = 2.0
SSE_HEADERS = {"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store",
               "X-Accel-Buffering": "no"}  # nginx: pass each event on at once
NO_STORE = {"Cache-Control": "no-store"}
STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".ttf": "font/ttf"}
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FRAMABLE = "/board"  # the board-only page: any site may frame it (an overlay, a club's page)


def refused(status: int, text: str = NOT_HERE, *, retry_after: float | None = None) -> web.HTTPException:
    """A refusal as a small page that says why."""
    headers = dict(NO_STORE)
    if retry_after is not None:
        headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
    kinds: dict[int, type[web.HTTPException]] = {
        404: web.HTTPNotFound, 429: web.HTTPTooManyRequests, 503: web.HTTPServiceUnavailable}
    return kinds[status](text=pages.refusal(status, text), content_type="text/html", headers=headers)


def number(text: str) -> int:
    """An id from the address (the routes take digits only); 404 past any id there can be."""
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        raise refused(404)
    return int(text)


def static_files() -> dict[str, tuple[bytes, str]]:
    """The pages' scripts, style and fonts, read once: name -> (bytes, content type)."""
    found: dict[str, tuple[bytes, str]] = {}
    folder = resources.files("bot.web") / "static"
    for entry in folder.iterdir():
        suffix = Path(entry.name).suffix
        if entry.is_file() and suffix in STATIC_TYPES:
            found[entry.name] = (entry.read_bytes(), STATIC_TYPES[suffix])
    fonts = Path(renderer.__file__).parent / "fonts"
    for name in FONTS:
        found[name] = ((fonts / name).read_bytes(), STATIC_TYPES[".ttf"])
    return found


class Site:
    """The spectator pages over one store (read only)."""

    def __init__(self, store: Store, *, limits: Limits | None = None, proxies: frozenset[str] = frozenset(),
                 root: str = "", draw: Draw = drawn_in_render_processes, games: GameLookup = registry.get) -> None:
        self.limits = limits or Limits()
        self.root = root.rstrip("/")  # SKALD_WEB_URL's path: the proxy strips it, every address gives it
        self.reader = Reader(store, games=games, access_seconds=self.limits.access_seconds)
        self.pictures = Pictures(draw)
        self.hub = Hub(self.reader, self.limits, prepare=self.pictures.ahead, root=self.root)
        self.rates = Rates(self.limits.per_second, self.limits.burst)
        self.proxies = proxies
        self.told = Told(self.hub)  # attach to a table service in this process (`skald run`)
        self.feed = ""  # how changes reach the hub, once started: "told", "listen" or "poll"
        self.port = 0  # the port served on, once serving
        self.static = static_files()
        self.app = self._application()
        self._histories: OrderedDict[int, asyncio.Future[History]] = OrderedDict()
        self._listings: dict[int, tuple[float, list[Listed]]] = {}
        self._stack = contextlib.AsyncExitStack()

    # -- running ---------------------------------------------------------------------------------
    async def start(self, host: str, port: int, *, told_here: bool) -> int:
        """Follow the store's changes and serve on `host`:`port` (0: a free port); the port served on.
        `told_here`: `told` is attached to this process's tables."""
        await self.follow(told_here=told_here)
        return await self.serve(host, port)

    async def follow(self, *, told_here: bool) -> str:
        """Keep the live pages told of changes until `close` (tests serve the application themselves)."""
        self.feed = await self._stack.enter_async_context(
            following_changes(self.hub, self.reader.store, told_here=told_here))
        return self.feed

    async def serve(self, host: str, port: int) -> int:
        runner = web.AppRunner(self.app, access_log=None, shutdown_timeout=2.0, handle_signals=False)
        await runner.setup()
        self._stack.push_async_callback(runner.cleanup)
        site = web.TCPSite(runner, host, port, reuse_address=True)
        await site.start()
        sockets = getattr(site._server, "sockets", None) or []  # the port the system gave for port 0
        self.port = int(sockets[0].getsockname()[1]) if sockets else port
        return self.port

    async def close(self) -> None:
        await self._stack.aclose()
        await self.hub.close()
        await self.pictures.close()

    # -- the application -------------------------------------------------------------------------
    def _application(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.on_response_prepare.append(self._headers)
        game = r"/g/{game:\d+}"
        app.router.add_get("/", self._home)
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get(r"/s/{guild:\d+}", self._server_page)
        app.router.add_get(r"/s/{guild:\d+}/games.json", self._server_json)
        app.router.add_get(r"/s/{guild:\d+}/events", self._server_events)
        app.router.add_get(game, self._game_page)
        app.router.add_get(game + "/board", self._board_page)
        app.router.add_get(game + "/replay", self._replay_page)
        app.router.add_get(game + "/state.json", self._state_json)
        app.router.add_get(game + "/live.json", self._live_json)
        app.router.add_get(game + "/events", self._game_events)
        app.router.add_get(game + r"/picture/{state:\d+}.png", self._picture)
        app.router.add_get(game + r"/step/{step:\d+}.json", self._step_json)
        app.router.add_get(game + r"/step/{step:\d+}.png", self._step_picture)
        return app

    @web.middleware
    async def _guard(self, request: web.Request,
                     handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        wait = self.rates.take(visitor(request, self.proxies))
        if wait:
            raise refused(429, "Too many requests from your address; slow down a little.", retry_after=wait)
        return await handler(request)

    async def _headers(self, request: web.Request, response: web.StreamResponse) -> None:
        add_headers(response, framed_anywhere=request.path.endswith(FRAMABLE))

    # -- pages -------------------------------------------------------------------------------------
    async def _home(self, request: web.Request) -> web.Response:
        return _html(pages.home(self.root))

    async def _health(self, request: web.Request) -> web.Response:
        return web.Response(text="ok\n", headers=NO_STORE)

    async def _static(self, request: web.Request) -> web.Response:
        found = self.static.get(request.match_info["name"])
        if found is None:
            raise refused(404)
        body, kind = found
        return web.Response(body=body, headers={"Content-Type": kind, "Cache-Control": "public, max-age=3600"})

    async def _visible(self, request: web.Request) -> tuple[Current, str]:
        """The game the address names, if this visitor may see it (404 alike otherwise)."""
        game_id = number(request.match_info["game"])
        key = request.query.get("key", "")
        if len(key) > KEY_LIMIT:
            raise refused(404)
        try:
            current = await self.reader.current(game_id)
        except NoSuchGame:
            raise refused(404) from None
        except GameUnavailable:
            raise refused(503, "This game can't be shown right now.") from None
        admitted = await self.reader.admit(current.update, key)
        if admitted is None:
            raise refused(404)
        return current, admitted

    async def _game_page(self, request: web.Request) -> web.Response:
        current, key = await self._visible(request)
        return _html(pages.game(current, key, self.root))

    async def _board_page(self, request: web.Request) -> web.Response:
        current, key = await self._visible(request)
        bar = request.query.get("bar", "1") != "0"
        return _html(pages.board_only(current, key, bar=bar, root=self.root))

    async def _replay_page(self, request: web.Request) -> web.Response:
        current, key = await self._visible(request)
        steps = await self._history(current)
        return _html(pages.replay(current, key, steps.total, steps.state_id, self.root))

    async def _state_json(self, request: web.Request) -> web.Response:
        current, _ = await self._visible(request)
        return _json(documents.state_json(current))

    async def _live_json(self, request: web.Request) -> web.Response:
        current, key = await self._visible(request)
        return _json(documents.live(current, since=None, now=time.time(), key=key, root=self.root))

    async def _picture(self, request: web.Request) -> web.StreamResponse:
        current, key = await self._visible(request)
        state = number(request.match_info["state"])
        update = current.update
        if state > update.state_id:  # told of a newer state than the one kept: read it
            current = await self.reader.current(update.game_id, fresh=True)
            update = current.update
        if state != update.state_id:  # a state that moved on: its picture is the newest one's
            raise web.HTTPFound(documents.picture_path(update.game_id, update.state_id, key, self.root),
                                headers=NO_STORE)
        if not update.view:
            raise refused(404)
        png = await self._drawn(self.pictures.board(current), update.game_id)
        # A state never changes: kept by the browser (privately, for a game behind a key).
        cache = "private" if key else "public"
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": f"{cache}, max-age=86400, immutable"})

    @staticmethod
    async def _drawn(drawing: Awaitable[bytes], game_id: int) -> bytes:
        """A picture, or a 503 when it can't be drawn (the page keeps the one it has)."""
        try:
            return await drawing
        except Exception:
            log.exception("web: a picture of game %d could not be drawn", game_id)
            raise refused(503, "This picture can't be drawn right now.", retry_after=5) from None

    async def _history(self, current: Current) -> History:
        """The game's replay as it stands now, built once per state (off the event loop)."""
        update = current.update
        found = self._histories.get(update.game_id)
        if found is not None and found.done() and (found.cancelled() or found.exception() is not None
                                                   or found.result().state_id != update.state_id):
            found = None  # built for an older state (or failed): built again
        if found is None:
            try:
                record = await self.reader.record(update.game_id)
            except NoSuchGame:
                raise refused(404) from None
            except GameUnavailable:
                raise refused(503, "This game can't be shown right now.") from None
            found = asyncio.ensure_future(asyncio.to_thread(history, record))
            self._histories[update.game_id] = found
            while len(self._histories) > HISTORIES:
                self._histories.popitem(last=False)
        self._histories.move_to_end(update.game_id)
        try:
            return await asyncio.shield(found)
        except NotReplayable as error:
            self._histories.pop(update.game_id, None)
            raise refused(404, error.reason) from None
        except NoLongerReplays as error:
            self._histories.pop(update.game_id, None)
            raise refused(503, f"This game's replay can't be shown: {error.reason}") from None
        except Exception:
            log.exception("web: game %d's replay could not be built", update.game_id)
            raise refused(503, "This game's replay can't be shown right now.") from None

    async def _step(self, request: web.Request) -> tuple[Current, str, History, Step]:
        current, key = await self._visible(request)
        steps = await self._history(current)
        try:
            found = await steps.at(number(request.match_info["step"]))
        except IndexError:
            raise refused(404, f"This game's replay has steps 0 to {steps.total}.") from None
        return current, key, steps, found

    async def _step_json(self, request: web.Request) -> web.Response:
        current, key, steps, found = await self._step(request)
        return _json(documents.step(current.update.game_id, found, steps.state_id, key, self.root))

    async def _step_picture(self, request: web.Request) -> web.Response:
        current, _, _, found = await self._step(request)
        png = await self._drawn(self.pictures.step(current.update.game_id, found), current.update.game_id)
        return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "private, max-age=300"})

    # -- a server's games ----------------------------------------------------------------------------
    async def _listed(self, request: web.Request) -> tuple[int, list[Listed]]:
        guild_id = number(request.match_info["guild"])
        if (await self.reader.access(guild_id)).mode != WEB_ON:
            raise refused(404)
        kept = self._listings.get(guild_id)
        if kept is not None and time.monotonic() - kept[0] < LISTING_SECONDS:
            return guild_id, kept[1]
        listed = await self.reader.listing(guild_id)
        if len(self._listings) > 1024:
            self._listings.clear()
        self._listings[guild_id] = (time.monotonic(), listed)
        return guild_id, listed

    async def _server_page(self, request: web.Request) -> web.Response:
        guild_id, listed = await self._listed(request)
        return _html(pages.server(guild_id, listed, self.root))

    async def _server_json(self, request: web.Request) -> web.Response:
        guild_id, listed = await self._listed(request)
        return _json(documents.listing(guild_id, listed, self.root))

    # -- live streams --------------------------------------------------------------------------------
    async def _game_events(self, request: web.Request) -> web.StreamResponse:
        current, key = await self._visible(request)
        since = _last_event(request)
        try:
            async with self.hub.following(current, visitor(request, self.proxies)) as watch:
                return await self._stream_game(request, watch, key, since)
        except Full as full:
            raise refused(503, full.reason, retry_after=30) from None

    async def _stream_game(self, request: web.Request, watch: Watch, key: str, since: int | None) -> web.StreamResponse:
        """Send the game's newest state whenever there is one (the story's lines since the last sent),
        a heartbeat when there is none, until the page goes or may no longer look."""
        response = web.StreamResponse(headers=SSE_HEADERS)
        await response.prepare(request)
        limits = self.limits
        if not await self._send(response, b"retry: 3000\n\n"):
            return response
        version = -1
        while True:
            if watch.gone:
                await self._send(response, documents.event("gone", {"game_id": watch.game_id}))
                return response
            current = watch.current
            assert current is not None
            if watch.version != version:
                version = watch.version
                if await self.reader.admit(current.update, key) is None:  # revoked, or the channel went private
                    await self._send(response, documents.event("gone", {"game_id": watch.game_id}))
                    return response
                if since is None:  # a page that has nothing yet: everything, and the time now
                    document = documents.live(current, since=None, now=time.time(), key=key, root=self.root)
                    message = documents.event("change", document, current.update.state_id)
                else:
                    message = watch.message(since, key)
                if not await self._send(response, message):
                    return response
                since = current.update.state_id
                continue
            if not await watch.wait(version, limits.heartbeat):  # a quiet while: still there, still allowed?
                if await self.reader.admit(current.update, key) is None:
                    await self._send(response, documents.event("gone", {"game_id": watch.game_id}))
                    return response
                if not await self._send(response, b": ping\n\n"):
                    return response

    async def _server_events(self, request: web.Request) -> web.StreamResponse:
        guild_id, _ = await self._listed(request)
        try:
            async with self.hub.following_guild(guild_id, visitor(request, self.proxies)) as watch:
                return await self._stream_guild(request, watch)
        except Full as full:
            raise refused(503, full.reason, retry_after=30) from None

    async def _stream_guild(self, request: web.Request, watch: GuildWatch) -> web.StreamResponse:
        response = web.StreamResponse(headers=SSE_HEADERS)
        await response.prepare(request)
        version = -1
        if not await self._send(response, b"retry: 3000\n\n"):
            return response
        while True:
            if watch.version != version and watch.document is not None:
                version = watch.version
                if not await self._send(response, watch.document):
                    return response
                continue
            if not await watch.wait(version, self.limits.heartbeat) and not await self._send(response, b": ping\n\n"):
                return response

    async def _send(self, response: web.StreamResponse, data: bytes) -> bool:
        """Write to a live page; False once it is gone or too slow to read (it reconnects, if it can)."""
        try:
            async with asyncio.timeout(self.limits.write_timeout):
                await response.write(data)
        except (ConnectionError, TimeoutError, RuntimeError):
            return False
        return True


def _html(page: str) -> web.Response:
    return web.Response(text=page, content_type="text/html", headers=NO_STORE)


def _json(document: dict[str, Any]) -> web.Response:
    return web.Response(text=json.dumps(document, ensure_ascii=False, separators=(",", ":")),
                        content_type="application/json", headers=NO_STORE)


def _last_event(request: web.Request) -> int | None:
    """The state a reconnecting page last had (its Last-Event-ID), so it is sent only what is new."""
    text = request.headers.get("Last-Event-ID", "")
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None
