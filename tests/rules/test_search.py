"""Search behaviour: accents, case, prefixes, typos, game scope, autocomplete, suggestions, paging."""

from __future__ import annotations

import pytest

from bot.rules.book import Entry
from bot.rules.index import RulesIndex, entry_key, fold, search_words, words
from bot.rules.pages import pages


def _top(index: RulesIndex, game: str | None, query: str) -> str:
    hits = index.search(game, query)
    assert hits, f"no hit for {query!r}"
    return hits[0].entry.id


def test_fold_strips_accents_and_case_including_letters_nfkd_keeps() -> None:
    assert fold("ÖLRUN") == fold("Ölrun") == "olrun"
    assert fold("Sigrdrífa") == "sigrdrifa"
    assert fold("Ægir") == "aegir"
    assert fold("Ragnarøk") == "ragnarok"
    assert words("Agir's 2-3 players!") == ["agir", "s", "2", "3", "players"]


@pytest.mark.parametrize("query", ["Kari", "KARI", "kári", "Kári", "KÁRI"])
def test_search_is_accent_and_case_insensitive(index: RulesIndex, query: str) -> None:
    assert _top(index, "valda", query) == "valda/giants/kari"


def test_accented_alias_is_found_without_accents(index: RulesIndex) -> None:
    assert _top(index, "valda", "aegir") == "valda/giants/agir"
    assert _top(index, "valda", "Ægir") == "valda/giants/agir"


def test_last_word_is_a_prefix(index: RulesIndex) -> None:
    assert _top(index, "valda", "sacrif") == "valda/cards/sacrificial-stone"
    assert _top(index, "valda", "indestruct") == "valda/weapons/indestructible-temple"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Thyrm", "valda/giants/thrym"),
        ("sacrifical stone", "valda/cards/sacrificial-stone"),
        ("necromansy", "valda/weapons/necromancy"),
        ("Jotunhiem", "lords-of-ragnarok/utgard/realm-bonus-setup"),
    ],
)
def test_misspelt_names_still_find_their_entry(index: RulesIndex, query: str, expected: str) -> None:
    game = expected.split("/")[0]
    assert expected in [hit.entry.id for hit in index.search(game, query, limit=3)]


def test_whole_title_in_the_question_beats_entries_that_only_mention_it(index: RulesIndex) -> None:
    assert _top(index, "valda", "what does Brute do") == "valda/weapons/brute"


def test_game_scope_keeps_other_games_out_and_none_searches_all(index: RulesIndex) -> None:
    assert all(hit.entry.game == "valhalla" for hit in index.search("valhalla", "giant attack", limit=10))
    games = {hit.entry.game for hit in index.search(None, "giant", limit=20)}
    assert {"valda", "lords-of-ragnarok"} <= games


def test_hits_are_best_first(index: RulesIndex) -> None:
    scores = [hit.score for hit in index.search("valda", "temple cost runes", limit=10)]
    assert scores == sorted(scores, reverse=True)


def test_question_of_only_common_words_still_searches_them(index: RulesIndex) -> None:
    assert index.match_expression("what is the")[1] == ["what", "is", "the"]


def test_cant_is_kept_as_one_word_so_it_still_steers_the_answer() -> None:
    assert search_words("I can't, cant, cannot, can not, couldn't") == ["i", *["cannot"] * 5]
    assert search_words("Cannot place it") == ["cannot", "place", "it"]
    book = RulesIndex([
        Entry("my-city/t/placing", "my-city", (), "Placing a building", "Where a building may go.", ("place",)),
        Entry("my-city/t/passing", "my-city", (), "Passing", "Skip the building: cannot place it.", ("can't place",)),
    ])
    assert _top(book, "my-city", "where can I place it") == "my-city/t/placing"
    assert _top(book, "my-city", "what if I can't place it") == "my-city/t/passing"
    assert _top(book, "my-city", "i cant place it") == "my-city/t/passing"


def test_conversational_verbs_are_question_words(index: RulesIndex) -> None:
    assert index.match_expression("what do the dice tell me", "my-city")[1] == ["dice"]
    assert index.match_expression("explain the river to me", "my-city")[1] == ["river"]
    assert index.match_expression("tell me about rocks", "my-city")[1] == ["rocks"]


