"""The seat a Nidavellir picture is drawn for: its block of the view and the choice it faces."""

from __future__ import annotations

from engine.views.nidavellir import NidavellirView, SeatView, TaskView


def own_seat(view: NidavellirView) -> SeatView:
    """The viewer's seat; ValueError for a spectator view (a seat's picture needs a seat's view)."""
    viewer = view["viewer"]
    if viewer is None:
        raise ValueError("A seat's picture needs a seat's own view, not a spectator view.")
    return view["seats"][viewer]


def own_task(view: NidavellirView, *kinds: str) -> TaskView | None:
    """The choice the viewer must make now (of one of `kinds`, when given), or None."""
    task = view["task"]
    if task is None or task["seat"] != view["viewer"] or (kinds and task["kind"] not in kinds):
        return None
    return task
