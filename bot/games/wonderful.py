"""It's a Wonderful World's descriptor: what relay-watch, the replays and the sample scenes need of it."""

from __future__ import annotations

from collections.abc import Hashable

from bot.games.descriptor import JSON, Descriptor, Scene
from engine.views.wonderful import WonderfulView

KEY = "wonderful"


def board_summary(view: JSON) -> list[str]:
    """The round and step, then one line per empire: points, cards built, tokens."""
    step = view.get("step") or view.get("phase", "?")
    lines = [f"  round {view.get('round', '?')}/4 · {step} · deck {view.get('deck_count', '?')}"]
    for seat, board in enumerate(view.get("boards") or []):
        lines.append(f"  Seat {seat + 1}: {board.get('score', 0)} pts · built {len(board.get('built', []))} · "
                     f"building {len(board.get('sites', []))} · K {board.get('krystallium', 0)} · "
                     f"F {board.get('financiers', 0)} · G {board.get('generals', 0)}")
    return lines


def key_moment(view: JSON) -> Hashable:
    """A replay still at each revealed step: every round's planning and production steps, the end."""
    return view["round"], view["phase"], view["step"], view["outcome"] is None


SCENES = (
    Scene("wonderful-3p-draft", KEY, 3, seed=4, moves=3, viewer=0, picture="hand"),
    Scene("wonderful-4p-production", KEY, 4, seed=6, moves=40, ai="greedy", until="production"),
    Scene("wonderful-2p-result", KEY, 2, seed=2, moves=400, until="over", picture="outcome", ai="greedy"),
)

# The rules catalogue keeps the key it had before the game was hosted (docs/wonderful.md, 2026-12-02).
DESCRIPTOR = Descriptor(KEY, WonderfulView, default_ai="greedy", strongest_ai="planner", summary=board_summary,
                        key_moment=key_moment, scenes=SCENES, rules="wonderful-world")
