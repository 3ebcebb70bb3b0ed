"""Rules lookup: a reference per game, searched with SQLite FTS5 (Discord `/rules`, `skald rules`)."""

from bot.rules.book import Entry, load_entries
from bot.rules.games import GAMES, display_name
from bot.rules.index import Hit, RulesIndex, fold
from bot.rules.pages import pages

__all__ = ["GAMES", "Entry", "Hit", "RulesIndex", "display_name", "fold", "load_entries", "pages"]
