"""Turn clocks, pure (bot/tables/clocks.py; docs/async.md): custom clocks as written at `/play`, the
increment that refills a bank up to its cap, and an undo that gives a turn back as it stood."""

from __future__ import annotations

import re

import pytest

from bot.store.records import SeatClock
from bot.tables import clocks
from bot.tables.clocks import DAY, HOUR, MINUTE, BadClock

NOW = 1_000_000.0


def test_a_custom_clock_reads_per_move_bank_and_increment_and_is_kept_as_written_canonically() -> None:
    made = clocks.custom(" 12H + 2d + 60m ")
    assert (made.per_move, made.bank, made.increment) == (12 * HOUR, 2 * DAY, HOUR)
    assert made.name == "12h+2d+1h" and clocks.check("12h+2d+60m") == "12h+2d+1h"
    assert made.label == "custom — 12 hours a move, 2 days in the bank, +1 hour a move"
    assert clocks.custom("1d12h+0").name == "1d12h+0" and clocks.custom("90m+3d").increment == 0
    assert clocks.check("daily") == "daily" and clocks.preset("daily") is clocks.PRESETS["daily"]
    assert clocks.preset("none") is None and clocks.preset("a clock from the future") is None


@pytest.mark.parametrize(("written", "why"), [
    ("12x+1d", "The time per move '12x' isn't a time"),
    ("12h", "per move + bank + increment, like 12h+2d+1h"),
    ("12h+1d+1h+1h", "per move + bank + increment"),
    ("30x+1d", "The time per move '30x' isn't a time: write a number and a unit (s, m, h or d)"),
    ("30s+1d", "The time per move must be from 1 minute to 30 days, not 30 seconds"),
    ("1m+1m+0.01m", "The increment '0.01m' is 0.6 seconds: a clock counts whole seconds"),
    ("1" * 400 + "m+1d", "The time per move must be from 1 minute to 30 days, not '1111111111111111111…'"),
    ("1m+" + "9" * 400 + "d", "The bank can hold at most 60 days, not '9999999999999999999…'"),
    ("1m+0+" + "5" * 400 + ".5h", "The increment can be at most 7 days, not '5555555555555555555…'"),
    ("0+1d", "The time per move must be from 1 minute to 30 days, not 0 minutes"),
    ("31d+0", "not 31 days"),
    ("1h+61d", "The bank can hold at most 60 days"),
    ("1h+1d+8d", "The increment can be at most 7 days"),
])
def test_a_clock_that_cant_be_run_is_refused_saying_why(written: str, why: str) -> None:
    with pytest.raises(BadClock, match=re.escape(why)):
        clocks.check(written)


@pytest.mark.parametrize(("written", "per_move", "bank", "increment", "stored"), [
    ("1.5m+1d", 90, DAY, 0, "1m30s+1d"),
    ("1m+0.5m", MINUTE, 30, 0, "1m+30s"),
    ("1m+1m+0.4m", MINUTE, MINUTE, 24, "1m+1m+24s"),
    ("90s+1.25h+0.5d", 90, 75 * MINUTE, 12 * HOUR, "1m30s+1h15m+12h"),
    ("1d1h1m1s+0", DAY + HOUR + MINUTE + 1, 0, 0, "1d1h1m1s+0"),
])
def test_a_clock_reads_exactly_what_was_typed_to_the_second_and_its_stored_form_reads_back_the_same(
        written: str, per_move: float, bank: float, increment: float, stored: str) -> None:
    """Issue 42: `1.5m+1d` ran as `1m+1d`, `1m+0.5m` with a bank of 0, and the stored form of
    `1m+1m+0.4m` read back differently: the parts are read in decimal, to the second, and stored
    with seconds where they have some."""
    made = clocks.custom(written)
    assert (made.per_move, made.bank, made.increment) == (per_move, bank, increment)
    assert made.name == stored == clocks.check(written)
    assert clocks.custom(stored) == made and clocks.preset(stored) == made
    assert clocks.custom("1d1h1m1s+0").label == "custom — 1 day 1 hour 1 minute 1 second a move, 0 minutes in the bank"


