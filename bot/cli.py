"""The `skald` command. Each feature adds its subcommands from its own module."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules with a `register(subparsers)` function; each adds its own subcommands.
COMMAND_MODULES = [
    "bot.play_cli",
    "bot.rules.cli",
    "bot.relay.watch",
    "bot.tables.cli",
    "bot.discord.run",
    "bot.render_cli",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="skald", description="Norse board games in Discord.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