def test_nothing_to_search_gives_no_hits(index: RulesIndex) -> None:
    assert index.search("valda", "") == []
    assert index.search("valda", "  ?!  ") == []
    assert index.search("valda", "brute", limit=0) == []


def test_unknown_game_simply_has_no_hits(index: RulesIndex) -> None:
    assert index.search("chess", "brute") == []


def test_autocomplete_lists_at_most_25_titles_and_title_starts_come_first(index: RulesIndex) -> None:
    assert len(index.autocomplete("valda", "")) == 25
    assert len(index.autocomplete(None, "a", limit=25)) <= 25
    choices = index.autocomplete("valda", "bra")
    assert choices[0] == ("valda/weapons/branch-of-yggdrasil", "Branch of Yggdrasil (Grim's weapon)")
    titles = [title for _, title in index.autocomplete("valda", "ice")]
    assert titles[0].startswith("Ice Cave")
    assert "Ymir, the Ice Giant" in titles


def test_autocomplete_matches_words_inside_titles_and_aliases(index: RulesIndex) -> None:
    assert "valda/weapons/pubble-of-mud" in [i for i, _ in index.autocomplete("valda", "puddle")]
    assert "valda/giants/kari" in [i for i, _ in index.autocomplete("valda", "storm gian")]


def test_suggestions_name_the_closest_titles_for_a_query_that_matches_nothing(index: RulesIndex) -> None:
    assert index.search("valda", "zzqx") == []
    assert index.suggest("valda", "Ymirr giant")[0].id == "valda/giants/ymir"
    assert len(index.suggest("valda", "")) == 5


def test_entry_and_short_key_lookups(index: RulesIndex) -> None:
    entry = index.entry("valda/giants/hel")
    assert entry is not None and entry.title == "Hel, Queen of the Underworld"
    assert index.by_key(entry_key(entry.id)) == entry
    assert index.entry("valda/nothing") is None
    assert index.by_key("000000000000") is None
    assert {e.game for e in index.entries("valhalla")} == {"valhalla"}


def test_pages_keep_short_text_whole_and_cut_long_text_at_paragraphs() -> None:
    short = Entry("valda/x", "valda", (), "X", "One.\n\nTwo.")
    assert pages(short) == ["One.\n\nTwo."]
    paragraphs = ["word " * 150] * 12
    long = Entry("valda/y", "valda", (), "Y", "\n\n".join(p.strip() for p in paragraphs))
    cut = pages(long, limit=2000)
    assert all(len(page) <= 2000 for page in cut)
    assert len(cut) == 6
    assert "\n\n".join(cut) == long.text


def test_pages_cut_a_single_huge_word_and_refuse_tiny_pages() -> None:
    huge = Entry("valda/z", "valda", (), "Z", "x" * 9000)
    cut = pages(huge)
    assert [len(page) for page in cut] == [4096, 4096, 808]
    with pytest.raises(ValueError):
        pages(huge, limit=5)


def test_duplicate_ids_refuse_to_build_an_index() -> None:
    entry = Entry("valda/x", "valda", (), "X", "text")
    with pytest.raises(ValueError, match="duplicate"):
        RulesIndex([entry, entry])


def test_every_title_finds_its_own_entry_first(index: RulesIndex) -> None:
    lost = [e.id for e in index.entries() if [h.entry.id for h in index.search(e.game, e.title, 1)] != [e.id]]
    assert lost == []


def test_every_accented_name_is_found_typed_without_accents(index: RulesIndex) -> None:
    accented = [e for e in index.entries() if any(fold(ch) != ch.casefold() for ch in e.title)]
    assert accented, "the book has accented names (Ölrun, Sigrdrífa, ...)"
    for entry in accented:
        plain = fold(entry.title)
        assert entry.id in [h.entry.id for h in index.search(entry.game, plain, limit=3)], plain


def test_the_game_name_inside_a_scoped_question_is_not_what_is_searched(index: RulesIndex) -> None:
    assert index.match_expression("starting resources Rise of the Giants", "valda")[0] == '"starting" OR "resources"'
    assert _top(index, "valda", "Valda phase") == "valda/phases/valda"
    assert _top(index, "valda", "valda") == "valda/phases/valda"
