"""Replays and exports of stored games, built from the move log (docs/replays.md).

A `GameLog` is a game as the world may see it: what was played, the public lines of each change,
the players' names and AI kinds. It comes from the store (`load_log`) or from an export file
(`read_export`). Only a finished game's log carries the seed and the move texts: while a game runs
the seed would reveal every hidden card, and a move text can name face-down cards (discards) or
sealed bids, so a running game's changes keep only their public lines.

A finished game is rebuilt by replaying its moves from the seed under its engine version
(`rebuild`); its replay is the spectator view at the key moments its descriptor names, captioned
with public lines only (`stills`), drawn as a GIF (`renderer.replay`). Nothing here talks to
Discord: the adapter calls `replay_file` and `export_file`, which read the store once and do the
CPU work in the render processes.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot import games, rendering
from bot.holders import Holding, SeatHistory
from bot.kinds import TABLE_ACTIONS, Status
from bot.move_log import MoveFailed, replay
from bot.names import name_seats, result_line
from engine import registry
from engine.errors import SkaldError
from renderer.replay import DEFAULT_BUDGET, EXTENSION, MEDIA_TYPE, Animation, Still, animate

if TYPE_CHECKING:
    from bot.store import GameRecord, Store

JSON = dict[str, Any]

FORMAT = "skald-game"  # the export's "format" field
FORMAT_VERSION = 1  # bumped only for a change older readers would misread; new keys are ignored
FINISHED = "finished"
MOVE, RESIGN, ABANDON, UNDO = "move", "resign", "abandon", "undo"


class ReplayError(SkaldError):
    """Base of the refusals here; `.reason` can be shown as it is."""


class NotReplayable(ReplayError):
    """No such game, or a game with no replay (not finished, or exported while running)."""


class BadExport(ReplayError):
    """A file that is not a Skald export, is from a newer format, or is malformed."""


class NoLongerReplays(ReplayError):
    """The log's moves no longer give the recorded game under this version of the rules."""


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    ai: str | None  # the AI kind, None for a person


@dataclass(frozen=True)
class Change:
    """One logged change. `text` is the engine move text, None where it is withheld (a game not
    finished); `public` are the lines everyone was told, with seats as "Seat N"."""

    state_id: int
    seat: int | None
    kind: str
    text: str | None
    public: tuple[str, ...]


@dataclass(frozen=True)
class GameLog:
    """A game as it may be shown to anyone: with its seed and move texts only once finished.
    `players` are the seats as they were at the end; `holders` who held each seat from which
    change (no user ids: an export names people as the story did)."""

    game: str
    title: str
    status: str
    options: JSON
    engine_version: int
    seed: int | None
    players: tuple[Player, ...]
    changes: tuple[Change, ...]
    outcome: JSON | None
    holders: tuple[Holding, ...] = ()

    @property
    def names(self) -> list[str]:
        """The seats' names at the end."""
        return [player.name for player in self.players]

    def names_at(self, change: int) -> list[str]:
        """The seats as change `change`'s lines name them: their holders then."""
        return SeatHistory(self.holders).names_at(change, self.names)


@dataclass(frozen=True)
class Rebuilt:
    """A finished game replayed: the spectator view at the start and after each change, and the
    outcome (the engine's, or the table's for a resignation)."""

    views: tuple[JSON, ...]
    outcome: JSON


@dataclass(frozen=True)
class Attachment:
    """A file for the adapter to post."""

    filename: str
    data: bytes
    media_type: str
    frames: int = 0  # pictures in an animation (0: not one)
    fits: bool = True  # within the size budget asked for


# -- key moments ----------------------------------------------------------------------------
# A replay shows the start, then the board after each change whose key moment (a value of the
# spectator view alone, from the game's descriptor) differs from the last frame's, then the
# final board and the result. The changes in between pass their public lines to the next
# frame's caption.


# -- from the store ----------------------------------------------------------------------------

