"""One notice per step per person (issue 46): a whole It's a Wonderful World game of three
people who come back to it every two hours, one with DMs closed; what reached each is counted
from the HTTP the bot sent (tests/discord/told.py)."""

from __future__ import annotations

import pytest

from tests.discord.clocked import Clock
from tests.discord.harness import Harness
from tests.discord.told import play_over_days


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
