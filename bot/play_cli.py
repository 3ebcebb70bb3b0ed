"""`skald demo` and `skald play`: whole games in the terminal, for any registered game.

`demo` lets AI seats play a seeded game and prints the public log, the final table and the
outcome. `play` is a hot-seat game: before a person's hand is shown, the device is passed on;
Ctrl-C stops it with exit code 130 (a game saved with --db goes on from the same command).
The game-driving loops (`run_demo`, `run_hot_seat`) take their input and output as callables
and know nothing about argument parsing, so tests drive them and other front ends reuse them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.cli import EXIT_INTERRUPTED
from bot.tables.terminal import HELP_WORDS, HUMAN, SavedGame, display_name, naming, play_saved, read_line
from engine import registry
from engine.core import AIPlayer, Event, Game, Move, Outcome, Step
from engine.errors import BadMove, BadOptions, IllegalMove, NotYourTurn
from renderer.text import render_outcome, render_view, seat_name

if TYPE_CHECKING:
    from bot.relay.settings import RelaySettings

# A hot-seat game keeps no record a resignation could go in, so "resign" just stops it.
QUIT_WORDS = frozenset({"quit", "exit", "resign"})
CLEAR_SCREEN = "\x1b[2J\x1b[H"
FROM_ENV = ""  # `--mqtt` given without a URL: use $SKALD_MQTT_URL

Write = Callable[[str], None]
Read = Callable[[str], str]
# Called after every applied move with (seat, move, step); storage and relays hook in here.
StepHook = Callable[[int, Move, Step[Any]], None]


@dataclass
class Table:
    """One game being driven: the engine, its state, who sits where, and the move log."""

    game: Game[Any]
    state: Any
    seed: int
    seats: list[AIPlayer[Any] | None]  # None = a person at the keyboard
    names: list[str]
    log: list[tuple[int, str]] = field(default_factory=list)
    hooks: Sequence[StepHook] = ()

    def apply(self, seat: int, move: Move | str) -> Step[Any]:
        before = self.state
        step = self.game.apply(before, seat, move)
        # Read the text against the state it was played on, as `apply` did (a game may parse by state).
        played = move if isinstance(move, Move) else self.game.parse_move(before, seat, move.strip())
        self.state = step.state
        self.log.append((seat, played.text))
        for hook in self.hooks:
            hook(seat, played, step)
        return step

    def ai_move(self, seat: int) -> Step[Any]:
        player = self.seats[seat]
        assert player is not None
        # One seed per move, derived from the game seed, so a demo is reproducible.
        move = player.choose(self.state, seat, self.seed * 7919 + len(self.log))
        return self.apply(seat, move)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)


def open_table(game: Game[Any], players: int, options: Mapping[str, Any], seed: int,
               kinds: Sequence[str], hooks: Sequence[StepHook] = (), names: Sequence[str] = ()) -> Table:
    """Set a game up; `kinds` has one AI kind (or "human") per seat; missing names become "Player N"."""
    offered = game.ai_players()
    seats: list[AIPlayer[Any] | None] = []
    for kind in kinds:
        if kind == HUMAN:
            seats.append(None)
        elif kind in offered:
            seats.append(offered[kind])
        else:
            raise BadOptions(f"No AI called {kind!r} for {game.title}; choose from: {', '.join(offered)}.")
    state = game.setup(players, options, seed)
    return Table(game, state, seed, seats, [display_name(names, s) for s in range(players)], hooks=hooks)


def _tell(write: Write, events: Sequence[Event], seat: int | None) -> None:
    for event in events:
        if event.visible_to(seat):
            write(event.text if event.public else f"  (only you) {event.text}")


def run_demo(table: Table, write: Write, max_moves: int = 20000) -> Outcome | None:
    """Let the AI seats play to the end, printing the public log, the final table and the outcome."""
    game = table.game
    write = naming(table.names, write)
    write(f"{game.title}, {len(table.seats)} player{'s' if len(table.seats) != 1 else ''}, seed {table.seed}")
    while table.outcome() is None and len(table.log) < max_moves:
        seat = min(game.to_move(table.state))
        _tell(write, table.ai_move(seat).events, None)
    write("")
    write(render_view(game.view(table.state, None), table.names))
    outcome = table.outcome()
    if outcome is not None:
        write("")
        write(render_outcome(outcome.to_dict(), table.names))
    return outcome


def run_hot_seat(table: Table, read: Read, write: Write, clear: str = "") -> Outcome | None:
    """A terminal game passed from hand to hand; AI seats move by themselves.

    Returns the outcome, or None when a player quits (or input ends) first.
    """
    game = table.game
    write = naming(table.names, write)
    shown: int | None = None
    write(f"{game.title}, {len(table.seats)} players, seed {table.seed}. Type '?' for your moves, 'quit' to stop.")
    while (outcome := table.outcome()) is None:
        seat = min(game.to_move(table.state))
        name = seat_name(table.names, seat)
        if table.seats[seat] is not None:
            _tell(write, table.ai_move(seat).events, None)
            continue
        try:
            if shown != seat and sum(s is None for s in table.seats) > 1:
                write(clear + "-" * 40)
                read(f"Pass the device to {name} and press Enter. ")
            shown = seat
            write(render_view(game.view(table.state, seat), table.names))
            step = _human_move(table, seat, read, write)
        except EOFError:
            step = None
        if step is None:
            write("Game stopped.")
            return None
        _tell(write, step.events, seat)
    write(render_view(game.view(table.state, None), table.names))
    write(render_outcome(outcome.to_dict(), table.names))
    return outcome


def _human_move(table: Table, seat: int, read: Read, write: Write) -> Step[Any] | None:
    """Ask until the seat types an accepted move; a refusal names the rule that forbids it."""
    name = seat_name(table.names, seat)
    while True:
        text = read(f"{name}> ").strip()
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            return None
        if text.lower() in HELP_WORDS:
            menu = move_menu(table.game.legal_moves(table.state, seat))
            write("Your moves:\n" + "\n".join(f"  {line}" for line in menu))
            continue
        try:
            return table.apply(seat, text)
        except (BadMove, IllegalMove, NotYourTurn) as err:
            write(f"Not allowed: {err.reason}")


def move_menu(moves: Sequence[Move], room: int = 20) -> list[str]:
    """Legal moves for a terminal: one per line when few, else grouped by all but their last token."""
    if len(moves) <= room:
        return [m.text for m in moves]
    groups: dict[str, list[str]] = {}
    for move in moves:
        head, _, last = move.text.rpartition(" ")
        groups.setdefault(head, []).append(last)
    lines = []
    for head, lasts in groups.items():
        if all(last.isdigit() for last in lasts):
            lasts.sort(key=int)
        lines.append(f"{head} {' | '.join(lasts)}" if head else " | ".join(lasts))
    return lines


# -- argument parsing --------------------------------------------------------------------------
def parse_options(game: Game[Any], pairs: Sequence[str]) -> dict[str, Any]:
    """`name=value` pairs, each value read as the type of the option's default."""
    specs = {spec.name: spec for spec in game.options()}
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        spec = specs.get(name.strip())
        if not sep or spec is None:
            known = ", ".join(specs) or "none"
            raise BadOptions(f"Options are given as name=value; {game.title} options: {known}.")
        value: Any = raw.strip()
        if isinstance(spec.default, bool):
            value = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(spec.default, int):
            try:
                value = int(value)
            except ValueError as err:
                raise BadOptions(f"Option {spec.name} takes a number, not {raw!r}.") from err
        options[spec.name] = value
    return options


