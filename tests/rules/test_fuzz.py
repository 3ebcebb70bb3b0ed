"""Any text a user can type goes through the query path without reaching FTS5 as syntax."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.games import GAMES
from bot.rules.index import MAX_WORDS, RulesIndex

_INDEX = RulesIndex.load()  # hypothesis forbids function-scoped fixtures; the index is read-only

FTS_SYNTAX = ['"', "'", "AND", "OR", "NOT", "NEAR", "NEAR(", "*", "-", ":", "^", "(", ")", "{", "}", "+", "title:",
              "🐉", "🔥", "\x00", "ö", "Ø", "\\", "%", "_", ";", "--", "/*"]
pieces = st.one_of(st.sampled_from(FTS_SYNTAX), st.text(max_size=12), st.sampled_from(["thrym", "kari", "rune"]))
queries = st.one_of(st.lists(pieces, max_size=40).map(" ".join), st.lists(pieces, max_size=40).map("".join),
                    st.text(max_size=500))
game_keys = st.sampled_from([None, *GAMES])


@settings(max_examples=300, deadline=None)
@given(game=game_keys, query=queries)
def test_search_never_fails_on_any_user_text(game: str | None, query: str) -> None:
    hits = _INDEX.search(game, query, limit=5)
    assert len(hits) <= 5
    assert all(game is None or hit.entry.game == game for hit in hits)
    expression, kept = _INDEX.match_expression(query)
    assert len(kept) <= MAX_WORDS
    # Only quoted plain words, OR and a trailing prefix star may reach MATCH.
    assert re.fullmatch(r'("[^\W_]+"\*?)( OR "[^\W_]+"\*?)*|', expression)


@settings(max_examples=150, deadline=None)
@given(game=game_keys, query=queries)
def test_autocomplete_and_suggest_never_fail_on_any_user_text(game: str | None, query: str) -> None:
    assert len(_INDEX.autocomplete(game, query)) <= 25
    assert len(_INDEX.suggest(game, query)) <= 5


def test_five_hundred_characters_of_operators_and_emoji_are_harmless() -> None:
    nasty = ('"NEAR(a b)" AND -OR ^x:* 🐉 ' * 30)[:500]
    _INDEX.search("valda", nasty)
    _INDEX.search(None, "x" * 500)
    _INDEX.autocomplete("valda", nasty)
