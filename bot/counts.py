"""How a count is told in words: "1 game", "0 games", "2 logged changes" (issue 30: `skald db verify`
said "1 games … 1 snapshots"). Standard library only, so any command may use it."""

from __future__ import annotations


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` and `noun`, the noun plural unless the count is one; `plural` for a noun whose plural
    is not the noun and an -s."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"
