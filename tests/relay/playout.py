"""Real Tranquility playouts turned into the PublicUpdates the table service would send."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bot.kinds import ChangeKind, Reason, Status
from bot.notify import PublicUpdate, SeatInfo
from engine import registry

NAMES = ("Astrid", "Bjørn", "Sigrid", "Ulf", "Ylva")


@dataclass(frozen=True)
class Change:
    update: PublicUpdate
    state: Any  # the engine state after the change


def engine_changes(seed: int, players: int = 3, game_id: int = 7, guild_id: int = 1,
                   options: dict[str, Any] | None = None) -> Iterator[Change]:
    """Start, then every move of a random-AI game to its end, as (update, state) pairs."""
    game = registry.get("tranquility")
    seats = tuple(SeatInfo(seat, NAMES[seat], ai="random") for seat in range(players))
    ai = game.ai_players()["random"]
    state = game.setup(players, options, seed)
    state_id = 0
    events: tuple[str, ...] = ()
    actor: int | None = None
    while True:
        outcome = game.outcome(state)
        yield Change(PublicUpdate(
            game_id=game_id, guild_id=guild_id, channel_id=100, thread_id=None, game=game.name,
            title=game.title, status=Status.RUNNING if outcome is None else Status.FINISHED, state_id=state_id,
            seats=seats, to_move=tuple(sorted(game.to_move(state))), view=game.view(state, None),
            events=events, actor=actor, outcome=None if outcome is None else outcome.to_dict(),
            updated_at=1_700_000_000.0 + state_id, reason=Reason.START if actor is None else ChangeKind.MOVE,
        ), state)
        if outcome is not None:
            return
        actor = min(game.to_move(state))
        step = game.apply(state, actor, ai.choose(state, actor, seed * 1000 + state_id))
        state, state_id = step.state, state_id + 1
        events = tuple(e.text for e in step.events if e.public)
