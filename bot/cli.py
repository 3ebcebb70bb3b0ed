"""The `skald` command. Each feature adds its subcommands from its own module.

Start-up is kept cheap: only the module of the command named on the command line is
imported (so `skald rules` never loads discord.py or aiohttp, which only `skald run` needs).
Every other command gets a placeholder entry with its one-line help, so `skald --help`
still lists them all without importing anything.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from bot.environment import BadValue


@dataclass(frozen=True)
class Command:
    """Where a subcommand lives (a module with `register(subparsers)`) and its one-line help."""

    module: str
    help: str


# In the order `skald --help` lists them. A module may register several commands (demo, play);
# tests check that each module registers exactly these names with exactly this help.
COMMANDS: dict[str, Command] = {
    "run": Command("bot.discord.run", "run the Discord bot"),
    "demo": Command("bot.play_cli", "watch AI seats play a whole game"),
    "play": Command("bot.play_cli", "a hot-seat game in the terminal"),
    "rules": Command("bot.rules.cli", "look up a rule"),
    "render-samples": Command("bot.render_cli", "write sample board pictures of every game"),
    "replay": Command("bot.replay_cli", "step through an exported game in the terminal"),
    "export": Command("bot.export_cli", "write a stored game's move list, for skald replay"),
    "relay-watch": Command("bot.relay.watch", "show the games an MQTT relay publishes"),
    "web": Command("bot.web.cli", "serve the spectator web pages"),
    "db": Command("bot.tables.cli", "database maintenance (migrate, verify)"),
}


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand named on the command line: its first word not starting with '-'."""
    return next((word for word in argv if not word.startswith("-")), None)


class ShowVersion(argparse.Action):
    """`--version`: print "skald X.Y.Z" and stop. The version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from bot.version import version

        print(f"skald {version()}")
        parser.exit()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The `skald` parser, with the full arguments of `command` only (None: of none)."""
    parser = argparse.ArgumentParser(prog="skald", description="Norse board games in Discord.")
    parser.add_argument("--version", action=ShowVersion, help="print the version of Skald installed, and stop")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    if command in COMMANDS:
        importlib.import_module(COMMANDS[command].module).register(sub)
    for name, spec in COMMANDS.items():
        if name not in sub.choices:
            # Only ever parsed when it is not the chosen command, i.e. never: a listing entry.
            sub.add_parser(name, help=spec.help, add_help=False)
    return parser


EXIT_BAD_VALUE = 2  # as argparse's refusals: what the command was given, not what it met
EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C
EXIT_CLOSED_PIPE = 141  # 128 + SIGPIPE, what `yes | head` reports for `yes`


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code.

    No command ends in a traceback for Ctrl-C, for a reader that went away (`skald demo | head`) or
    for an environment variable set to what it can't take; commands with a better answer (`play`,
    `relay-watch`) catch these themselves.
    """
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(chosen_command(words)).parse_args(words)
        code: int = args.handler(args)
        sys.stdout.flush()  # a closed pipe shows up here, not in the interpreter's exit
    except BadValue as error:  # a variable set to what it can't take (SKALD_RENDER_PROCESSES=abc)
        print(f"skald {chosen_command(words)}: {error}", file=sys.stderr)
        return EXIT_BAD_VALUE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Point stdout at /dev/null, or the interpreter's final flush reports the pipe again.
        with contextlib.suppress(OSError):  # io.UnsupportedOperation: stdout is no file (a test's capture)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return EXIT_CLOSED_PIPE
    return code


if __name__ == "__main__":
    sys.exit(main())