def game_log(record: GameRecord) -> GameLog:
    """The log of a stored game (`Store.load(game_id, from_start=True)`): every change, public
    lines only; the seed and move texts only if the game is finished."""
    row = record.game
    finished = row.status == FINISHED
    changes = tuple(
        Change(change.state_id, change.seat, change.kind, change.text if finished else None,
               tuple(text for text, seats in change.events if seats is None))
        for change in record.moves
    )
    return GameLog(
        game=row.game, title=_title(row.game), status=row.status, options=dict(row.options),
        engine_version=row.engine_version, seed=row.seed if finished else None,
        players=tuple(Player(seat.seat, seat.name, seat.ai) for seat in record.seats),
        changes=changes, outcome=row.outcome if finished else None,
        holders=tuple(Holding(h.seat, h.since, h.name, h.why, ai=h.ai) for h in record.holders),
    )


async def load_log(store: Store, game_id: int) -> GameLog:
    """One consistent read of a stored game; NotReplayable if there is no such game or it never started."""
    record = await store.load(game_id, from_start=True)
    if record is None:
        raise NotReplayable(f"There is no game #{game_id}.")
    if record.game.status in (Status.LOBBY, Status.CANCELLED):
        raise NotReplayable(f"Game #{game_id} never started: there is nothing to show.")
    return game_log(record)


async def replay_file(store: Store, game_id: int, *, budget: int = DEFAULT_BUDGET) -> Attachment:
    """`/game replay`: the finished game's animated replay, at most `budget` bytes when at all
    possible (`fits` says). NotReplayable for a game that isn't finished, NoLongerReplays when
    its log no longer replays."""
    log = await load_log(store, game_id)
    # In the render processes: a replay is seconds of Pillow, which in a thread would hold the
    # GIL against every other table (bot/rendering.py).
    animation = await rendering.run(functools.partial(replay_animation, log, budget=budget), urgent=False)
    return Attachment(f"skald-{log.game}-{game_id}-replay.{EXTENSION}", animation.data, MEDIA_TYPE,
                      animation.frames, animation.fits)


async def export_file(store: Store, game_id: int) -> Attachment:
    """`/game export`: the move list as JSON (docs/replays.md); any started game, finished or not."""
    log = await load_log(store, game_id)
    return Attachment(f"skald-{log.game}-{game_id}.json", export_bytes(log), "application/json")


# -- the export file ---------------------------------------------------------------------------

def to_export(log: GameLog) -> JSON:
    """The export document (docs/replays.md)."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": log.game,
        "title": log.title,
        "status": log.status,
        "engine_version": log.engine_version,
        "options": log.options,
        "seed": log.seed,
        "players": [{"seat": p.seat, "name": p.name, "ai": p.ai} for p in log.players],
        "holders": [{"seat": h.seat, "since": h.since, "name": h.name, "why": h.why, "ai": h.ai} for h in log.holders],
        "changes": [{"state_id": c.state_id, "seat": c.seat, "kind": c.kind, "text": c.text, "public": list(c.public)}
                    for c in log.changes],
        "outcome": log.outcome,
    }


def export_bytes(log: GameLog) -> bytes:
    return (json.dumps(to_export(log), indent=2, ensure_ascii=False) + "\n").encode()


def read_export(data: bytes | str) -> GameLog:
    """Read an export file; BadExport says why one can't be read (not an export, a newer format,
    a field missing or of the wrong type)."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, ValueError):
        raise BadExport("This is not a Skald game export (it is not JSON).") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadExport("This is not a Skald game export (no \"format\": \"skald-game\").")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadExport("This export has no valid format version.")
    if version > FORMAT_VERSION:
        raise BadExport(f"This export is in format version {version}, from a newer Skald; this one reads "
                        f"version {FORMAT_VERSION}.")
    fields = _Fields(document)
    game = fields.text("game")
    try:
        registry.get(game)
    except SkaldError:
        raise BadExport(f"This export is of a game this Skald doesn't host ({game[:40]!r}).") from None
    players = tuple(Player(p.integer("seat"), p.text("name"), p.maybe_text("ai"))
                    for p in fields.records("players"))
    changes = tuple(Change(c.integer("state_id"), c.maybe_integer("seat"), c.text("kind"), c.maybe_text("text"),
                           tuple(c.texts("public")))
                    for c in fields.records("changes"))
    # Exports from before seat histories were kept have none: their lines name the seats as
    # the players list does.
    holders = tuple(Holding(h.integer("seat"), h.integer("since"), h.text("name"), h.text("why"), ai=h.maybe_text("ai"))
                    for h in fields.records("holders", optional=True))
    return GameLog(
        game=game, title=_title(game), status=fields.text("status"), options=fields.mapping("options"),
        engine_version=fields.integer("engine_version"), seed=fields.maybe_integer("seed"), players=players,
        changes=changes, outcome=fields.maybe_mapping("outcome"), holders=holders,
    )


