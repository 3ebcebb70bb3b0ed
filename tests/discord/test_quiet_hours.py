"""Quiet hours (issue 46, `/notify quiet`): a person's turn notices are held while they sleep in
their own time zone and told once when they wake; deadline reminders are held too, but never so
long that a turn runs out unseen. What reached each person is counted from the HTTP the bot sent
(tests/discord/told.py), each request dated by the test's clock."""

from __future__ import annotations

from bisect import bisect_right

import pytest

from bot.tables import notify
from bot.tables.clocks import HOUR
from bot.tables.seating import QUIET_CAP
from tests.discord.clocked import Clock, move_as, tick
from tests.discord.harness import Harness
from tests.discord.table_play import open_table
from tests.discord.told import notices, play_over_days


@pytest.fixture
def harness(clocked: Harness) -> Harness:
    return clocked


class Dated:
    """When each of the harness's requests was made: the clock's time at the last move before it."""

    def __init__(self, h: Harness, clock: Clock) -> None:
        self.marks: list[tuple[int, float]] = [(0, clock.now)]
        advance = clock.advance

        def advanced(seconds: float) -> None:
            advance(seconds)
            self.marks.append((len(h.requests), clock.now))

        clock.advance = advanced  # type: ignore[method-assign]

    def at(self, index: int) -> float:
        return self.marks[bisect_right([m[0] for m in self.marks], index) - 1][1]


def _content(h: Harness, index: int) -> str:
    return str((h.requests[index].json or {}).get("content") or "")


@pytest.mark.parametrize("game", ["nidavellir", "wonderful"])
async def test_a_person_in_quiet_hours_is_not_woken_and_is_told_once_when_they_end(harness: Harness, clock: Clock,
                                                                                     game: str) -> None:
    """A whole game over days: Bob sleeps 23:00-07:00 in Oslo. No ping or new DM reaches him then
    (nor does he play); each morning a turn that began in the night tells him once; Ann is told as
    before. (In Wonderful every step waits for everyone, so nothing begins for him in the night.)"""
    h = harness
    dated = Dated(h, clock)
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy", dm_closed=True)
    chose = await h.slash(bob, "notify quiet", {"zone": "Europe/Oslo", "hours": "23:00-07:00"})
    assert "Europe/Oslo, 23:00-07:00" in h.reply_text(chose), h.reply_text(chose)
    quiet = notify.parse_quiet("Europe/Oslo", "23:00-07:00")
    played = await play_over_days(h, clock, [ann, bob, cy], game=game,
                                  asleep=lambda person, now: person is bob and quiet.ends(now) is not None)
    told = [n for n in notices(h) if n.user_id == bob.id]
    woken = [(dated.at(n.index), n.kind, _content(h, n.index)[:60]) for n in told
             if n.kind in ("ping", "dm") and quiet.ends(dated.at(n.index)) is not None]
    assert woken == [], woken
    mornings = [dated.at(n.index) for n in told if _content(h, n.index).startswith("🌅")]
    nights = {int((at - 7 * HOUR) // (24 * HOUR)) for at in mornings}
    assert len(nights) == len(mornings), "told once each morning the game waited for him"
    assert mornings or game == "wonderful", "Nidavellir's tavern turns begin for him in the night"
    assert all(quiet.ends(at) is None for at in mornings)
    assert played.doubled(ann) == 0 and played.doubled(bob) == 0 and played.timeouts == 0
    assert played.owed[ann.id] - played.began.get(ann.id, set()) <= set(played.told[ann.id]), "Ann as before"
    assert not any(n.user_id == ann.id and _content(h, n.index).startswith("🌅") for n in notices(h))


async def test_no_clock_runs_out_in_quiet_hours_without_a_warning_before(harness: Harness, clock: Clock) -> None:
    """Bob never moves; he sleeps twelve hours a night, his deadline falling in them. The half-time
    reminder due in a night is held to its end (his deadline is days away); the last reminder
    comes in the night anyway, before his time runs out in it. (Ann and Cy make their draft pick,
    so that only his seat is handed to a stand-in: three stand-ins would play the whole game out
    inside one tick, which on a loaded host takes longer than the harness waits.)"""
    h = harness
    dated = Dated(h, clock)
    ann, bob, cy = h.user("ann"), h.user("bob"), h.user("cy")
    game_id = await open_table(h, ann, "wonderful", [bob, cy], options={"clock": "daily"})
    info = await h.client.tables.game(game_id)
    seat = info.seat_of(bob.id)
    assert seat is not None
    deadline = info.seats[seat].deadline
    assert deadline is not None
    hour = int(deadline // HOUR) % 24  # Reykjavik keeps UTC all year
    hours = f"{(hour - 11) % 24:02d}:00-{(hour + 1) % 24:02d}:00"
    await h.slash(bob, "notify quiet", {"zone": "Atlantic/Reykjavik", "hours": hours})
    quiet = notify.parse_quiet("Atlantic/Reykjavik", hours)
    await move_as(h, ann, game_id)
    await move_as(h, cy, game_id)
    since = len(h.requests)
    timed_out = None
    for _ in range(130):
        await tick(h, clock, HOUR)
        if (await h.client.tables.game(game_id)).seats[seat].stand_in is not None:
            timed_out = clock.now
            break
    assert timed_out is not None and quiet.ends(timed_out) is not None, "his time ran out in his quiet hours"
    reminded = [dated.at(n.index) for n in notices(h, since) if n.user_id == bob.id and n.kind == "reminder"]
    assert len(reminded) == 2 and all(at < deadline for at in reminded), reminded
    for at in reminded:
        ends = quiet.ends(at)
        assert ends is None or deadline <= ends + QUIET_CAP, "sent in quiet hours only when the deadline is near"
    assert quiet.ends(reminded[0]) is None and quiet.ends(reminded[0] - HOUR) is not None, "held to the night's end"
    assert quiet.ends(reminded[1]) is not None, "the last one came in the night, before the time ran out"


async def test_notify_quiet_refuses_what_it_cannot_read_and_changes_nothing(harness: Harness) -> None:
    h = harness
    ann = h.user("ann")
    settings = h.client.tables.store.settings
    for options, said in [({"zone": "Mars/Olympus", "hours": "23:00-07:00"}, "There is no time zone called"),
                          ({"zone": "Europe/Oslo", "hours": "late"}, "'late' is not quiet hours"),
                          ({"zone": "Europe/Oslo", "hours": "25:00-07:00"}, "is not quiet hours"),
                          ({"zone": "Europe/Oslo", "hours": "07:00-07:00"}, "begin when they end"),
                          ({"zone": "Europe/Oslo"}, "Give both your time zone and your quiet hours")]:
        refused = await h.slash(ann, "notify quiet", options)
        assert said in h.reply_text(refused), h.reply_text(refused)
        assert await settings.person_settings([ann.id]) == {}
    shown = await h.slash(ann, "notify quiet")
    assert "You have no quiet hours" in h.reply_text(shown), h.reply_text(shown)
    await h.slash(ann, "notify quiet", {"zone": "America/New_York", "hours": "22-6:30"})
    assert (await h.client.tables.servers.quiet(ann.id)) == notify.parse_quiet("America/New_York", "22:00-06:30")
    off = await h.slash(ann, "notify quiet", {"zone": "off"})
    assert "You have no quiet hours" in h.reply_text(off), h.reply_text(off)
    assert await h.client.tables.servers.quiet(ann.id) is None
