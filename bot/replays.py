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

import asyncio
import functools
import itertools
import json
import math
from abc import abstractmethod
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar, overload

from bot import games, rendering
from bot.holders import Holding, SeatHistory
from bot.kinds import TABLE_ACTIONS, Status
from bot.move_log import BadUndo, MoveFailed, replay, replay_changes
from bot.names import name_seats, result_line
from engine import registry
from engine.core import Game
from engine.errors import SkaldError
from renderer.replay import DEFAULT_BUDGET, EXTENSION, MAX_FRAMES, MEDIA_TYPE, Animation, Still, animate

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
        return _history(self.holders).names_at(change, self.names)


@functools.lru_cache(maxsize=8)
def _history(holders: tuple[Holding, ...]) -> SeatHistory:
    # Made once per log, not once per change: a replay asks about every change.
    return SeatHistory(holders)


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
    record = await store.games.load(game_id, from_start=True)
    if record is None:
        raise NotReplayable(f"There is no game #{game_id}.")
    if record.game.status in (Status.LOBBY, Status.CANCELLED):
        raise NotReplayable(f"Game #{game_id} never started: there is nothing to show.")
    return game_log(record)


async def replay_file(store: Store, game_id: int, *, budget: int = DEFAULT_BUDGET,
                      cache: ReplayCache | None = None) -> Attachment:
    """`/game replay`: the finished game's animated replay, at most `budget` bytes when at all
    possible (`fits` says). NotReplayable for a game that isn't finished, NoLongerReplays when
    its log no longer replays. With `cache`, a finished game's replay is drawn once."""
    log = await load_log(store, game_id)

    async def draw() -> Attachment:
        # In the render processes: a replay is seconds of Pillow, which in a thread would hold
        # the GIL against every other table (bot/rendering.py).
        animation = await rendering.run(functools.partial(replay_animation, log, budget=budget), urgent=False)
        return Attachment(f"skald-{log.game}-{game_id}-replay.{EXTENSION}", animation.data, MEDIA_TYPE,
                          animation.frames, animation.fits)

    _finished_seed(log)  # refused here, without a trip to the render processes
    if cache is None:
        return await draw()
    # The seed and the length too: should a game's id ever name another game (a database
    # restored from a backup), its replay is not the old one's.
    return await cache.get((game_id, budget, log.seed, len(log.changes)), draw)


class ReplayCache:
    """Finished games' replays by game and size budget: a finished game's replay never changes,
    and drawing one is seconds of CPU. At most `entries` replays and `size` bytes, the least
    recently asked for going first; requests for one replay while it is drawn wait for that
    drawing. A refusal (no longer replays) is not kept: it is quick to find again."""

    def __init__(self, *, entries: int = 16, size: int = 64 * 2**20) -> None:
        self.entries = entries
        self.size = size
        self._kept: OrderedDict[Hashable, Attachment] = OrderedDict()
        self._drawing: dict[Hashable, asyncio.Future[Attachment]] = {}

    @property
    def bytes(self) -> int:
        return sum(len(attachment.data) for attachment in self._kept.values())

    def __len__(self) -> int:
        return len(self._kept)

    async def get(self, key: Hashable, draw: Callable[[], Awaitable[Attachment]]) -> Attachment:
        """The replay kept under `key`, else `draw()`'s, kept."""
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(draw())
            self._drawing[key] = drawing
            drawing.add_done_callback(functools.partial(self._drawn, key))
        # Shielded: one asker giving up (a cancelled interaction) doesn't stop the others' drawing.
        return await asyncio.shield(drawing)

    def _drawn(self, key: Hashable, drawing: asyncio.Future[Attachment]) -> None:
        self._drawing.pop(key, None)
        if drawing.cancelled() or drawing.exception() is not None:
            return
        attachment = drawing.result()
        if len(attachment.data) > self.size:
            return
        self._kept[key] = attachment
        while len(self._kept) > self.entries or self.bytes > self.size:
            self._kept.popitem(last=False)


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
    a field missing, of the wrong type or out of range: a seat that isn't one, a winner who
    didn't play, state ids out of order)."""
    try:
        document = json.loads(data)
    except (UnicodeDecodeError, ValueError):
        raise BadExport("This is not a Skald game export (it is not JSON).") from None
    except RecursionError:
        raise BadExport("This is not a Skald game export (its JSON is nested too deeply to read).") from None
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
        engine = registry.get(game)
    except SkaldError:
        raise BadExport(f"This export is of a game this Skald doesn't host ({game[:40]!r}).") from None
    players = tuple(Player(p.seat("seat", index + 1, exactly=index), p.text("name"), p.maybe_text("ai"))
                    for index, p in enumerate(fields.records("players")))
    if not engine.min_players <= len(players) <= engine.max_players:
        raise BadExport(f"This export is damaged: {engine.title} is played by {engine.min_players} to "
                        f"{engine.max_players} players, and it lists {len(players)}.")
    seats = len(players)
    changes = tuple(Change(c.integer("state_id"), c.maybe_seat("seat", seats), c.text("kind"), c.maybe_text("text"),
                           tuple(c.texts("public")))
                    for c in fields.records("changes"))
    for index, (before, after) in enumerate(itertools.pairwise(changes), start=1):
        if after.state_id <= before.state_id:
            raise BadExport(f"This export is damaged: changes[{index}] 'state_id' should come after the one before.")
    # Exports from before seat histories were kept have none: their lines name the seats as
    # the players list does.
    holders = tuple(Holding(h.seat("seat", seats), h.natural("since"), h.text("name"), h.text("why"),
                            ai=h.maybe_text("ai"))
                    for h in fields.records("holders", optional=True))
    return GameLog(
        game=game, title=_title(game), status=fields.text("status"), options=fields.mapping("options"),
        engine_version=fields.integer("engine_version"), seed=fields.maybe_integer("seed"), players=players,
        changes=changes, outcome=_outcome(fields.maybe_mapping("outcome"), seats), holders=holders,
    )


