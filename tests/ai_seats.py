"""Service tests' AI seats: no time box, so they choose the same every run, and quickly."""

from __future__ import annotations

from bot.tables import Tables


def no_thinking(tables: Tables) -> Tables:
    """The searching kinds stop at once: the planner plays the heuristic's choice, the tree search
    one iteration's (as the Discord harness sets it; benchmarks/ai.py measures how well they play)."""
    tables.ai.seconds = 0.0
    return tables
