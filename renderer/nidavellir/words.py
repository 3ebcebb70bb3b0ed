"""What the Nidavellir pictures say in words: who must act, the result, a tavern's state."""

from __future__ import annotations

from collections.abc import Sequence

from engine.views import OutcomeView
from engine.views.nidavellir import NidavellirView, TavernView
from renderer.names import joined, name_seats, seat_name

View = NidavellirView

STATUS_SIZE = 26
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def result_line(outcome: OutcomeView, names: Sequence[str]) -> str:
    """The result, plainly: "Sigrid wins with 172 points" (engine summaries say "Seat N")."""
    winners = [int(s) for s in outcome.get("winners", [])]
    if not winners:
        return "Game over: nobody wins"
    who = joined([seat_name(names, s, size=STATUS_SIZE) for s in winners])
    verb = "wins" if len(winners) == 1 else "share the win"
    scores = outcome.get("scores")
    if not scores:  # not scored by the rules: a resignation ended it
        summary = str(outcome.get("summary") or "")
        return name_seats(summary, names, size=STATUS_SIZE) if summary else f"{who} {verb}"
    best = max(int(scores[s]) for s in winners)
    return f"{who} {verb} with {best} points"


def status_line(view: View, names: Sequence[str]) -> str:
    """Who must do what now, with players' names; the result once the game is over."""
    outcome = view["outcome"]
    if outcome is not None:
        return result_line(outcome, names)
    task = view.get("task")
    if task is None:
        return name_seats(str(view.get("log_hint", "")), names, size=STATUS_SIZE)
    seat = task["seat"]
    if seat is None:
        waiting = [seat_name(names, s, size=STATUS_SIZE) for s in view.get("to_move", [])]
        return "Bidding · waiting for " + ", ".join(waiting) if waiting else "Bidding"
    text = name_seats(str(task["text"]), names, size=STATUS_SIZE)
    return f"{seat_name(names, seat, size=STATUS_SIZE)}: {text}"


def tavern_state(view: View, index: int) -> str:
    """"picking", "done", "revealed" or "bids hidden"; nothing once the game is over."""
    if view.get("outcome") is not None:
        return ""
    tavern = view["taverns"][index]
    if tavern["resolved"]:
        return "done"
    if view.get("tavern") == index:
        return "picking"
    return "revealed" if tavern["revealed"] else "bids hidden"


def tavern_label(tavern: TavernView) -> str:
    """The tavern's name, "· mythology" while Idavoll's mythology cards were dealt there."""
    return f"{tavern['label']} · mythology" if tavern.get("mythology") else str(tavern["label"])
