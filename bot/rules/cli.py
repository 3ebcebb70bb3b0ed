"""`skald rules GAME QUERY`: look a rule up from a terminal."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from bot.rules.games import GAMES, display_name
from bot.rules.index import RulesIndex

ALL = "all"


def register(subparsers: Any) -> None:
    """Add the `rules` subcommand to the `skald` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "rules", help="look up a rule", description="Print the rules entries that best answer a question."
    )
    parser.add_argument("game", choices=[*GAMES, ALL], help="which game's rules ('all' searches every game)")
    parser.add_argument("query", nargs="+", help="words, a name or a question")
    parser.add_argument("-n", "--limit", type=int, default=3, help="how many entries to print (default 3)")
    parser.set_defaults(handler=run)


def render(index: RulesIndex, game: str, query: str, limit: int) -> tuple[str, bool]:
    """The terminal answer to a query and whether anything matched."""
    hits = index.search(None if game == ALL else game, query, limit=max(1, limit))
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
    """Print the best entries; exit code 1 when nothing matched."""
    text, found = render(RulesIndex.load(), args.game, " ".join(args.query), args.limit)
    print(text)
    return 0 if found else 1
