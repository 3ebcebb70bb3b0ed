"""The /rules cog's answer building: embeds, paging buttons, persistent custom ids, no-match suggestions."""

from __future__ import annotations

import re

import discord
from discord.ext import commands

from bot.discord.rules_cog import (
    ALL,
    EMBED_LIMIT,
    FIELD_LIMIT,
    GAME_CHOICES,
    LABEL_LIMIT,
    RulesButton,
    RulesCog,
    rules_embed,
    rules_view,
)
from bot.rules.book import Entry
from bot.rules.games import GAMES
from bot.rules.index import RulesIndex, entry_key

LONG = Entry("valda/long", "valda", ("Cards", "Long"), "A long entry", "\n\n".join(["word " * 300] * 6))


def _cog(index: RulesIndex) -> RulesCog:
    return RulesCog(commands.Bot(command_prefix="!", intents=discord.Intents.none()), index)


def _buttons(view: discord.ui.View) -> list[discord.ui.Button[discord.ui.View]]:
    return [child.item for child in view.children if isinstance(child, RulesButton)]


def _ids(view: discord.ui.View) -> list[str]:
    return [button.custom_id or "" for button in _buttons(view)]


def test_game_choices_offer_every_game_and_all() -> None:
    assert [c.value for c in GAME_CHOICES] == [*GAMES, ALL]


def test_embed_shows_title_section_path_text_and_page() -> None:
    embed = rules_embed(LONG, 1)
    assert embed.title == "A long entry"
    assert embed.author.name == "Valda: Rise of the Giants › Cards › Long"
    assert embed.description and len(embed.description) <= 4096
    assert embed.footer.text and embed.footer.text.startswith("Page 2/")
    assert len(embed) <= 6000
    shared = rules_embed(LONG, 99, shared_by="Ann")
    assert shared.footer.text and "Shared by Ann" in shared.footer.text and shared.footer.text.startswith("Page 3/3")


async def test_long_entries_get_paging_buttons_with_persistent_custom_ids() -> None:
    first = rules_view(LONG, 0)
    key = entry_key(LONG.id)
    assert _ids(first) == [f"skald:rules:{key}:0:prev", f"skald:rules:{key}:0:next", f"skald:rules:{key}:0:share"]
    assert [b.disabled for b in _buttons(first)] == [True, False, False]
    last = _buttons(rules_view(LONG, 2))
    assert [b.disabled for b in last] == [False, True, False]
    assert all(re.fullmatch(RulesButton.__discord_ui_compiled_template__, i) for i in _ids(first))
    assert all(len(i) <= 100 for i in _ids(first))


async def test_a_matching_query_answers_with_the_best_entry_and_buttons_for_the_others(index: RulesIndex) -> None:
    content, embed, view = _cog(index).answer("valda", "what does Brute do")
    assert content is None and embed is not None and embed.title == "Brute (Grim's weapon)"
    labels = [button.label for button in _buttons(view)]
    assert labels[0] == "Share to channel" and len(labels) > 1


async def test_paging_keeps_the_other_matches_and_everything_stays_within_discords_limits() -> None:
    # The worst case: a full page of text under a long title, and runner-ups with long titles.
    others = [Entry(f"valda/long-{n}", "valda", ("Cards", "X" * 200), f"{n} " + "Y" * 250, "text") for n in range(4)]
    matches = [LONG, *others]
    keys = "".join(entry_key(entry.id) for entry in matches)
    full = Entry("valda/full", "valda", ("P" * 300,), "T" * 300, " ".join(["word"] * 819))
    embed = rules_embed(full, 0, shared_by="S" * 32, matches=[full, *others])
    assert len(embed.description or "") > 4000 and len(embed.fields) == 1 and len(embed) <= EMBED_LIMIT
    for page in range(3):
        embed = rules_embed(LONG, page, matches=matches)
        assert len(embed) <= EMBED_LIMIT and len(embed.fields) == 1
        assert all(len(field.value or "") <= FIELD_LIMIT for field in embed.fields)
        view = rules_view(LONG, page, matches)
        assert all(re.fullmatch(RulesButton.__discord_ui_compiled_template__, i) for i in _ids(view))
        assert all(len(i) <= 100 for i in _ids(view))
        assert all(len(b.label or "") <= LABEL_LIMIT for b in _buttons(view))
        # Paging and opening carry the matches; sharing posts a page with no buttons, so needs none.
        assert [i for i in _ids(view) if not i.endswith(keys)] == [f"skald:rules:{entry_key(LONG.id)}:{page}:share"]
    labels = [b.label or "" for b in _buttons(rules_view(LONG, 0, matches)) if ":open" in (b.custom_id or "")]
    assert [label[:6] for label in labels] == [f"{n + 2}. {n} Y" for n in range(4)]
    assert all(len(label) == LABEL_LIMIT and label.endswith("Y…") for label in labels)


async def test_an_autocompleted_entry_id_opens_that_entry(index: RulesIndex) -> None:
    _, embed, _ = _cog(index).answer("lords-of-ragnarok", "lords-of-ragnarok/utgard/giants-mace")
    assert embed is not None and embed.title == "The Giant's Mace"
    _, embed, _ = _cog(index).answer(ALL, "valhalla/king-of-the-hill/bonus-points")
    assert embed is not None and embed.title == "King's bonus points"


async def test_no_match_lists_the_closest_entries_as_buttons(index: RulesIndex) -> None:
    content, embed, view = _cog(index).answer("valda", "qwxz vbnm")
    assert embed is None and content is not None
    assert content.startswith("Nothing in the Valda: Rise of the Giants rules matches “qwxz vbnm”. Closest entries:")
    titles = [entry.title for entry in index.suggest("valda", "qwxz vbnm")]
    assert titles and all(f"- {title}" in content for title in titles)
    assert _ids(view) and all(i.endswith(":0:open") for i in _ids(view))