def _outcome(outcome: JSON | None, seats: int) -> JSON | None:
    """An export's outcome as its readers use it: winners are seats of the game, once each; scores
    and ranks, where given, one per seat."""
    if outcome is None:
        return None
    fields = _Fields(outcome, "outcome ")
    winners = fields.seats("winners", seats)
    if len(set(winners)) != len(winners):
        raise BadExport("This export is damaged: outcome 'winners' names a seat twice.")
    fields.maybe_text("summary")
    fields.maybe_flag("cooperative")
    fields.maybe_numbers("scores", seats, whole=False)
    fields.maybe_numbers("ranks", seats, whole=True)
    fields.maybe_mapping("sheet")
    return outcome


class _Fields:
    """Typed reads of one JSON object of an export; BadExport names the field that is wrong."""

    def __init__(self, document: Mapping[str, Any], where: str = "") -> None:
        self.document = document
        self.where = where

    def _damaged(self, key: str, what: str) -> BadExport:
        return BadExport(f"This export is damaged: {self.where}{key!r} should be {what}.")

    def _get(self, key: str, kinds: tuple[type, ...], what: str, optional: bool = False) -> Any:
        value = self.document.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
            raise self._damaged(key, what)
        if isinstance(value, str) and not _is_text(value):
            raise self._damaged(key, what)
        return value

    def text(self, key: str) -> str:
        return str(self._get(key, (str,), "text"))

    def maybe_text(self, key: str) -> str | None:
        value = self._get(key, (str,), "text or null", optional=True)
        return None if value is None else str(value)

    def integer(self, key: str) -> int:
        return int(self._get(key, (int,), "a whole number"))

    def natural(self, key: str) -> int:
        value = int(self._get(key, (int,), "a whole number, 0 or more"))
        if value < 0:
            raise self._damaged(key, "a whole number, 0 or more")
        return value

    def maybe_integer(self, key: str) -> int | None:
        value = self._get(key, (int,), "a whole number or null", optional=True)
        return None if value is None else int(value)

    def seat(self, key: str, seats: int, exactly: int | None = None) -> int:
        """A seat number (from 0) of a game of `seats` seats, or exactly `exactly`."""
        what = f"{exactly}" if exactly is not None else f"a seat number from 0 to {seats - 1}"
        value = int(self._get(key, (int,), what))
        if value != exactly if exactly is not None else not 0 <= value < seats:
            raise self._damaged(key, what)
        return value

    def maybe_seat(self, key: str, seats: int) -> int | None:
        what = f"a seat number from 0 to {seats - 1}, or null"
        value = self._get(key, (int,), what, optional=True)
        if value is not None and not 0 <= value < seats:
            raise self._damaged(key, what)
        return None if value is None else int(value)

    def seats(self, key: str, seats: int) -> list[int]:
        what = f"a list of seat numbers from 0 to {seats - 1}"
        items = self._get(key, (list,), what)
        if not all(_is_whole(item) and 0 <= item < seats for item in items):
            raise self._damaged(key, what)
        return list(items)

    def maybe_flag(self, key: str) -> bool | None:
        value = self._get(key, (bool,), "true, false or null", optional=True)
        return None if value is None else bool(value)

    def maybe_numbers(self, key: str, seats: int, *, whole: bool) -> list[float] | None:
        what = f"null or a list of {seats} {'whole numbers' if whole else 'numbers'}, one per seat"
        items = self._get(key, (list,), what, optional=True)
        if items is None:
            return None
        number = _is_whole if whole else _is_number
        if len(items) != seats or not all(number(item) for item in items):
            raise self._damaged(key, what)
        return list(items)

    def mapping(self, key: str) -> JSON:
        return dict(self._get(key, (dict,), "an object"))

    def maybe_mapping(self, key: str) -> JSON | None:
        value = self._get(key, (dict,), "an object or null", optional=True)
        return None if value is None else dict(value)

    def texts(self, key: str) -> list[str]:
        items = self._get(key, (list,), "a list of texts")
        if not all(isinstance(item, str) and _is_text(item) for item in items):
            raise self._damaged(key, "a list of texts")
        return list(items)

    def records(self, key: str, optional: bool = False) -> list[_Fields]:
        items = self._get(key, (list,), "a list of objects", optional=optional)
        if items is None:
            return []
        if not all(isinstance(item, dict) for item in items):
            raise self._damaged(key, "a list of objects")
        return [_Fields(item, f"{key}[{index}] ") for index, item in enumerate(items)]


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return _is_whole(value) or (isinstance(value, float) and math.isfinite(value))


