"""Nidavellir's descriptor: what relay-watch, the replays and the sample scenes need of it."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from bot.games.descriptor import JSON, Descriptor, Scene
from engine.views.nidavellir import NidavellirView

KEY = "nidavellir"
THINGVELLIR: Mapping[str, Any] = {"thingvellir": True}
IDAVOLL: Mapping[str, Any] = {"idavoll": True}
BOTH: Mapping[str, Any] = {"idavoll": True, "thingvellir": True}


def board_summary(view: JSON) -> list[str]:
    """Age and round, what happens now, each tavern's cards and bids, and the seats' totals."""
    lines = [f"  age {view.get('age', '?')} · round {view.get('round', '?')}/{view.get('rounds', '?')}"
             f" · {view.get('log_hint') or view.get('phase', '')}"]
    for tavern in view.get("taverns") or []:
        cards = ", ".join(str(c.get("label", "?")) for c in tavern.get("cards") or []) or "empty"
        bids = "/".join("?" if b is None else str(b.get("token", "?")) for b in tavern.get("bids") or [])
        state = "done" if tavern.get("resolved") else f"bids {bids}" if tavern.get("revealed") else "bids hidden"
        lines.append(f"  {tavern.get('label', '?')}: {cards} ({state})")
    seats = view.get("seats") or []
    if seats:
        gems = "/".join(str(s.get("gem", "?")) for s in seats)
        coins = "/".join(str(sum(int(c.get("value", 0)) for c in s.get("coins") or [])) for s in seats)
        ranks = "/".join(str(sum(int(column.get("ranks", 0)) for column in (s.get("army") or {}).values()
                                 if isinstance(column, dict))) for s in seats)
        lines.append(f"  gems {gems} · coin totals {coins} · army ranks {ranks}")
    return lines


def key_moment(view: JSON) -> Hashable:
    """A replay still for every tavern resolved (its picks, heroes and trades), every new round and age, the end."""
    resolved = sum(bool(tavern["resolved"]) for tavern in view["taverns"])
    return view["age"], view["round"], resolved, view["outcome"] is None


SCENES = (
    Scene("nidavellir-2p-bidding", KEY, 2, seed=21, moves=0),
    Scene("nidavellir-3p-picking", KEY, 3, seed=6, moves=3, viewer=0),
    Scene("nidavellir-4p-purse", KEY, 4, seed=9, moves=2, viewer=2, picture="hand"),
    Scene("nidavellir-5p-age2", KEY, 5, seed=3, moves=60),
    Scene("nidavellir-5p-final", KEY, 5, seed=12, moves=400, until="over"),
    Scene("nidavellir-4p-result", KEY, 4, seed=3, moves=400, until="over", picture="outcome"),
    # Thingvellir, played by the engine's greedy AI, which goes for camp cards as players do
    Scene("nidavellir-4p-thingvellir", KEY, 4, seed=12, moves=15, options=THINGVELLIR, ai="greedy"),
    Scene("nidavellir-3p-thingvellir-purse", KEY, 3, seed=1, moves=88, viewer=2, picture="hand",
          options=THINGVELLIR, ai="greedy"),
    Scene("nidavellir-5p-thingvellir-age2", KEY, 5, seed=2, moves=103, viewer=1, options=THINGVELLIR, ai="greedy"),
    Scene("nidavellir-4p-thingvellir-result", KEY, 4, seed=21, moves=400, until="over", picture="outcome",
          options=THINGVELLIR, ai="greedy"),
    # Idavoll, played by the greedy AI, which recruits mythology cards and uses the gods' powers
    Scene("nidavellir-5p-idavoll-thingvellir", KEY, 5, seed=27, moves=44, options=BOTH, ai="greedy"),
    Scene("nidavellir-3p-idavoll-purse", KEY, 3, seed=45, moves=67, viewer=0, picture="hand",
          options=IDAVOLL, ai="greedy"),
    Scene("nidavellir-4p-idavoll-thingvellir-result", KEY, 4, seed=2, moves=400, until="over",
          picture="outcome", options=BOTH, ai="greedy"),
)

DESCRIPTOR = Descriptor(KEY, NidavellirView, default_ai="greedy", strongest_ai="mcts", summary=board_summary,
                        key_moment=key_moment, scenes=SCENES)
