"""Full-text search over the rules entries: in-memory SQLite FTS5, bm25, accent- and typo-tolerant.

Design notes live in docs/rules.md. User text never reaches MATCH as syntax: it is folded to
plain words, and each word goes in as a double-quoted FTS5 string.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import sqlite3
import threading
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.book import Entry, RulesDataError, check_unique, load_entries
from bot.rules.games import GAMES

# Letters that NFKD leaves whole, although players type them without the mark.
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "ð": "d", "þ": "th", "œ": "oe", "ł": "l", "đ": "d", "ı": "i"})
_WORD = re.compile(r"[^\W_]+")

# Question words that say nothing about which rule is meant; dropped unless nothing else is left.
STOPWORDS = frozenset(
    {
        "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "could", "do", "does", "did",
        "for", "from", "get", "gets", "got", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its",
        "me", "my", "of", "on", "or", "our", "s", "so", "than", "that", "the", "their", "them", "then", "there",
        "these", "they", "this", "to", "was", "we", "were", "what", "when", "where", "which", "who", "whom",
        "why", "will", "with", "would", "you", "your", "yours", "happens", "happen", "rule", "rules", "work",
        "works", "mean", "means", "t", "don", "doesn",
        "whats", "hows", "whos", "im", "dont", "doesnt", "isnt", "please",
        # Conversational verbs: "what do the dice tell me" asks about the dice, not about telling.
        "tell", "tells", "told", "explain", "explains", "about",
    }
)

# "Can't" is not a question word: "what if I can't place it" asks something else than "where can I
# place it". Its spellings become one word, "cannot", in the index and in questions alike.
_CANNOT_PAIRS = frozenset({("can", "t"), ("can", "not"), ("couldn", "t")})
_CANNOT_WORDS = frozenset({"cant", "couldnt", "cannot"})

MAX_WORDS = 24  # longer input adds nothing but cost (500-character pastes)
_CANDIDATES = 40  # bm25 candidates re-ranked in Python
_FUZZY_CUTOFF = 0.75
_MAX_FUZZY_WORDS = 4
# bm25 weights of the columns id, game, title, aliases, path, text (the first two are unindexed).
_WEIGHTS = (0.0, 0.0, 12.0, 9.0, 3.0, 1.0)
_TITLE_BONUS = 2.5  # per word of a title or alias found whole in the question


def fold(text: str) -> str:
    """Casefolded text without accents, so "Ölrun", "OLRUN" and "olrun" compare equal."""
    decomposed = unicodedata.normalize("NFKD", text.casefold().translate(_LETTERS))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """The folded words of a text: runs of letters and digits."""
    return _WORD.findall(fold(text))


def search_words(text: str) -> list[str]:
    """The words the index compares: `words`, with every spelling of "can't" made one word, "cannot"."""
    found = words(text)
    merged: list[str] = []
    position = 0
    while position < len(found):
        pair = tuple(found[position : position + 2])
        if pair in _CANNOT_PAIRS:
            merged.append("cannot")
            position += 2
            continue
        merged.append("cannot" if found[position] in _CANNOT_WORDS else found[position])
        position += 1
    return merged


def _content_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in words(text) if w not in STOPWORDS)


def _covered(found: Sequence[str], runs: Iterable[tuple[str, ...]]) -> list[bool]:
    """For each word of `found`, whether it belongs to an occurrence of one of the word runs."""
    covered = [False] * len(found)
    for run in runs:
        n = len(run)
        for i in range(len(found) - n + 1):
            if n and tuple(found[i : i + n]) == run:
                covered[i : i + n] = [True] * n
    return covered


# Within one game, the game's own name says nothing about which rule is meant
# ("starting resources in Rise of the Giants"): scoped searches leave it out of the MATCH.
GAME_NAME_RUNS: dict[str, tuple[tuple[str, ...], ...]] = {
    key: tuple(
        sorted(
            {run for part in (*name.split(":"), key.replace("-", " ")) if (run := _content_words(part))},
            key=len,
            reverse=True,
        )
    )
    for key, name in GAMES.items()
}


def entry_key(entry_id: str) -> str:
    """A short stable key for an entry id, small enough for Discord custom ids."""
    return hashlib.blake2b(entry_id.encode(), digest_size=6).hexdigest()


@dataclass(frozen=True)
class Hit:
    """A search result: the entry and its score (higher is better)."""

    entry: Entry
    score: float


def _contains_run(haystack: Sequence[frozenset[str]], needle: Sequence[str]) -> bool:
    """True when `needle` appears as consecutive words; each haystack slot lists the words it may stand for."""
    n = len(needle)
    return n > 0 and any(
        all(word in slot for word, slot in zip(needle, haystack[i : i + n], strict=True))
        for i in range(len(haystack) - n + 1)
    )


class RulesIndex:
    """Every rules entry, searchable. Build once at start (`load`); queries take well under 10 ms."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._entries: dict[str, Entry] = {}
        for entry in entries:
            if entry.id in self._entries:
                raise RulesDataError(f"duplicate entry id {entry.id!r}")
            self._entries[entry.id] = entry
        self._by_key = {entry_key(entry_id): entry for entry_id, entry in self._entries.items()}
        if len(self._by_key) != len(self._entries):
            raise RulesDataError("two entry ids share a short key; rename one")
        self._names: dict[str, tuple[tuple[str, ...], ...]] = {}  # id -> folded title and alias word runs
        self._bonus_names: dict[str, tuple[tuple[str, ...], ...]] = {}  # the same without question words
        self._folded_titles: dict[str, str] = {}
        vocabulary: set[str] = set()
        name_words: set[str] = set()
        # check_same_thread=False plus a lock: the Discord cog may call from a worker thread.
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._lock = threading.Lock()
        self._db.execute(
            "CREATE VIRTUAL TABLE rules USING fts5("
            "id UNINDEXED, game UNINDEXED, title, aliases, path, text, tokenize='porter unicode61')"
        )
        rows = []
        for entry in self._entries.values():
            title, aliases = search_words(entry.title), [search_words(alias) for alias in entry.aliases]
            path, text = search_words(" ".join(entry.path)), search_words(entry.text)
            self._names[entry.id] = tuple(tuple(run) for run in (title, *aliases) if run)
            self._bonus_names[entry.id] = tuple(
                tuple(w for w in run if w not in STOPWORDS) or run for run in self._names[entry.id]
            )
            self._folded_titles[entry.id] = " ".join(title)
            for run in self._names[entry.id]:
                name_words.update(run)
            vocabulary.update(title, *aliases, path, text)
            rows.append((entry.id, entry.game, " ".join(title), " ".join(" ".join(a) for a in aliases),
                         " ".join(path), " ".join(text)))
        self._db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?, ?)", rows)
        self._vocabulary = frozenset(vocabulary)
        self._name_words = sorted(name_words)
        self._fuzzy_cache: dict[str, tuple[str, ...]] = {}

    @classmethod
    def load(cls) -> RulesIndex:
        """The index of every shipped data file."""
        entries = load_entries()
        check_unique(entries)
        return cls(entries)

    def __len__(self) -> int:
        return len(self._entries)

    def entries(self, game: str | None = None) -> list[Entry]:
        """All entries (of one game), in data-file order."""
        return [e for e in self._entries.values() if game is None or e.game == game]

    def entry(self, entry_id: str) -> Entry | None:
        """The entry with this id, if any."""
        return self._entries.get(entry_id)

    def by_key(self, key: str) -> Entry | None:
        """The entry whose `entry_key` is `key` (used by Discord buttons)."""
        return self._by_key.get(key)

    def _close_names(self, word: str) -> tuple[str, ...]:
        cached = self._fuzzy_cache.get(word)
        if cached is None:
            cached = tuple(difflib.get_close_matches(word, self._name_words, n=3, cutoff=_FUZZY_CUTOFF))
            if len(self._fuzzy_cache) < 10_000:
                self._fuzzy_cache[word] = cached
        return cached

    def match_expression(self, query: str, game: str | None = None) -> tuple[str, list[str]]:
        """The FTS5 MATCH string for a user query, and the words it was built from ("" if none)."""
        expression, kept, _ = self._parse(query, game)
        return expression, kept

    def _parse(self, query: str, game: str | None) -> tuple[str, list[str], list[frozenset[str]]]:
        """MATCH string, the query words kept, and for each word the names it may stand for (typos)."""
        found = search_words(query[:2000])[:MAX_WORDS * 4]
        kept = ([w for w in found if w not in STOPWORDS] or found)[:MAX_WORDS]
        if not kept:
            return "", [], []
        # The game's own name is left out of the MATCH but still counts for the title bonus,
        # so "Valda phase" keeps finding the entry of that name.
        silent = _covered(kept, GAME_NAME_RUNS.get(game or "", ()))
        if all(silent):
            silent = [False] * len(kept)
        terms: list[str] = []
        slots: list[frozenset[str]] = []
        fuzzy_budget = _MAX_FUZZY_WORDS
        for position, word in enumerate(kept):
            close: tuple[str, ...] = ()
            if word not in self._vocabulary and len(word) >= 4 and fuzzy_budget > 0:
                fuzzy_budget -= 1
                close = self._close_names(word)
            slots.append(frozenset((word, *close)))
            if silent[position]:
                continue
            # Quoting is enough: a folded word holds only letters and digits, never a quote.
            terms.append(f'"{word}"*' if position == len(kept) - 1 and len(word) >= 2 else f'"{word}"')
            terms.extend(f'"{name}"' for name in close)
        return " OR ".join(dict.fromkeys(terms)), kept, slots

    def search(self, game: str | None, query: str, limit: int = 5) -> list[Hit]:
        """The best entries for a free-text question, best first; `game=None` searches every game."""
        expression, _, slots = self._parse(query, game)
        if not expression or limit <= 0:
            return []
        sql = "SELECT id, bm25(rules, ?, ?, ?, ?, ?, ?) AS score FROM rules WHERE rules MATCH ?"
        params: list[object] = [*_WEIGHTS, expression]
        if game is not None:
            sql += " AND game = ?"
            params.append(game)
        sql += " ORDER BY score LIMIT ?"
        params.append(_CANDIDATES)
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        hits = []
        asked = frozenset().union(*slots)
        for entry_id, bm25 in rows:
            # Cheap set test first: most names share no word with the question at all.
            names = [run for run in self._bonus_names[entry_id] if asked.issuperset(run)]
            bonus = max((len(run) for run in names if _contains_run(slots, run)), default=0)
            hits.append(Hit(self._entries[entry_id], -float(bm25) + _TITLE_BONUS * bonus))
        hits.sort(key=lambda hit: -hit.score)
        return hits[:limit]

    def autocomplete(self, game: str | None, prefix: str, limit: int = 25) -> list[tuple[str, str]]:
        """Up to `limit` (id, title) pairs for a partly typed title, best first."""
        typed = " ".join(search_words(prefix))
        pool = self.entries(game)
        if not typed:
            return [(e.id, e.title) for e in pool[:limit]]
        starts = [e for e in pool if self._folded_titles[e.id].startswith(typed)]
        inside = [
            e for e in pool
            if e not in starts and any(" ".join(run).startswith(typed) or f" {typed}" in " ".join(run)
                                       for run in self._names[e.id])
        ]
        chosen = starts + inside
        if len(chosen) < limit:
            seen = {e.id for e in chosen}
            chosen += [h.entry for h in self.search(game, prefix, limit=limit) if h.entry.id not in seen]
        return [(e.id, e.title) for e in chosen[:limit]]

    def suggest(self, game: str | None, query: str, limit: int = 5) -> list[Entry]:
        """The entries whose names are closest to a query that matched nothing."""
        typed = " ".join(search_words(query))[:200]
        if not typed:
            return self.entries(game)[:limit]
        names: dict[str, str] = {}
        for entry in self.entries(game):
            for run in self._names[entry.id]:
                names.setdefault(" ".join(run), entry.id)
        close = difflib.get_close_matches(typed, list(names), n=limit * 3, cutoff=0.3)
        chosen = list(dict.fromkeys(names[name] for name in close))[:limit]
        return [self._entries[entry_id] for entry_id in chosen]
