"""How a person is told of their turns, chosen by them for every server (`/notify`, docs/async.md,
"How a person is told"): declared once here, stored as their `notify` setting (`person_settings`).

- `every_turn` (the default): a notice at every turn where they must act, as reach.py decides it
  (a new DM panel, or the thread's ping).
- `deadline`: no turn notice at all (no ping, no new notifying DM panel; their panel is edited in
  place); the clock's reminder before their time runs out still comes, so nothing runs out unseen.
- `digest`: no turn notice either, but at most once every `digest_hours` hours one DM listing every
  game waiting for them across servers (bot/tables/digest.py); the reminders still come.

A person may also mute one game (`game_mutes`): no turn notice in it, reminders still come.

Quiet hours (`quiet`, in the person's own time zone): while they last, the person is hushed as
above; when they end, one DM lists the games a turn began in for them meanwhile (a "morning" timer). A
reminder due in them is held to their end unless the deadline falls before an hour after it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

NOTIFY = "notify"  # the person's setting's key
EVERY_TURN, NEAR_DEADLINE, DIGEST = "every_turn", "deadline", "digest"
CHOICES = {EVERY_TURN: "every turn", NEAR_DEADLINE: "only near a deadline", DIGEST: "a digest every few hours"}
SHOWN = {EVERY_TURN: "at every turn where you must act (a DM panel, or the game thread's ping)",
         NEAR_DEADLINE: "only when a deadline is near: no ping or new DM for a turn, but the reminder before "
                        "your time runs out still comes",
         DIGEST: "by one DM listing every game waiting for you, at most once every few hours: no ping or new DM "
                 "for a turn, but the reminder before your time runs out still comes"}
DEFAULT = EVERY_TURN
HUSHING = frozenset({NEAR_DEADLINE, DIGEST})  # the choices that give no turn notice of their own

# -- the digest (`/notify how digest hours:N`) ------------------------------------------------------
DIGEST_HOURS = "digest_hours"  # the person's setting's key: at most one digest every this many hours
HOURS_DEFAULT, HOURS_MIN, HOURS_MAX = 4, 1, 24
DIGEST_SENT = "digest_sent"  # the last digest: {"at", "told": [[game, turn]...], "channel", "message"}
SEEN = "seen"  # when the person last interacted with Skald (a digest sent before is read)


def parse(text: str) -> str:
    """The choice meant by what was typed ("every turn", "deadline", "digest 6h", ...); ValueError
    names the choices. The digest's hours, if typed, are read by `hours_in`."""
    wanted = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    if wanted.split(" ", 1)[0] == DIGEST:
        return DIGEST
    for value, label in CHOICES.items():
        if wanted in (value.replace("_", " "), label) or (wanted and label.endswith(wanted)):
            return value
    raise ValueError(f"There is no way of being told called {text!r}: choose " +
                     " or ".join(f"`{label}`" for label in CHOICES.values()) + ".")


def choice_of(stored: dict[str, Any]) -> str:
    """The person's choice from their stored settings (an unknown value falls back to the default)."""
    value = stored.get(NOTIFY, DEFAULT)
    return value if value in CHOICES else DEFAULT


def hours_in(text: str) -> int | None:
    """The digest's hours typed after the choice ("digest 6h", "digest every 6 hours"); None when
    none were typed. ValueError when they aren't a whole number of hours from 1 to 24."""
    rest = text.lower().split(DIGEST, 1)[1] if DIGEST in text.lower() else ""
    rest = re.sub(r"\b(every|each|few|hours?|hrs?|h)\b|(?<=\d)h\b", " ", rest).strip()
    return None if not rest else check_hours(rest)


def check_hours(value: int | str) -> int:
    """A digest's hours, from 1 to 24; ValueError says what is wrong."""
    text = str(value).strip()
    if not (text.isascii() and text.isdigit()) or not HOURS_MIN <= int(text) <= HOURS_MAX:
        raise ValueError(f"A digest comes at most once every {HOURS_MIN} to {HOURS_MAX} hours: {text!r} is not "
                         f"a whole number of hours in that range (such as `4`).")
    return int(text)


def hours_of(stored: dict[str, Any]) -> int:
    """How many hours the person's digests are apart at least (the default when unset or unreadable)."""
    value = stored.get(DIGEST_HOURS)
    return value if isinstance(value, int) and HOURS_MIN <= value <= HOURS_MAX else HOURS_DEFAULT


def shown(choice: str, stored: dict[str, Any]) -> str:
    """What the choice sends, in words, with the person's digest hours."""
    if choice == DIGEST:
        hours = hours_of(stored)
        return SHOWN[DIGEST].replace("every few hours", f"every {hours} hour{'s' if hours != 1 else ''}")
    return SHOWN[choice]


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