def _is_text(value: str) -> bool:
    """Text that can be printed: JSON lets a file hold half a surrogate pair ("\\ud800"), which
    no UTF-8 terminal can show."""
    try:
        value.encode()
    except UnicodeEncodeError:
        return False
    return True


def _title(game: str) -> str:
    try:
        return registry.get(game).title
    except SkaldError:
        return game


# -- rebuilding and the replay -----------------------------------------------------------------
# A replay is built in one pass over the log that keeps only what it shows: the views of the
# pictures kept (`stills`), or a state every CHECKPOINT_EVERY changes (`rebuild`, for the pages
# of `skald replay`). A view per change took 1.9 GB for a 20,000-change log (audit of 2026-12-02).

CHECKPOINT_EVERY = 64  # changes between the states a rebuilt game keeps to make its views again


def standing(log: GameLog) -> GameLog:
    """The log as the game went in the end: moves taken back, and the undos that took them back,
    left out (docs/undo.md). A replay shows only what stood. NoLongerReplays for an undo (of a
    game with a seed) that names no move standing before it."""
    moves: set[int] = set()  # the moves standing so far
    taken_back: set[int] = set()
    for change in log.changes:
        if change.kind == MOVE:
            moves.add(change.state_id)
        elif change.kind == UNDO:
            if change.text is None and log.seed is None:  # a running game's export: nothing is replayed anyway
                return log
            target = _state_id(change.text or "")
            if target is None or target not in moves:
                raise NoLongerReplays(f"Change {change.state_id} is an undo that names no move still standing.")
            moves.discard(target)
            taken_back.add(target)
    if not taken_back:
        return log
    kept = tuple(c for c in log.changes if c.kind != UNDO and c.state_id not in taken_back)
    return replace(log, changes=kept)


def _finished_seed(log: GameLog) -> int:
    """The seed of a finished game's log; NotReplayable for any other log."""
    if log.seed is None or log.status != FINISHED:
        raise NotReplayable(f"This {log.title} game is not finished: only a finished game has a replay.")
    return log.seed


def _state_id(text: str) -> int | None:
    # ASCII digits only: str.isdigit() passes "٣" and "²" too, and int() refuses the second.
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


