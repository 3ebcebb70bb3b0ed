"""Rules text is written in Skald's own words: no run of 6 words is copied from the seed documents.

The seeds (the documents Skald was started from) live outside the repository: in
`shared/rules/seeds` beside the checkout (the repository's folder or one above it, as CI has it),
or wherever SKALD_RULES_SEEDS points. Without them the check skips, saying where it looked, except
under CI (CI set), where it fails: there it must run. Only the seeds are third-party text; the
team's own fact sheets (shared/rules/*.md) are not checked. Every game is checked, except the
ones listed in PENDING. How words are compared, and which runs do not count, is described in docs/rules.md ("Wording").
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest

from bot.rules.book import Entry, load_entries
from bot.rules.games import GAME_ALIASES, GAMES
from bot.rules.index import words

ROOT = Path(__file__).resolve().parents[2]
SEEDS_BESIDE = Path("shared", "rules", "seeds")  # under the checkout's folder or one of its parents
RUN = 6  # words in a row that count as copied

# EXCLUSION: games whose reference still shares phrases with the seeds. Each is checked anyway and
# expected to fail (strict xfail): once it passes, pytest reports it, and its line goes.
PENDING: dict[str, str] = {}
CHECKED_GAMES = tuple(game for game in GAMES if game not in PENDING)

# Number words count as the digits they stand for: "two Bonus cards" copies "2 Bonus cards".
NUMBER_WORDS = {
    word: str(value)
    for value, word in enumerate(
        ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
    )
}

# Proper names count as one word: a name can only be written one way, so it is not phrasing
# ("the King of the Hill" is 2 words here, not 5). Game names come from bot/rules/games.py.
MODE_NAMES = (
    "Kings of the Hill",
    "Utgard – Realms of the Giants",
    "Frost Giants as a Realm bonus",
    "Frost Giants as a Monster",
    "Gods vs. Giants",
)

# A run made only of these (and numbers) says nothing ("and 1 of the 2 in") and never counts.
FUNCTION_WORDS = frozenset(
    {
        "a", "an", "the", "this", "that", "these", "those", "each", "every", "any", "all", "some", "no", "not",
        "nor", "and", "or", "but", "so", "if", "then", "than", "as", "of", "to", "in", "on", "at", "by", "for",
        "from", "with", "into", "onto", "out", "up", "off", "over", "under", "about", "after", "before", "until",
        "is", "are", "be", "been", "being", "was", "were", "am", "has", "have", "had", "do", "does", "did", "can",
        "may", "must", "will", "would", "should", "could", "i", "you", "he", "she", "it", "we", "they", "me",
        "him", "her", "us", "them", "my", "your", "his", "its", "our", "their", "s", "t",
    }
)

# Stock phrases of every rulebook, allowed on purpose; each needs a reason.
ALLOWED_RUNS = {
    # The fixed title "King of the Hill at the end of the game" (and Nidavellir's "Coins at the end
    # of the game"): no wording of its own beyond a place in time.
    ("at", "the", "end", "of", "the", "game"),
}


def _name_runs() -> list[tuple[str, ...]]:
    names = {*GAMES.values(), *(alias for aliases in GAME_ALIASES.values() for alias in aliases), *MODE_NAMES}
    runs = {tuple(words(name)) for name in names}
    return sorted((run for run in runs if len(run) > 1), key=len, reverse=True)


NAMES = _name_runs()


def tokens(text: str) -> list[str]:
    """The compared words of a text: folded (case, accents, punctuation, spacing), numbers as digits, names as one."""
    found = [NUMBER_WORDS.get(word, word) for word in words(text)]
    out: list[str] = []
    i = 0
    while i < len(found):
        name = next((run for run in NAMES if tuple(found[i : i + len(run)]) == run), None)
        if name is None:
            out.append(found[i])
            i += 1
        else:
            out.append("<" + " ".join(name) + ">")
            i += len(name)
    return out


def _counts(run: Sequence[str]) -> bool:
    return tuple(run) not in ALLOWED_RUNS and not all(w in FUNCTION_WORDS or w.isdigit() for w in run)


def runs(text: str) -> set[tuple[str, ...]]:
    """The runs of RUN compared words in a text that could show copying."""
    found = tokens(text)
    return {run for i in range(len(found) - RUN + 1) if _counts(run := tuple(found[i : i + RUN]))}


def _fields(entry: Entry) -> Iterable[str]:
    """Every text of an entry a player sees or searches, each on its own (a run never spans two)."""
    yield entry.title
    yield entry.text
    yield from entry.path
    yield from entry.aliases


def copied_runs(entries: Iterable[Entry], seed_runs: set[tuple[str, ...]]) -> dict[str, list[str]]:
    """Entry id -> the runs it shares with the seeds (only entries that share any)."""
    copied: dict[str, list[str]] = {}
    for entry in entries:
        shared = set().union(*(runs(field) for field in _fields(entry))) & seed_runs
        if shared:
            copied[entry.id] = sorted(" ".join(run) for run in shared)
    return copied


def seed_places(environ: Mapping[str, str], root: Path = ROOT) -> list[Path]:
    """Where the seeds may be, in order: SKALD_RULES_SEEDS if set (then only there), else
    `shared/rules/seeds` in the checkout's folder and each folder above it."""
    given = environ.get("SKALD_RULES_SEEDS", "").strip()
    if given:
        return [Path(given)]
    return [folder / SEEDS_BESIDE for folder in (root, *root.parents)]


