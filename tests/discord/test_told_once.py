"""One notice per step per person (issue 46): a whole It's a Wonderful World game of three
people who come back to it every two hours, one with DMs closed; what reached each is counted
from the HTTP the bot sent (tests/discord/told.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.tables.clocks import HOUR
from tests.discord.clocked import Clock, tick
from tests.discord.harness import Harness
from tests.discord.table_play import open_table
from tests.discord.told import notices, play_over_days


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


async def test_each_person_is_told_once_per_step_they_must_act_in(harness: Harness, clock: Clock) -> None:
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    played = await play_over_days(h, clock, [ann, bob, cy])
    for person in (ann, bob, cy):
        told = played.told[person.id]
        assert played.doubled(person) == 0, f"{person.name} was told twice in one step"
        playing = {step for step in told if step[1] != "over"}  # the game's end is told to all
        assert playing <= played.owed[person.id], "never for a step they need not act in"
        # Told of every step they had to act in, except those their own move began (they were there).
        assert played.owed[person.id] - played.began.get(person.id, set()) <= set(told), person.name
    assert played.soon_after_own_move == 0, "no new DM panel replaces the one a person is clicking"
    assert all(c["dm"] == 0 for c in played.told[cy.id].values()), "closed DMs: told in the thread"
    assert all(c["ping"] == 0 for p in (ann, bob) for c in played.told[p.id].values()), "open DMs: told by DM"
    assert played.timeouts == 0


async def test_a_server_may_have_its_threads_never_ping(harness: Harness, clock: Clock) -> None:
    """`thread_pings off`: the thread names whoever must act and pings nobody; DM panels still tell."""
    h = harness
    mod = h.user("mod", manage_guild=True)
    changed = await h.slash(mod, "skald settings", {"name": "thread_pings", "value": "off"})
    assert "off" in h.reply_text(changed), h.reply_text(changed)
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    played = await play_over_days(h, clock, [ann, bob, cy], game="nidavellir")
    assert all(c["ping"] == 0 for p in (ann, bob, cy) for c in played.told.get(p.id, {}).values())
    assert all(any(c["dm"] for c in played.told[p.id].values()) for p in (ann, bob))


async def test_each_person_is_told_as_they_chose_over_a_whole_game(harness: Harness, clock: Clock) -> None:
    """`/notify` (issue 46): Ann is told at every turn (the default), Bob only near a deadline,
    Cy (DMs closed) mutes the game from its thread once it began. Nobody hushed is pinged or sent
    a notifying DM for a turn; Ann is told as before; the game runs to its end without a timeout."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    chose = await h.slash(bob, "notify how", {"choice": "deadline"})
    assert "only near a deadline" in h.reply_text(chose), h.reply_text(chose)

    async def mute(game_id: int) -> None:
        info = await h.client.tables.game(game_id)
        muted = await h.slash(cy, "notify mute", {}, channel_id=info.thread_id)
        assert f"Game #{game_id} is muted" in h.reply_text(muted), h.reply_text(muted)

    played = await play_over_days(h, clock, [ann, bob, cy], first=mute)
    turns = {p.name: sum(c["ping"] + c["dm"] for step, c in played.told.get(p.id, {}).items() if step[1] != "over")
             for p in (ann, bob, cy)}
    first = min(step for steps in played.owed.values() for step in steps)
    muted_after = sum(c["ping"] + c["dm"] for step, c in played.told.get(cy.id, {}).items()
                      if step != first and step[1] != "over")
    assert turns["bob"] == 0, played.told.get(bob.id)
    assert muted_after == 0, played.told.get(cy.id)
    assert sum(c["silent"] for c in played.told[bob.id].values()) == 1, "Bob's first panel came, silently"
    assert played.owed[ann.id] - played.began.get(ann.id, set()) <= set(played.told[ann.id]), "Ann as before"
    assert turns["ann"] >= len(played.owed[ann.id] - played.began.get(ann.id, set()))
    assert played.doubled(ann) == 0 and played.timeouts == 0


async def test_notify_refuses_what_it_cannot_do_and_changes_nothing(harness: Harness) -> None:
    h = harness
    ann, bob = h.user("ann"), h.user("bob")
    bad = await h.slash(ann, "notify how", {"choice": "loudly"})
    assert "There is no way of being told called 'loudly'" in h.reply_text(bad), h.reply_text(bad)
    shown = await h.slash(ann, "notify how")
    assert "every turn" in h.reply_text(shown)
    assert await h.client.tables.store.settings.person_settings([ann.id]) == {}
    nowhere = await h.slash(ann, "notify mute")
    assert "There's no game here you play in" in h.reply_text(nowhere), h.reply_text(nowhere)
    game_id = await open_table(h, ann, "wonderful", [h.user("cy"), h.user("dee")])
    info = await h.client.tables.game(game_id)
    stranger = await h.slash(bob, "notify mute", {"game": game_id}, channel_id=info.thread_id)
    assert f"You don't play in game #{game_id}" in h.reply_text(stranger), h.reply_text(stranger)
    assert await h.client.tables.servers.muted(game_id) == set()
    unmuted = await h.slash(ann, "notify unmute", {}, channel_id=info.thread_id)
    assert "was not muted" in h.reply_text(unmuted)
    for _ in range(2):
        await h.slash(ann, "notify mute", {}, channel_id=info.thread_id)
    assert await h.client.tables.servers.muted(game_id) == {ann.id}


async def test_the_clocks_reminders_reach_people_who_asked_for_no_turn_notices(harness: Harness,
                                                                               clock: Clock) -> None:
    """Bob (only near a deadline) and Cy (DMs closed, the game muted) hear nothing of their turn,
    then the clock's reminder before their time runs out: by DM, and in the thread with a ping."""
    h = harness
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    await h.slash(bob, "notify how", {"choice": "deadline"})
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    info = await h.client.tables.game(game_id)
    await h.slash(cy, "notify mute", {}, channel_id=info.thread_id)
    await h.settle()
    since = len(h.requests)
    await tick(h, clock, 50 * HOUR)  # past half of the time (24 hours a move and 3 days in the bank)
    told = Counter((n.user_id, n.kind) for n in notices(h, since))
    reminded = [str((h.requests[n.index].json or {}).get("content")) for n in notices(h, since)]
    assert told[bob.id, "reminder"] == 1 and told[bob.id, "dm"] == 0, (told, reminded)
    assert told[cy.id, "ping"] == 1 and all("⏰" in text for text in reminded), (told, reminded)
