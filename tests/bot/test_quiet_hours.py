"""Quiet hours read and placed in a person's own time zone (bot/tables/notify.py, issue 46)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.tables import notify

OSLO = ZoneInfo("Europe/Oslo")


def _at(year: int, month: int, day: int, hour: int, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=OSLO).timestamp()


def test_quiet_hours_over_midnight_end_the_next_morning_in_their_zone() -> None:
    quiet = notify.parse_quiet("Europe/Oslo", "23:00-07:00")
    assert quiet.period(_at(2027, 1, 15, 23, 30)) == (_at(2027, 1, 15, 23), _at(2027, 1, 16, 7))
    assert quiet.ends(_at(2027, 1, 16, 6, 59)) == _at(2027, 1, 16, 7)
    assert quiet.ends(_at(2027, 1, 16, 7)) is None and quiet.ends(_at(2027, 1, 15, 22, 59)) is None
    # The night daylight saving time begins is an hour shorter: the end is still 07:00 on the clock.
    assert quiet.ends(_at(2027, 3, 28, 1)) == _at(2027, 3, 28, 7)
    assert quiet.period(_at(2027, 3, 28, 1)) == (_at(2027, 3, 27, 23), _at(2027, 3, 27, 23) + 7 * 3600)
    day = notify.parse_quiet("Europe/Oslo", "13-14:30")
    assert day.ends(_at(2027, 1, 15, 14, 0)) == _at(2027, 1, 15, 14, 30) and day.ends(_at(2027, 1, 15, 15)) is None
    assert notify.quiet_of({notify.QUIET: quiet.text()}) == quiet
    assert notify.quiet_of({notify.QUIET: None}) is None and notify.quiet_of({notify.QUIET: "Nowhere 1-2"}) is None


@pytest.mark.parametrize(("zone", "hours", "said"), [
    ("Mars/Olympus", "23:00-07:00", "There is no time zone called 'Mars/Olympus'"),
    ("../etc/passwd", "23:00-07:00", "There is no time zone called"),
    ("", "23:00-07:00", "There is no time zone called"),
    ("Europe/Oslo", "23:00", "is not quiet hours"),
    ("Europe/Oslo", "23:61-07:00", "is not quiet hours"),
    ("Europe/Oslo", "7-7", "begin when they end"),
])
def test_what_is_not_quiet_hours_is_refused_by_name(zone: str, hours: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        notify.parse_quiet(zone, hours)