class _Fields:
    """Typed reads of one JSON object of an export; BadExport names the field that is wrong."""

    def __init__(self, document: Mapping[str, Any], where: str = "") -> None:
        self.document = document
        self.where = where

    def _get(self, key: str, kinds: tuple[type, ...], what: str, optional: bool = False) -> Any:
        value = self.document.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
            raise BadExport(f"This export is damaged: {self.where}{key!r} should be {what}.")
        return value

    def text(self, key: str) -> str:
        return str(self._get(key, (str,), "text"))

    def maybe_text(self, key: str) -> str | None:
        value = self._get(key, (str,), "text or null", optional=True)
        return None if value is None else str(value)

    def integer(self, key: str) -> int:
        return int(self._get(key, (int,), "a whole number"))

    def maybe_integer(self, key: str) -> int | None:
        value = self._get(key, (int,), "a whole number or null", optional=True)
        return None if value is None else int(value)

    def mapping(self, key: str) -> JSON:
        return dict(self._get(key, (dict,), "an object"))

    def maybe_mapping(self, key: str) -> JSON | None:
        value = self._get(key, (dict,), "an object or null", optional=True)
        return None if value is None else dict(value)

    def texts(self, key: str) -> list[str]:
        items = self._get(key, (list,), "a list of texts")
        if not all(isinstance(item, str) for item in items):
            raise BadExport(f"This export is damaged: {self.where}{key!r} should be a list of texts.")
        return list(items)

    def records(self, key: str, optional: bool = False) -> list[_Fields]:
        items = self._get(key, (list,), "a list of objects", optional=optional)
        if items is None:
            return []
        if not all(isinstance(item, dict) for item in items):
            raise BadExport(f"This export is damaged: {key!r} should be a list of objects.")
        return [_Fields(item, f"{key}[{index}] ") for index, item in enumerate(items)]


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except SkaldError:
        return game


# -- rebuilding and the replay -----------------------------------------------------------------

def standing(log: GameLog) -> GameLog:
    """The log as the game went in the end: moves taken back, and the undos that took them back,
    left out (docs/undo.md). A replay shows only what stood."""
    taken_back: set[int] = set()
    for change in log.changes:
        if change.kind == UNDO:
            if change.text is None:  # a running game's export: nothing is replayed anyway
                return log
            if not change.text.isdigit():
                raise NoLongerReplays(f"Change {change.state_id} is an undo that names no move.")
            taken_back.add(int(change.text))
    if not taken_back:
        return log
    kept = tuple(c for c in log.changes if c.kind != UNDO and c.state_id not in taken_back)
    return replace(log, changes=kept)


