"""`skald relay-watch URL`: a table-side display of every game the relay publishes.

Subscribes to the relay's state and events topics and redraws a one-screen summary per
game after each message; with `--save DIR` it also writes each game's latest board picture
there. Games are told apart by their whole topic path (`<prefix>/<guild or namespace>/<game id>`),
so two terminal demos, both game #1, stay two games. The formatting (`format_game`,
`format_screen`) is pure, so it is tested without a broker; `--count` / `--seconds` make the
command stop by itself, and Ctrl-C (its usual way to stop) ends it quietly with code 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import aiomqtt

from bot import files, games
from bot.environment import SKALD_MQTT_URL
from bot.files import PNG_HEADER
from bot.names import name_seats, result_line
from bot.relay.backoff import backoff_delay
from bot.relay.settings import RelayConfigError, RelaySettings
from bot.terminal.text import printable

JSON = dict[str, Any]

EVENT_LINES = 4
WIDTH = 78
# Keys every engine view carries; the generic board summary skips them (shown elsewhere).
_COMMON_VIEW_KEYS = {"game", "viewer", "players", "to_move", "outcome", "options"}
_LEVEL = re.compile(r"[^/+#]+")  # one MQTT topic level, no wildcards


# -- board summaries: each game's descriptor has its own, other games get a generic digest -----
def generic_board(view: JSON) -> list[str]:
    """For a game without its own summary: scalars as they are, collections by size."""
    parts = []
    for key, value in view.items():
        if key in _COMMON_VIEW_KEYS or key.startswith("_"):
            continue
        if isinstance(value, bool | int | float | str) or value is None:
            parts.append(f"{key} {value}")
        elif isinstance(value, list) and all(isinstance(v, int | str) for v in value) and len(value) <= 8:
            parts.append(f"{key} {'/'.join(str(v) for v in value)}")
        elif isinstance(value, list | dict):
            parts.append(f"{key} ×{len(value)}")
    return _wrap(" · ".join(parts), "  ") if parts else []


def board_summary(game: str) -> Callable[[JSON], list[str]]:
    """The board lines of a game's view: its descriptor's summary, else the generic digest."""
    descriptor = games.find(game)
    return generic_board if descriptor is None or descriptor.summary is None else descriptor.summary


def _wrap(text: str, indent: str, width: int = WIDTH) -> list[str]:
    lines: list[str] = []
    line = indent
    for word in text.split(" "):
        if len(line) + len(word) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent
        line += word + " "
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def format_game(state: JSON | None, events: Sequence[str], *, width: int = WIDTH, space: str | None = None,
                picture: str | None = None) -> str:
    """One game's block: heading, whose turn by name, board summary, result, last events, made
    `printable` (all of it comes from the broker).

    `space`: the topic level the game came under, shown when it is not the game's guild id
    (a terminal namespace); `picture`: where its latest picture was saved.
    """
    if state is None:
        lines = ["(no state yet)"]
    else:
        title = state.get("title") or state.get("game") or "game"
        heading = (f"{title} #{state.get('game_id')} · {state.get('status')} · seq {state.get('seq')}"
                   f" · {time.strftime('%H:%M:%S', time.gmtime(float(state.get('updated_at') or 0)))} UTC")
        if space is not None and space != str(state.get("guild_id")):
            heading += f" · {space}"
        lines = [_clip(heading, width)]
        waiting = [f"{s.get('name')} (seat {int(s.get('seat', 0)) + 1})" for s in state.get("to_move") or []]
        outcome = state.get("outcome")
        if waiting:
            lines.append(_clip("To move: " + ", ".join(waiting), width))
        elif outcome is None:
            lines.append("To move: nobody")
        view = state.get("view") or {}
        if view:
            summary = board_summary(str(state.get("game")))
            names = [""] * len(state.get("seats") or [])
            for seat in state.get("seats") or []:
                if isinstance(seat, dict) and isinstance(seat.get("seat"), int) and 0 <= seat["seat"] < len(names):
                    names[seat["seat"]] = str(seat.get("name") or "")
            # Engine texts in the view (hints, prompts) say "Seat N": show the names.
            lines += [_clip(name_seats(line, names), width) for line in summary(view)]
        if outcome is not None:
            names = [str(s.get("name") or "") for s in state.get("seats") or [] if isinstance(s, dict)]
            result = state.get("result") or result_line(outcome, names)
            lines += _wrap(f"Result: {result}", "", width)
    if picture is not None:
        lines.append(f"Picture: {picture}")  # never clipped: a path is there to be copied
    if events:
        lines.append("Last:")
        lines += [_clip(f"  {line}", width) for line in events]
    return printable("\n".join(lines))


@dataclass
class WatchedGame:
    space: str  # the topic level under the prefix: a guild id or a terminal namespace
    game_id: int
    state: JSON | None = None
    events: deque[str] = field(default_factory=lambda: deque(maxlen=EVENT_LINES))
    picture: str | None = None  # where its latest picture was saved (--save)


def picture_file_name(topic_path: str) -> str:
    """A file name for a game's picture, from its topic path: `skald/term-1a2b/3` -> `skald_term-1a2b_3.png`."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", topic_path.replace("/", "_")) + ".png"


