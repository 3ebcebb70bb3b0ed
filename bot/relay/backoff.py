"""How long to wait before the next connection attempt."""

from __future__ import annotations


def backoff_delay(attempt: int, initial: float, cap: float, jitter: float) -> float:
    """Exponential backoff with a cap and "equal jitter".

    `attempt` counts failures since the last good connection (0 for the first retry);
    `jitter` is a draw in [0, 1). The wait lies in [base/2, base) where base doubles per
    attempt up to `cap`, so many bots losing one broker don't all come back at once,
    yet none retries in a tight loop.
    """
    if not 0.0 <= jitter < 1.0:
        raise ValueError(f"jitter must be in [0, 1), not {jitter}")
    base = min(cap, initial * 2.0 ** min(attempt, 62))
    return base / 2.0 + base / 2.0 * jitter
