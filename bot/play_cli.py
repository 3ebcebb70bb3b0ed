"""`skald demo` and `skald play`: whole games in the terminal, for any registered game.

`demo` lets AI seats play a seeded game and prints the public log, the final table and the
outcome. `play` is a hot-seat game: before a person's hand is shown, the device is passed on;
Ctrl-C stops it with exit code 130 (a game saved with --db goes on from the same command).
This module reads the command line; the game is played by the terminal driver
(bot/terminal/driver.py), in memory or, with --db or --mqtt, through the table service.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import tempfile
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot import games
from bot.cli import EXIT_INTERRUPTED
from bot.counts import counted
from bot.environment import SKALD_MQTT_URL
from bot.terminal.console import CLEAR_SCREEN, read_line
from bot.terminal.driver import HUMAN
from bot.terminal.local import Table, open_table, run_demo, run_hot_seat
from bot.terminal.saved import SavedGame, play_saved
from bot.terminal.text import printable
from engine import registry
from engine.core import Game, read_options
from engine.errors import BadOptions

if TYPE_CHECKING:
    from bot.relay.settings import RelaySettings

FROM_ENV = ""  # `--mqtt` given without a URL: use $SKALD_MQTT_URL


# -- argument parsing --------------------------------------------------------------------------
def parse_options(game: Game[Any], pairs: Sequence[str]) -> dict[str, Any]:
    """`name=value` pairs, each value read by the game's declaration of that option."""
    return read_options(game.options(), pairs, game.title)


def options_help(width: int = 79) -> str:
    """Every game's options as `--help` lists them, from the games' declarations."""
    lines = ["game options, given as --option NAME=VALUE (once per option):"]
    for name in registry.names():
        specs = registry.get(name).options()
        lines.append(f"  {name}:" if specs else f"  {name}: none")
        for spec in specs:
            lines += textwrap.wrap(spec.describe(), width=width, initial_indent="    ", subsequent_indent="        ")
    return "\n".join(lines)


GAME_OPTIONS = "(every game's options)"  # the epilog's place: filled in only when help is shown


class _HelpWithOptions(argparse.RawDescriptionHelpFormatter):
    """Help whose epilog lists the games' options; read from their declarations only when help is
    printed, so a game is not imported just to parse a command line."""

    def add_text(self, text: str | None) -> None:
        super().add_text(options_help(self._width) if text == GAME_OPTIONS else text)


def command_line_problem(args: argparse.Namespace, players: int) -> str | None:
    """Why the command line asks for something it would otherwise ignore, or None."""
    if args.game_id is not None and not args.db:
        return "--game-id picks a game saved in a --db file; give the file too."
    names = args.names.split(",") if args.names else []
    if len(names) > players:
        return (f"--names gives {len(names)} names for {counted(players, 'player')}; "
                f"give --players {len(names)}, or fewer names.")
    return None


def seat_kinds(game: Game[Any], players: int, given: Sequence[str] | None, default: str) -> list[str]:
    """One kind per seat: none given -> `default` for all, one -> it for all, else one per seat."""
    if not given:
        return [default] * players
    if len(given) == 1:
        return list(given) * players
    if len(given) != players:
        raise BadOptions(f"Give --ai once for every seat or once per seat ({players}), not {len(given)} times.")
    return list(given)


def _table_from(args: argparse.Namespace, default_kind: str | None, command: str) -> Table | None:
    """The table the command line asks for, or None once the reason it can't be set is printed."""
    try:
        game = registry.get(args.game)
        players = args.players if args.players is not None else game.min_players
        if (problem := command_line_problem(args, players)) is not None:
            print(f"skald {command}: {problem}", file=sys.stderr)
            return None
        options = parse_options(game, args.option or [])
        kinds = seat_kinds(game, players, args.ai, default_kind or games.default_ai(game.name))
        seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
        names = args.names.split(",") if args.names else []
        return open_table(game, players, options, seed, kinds, names=names)
    except BadOptions as err:  # its reason may quote what was typed
        print(printable(err.reason), file=sys.stderr)
        return None


