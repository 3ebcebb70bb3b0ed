"""The typed views: what `Game.view` returns for each game, the contract between an engine and
the renderer (docs/engine.md, docs/views/<game>.md).

One module per game, `engine/views/<game>.py`, holds TypedDicts and the few numbers its schema
states, and imports nothing of the game's rules: the renderer reads views through these types
(its only engine import), the engine builds them through the same types, and strict mypy checks
both sides against one schema. Views still travel as JSON (the store, the relay, exports, the
render processes), so `Game.view` is declared `JSON`; the typed value is a plain dict at runtime.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from engine.core import JSON, Outcome, replace_seats, seat_label


class OutcomeView(TypedDict):
    """`Outcome.to_dict()`: how the game ended."""

    winners: list[int]
    summary: str  # one readable line; seats named "Seat N"
    cooperative: bool
    scores: list[int] | None
    ranks: list[int] | None
    sheet: dict[str, Any] | None  # the game's score sheet (its schema is in its docs/views page)


class ViewBase(TypedDict):
    """The keys every game's view carries."""

    game: str  # the engine key
    viewer: int | None  # the seat this view is for; None for a spectator
    players: int
    to_move: list[int]  # sorted
    outcome: OutcomeView | None


def outcome_view(outcome: Outcome | None) -> OutcomeView | None:
    """The outcome as a view carries it."""
    return None if outcome is None else cast(OutcomeView, outcome.to_dict())


def as_json(view: ViewBase) -> JSON:
    """A typed view as `Game.view` returns it (the same dict)."""
    return cast(JSON, view)


# The seat naming the renderer shares with the engine (its only engine import is this package).
__all__ = ["JSON", "OutcomeView", "ViewBase", "as_json", "outcome_view", "replace_seats", "seat_label"]
