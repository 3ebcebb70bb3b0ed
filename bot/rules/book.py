"""Rules entries and the JSON files they live in (format: docs/rules.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from bot.rules.games import GAMES

_ID = re.compile(r"^[a-z0-9-]+(/[a-z0-9-]+)+$")


class RulesDataError(ValueError):
    """A rules data file breaks the format; the message names the file and the entry."""


@dataclass(frozen=True)
class Entry:
    """One concept of one game's rules: a card, a giant, a phase, a scoring rule."""

    id: str
    game: str
    path: tuple[str, ...]
    title: str
    text: str
    aliases: tuple[str, ...] = ()

    @property
    def section(self) -> str:
        """The section path as one line, e.g. "Cards › Divine weapons"."""
        return " › ".join(self.path)


def parse_entries(raw: Any, source: str) -> list[Entry]:
    """Validated entries from one decoded data file; RulesDataError says what is wrong where."""
    if not isinstance(raw, list):
        raise RulesDataError(f"{source}: expected a list of entries")
    entries: list[Entry] = []
    for position, item in enumerate(raw):
        where = f"{source}[{position}]"
        if not isinstance(item, dict):
            raise RulesDataError(f"{where}: an entry must be an object")
        for key in ("id", "game", "title", "text"):
            value = item.get(key)
            if not isinstance(value, str) or not value.strip():
                raise RulesDataError(f"{where}: {key!r} must be a non-empty string")
        extra = set(item) - {"id", "game", "path", "title", "text", "aliases"}
        if extra:
            raise RulesDataError(f"{where}: unknown fields {sorted(extra)}")
        path = item.get("path", [])
        aliases = item.get("aliases", [])
        for key, value in (("path", path), ("aliases", aliases)):
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                raise RulesDataError(f"{where}: {key!r} must be a list of non-empty strings")
        entry = Entry(
            item["id"], item["game"], tuple(path), item["title"].strip(), item["text"].strip(), tuple(aliases)
        )
        if entry.game not in GAMES:
            raise RulesDataError(f"{where}: unknown game {entry.game!r}; known: {', '.join(GAMES)}")
        if not _ID.match(entry.id) or not entry.id.startswith(entry.game + "/"):
            raise RulesDataError(f"{where}: id {entry.id!r} must look like '{entry.game}/slug/...' (a-z, 0-9, -)")
        entries.append(entry)
    return entries


def check_unique(entries: Iterable[Entry]) -> None:
    """Raise RulesDataError when two entries share an id."""
    seen: set[str] = set()
    for entry in entries:
        if entry.id in seen:
            raise RulesDataError(f"duplicate entry id {entry.id!r}")
        seen.add(entry.id)


def data_files() -> list[tuple[str, str]]:
    """(file name, JSON text) of every shipped data file, sorted by name."""
    folder = resources.files("bot.rules.data")
    return sorted(
        (item.name, item.read_text(encoding="utf-8"))
        for item in folder.iterdir()
        if item.name.endswith(".json") and item.is_file()
    )


def load_entries() -> list[Entry]:
    """Every shipped entry, validated; a data file must be named after its game."""
    entries: list[Entry] = []
    for name, text in data_files():
        game = name.removesuffix(".json")
        if game not in GAMES:
            raise RulesDataError(f"{name}: no game called {game!r}")
        file_entries = parse_entries(json.loads(text), name)
        for entry in file_entries:
            if entry.game != game:
                raise RulesDataError(f"{name}: entry {entry.id!r} belongs to {entry.game!r}")
        entries.extend(file_entries)
    check_unique(entries)
    return entries
