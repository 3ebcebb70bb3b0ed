"""A real browser for the tests: Debian's headless Chromium, driven over the DevTools protocol on a
websocket (aiohttp's client). No browser is downloaded: the test skips, saying why, where Chromium
is not installed, and fails under CI (.ci/with-chromium installs it there).

    async with Browser.launch() as browser:
        page = await browser.page(1280, 900)
        await page.goto("http://127.0.0.1:8080/g/1")
        await page.wait_for("document.getElementById('live').classList.contains('on')")
        png = await page.screenshot()
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import re
import shutil
import tempfile
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from bot.environment import Variable

# The tests' own variable (not the bot's): a Chromium to use instead of the one on PATH.
CHROMIUM = Variable("SKALD_TEST_CHROMIUM", "the Chromium the browser tests drive (default: `chromium` on PATH)")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--hide-scrollbars", "--mute-audio", "--force-color-profile=srgb",
         "--font-render-hinting=none", "--remote-debugging-port=0", "--remote-allow-origins=*")
LISTENING = re.compile(r"DevTools listening on (ws://\S+)")
NO_CHROMIUM = "Chromium is not installed (apt-get install chromium; .ci/run installs it under CI)"


def chromium() -> str:
    """The Chromium to drive; skips the test without one (fails it under CI)."""
    found = CHROMIUM.value() or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {NO_CHROMIUM}")
        pytest.skip(NO_CHROMIUM)
    return found


class DevTools:
    """One websocket to the browser; commands by id, events to whoever waits for them."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self._ids = itertools.count(1)
        self._answers: dict[int, asyncio.Future[Any]] = {}
        self._waiting: list[tuple[str, str | None, asyncio.Future[Any]]] = []
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            if "id" in data:
                answer = self._answers.pop(data["id"], None)
                if answer is not None and not answer.done():
                    if "error" in data:
                        answer.set_exception(RuntimeError(f"DevTools: {data['error']}"))
                    else:
                        answer.set_result(data.get("result", {}))
                continue
            for entry in list(self._waiting):
                method, session, waiter = entry
                if data.get("method") == method and session in (None, data.get("sessionId")) and not waiter.done():
                    waiter.set_result(data.get("params", {}))
                    self._waiting.remove(entry)

    async def send(self, method: str, session: str | None = None, **params: Any) -> Any:
        number = next(self._ids)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._answers[number] = answer
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        await self.socket.send_str(json.dumps(message))
        return await asyncio.wait_for(answer, 30)

    def expect(self, method: str, session: str | None = None) -> asyncio.Future[Any]:
        """A future for the next `method` event (register it before the command that causes it)."""
        waiter: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((method, session, waiter))
        return waiter

    async def close(self) -> None:
        await self.socket.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


class Page:
    """One tab."""

    def __init__(self, tools: DevTools, session: str) -> None:
        self.tools = tools
        self.session = session

    async def send(self, method: str, **params: Any) -> Any:
        return await self.tools.send(method, self.session, **params)

    async def size(self, width: int, height: int) -> None:
        await self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                        mobile=False)

    async def goto(self, url: str) -> None:
        loaded = self.tools.expect("Page.loadEventFired", self.session)
        await self.send("Page.navigate", url=url)
        await asyncio.wait_for(loaded, 30)

    async def evaluate(self, expression: str) -> Any:
        found = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in found:
            raise RuntimeError(f"the page's script failed: {found['exceptionDetails']}")
        return found.get("result", {}).get("value")

    async def wait_for(self, expression: str, timeout: float = 10.0, every: float = 0.02) -> Any:
        """The expression's value once it is truthy (TimeoutError after `timeout` seconds)."""
        async with asyncio.timeout(timeout):
            while True:
                value = await self.evaluate(expression)
                if value:
                    return value
                await asyncio.sleep(every)

    async def screenshot(self, width: int, most: int = 2400) -> bytes:
        """The whole page at `width` pixels wide (at most `most` high)."""
        height = int(await self.evaluate("Math.ceil(document.documentElement.scrollHeight)"))
        await self.size(width, max(1, min(height, most)))
        await asyncio.sleep(0.1)  # one layout at the new size
        shot = await self.send("Page.captureScreenshot", format="png", captureBeyondViewport=False)
        return base64.b64decode(shot["data"])


class Browser:
    """A headless Chromium of its own (a fresh profile), ended with the block."""

    def __init__(self, tools: DevTools, session: aiohttp.ClientSession) -> None:
        self.tools = tools
        self.session = session

    @classmethod
    @contextlib.asynccontextmanager
    async def launch(cls) -> AsyncIterator[Browser]:
        program = chromium()
        with tempfile.TemporaryDirectory(prefix="skald-chromium-") as profile:
            process = await asyncio.create_subprocess_exec(
                program, *FLAGS, f"--user-data-dir={profile}", "about:blank",
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
            draining: asyncio.Task[None] | None = None
            try:
                url = await asyncio.wait_for(_listening(process), 60)
                assert process.stderr is not None
                draining = asyncio.create_task(_drain(process.stderr))  # a chatty browser blocks unread
                async with aiohttp.ClientSession() as session:
                    tools = DevTools(await session.ws_connect(url, max_msg_size=0))
                    try:
                        yield cls(tools, session)
                    finally:
                        await tools.close()
            finally:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
                await process.wait()
                if draining is not None:
                    draining.cancel()
                    await asyncio.gather(draining, return_exceptions=True)

    async def page(self, width: int, height: int) -> Page:
        target = await self.tools.send("Target.createTarget", url="about:blank")
        attached = await self.tools.send("Target.attachToTarget", targetId=target["targetId"], flatten=True)
        page = Page(self.tools, attached["sessionId"])
        await page.send("Page.enable")
        await page.send("Runtime.enable")
        await page.size(width, height)
        return page


async def _listening(process: asyncio.subprocess.Process) -> str:
    """The browser's DevTools address, from what it says on stderr as it starts."""
    assert process.stderr is not None
    said: list[str] = []
    while True:
        line = await process.stderr.readline()
        if not line:
            raise RuntimeError("Chromium ended before it listened: " + "".join(said)[-500:])
        text = line.decode(errors="replace")
        said.append(text)
        found = LISTENING.search(text)
        if found:
            return found.group(1)


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.readline():
        pass