def _demo(args: argparse.Namespace) -> int:
    table = _table_from(args, None, "demo")
    if table is None:
        return 2
    if any(seat is None for seat in table.seats):
        print("A demo is played by AI seats only.", file=sys.stderr)
        return 2
    if args.db or args.mqtt is not None or args.mqtt_pictures:
        return _saved(args, table, demo=True)
    return 0 if run_demo(table, print) is not None else 1


def _play(args: argparse.Namespace) -> int:
    table = _table_from(args, HUMAN, "play")
    if table is None:
        return 2
    if args.db or args.mqtt is not None or args.mqtt_pictures:
        return _saved(args, table, demo=False)
    clear = CLEAR_SCREEN if sys.stdout.isatty() else ""
    try:
        return 0 if run_hot_seat(table, read_line, print, clear) is not None else 1
    except KeyboardInterrupt:  # the driver said the game stopped
        return EXIT_INTERRUPTED


def broker_settings(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> RelaySettings | None:
    """The relay settings `--mqtt [URL]` and `--mqtt-pictures` ask for (None: no relay).

    Raises RelayConfigError, whose message names the source and never holds a credential.
    """
    from bot.relay.settings import RelayConfigError, RelaySettings  # only a relayed game needs these

    if args.mqtt is None:
        if args.mqtt_pictures:
            raise RelayConfigError("--mqtt-pictures goes with --mqtt.")
        return None
    url, source = (args.mqtt, "--mqtt") if args.mqtt != FROM_ENV else (SKALD_MQTT_URL.text(environ), "SKALD_MQTT_URL")
    if not url.strip():
        raise RelayConfigError("--mqtt without a URL uses SKALD_MQTT_URL, which is not set.")
    try:
        settings = RelaySettings.from_url(url, environ)
    except RelayConfigError as err:
        raise RelayConfigError(f"{source}: {err}") from None
    return replace(settings, pictures=True) if args.mqtt_pictures else settings


def _saved(args: argparse.Namespace, table: Table, demo: bool) -> int:
    """`--db`: the same game through the table service, saved move by move and resumable
    (bot/terminal/saved.py). A resumed game keeps its own seats, options and seed; one with
    another seat count than `--players` asks for is refused."""
    from bot.relay.settings import RelayConfigError
    from bot.tables.cli import database_errors, database_problem, unusable

    command = "demo" if demo else "play"
    try:
        broker = broker_settings(args)
    except RelayConfigError as err:
        print(f"skald {command}: {err}", file=sys.stderr)
        return 2
    if args.db and (problem := database_problem(args.db, may_create=True)) is not None:
        print(f"skald {command}: {problem}", file=sys.stderr)
        return 2
    game = table.game
    kinds = seat_kinds(game, len(table.seats), args.ai, games.default_ai(game.name) if demo else HUMAN)
    wanted = SavedGame(game.name, len(table.seats), parse_options(game, args.option or []), kinds, seed=table.seed,
                       game_id=args.game_id, names=table.names, players_asked=args.players is not None)
    clear = CLEAR_SCREEN if sys.stdout.isatty() and not demo else ""
    try:
        with tempfile.TemporaryDirectory() as scratch:
            # --mqtt without --db: the table service needs a file; a throwaway one will do.
            db = args.db or str(Path(scratch) / "skald.db")
            outcome = asyncio.run(play_saved(db, wanted, read_line, print, demo=demo, clear=clear, mqtt=broker,
                                             throwaway=not args.db))
    except BadOptions as err:  # its reason may quote the saved game
        print(printable(err.reason), file=sys.stderr)
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
    parser.add_argument("--option", action="append", metavar="NAME=VALUE",
                        help="a game option, e.g. sea_monsters=3 (each game's are listed below)")
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
    demo = subparsers.add_parser("demo", help="watch AI seats play a whole game", epilog=GAME_OPTIONS,
                                 formatter_class=_HelpWithOptions)
    _common(demo)
    demo.add_argument("--ai", action="append", metavar="KIND", help="AI kind for all seats, or once per seat")
    demo.set_defaults(handler=_demo)
    play = subparsers.add_parser("play", help="a hot-seat game in the terminal", epilog=GAME_OPTIONS,
                                 formatter_class=_HelpWithOptions)
    _common(play)
    play.add_argument("--ai", action="append", metavar="KIND",
                      help="'human' or an AI kind, once per seat (default: everyone human)")
    play.set_defaults(handler=_play)
