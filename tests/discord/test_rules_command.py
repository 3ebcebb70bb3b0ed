"""/rules driven through the real discord.py objects: answer, autocomplete, paging, share, suggestions."""

from __future__ import annotations

from bot.discord.rules_cog import COG_NAME, RulesCog
from bot.rules.book import Entry
from bot.rules.index import RulesIndex
from tests.discord.harness import Harness, Message

LONG = Entry("valda/test-long", "valda", ("Test",), "Very long test entry",
             "\n\n".join(f"Paragraph {n}. " + "rune " * 600 for n in range(6)))


def _embed(message: Message) -> dict[str, object]:
    embeds = message.payload["embeds"]
    assert len(embeds) == 1, message.payload
    embed: dict[str, object] = embeds[0]
    return embed


def _cog(harness: Harness) -> RulesCog:
    # The bot's cog is of its own load of the extension (load_extension runs the module afresh),
    # not of the module this test imported.
    loaded: type[RulesCog] = harness.client.extensions["bot.discord.rules_cog"].RulesCog
    cog = harness.client.get_cog(COG_NAME)
    assert isinstance(cog, loaded)
    return cog


def _with_long_entry(harness: Harness) -> None:
    cog = _cog(harness)
    cog.index = RulesIndex([*cog.index.entries(), LONG])


async def test_rules_answers_privately_with_the_best_entry(harness: Harness) -> None:
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valda", "query": "what does Brute do"})
    [reply] = harness.replies(invocation)
    assert reply.ephemeral_for == ann.id
    embed = _embed(reply)
    assert embed["title"] == "Brute (Grim's weapon)"
    assert embed["author"] == {"name": "Valda: Rise of the Giants › Divine weapons › Grim"}
    assert "2 attack cards" in str(embed["description"])
    assert "Share to channel" in [c.get("label") for c in reply.components()]
    assert harness.public_messages() == []


async def test_slash_rules_offers_more_than_the_first_answer(harness: Harness) -> None:
    ann = harness.user("ann")
    question = "where can I place a building"
    ranked = [hit.entry for hit in _cog(harness).index.search("my-city", question, limit=5)]
    assert len(ranked) == 5 and ranked[0].title == "Placing a building"
    where = {entry.id: entry.section or "My City Roll & Build" for entry in ranked}
    invocation = await harness.slash(ann, "rules", {"game": "my-city", "query": question})
    [reply] = harness.replies(invocation)
    embed = _embed(reply)
    assert embed["title"] == "Placing a building"
    assert "must touch the river" in str(embed["description"])  # the first answer in full
    # The next four matches are listed under it, ranked, each with a button that opens it.
    assert embed["fields"] == [{"name": "Other matches", "inline": False, "value": "\n".join(
        f"**{rank}.** {entry.title} · {where[entry.id]}" for rank, entry in enumerate(ranked[1:], start=2))}]
    opens = [c for c in reply.components() if ":open" in c["custom_id"]]
    assert [c["label"] for c in opens] == [f"{rank}. {entry.title}" for rank, entry in enumerate(ranked[1:], start=2)]
    assert all(len(c["custom_id"]) <= 100 and len(c["label"]) <= 80 for c in reply.components())

    # The second answer is one click away, and the list stays, the first answer now in it.
    await harness.click(ann, harness.button(reply, f"2. {ranked[1].title}"), message=reply)
    assert _embed(reply)["title"] == ranked[1].title
    fields: list[dict[str, object]] = _embed(reply)["fields"]  # type: ignore[assignment]
    listed = str(fields[0]["value"]).splitlines()
    assert listed[0] == f"**1.** {ranked[0].title} · {where[ranked[0].id]}" and len(listed) == 4
    # Also after a restart: the buttons carry the matches, not the bot's memory.
    await harness.restart()
    await harness.click(ann, harness.button(reply, f"1. {ranked[0].title}"), message=reply)
    assert _embed(reply)["title"] == "Placing a building"
    assert next(c["label"] for c in reply.components() if ":open" in c["custom_id"]) == f"2. {ranked[1].title}"
    assert harness.public_messages() == []


