"""The digest (issue 46, `/notify how digest`): a person who chose it gets no turn notice of their
own, but at most once every N hours one DM listing every game waiting for them, soonest deadline
first, edited in place while they haven't interacted with Skald since. What reached them is
counted from the HTTP the bot sent (tests/discord/told.py)."""

from __future__ import annotations

import itertools
import re

import pytest

from bot.tables import notify
from bot.tables.clocks import HOUR
from bot.tables.digest import DIGEST
from tests.discord.clocked import Clock, move_as, tick
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table
from tests.discord.test_quiet_hours import Dated
from tests.discord.told import DIGEST_HOURS, QUIET_HOURS, notices, play_over_days, take_choices


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
    assert [n.kind for n in told] == ["digest"], told  # the first digest; no ping, no new panel
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


async def test_a_wonderful_game_over_days_with_one_person_on_each_choice(harness: Harness, clock: Clock) -> None:
    """The issue's must-show: a whole 3-person It's a Wonderful World game played over days (two
    hours away between sittings). Ann is told at every turn, but sleeps 23:00-07:00 in Oslo; Bob
    takes a digest every 4 hours; Cy (DMs closed) only near a deadline. Per person per round, what
    told them matches their choice; no reminder is lost and nobody's time runs out."""
    h = harness
    dated = Dated(h, clock)
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    await take_choices(h, [ann, bob, cy])
    quiet = notify.parse_quiet(*QUIET_HOURS)
    played = await play_over_days(h, clock, [ann, bob, cy],
                                  asleep=lambda person, now: person is ann and quiet.ends(now) is not None)
    assert played.rounds == 4 and played.timeouts == 0
    told = {p.id: [n for n in notices(h) if n.user_id == p.id] for p in (ann, bob, cy)}
    # Ann: at most one notice a step she acts in (0 for a step her own move began), none in her night.
    assert played.doubled(ann) == 0 and 0 < played.per_round(ann) <= len(played.owed[ann.id]) / played.rounds
    assert not [n for n in told[ann.id] if n.kind in ("ping", "dm") and quiet.ends(dated.at(n.index)) is not None]
    # Bob: never a ping or a turn's DM (the game's last panel, its result, is told to everyone);
    # digests at least 4 hours apart, fewer than the steps he acts in.
    over = {step: counted for step, counted in played.told[bob.id].items() if step[1] == "over"}
    assert played.per_round(bob) * played.rounds == sum(c["dm"] for c in over.values()) <= 1, played.told[bob.id]
    sent = [dated.at(n.index) for n in told[bob.id] if n.kind == "digest"]
    assert sent and all(b - a >= DIGEST_HOURS * HOUR for a, b in itertools.pairwise(sent)), sent
    assert len(sent) < len(played.owed[bob.id])
    # Cy: nothing for a turn; only the clock's reminders would ping him.
    assert all(n.kind == "ping" and "⏰" in _content(h, n.index) for n in told[cy.id]), told[cy.id]
    assert played.per_round(cy, ("digest",)) == 0 and not any(n.kind == "dm" for n in told[cy.id])
    # No reminder lost: none was due unsent when the game ended.
    store = h.client.tables.store.clocks
    assert await store.due_timers(clock.now, 100) == []


def _content(h: Harness, index: int) -> str:
    return str((h.requests[index].json or {}).get("content") or "")


async def test_turns_begun_in_several_games_in_the_night_give_one_morning_dm(harness: Harness, clock: Clock) -> None:
    """Ann (every turn) sleeps 23:00-07:00 UTC; in the night a turn begins for her in two games:
    one 🌅 DM when she wakes lists both, not one each."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    await h.slash(ann, "notify quiet", {"zone": "UTC", "hours": "23:00-07:00"})
    games = [await open_table(h, bob, "wonderful", [ann, cy], options={"clock": "daily"}) for _ in range(2)]
    for game_id in games:
        await move_as(h, ann, game_id)
    night = 23 * HOUR - clock.now % (24 * HOUR) + HOUR  # midnight, in her quiet hours
    await tick(h, clock, night)
    since = len(h.requests)
    for game_id in games:
        for person in (bob, cy):
            await move_as(h, person, game_id)  # the next draft turn begins for her
    await h.settle()
    assert [n for n in notices(h, since) if n.user_id == ann.id and n.kind in ("ping", "dm")] == []
    await tick(h, clock, 7 * HOUR)
    mornings = [m for m in h.dms(ann) if m.content.startswith("🌅")]
    assert len(mornings) == 1 and listed(mornings[0]) == games, [m.content for m in mornings]
    await tick(h, clock, HOUR)
    assert len([m for m in h.dms(ann) if m.content.startswith("🌅")]) == 1


async def test_a_digest_due_in_quiet_hours_waits_for_their_end(harness: Harness, clock: Clock) -> None:
    """Bob takes a digest and sleeps 23:00-07:00 UTC: a turn begun for him in the night is in the
    digest he gets when his quiet hours end, not before; and no 🌅 DM besides."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    await h.slash(bob, "notify how", {"choice": "digest"})
    await h.slash(bob, "notify quiet", {"zone": "UTC", "hours": "23:00-07:00"})
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    await move_as(h, bob, game_id)
    await tick(h, clock, 24 * HOUR - clock.now % (24 * HOUR) + HOUR)  # 01:00, in his quiet hours
    for person in (ann, cy):
        await move_as(h, person, game_id)
    for _ in range(5):  # to 06:00
        await tick(h, clock, HOUR)
        assert digests(h, bob) == []
    await tick(h, clock, HOUR)
    assert len(digests(h, bob)) == 1 and listed(digests(h, bob)[0]) == [game_id]
    assert clock.now % (24 * HOUR) == 7 * HOUR
    assert not [m for m in h.dms(bob) if m.content.startswith("🌅")]
