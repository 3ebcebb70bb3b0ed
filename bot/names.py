"""Names as people see them: engine texts name seats as "Seat N" (1-based), adapters show display
names instead; and free text people type (a tournament's name, an entrant's) is checked to be
visible and kept from pinging anyone."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import replace_seats, seat_label


def name_seats(text: str, names: Sequence[str], mark: Callable[[str], str] = str) -> str:
    """Replace every "Seat N" with the N-th display name (left as is when out of range).

    `mark` dresses each name, e.g. in bold for Discord.
    """

    def name(seat: int) -> str:
        return mark(names[seat]) if 0 <= seat < len(names) and names[seat] else seat_label(seat)

    return replace_seats(text, name)


def result_line(outcome: Mapping[str, Any], names: Sequence[str], mark: Callable[[str], str] = str) -> str:
    """How a game ended, in plain words with the players' names (never "Seat N").

    Competitive: the engine's summary names the winners. Cooperative: whether the crew won
    or lost, then the engine's reason.
    """
    reason = name_seats(str(outcome.get("summary") or ""), names, mark).strip()
    winners = [int(s) for s in outcome.get("winners") or []]
    if outcome.get("cooperative"):
        head = "The crew wins" if winners else "The crew loses"
        return f"{head} — {reason}" if reason else f"{head}."
    if reason:
        return reason
    if not winners:
        return "The game is over; nobody won."
    who = ", ".join(mark(names[s]) if 0 <= s < len(names) else seat_label(s) for s in winners)
    return f"{who} {'win' if len(winners) > 1 else 'wins'}."


# What Discord reads as a mention in a message's text: everyone, here, a member, a role, or a
# bare id after an at sign. A zero-width space after the "@" keeps the text, minus the ping.
_MENTION = re.compile(r"@(everyone|here|[!&]?\d+)")
_VISIBLE = frozenset("LNPS")  # letters, numbers, punctuation, symbols (not spaces, marks, format characters)


def quiet(text: str) -> str:
    """`text` with every mention neutralised: it reads the same and pings nobody."""
    return _MENTION.sub("@\u200b\\1", text)


def has_visible(text: str) -> bool:
    """Whether some character of `text` shows: a name of spaces and zero-width characters doesn't."""
    return any(unicodedata.category(c)[0] in _VISIBLE for c in text)


def typed_name(text: str, limit: int) -> str | None:
    """A name as typed, its runs of white space one space and cut at `limit`; None when nothing of
    it would show."""
    name = " ".join(text.split())[:limit].strip()
    return name if has_visible(name) else None