class WatchBoard:
    """What the display knows: the latest state, last event lines (and saved picture) of every
    game, keyed by the game's topic path `<prefix>/<space>/<game id>`.

    `save`: a directory to write each game's latest picture to (None: pictures are ignored).
    """

    def __init__(self, prefix: str, save: Path | None = None) -> None:
        self.prefix = prefix
        self.save = save
        self.games: dict[str, WatchedGame] = {}

    def take(self, topic: str, payload: bytes) -> bool:
        """Fold one message in; False when it isn't a relay message this board understands."""
        head, _, rest = topic.rpartition("/")
        parts = head.rsplit("/", 2)
        if len(parts) != 3 or parts[0] != self.prefix or rest not in ("state", "events", "picture"):
            return False
        if not parts[1] or not parts[2].isdigit() or not parts[2].isascii():
            return False
        if rest == "picture":
            return self._picture(head, parts[1], int(parts[2]), payload)
        if rest == "state" and not payload:
            self._forget(head)  # the game was deleted: its retained state was cleared
            return True
        try:
            document = json.loads(payload)
        except ValueError:
            return False
        if not _well_formed(document, rest):
            return False  # a display must not fall over on one odd message
        watched = self.games.setdefault(head, WatchedGame(parts[1], int(parts[2])))
        if rest == "state":
            if watched.state is None or document["seq"] >= watched.state["seq"]:
                watched.state = document
        else:
            watched.events.extend(str(line) for line in document["lines"])
        return True

    def _picture(self, head: str, space: str, game_id: int, payload: bytes) -> bool:
        if self.save is None:
            return False
        path = self.save / picture_file_name(head)
        if not payload:
            _remove_picture(path)  # cleared along with the deleted game's state
            if head in self.games:
                self.games[head].picture = None
            return True
        if not payload.startswith(PNG_HEADER) or files.problem(path, replaces=PNG_HEADER) is not None:
            return False  # not a picture, or a file of someone else's is where it would go
        try:
            # All at once (a picture viewer never opens half a file), private: a server's boards.
            written = files.write(path, payload, replace=True, mode=files.PRIVATE)
        except files.Unwritten:
            return False  # a full disk or a removed folder must not stop the display
        self.games.setdefault(head, WatchedGame(space, game_id)).picture = str(written)
        return True

    def _forget(self, head: str) -> None:
        self.games.pop(head, None)
        if self.save is not None:
            _remove_picture(self.save / picture_file_name(head))


def _remove_picture(path: Path) -> None:
    """Delete a game's saved picture: only a picture (a file of that name that is none stays)."""
    if path.is_file() and not path.is_symlink() and files.problem(path, replaces=PNG_HEADER) is None:
        path.unlink(missing_ok=True)


def _well_formed(document: Any, kind: str) -> bool:
    if not isinstance(document, dict):
        return False
    if kind == "events":
        return isinstance(document.get("lines"), list)
    return (isinstance(document.get("seq"), int) and isinstance(document.get("view", {}), dict)
            and isinstance(document.get("to_move", []), list)
            and all(isinstance(s, dict) and isinstance(s.get("seat", 0), int) for s in document.get("to_move", []))
            and isinstance(document.get("outcome") or {}, dict)
            and isinstance(document.get("updated_at", 0), int | float))