class _Replaying:
    """One checked replay of a finished game's standing log from its seed.

    `states()` yields the state at the start and after each change; each move must apply and tell
    the public lines the log recorded, and the game must end as recorded: NoLongerReplays
    otherwise (a rules change, a damaged log), naming the change and the kind of error, never the
    engine's reason, which may name hidden cards. Once it has run out, `outcome` is the outcome
    (the engine's, or the table's for a resignation). Nothing is kept: callers keep what they show."""

    def __init__(self, log: GameLog) -> None:
        seed = _finished_seed(log)
        log = standing(log)
        try:
            self.game = registry.get(log.game)
            self.start = self.game.setup(len(log.players), log.options, seed, log.engine_version)
        except SkaldError as error:
            raise NoLongerReplays(f"This {log.title} game can't be set up again: {error.reason[:300]}") from None
        except Exception as error:  # a damaged file's options or seed that the engine chokes on
            raise NoLongerReplays(f"This {log.title} game can't be set up again from its seed and options "
                                  f"({type(error).__name__}).") from None
        self.log = log
        self._outcome: JSON | None = None

    @property
    def outcome(self) -> JSON:
        if self._outcome is None:
            raise RuntimeError("the replay has not been run to its end")
        return self._outcome

    def states(self) -> Iterator[Any]:
        state = self.start
        yield state
        resigned = False
        try:
            # keep=0: `standing` left no undo to honour, so no move applied need be remembered.
            for replayed in replay(self.game, self.start, self.log.changes, keep=0):
                change, state = replayed.change, replayed.state
                where = f"Change {change.state_id}"
                if replayed.step is not None:
                    if tuple(event.text for event in replayed.step.events if event.public) != change.public:
                        raise NoLongerReplays(f"{where} replays, but tells other public lines than the log recorded.")
                elif change.kind in TABLE_ACTIONS:
                    resigned = resigned or change.kind == RESIGN
                else:
                    raise NoLongerReplays(f"{where} is a {change.kind[:40]!r}, which this version of Skald can't "
                                          "replay.")
                yield state
        except MoveFailed as failed:
            where = f"Change {failed.change.state_id}"
            if isinstance(failed.cause, BadUndo):
                raise NoLongerReplays(f"{where} is a move without a seat or a move text.") from None
            raise NoLongerReplays(f"{where} no longer replays under this version of the rules "
                                  f"({type(failed.cause).__name__}).") from None
        self._outcome = self._checked(state, resigned)

    def _checked(self, state: Any, resigned: bool) -> JSON:
        recorded = self.log.outcome
        outcome = self.game.outcome(state)
        if resigned and recorded is not None:
            return recorded  # the table decided it: the rules had no say
        if outcome is None:
            raise NoLongerReplays("The moves end before the game does: the log is incomplete.")
        final: JSON = json.loads(json.dumps(outcome.to_dict()))  # as stored: tuples become lists
        if recorded is not None and final != recorded:
            raise NoLongerReplays("The moves replay to another result than the one recorded.")
        return final


T = TypeVar("T")


class Lazy(Sequence[T]):
    """A sequence whose items are made when asked for (`_at`), never all held at once: a long
    game's views or pages."""

    noun = "item"  # what an IndexError calls an item

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def _at(self, position: int) -> T:
        """The item at `position`, from 0 (checked to be in range)."""

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError(f"no {self.noun} {index} of {len(self)}")
        return self._at(position)


