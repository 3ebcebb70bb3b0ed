"""Engine texts name seats as "Seat N" (1-based); adapters show display names instead."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

_SEAT = re.compile(r"\bSeat (\d{1,2})\b")


def name_seats(text: str, names: Sequence[str], mark: Callable[[str], str] = str) -> str:
    """Replace every "Seat N" with the N-th display name (left as is when out of range).

    `mark` dresses each name, e.g. in bold for Discord.
    """

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return mark(names[index]) if 0 <= index < len(names) and names[index] else match.group(0)

    return _SEAT.sub(swap, text)