def find_seeds(environ: Mapping[str, str], root: Path = ROOT) -> list[Path]:
    """The seed documents of the first place that has any (none: [])."""
    for place in seed_places(environ, root):
        files = sorted(place.glob("*.txt")) if place.is_dir() else []
        if files:
            return files
    return []


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    files = find_seeds(os.environ)
    if not files:
        looked = ", ".join(str(place) for place in seed_places(os.environ)[:3])
        why = f"no seed documents (looked in {looked} …; set SKALD_RULES_SEEDS to their folder)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}: under CI the wording check must run")
        pytest.skip(why)
    found: set[tuple[str, ...]] = set()
    for path in files:
        found |= runs(path.read_text(encoding="utf-8", errors="replace"))
    return found


@pytest.mark.parametrize(
    "game",
    [
        *CHECKED_GAMES,
        *(pytest.param(game, marks=pytest.mark.xfail(strict=True, reason=reason)) for game, reason in PENDING.items()),
    ],
)
def test_no_six_word_run_of_any_entry_is_copied_from_the_seeds(seed_runs: set[tuple[str, ...]], game: str) -> None:
    assert copied_runs((entry for entry in load_entries() if entry.game == game), seed_runs) == {}


def test_every_game_is_checked() -> None:
    assert not PENDING
    assert set(CHECKED_GAMES) == set(GAMES)


def test_the_games_written_after_the_check_existed_have_at_least_25_entries_each() -> None:
    counts = {game: sum(entry.game == game for entry in load_entries()) for game in ("my-city", "wonderful-world")}
    assert all(count >= 25 for count in counts.values()), counts


@pytest.mark.parametrize(
    ("copied", "seed"),
    [
        ("You Start With Two Mines, and no blood-drill!", "you start with 2 mines and no blood drill"),
        ("Ölrun  takes\tthe first   card of the pile", "olrun takes the first card of the pile"),
        ("the player’s hand holds three cards", "the player's hand holds 3 cards"),
    ],
)
def test_case_punctuation_spacing_accents_and_number_words_do_not_hide_a_copy(copied: str, seed: str) -> None:
    assert runs(copied) & runs(seed)


def test_what_does_not_count_as_copying() -> None:
    # Only function words and numbers.
    assert not runs("and 1 of the 2 in the 3")
    # A name is one word: "attacks the King of the Hill" is 3 words, not 6.
    assert tokens("attacks the King of the Hill") == ["attacks", "the", "<king of the hill>"]
    assert not runs("someone attacks the King of the Hill")
    assert tokens("Valhalla: King of the Hill") == ["<valhalla king of the hill>"]
    # Allowed stock phrase.
    assert not runs("at the end of the game")
    # But one content word among function words is enough.
    assert runs("and 1 of the 2 rune")


def test_the_check_finds_a_sentence_pasted_from_a_seed(seed_runs: set[tuple[str, ...]]) -> None:
    pasted = Entry("valda/x", "valda", (), "X", "Every player receives 2 divine blood, 3 diamonds and 3 gold.")
    assert copied_runs([pasted], seed_runs)


def test_the_seeds_are_found_beside_a_checkout_at_any_path_or_where_skald_rules_seeds_says(tmp_path: Path) -> None:
    """Issue 42: the seeds were read from one machine's absolute path, so a clone elsewhere never
    ran the check. A clone at any depth under a folder holding shared/rules/seeds finds them."""
    seeds = tmp_path / "ci" / "shared" / "rules" / "seeds"
    seeds.mkdir(parents=True)
    (seeds / "000_a.txt").write_text("seed", encoding="utf-8")
    beside = tmp_path / "ci" / "skald"  # the CI layout: the clone and shared/ in one folder
    deeper = tmp_path / "ci" / "builds" / "42" / "skald"
    for checkout in (beside, deeper):
        checkout.mkdir(parents=True)
        assert find_seeds({}, checkout) == [seeds / "000_a.txt"]
    elsewhere = tmp_path / "mine"
    elsewhere.mkdir()
    (elsewhere / "001_b.txt").write_text("seed", encoding="utf-8")
    assert find_seeds({"SKALD_RULES_SEEDS": str(elsewhere)}, beside) == [elsewhere / "001_b.txt"]
    assert find_seeds({"SKALD_RULES_SEEDS": str(tmp_path / "none")}, beside) == []  # only where it says
    assert find_seeds({}, elsewhere) == []  # no shared/ above it: none