class Views(Lazy[JSON]):
    """A rebuilt game's spectator view at the start (0) and after each change, each made when asked
    from the nearest state kept at or before it, so a long game's views are never all held at
    once. Read in order, each move is applied once; a step back starts from a kept state."""

    noun = "view"

    def __init__(self, game: Game[Any], changes: Sequence[Change], kept: Sequence[Any]) -> None:
        self._game = game
        self._changes = changes
        self._kept = kept  # the states after 0, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY ... changes
        self._last: tuple[int, Any] = (0, kept[0])  # the state made last, to go on from

    def __len__(self) -> int:
        return len(self._changes) + 1

    def _at(self, position: int) -> JSON:
        return self._game.view(self._state(position), None)

    def _state(self, position: int) -> Any:
        base = position - position % CHECKPOINT_EVERY
        at, state = self._last
        if not base <= at <= position:
            at, state = base, self._kept[base // CHECKPOINT_EVERY]
        # The log was checked as it was rebuilt: these moves apply again.
        state = replay_changes(self._game, state, self._changes[at:position], keep=0)
        self._last = (position, state)
        return state


@dataclass(frozen=True)
class Rebuilt:
    """A finished game replayed and checked: the spectator view at the start and after each
    change (made when asked), and the outcome (the engine's, or the table's for a resignation)."""

    views: Views
    outcome: JSON


def rebuild(log: GameLog) -> Rebuilt:
    """Replay a finished game from its seed and check it (`_Replaying`): NotReplayable for a game
    that isn't finished, NoLongerReplays for a log that no longer gives the recorded game. Keeps a
    state every CHECKPOINT_EVERY changes, not a view per change."""
    replaying = _Replaying(log)
    kept = [state for index, state in enumerate(replaying.states()) if index % CHECKPOINT_EVERY == 0]
    return Rebuilt(Views(replaying.game, replaying.log.changes, kept), replaying.outcome)


def stills(log: GameLog, rebuilt: Rebuilt | None = None) -> list[Still]:
    """The replay's pictures: the start, every key moment (the descriptor's; every change for a
    game without one), the final board, then the result. Each caption is the public lines of the
    changes since the previous picture, seats named.

    Built in one pass that keeps only the views of the pictures it keeps (`rebuilt`, if given, is
    read in order instead of replaying again). At most MAX_FRAMES pictures: past that, every other
    key moment kept so far is dropped (its lines passed on to the next picture), and from then on
    only every second one is kept, so a very long game shows moments spread evenly over it.

    A game the table ended (a resignation) ends on its last board, the result in its caption:
    the rules never scored it, so there is no score sheet to draw."""
    source: _Replaying | Rebuilt  # what tells the outcome once the views have run out
    if rebuilt is None:
        replaying = source = _Replaying(log)
        log = replaying.log
        views: Iterator[JSON] = (replaying.game.view(state, None) for state in replaying.states())
    else:
        source, log = rebuilt, standing(log)
        views = iter(rebuilt.views)
    descriptor = games.find(log.game)
    marker = None if descriptor is None else descriptor.key_moment
    total = len(log.changes)
    first = next(views)
    pictures = [Still(first, label="Start", names=tuple(log.names_at(0)))]
    moments: list[Still] = []  # the key moments kept between the start and the final board
    mark: Hashable = marker(first) if marker else 0
    pending: list[str] = []
    count, stride = 0, 1  # key moments seen; one in `stride` of them is kept
    # strict: when the changes run out, the replay is run to its end, which checks the outcome.
    for index, (change, view) in enumerate(zip(log.changes, views, strict=True), start=1):
        pending += [name_seats(line, log.names_at(change.state_id)) for line in change.public]
        now: Hashable = marker(view) if marker else index
        if now == mark and index != total:
            continue
        mark = now
        after = tuple(log.names_at(change.state_id + 1))  # the board after the change: its holders then
        still = Still(view, tuple(pending), f"Move {index} of {total}", names=after)
        if index == total:
            pictures += [*moments, still]
            pending = []
            continue
        count += 1
        if count % stride:
            continue  # not kept: its lines go on to the next picture kept
        moments.append(still)
        pending = []
        if len(moments) > MAX_FRAMES - 3:  # the start, the final board and the result stay
            moments, pending = _halved(moments)
            stride *= 2
    result = result_line(source.outcome, log.names)
    last = pictures[-1]
    if last.view["outcome"] is None:
        pictures[-1] = replace(last, caption=(*last.caption, result), label=last.label if total else "Result")
    else:
        pictures.append(Still(last.view, (result,), "Result", "outcome"))
    return pictures


def _halved(moments: Sequence[Still]) -> tuple[list[Still], list[str]]:
    """Every second picture kept (the second, the fourth ...), each dropped one's lines passed on
    to the next one kept; the lines of a last one dropped are returned, for the next picture."""
    kept: list[Still] = []
    carried: list[str] = []
    for position, still in enumerate(moments):
        if position % 2:
            kept.append(replace(still, caption=(*carried, *still.caption)))
            carried = []
        else:
            carried += still.caption
    return kept, carried


def replay_animation(log: GameLog, *, budget: int = DEFAULT_BUDGET) -> Animation:
    """The finished game's replay as a GIF (CPU-bound: run it off the event loop)."""
    return animate(stills(log), log.names, budget=budget)
