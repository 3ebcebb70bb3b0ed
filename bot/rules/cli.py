"""`skald rules GAME QUERY`: look a rule up from a terminal.

Imports only the rules lookup (no discord.py, no aiohttp), so the command starts fast.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from bot.rules.games import GAMES, display_name, resolve_game, squash_name
from bot.rules.index import RulesIndex

ALL = "all"
EXIT_NO_MATCH = 1
EXIT_UNKNOWN_GAME = 2


def register(subparsers: Any) -> None:
    """Add the `rules` subcommand to the `skald` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "rules", help="look up a rule", description="Print the rules entries that best answer a question.",
        epilog="games: " + ", ".join(GAMES) + f", or {ALL}. Names and nicknames work too, in any case "
               "(\"Nidavellir\", \"my city\", iaww).",
    )
    parser.add_argument("game", help="which game's rules: a key, a name or a nickname ('all' searches every game)")
    parser.add_argument("query", nargs="+", help="words, a name or a question")
    parser.add_argument("-n", "--limit", type=entry_count, default=3,
                        help="how many entries to print, 1 or more (default 3)")
    parser.set_defaults(handler=run)


def entry_count(text: str) -> int:
    """The value of `-n`: a whole number of entries, at least 1 (`-n 0` is refused, not quietly read as 1)."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of entries") from None
    if count < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {count} (how many entries to print)")
    return count


def split_game(game: str, query: Sequence[str]) -> tuple[str | None, list[str]]:
    """The game key (or ALL) and the query words, from the command's first argument and the rest.

    A game name typed without quotes spills into the query (`skald rules my city rocks`), so the
    longest run of leading words that is exactly a game's name is taken first, always leaving at
    least one word to search for; failing that, the first argument may be the start of a name.
    """
    if squash_name(game) == ALL:
        return ALL, list(query)
    words = [game, *query]
    for count in range(len(words) - 1, 0, -1):
        key = resolve_game(" ".join(words[:count]), exact=True)
        if key is not None:
            return key, words[count:]
    return resolve_game(game), list(query)


def unknown_game(name: str) -> str:
    """The answer to a game name that matches no game: the games there are."""
    width = max(len(key) for key in GAMES)
    lines = [f"No game called {name!r}. The games are:"]
    lines += [f"  {key:<{width}}  {title}" for key, title in GAMES.items()]
    lines.append(f"  {ALL:<{width}}  every game at once")
    return "\n".join(lines)


def render(index: RulesIndex, game: str, query: str, limit: int) -> tuple[str, bool]:
    """The terminal answer to a query (the `limit` best entries, at least 1) and whether anything matched."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    hits = index.search(None if game == ALL else game, query, limit=limit)
    if not hits:
        suggestions = index.suggest(None if game == ALL else game, query)
        lines = [f"Nothing in the rules matches {query!r}."]
        if suggestions:
            lines.append("Closest entries:")
            lines += [f"  - {e.title} ({display_name(e.game)}: {e.section or 'top'})" for e in suggestions]
        return "\n".join(lines), False
    blocks = []
    for rank, hit in enumerate(hits, start=1):
        entry = hit.entry
        heading = f"{rank}. {entry.title}  [{display_name(entry.game)}{' › ' + entry.section if entry.path else ''}]"
        body = "\n".join(
            textwrap.fill(line, width=100, subsequent_indent="     ", initial_indent="   ") if line else ""
            for line in entry.text.splitlines()
        )
        blocks.append(f"{heading}\n{body}\n   ({entry.id})")
    return "\n\n".join(blocks), True


def run(args: argparse.Namespace) -> int:
    """Print the best entries; exit code 1 when nothing matched, 2 (and the list of games) for an unknown game."""
    game, query = split_game(args.game, args.query)
    if game is None:
        print(unknown_game(args.game), file=sys.stderr)
        return EXIT_UNKNOWN_GAME
    text, found = render(RulesIndex.load(), game, " ".join(query), args.limit)
    print(text)
    return 0 if found else EXIT_NO_MATCH