async def test_rules_autocomplete_offers_titles_and_opens_the_chosen_id(harness: Harness) -> None:
    ann = harness.user("ann")
    choices = await harness.autocomplete(ann, "rules", {"game": "lords-of-ragnarok", "query": "giant's m"}, "query")
    assert 0 < len(choices) <= 25
    assert choices[0] == {"name": "The Giant's Mace", "value": "lords-of-ragnarok/utgard/giants-mace"}
    everywhere = await harness.autocomplete(ann, "rules", {"game": "all", "query": "thr"}, "query")
    assert "Thrym, Ruler of the Giants — Valda: Rise of the Giants" in [c["name"] for c in everywhere]
    invocation = await harness.slash(ann, "rules", {"game": "lords-of-ragnarok", "query": choices[0]["value"]})
    assert _embed(harness.replies(invocation)[0])["title"] == "The Giant's Mace"


async def test_long_entries_page_forward_and_back_and_survive_a_restart(harness: Harness) -> None:
    _with_long_entry(harness)
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valda", "query": "valda/test-long"})
    [reply] = harness.replies(invocation)
    assert str(_embed(reply)["description"]).startswith("Paragraph 0.")
    assert "Page 1/" in str(_embed(reply)["footer"])
    await harness.click(ann, harness.button(reply, "Next ▶"), message=reply)
    assert str(_embed(reply)["description"]).startswith("Paragraph 1.")

    await harness.restart()
    _with_long_entry(harness)
    await harness.click(ann, harness.button(reply, "◀ Previous"), message=reply)
    assert str(_embed(reply)["description"]).startswith("Paragraph 0.")
    assert harness.public_messages() == []


async def test_share_posts_the_page_to_the_channel_for_everyone(harness: Harness) -> None:
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valhalla", "query": "bonus dice attacking the king"})
    [reply] = harness.replies(invocation)
    await harness.click(ann, harness.button(reply, "Share to channel"), message=reply)
    [shared] = harness.public_messages()
    assert shared.channel_id == harness.channel_id
    assert _embed(shared)["title"] == "Attacking the King"
    assert "Shared by ann" in str(_embed(shared)["footer"])
    assert shared.components() == []


async def test_no_match_offers_the_closest_entries_and_opens_one(harness: Harness) -> None:
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valda", "query": "qwxz vbnm"})
    [reply] = harness.replies(invocation)
    assert reply.content.startswith("Nothing in the Valda: Rise of the Giants rules matches")
    first = reply.components()[0]
    await harness.click(ann, first["custom_id"], message=reply)
    assert _embed(reply)["title"] == first["label"]
    assert reply.content == ""


async def test_a_button_for_an_entry_that_no_longer_exists_is_refused_politely(harness: Harness) -> None:
    _with_long_entry(harness)
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valda", "query": "valda/test-long"})
    [reply] = harness.replies(invocation)
    await harness.restart()  # the fresh bot's book has no such entry
    click = await harness.click(ann, harness.button(reply, "Next ▶"), message=reply)
    assert "no longer in the book" in harness.reply_text(click)


async def test_a_listed_match_that_left_the_book_is_no_longer_listed(harness: Harness) -> None:
    _with_long_entry(harness)
    ann = harness.user("ann")
    invocation = await harness.slash(ann, "rules", {"game": "valda", "query": "runes"})
    [reply] = harness.replies(invocation)
    assert "**2.** Very long test entry · Test" in str(_embed(reply)["fields"])
    await harness.restart()  # the fresh bot's book has no such entry
    await harness.click(ann, harness.button(reply, "3. Rune Theft (card)"), message=reply)
    assert _embed(reply)["title"] == "Rune Theft (card)"
    assert "Very long test entry" not in str(_embed(reply)["fields"])
    labels = [c["label"] for c in reply.components() if ":open" in c["custom_id"]]
    assert len(labels) == 3 and labels[0].startswith("1. ") and "Very long test entry" not in str(labels)
