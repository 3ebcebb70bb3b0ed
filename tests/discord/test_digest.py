"""The digest (issue 46, `/notify how digest`): a person who chose it gets no turn notice of their
own, but at most once every N hours one DM listing every game waiting for them, soonest deadline
first, edited in place while they haven't interacted with Skald since. What reached them is
counted from the HTTP the bot sent (tests/discord/told.py)."""

from __future__ import annotations

import re

import pytest

from bot.tables import notify
from bot.tables.clocks import HOUR
from bot.tables.digest import DIGEST
from tests.discord.clocked import Clock, move_as, tick
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table
from tests.discord.told import notices


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


def digests(h: Harness, user: User) -> list[Message]:
    return [m for m in h.dms(user) if m.content.startswith("📬")]


def listed(message: Message) -> list[int]:
    """The game numbers a digest lists, in its order."""
    return [int(n) for n in re.findall(r"^• \*\*[^*]+ #(\d+)\*\*", message.content, re.MULTILINE)]


async def test_a_digest_lists_what_waits_soonest_first_edited_while_unread_new_once_read(harness: Harness,
                                                                                         clock: Clock) -> None:
    """Bob takes a digest every 4 hours. Two games begin a step for him an hour apart: the first
    digest lists one; the second, 4 hours on and still unread, is the same message edited, now
    with both, the sooner deadline first. Once he has used Skald, the next is a new message; nothing
    new waiting, no digest at all. No ping, no new notifying DM for a turn, ever."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    chose = await h.slash(bob, "notify how", {"choice": "digest", "hours": 4})
    assert "a digest every 4 h" in h.reply_text(chose), h.reply_text(chose)
    soon = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    late = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "relaxed"})
    for game_id in (soon, late):
        await move_as(h, bob, game_id)  # he picks at once in both, then goes away
    since = len(h.requests)
    await tick(h, clock, HOUR)
    for person in (ann, cy):
        await move_as(h, person, late)  # the next draft turn of the relaxed game begins for him
    await tick(h, clock, 60)
    first = digests(h, bob)
    assert len(first) == 1 and listed(first[0]) == [late], [m.content for m in first]
    assert re.search(r"runs out <t:\d+:R>", first[0].content) and "https://discord.com/channels/" in first[0].content
    await tick(h, clock, HOUR)
    for person in (ann, cy):
        await move_as(h, person, soon)
    await tick(h, clock, HOUR)
    assert len(digests(h, bob)) == 1 and digests(h, bob)[0].edits == 0, "not before 4 hours since the last"
    await tick(h, clock, 2 * HOUR)
    again = digests(h, bob)
    assert len(again) == 1 and again[0].edits == 1, "unread: the same message, edited"
    assert listed(again[0]) == [soon, late], again[0].content
    told = [n for n in notices(h, since) if n.user_id == bob.id]
    assert [n.kind for n in told] == ["dm"], told  # the first digest; no ping, no new panel
    # He looks at his games: the digest is read. The next turn begun for him is a new digest.
    await h.slash(bob, "game mine")
    await move_as(h, bob, soon)
    await tick(h, clock, HOUR)
    for person in (ann, cy):
        await move_as(h, person, soon)
    await tick(h, clock, 4 * HOUR)
    after = digests(h, bob)
    assert len(after) == 2 and after[0].edits == 1, [m.content for m in after]
    assert listed(after[1]) == [soon, late], after[1].content
    # Nothing new waits: no digest, however long.
    await tick(h, clock, 9 * HOUR)
    assert len(digests(h, bob)) == 2 and digests(h, bob)[1].edits == 0
    assert all(n.kind != "ping" for n in notices(h) if n.user_id == bob.id)


async def test_a_digest_due_survives_a_restart_and_reminders_still_come(harness: Harness, clock: Clock) -> None:
    """The digest's timer is a row of the store: a restart before it falls due still sends it once.
    The clock's reminders reach a digest person as before."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    await h.slash(bob, "notify how", {"choice": "digest 6h"})
    assert notify.hours_of(await h.client.tables.servers.person(bob.id)) == 6
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    for _ in range(2):  # he picks and goes away; the next draft turn begins for him
        await move_as(h, bob, game_id)
        await tick(h, clock, HOUR)
        for person in (ann, cy):
            await move_as(h, person, game_id)
        await h.settle()
    assert len(digests(h, bob)) == 1, "the second turn waits for 6 hours after the first digest"
    timer = await h.client.tables.store.clocks.timer(bob.id, DIGEST, space="person")
    assert timer is not None and timer.due_at > clock.now
    await h.restart()
    await tick(h, clock, 6 * HOUR)
    assert len(digests(h, bob)) == 2 and listed(digests(h, bob)[1]) == [game_id], "a new one: he had moved"
    await h.restart()
    await tick(h, clock, 6 * HOUR)
    assert len(digests(h, bob)) == 2 and digests(h, bob)[1].edits == 0, "sent once"
    for _ in range(30):  # he never moves: both reminders come before his time runs out
        await tick(h, clock, 4 * HOUR)
        if len([m for m in h.dms(bob) if m.content.startswith("⏰")]) == 2:
            break
    assert len([m for m in h.dms(bob) if m.content.startswith("⏰")]) == 2
    info = await h.client.tables.game(game_id)
    assert all(s.stand_in is None for s in info.seats), "nobody's time ran out yet"


async def test_notify_how_refuses_bad_digest_hours_and_changes_nothing(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    settings = h.client.tables.store.settings
    cases: list[tuple[dict[str, object], str]] = [
        ({"choice": "digest", "hours": 0}, "at most once every 1 to 24 hours"),
        ({"choice": "digest", "hours": 25}, "'25' is not a whole number of hours"),
        ({"choice": "digest 1.5h"}, "'1.5' is not a whole number"),
        ({"choice": "deadline", "hours": 6}, "Hours are a digest's"),
        ({"hours": 6}, "Hours are a digest's"),
        ({"choice": "weekly"}, "There is no way of being told called 'weekly'")]
    for options, said in cases:
        refused = await h.slash(ann, "notify how", options)
        assert said in h.reply_text(refused), (options, h.reply_text(refused))
        assert await settings.person_settings([ann.id]) == {}
    await h.slash(ann, "notify how", {"choice": "digest"})
    stored = await h.client.tables.servers.person(ann.id)
    assert notify.choice_of(stored) == notify.DIGEST and notify.hours_of(stored) == notify.HOURS_DEFAULT
    shown = await h.slash(ann, "notify how", {"hours": 12})
    assert "a digest every 12 h" in h.reply_text(shown) and "once every 12 hours" in h.reply_text(shown)
    refused = await h.slash(ann, "notify how", {"hours": 99})
    assert "'99' is not" in h.reply_text(refused)
    assert notify.hours_of(await h.client.tables.servers.person(ann.id)) == 12