def format_screen(board: WatchBoard, *, width: int = WIDTH) -> str:
    """Every game, oldest id first, separated by a rule."""
    if not board.games:
        return f"Waiting for games on {board.prefix}/# …"
    rule = "─" * width
    ordered = sorted(board.games.values(), key=lambda g: (g.space, g.game_id))
    blocks = [format_game(g.state, list(g.events), width=width, space=g.space, picture=g.picture) for g in ordered]
    return f"\n{rule}\n".join(blocks)


# -- the command -----------------------------------------------------------------------------
def register(subparsers: Any) -> None:
    """Add `relay-watch` to the `skald` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "relay-watch", help="show the games an MQTT relay publishes",
        description="Subscribe to a Skald MQTT relay and show a live summary of every game. Stop it with Ctrl-C.",
    )
    parser.add_argument("url", nargs="?", help="broker URL, mqtt://[user:pass@]host[:port][/prefix] (or mqtts://); "
                                               "default: $SKALD_MQTT_URL")
    parser.add_argument("--guild", metavar="SPACE",
                        help="only this guild's games (or a terminal run's namespace, e.g. term-1a2b3c4d)")
    parser.add_argument("--game", type=int, help="only this game id")
    parser.add_argument("--count", type=int, help="stop after this many messages")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    parser.add_argument("--save", metavar="DIR",
                        help="write each game's latest board picture to DIR (the relay needs SKALD_MQTT_PICTURES=1)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The command: 2 for unusable settings, else 0 (also when stopped with Ctrl-C, its usual end)."""
    source = "the URL" if args.url else "SKALD_MQTT_URL"
    url = args.url or SKALD_MQTT_URL.value()
    if not url:
        print("skald relay-watch: give the broker URL, or set SKALD_MQTT_URL.", file=sys.stderr)
        return 2
    try:
        settings = RelaySettings.from_url(url)
    except RelayConfigError as exc:
        print(f"skald relay-watch: {source}: {exc}", file=sys.stderr)
        return 2
    if args.guild is not None and not _LEVEL.fullmatch(args.guild):
        print("skald relay-watch: --guild is one topic level: a guild id or a namespace such as term-1a2b3c4d.",
              file=sys.stderr)
        return 2
    save = Path(args.save) if args.save else None
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(f"skald relay-watch: can't use {save} for pictures: {exc.strerror or exc}.", file=sys.stderr)
            return 2
    try:
        return asyncio.run(watch(settings, guild=args.guild, game=args.game, count=args.count,
                                 seconds=args.seconds, out=sys.stdout, save=save))
    except KeyboardInterrupt:
        return 0


async def watch(settings: RelaySettings, *, guild: int | str | None = None, game: int | None = None,
                count: int | None = None, seconds: float | None = None, out: TextIO,
                save: Path | None = None) -> int:
    """Show the games until `count` messages or `seconds` passed (forever if neither)."""
    board = WatchBoard(settings.prefix, save)
    clear = "\x1b[H\x1b[2J" if out.isatty() else ""
    try:
        async with asyncio.timeout(seconds):
            await _follow(settings, guild, game, count, board, clear, out)
    except TimeoutError:
        pass
    return 0


async def _follow(settings: RelaySettings, guild: int | str | None, game: int | None, count: int | None,
                  board: WatchBoard, clear: str, out: TextIO) -> None:
    base = f"{settings.prefix}/{'+' if guild is None else guild}/{'+' if game is None else game}"
    kinds = ("state", "events", "picture") if board.save is not None else ("state", "events")
    seen = 0
    failures = 0
    jitter = random.Random()
    out.write(format_screen(board) + "\n")
    out.flush()
    while True:
        try:
            async with settings.client() as client:
                failures = 0
                # Retained states arrive first, so the screen is complete right away.
                for kind in kinds:
                    await client.subscribe(f"{base}/{kind}", qos=1)
                async for message in client.messages:
                    payload = bytes(message.payload) if isinstance(message.payload, bytes | bytearray) else b""
                    if board.take(message.topic.value, payload):
                        out.write(clear + format_screen(board) + "\n" + ("" if clear else "\n"))
                        out.flush()
                    seen += 1
                    if count is not None and seen >= count:
                        return
        except aiomqtt.MqttError as exc:
            out.write(printable(f"(broker {settings.url}: {exc}; retrying)") + "\n")
            out.flush()
        delay = backoff_delay(failures, settings.backoff_initial, settings.backoff_cap, jitter.random())
        failures += 1
        await asyncio.sleep(delay)
