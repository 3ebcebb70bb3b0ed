"""Plain-text pictures of engine views, for terminals (`skald demo`, `skald play`) and logs.

Like the Pillow renderer it sees only views. `render_view` dispatches on `view["game"]`: a
registered game's text is `renderer/text/<game>.py` (or a module given to `place`); a game without
one gets a plain listing.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from engine.views import replace_seats, seat_label
from renderer.places import Places

JSON = dict[str, Any]
ViewText = Callable[[JSON, Sequence[str]], str]

_TEXTS = Places(__name__)  # renderer/text/<game>.py: `render_view`


def place(game: str, module: str | None) -> None:
    """Show a game kept outside this tree with `module`'s `render_view`; None forgets it."""
    _TEXTS.place(game, module)
    _renderer.cache_clear()


def seat_name(names: Sequence[str], seat: int) -> str:
    """Display name of a seat; blank or missing names become 'Seat N', as engine texts name seats."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return seat_label(seat)


def named(text: str, names: Sequence[str]) -> str:
    """An engine text with each "Seat N" shown by its display name."""
    return replace_seats(text, lambda seat: seat_name(names, seat))


def _plain(view: JSON, names: Sequence[str]) -> str:
    """Fallback for games without a text module: the public keys, one per line."""
    lines = [f"{view.get('game', 'game')}: to move {', '.join(seat_name(names, s) for s in view.get('to_move', []))}"]
    for key, value in view.items():
        if key not in ("game", "outcome", "to_move"):
            lines.append(f"  {key}: {value}")
    return "\n".join(lines)


@cache
def _renderer(game: str) -> ViewText:
    module = _TEXTS.module(game)
    if module is None:
        return _plain
    function: ViewText = importlib.import_module(module).render_view
    return function


def render_view(view: JSON, names: Sequence[str]) -> str:
    """The table as text: a spectator view shows public facts, a seat's view adds its own hand."""
    render = _renderer(str(view.get("game", "")))
    return render(view, names)


def render_outcome(outcome: JSON, names: Sequence[str]) -> str:
    """One or more lines telling how the game ended (`Outcome.to_dict()` in)."""
    summary = str(outcome.get("summary", ""))
    winners = [int(s) for s in outcome.get("winners", [])]
    if outcome.get("cooperative"):
        head = "Everybody wins!" if winners else "Everybody loses."
        return f"{head} {summary}".strip()
    lines = [f"Winner{'s' if len(winners) != 1 else ''}: {', '.join(seat_name(names, s) for s in winners) or 'none'}"]
    scores = outcome.get("scores")
    if scores:
        lines.append("Scores: " + ", ".join(f"{seat_name(names, s)} {v}" for s, v in enumerate(scores)))
    if summary:
        lines.append(summary)
    return "\n".join(lines)