def seat_kinds(game: Game[Any], players: int, given: Sequence[str] | None, default: str) -> list[str]:
    """One kind per seat: none given -> `default` for all, one -> it for all, else one per seat."""
    if not given:
        return [default] * players
    if len(given) == 1:
        return list(given) * players
    if len(given) != players:
        raise BadOptions(f"Give --ai once for every seat or once per seat ({players}), not {len(given)} times.")
    return list(given)


def _default_ai(game: Game[Any]) -> str:
    kinds = [k for k in game.ai_players() if k != "random"]
    return kinds[0] if kinds else "random"


def _table_from(args: argparse.Namespace, default_kind: str | None) -> Table | None:
    """The table the command line asks for, or None once the reason it can't be set is printed."""
    try:
        game = registry.get(args.game)
        players = args.players if args.players is not None else game.min_players
        options = parse_options(game, args.option or [])
        kinds = seat_kinds(game, players, args.ai, default_kind or _default_ai(game))
        seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
        names = args.names.split(",") if args.names else []
        return open_table(game, players, options, seed, kinds, names=names)
    except BadOptions as err:
        print(err.reason, file=sys.stderr)
        return None


def _demo(args: argparse.Namespace) -> int:
    table = _table_from(args, None)
    if table is None:
        return 2
    if any(seat is None for seat in table.seats):
        print("A demo is played by AI seats only.", file=sys.stderr)
        return 2
    if args.db or args.mqtt is not None or args.mqtt_pictures:
        return _saved(args, table, demo=True)
    return 0 if run_demo(table, print) is not None else 1


def _play(args: argparse.Namespace) -> int:
    table = _table_from(args, HUMAN)
    if table is None:
        return 2
    if args.db or args.mqtt is not None or args.mqtt_pictures:
        return _saved(args, table, demo=False)
    clear = CLEAR_SCREEN if sys.stdout.isatty() else ""
    try:
        return 0 if run_hot_seat(table, input, print, clear) is not None else 1
    except KeyboardInterrupt:
        print("\nGame stopped.")
        return EXIT_INTERRUPTED