def rebuild(log: GameLog) -> Rebuilt:
    """Replay a finished game from its seed: the spectator view at every change, and its outcome.

    Each move must apply and tell the public lines the log recorded, and the game must end as
    recorded: NoLongerReplays otherwise (a rules change, a damaged log). The refusal names the
    change and the kind of error, never the engine's reason, which may name hidden cards."""
    log = standing(log)
    if log.seed is None or log.status != FINISHED:
        raise NotReplayable(f"This {log.title} game is not finished: only a finished game has a replay.")
    try:
        game = registry.get(log.game)
        state = game.setup(len(log.players), log.options, log.seed, log.engine_version)
    except SkaldError as error:
        raise NoLongerReplays(f"This {log.title} game can't be set up again: {error.reason}") from None
    views = [game.view(state, None)]
    resigned = False
    try:
        for replayed in replay(game, state, log.changes):
            change, state = replayed.change, replayed.state
            where = f"Change {change.state_id}"
            if replayed.step is not None:
                if tuple(event.text for event in replayed.step.events if event.public) != change.public:
                    raise NoLongerReplays(f"{where} replays, but tells other public lines than the log recorded.")
            elif change.kind in TABLE_ACTIONS:
                resigned = resigned or change.kind == RESIGN
            else:
                raise NoLongerReplays(f"{where} is a {change.kind!r}, which this version of Skald can't replay.")
            views.append(game.view(state, None))
    except MoveFailed as failed:
        where = f"Change {failed.change.state_id}"
        if failed.cause is None:
            raise NoLongerReplays(f"{where} is a move without a seat or a move text.") from None
        raise NoLongerReplays(f"{where} no longer replays under this version of the rules "
                              f"({type(failed.cause).__name__}).") from None
    outcome = game.outcome(state)
    if resigned and log.outcome is not None:
        final = log.outcome  # the table decided it: the rules had no say
    elif outcome is None:
        raise NoLongerReplays("The moves end before the game does: the log is incomplete.")
    else:
        final = json.loads(json.dumps(outcome.to_dict()))  # as stored: tuples become lists
        if log.outcome is not None and final != log.outcome:
            raise NoLongerReplays("The moves replay to another result than the one recorded.")
    return Rebuilt(tuple(views), final)


def stills(log: GameLog, rebuilt: Rebuilt | None = None) -> list[Still]:
    """The replay's pictures: the start, every key moment (the descriptor's; every change for a
    game without one), the final board, then the result. Each caption is the public lines of the
    changes since the previous picture, seats named.

    A game the table ended (a resignation) ends on its last board, the result in its caption:
    the rules never scored it, so there is no score sheet to draw."""
    rebuilt = rebuilt or rebuild(log)
    log = standing(log)
    names = log.names
    descriptor = games.find(log.game)
    marker = None if descriptor is None else descriptor.key_moment
    views = rebuilt.views
    total = len(log.changes)
    pictures = [Still(views[0], label="Start", names=tuple(log.names_at(0)))]
    mark: Hashable = marker(views[0]) if marker else 0
    pending: list[str] = []
    for index, change in enumerate(log.changes, start=1):
        pending += [name_seats(line, log.names_at(change.state_id)) for line in change.public]
        now: Hashable = marker(views[index]) if marker else index
        if now != mark or index == total:
            after = tuple(log.names_at(change.state_id + 1))  # the board after the change: its holders then
            pictures.append(Still(views[index], tuple(pending), f"Move {index} of {total}", names=after))
            pending, mark = [], now
    result = result_line(rebuilt.outcome, names)
    if views[-1]["outcome"] is None:
        last = pictures[-1]
        pictures[-1] = Still(last.view, (*last.caption, result), last.label if total else "Result")
    else:
        pictures.append(Still(views[-1], (result,), "Result", "outcome"))
    return pictures


def replay_animation(log: GameLog, *, budget: int = DEFAULT_BUDGET) -> Animation:
    """The finished game's replay as a GIF (CPU-bound: run it off the event loop)."""
    return animate(stills(log), log.names, budget=budget)
