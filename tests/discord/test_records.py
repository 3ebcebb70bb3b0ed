"""`/leaderboard` and `/stats` through real interactions (docs/records.md): games end in the
server, their results are there at once, and the answers carry the picture, its alt text and
the same facts in words; what can't be answered is refused privately, saying why."""

from __future__ import annotations

from typing import Any

from tests.discord.harness import Harness, Invocation, Message, User
from tests.discord.table_play import open_table, play_out
from tests.results import results_of


async def resign(h: Harness, user: User, game_id: int) -> None:
    asked = await h.slash(user, "game resign", {"game": game_id})
    await h.click(user, h.button(h.replies(asked)[-1], f"Resign game #{game_id}"))
    assert (await h.client.tables.game(game_id)).status == "finished"


def answer(h: Harness, invocation: Invocation) -> Message:
    """The private answer of a records command (after its "thinking…", when it was acknowledged)."""
    replies = h.replies(invocation)
    assert replies and all(m.ephemeral_for == invocation.user.id for m in replies)
    return replies[-1]


def picture_of(h: Harness, invocation: Invocation, filename: str) -> dict[str, Any]:
    """Checks the answer carries the picture as its embed's image; returns the attachment as sent."""
    message = answer(h, invocation)
    assert message.files[filename].startswith(b"\x89PNG")
    assert message.payload["embeds"][0]["image"]["url"] == f"attachment://{filename}"
    sent = next(r for r in reversed(h.requests) if r.webhook and r.files.get(filename))
    (attachment,) = sent.json["attachments"]
    return dict(attachment)


def refusal(h: Harness, invocation: Invocation) -> str:
    message = answer(h, invocation)
    assert message.content.startswith("⛔") and not message.files
    return message.content


async def test_the_leaderboard_and_stats_follow_the_games_that_ended_here(harness: Harness) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    first = await open_table(h, ann, "nidavellir", [bob, cy], ais=1)
    await resign(h, bob, first)  # ann, cy and the AI share the win
    second = await open_table(h, ann, "nidavellir", [bob])
    await resign(h, ann, second)  # bob wins

    board = await h.slash(cy, "leaderboard", {"game": "nidavellir"})
    attachment = picture_of(h, board, "leaderboard.png")
    text = answer(h, board).text()
    assert "Nidavellir: leaderboard" in text
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    # Bob lost to three and beat one; Ann beat one and lost to one: his win counts for more.
    assert [line.split("**")[1] for line in lines] == ["bob", "AI (mcts)", "cy", "ann"]
    assert lines[0].endswith("1 won of 2") and lines[1].endswith("1 won of 1")
    assert attachment["description"].startswith("Nidavellir: leaderboard. 1. "), "the picture's alt text"

    mine = await h.slash(ann, "stats")
    picture_of(h, mine, "stats.png")
    assert "Nidavellir: 1 won of 2 — Rating" in answer(h, mine).text()

    bobs = await h.slash(ann, "stats", {"player": bob.id, "game": "nidavellir"})
    picture_of(h, bobs, "stats.png")
    assert "bob at Nidavellir" in answer(h, bobs).text() and "1 won of 2" in answer(h, bobs).text()

    results = await results_of(h.client.tables.store, first)
    assert [(r.user_id, r.rank, r.resigned) for r in results][:3] == [(ann.id, 1, False), (bob.id, 2, True),
                                                                      (cy.id, 1, False)]


async def test_a_cooperative_game_answers_with_crew_records(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    game_id = await open_table(h, ann, "tranquility", ais=1)
    await play_out(h, game_id, [ann], seed=3)  # she sails it to the end herself, with an AI seat
    await h.client.tables.drain()
    await h.settle()
    info = await h.client.tables.game(game_id)
    assert info.status == "finished" and info.outcome is not None
    won = bool(info.outcome["winners"])

    records = await h.slash(ann, "leaderboard", {"game": "tranquility"})
    picture_of(h, records, "leaderboard.png")
    text = answer(h, records).text()
    assert "Tranquility: crew records" in text and f"{int(won)} won of 1" in text and "standard rules: " in text
    assert f"Best: {'won' if won else 'lost'} by **ann**" in text

    mine = await h.slash(ann, "stats", {"game": "tranquility"})
    picture_of(h, mine, "stats.png")
    assert "ann at Tranquility" in answer(h, mine).text()
    summary = await h.slash(ann, "stats")
    assert f"Tranquility: {int(won)} won of 1 — Crews won" in answer(h, summary).text()


async def test_what_cannot_be_answered_is_refused_privately_saying_why(harness: Harness) -> None:
    h = harness
    ann, bob, cy, dee = h.user("ann"), h.user("bob"), h.user("cy"), h.user("dee")
    helper = h.user("Dyno", bot=True)
    nothing = await h.slash(ann, "leaderboard", {"game": "nidavellir"})
    assert "No Nidavellir game has finished in this server yet: `/play nidavellir`" in refusal(h, nothing)
    assert "hasn't finished a game in this server yet" in refusal(h, await h.slash(ann, "stats"))

    game_id = await open_table(h, ann, "nidavellir", [bob])
    await resign(h, bob, game_id)
    stranger = await h.slash(cy, "stats", {"player": dee.id, "game": "nidavellir"})
    assert "**dee** hasn't played a Nidavellir game to the end in this server yet." in refusal(h, stranger)
    coop = await h.slash(cy, "stats", {"game": "tranquility"})
    assert "No Tranquility game has finished in this server yet" in refusal(h, coop)
    machine = await h.slash(cy, "stats", {"player": helper.id})
    assert "**Dyno** is a bot and plays no games" in refusal(h, machine)
    unknown = await h.slash(dee, "stats", {"game": "chess"})
    assert "no records of 'chess'; it hosts Nidavellir, Tranquility" in refusal(h, unknown)
    in_dm = await h.slash(ann, "leaderboard", {"game": "nidavellir"}, channel_id=h.dm_channels[ann.id])
    assert "Records are kept per server" in refusal(h, in_dm)

    eager = h.user("eve")
    for _ in range(4):
        picture_of(h, await h.slash(eager, "leaderboard", {"game": "nidavellir"}), "leaderboard.png")
    assert "try again in" in refusal(h, await h.slash(eager, "leaderboard", {"game": "nidavellir"}))