def broker_settings(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> RelaySettings | None:
    """The relay settings `--mqtt [URL]` and `--mqtt-pictures` ask for (None: no relay).

    Raises RelayConfigError, whose message names the source and never holds a credential.
    """
    from bot.relay.settings import RelayConfigError, RelaySettings  # only a relayed game needs these

    env = os.environ if environ is None else environ
    if args.mqtt is None:
        if args.mqtt_pictures:
            raise RelayConfigError("--mqtt-pictures goes with --mqtt.")
        return None
    url, source = (args.mqtt, "--mqtt") if args.mqtt != FROM_ENV else (env.get("SKALD_MQTT_URL", ""), "SKALD_MQTT_URL")
    if not url.strip():
        raise RelayConfigError("--mqtt without a URL uses SKALD_MQTT_URL, which is not set.")
    try:
        settings = RelaySettings.from_url(url, env)
    except RelayConfigError as err:
        raise RelayConfigError(f"{source}: {err}") from None
    return replace(settings, pictures=True) if args.mqtt_pictures else settings


def _saved(args: argparse.Namespace, table: Table, demo: bool) -> int:
    """`--db`: the same game through the table service, saved move by move and resumable
    (bot/tables/terminal.py). A resumed game keeps its own seats, options and seed; one with
    another seat count than `--players` asks for is refused."""
    from bot.relay.settings import RelayConfigError
    from bot.tables.cli import database_errors, database_problem, unusable

    command = "demo" if demo else "play"
    try:
        broker = broker_settings(args)
    except RelayConfigError as err:
        print(f"skald {command}: {err}", file=sys.stderr)
        return 2
    if args.game_id is not None and not args.db:
        print(f"skald {command}: --game-id picks a game saved in a --db file; give the file too.", file=sys.stderr)
        return 2
    if args.db and (problem := database_problem(args.db, may_create=True)) is not None:
        print(f"skald {command}: {problem}", file=sys.stderr)
        return 2
    game = table.game
    kinds = seat_kinds(game, len(table.seats), args.ai, _default_ai(game) if demo else HUMAN)
    wanted = SavedGame(game.name, len(table.seats), parse_options(game, args.option or []), kinds, seed=table.seed,
                       game_id=args.game_id, names=table.names, players_asked=args.players is not None)
    clear = CLEAR_SCREEN if sys.stdout.isatty() and not demo else ""
    try:
        with tempfile.TemporaryDirectory() as scratch:
            # --mqtt without --db: the table service needs a file; a throwaway one will do.
            db = args.db or str(Path(scratch) / "skald.db")
            outcome = asyncio.run(play_saved(db, wanted, read_line, print, demo=demo, clear=clear, mqtt=broker,
                                             throwaway=not args.db))
    except BadOptions as err:
        print(err.reason, file=sys.stderr)
        return 2
    except BrokenPipeError:
        raise  # the reader went away: `skald` itself ends quietly
    except database_errors(args.db or "") as err:
        print(f"skald {command}: {unusable(args.db or 'the scratch database', err)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return 0 if outcome is not None else 1


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"one of: {', '.join(registry.names())}")
    parser.add_argument("--players", type=int, default=None, help="seat count (default: the game's minimum)")
    parser.add_argument("--seed", type=int, default=None, help="shuffle seed (default: random, printed)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option, e.g. sea_monsters=3")
    parser.add_argument("--names", metavar="A,B,...", help="display names by seat (default: Player 1, Player 2, ...)")
    parser.add_argument("--db", metavar="PATH|URL",
                        help="save every move in this SQLite file (or postgresql:// database); resumes its unfinished "
                             "game")
    parser.add_argument("--game-id", type=int, default=None, help="with --db: resume this saved game")
    parser.add_argument("--mqtt", metavar="URL", nargs="?", const=FROM_ENV,
                        help="also publish the game through the MQTT relay (docs/relay.md); without a URL: "
                             "$SKALD_MQTT_URL")
    parser.add_argument("--mqtt-pictures", action="store_true",
                        help="with --mqtt: also publish the public board picture (as SKALD_MQTT_PICTURES=1 does)")


def register(subparsers: Any) -> None:
    """Add `demo` and `play` to the `skald` command."""
    demo = subparsers.add_parser("demo", help="watch AI seats play a whole game")
    _common(demo)
    demo.add_argument("--ai", action="append", metavar="KIND", help="AI kind for all seats, or once per seat")
    demo.set_defaults(handler=_demo)
    play = subparsers.add_parser("play", help="a hot-seat game in the terminal")
    _common(play)
    play.add_argument("--ai", action="append", metavar="KIND",
                      help="'human' or an AI kind, once per seat (default: everyone human)")
    play.set_defaults(handler=_play)
