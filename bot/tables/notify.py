"""How a person is told of their turns, chosen by them for every server (`/notify`, docs/async.md,
"How a person is told"): declared once here, stored as their `notify` setting (`person_settings`).

- `every_turn` (the default): a notice at every turn where they must act, as reach.py decides it
  (a new DM panel, or the thread's ping).
- `deadline`: no turn notice at all (no ping, no new notifying DM panel; their panel is edited in
  place); the clock's reminder before their time runs out still comes, so nothing runs out unseen.

A person may also mute one game (`game_mutes`): no turn notice in it, reminders still come.

Quiet hours (`quiet`, in the person's own time zone): while they last, the person is hushed as
above; when they end, each game still waiting for them tells them once (a "morning" timer). A
reminder due in them is held to their end unless the deadline falls before an hour after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

NOTIFY = "notify"  # the person's setting's key
EVERY_TURN, NEAR_DEADLINE = "every_turn", "deadline"
CHOICES = {EVERY_TURN: "every turn", NEAR_DEADLINE: "only near a deadline"}
SHOWN = {EVERY_TURN: "at every turn where you must act (a DM panel, or the game thread's ping)",
         NEAR_DEADLINE: "only when a deadline is near: no ping or new DM for a turn, but the reminder before "
                        "your time runs out still comes"}
DEFAULT = EVERY_TURN


def parse(text: str) -> str:
    """The choice meant by what was typed ("every turn", "deadline", ...); ValueError names the choices."""
    wanted = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    for value, label in CHOICES.items():
        if wanted in (value.replace("_", " "), label) or (wanted and label.endswith(wanted)):
            return value
    raise ValueError(f"There is no way of being told called {text!r}: choose " +
                     " or ".join(f"`{label}`" for label in CHOICES.values()) + ".")


def choice_of(stored: dict[str, Any]) -> str:
    """The person's choice from their stored settings (an unknown value falls back to the default)."""
    value = stored.get(NOTIFY, DEFAULT)
    return value if value in CHOICES else DEFAULT


# -- quiet hours (`/notify quiet`): turn notices held while the person sleeps ----------------------
QUIET = "quiet"  # the person's setting's key: "<IANA zone> HH:MM-HH:MM", or None (no quiet hours)
_HOURS = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–—to ]+\s*(\d{1,2})(?::(\d{2}))?\s*$")


@dataclass(frozen=True)
class Quiet:
    """Quiet hours: from `start` to `end` (minutes after midnight, `end` may be the next day) in `zone`."""

    zone: str
    start: int
    end: int

    def text(self) -> str:
        return f"{self.zone} {_clock(self.start)}-{_clock(self.end)}"

    def ends(self, now: float) -> float | None:
        """When the quiet hours `now` falls in end (a POSIX time), None when `now` is not in them."""
        period = self.period(now)
        return None if period is None else period[1]

    def period(self, now: float) -> tuple[float, float] | None:
        """When the quiet hours `now` falls in began and end (POSIX times), None when `now` is not in
        them. Wall-clock minutes in the zone decide, so a change of daylight saving time is followed."""
        zone = ZoneInfo(self.zone)
        local = datetime.fromtimestamp(now, zone)
        minute = local.hour * 60 + local.minute
        length = (self.end - self.start) % (24 * 60)
        since = (minute - self.start) % (24 * 60)
        if length == 0 or since >= length:
            return None
        midnight = local.replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)
        began = midnight + timedelta(minutes=minute - since)
        end = began + timedelta(minutes=length)
        return began.replace(tzinfo=zone).timestamp(), end.replace(tzinfo=zone).timestamp()


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_quiet(zone: str, hours: str) -> Quiet:
    """Quiet hours from a time zone's IANA name ("Europe/Oslo") and "23:00-07:00"; ValueError says
    what is wrong with either."""
    name = zone.strip()
    try:
        if not name or name.startswith("/") or ".." in name:
            raise ValueError(name)
        ZoneInfo(name)
    except (ValueError, ZoneInfoNotFoundError):
        raise ValueError(f"There is no time zone called {zone!r}: give its IANA name, such as `Europe/Oslo`, "
                         "`America/New_York` or `UTC`.") from None
    found = _HOURS.match(hours)
    times = [(int(h), int(m or 0)) for h, m in (found.group(1, 2), found.group(3, 4))] if found else []
    if not times or any(h > 23 or m > 59 for h, m in times):
        raise ValueError(f"{hours!r} is not quiet hours: give when they begin and end, such as `23:00-07:00`.")
    start, end = (h * 60 + m for h, m in times)
    if start == end:
        raise ValueError(f"Quiet hours {hours!r} begin when they end: give two different times, such as "
                         "`23:00-07:00`.")
    return Quiet(name, start, end)


def quiet_of(stored: dict[str, Any]) -> Quiet | None:
    """The person's quiet hours from their stored settings (None: none, or a value that no longer reads)."""
    value = stored.get(QUIET)
    if not isinstance(value, str) or " " not in value:
        return None
    zone, hours = value.rsplit(" ", 1)
    try:
        return parse_quiet(zone, hours)
    except ValueError:
        return None