def test_the_increment_refills_the_bank_after_a_move_up_to_its_starting_size() -> None:
    rules = clocks.custom("1h+2h+30m")
    turn = clocks.start(0, None, rules, NOW, 1, paused=False)
    assert turn.deadline == NOW + 3 * HOUR and turn.turn_bank == 2 * HOUR
    slow = clocks.stop(turn, rules, NOW + 2 * HOUR, moved=True)
    assert slow.bank == 1.5 * HOUR, "an hour over the move's time, then half an hour back"
    quick = clocks.stop(turn, rules, NOW + 10 * MINUTE, moved=True)
    assert quick.bank == 2 * HOUR, "never beyond the starting bank"
    taken = clocks.stop(turn, rules, NOW + 2 * HOUR, moved=False)
    assert taken.bank == HOUR, "no increment when the seat did not move (an AI took over)"
    empty = clocks.custom("1d+0+2h")
    assert clocks.stop(clocks.start(0, None, empty, NOW, 1, False), empty, NOW + HOUR, moved=True).bank == 2 * HOUR
    assert empty.bank_cap == DAY, "a bank that starts empty fills up to one move's time"


def test_an_undone_move_gives_its_turn_back_as_it_stood_never_fresh_time() -> None:
    rules = clocks.PRESETS["daily"]
    turn = clocks.start(0, SeatClock(seat=0, bank=3 * DAY), rules, NOW, 4, paused=False)
    moved = clocks.stop(turn, rules, NOW + 4 * DAY - HOUR)
    assert moved.bank == pytest.approx(HOUR) and not moved.active and moved.started == NOW
    back = clocks.restore(moved, rules, NOW + 4 * DAY - HOUR + 60, 9, paused=False)
    assert back.deadline == turn.deadline and back.bank == 3 * DAY and back.state_id == 9
    paused = clocks.restore(moved, rules, NOW + 4 * DAY - 2 * HOUR, 9, paused=True)
    assert paused.deadline is None and paused.remaining == 2 * HOUR
    afresh = clocks.restore(SeatClock(seat=0, bank=HOUR), rules, NOW, 9, paused=False)
    assert afresh.deadline == NOW + DAY + HOUR, "a clock from before kept no turn: it starts anew"


def test_a_reminder_falls_due_at_its_share_of_the_turn() -> None:
    turn = clocks.start(0, None, clocks.PRESETS["live"], NOW, 1, paused=False)
    assert clocks.reminder_due(turn, 0.5) == NOW + 9 * MINUTE
    assert clocks.reminder_due(turn, 0.1) == pytest.approx(NOW + 18 * MINUTE - 108)
    assert [t.kind for t in clocks.timers(turn, NOW + 10 * MINUTE)] == ["tenth", "timeout"]


@pytest.mark.parametrize(("before", "after", "new_step", "renewed"), [
    ({2}, {0, 1, 2}, False, {2}),  # the last pick of a draft turn: the next turn's picks, its own too
    ({2}, {2}, True, {2}),  # the last sealed bid, and the same seat recruits first
    ({2}, {2}, False, set()),  # one more move of the same turn
    ({0, 1, 2}, {1, 2}, False, set()),  # a pick in a step still waiting for others
])
def test_each_seat_of_a_step_gets_the_steps_allowance_whoever_began_it(
        before: set[int], after: set[int], new_step: bool, renewed: set[int]) -> None:
    rules = clocks.PRESETS["daily"]
    known = {seat: clocks.start(seat, None, rules, NOW, 1, paused=False) for seat in before}
    later = NOW + 30 * HOUR  # past the move's day: six hours come out of the bank
    writes = clocks.transition(rules, known, clocks.Handover(before, after, 2, mover=2, new_step=new_step),
                               {0, 1, 2}, set(), later)
    written = {c.seat: c for c in writes.clocks}
    fresh = {seat for seat, c in written.items() if c.started == later and seat in before}
    assert fresh == renewed
    for seat in renewed:
        bank = rules.bank - 6 * HOUR
        assert written[seat].bank == bank and written[seat].deadline == later + DAY + bank
