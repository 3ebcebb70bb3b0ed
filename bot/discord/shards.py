"""SKALD_SHARDS: which of the bot's gateway shards this process runs (docs/scaling.md).

`0-3/8` is shards 0, 1, 2 and 3 of 8; `5/8` is shard 5 alone. Unset, one process runs every
shard (discord.py asks Discord how many). Every process serves any game: interactions that
reach this process's shards (and DMs, which reach shard 0) act on the shared database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FORM = re.compile(r"^(\d{1,5})(?:-(\d{1,5}))?/(\d{1,5})$")


class ShardsError(ValueError):
    """SKALD_SHARDS is not `first-last/count` (or `id/count`) with 0 <= first <= last < count."""


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, text: str) -> Shards:
        match = _FORM.match(text.strip().replace(" ", ""))
        if match is None:
            raise ShardsError(f"SKALD_SHARDS must look like 0-3/8 (shards 0 to 3 of 8) or 5/8, not {text[:30]!r}.")
        first = int(match.group(1))
        last = int(match.group(2) or first)
        count = int(match.group(3))
        if not 0 <= first <= last < count:
            raise ShardsError(f"SKALD_SHARDS {text.strip()!r}: shard ids run from 0 to {count - 1} (count {count}), "
                              "first to last.")
        return cls(tuple(range(first, last + 1)), count)

    def __str__(self) -> str:
        first, last = self.ids[0], self.ids[-1]
        return f"{first}/{self.count}" if first == last else f"{first}-{last}/{self.count}"
